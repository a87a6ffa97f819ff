package main

import (
	"bytes"
	"context"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/godtrace/godtrace/internal/testenv"
)

// The corpus (testdata/corpus/*.d) holds scripts in the style of the ones
// people actually run: the DTraceToolkit, Brendan Gregg's one-liners, the
// Dynamic Tracing Guide's examples and FreeBSD's /usr/share/dtrace. Each
// was written for this test; its first comment says which classic tool it
// resembles. Scripts that use Solaris-only providers (io, sched, proc, tcp,
// ip, fbt, pid) are kept: on Linux they must fail by saying that the probe
// does not exist, never with a syntax error.
//
// corpusCases records what dtrace -e -s FILE ARGS does today: "" means it
// compiles; anything else is a substring of the error dtrace prints after
// "failed to compile script FILE: ". A case that fails because godtrace
// lacks a D feature carries a "// gap: ..." comment, so that the gaps can
// be listed with grep; "// bug: ..." marks a failure that is reported
// differently from DTrace. When a gap is closed, the case changes: the test
// documents the present state, and fails when that state changes.
type corpusCase struct {
	file  string   // in testdata/corpus
	flags []string // dtrace flags before -s
	args  []string // macro arguments after the file
	want  string   // "" (compiles) or a substring of the error
}

var corpusCases = []corpusCase{
	{file: "cpp_defines.d", flags: []string{"-C"}},
	// Linux has no sched provider yet (issue: stable providers).
	// Also needs: curlwpsinfo (lwpsinfo_t translators), args[].
	{file: "cpudists.d"},
	// Linux has no proc provider yet.
	{file: "dtruss.d"},
	{file: "errinfo.d"},
	// Linux has no proc provider yet.
	{file: "execsnoop.d"},
	{file: "execsnoop_linux.d"},
	{file: "hotkernel.d"},
	// Linux has no io provider yet.
	// Also needs: args[], B_READ (io.d library).
	{file: "iosnoop.d"},
	// Linux has no io provider yet.
	// Also needs: args[], B_READ (io.d library), normalize.
	{file: "iotop.d"},
	{file: "ipbytes.d"},
	{file: "kill.d"},
	{file: "kstruct_task.d"},
	{file: "macro_args.d", args: []string{"bash", "read", "5"}},
	// -x defaultargs: the missing $2 is 0 in the description too.
	{file: "macro_args.d", flags: []string{"-x", "defaultargs"}, want: "line 20: probe description syscall::0:entry does not match any probes"},
	// $target is 0 without -p: pid0 is no process (DTrace's
	// D_PROC_BADPID).
	{file: "mallocsize.d", want: "line 10: pid0 does not contain a valid pid"},
	{file: "opensnoop.d"},
	{file: "printa_normalize.d"},
	{file: "procsystime.d", args: []string{"bash"}},
	{file: "profile_stacks.d"},
	{file: "rwbytes.d"},
	// gap: fds[] (fileinfo_t translators) is not supported: reading an
	// unknown array is DTrace's D_VAR_UNDEF.
	{file: "rwsnoop.d"},
	{file: "speculation.d"},
	{file: "strings.d"},
	{file: "syscount_proc.d"},
	{file: "syslat.d"},
	{file: "tcpaccept.d"},
	{file: "tcpstate.d"},
	{file: "topsyscall.d"},
	{file: "translator_xlate.d"},
	{file: "types_inline.d"},
	// This kernel will not list its functions (no kprobes, no fentry):
	// provider/fbt's tests compile and run it in one that does.
	{file: "vfs_fbt.d", want: "line 12: provider fbt: cannot list kernel functions"},
}

func TestCorpus(t *testing.T) {
	testenv.RequireBPF(t) // probe matching reads tracefs, types come from kernel BTF
	files, _ := filepath.Glob("testdata/corpus/*.d")
	if len(files) == 0 {
		t.Fatal("no corpus scripts")
	}
	covered := map[string]bool{}
	for _, c := range corpusCases {
		covered[c.file] = true
	}
	for _, f := range files {
		if !covered[filepath.Base(f)] {
			t.Errorf("%s has no case in corpusCases", f)
		}
	}
	for _, c := range corpusCases {
		name := strings.TrimSuffix(c.file, ".d")
		if len(c.flags) > 0 {
			name += strings.Join(c.flags, "")
		}
		t.Run(name, func(t *testing.T) {
			for _, f := range c.flags {
				if f == "-C" {
					if _, err := exec.LookPath("cpp"); err != nil {
						t.Skipf("dtrace -C needs cpp: %v", err)
					}
				}
			}
			stderr, code := runCorpus(t, c)
			if strings.Contains(stderr, "syntax error") {
				t.Errorf("syntax error:\n%s", stderr)
			}
			if c.want == "" {
				if code != 0 || stderr != "" {
					t.Errorf("exit %d, stderr:\n%s\nwant it to compile", code, stderr)
				}
				return
			}
			prefix := "dtrace: failed to compile script " + filepath.Join("testdata", "corpus", c.file) + ": "
			if code != 1 || !strings.HasPrefix(stderr, prefix) || !strings.Contains(stderr, c.want) {
				t.Errorf("exit %d, stderr:\n%s\nwant exit 1 and %q", code, stderr, prefix+c.want)
			}
		})
	}
}

// runCorpus runs dtrace -e FLAGS -s FILE ARGS and returns its standard
// error and exit status; -e compiles and stops, so nothing is traced.
func runCorpus(t *testing.T, c corpusCase) (string, int) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	args := append([]string{"-e"}, c.flags...)
	args = append(args, "-s", filepath.Join("testdata", "corpus", c.file))
	args = append(args, c.args...)
	cmd := exec.CommandContext(ctx, dtraceBin, args...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if ctx.Err() != nil {
		t.Fatalf("dtrace %s: timed out", strings.Join(args, " "))
	}
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	if stdout.Len() > 0 {
		t.Errorf("dtrace -e wrote to stdout:\n%s", stdout.String())
	}
	return stderr.String(), code
}

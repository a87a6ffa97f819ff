package load

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/btf"
	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/compile"
	"github.com/godtrace/godtrace/internal/testenv"
	"github.com/godtrace/godtrace/lang/token"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/dtraceprov"
	"github.com/godtrace/godtrace/provider/profile"
	"github.com/godtrace/godtrace/provider/syscall"
	"github.com/godtrace/godtrace/spec"
)

func compileFile(t *testing.T, file string) *spec.Program {
	t.Helper()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	reg := provider.NewRegistry(dtraceprov.New(), profile.New(), syscall.New())
	p, err := compile.Compile([]*token.File{token.NewFile(file, src)},
		compile.Config{Registry: reg, KernelBTF: btf.LoadKernelSpec, Macros: []string{"script", "42", "word"}})
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TestVerifier loads every program of the compiler's corpus, and the
// checker's program using every accepted construct: the kernel's verifier
// must accept all generated code.
func TestVerifier(t *testing.T) {
	testenv.RequireBPF(t)
	files, _ := filepath.Glob("../compile/testdata/*.d")
	files = append(files, "../lang/check/testdata/ok.d")
	if len(files) < 3 {
		t.Fatal("no programs")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			o, err := Load(compileFile(t, file), Options{})
			if err != nil {
				t.Fatal(err)
			}
			o.Close()
		})
	}
}

// TestVerifierLogs checks that the verifier's log of every probe's
// program is kept when asked for, statistics included, and only then.
func TestVerifierLogs(t *testing.T) {
	testenv.RequireBPF(t)
	for _, verbose := range []bool{false, true} {
		o, err := Load(compileFile(t, "../compile/testdata/strings.d"), Options{VerifierLog: verbose, LogSize: 4096})
		if err != nil {
			t.Fatal(err)
		}
		logs := o.VerifierLogs()
		o.Close()
		if len(logs) == 0 {
			t.Fatal("no programs")
		}
		for i, l := range logs {
			if got := strings.Contains(l, "processed ") && strings.Contains(l, "0: "); got != verbose {
				t.Errorf("VerifierLog %v: log %d has instructions and statistics: %v\n%s", verbose, i, got, l)
			}
		}
	}
}

// memlock is the process's locked-memory limit.
func memlock(t *testing.T) unix.Rlimit {
	t.Helper()
	var l unix.Rlimit
	if err := unix.Getrlimit(unix.RLIMIT_MEMLOCK, &l); err != nil {
		t.Fatal(err)
	}
	return l
}

// TestMemlockLimit checks that a program is loaded under the
// locked-memory limit asked for (lockmem), which stays set.
func TestMemlockLimit(t *testing.T) {
	testenv.RequireBPF(t)
	old := memlock(t)
	defer unix.Setrlimit(unix.RLIMIT_MEMLOCK, &old)
	// Lower than the hard limit, which only CAP_SYS_RESOURCE may raise.
	limit := min(old.Cur, old.Max) / 2
	o, err := Load(compileFile(t, "../compile/testdata/strings.d"), Options{MemlockLimit: limit})
	if err != nil {
		t.Fatal(err)
	}
	o.Close()
	now := memlock(t)
	if now.Cur != limit || now.Max != limit {
		t.Errorf("locked-memory limit %d (hard %d), want %d", now.Cur, now.Max, limit)
	}
}

// TestVerifierError forces a rejection and checks that it is reported as
// an internal error naming the D source line and the verifier's reason.
func TestVerifierError(t *testing.T) {
	testenv.RequireBPF(t)
	p := compileFile(t, "../compile/testdata/strings.d")
	broken := false
	for _, pp := range p.Probes {
		insns := pp.Program.Instructions
		for i := range insns {
			if src := insns[i].Source(); src != nil && strings.Contains(src.String(), "self->s = execname") {
				// Read R5, which no statement's code keeps from an
				// earlier one (helper calls clobber it): the verifier
				// rejects the read, in the statement of line 5.
				pp.Program.Instructions = slices.Insert(insns, i+1, asm.LoadMem(asm.R0, asm.R5, 0, asm.DWord))
				broken = true
				break
			}
		}
	}
	if !broken {
		t.Fatal("no code for line 5 in the program")
	}
	_, err := Load(p, Options{})
	if err == nil {
		t.Fatal("a broken program loaded")
	}
	want := "internal error: BPF verifier rejected the program at line 5: self->s = execname;: R5 !read_ok"
	if err.Error() != want {
		t.Errorf("error %q, want it to start %q", err, want)
	}
}

// TestVerifierErrorProgram checks that a rejection is traced to the
// program the error names, and to no program whose name it begins
// with: probe_1's was once taken for probe_12's.
func TestVerifierErrorProgram(t *testing.T) {
	program := func(name, line string) *spec.ProbeProgram {
		insns := asm.Instructions{asm.Mov.Imm(asm.R0, 0).WithSource(asm.Comment(line)), asm.Return()}
		return &spec.ProbeProgram{Program: &ebpf.ProgramSpec{Name: name, Instructions: insns}}
	}
	p := &spec.Program{Probes: []*spec.ProbeProgram{program("probe_12", "line 2: b"), program("probe_1", "line 1: a")}}
	ve := &ebpf.VerifierError{Cause: errors.New("permission denied"), Log: []string{"0: (b7) r0 = 0", "R5 !read_ok"}}
	err := verifierError(p, fmt.Errorf("program probe_12: load program: %w", ve))
	want := "internal error: BPF verifier rejected the program at line 2: b: R5 !read_ok"
	if err == nil || err.Error() != want {
		t.Errorf("error %v, want %q", err, want)
	}
}

// TestMemlockUntouched loads a program under a locked-memory limit of 0,
// which the kernels godtrace supports do not charge BPF memory to, and
// checks that Load leaves the limit as it was.
func TestMemlockUntouched(t *testing.T) {
	testenv.RequireBPF(t)
	old := memlock(t)
	zero := unix.Rlimit{Cur: 0, Max: old.Max}
	if err := unix.Setrlimit(unix.RLIMIT_MEMLOCK, &zero); err != nil {
		t.Fatal(err)
	}
	defer unix.Setrlimit(unix.RLIMIT_MEMLOCK, &old)
	o, err := Load(compileFile(t, "../compile/testdata/aggs.d"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	o.Close()
	now := memlock(t)
	if now != zero {
		t.Errorf("memlock limit %+v after Load, want %+v", now, zero)
	}
}

// TestAttachByID: a program names its probes by ID, so a registry of
// the same providers, not the one that compiled it, attaches it; one
// whose IDs name other probes is refused, and nothing stays attached.
func TestAttachByID(t *testing.T) {
	testenv.RequireBPF(t)
	reg := provider.NewRegistry(dtraceprov.New(), profile.New(), syscall.New())
	p, err := compile.Compile([]*token.File{token.NewFile("attach.d", []byte("syscall::getpid:entry { }"))},
		compile.Config{Registry: reg, KernelBTF: btf.LoadKernelSpec})
	if err != nil {
		t.Fatal(err)
	}
	o, err := Load(p, Options{})
	if err != nil {
		t.Fatal(err)
	}
	defer o.Close()
	// The syscall provider listed before profile: the same IDs name
	// other probes.
	other := provider.NewRegistry(dtraceprov.New(), syscall.New(), profile.New())
	err = o.Attach(p, other)
	if err == nil || !strings.Contains(err.Error(), "in this registry") {
		t.Errorf("attaching through a registry numbering other probes: %v", err)
	}
	if len(o.links) != 0 {
		t.Errorf("%d attachments left after a failed Attach", len(o.links))
	}
	if err := o.Attach(p, provider.NewRegistry(dtraceprov.New(), profile.New(), syscall.New())); err != nil {
		t.Fatalf("attaching through a registry of the same providers: %v", err)
	}
	if len(o.links) != 1 {
		t.Errorf("%d attachments, want 1", len(o.links))
	}
}

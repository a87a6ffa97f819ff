//go:build amd64

package dtrace

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/godtrace/godtrace/internal/testenv"
)

// A -c process is stopped at its program's entry point, once the
// dynamic linker has mapped its libraries: the pid provider must see
// libc before main runs.
func TestCreateProcessAtEntry(t *testing.T) {
	requirePtrace(t)
	h, p := createAtEntry(t, "/bin/true")
	maps := procFile(t, p.PID, "maps")
	if !strings.Contains(maps, "/libc.so.6") {
		t.Errorf("libc.so.6 is not mapped before Continue:\n%s", maps)
	}
	stoppedAtEntry(t, p.PID)
	runToExit(t, h, p)
}

// A statically linked program has no dynamic linker to wait for: it
// stops at its entry point all the same.
func TestCreateProcessStaticAtEntry(t *testing.T) {
	requirePtrace(t)
	dir := t.TempDir()
	prog := cc(t, dir, "static", "int main(void) { return 0; }", "-static")
	h, p := createAtEntry(t, prog)
	if maps := procFile(t, p.PID, "maps"); strings.Contains(maps, "ld-linux") {
		t.Errorf("a static program has the dynamic linker mapped:\n%s", maps)
	}
	stoppedAtEntry(t, p.PID)
	runToExit(t, h, p)
}

// Signals that reach the process before its entry point are its own,
// even a SIGTRAP: they are delivered, not lost to the breakpoint. A
// library's initializer, which the dynamic linker runs before the
// entry point, raises them here; main fails unless both were handled.
func TestCreateProcessSignalsBeforeEntry(t *testing.T) {
	requirePtrace(t)
	dir := t.TempDir()
	cc(t, dir, "libraise.so", `
		#include <signal.h>
		int handled;
		static void count(int sig) { handled++; }
		__attribute__((constructor)) static void init(void) {
			signal(SIGUSR1, count);
			signal(SIGTRAP, count);
			raise(SIGUSR1);
			raise(SIGTRAP);
		}`, "-shared", "-fPIC")
	prog := cc(t, dir, "raise", `
		extern int handled;
		int main(void) { return handled == 2 ? 0 : 3; }`,
		"-L"+dir, "-lraise", "-Wl,-rpath,"+dir)
	h, p := createAtEntry(t, prog)
	stoppedAtEntry(t, p.PID)
	runToExit(t, h, p)
}

// A process that ends before its entry point makes CreateProcess fail
// promptly, saying how it ended as DTrace does, rather than hang or
// return a process that is gone.
func TestCreateProcessEndsBeforeEntry(t *testing.T) {
	requirePtrace(t)
	dir := t.TempDir()
	cc(t, dir, "libgone.so", "int gone(void) { return 0; }", "-shared", "-fPIC")
	missing := cc(t, dir, "missing", `
		int gone(void);
		int main(void) { return gone(); }`,
		"-L"+dir, "-lgone", "-Wl,-rpath,"+dir)
	if err := os.Remove(filepath.Join(dir, "libgone.so")); err != nil {
		t.Fatal(err)
	}
	cc(t, dir, "libabort.so", `
		#include <stdlib.h>
		__attribute__((constructor)) static void init(void) { abort(); }`,
		"-shared", "-fPIC")
	aborts := cc(t, dir, "aborts", "int main(void) { return 0; }",
		"-L"+dir, "-Wl,--no-as-needed", "-labort", "-Wl,-rpath,"+dir)
	for _, tc := range []struct {
		prog, want string
	}{
		// The dynamic linker cannot find libgone.so (it says so on
		// stderr) and exits with 127.
		{missing, `^failed to control pid [0-9]+: process exited with status 127$`},
		// A library's initializer calls abort().
		{aborts, `^failed to control pid [0-9]+: process died from signal 6$`},
	} {
		h, err := Open()
		if err != nil {
			t.Fatal(err)
		}
		p, err := createWithin(t, h, tc.prog)
		if err == nil {
			t.Errorf("%s: CreateProcess returned pid %d, want an error", tc.prog, p.PID)
		} else if !regexp.MustCompile(tc.want).MatchString(err.Error()) {
			t.Errorf("%s: CreateProcess: %v, want %s", tc.prog, err, tc.want)
		}
		if len(h.targets) != 0 {
			t.Errorf("%s: a process that ended is still a target", tc.prog)
		}
		h.Close()
	}
}

// requirePtrace skips unless the test runs as root, as the package's
// other tests that drive processes do.
func requirePtrace(t *testing.T) {
	t.Helper()
	if os.Geteuid() != 0 {
		testenv.Missing(t, "ptrace: test needs root (euid is %d)", os.Geteuid())
	}
}

// cc compiles the C source src into dir/name with gcc and the flags.
func cc(t *testing.T, dir, name, src string, flags ...string) string {
	t.Helper()
	gcc, err := exec.LookPath("gcc")
	if err != nil {
		testenv.Missing(t, "gcc: %v", err)
	}
	c := filepath.Join(dir, name+".c")
	if err := os.WriteFile(c, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, name)
	args := append([]string{"-o", out, c}, flags...)
	if msg, err := exec.Command(gcc, args...).CombinedOutput(); err != nil {
		testenv.Missing(t, "gcc %s: %v\n%s", strings.Join(args, " "), err, msg)
	}
	return out
}

// createWithin is CreateProcess, failing the test if it does not return
// within a generous time: it must never hang.
func createWithin(t *testing.T, h *Handle, argv ...string) (*Process, error) {
	t.Helper()
	type result struct {
		p   *Process
		err error
	}
	done := make(chan result, 1)
	go func() {
		p, err := h.CreateProcess(argv)
		done <- result{p, err}
	}()
	select {
	case r := <-done:
		return r.p, r.err
	case <-time.After(30 * time.Second):
		t.Fatalf("CreateProcess(%q) did not return within 30s", argv)
		return nil, nil
	}
}

// createAtEntry opens a handle and creates argv, which must succeed.
func createAtEntry(t *testing.T, argv ...string) (*Handle, *Process) {
	t.Helper()
	h, err := Open()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	p, err := createWithin(t, h, argv...)
	if err != nil {
		t.Fatal(err)
	}
	return h, p
}

// stoppedAtEntry checks that the process is stopped (traced) with its
// instruction pointer at its AT_ENTRY, the breakpoint gone: the
// kernel's /proc/PID/syscall ends with the user pc.
func stoppedAtEntry(t *testing.T, pid int) {
	t.Helper()
	entry, err := auxEntry(pid)
	if err != nil {
		t.Fatal(err)
	}
	if st := procFile(t, pid, "stat"); !strings.Contains(st, ") t ") {
		t.Errorf("process is not stopped by its tracer: %s", st)
	}
	f := strings.Fields(procFile(t, pid, "syscall"))
	if len(f) == 0 {
		t.Fatalf("empty /proc/%d/syscall", pid)
	}
	pc, err := strconv.ParseUint(strings.TrimPrefix(f[len(f)-1], "0x"), 16, 64)
	if err != nil {
		t.Fatalf("/proc/%d/syscall: %v", pid, err)
	}
	if pc != uint64(entry) {
		t.Errorf("stopped at pc %#x, want the entry point %#x", pc, entry)
	}
}

// runToExit continues the process and checks that it exits with status
// 0: it would not if the breakpoint were left in, or the pc not rewound.
func runToExit(t *testing.T, h *Handle, p *Process) {
	t.Helper()
	p.Continue()
	select {
	case <-p.Exited():
	case <-time.After(30 * time.Second):
		t.Fatalf("pid %d did not exit within 30s of Continue", p.PID)
	}
	if !p.status.Exited() || p.status.ExitStatus() != 0 {
		t.Errorf("%s, want an exit with status 0", p.ExitNotice())
	}
}

func procFile(t *testing.T, pid int, name string) string {
	t.Helper()
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

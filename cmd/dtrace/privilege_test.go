package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/godtrace/godtrace/internal/testenv"
)

// TestUnprivileged runs dtrace as an ordinary user, which needs root to
// arrange: without capabilities it must say which ones are missing
// (it used to report that the syscall provider could not list its
// tracepoints, for a program using only BEGIN), and with them it must
// trace.
func TestUnprivileged(t *testing.T) {
	testenv.RequireBPF(t)
	// The test's own directory is root's alone.
	dir, err := os.MkdirTemp("", "dtrace-nobody")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	bin := filepath.Join(dir, "dtrace")
	b, err := os.ReadFile(dtraceBin)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(bin, b, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	const nobody = 65534
	run := func(caps []uintptr) (string, error) {
		cmd := exec.Command(bin, "-q", "-n", `BEGIN { printf("traced\n"); exit(0); }`)
		cmd.Dir = dir
		cmd.SysProcAttr = &syscall.SysProcAttr{
			Credential:  &syscall.Credential{Uid: nobody, Gid: nobody},
			AmbientCaps: caps,
		}
		out, err := cmd.CombinedOutput()
		return string(out), err
	}
	out, err := run(nil)
	want := "dtrace: failed to initialize dtrace: DTrace requires additional privileges: run as root, or with CAP_BPF, CAP_PERFMON and CAP_DAC_READ_SEARCH (missing CAP_BPF, CAP_PERFMON"
	if err == nil || !strings.HasPrefix(out, want) {
		t.Errorf("without capabilities: %v, output:\n%s\nwant it to start:\n%s", err, out, want)
	}
	const capDACReadSearch, capPerfmon, capBPF = 2, 38, 39
	out, err = run([]uintptr{capBPF, capPerfmon, capDACReadSearch})
	if err != nil || out != "traced\n\n" {
		t.Errorf("with CAP_BPF, CAP_PERFMON and CAP_DAC_READ_SEARCH: %v, output:\n%s", err, out)
	}
}

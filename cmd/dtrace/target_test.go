package main

import (
	"os"
	"os/exec"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/godtrace/godtrace/internal/testenv"
)

// TestTargetDiesWithDtrace checks that the -c process does not outlive
// dtrace, even when dtrace is killed with SIGKILL and can clean nothing
// up: the command must be gone within a second.
func TestTargetDiesWithDtrace(t *testing.T) {
	testenv.RequireBPF(t)
	cmd := exec.Command(dtraceBin, "-q", "-n", `BEGIN { printf("%d\n", $target); }`, "-c", "sleep 300")
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Wait()
	buf := make([]byte, 32)
	n, err := out.Read(buf)
	if err != nil {
		cmd.Process.Kill()
		t.Fatalf("reading the target's pid: %v", err)
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(buf[:n])))
	if err != nil {
		cmd.Process.Kill()
		t.Fatalf("dtrace printed %q, want the target's pid", buf[:n])
	}
	if err := cmd.Process.Signal(syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(time.Second)
	for {
		// A zombie has no cmdline: the process is dead once reaped or
		// a zombie, whose parent (now init) reaps it.
		b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
		if err != nil || len(b) == 0 {
			return
		}
		if time.Now().After(deadline) {
			syscall.Kill(pid, syscall.SIGKILL)
			t.Fatalf("target %d (%q) still running a second after dtrace was killed", pid, b)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

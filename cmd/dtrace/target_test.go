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

// TestImpatientSignal checks that dtrace can be stopped while its output
// is blocked (a pipe nobody reads): the first SIGINT cannot be acted on
// by a consumer stuck writing, and a second one, as DTrace's impatient
// ^C, ends dtrace at once.
func TestImpatientSignal(t *testing.T) {
	testenv.RequireBPF(t)
	cmd := exec.Command(dtraceBin, "-q", "-n", `syscall:::entry { printf("%s %d %d\n", execname, pid, tid); }`)
	out, err := cmd.StdoutPipe() // never read: the pipe fills
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- cmd.Wait() }()
	time.Sleep(time.Second) // enabled, and the pipe full
	for range 2 {
		cmd.Process.Signal(os.Interrupt)
		time.Sleep(50 * time.Millisecond)
	}
	select {
	case <-exited:
	case <-time.After(2 * time.Second):
		cmd.Process.Kill()
		t.Fatal("dtrace with a blocked output still running 2s after two SIGINTs")
	}
}

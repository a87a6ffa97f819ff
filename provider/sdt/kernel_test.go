package sdt

import (
	"os"
	"os/exec"
	"runtime"
	"testing"
	"time"

	"github.com/godtrace/godtrace/internal/testenv"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/providertest"
	"github.com/godtrace/godtrace/provider/tracefs"
)

// probe returns the live sdt:group::name probe, and a recorder of its
// firings in this process, attached.
func probe(t *testing.T, group, name string) (*provider.Probe, *providertest.Recorder) {
	t.Helper()
	testenv.RequireBPF(t)
	ps, err := provider.NewRegistry(New()).Match(provider.Desc{Provider: "sdt", Module: group, Name: name})
	if err != nil || len(ps) != 1 {
		t.Fatalf("Match(sdt:%s::%s) = %v, %v", group, name, ps, err)
	}
	rec := providertest.Load(t, ps[0], providertest.Options{PID: uint32(os.Getpid())})
	c, err := ps[0].Owner().Attach(ps[0], rec.Prog)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := c.Close(); err != nil {
			t.Error(err)
		}
	})
	return ps[0], rec
}

func TestLiveList(t *testing.T) {
	testenv.RequireBPF(t)
	specs, err := New().Provide(provider.Desc{})
	if err != nil {
		t.Fatal(err)
	}
	if len(specs) < 100 {
		t.Errorf("only %d sdt probes", len(specs))
	}
	for _, s := range specs {
		if s.Module == "syscalls" {
			t.Fatalf("sdt offers %s::%s", s.Module, s.Name)
		}
	}
}

// TestSchedSwitch checks scalar fields and fixed arrays: sched_switch
// fires as this thread goes off CPU, with prev_pid the thread's id, and
// prev_comm (arg0) and next_comm (arg4) the addresses of their bytes in
// the record, 32 bytes apart.
func TestSchedSwitch(t *testing.T) {
	_, rec := probe(t, "sched", "sched_switch")
	for range 3 {
		time.Sleep(time.Millisecond)
	}
	if rec.Total(t) == 0 {
		t.Fatal("did not fire")
	}
	args := rec.Args(t)
	tid := rec.PidTgid(t) & 0xffffffff
	if args[1] != tid {
		t.Errorf("prev_pid (arg1) = %d, want the thread %d", args[1], tid)
	}
	if args[0] == 0 || args[4]-args[0] != 32 {
		t.Errorf("prev_comm (arg0) at %#x, next_comm (arg4) at %#x: want 32 bytes apart", args[0], args[4])
	}
	if args[7] != 0 {
		t.Errorf("arg7 = %d; sched_switch has 7 fields", args[7])
	}
}

// TestSchedProcessFork checks __data_loc strings: parent_comm (arg0) and
// child_comm (arg2) are the addresses of the names themselves, which
// the kernel stores one after the other, NUL included.
func TestSchedProcessFork(t *testing.T) {
	_, rec := probe(t, "sched", "sched_process_fork")
	// The Go runtime may start a thread at any time, which fires the
	// probe too: try until the last firing is the command's.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	for try := 0; ; try++ {
		cmd := exec.Command("/bin/true")
		if err := cmd.Run(); err != nil {
			t.Fatal(err)
		}
		args := rec.Args(t)
		if args[3] != uint64(cmd.Process.Pid) && try < 5 {
			continue
		}
		if args[3] != uint64(cmd.Process.Pid) {
			t.Fatalf("child_pid (arg3) = %d, want %d", args[3], cmd.Process.Pid)
		}
		if tid := rec.PidTgid(t) & 0xffffffff; args[1] != tid {
			t.Errorf("parent_pid (arg1) = %d, want the forking thread %d", args[1], tid)
		}
		comm, err := os.ReadFile("/proc/self/comm")
		if err != nil {
			t.Fatal(err)
		}
		// comm ends in a newline where the record has its NUL.
		if args[0] == 0 || args[2]-args[0] != uint64(len(comm)) {
			t.Errorf("parent_comm at %#x, child_comm at %#x: want %d bytes apart", args[0], args[2], len(comm))
		}
		return
	}
}

// TestLiveMayMatchName checks the kernel's event directories against its
// listing.
func TestLiveMayMatchName(t *testing.T) {
	testenv.RequireBPF(t)
	if !MayMatchName(nil, "sched_switch") {
		t.Error("MayMatchName(sched_switch) = false")
	}
	if MayMatchName(nil, "BEGIN") {
		t.Error("MayMatchName(BEGIN) = true")
	}
	evs, err := KernelEvents()
	if err != nil {
		t.Fatal(err)
	}
	dir, err := tracefs.Dir()
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range evs[:min(len(evs), 50)] {
		if !hasEventDir(dir+"/events", e.Name) {
			t.Errorf("hasEventDir(%s) = false, but it is listed", e.Name)
		}
	}
}

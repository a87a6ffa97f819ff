package profile

import (
	"runtime"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/internal/testenv"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/providertest"
)

func names(offers []provider.Offer) string {
	var s []string
	for _, sp := range offers {
		s = append(s, sp.Name)
	}
	return strings.Join(s, " ")
}

const defaults = "profile-97 profile-199 profile-499 profile-997 profile-1999 profile-4001 profile-4999 " +
	"tick-1 tick-10 tick-100 tick-500 tick-1000 tick-5000"

func TestProvide(t *testing.T) {
	for _, tt := range []struct{ name, want string }{
		{"", defaults},
		{"profile-*", defaults},
		{"profile-97", defaults},
		{"tick-1s", defaults + " tick-1s"},
		{"profile-1234hz", defaults + " profile-1234hz"},
		{"BEGIN", defaults},
		// Names the provider cannot honour make no probe, so that
		// the description matches none (D_PDESC_ZERO), as in DTrace.
		{"profile-6000", defaults},
		{"tick-n", defaults},
		{"tick-1ns", defaults},
	} {
		offers, err := New().Provide(provider.Desc{Name: tt.name})
		if err != nil {
			t.Errorf("Provide(%q): %v", tt.name, err)
			continue
		}
		if got := names(offers); got != tt.want {
			t.Errorf("Provide(%q) = %s, want %s", tt.name, got, tt.want)
		}
	}
}

func TestLoadArgsPreserves(t *testing.T) {
	providertest.CheckPreserves(t, New().LoadArgs(nil))
}

// probe returns the profile probe called name.
func probe(t *testing.T, name string) *provider.Probe {
	t.Helper()
	ps, err := provider.NewRegistry(New()).Match(provider.Desc{Provider: "profile", Name: name})
	if err != nil || len(ps) != 1 {
		t.Fatalf("Match(profile:::%s) = %v, %v", name, ps, err)
	}
	return ps[0]
}

// run attaches rec's program to p, lets it fire for about d while threads
// of this process spin in user mode on the given CPUs, detaches it, and
// returns how long it was attached.
func run(t *testing.T, p *provider.Probe, rec *providertest.Recorder, d time.Duration, spinOn []int) time.Duration {
	t.Helper()
	// The spinners must not keep the test's own goroutine from waking.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(len(spinOn) + 2))
	var spinners []*spinner
	for _, cpu := range spinOn {
		spinners = append(spinners, spin(t, cpu))
	}
	start := time.Now()
	c, err := p.Owner().Attach(p, rec.Prog)
	if err == nil {
		time.Sleep(d)
		err = c.Close()
	}
	elapsed := time.Since(start)
	for _, s := range spinners {
		s.halt()
	}
	if err != nil {
		t.Fatal(err)
	}

	// Closed means stopped.
	n := rec.Total(t)
	time.Sleep(20 * time.Millisecond)
	if m := rec.Total(t); m != n {
		t.Errorf("still firing after Close: %d then %d", n, m)
	}
	return elapsed
}

// spinner is a goroutine locked to its thread, pinned to a CPU and busy
// in user space until halted.
type spinner struct {
	tid  uint32
	stop atomic.Bool
	done sync.WaitGroup
}

// spin starts a spinner on cpu, and returns once it runs there.
func spin(t *testing.T, cpu int) *spinner {
	s := &spinner{}
	started := make(chan struct{})
	s.done.Add(1)
	go func() {
		defer s.done.Done()
		runtime.LockOSThread() // the thread exits with the goroutine
		s.tid = uint32(unix.Gettid())
		var set unix.CPUSet
		set.Set(cpu)
		err := unix.SchedSetaffinity(0, &set)
		close(started)
		if err != nil {
			t.Errorf("pin to CPU %d: %v", cpu, err)
			return
		}
		for !s.stop.Load() {
		}
	}()
	<-started
	return s
}

// halt stops the spinner and waits for its goroutine to end.
func (s *spinner) halt() {
	s.stop.Store(true)
	s.done.Wait()
}

func TestProfileFiresOnEveryCPU(t *testing.T) {
	testenv.RequireBPF(t)
	cpus, err := onlineCPUs()
	if err != nil {
		t.Fatal(err)
	}
	p := probe(t, "profile-997")
	rec := providertest.Load(t, p, providertest.Options{})
	// Idle vCPUs may sleep through their timers (see TickCPU), so keep
	// every CPU busy.
	d := run(t, p, rec, time.Second, cpus)
	counts := rec.Counts(t)
	t.Logf("profile-997 over %v, firings per CPU: %v", d, counts)
	want := 997 * d.Seconds()
	for _, cpu := range cpus {
		if n := float64(counts[cpu]); n < want/2 || n > want*1.1 {
			t.Errorf("CPU %d: %v firings in %v, want about %.0f", cpu, n, d, want)
		}
	}
}

func TestTickFiresOnOneCPU(t *testing.T) {
	testenv.RequireBPF(t)
	cpus, err := onlineCPUs()
	if err != nil {
		t.Fatal(err)
	}
	tickCPU, err := TickCPU()
	if err != nil {
		t.Fatal(err)
	}
	p := probe(t, "tick-10ms")
	rec := providertest.Load(t, p, providertest.Options{})
	// Busy CPUs would all fire if the probe were attached to them.
	d := run(t, p, rec, time.Second, cpus)
	counts := rec.Counts(t)
	t.Logf("tick-10ms over %v, firings per CPU: %v", d, counts)
	want := 100 * d.Seconds()
	for cpu, n := range counts {
		switch {
		case cpu == tickCPU && (float64(n) < want/2 || float64(n) > want*1.1):
			t.Errorf("CPU %d: %d firings in %v, want about %.0f", cpu, n, d, want)
		case cpu != tickCPU && n != 0:
			t.Errorf("CPU %d: %d firings, want none: tick fires on CPU %d only", cpu, n, tickCPU)
		}
	}
}

// TestSetCPU checks that under the cpu option profile-N and tick-N fire
// on that CPU alone, every CPU busy, for a CPU that is not the tick CPU.
func TestSetCPU(t *testing.T) {
	testenv.RequireBPF(t)
	cpus, err := onlineCPUs()
	if err != nil {
		t.Fatal(err)
	}
	if len(cpus) < 2 {
		t.Skip("needs two CPUs online")
	}
	only := cpus[len(cpus)-1]
	for _, name := range []string{"profile-997", "tick-100"} {
		ps, err := provider.NewRegistry(New()).Match(provider.Desc{Provider: "profile", Name: name})
		if err != nil || len(ps) != 1 {
			t.Fatalf("Match(profile:::%s) = %v, %v", name, ps, err)
		}
		p := ps[0]
		p.Owner().(*Provider).SetCPU(only)
		rec := providertest.Load(t, p, providertest.Options{})
		d := run(t, p, rec, 500*time.Millisecond, cpus)
		counts := rec.Counts(t)
		t.Logf("%s on CPU %d over %v, firings per CPU: %v", name, only, d, counts)
		for cpu, n := range counts {
			if cpu != only && n != 0 {
				t.Errorf("%s: CPU %d: %d firings, want none", name, cpu, n)
			}
		}
		if counts[only] == 0 {
			t.Errorf("%s: no firing on CPU %d", name, only)
		}
	}
}

// TestTickIdle checks that tick-1s keeps time on an idle machine, which
// is what TickCPU's choice is for.
func TestTickIdle(t *testing.T) {
	testenv.RequireBPF(t)
	if testing.Short() {
		t.Skip("takes 2.5s")
	}
	p := probe(t, "tick-1s")
	rec := providertest.Load(t, p, providertest.Options{})
	d := run(t, p, rec, 2500*time.Millisecond, nil)
	counts := rec.Counts(t)
	t.Logf("tick-1s over %v, firings per CPU: %v", d, counts)
	// Timer precision on an idle VM is not the point: tick-1s must fire
	// at all, on one CPU only, and not faster than once a second.
	n := rec.Total(t)
	if n == 0 || n > uint64(d/time.Second)+1 {
		t.Errorf("tick-1s fired %d times in %v, want 1 to %d", n, d, d/time.Second+1)
	}
	busy := 0
	for _, c := range counts {
		if c > 0 {
			busy++
		}
	}
	if busy > 1 {
		t.Errorf("tick-1s fired on %d CPUs, want one", busy)
	}
}

// TestArgs checks arg0 and arg1: with this process spinning in user mode
// on the tick CPU, its firings must show a user PC in arg1 and 0 in
// arg0.
func TestArgs(t *testing.T) {
	testenv.RequireBPF(t)
	if runtime.GOARCH != "amd64" {
		t.Skip("register layout only verified on amd64")
	}
	tickCPU, err := TickCPU()
	if err != nil {
		t.Fatal(err)
	}
	p := probe(t, "tick-1000hz")
	// Only the spinner's firings: the test's other threads may be in
	// the kernel when the tick comes.
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(3))
	s := spin(t, tickCPU)
	defer s.halt()
	// The spinner still enters the kernel now and then (the Go runtime
	// preempts it with a signal every 10ms), so a firing may catch it
	// there: each sample must be one kernel or one user PC, and a few
	// samples must include a user one.
	var args [providertest.NArgs]uint64
	user := false
	for try := 0; try < 5 && !user; try++ {
		rec := providertest.Load(t, p, providertest.Options{TID: s.tid})
		run(t, p, rec, 100*time.Millisecond, nil)
		args = rec.Args(t)
		if rec.Total(t) == 0 {
			t.Fatalf("no firings of the spinning thread in 100ms")
		}
		if !onePC(args) {
			t.Fatalf("arg0 = %#x, arg1 = %#x: not one kernel or one user PC", args[0], args[1])
		}
		user = args[0] == 0
	}
	if !user {
		t.Errorf("5 samples of a thread spinning in user mode all in the kernel; last arg0 = %#x, arg1 = %#x",
			args[0], args[1])
	}

	// Unfiltered, whatever ran: exactly one of them is set, each in its
	// half of the address space.
	rec := providertest.Load(t, p, providertest.Options{})
	run(t, p, rec, 50*time.Millisecond, nil)
	args = rec.Args(t)
	if !onePC(args) {
		t.Errorf("arg0 = %#x, arg1 = %#x: not one kernel or one user PC", args[0], args[1])
	}
}

// onePC reports whether exactly one of arg0 (kernel PC) and arg1 (user
// PC) is set, each in its half of the address space.
func onePC(args [providertest.NArgs]uint64) bool {
	kernel := args[0] >= 0xffff800000000000 && args[1] == 0
	user := args[0] == 0 && args[1] != 0 && args[1] < 1<<47
	return kernel || user
}

// TestIoctlFallback attaches the way kernels without BPF perf links need.
func TestIoctlFallback(t *testing.T) {
	testenv.RequireBPF(t)
	tickCPU, err := TickCPU()
	if err != nil {
		t.Fatal(err)
	}
	rec := providertest.Load(t, probe(t, "tick-1ms"), providertest.Options{})
	ts := &timers{ioctlOnly: true}
	if err := ts.start(rec.Prog, time.Millisecond, []int{tickCPU}); err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	time.Sleep(100 * time.Millisecond)
	if err := ts.Close(); err != nil {
		t.Fatal(err)
	}
	// Bounded by the time that really passed, not the sleep asked for:
	// the attach path must work, the timer's precision is not tested.
	elapsed := time.Since(start)
	n := rec.Total(t)
	if max := uint64(elapsed/time.Millisecond)*11/10 + 5; n == 0 || n > max {
		t.Errorf("tick-1ms fired %d times in %v, want 1 to %d", n, elapsed, max)
	}
	time.Sleep(10 * time.Millisecond)
	if m := rec.Total(t); m != n {
		t.Errorf("still firing after Close: %d then %d", n, m)
	}
}

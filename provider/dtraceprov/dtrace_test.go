package dtraceprov

import (
	"os"
	"runtime"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/internal/testenv"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/providertest"
)

func TestIDs(t *testing.T) {
	// The dtrace provider's probes come first whatever the order of
	// registration and the first question asked.
	reg := provider.NewRegistry(otherProvider{}, New())
	if _, err := reg.Match(provider.Desc{Provider: "other"}); err != nil {
		t.Fatal(err)
	}
	for id, name := range map[uint32]string{1: Begin, 2: End, 3: Error} {
		p := reg.ByID(id)
		if p == nil || p.Desc() != (provider.Desc{Provider: "dtrace", Name: name}) {
			t.Errorf("probe %d = %v, want dtrace:::%s", id, p, name)
		}
	}
	ps, err := reg.Match(provider.Desc{Name: "BEGIN"})
	if err != nil || len(ps) != 1 || ps[0].ID != 1 {
		t.Errorf("Match(:::BEGIN) = %v, %v", ps, err)
	}
}

// otherProvider offers one probe, other:::x.
type otherProvider struct{ provider.Provider }

func (otherProvider) Name() string { return "other" }
func (otherProvider) Provide(provider.Desc) ([]provider.Offer, error) {
	return []provider.Offer{{Name: "x"}}, nil
}

func probe(t testing.TB, name string) *provider.Probe {
	t.Helper()
	ps, err := provider.NewRegistry(New()).Match(provider.Desc{Provider: "dtrace", Name: name})
	if err != nil || len(ps) != 1 {
		t.Fatalf("Match(dtrace:::%s) = %v, %v", name, ps, err)
	}
	return ps[0]
}

// TestFireBegin checks that a fired probe runs in the calling thread, on
// its CPU, with zero arguments.
func TestFireBegin(t *testing.T) {
	testenv.RequireBPF(t)
	p := probe(t, Begin)
	rec := providertest.Load(t, p, providertest.Options{})
	c, err := New().Attach(p, rec.Prog)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()

	// Pin this thread to its last CPU so we know where the program ran.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	cpu := pinToLastCPU(t)

	if err := Fire(rec.Prog, [NArgs]uint64{1, 2, 3, 4, 5, 6}); err != nil {
		t.Fatal(err)
	}
	got := rec.PidTgid(t)
	want := uint64(os.Getpid())<<32 | uint64(unix.Gettid())
	if got != want {
		t.Errorf("pid_tgid = %#x, want %#x (pid %d, tid %d)", got, want, os.Getpid(), unix.Gettid())
	}
	if args := rec.Args(t); args != [providertest.NArgs]uint64{} {
		t.Errorf("BEGIN args = %v, want zeros", args)
	}
	counts := rec.Counts(t)
	for i, n := range counts {
		if want := uint64(0); i == cpu {
			want = 1
			if n != want {
				t.Errorf("fired %d times on CPU %d, want %d (counts %v)", n, i, want, counts)
			}
		} else if n != want {
			t.Errorf("fired %d times on CPU %d, want %d (counts %v)", n, i, want, counts)
		}
	}
}

func TestFireError(t *testing.T) {
	testenv.RequireBPF(t)
	rec := providertest.Load(t, probe(t, Error), providertest.Options{})
	if err := Fire(rec.Prog, [NArgs]uint64{0, 7, 1, 12, 1, 0xdead}); err != nil {
		t.Fatal(err)
	}
	want := [providertest.NArgs]uint64{0, 7, 1, 12, 1, 0xdead}
	if got := rec.Args(t); got != want {
		t.Errorf("ERROR args = %v, want %v", got, want)
	}
	if got := rec.PidTgid(t) >> 32; got != uint64(os.Getpid()) {
		t.Errorf("pid = %d, want %d", got, os.Getpid())
	}
}

// pinToLastCPU binds the calling (locked) thread to the highest CPU it may
// run on and returns that CPU.
func pinToLastCPU(t *testing.T) int {
	t.Helper()
	var set unix.CPUSet
	if err := unix.SchedGetaffinity(0, &set); err != nil {
		t.Fatal(err)
	}
	cpu := -1
	for i := range len(set) * 64 {
		if set.IsSet(i) {
			cpu = i
		}
	}
	var one unix.CPUSet
	one.Set(cpu)
	if err := unix.SchedSetaffinity(0, &one); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { unix.SchedSetaffinity(0, &set) })
	return cpu
}

func BenchmarkFire(b *testing.B) {
	testenv.RequireBPF(b)
	p := probe(b, Begin)
	rec := providertest.Load(b, p, providertest.Options{})
	for b.Loop() {
		if err := Fire(rec.Prog, [NArgs]uint64{}); err != nil {
			b.Fatal(err)
		}
	}
}

package provider_test

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"

	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/dtraceprov"
	"github.com/godtrace/godtrace/provider/profile"
	"github.com/godtrace/godtrace/provider/syscall"
)

// newRegistry returns a registry of the real providers, with system calls
// from a saved tracefs, registered with dtrace last to show it still
// comes first.
func newRegistry() *provider.Registry {
	return provider.NewRegistry(
		syscall.NewFS(os.DirFS("syscall/testdata/tracefs")),
		profile.New(),
		dtraceprov.New(),
	)
}

// list prints probes as dtrace -l does, compactly: "1 dtrace:::BEGIN".
func list(ps []*provider.Probe) string {
	var b strings.Builder
	for _, p := range ps {
		fmt.Fprintf(&b, "%d %s\n", p.ID, p.Desc())
	}
	return b.String()
}

func mustMatch(t *testing.T, r *provider.Registry, d provider.Desc) []*provider.Probe {
	t.Helper()
	ps, err := r.Match(d)
	if err != nil {
		t.Fatalf("Match(%s): %v", d, err)
	}
	return ps
}

func TestListAll(t *testing.T) {
	const want = `1 dtrace:::BEGIN
2 dtrace:::END
3 dtrace:::ERROR
4 syscall::exit_group:entry
5 syscall::exit_group:return
6 syscall::getpid:entry
7 syscall::getpid:return
8 syscall::mmap:entry
9 syscall::mmap:return
10 syscall::openat:entry
11 syscall::openat:return
12 syscall::read:entry
13 profile:::profile-97
14 profile:::profile-199
15 profile:::profile-499
16 profile:::profile-997
17 profile:::profile-1999
18 profile:::profile-4001
19 profile:::profile-4999
20 profile:::tick-1
21 profile:::tick-10
22 profile:::tick-100
23 profile:::tick-500
24 profile:::tick-1000
25 profile:::tick-5000
`
	r := newRegistry()
	ps, err := r.List(provider.Desc{})
	if err != nil {
		t.Fatal(err)
	}
	if got := list(ps); got != want {
		t.Errorf("List:\n%s\nwant:\n%s", got, want)
	}
	// Asking again changes nothing.
	again, err := r.List(provider.Desc{})
	if err != nil {
		t.Fatal(err)
	}
	for i := range ps {
		if again[i] != ps[i] {
			t.Errorf("probe %s is a new *Probe the second time", ps[i].Desc())
		}
	}
	for _, p := range ps {
		if r.ByID(p.ID) != p {
			t.Errorf("ByID(%d) = %v, want %s", p.ID, r.ByID(p.ID), p.Desc())
		}
	}
	for _, id := range []uint32{0, uint32(len(ps) + 1)} {
		if p := r.ByID(id); p != nil {
			t.Errorf("ByID(%d) = %s, want nil", id, p.Desc())
		}
	}
}

func TestMatch(t *testing.T) {
	for _, tt := range []struct {
		d    provider.Desc
		want string
	}{
		{provider.Desc{Name: "BEGIN"}, "1 dtrace:::BEGIN\n"},
		{provider.Desc{Provider: "dtrace", Name: "E*"}, "2 dtrace:::END\n3 dtrace:::ERROR\n"},
		{provider.Desc{Provider: "sys*", Function: "openat", Name: "entry"}, "10 syscall::openat:entry\n"},
		{provider.Desc{Provider: "s?scall", Module: "", Function: "read"}, "12 syscall::read:entry\n"},
		{provider.Desc{Function: "read"}, "12 syscall::read:entry\n"},
		{provider.Desc{Provider: "syscall", Module: "vmlinux"}, ""},
		{provider.Desc{Provider: "nosuch"}, ""},
		{provider.Desc{Name: "tick-1?"}, "21 profile:::tick-10\n"},
		{provider.Desc{Provider: "profile", Name: "tick-[!1]*"}, "23 profile:::tick-500\n25 profile:::tick-5000\n"},
		{provider.Desc{Name: "profile-\\*"}, ""},
	} {
		// A fresh registry each time: a probe has its ID from the
		// full listing (TestListAll) whatever is matched first.
		ps, err := newRegistry().Match(tt.d)
		if err != nil {
			t.Errorf("Match(%s): %v", tt.d, err)
			continue
		}
		if got := list(ps); got != tt.want {
			t.Errorf("Match(%s):\n%s\nwant:\n%s", tt.d, got, tt.want)
		}
	}
}

func TestOnDemand(t *testing.T) {
	r := newRegistry()
	ps := mustMatch(t, r, provider.Desc{Name: "tick-1s"})
	if got := list(ps); got != "26 profile:::tick-1s\n" {
		t.Fatalf("Match(tick-1s) = %s", got)
	}
	tick1s := ps[0]
	// profile-997 is a default; profile-997hz is another probe with the
	// same rate.
	ps = mustMatch(t, r, provider.Desc{Provider: "profile", Name: "profile-997hz"})
	if got := list(ps); got != "27 profile:::profile-997hz\n" {
		t.Errorf("Match(profile-997hz) = %s", got)
	}
	// Once created, a probe is found by globs and keeps its ID; the
	// default probes keep theirs from the full listing.
	ps = mustMatch(t, r, provider.Desc{Provider: "profile", Name: "tick-1*"})
	if got := list(ps); got != "20 profile:::tick-1\n21 profile:::tick-10\n22 profile:::tick-100\n24 profile:::tick-1000\n26 profile:::tick-1s\n" {
		t.Errorf("Match(tick-1*) =\n%s", got)
	}
	if ps[len(ps)-1] != tick1s {
		t.Error("tick-1s is a new *Probe")
	}
	if owner := tick1s.Owner(); owner == nil || owner.Name() != "profile" {
		t.Errorf("tick-1s.Owner() = %v", owner)
	}
	// Names the provider cannot honour match nothing, as in DTrace.
	for _, name := range []string{"profile-6000", "tick-1x"} {
		if ps, err := r.Match(provider.Desc{Name: name}); err != nil || len(ps) != 0 {
			t.Errorf("Match(%s) = %d probes, %v; want none", name, len(ps), err)
		}
	}
}

// failing is a provider that cannot list its probes.
type failing struct{ provider.Provider }

func (failing) Name() string { return "failing" }
func (failing) Provide(provider.Desc) ([]provider.Offer, error) {
	return nil, errors.New("cannot read probes")
}

func TestProviderError(t *testing.T) {
	r := provider.NewRegistry(dtraceprov.New(), failing{})
	if _, err := r.Match(provider.Desc{Provider: "failing"}); err == nil || !strings.Contains(err.Error(), "provider failing: cannot read probes") {
		t.Errorf("Match(failing:::) error = %v", err)
	}
	// Not asked, not failing.
	if ps, err := r.Match(provider.Desc{Provider: "dtrace"}); err != nil || len(ps) != 3 {
		t.Errorf("Match(dtrace:::) = %v, %v", ps, err)
	}
	// Asked among others, by a description that matches theirs: BEGIN
	// did not work without privileges because syscall failed.
	if ps, err := r.Match(provider.Desc{Name: "BEGIN"}); err != nil || len(ps) != 1 {
		t.Errorf("Match(:::BEGIN) = %v, %v", ps, err)
	}
	if ps, err := r.Match(provider.Desc{Provider: "*"}); err != nil || len(ps) != 3 {
		t.Errorf("Match(*:::) = %v, %v", ps, err)
	}
	// Matching nothing, the failure is the reason.
	if _, err := r.Match(provider.Desc{Name: "nosuch"}); err == nil || !strings.Contains(err.Error(), "provider failing: cannot read probes") {
		t.Errorf("Match(:::nosuch) error = %v", err)
	}
}

func TestConcurrent(t *testing.T) {
	r := newRegistry()
	var wg sync.WaitGroup
	results := make([][]*provider.Probe, 8)
	for i := range results {
		wg.Go(func() {
			ps, err := r.Match(provider.Desc{Name: "tick-42ms"})
			if err != nil {
				t.Error(err)
			}
			results[i] = ps
		})
	}
	wg.Wait()
	for _, ps := range results {
		if len(ps) != 1 || ps[0] != results[0][0] {
			t.Fatalf("concurrent Match results differ: %v", results)
		}
	}
}

// lister is a provider whose probes are all named name, in modules m1,
// m2 ...; it counts how often it is listed, and rules out other names
// (provider.Named).
type lister struct {
	provider.Provider
	name, probe string
	n, listed   int
}

func (l *lister) Name() string { return l.name }
func (l *lister) Provide(d provider.Desc) ([]provider.Offer, error) {
	if d == (provider.Desc{Provider: l.name}) {
		l.listed++
	}
	var offers []provider.Offer
	for i := range l.n {
		offers = append(offers, provider.Offer{Module: fmt.Sprintf("m%d", i+1), Name: l.probe})
	}
	return offers, nil
}
func (l *lister) MayMatchName(pattern string) bool { return provider.Glob(pattern, l.probe) }

// A provider is listed only when a probe of its own or of a provider
// numbered after it is asked for, and the IDs are those of the full
// listing whatever is asked for first.
func TestLazyListing(t *testing.T) {
	newListers := func() (*provider.Registry, *lister, *lister) {
		a := &lister{name: "a", probe: "entry", n: 2}
		b := &lister{name: "b", probe: "fire", n: 3}
		return provider.NewRegistry(a, b, profile.New(), dtraceprov.New()), a, b
	}
	r, a, b := newListers()
	if got := list(mustMatch(t, r, provider.Desc{Name: "BEGIN"})); got != "1 dtrace:::BEGIN\n" {
		t.Errorf("Match(BEGIN) = %s", got)
	}
	if a.listed+b.listed != 0 {
		t.Errorf("BEGIN listed a %d times, b %d times; want none", a.listed, b.listed)
	}
	if got := list(mustMatch(t, r, provider.Desc{Provider: "a", Module: "m2"})); got != "5 a:m2::entry\n" {
		t.Errorf("Match(a:m2::) = %s", got)
	}
	if a.listed != 1 || b.listed != 0 {
		t.Errorf("a:m2:: listed a %d times, b %d times; want 1, 0", a.listed, b.listed)
	}
	// b comes after a: asking for b first lists a too.
	r, a, b = newListers()
	if got := list(mustMatch(t, r, provider.Desc{Name: "fire"})); got != "6 b:m1::fire\n7 b:m2::fire\n8 b:m3::fire\n" {
		t.Errorf("Match(fire) = %s", got)
	}
	if a.listed != 1 || b.listed != 1 {
		t.Errorf("fire listed a %d times, b %d times; want 1, 1", a.listed, b.listed)
	}
	// ByID lists as far as the ID, and a probe made on demand comes
	// after every listed probe.
	r, _, _ = newListers()
	if p := r.ByID(7); p == nil || p.Desc().String() != "b:m2::fire" {
		t.Errorf("ByID(7) = %v", p)
	}
	if got := list(mustMatch(t, r, provider.Desc{Name: "tick-1s"})); got != "22 profile:::tick-1s\n" {
		t.Errorf("Match(tick-1s) = %s", got)
	}
	if p := r.ByID(22); p == nil || p.Name != "tick-1s" {
		t.Errorf("ByID(22) = %v", p)
	}
	if p := r.ByID(23); p != nil {
		t.Errorf("ByID(23) = %s, want nil", p.Desc())
	}
}

// failingNamed cannot list its probes, whose names are all "entry".
type failingNamed struct{ failing }

func (failingNamed) Name() string                     { return "named" }
func (failingNamed) MayMatchName(pattern string) bool { return provider.Glob(pattern, "entry") }
func (failingNamed) Provide(provider.Desc) ([]provider.Offer, error) {
	return nil, errors.New("cannot read names")
}

// A provider that rules a name out is not asked for it, but when
// nothing matches its failure is the reason, as if it had been asked.
func TestNamedError(t *testing.T) {
	r := provider.NewRegistry(dtraceprov.New(), failingNamed{}, failing{})
	if ps, err := r.Match(provider.Desc{Name: "BEGIN"}); err != nil || len(ps) != 1 {
		t.Errorf("Match(:::BEGIN) = %v, %v", ps, err)
	}
	if _, err := r.Match(provider.Desc{Name: "nosuch"}); err == nil || !strings.Contains(err.Error(), "provider named: cannot read names") {
		t.Errorf("Match(:::nosuch) error = %v", err)
	}
	if _, err := r.Match(provider.Desc{Provider: "named", Name: "nosuch"}); err == nil || !strings.Contains(err.Error(), "provider named: cannot read names") {
		t.Errorf("Match(named:::nosuch) error = %v", err)
	}
	r = provider.NewRegistry(dtraceprov.New(), failing{}, failingNamed{})
	if _, err := r.Match(provider.Desc{Name: "nosuch"}); err == nil || !strings.Contains(err.Error(), "provider failing: cannot read probes") {
		t.Errorf("Match(:::nosuch) error = %v", err)
	}
}

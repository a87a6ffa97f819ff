package provider_test

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"testing"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/provider"
)

// member is a family member with one probe, in module "prog", which
// also answers to "a.out".
type member struct{ name string }

func (m *member) Name() string { return m.name }
func (m *member) Provide(provider.Desc) ([]provider.Offer, error) {
	return []provider.Offer{{Module: "prog", Function: "main", Name: "entry"}}, nil
}
func (*member) ProgramType(*provider.Probe) (ebpf.ProgramType, ebpf.AttachType) {
	return ebpf.Kprobe, ebpf.AttachNone
}
func (*member) LoadArgs(*provider.Probe) asm.Instructions { return nil }
func (*member) Attach(*provider.Probe, *ebpf.Program) (io.Closer, error) {
	return nil, errors.New("no")
}
func (*member) MatchModule(pattern, module string) bool {
	return pattern == "a.out" && module == "prog"
}

// family makes members named "fam" and digits; "fam0" is an error.
type family struct{ made int }

func (f *family) Member(name string) (provider.Provider, error) {
	digits, ok := strings.CutPrefix(name, "fam")
	if !ok || digits == "" || strings.Trim(digits, "0123456789") != "" {
		return nil, nil
	}
	if digits == "0" {
		return nil, errors.New("no such process")
	}
	f.made++
	return &member{name}, nil
}

// A family's member is made when a description names it, once; a glob
// matches only the members made; a member's module aliases match.
func TestFamily(t *testing.T) {
	r := newRegistry()
	f := &family{}
	r.AddFamily(f)
	if ps := mustMatch(t, r, provider.Desc{Provider: "fam*"}); len(ps) != 0 {
		t.Errorf("fam* before any member: %s", list(ps))
	}
	ps := mustMatch(t, r, provider.Desc{Provider: "fam12", Module: "a.out", Function: "main", Name: "entry"})
	if len(ps) != 1 || ps[0].Desc() != (provider.Desc{Provider: "fam12", Module: "prog", Function: "main", Name: "entry"}) {
		t.Fatalf("fam12:a.out:main:entry: %s", list(ps))
	}
	mustMatch(t, r, provider.Desc{Provider: "fam12"})
	mustMatch(t, r, provider.Desc{Provider: "fam34"})
	if ps := mustMatch(t, r, provider.Desc{Provider: "fam*", Name: "entry"}); len(ps) != 2 {
		t.Errorf("fam*:::entry after fam12 and fam34: %s", list(ps))
	}
	if f.made != 2 {
		t.Errorf("%d members made, want 2", f.made)
	}
	if _, err := r.Match(provider.Desc{Provider: "fam0"}); err == nil {
		t.Error("fam0: no error")
	}
	if ps := mustMatch(t, r, provider.Desc{Provider: "fam12", Module: "b.out"}); len(ps) != 0 {
		t.Errorf("fam12:b.out: %s", list(ps))
	}
}

// pidFamily is a family whose member for process N is famN.
type pidFamily struct{ family }

func (*pidFamily) MemberName(pid int) string { return "fam" + strconv.Itoa(pid) }

// A glob ending in a process ID makes that process's member if it
// matches its name, as DTrace's p*d1234 does; other globs do not.
func TestPIDFamilyGlob(t *testing.T) {
	r := newRegistry()
	f := &pidFamily{}
	r.AddFamily(f)
	if ps := mustMatch(t, r, provider.Desc{Provider: "x*56"}); len(ps) != 0 || f.made != 0 {
		t.Errorf("x*56: %s, %d members made", list(ps), f.made)
	}
	ps := mustMatch(t, r, provider.Desc{Provider: "f*m56", Name: "entry"})
	if len(ps) != 1 || ps[0].Provider != "fam56" {
		t.Errorf("f*m56:::entry: %s", list(ps))
	}
	mustMatch(t, r, provider.Desc{Provider: "fa?56"})
	if f.made != 1 {
		t.Errorf("%d members made, want 1", f.made)
	}
	if _, err := r.Match(provider.Desc{Provider: "f*0"}); err != nil {
		t.Errorf("f*0: %v (0 is no process ID)", err)
	}
}

// scanning is a family that finds its members by scanning: fam7 and
// fam8 exist without being named.
type scanning struct {
	family
	scans int
}

func (s *scanning) Scan(pattern string) ([]provider.Provider, error) {
	s.scans++
	var out []provider.Provider
	for _, name := range []string{"fam7", "fam8"} {
		if provider.Glob(pattern, name) {
			out = append(out, &member{name})
		}
	}
	return out, nil
}

// A glob with a prefix scans a Scanner family for its members; one that
// could name any provider does not.
func TestFamilyScan(t *testing.T) {
	r := newRegistry()
	s := &scanning{}
	r.AddFamily(s)
	mustMatch(t, r, provider.Desc{Provider: "*", Name: "entry"})
	if s.scans != 0 {
		t.Errorf("*:::entry scanned %d times", s.scans)
	}
	if ps := mustMatch(t, r, provider.Desc{Provider: "fam*", Name: "entry"}); len(ps) != 2 || s.scans != 1 {
		t.Errorf("fam*:::entry after %d scans: %s", s.scans, list(ps))
	}
	if ps := mustMatch(t, r, provider.Desc{Provider: "fam8", Name: "entry"}); len(ps) != 1 {
		t.Errorf("fam8:::entry: %s", list(ps))
	}
}

// pidScanning finds, in process N, a member named "scanN".
type pidScanning struct {
	family
	asked []int
}

func (f *pidScanning) ScanPID(pattern string, pid int) ([]provider.Provider, error) {
	f.asked = append(f.asked, pid)
	name := "scan" + strconv.Itoa(pid)
	if !provider.Glob(pattern, name) {
		return nil, nil
	}
	return []provider.Provider{&member{name}}, nil
}

// A glob ending in a process ID asks PID scanners of that process only
// (a USDT provider's p*d1234), as DTrace does.
func TestPIDScannerGlob(t *testing.T) {
	r := newRegistry()
	f := &pidScanning{}
	r.AddFamily(f)
	ps := mustMatch(t, r, provider.Desc{Provider: "s*n77", Name: "entry"})
	if len(ps) != 1 || ps[0].Provider != "scan77" || fmt.Sprint(f.asked) != "[77]" {
		t.Errorf("s*n77:::entry: %s, processes asked %v; want scan77's probe, [77]", list(ps), f.asked)
	}
	if ps := mustMatch(t, r, provider.Desc{Provider: "x*77"}); len(ps) != 0 {
		t.Errorf("x*77: %s", list(ps))
	}
}

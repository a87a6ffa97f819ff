package sdt

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/cilium/ebpf"

	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/providertest"
)

// testdata is part of a 6.18 kernel's tracefs (available_events cut down
// to some of its events), plus hand-written lines: kprobe and uprobe
// events, and test:rel_loc, with the field kinds no event we copied has.
var testdata = os.DirFS("testdata/tracefs")

func TestList(t *testing.T) {
	evs, err := List(testdata)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range evs {
		got = append(got, e.Group+":"+e.Name)
	}
	want := "block:block_rq_issue sched:sched_process_exec sched:sched_process_fork sched:sched_switch sched:sched_wakeup tcp:tcp_probe test:rel_loc"
	if g := strings.Join(got, " "); g != want {
		t.Errorf("List =\n%s\nwant\n%s", g, want)
	}
	if _, err := List(os.DirFS("testdata/nosuch")); !errors.Is(err, ebpf.ErrNotSupported) {
		t.Errorf("List without available_events: error %v, want ErrNotSupported", err)
	}
}

// dump prints offers one per line with their arguments (read from the
// format files as compiling reads them): "sched::sched_wakeup
// char[16]@8 pid_t=24 int=28 int=32", with "=" for a value, "@" for an
// address in the record and "->" for a dynamic field's locator.
func dump(pv *Provider, offers []provider.Offer) string {
	var b strings.Builder
	for _, s := range offers {
		fmt.Fprintf(&b, "%s:%s:%s", s.Module, s.Function, s.Name)
		ev := s.Data.(*event)
		pv.parse(ev)
		if ev.err != nil {
			fmt.Fprintf(&b, " error: %v", ev.err)
		}
		for _, a := range ev.args {
			sep := map[argKind]string{scalar: "=", inline: "@", dataLoc: "->", relLoc: "->+"}[a.kind]
			fmt.Fprintf(&b, " %s%s%d", a.native(), sep, a.field.Offset)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func TestProvide(t *testing.T) {
	const (
		rq    = "block::block_rq_issue dev_t=8 sector_t=16 unsigned int=24 unsigned int=28 unsigned short=32 char[10]@34 char[16]@44 char *->60\n"
		exec  = "sched::sched_process_exec char *->8 pid_t=12 pid_t=16\n"
		fork  = "sched::sched_process_fork char *->8 pid_t=12 char *->16 pid_t=20\n"
		sw    = "sched::sched_switch char[16]@8 pid_t=24 int=28 long=32 char[16]@40 pid_t=56 int=60\n"
		wake  = "sched::sched_wakeup char[16]@8 pid_t=24 int=28 int=32\n"
		tcp   = "tcp::tcp_probe __u8[28]@8 __u8[28]@36 __u16=64 __u16=66 __u16=68 __u32=72 __u16=76 __u32=80 __u32=84 __u32=88\n"
		rel   = "test::rel_loc char *->+8 cpumask_t *->12 u8[4]@16 short=20\n"
		sched = exec + fork + sw + wake
	)
	for _, tt := range []struct {
		d    provider.Desc
		want string
	}{
		{provider.Desc{}, rq + sched + tcp + rel},
		{provider.Desc{Module: "sched"}, sched},
		{provider.Desc{Module: "s*", Name: "*switch"}, sw},
		{provider.Desc{Name: "block_rq_issue"}, rq},
		{provider.Desc{Function: "*"}, rq + sched + tcp + rel},
		{provider.Desc{Function: "x"}, ""},
		{provider.Desc{Module: "syscalls"}, ""},
		{provider.Desc{Module: "kprobes"}, ""},
		{provider.Desc{Name: "nosuch"}, ""},
	} {
		pv := NewFS(testdata)
		offers, err := pv.Provide(tt.d)
		if err != nil {
			t.Errorf("Provide(%s): %v", tt.d, err)
			continue
		}
		if got := dump(pv, offers); got != tt.want {
			t.Errorf("Provide(%s):\n%s\nwant:\n%s", tt.d, got, tt.want)
		}
	}
}

func TestRegistry(t *testing.T) {
	reg := provider.NewRegistry(NewFS(testdata))
	ps, err := reg.List(provider.Desc{Provider: "sdt", Module: "sched", Name: "sched_switch"})
	if err != nil || len(ps) != 1 {
		t.Fatalf("List = %v, %v", ps, err)
	}
	// An event is numbered by its place in the sorted listing: block_rq_issue and
	// two sched events come first.
	if p := ps[0]; p.ID != 4 || p.Desc().String() != "sdt:sched::sched_switch" {
		t.Errorf("List = %d %s", p.ID, p.Desc())
	}
	all, err := reg.List(provider.Desc{Provider: "sdt"})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range all {
		providertest.CheckPreserves(t, p.Owner().LoadArgs(p))
	}
	args, err := ps[0].Owner().(provider.Typed).Args(ps[0])
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, a := range args {
		got = append(got, fmt.Sprintf("%d:%s", a.Mapping, a.Native))
	}
	if g, want := strings.Join(got, ","), "0:char[16],1:pid_t,2:int,3:long,4:char[16],5:pid_t,6:int"; g != want {
		t.Errorf("Args = %s, want %s", g, want)
	}
}

func TestMissingFormat(t *testing.T) {
	// An event listed without a format file (testdata/noformat) is
	// an error when it is compiled or attached, not when listed.
	pv := NewFS(os.DirFS("testdata/noformat"))
	offers, err := pv.Provide(provider.Desc{})
	if err != nil || len(offers) != 1 {
		t.Fatalf("Provide = %v, %v", offers, err)
	}
	reg := provider.NewRegistry(pv)
	ps, err := reg.List(provider.Desc{Provider: "sdt"})
	if err != nil || len(ps) != 1 {
		t.Fatalf("List = %v, %v", ps, err)
	}
	if insns := pv.LoadArgs(ps[0]); len(insns) != 0 {
		t.Errorf("LoadArgs = %v, want nothing", insns)
	}
	if _, err := pv.Args(ps[0]); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Args error = %v, want ErrNotExist", err)
	}
	if _, err := pv.Attach(ps[0], nil); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("Attach error = %v, want ErrNotExist", err)
	}
}

func TestMayMatchName(t *testing.T) {
	for _, tt := range []struct {
		pattern string
		want    bool
	}{
		{"sched_switch", true},
		{"sched_*", true},
		{"BEGIN", false},
		{"sys_enter_getpid", false}, // the syscall provider's
	} {
		if got := MayMatchName(testdata, tt.pattern); got != tt.want {
			t.Errorf("MayMatchName(%q) = %v, want %v", tt.pattern, got, tt.want)
		}
		// The kernel's tree is looked up one group at a time.
		if provider.IsGlob(tt.pattern) {
			continue
		}
		if got := hasEventDir("testdata/tracefs/events", tt.pattern); got != tt.want {
			t.Errorf("hasEventDir(%q) = %v, want %v", tt.pattern, got, tt.want)
		}
	}
	if !MayMatchName(os.DirFS("testdata/nosuch"), "BEGIN") {
		t.Error("MayMatchName of a tree without events = false, want true: Provide says why")
	}
}

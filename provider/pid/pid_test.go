package pid

import (
	"os"
	"strconv"
	"strings"
	"testing"
)

// A member is named by pid and a process ID; other names are not the
// family's, and a process that does not exist is an error.
func TestMember(t *testing.T) {
	f := NewFamily()
	for _, name := range []string{"pid", "pidx", "pid12x", "profile", "pid$target", "python123"} {
		if pv, err := f.Member(name); pv != nil || err != nil {
			t.Errorf("%s: %v, %v; want not the family's", name, pv, err)
		}
	}
	for _, name := range []string{"pid0", "pid999999999"} {
		if _, err := f.Member(name); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	self := "pid" + strconv.Itoa(os.Getpid())
	a, err := f.Member(self)
	if err != nil || a == nil || a.Name() != self {
		t.Fatalf("%s: %v, %v", self, a, err)
	}
	if b, _ := f.Member(self); b != a {
		t.Errorf("%s made twice", self)
	}
}

// Offset probe names are hex as DTrace writes them.
func TestParseOffset(t *testing.T) {
	for name, want := range map[string]bool{"4": true, "1f": true, "0": true, "1F": false, "0x4": false, "04": false, "entry": false, "": false} {
		if _, ok := parseOffset(name); ok != want {
			t.Errorf("%q: offset %v, want %v", name, ok, want)
		}
	}
}

// The test's own process: the executable is a.out (and its base
// name), libraries answer to their shorthand.
func TestModules(t *testing.T) {
	f := NewFamily()
	m, err := f.Member("pid" + strconv.Itoa(os.Getpid()))
	if err != nil {
		t.Fatal(err)
	}
	pv := m.(*Provider)
	objs, err := pv.objects()
	if err != nil {
		t.Fatal(err)
	}
	if len(objs) == 0 || !objs[0].exe {
		t.Fatalf("objects %v: want the executable first", objs)
	}
	exe := objs[0].module
	if !pv.MatchModule("a.out", exe) || pv.MatchModule("a.out", "libc.so.6") {
		t.Errorf("a.out does not name %s alone", exe)
	}
	for _, o := range objs[1:] {
		short, _, _ := strings.Cut(o.module, ".so")
		if !pv.MatchModule(short, o.module) {
			t.Errorf("%s does not name %s", short, o.module)
		}
	}
}

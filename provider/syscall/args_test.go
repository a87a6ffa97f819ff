package syscall

import (
	"fmt"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/provider"
)

// TestArgs checks the argument types taken from the format files: the
// fields after __syscall_nr at entry, the return value twice at return.
func TestArgs(t *testing.T) {
	reg := provider.NewRegistry(NewFS(testdata))
	for _, tt := range []struct {
		fn, name, want string
	}{
		{"openat", "entry", "int 0, const char * 1, int 2, umode_t 3"},
		{"openat", "return", "long 0, long 1"},
		{"read", "entry", "unsigned int 0, char * 1, size_t 2"},
		{"getpid", "entry", ""},
	} {
		ps, err := reg.Match(provider.Desc{Provider: "syscall", Function: tt.fn, Name: tt.name})
		if err != nil || len(ps) != 1 {
			t.Fatalf("Match(%s:%s) = %v, %v", tt.fn, tt.name, ps, err)
		}
		args, err := ps[0].Owner().(provider.Typed).Args(ps[0])
		if err != nil {
			t.Fatalf("Args(%s): %v", ps[0].Desc(), err)
		}
		var got []string
		for _, a := range args {
			if a.Xlate != "" {
				t.Errorf("%s: translated argument %v", ps[0].Desc(), a)
			}
			got = append(got, fmt.Sprintf("%s %d", a.Native, a.Mapping))
		}
		if s := strings.Join(got, ", "); s != tt.want {
			t.Errorf("Args(%s) = %q, want %q", ps[0].Desc(), s, tt.want)
		}
	}
}

// TestAttributes checks the stability DTrace derives from the syscall
// provider's attributes: a description naming the call is Private, and
// only one leaving the probe name open matches an unstable set.
func TestAttributes(t *testing.T) {
	a := provider.AttributesOf(New())
	d := provider.Desc{Provider: "syscall", Function: "read", Name: "entry"}
	if got, want := a.DescAttribute(d), (provider.Attribute{Name: provider.Private, Data: provider.Private, Class: provider.ClassISA}); got != want {
		t.Errorf("DescAttribute(%s) = %v, want %v", d, got, want)
	}
	for _, c := range []struct {
		d    provider.Desc
		want bool
	}{
		{provider.Desc{Provider: "syscall", Function: "read*", Name: "entry"}, false},
		{provider.Desc{Provider: "syscall", Name: "entry"}, false},
		{provider.Desc{Provider: "syscall", Function: "read"}, true},
		{provider.Desc{Provider: "sys*", Function: "read", Name: "entry"}, true},
	} {
		if got := a.UnstableSet(c.d); got != c.want {
			t.Errorf("UnstableSet(%s) = %v, want %v", c.d, got, c.want)
		}
	}
}

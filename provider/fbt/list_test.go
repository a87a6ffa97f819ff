package fbt

import (
	"os"
	"slices"
	"testing"
)

// An ambiguous function gets the addresses of its module's copies that
// the kprobe blacklist allows, outside the init text (do_sys_openat2's
// third copy); one with none is not listed (vmlinux's local_func).
// Where ftrace gives the addresses it patches, the copies are those
// that hold one (after an endbr64: 4 bytes in), and they are exact:
// there do_sys_openat2's first copy is not patched (notrace).
func TestLocate(t *testing.T) {
	for _, c := range []struct {
		tracefs string
		exact   bool
		want    map[string][]uint64
	}{
		{"testdata/tracefs", false, map[string][]uint64{
			"vmlinux:do_sys_openat2": {0xffffffff81005000, 0xffffffff81006000},
			"ext4:local_func":        {0xffffffffc0001000},
		}},
		{"testdata/tracefs-addrs", true, map[string][]uint64{
			"vmlinux:do_sys_openat2": {0xffffffff81006000},
			"ext4:local_func":        {0xffffffffc0001000},
		}},
	} {
		got := located(t, c.tracefs, c.exact)
		if len(got) != len(c.want) {
			t.Errorf("%s: ambiguous functions %x, want %x", c.tracefs, got, c.want)
		}
		for k, w := range c.want {
			if !slices.Equal(got[k], w) {
				t.Errorf("%s: %s at %x, want %x", c.tracefs, k, got[k], w)
			}
		}
	}
}

// located lists the functions of a tracefs tree and returns the
// addresses of the ambiguous ones, checking that they are exact when
// ftrace gave its sites.
func located(t *testing.T, tracefs string, exact bool) map[string][]uint64 {
	t.Helper()
	pv := NewConfig(Config{Root: os.DirFS(tracefs), Blacklist: os.DirFS("testdata/debugfs"), Proc: os.DirFS("testdata/proc")})
	fns, err := pv.functions()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string][]uint64{}
	for i, fn := range fns {
		if fn.index != i {
			t.Errorf("%s:%s has index %d at %d", fn.module, fn.name, fn.index, i)
		}
		if fn.ambiguous {
			got[fn.module+":"+fn.name] = fn.addrs
			if fn.exact != exact {
				t.Errorf("%s:%s exact %v, want %v", fn.module, fn.name, fn.exact, exact)
			}
		} else if fn.addrs != nil {
			t.Errorf("%s:%s has addresses %x, but one name", fn.module, fn.name, fn.addrs)
		}
	}
	return got
}

package compile

import (
	"testing"

	"github.com/godtrace/godtrace/spec"
)

// TestDeclareFilled checks that a program declares the maps the loader
// fills exactly when its code uses them, so that it names every map it
// is loaded with.
func TestDeclareFilled(t *testing.T) {
	for _, tc := range []struct {
		src             string
		cpuinfo, plumbs bool
	}{
		{`BEGIN { trace(1); }`, false, false},
		{`BEGIN { trace(curcpu->cpu_id); }`, true, false},
		{`syscall::read:entry { trace(stackdepth); }`, false, true},
		{`syscall::read:entry { trace(caller); trace(curcpu->cpu_chip); }`, true, true},
	} {
		p, err := compileSrc(t, "filled.d", tc.src)
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		for name, want := range map[string]bool{spec.MapCPUInfo: tc.cpuinfo, spec.MapPlumbing: tc.plumbs} {
			m, ok := p.Maps[name]
			if ok != want {
				t.Errorf("%s: map %s declared %v, want %v", tc.src, name, ok, want)
			}
			if ok && len(m.Contents) != 0 {
				t.Errorf("%s: map %s has contents: the loader writes them", tc.src, name)
			}
		}
	}
}

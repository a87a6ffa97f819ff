package dtrace

import (
	"testing"

	"github.com/godtrace/godtrace/option"
	"github.com/godtrace/godtrace/spec"
)

// TestAllowDestructive checks the -w gate: a program with a destructive
// clause is refused unless the destructive option is set.
func TestAllowDestructive(t *testing.T) {
	for _, tc := range []struct {
		destructive, allowed bool
		want                 error
	}{
		{false, false, nil},
		{true, false, errDestructive},
		{true, true, nil},
	} {
		h := &Handle{Options: option.New(), prog: &spec.Program{ECBs: []*spec.ECB{{EPID: 1}, {EPID: 2, Destructive: tc.destructive}}}}
		if tc.allowed {
			h.Options.Set("destructive", "")
		}
		if err := h.allowDestructive(); err != tc.want {
			t.Errorf("destructive=%v allowed=%v: %v, want %v", tc.destructive, tc.allowed, err, tc.want)
		}
	}
}

package main

import (
	"strings"
	"testing"

	"github.com/godtrace/godtrace/internal/testenv"
)

// TestBPFLog checks -x bpflog, from the command line and from a pragma:
// the verifier's log of each program goes to standard error, every line
// after "BPF: ", down to its statistics; without it there is none. The
// log itself is the kernel's, so only its shape is checked.
func TestBPFLog(t *testing.T) {
	testenv.RequireBPF(t)
	for _, tc := range []struct {
		name string
		run  []string
		log  bool
	}{
		{"option", []string{"-x", "bpflog", "-qn", "BEGIN { exit(0); }"}, true},
		{"pragma", []string{"-qs", "testdata/e2e/scripts/opt-bpflog.d"}, true},
		{"small buffer", []string{"-x", "bpflog", "-x", "bpflogsize=1k", "-qn", "BEGIN { exit(0); }"}, true},
		{"off", []string{"-x", "bpflog=no", "-qn", "BEGIN { exit(0); }"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, stderr, code := runCase(t, &e2eCase{run: tc.run})
			if code != 0 {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			lines := strings.Split(strings.TrimSuffix(stderr, "\n"), "\n")
			stats := false
			for _, l := range lines {
				if tc.log && !strings.HasPrefix(l, "BPF: ") {
					t.Errorf("line %q is not the verifier's", l)
				}
				stats = stats || strings.HasPrefix(l, "BPF: processed ")
			}
			if stats != tc.log {
				t.Errorf("log with statistics: %v, want %v\n%s", stats, tc.log, stderr)
			}
		})
	}
}

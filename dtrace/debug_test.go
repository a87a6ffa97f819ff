package dtrace_test

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/dtrace"
)

// TestDebugOption checks that -x debug makes the library say what it
// compiled, in libdtrace's form, and that it is silent otherwise.
func TestDebugOption(t *testing.T) {
	line := regexp.MustCompile(`^libdtrace DEBUG [1-9][0-9]*: \S`)
	for _, debug := range []bool{false, true} {
		h, err := dtrace.Open()
		if err != nil {
			t.Fatal(err)
		}
		var stderr bytes.Buffer
		h.Stderr = &stderr
		if debug {
			if err := h.Options.Set("debug", ""); err != nil {
				t.Fatal(err)
			}
		}
		err = h.Compile([]dtrace.Source{{Text: []byte("BEGIN { exit(0); }")}}, nil)
		h.Close()
		if err != nil {
			t.Fatal(err)
		}
		out := stderr.String()
		if !debug {
			if out != "" {
				t.Errorf("without -x debug: %q", out)
			}
			continue
		}
		if !strings.Contains(out, ": compiled 1 clauses: 1 enablings of 1 probes in 1 programs,") {
			t.Errorf("no word of the compiled program:\n%s", out)
		}
		for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
			if !line.MatchString(l) {
				t.Errorf("line %q is not a libdtrace debug message", l)
			}
		}
	}
}

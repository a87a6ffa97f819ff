package compile

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestLimits checks that programs past the kernel's limits on one BPF
// program fail to compile with the limit and the clause's line, and
// that programs at the limits compile. Past them, they used to reach
// the verifier or the assembler ("too many subprograms", "The total
// number of maps per program has reached the limit of 64", "jump out
// of range"), some after creating thousands of maps.
func TestLimits(t *testing.T) {
	repeat := func(n int, format string) string {
		var b strings.Builder
		for i := range n {
			fmt.Fprintf(&b, format, i)
		}
		return b.String()
	}
	for _, tc := range []struct {
		name, src string
		line      int
		err       string
	}{
		{"clauses", "\n" + repeat(256, "BEGIN { x = %d; }\n"),
			257, "dtrace:::BEGIN has too many clauses: its BPF program would have 257 functions, more than the kernel's 256"},
		{"clauses-at-limit", repeat(255, "BEGIN { x = %d; }\n"), 0, ""},
		{"maps", "BEGIN { x = 1; }\nBEGIN {\n" + repeat(70, "a%d[1] = 1;\n") + "}",
			2, "dtrace:::BEGIN uses too many variables: its BPF program would use 72 maps, more than the kernel's 64"},
		{"thread-locals", "BEGIN {" + repeat(70, "self->v%d = 1;\n") + "}", 1, "dtrace:::BEGIN uses too many variables"},
		{"aggregations", "BEGIN {" + repeat(70, "@c%d = count();\n") + "}", 1, "more than the kernel's 64"},
		{"maps-below-limit", "BEGIN {" + repeat(40, "a%d[1] = 1;\n") + "}", 0, ""},
		{"jumps", "BEGIN { s = \"\"; }\n\nBEGIN {" + strings.Repeat("s = strjoin(s, \"a\");\n", 400) + "}",
			3, "clause is too long: its code"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := compileSrc(t, tc.name, tc.src)
			if tc.err == "" {
				if err != nil {
					t.Errorf("error %v, want none", err)
				}
				return
			}
			var l ErrorList
			if !errors.As(err, &l) || !strings.Contains(err.Error(), tc.err) || l[0].Line != tc.line {
				t.Errorf("error %#v, want one at line %d containing %q", err, tc.line, tc.err)
			}
		})
	}
}

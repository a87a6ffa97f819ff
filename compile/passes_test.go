package compile

import (
	"slices"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/lang/token"
)

// TestPassDumps checks that each pass is dumped once, in order, and
// that each dump describes that pass's result.
func TestPassDumps(t *testing.T) {
	cfg := config(t)
	var passes []Pass
	dumps := map[Pass]string{}
	cfg.Dump = func(p Pass, s string) {
		passes = append(passes, p)
		dumps[p] = s
	}
	src := `syscall::read:entry { self->n++; this->x = 1; @c[execname] = count(); }
BEGIN { x = 2; a["k"] = 1; }`
	if _, err := Compile([]*token.File{token.NewFile("passes.d", []byte(src))}, cfg); err != nil {
		t.Fatal(err)
	}
	if want := []Pass{PassMatch, PassCheck, PassLayout, PassCodegen}; !slices.Equal(passes, want) {
		t.Fatalf("passes %v, want %v", passes, want)
	}
	for p, want := range map[Pass][]string{
		PassMatch:   {"clause at line 1: ", "syscall::read:entry", "clause at line 2: 1 dtrace:::BEGIN"},
		PassCheck:   {"x: int", "a: int keyed by [string]", "self->n: int64_t", "this->x: int", "aggregation @c: count, keyed by [string]"},
		PassLayout:  {"scratch: ", "a: map assoc_a", "self->n: map self_n", "this->x: offset ", "x: offset ", "@c: map agg_0"},
		PassCodegen: {"program probe_1 for 1 dtrace:::BEGIN", "maps: "},
	} {
		for _, w := range want {
			if !strings.Contains(dumps[p], w) {
				t.Errorf("%v dump lacks %q:\n%s", p, w, dumps[p])
			}
		}
	}
	if PassCodegen.String() != "codegen" || Pass(9).String() != "Pass(9)" {
		t.Errorf("names %q %q", PassCodegen, Pass(9))
	}
}

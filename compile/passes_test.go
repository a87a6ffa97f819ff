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

// TestPassesOneByOne runs the passes one at a time: matching succeeds
// on a clause its checking refuses, an unmatched description fails
// matching whatever the body, and the passes run in turn give what
// Compile gives.
func TestPassesOneByOne(t *testing.T) {
	cfg := config(t)
	parse := func(src string) *Parsed {
		t.Helper()
		p, err := Parse([]*token.File{token.NewFile("passes.d", []byte(src))})
		if err != nil {
			t.Fatal(err)
		}
		return p
	}

	m, err := Match(parse(`syscall::read:entry, syscall::openat:entry { x = "s"; x = 1; }`), cfg)
	if err != nil {
		t.Fatalf("Match: %v", err)
	}
	var got []string
	for _, ps := range m.Probes() {
		for _, p := range ps {
			got = append(got, p.Function)
		}
	}
	if want := []string{"read", "openat"}; !slices.Equal(got, want) {
		t.Errorf("statements' probes %q, want %q", got, want)
	}
	if _, err := m.Check(); err == nil || !strings.Contains(err.Error(), "operands have incompatible types") {
		t.Errorf("Check: %v, want the assignment's type error", err)
	}

	if _, err := Match(parse(`syscall::nosuchcall:entry { x = "s"; x = 1; }`), cfg); err == nil || !strings.Contains(err.Error(), "does not match any probes") {
		t.Errorf("Match of an unmatched description: %v", err)
	}

	src := `syscall::read:entry { @[execname] = count(); self->t = timestamp; } END { printa(@); }`
	want, err := CompileParsed(parse(src), config(t))
	if err != nil {
		t.Fatal(err)
	}
	m, err = Match(parse(src), config(t))
	if err != nil {
		t.Fatal(err)
	}
	k, err := m.Check()
	if err != nil {
		t.Fatal(err)
	}
	if n := len(k.Info().Aggs); n != 1 {
		t.Errorf("Check found %d aggregations, want 1", n)
	}
	l, err := k.Layout()
	if err != nil {
		t.Fatal(err)
	}
	p, err := l.Generate()
	if err != nil {
		t.Fatal(err)
	}
	if dump(p) != dump(want) || len(p.ECBs) != len(want.ECBs) || len(p.Maps) != len(want.Maps) {
		t.Error("the passes run one by one give another program than CompileParsed")
	}
	// Each pass runs once.
	if _, err := m.Check(); err == nil {
		t.Error("Check ran twice")
	}
	if _, err := l.Generate(); err == nil {
		t.Error("Generate ran twice")
	}
}

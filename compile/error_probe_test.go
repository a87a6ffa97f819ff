package compile

import (
	"slices"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/spec"
)

// linkedClauses returns the clause functions linked into each probe's
// program, by probe name.
func linkedClauses(p *spec.Program) map[string][]string {
	out := map[string][]string{}
	for _, pp := range p.Probes {
		for _, ins := range pp.Program.Instructions {
			if sym := ins.Symbol(); strings.HasPrefix(sym, "clause_") {
				out[pp.Probe.Name] = append(out[pp.Probe.Name], sym)
			}
		}
	}
	return out
}

// TestErrorLinked checks which programs ERROR's clause functions are
// linked into: those with a clause that can fault, except ERROR's own.
func TestErrorLinked(t *testing.T) {
	p, err := compileSrc(t, "error.d", `
BEGIN { x = *(int *)64; }
END { trace(1); }
ERROR { trace(arg1); }
ERROR { y = *(int *)arg5; }
`)
	if err != nil {
		t.Fatal(err)
	}
	got := linkedClauses(p)
	want := map[string][]string{
		"BEGIN": {"clause_1", "clause_3", "clause_4"},
		"END":   {"clause_2"},
		"ERROR": {"clause_3", "clause_4"},
	}
	for name, w := range want {
		if g := got[name]; !slices.Equal(g, w) {
			t.Errorf("%s links %v, want %v", name, g, w)
		}
	}
}

// TestErrorCalls checks the trampoline of a faulting probe: ERROR's
// clauses are called only after a fault, and the probe's arguments are
// restored for the clauses that follow.
func TestErrorCalls(t *testing.T) {
	p, err := compileSrc(t, "error.d", `
BEGIN { x = *(int *)64; }
BEGIN { trace(arg0); }
ERROR { trace(arg1); }
`)
	if err != nil {
		t.Fatal(err)
	}
	var calls []string
	for _, ins := range p.Probes[0].Program.Instructions {
		if ins.IsFunctionReference() {
			calls = append(calls, ins.Reference())
		}
		if ins.Symbol() == "clause_1" {
			break
		}
	}
	want := []string{"clause_1", "clause_3", "clause_2"}
	if !slices.Equal(calls, want) {
		t.Errorf("BEGIN's trampoline calls %v, want %v", calls, want)
	}
	withError := p.Maps[spec.MapScratch].ValueSize
	// Without an ERROR clause, a fault only reports, and there are no
	// arguments to keep aside.
	p, err = compileSrc(t, "noerror.d", `BEGIN { x = *(int *)64; }`)
	if err != nil {
		t.Fatal(err)
	}
	if d := withError - p.Maps[spec.MapScratch].ValueSize; d != 8*provider.NArgs {
		t.Errorf("ERROR reserves %d bytes of scratch, want %d", d, 8*provider.NArgs)
	}
	if got := linkedClauses(p)["BEGIN"]; !slices.Equal(got, []string{"clause_1"}) {
		t.Errorf("BEGIN links %v without ERROR clauses", got)
	}
}

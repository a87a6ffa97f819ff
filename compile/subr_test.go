package compile

import (
	"slices"
	"sort"
	"testing"

	"github.com/godtrace/godtrace/lang/check"
)

// TestSubroutineGenerators checks that the checker's subroutines and the
// code generator's are the same list: every subroutine the checker
// accepts has a generator (a missing one failed only when a program
// called it), and every generator a subroutine.
func TestSubroutineGenerators(t *testing.T) {
	subrs := check.Subroutines()
	for _, name := range subrs {
		if generators[name] == nil {
			t.Errorf("subroutine %s( ) has no generator", name)
		}
	}
	var gens []string
	for name := range generators {
		gens = append(gens, name)
	}
	sort.Strings(gens)
	for _, name := range gens {
		if !slices.Contains(subrs, name) {
			t.Errorf("generator %s has no subroutine in the checker", name)
		}
	}
	if len(subrs) < 50 {
		t.Errorf("%d subroutines: the list is not the checker's", len(subrs))
	}
}

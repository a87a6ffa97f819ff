package check

import "testing"

// TestActionArity checks that every action has its prototype's
// argument count, which an action cooked as an operand is checked
// against.
func TestActionArity(t *testing.T) {
	for name := range actionNames {
		if _, ok := actionArity[name]; !ok {
			t.Errorf("%s has no entry in actionArity", name)
		}
	}
	for name := range actionArity {
		if _, ok := actionNames[name]; !ok {
			t.Errorf("actionArity has %s, which is no action", name)
		}
	}
}

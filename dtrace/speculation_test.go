package dtrace

import (
	"testing"

	"github.com/godtrace/godtrace/spec"
)

// TestOnlyEndsSpeculations checks which clauses print nothing: those
// whose actions only end speculations, to which DTrace gives no record.
func TestOnlyEndsSpeculations(t *testing.T) {
	for _, tc := range []struct {
		kinds []spec.ActionKind
		want  bool
	}{
		{nil, false}, // no action: the default action prints the probe
		{[]spec.ActionKind{spec.ActCommit}, true},
		{[]spec.ActionKind{spec.ActDiscard, spec.ActCommit}, true},
		{[]spec.ActionKind{spec.ActSpeculate, spec.ActCommit}, true},
		{[]spec.ActionKind{spec.ActSpeculate}, false}, // speculates the probe
		{[]spec.ActionKind{spec.ActPrintf, spec.ActDiscard}, false},
		{[]spec.ActionKind{spec.ActSpeculate, spec.ActTrace, spec.ActCommit}, false},
	} {
		ecb := &spec.ECB{}
		for _, k := range tc.kinds {
			ecb.Actions = append(ecb.Actions, spec.Action{Kind: k})
		}
		if got := onlyEndsSpeculations(ecb); got != tc.want {
			t.Errorf("%v: %v, want %v", tc.kinds, got, tc.want)
		}
	}
}

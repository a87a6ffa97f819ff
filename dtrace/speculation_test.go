package dtrace

import (
	"testing"

	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/spec"
)

// TestOnlyEndsSpeculations checks which clauses print nothing: those
// whose actions only end speculations, to which DTrace gives no record.
func TestOnlyEndsSpeculations(t *testing.T) {
	for _, tc := range []struct {
		kinds []abi.ActionKind
		want  bool
	}{
		{nil, false}, // no action: the default action prints the probe
		{[]abi.ActionKind{abi.ActCommit}, true},
		{[]abi.ActionKind{abi.ActDiscard, abi.ActCommit}, true},
		{[]abi.ActionKind{abi.ActSpeculate, abi.ActCommit}, true},
		{[]abi.ActionKind{abi.ActSpeculate}, false}, // speculates the probe
		{[]abi.ActionKind{abi.ActPrintf, abi.ActDiscard}, false},
		{[]abi.ActionKind{abi.ActSpeculate, abi.ActTrace, abi.ActCommit}, false},
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

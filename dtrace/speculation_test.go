package dtrace

import (
	"bytes"
	"testing"

	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/provider"
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

// TestPrinterSpeculation checks what dtrace prints of ended speculations
// and of a fault raised outside DIF.
func TestPrinterSpeculation(t *testing.T) {
	var out, errw bytes.Buffer
	p := NewPrinter(&out, &errw, false)
	probe := &provider.Probe{ID: 1, Provider: "dtrace", Name: "BEGIN"}
	ecb := &spec.ECB{EPID: 3, Clause: 2, Probe: probe, Size: 16, Actions: []spec.Action{{Kind: spec.ActCommit, Items: []spec.Item{{Off: 8, Size: spec.SpecTagSize}}}}}
	if err := p.Record(nil, &consume.Record{ECB: ecb, Data: make([]byte, 16)}); err != nil {
		t.Fatal(err)
	}
	if err := p.Fault(nil, &consume.Fault{ECB: ecb, Kind: spec.FaultIllOp, Action: 1, Offset: -1}); err != nil {
		t.Fatal(err)
	}
	if err := p.Drop(nil, "2 failed speculations (no speculative buffer available)"); err != nil {
		t.Fatal(err)
	}
	p.Flush()
	if out.String() != "" {
		t.Errorf("stdout %q, want nothing", out.String())
	}
	want := "dtrace: error in dt_clause_2 for probe ID 1 (dtrace:::BEGIN): illegal operation\n" +
		"dtrace: 2 failed speculations (no speculative buffer available)\n"
	if errw.String() != want {
		t.Errorf("stderr\n%s\nwant\n%s", errw.String(), want)
	}
}

package output

import (
	"bytes"
	"testing"

	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/dtrace"
	"github.com/godtrace/godtrace/spec"
)

// TestPrinterFaultDrop checks what dtrace prints of a fault raised
// outside DIF and of a drop.
func TestPrinterFaultDrop(t *testing.T) {
	var out, errw bytes.Buffer
	p := NewPrinter(&out, &errw, false)
	probe := spec.Probe{ID: 1, Provider: "dtrace", Name: "BEGIN"}
	ecb := &spec.ECB{EPID: 3, Clause: 2, Probe: probe, Size: 16, Actions: []spec.Action{{Kind: abi.ActCommit, Items: []spec.Item{{Off: 8, Size: spec.SpeculationTagSize}}}}}
	if err := p.Fault(nil, &consume.Fault{ECB: ecb, Kind: spec.FaultIllOp, Action: 1, Offset: -1}); err != nil {
		t.Fatal(err)
	}
	if err := p.Drop(nil, dtrace.Drop{Kind: dtrace.DropSpecUnavail, Count: 2, CPU: -1}); err != nil {
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

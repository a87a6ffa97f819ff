package output

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/dtrace"
	"github.com/godtrace/godtrace/spec"
)

// TestFreopenFtruncate drives the consumer's freopen() and ftruncate():
// output moves to the named file and back, ftruncate() empties whichever
// file is the output, and a file that cannot be opened is reported as a
// library error while output stays put.
func TestFreopenFtruncate(t *testing.T) {
	dir := t.TempDir()
	orig, err := os.Create(filepath.Join(dir, "orig"))
	if err != nil {
		t.Fatal(err)
	}
	defer orig.Close()
	other := filepath.Join(dir, "other")
	var errw bytes.Buffer
	p := NewPrinter(orig, &errw, true)
	h, err := dtrace.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	ecb := &spec.ECB{EPID: 3, Clause: 2, Probe: spec.Probe{ID: 1, Provider: "dtrace", Name: "BEGIN"}}
	do := func(kind abi.ActionKind, format string) {
		t.Helper()
		a := &spec.Action{Kind: kind, Format: format}
		if err := p.action(h, &consume.Record{ECB: ecb, Data: make([]byte, 8)}, a); err != nil {
			t.Fatal(err)
		}
	}
	p.Out.WriteString("junk\n")
	do(abi.ActFtruncate, "")
	p.Out.WriteString("one\n")
	do(abi.ActFreopen, other)
	p.Out.WriteString("gone\n")
	do(abi.ActFtruncate, "")
	p.Out.WriteString("two\n")
	do(abi.ActFreopen, ".")
	p.Out.WriteString("three\n")
	do(abi.ActFreopen, filepath.Join(dir, "no", "such"))
	p.Out.WriteString("four\n")
	p.Flush()
	for file, want := range map[string]string{orig.Name(): "one\nthree\nfour\n", other: "two\n"} {
		b, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		if string(b) != want {
			t.Errorf("%s holds %q, want %q", filepath.Base(file), b, want)
		}
	}
	wantErr := `dtrace: error in dt_clause_2 for probe ID 1 (dtrace:::BEGIN): couldn't freopen() "` +
		filepath.Join(dir, "no", "such") + `": No such file or directory` + "\n"
	if errw.String() != wantErr {
		t.Errorf("stderr %q, want %q", errw.String(), wantErr)
	}
}

package compile

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/lang/token"
	"github.com/godtrace/godtrace/spec"
)

// TestSpeculationRecords checks where speculations' tags lie: a
// speculative clause's record carries one after the header, and commit()
// and discard() record the one they end.
func TestSpeculationRecords(t *testing.T) {
	p, err := compileSrc(t, "", `
		BEGIN { self->s = speculation(); }
		BEGIN { speculate(self->s); printf("%d", 1); }
		BEGIN { printf("%d", 2); discard(self->s); }
		BEGIN { speculate(self->s); trace(3); commit(self->s); }
		BEGIN { trace(4); }`)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range p.ECBs {
		s := fmt.Sprintf("%d: spec=%d size=%d", e.EPID, e.SpeculationTag, e.Size)
		for _, a := range e.Actions {
			s += fmt.Sprintf(" %d", a.Kind)
			for _, it := range a.Items {
				s += fmt.Sprintf("@%d/%d", it.Off, it.Size)
			}
		}
		got = append(got, s)
	}
	want := []string{
		"1: spec=0 size=0", // an assignment alone records nothing
		fmt.Sprintf("2: spec=8 size=24 %d %d@16/4", abi.ActSpeculate, abi.ActPrintf),
		fmt.Sprintf("3: spec=0 size=24 %d@8/4 %d@16/8", abi.ActPrintf, abi.ActDiscard),
		fmt.Sprintf("4: spec=8 size=32 %d %d@16/4 %d@24/8", abi.ActSpeculate, abi.ActTrace, abi.ActCommit),
		"5: spec=0 size=16 1@8/4",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestSpeculationMap checks that the speculations map has a slot per
// speculation (the nspec option), and exists only in programs that use
// speculations.
func TestSpeculationMap(t *testing.T) {
	for _, tc := range []struct {
		src   string
		nspec int
		want  uint32 // value size; 0 for no map
	}{
		{"BEGIN { trace(1); }", 4, 0},
		{"BEGIN { x = speculation(); }", 0, spec.SpeculationSlots + 8},
		{"BEGIN { x = speculation(); }", 4, spec.SpeculationSlots + 32},
		{"BEGIN { commit(1); }", 2, spec.SpeculationSlots + 16},
	} {
		cfg := config(t)
		cfg.NSpec = tc.nspec
		p, err := Compile([]*token.File{token.NewFile("", []byte(tc.src))}, cfg)
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		var got uint32
		if m := p.Maps[spec.MapSpeculations]; m != nil {
			got = m.ValueSize
		}
		if got != tc.want {
			t.Errorf("%s with nspec=%d: specs value size %d, want %d", tc.src, tc.nspec, got, tc.want)
		}
	}
}

// TestSpeculationIDBound checks that an ID is checked against nspec: the
// bound is in the code, so that the slot's address is one the verifier
// can prove inside the map.
func TestSpeculationIDBound(t *testing.T) {
	cfg := config(t)
	cfg.NSpec = 7
	p, err := Compile([]*token.File{token.NewFile("", []byte("BEGIN { speculate(arg0); trace(1); }"))}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, ins := range p.Probes[0].Program.Instructions {
		if ins.OpCode.JumpOp() == asm.JLT && ins.Constant == 7 {
			found = true
		}
	}
	if !found {
		t.Errorf("no check of the ID against nspec=7 in\n%v", p.Probes[0].Program.Instructions)
	}
}

// TestSpeculationCmpXchg checks that speculation(), commit() and
// discard() claim and free slots with BPF_CMPXCHG as encoded: cilium/ebpf
// v0.22 encodes an atomic instruction whose Constant does not name the
// operation as an atomic add.
func TestSpeculationCmpXchg(t *testing.T) {
	p, err := compileSrc(t, "", "BEGIN { x = speculation(); } BEGIN { commit(x); } BEGIN { discard(x); }")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, ins := range p.Probes[0].Program.Instructions {
		if ins.OpCode.AtomicOp() != asm.CmpXchg {
			continue
		}
		n++
		var b bytes.Buffer
		if _, err := ins.Marshal(&b, binary.LittleEndian); err != nil {
			t.Fatal(err)
		}
		if imm := binary.LittleEndian.Uint32(b.Bytes()[4:]); imm != 0xf1 {
			t.Errorf("%v: immediate %#x, want BPF_CMPXCHG (0xf1)", ins, imm)
		}
	}
	if n != 3 {
		t.Errorf("%d compare-and-exchange instructions, want 3", n)
	}
}

// TestSpeculationTooMany checks that an nspec the code cannot loop over
// is refused rather than quietly lowered.
func TestSpeculationTooMany(t *testing.T) {
	cfg := config(t)
	cfg.NSpec = maxNSpec + 1
	_, err := Compile([]*token.File{token.NewFile("", []byte("BEGIN { x = speculation(); }"))}, cfg)
	if err == nil || !strings.Contains(err.Error(), "more speculations than godtrace supports") {
		t.Errorf("nspec=%d: %v", cfg.NSpec, err)
	}
}

package consume

import (
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/spec"
)

// Three ECBs: a speculative trace(), a commit() and a discard() clause
// that also trace, and one that speculates, traces and commits.
var (
	specTrace  = &spec.ECB{EPID: 1, Size: 24, SpeculationTag: 8, Actions: []spec.Action{{Kind: abi.ActSpeculate}, {Kind: abi.ActTrace, Items: []spec.Item{{Off: 16, Size: 8}}}}}
	endCommit  = &spec.ECB{EPID: 2, Size: 24, Actions: []spec.Action{{Kind: abi.ActTrace, Items: []spec.Item{{Off: 8, Size: 8}}}, {Kind: abi.ActCommit, Items: []spec.Item{{Off: 16, Size: spec.SpeculationTagSize}}}}}
	endDiscard = &spec.ECB{EPID: 3, Size: 24, Actions: []spec.Action{{Kind: abi.ActTrace, Items: []spec.Item{{Off: 8, Size: 8}}}, {Kind: abi.ActDiscard, Items: []spec.Item{{Off: 16, Size: spec.SpeculationTagSize}}}}}
	specCommit = &spec.ECB{EPID: 4, Size: 32, SpeculationTag: 8, Actions: []spec.Action{{Kind: abi.ActSpeculate}, {Kind: abi.ActTrace, Items: []spec.Item{{Off: 16, Size: 8}}}, {Kind: abi.ActCommit, Items: []spec.Item{{Off: 24, Size: spec.SpeculationTagSize}}}}}
)

// rec builds a record of ecb on cpu holding value v, tagged with tag (its
// speculation for a speculative ECB, the one it ends otherwise).
func rec(ecb *spec.ECB, cpu int, v uint64, tag Tag) *Record {
	b := make([]byte, ecb.Size)
	binary.LittleEndian.PutUint32(b, ecb.EPID)
	binary.LittleEndian.PutUint32(b[4:], uint32(cpu))
	for _, a := range ecb.Actions {
		switch a.Kind {
		case abi.ActTrace:
			binary.LittleEndian.PutUint64(b[a.Items[0].Off:], v)
		case abi.ActCommit, abi.ActDiscard:
			binary.LittleEndian.PutUint32(b[a.Items[0].Off:], tag.ID)
			binary.LittleEndian.PutUint32(b[a.Items[0].Off+4:], tag.Gen)
		}
	}
	if ecb.SpeculationTag != 0 {
		binary.LittleEndian.PutUint32(b[ecb.SpeculationTag:], tag.ID)
		binary.LittleEndian.PutUint32(b[ecb.SpeculationTag+4:], tag.Gen)
	}
	return &Record{ECB: ecb, CPU: cpu, Data: b}
}

// values lists the traced values of records, as the consumer gets them.
func values(rs []*Record) string {
	var out []string
	for _, r := range rs {
		for i := range r.ECB.Actions {
			if a := &r.ECB.Actions[i]; a.Kind == abi.ActTrace {
				out = append(out, fmt.Sprint(r.Datum(a.Items[0]).Int))
			}
		}
	}
	return strings.Join(out, " ")
}

func TestSpeculations(t *testing.T) {
	a, b, a2 := Tag{ID: 1, Gen: 0}, Tag{ID: 2, Gen: 0}, Tag{ID: 1, Gen: 1}
	steps := []struct {
		r    *Record
		want string // values passed on
	}{
		{rec(specTrace, 0, 1, a), ""},
		{rec(specTrace, 0, 2, b), ""},
		{rec(specTrace, 1, 3, a), ""},
		{rec(specTrace, 0, 0, Tag{}), "0"}, // speculate(0) left no tag: not speculative
		// The commit clause's own record comes before what it commits.
		{rec(endCommit, 0, 10, a), "10 1 3"},
		// Speculation 1 again, a later generation: not what was committed.
		{rec(specTrace, 0, 4, a2), ""},
		// A record of an ended speculation that reached the buffer late.
		{rec(specTrace, 1, 5, a), "5"},
		{rec(endDiscard, 0, 11, b), "11"},
		{rec(specTrace, 1, 6, b), ""},
		// An end that ended nothing (tag 0) changes nothing.
		{rec(endCommit, 0, 12, Tag{}), "12"},
		// Speculate, trace and commit in one clause: the record is the
		// speculation's last.
		{rec(specCommit, 0, 7, a2), "4 7"},
	}
	var s Speculations
	s.Size = 1 << 10
	for i, st := range steps {
		if got := values(s.Route(st.r)); got != st.want {
			t.Errorf("step %d: passed on %q, want %q", i, got, st.want)
		}
	}
	if s.Drops != 0 {
		t.Errorf("%d drops, want none", s.Drops)
	}
}

// TestSpeculationSize checks that a speculation holds specsize bytes of
// records per CPU, and that the records beyond are drops when the
// speculation is committed and forgotten when it is discarded.
func TestSpeculationSize(t *testing.T) {
	s := Speculations{Size: 2 * 24}
	a, b := Tag{ID: 1}, Tag{ID: 2}
	for i := range 3 {
		s.Route(rec(specTrace, 0, uint64(i), a))
		s.Route(rec(specTrace, 1, uint64(10+i), a))
		s.Route(rec(specTrace, 0, uint64(20+i), b))
	}
	if got := values(s.Route(rec(endDiscard, 0, 99, b))); got != "99" {
		t.Errorf("discard passed on %q", got)
	}
	if s.Drops != 0 {
		t.Errorf("%d drops after a discard, want 0", s.Drops)
	}
	if got := values(s.Route(rec(endCommit, 0, 98, a))); got != "98 0 10 1 11" {
		t.Errorf("commit passed on %q", got)
	}
	if s.Drops != 2 {
		t.Errorf("%d drops, want 2 (one per CPU)", s.Drops)
	}
}

// TestSpeculationCopies checks that a held record does not share the
// buffer's memory, which the next read reuses.
func TestSpeculationCopies(t *testing.T) {
	s := Speculations{Size: 1 << 10}
	r := rec(specTrace, 0, 1, Tag{ID: 1})
	s.Route(r)
	binary.LittleEndian.PutUint64(r.Data[16:], 2)
	if got := values(s.Route(rec(endCommit, 0, 0, Tag{ID: 1}))); got != "0 1" {
		t.Errorf("passed on %q, want \"0 1\"", got)
	}
}

// TestDecodeFaultNoOffset checks that a fault raised outside DIF (a
// speculation ID out of range) has no offset.
func TestDecodeFaultNoOffset(t *testing.T) {
	raw := make([]byte, 32)
	binary.LittleEndian.PutUint32(raw[8:], 1)
	binary.LittleEndian.PutUint32(raw[12:], spec.FaultIllOp)
	binary.LittleEndian.PutUint64(raw[16:], 2<<32|spec.FaultNoOffset)
	v, err := Decode(program(), raw)
	if err != nil {
		t.Fatal(err)
	}
	if f, ok := v.(*Fault); !ok || f.Offset != -1 || f.Action != 2 || f.Kind != spec.FaultIllOp {
		t.Errorf("decoded %#v", v)
	}
}

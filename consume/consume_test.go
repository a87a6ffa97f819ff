package consume

import (
	"encoding/binary"
	"testing"

	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/spec"
)

func program() *spec.Program {
	return &spec.Program{ECBs: []*spec.ECB{{
		EPID: 1, Record: true, Size: 32,
		Actions: []spec.Action{{Kind: abi.ActPrintf, Items: []spec.Item{
			{Off: 8, Size: 4, Signed: true},
			{Off: 16, Size: 16, String: true},
		}}},
	}}}
}

func TestDecodeRecord(t *testing.T) {
	raw := make([]byte, 32)
	binary.LittleEndian.PutUint32(raw[0:], 1)
	binary.LittleEndian.PutUint32(raw[4:], 1)
	binary.LittleEndian.PutUint32(raw[8:], uint32(0xfffffffd)) // -3
	copy(raw[16:], "str")
	v, err := Decode(program(), raw)
	if err != nil {
		t.Fatal(err)
	}
	r, ok := v.(*Record)
	if !ok || r.CPU != 1 || r.ECB.EPID != 1 {
		t.Fatalf("decoded %#v", v)
	}
	vals := r.Values(&r.ECB.Actions[0])
	if got := int32(vals[0].Int); got != -3 || vals[0].Size != 4 || !vals[0].Signed {
		t.Errorf("int datum %+v", vals[0])
	}
	if vals[1].Kind != format.String || vals[1].Str != "str" {
		t.Errorf("string datum %+v", vals[1])
	}
}

func TestDecodeErrors(t *testing.T) {
	p := program()
	for _, raw := range [][]byte{
		make([]byte, 4), // short header
		append(binary.LittleEndian.AppendUint32(nil, 9), make([]byte, 28)...), // unknown EPID
		append(binary.LittleEndian.AppendUint32(nil, 1), make([]byte, 12)...), // short record
		make([]byte, 16), // short fault record
	} {
		if v, err := Decode(p, raw); err == nil {
			t.Errorf("Decode(%x) = %#v, want an error", raw, v)
		}
	}
}

func TestDecodeFault(t *testing.T) {
	raw := make([]byte, 32)
	binary.LittleEndian.PutUint32(raw[4:], 0)
	binary.LittleEndian.PutUint32(raw[8:], 1)
	binary.LittleEndian.PutUint32(raw[12:], spec.FaultDivZero)
	binary.LittleEndian.PutUint64(raw[16:], 2<<32|77)
	v, err := Decode(program(), raw)
	f, ok := v.(*Fault)
	if err != nil || !ok || f.ECB == nil || f.Kind != spec.FaultDivZero || f.Action != 2 || f.Offset != 77 {
		t.Errorf("Decode fault = %#v, %v", v, err)
	}
}

func cpuValue(slots ...int64) []byte {
	var b []byte
	for _, s := range slots {
		b = binary.LittleEndian.AppendUint64(b, uint64(s))
	}
	return b
}

// TestMerge checks the per-CPU merge: a CPU whose update count is zero
// never saw the key (the kernel zero-fills it) and must not count, which
// matters for min and max.
func TestMerge(t *testing.T) {
	for _, tt := range []struct {
		fn   abi.AggFunc
		per  [][]byte
		want AggEntry
	}{
		{abi.AggCount, [][]byte{cpuValue(3), cpuValue(4)}, AggEntry{N: 7}},
		{abi.AggSum, [][]byte{cpuValue(2, 10), cpuValue(1, -3)}, AggEntry{N: 3, Sum: 7}},
		{abi.AggMin, [][]byte{cpuValue(0, 0), cpuValue(2, 5)}, AggEntry{N: 2, Min: 5}},
		{abi.AggMin, [][]byte{cpuValue(1, -5), cpuValue(2, 5)}, AggEntry{N: 3, Min: -5}},
		{abi.AggMax, [][]byte{cpuValue(1, -5), cpuValue(0, 0)}, AggEntry{N: 1, Max: -5}},
	} {
		var e AggEntry
		merge(&spec.Aggregation{Func: tt.fn}, &e, tt.per)
		if e.N != tt.want.N || e.Sum != tt.want.Sum || e.Min != tt.want.Min || e.Max != tt.want.Max {
			t.Errorf("%v: merged %+v, want %+v", tt.fn, e, tt.want)
		}
	}
	a := &spec.Aggregation{Func: abi.AggLquantize, Levels: 2}
	var e AggEntry
	merge(a, &e, [][]byte{cpuValue(2, 1, 0, 1, 0), cpuValue(1, 0, 1, 0, 0)})
	if e.N != 3 || len(e.Buckets) != 4 || e.Buckets[0] != 1 || e.Buckets[1] != 1 || e.Buckets[2] != 1 {
		t.Errorf("lquantize merged %+v", e)
	}
	if merge(&spec.Aggregation{Func: abi.AggCount}, &AggEntry{}, [][]byte{cpuValue(0), cpuValue(0)}) {
		t.Error("a key no CPU aggregated was kept")
	}
}

// A string is cut at strsize bytes, the whole of a DTrace record with no
// room for a NUL, however large the buffer it was stored in.
func TestStringStrsize(t *testing.T) {
	b := []byte("abcdefg\x00")
	d := datum(b, spec.Item{Size: 8, String: true, StrSize: 4})
	if d.Str != "abcd" || d.Size != 4 {
		t.Errorf("strsize 4: got %q size %d, want \"abcd\" size 4", d.Str, d.Size)
	}
	d = datum(b, spec.Item{Size: 8, String: true, StrSize: 256})
	if d.Str != "abcdefg" || d.Size != 256 {
		t.Errorf("strsize 256: got %q size %d, want \"abcdefg\" size 256", d.Str, d.Size)
	}
}

package consume

import (
	"encoding/binary"
	"testing"

	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/format"

	"github.com/godtrace/godtrace/spec"
)

// BenchmarkDecodePrintf decodes one record of a typical printf() and
// takes its values, as the consumer does for each record it prints: two
// integers and a string (execname). ns/op and allocs/op are per record.
func BenchmarkDecodePrintf(b *testing.B) {
	prog := benchProgram(b, `BEGIN { printf("%d %d %s\n", pid, tid, execname); }`)
	ecb := prog.ECBs[0]
	var act *spec.Action
	for i := range ecb.Actions {
		if ecb.Actions[i].Kind == abi.ActPrintf {
			act = &ecb.Actions[i]
		}
	}
	if act == nil || len(act.Items) != 3 {
		b.Fatalf("no printf action of 3 items in %+v", ecb.Actions)
	}
	raw := make([]byte, ecb.Size)
	binary.LittleEndian.PutUint32(raw[spec.HeaderEPID:], ecb.EPID)
	binary.LittleEndian.PutUint32(raw[spec.HeaderCPU:], 1)
	for _, it := range act.Items {
		if it.String {
			copy(raw[it.Off:], "postgres")
		} else {
			binary.LittleEndian.PutUint32(raw[it.Off:], 4242)
		}
	}
	// One record at a time, as a test or a one-off reader does.
	b.Run("Decode", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			v, err := Decode(prog, raw)
			if err != nil {
				b.Fatal(err)
			}
			if vals := v.(*Record).Values(act); vals[2].Str != "postgres" {
				b.Fatalf("decoded %+v", vals)
			}
		}
	})
	// As the consumer streams records: a Decoder reusing its slabs
	// after each switch (here every slab's worth), and the values
	// appended to a slice the printer reuses.
	b.Run("Decoder", func(b *testing.B) {
		d := Decoder{Program: prog, Reuse: true}
		var vals []format.Datum
		n := 0
		b.ReportAllocs()
		for b.Loop() {
			v, err := d.Decode(raw)
			if err != nil {
				b.Fatal(err)
			}
			if vals = v.(*Record).AppendValues(vals[:0], act); vals[2].Str != "postgres" {
				b.Fatalf("decoded %+v", vals)
			}
			if n++; n == decoderSlab {
				d.Reset()
				n = 0
			}
		}
	})
}

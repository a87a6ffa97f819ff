package consume

import (
	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/internal/chunks"
	"github.com/godtrace/godtrace/spec"
)

// Decoder is Decode for a stream of records: it hands out Records from
// slabs, one allocation for many records instead of one each (at a
// million records a second the allocations are most of the work).
// Unless Reuse is set a slab is never reused, and the garbage collector
// frees it once none of its Records is kept; with Reuse, Reset makes
// every Record free again.
type Decoder struct {
	Program *spec.Program
	Reuse   bool
	slabs   chunks.Pool[Record]
	free    []Record
}

const decoderSlab = 128

// Decode is Decode of the Decoder's program.
func (d *Decoder) Decode(raw []byte) (any, error) {
	if len(raw) < spec.HeaderSize || le.Uint32(raw[spec.HeaderEPID:]) == spec.EPIDError {
		return Decode(d.Program, raw)
	}
	if len(d.free) == 0 {
		d.slabs.Size, d.slabs.Reuse = decoderSlab, d.Reuse
		d.free = d.slabs.Next()
	}
	r := &d.free[0]
	if err := decodeRecord(d.Program, raw, r); err != nil {
		return nil, err
	}
	d.free = d.free[1:]
	return r, nil
}

// Reset makes every Record the Decoder returned free for reuse, with
// Reuse set: only once none of them is referenced.
func (d *Decoder) Reset() {
	if d.Reuse {
		d.slabs.Reset()
		d.free = nil
	}
}

// AppendValues appends the data of one action to dst, in order: Values
// into a slice the caller reuses.
func (r *Record) AppendValues(dst []format.Datum, a *spec.Action) []format.Datum {
	for _, it := range a.Items {
		dst = append(dst, r.Datum(it))
	}
	return dst
}

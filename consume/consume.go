package consume

import (
	"bytes"
	"encoding/binary"
	"fmt"

	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/spec"
)

var le = binary.LittleEndian

// Record is one firing of an ECB.
type Record struct {
	ECB  *spec.ECB
	CPU  int
	Data []byte // the whole record, header included
}

// Fault is a probe-time error: the clause was aborted.
type Fault struct {
	ECB    *spec.ECB
	CPU    int
	Kind   uint32
	Action int // 1-based index of the faulting action
	Offset int // BPF instruction offset; -1 for none
	Value  uint64
}

// Decode interprets one ring buffer sample as a *Record or a *Fault.
func Decode(p *spec.Program, raw []byte) (any, error) {
	if len(raw) < spec.HeaderSize {
		return nil, fmt.Errorf("short record (%d bytes)", len(raw))
	}
	epid := le.Uint32(raw[spec.HeaderEPID:])
	cpu := int(le.Uint32(raw[spec.HeaderCPU:]))
	if epid == spec.EPIDError {
		if len(raw) < 32 {
			return nil, fmt.Errorf("short fault record (%d bytes)", len(raw))
		}
		where := le.Uint64(raw[16:])
		f := &Fault{ECB: p.ECB(le.Uint32(raw[8:])), CPU: cpu, Kind: le.Uint32(raw[12:]),
			Action: int(where >> 32), Offset: int(uint32(where)), Value: le.Uint64(raw[24:])}
		if uint32(where) == spec.FaultNoOffset {
			f.Offset = -1
		}
		return f, nil
	}
	r := &Record{}
	if err := decodeRecord(p, raw, r); err != nil {
		return nil, err
	}
	return r, nil
}

// decodeRecord fills r from raw, a sample that is not a fault.
func decodeRecord(p *spec.Program, raw []byte, r *Record) error {
	epid := le.Uint32(raw[spec.HeaderEPID:])
	ecb := p.ECB(epid)
	if ecb == nil {
		return fmt.Errorf("record for unknown EPID %d", epid)
	}
	if len(raw) < ecb.Size {
		return fmt.Errorf("record for EPID %d is %d bytes, want %d", epid, len(raw), ecb.Size)
	}
	*r = Record{ECB: ecb, CPU: int(le.Uint32(raw[spec.HeaderCPU:])), Data: raw}
	return nil
}

// Datum returns the value of one recorded item.
func (r *Record) Datum(it spec.Item) format.Datum {
	return datum(r.Data, it)
}

func datum(b []byte, it spec.Item) format.Datum {
	if it.Stack != 0 {
		return stackDatum(b[it.Off:it.Off+it.Size], it)
	}
	if it.Bytes {
		return format.BytesDatum(append([]byte(nil), b[it.Off:it.Off+it.Size]...))
	}
	if it.String {
		s := b[it.Off : it.Off+it.Size]
		if i := bytes.IndexByte(s, 0); i >= 0 {
			s = s[:i]
		}
		if it.StrSize <= 0 {
			return format.StringDatum(string(s), it.Size)
		}
		// DTrace records strsize bytes, with no room kept for a NUL: a
		// buffer rounded up past strsize holds bytes DTrace never had.
		if len(s) > it.StrSize {
			s = s[:it.StrSize]
		}
		return format.StringDatum(string(s), it.StrSize)
	}
	var v uint64
	switch it.Size {
	case 1:
		v = uint64(b[it.Off])
	case 2:
		v = uint64(le.Uint16(b[it.Off:]))
	case 4:
		v = uint64(le.Uint32(b[it.Off:]))
	default:
		v = le.Uint64(b[it.Off:])
	}
	d := format.IntDatum(int64(v), it.Size, it.Signed)
	return d
}

// stackDatum decodes a stack record: for a user stack the pid, then the
// program counters. A kernel stack is returned whole, frames of the
// tracing machinery included (see spec.Item).
func stackDatum(b []byte, it spec.Item) format.Datum {
	var pid uint64
	if it.Stack == spec.UserStack {
		pid, b = le.Uint64(b), b[8:]
	}
	pcs := make([]uint64, len(b)/8)
	for i := range pcs {
		pcs[i] = le.Uint64(b[8*i:])
	}
	if it.Stack == spec.UserStack {
		return format.UserStack(pid, pcs)
	}
	return format.KernelStack(pcs)
}

// Values returns the data of one action, in order.
func (r *Record) Values(a *spec.Action) []format.Datum {
	out := make([]format.Datum, len(a.Items))
	for i, it := range a.Items {
		out[i] = r.Datum(it)
	}
	return out
}

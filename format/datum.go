package format

// Kind says how a recorded value is to be read.
type Kind int

// The kinds of recorded value.
const (
	Int    Kind = iota // an integer of 1, 2, 4 or 8 bytes (or a float's bits)
	String             // a NUL-padded string buffer
	Bytes              // raw memory: a traced struct, tracemem() data
	Stack              // a stack() or ustack() record (see KernelStack, UserStack)
)

// Datum is one value as DTrace recorded it: an action argument, an
// aggregation key, a trace() record.
type Datum struct {
	Kind Kind
	// Size is the record size in bytes: 1, 2, 4 or 8 for Int (4, 8 or 16
	// for a float), the buffer size (strsize) for String and Bytes.
	Size   int
	Signed bool   // Int: the D type is signed
	Int    uint64 // Int: the raw bits; only the low Size bytes count
	Str    string // String: the bytes before the first NUL
	Bytes  []byte // Bytes: the raw memory, Size bytes long
	// Stack: the program counters, innermost first, and for a user
	// stack (User) the pid of the process they belong to.
	PCs  []uint64
	Pid  uint64
	User bool
}

// IntDatum returns an integer Datum of the given size and signedness.
func IntDatum(v int64, size int, signed bool) Datum {
	return Datum{Kind: Int, Size: size, Signed: signed, Int: uint64(v)}
}

// StringDatum returns a String Datum as recorded in a buffer of strsize
// bytes (256 by default in DTrace).
func StringDatum(s string, strsize int) Datum {
	return Datum{Kind: String, Size: strsize, Str: s}
}

// BytesDatum returns a Bytes Datum holding b.
func BytesDatum(b []byte) Datum {
	return Datum{Kind: Bytes, Size: len(b), Bytes: b}
}

// Int64 is an integer's value as its D type holds it: extended from
// its size as the type's signedness says. (An unsigned 64-bit value
// keeps its bits.)
func (d Datum) Int64() int64 {
	if d.Size <= 0 || d.Size >= 8 {
		return int64(d.Int)
	}
	shift := uint(64 - 8*d.Size)
	if d.Signed {
		return int64(d.Int<<shift) >> shift
	}
	return int64(d.Int << shift >> shift)
}

// uint returns the value zero-extended from its recorded size, as
// libdtrace does when it reads a uint8_t, uint16_t, uint32_t or uint64_t.
func (d Datum) uint() uint64 {
	switch d.Size {
	case 1:
		return d.Int & 0xff
	case 2:
		return d.Int & 0xffff
	case 4:
		return d.Int & 0xffffffff
	}
	return d.Int
}

// sint returns the value sign-extended from its recorded size, as
// libdtrace does when it reads an int8_t, int16_t, int32_t or int64_t.
func (d Datum) sint() int64 {
	switch d.Size {
	case 1:
		return int64(int8(d.Int))
	case 2:
		return int64(int16(d.Int))
	case 4:
		return int64(int32(d.Int))
	}
	return int64(d.Int)
}

// intSized reports whether d is an integer of a size libdtrace can print;
// any other size is EDT_DMISMATCH there.
func (d Datum) intSized() bool {
	return d.Kind == Int && (d.Size == 1 || d.Size == 2 || d.Size == 4 || d.Size == 8)
}

// raw returns the recorded bytes of a String, Bytes or Stack datum: the
// string followed by the NUL padding the kernel stores, the memory
// itself, or the stack as stored (see stackRaw).
func (d Datum) raw() []byte {
	if d.Kind == Stack {
		return d.stackRaw()
	}
	if d.Kind == Bytes {
		if len(d.Bytes) >= d.Size {
			return d.Bytes[:d.Size]
		}
		b := make([]byte, d.Size)
		copy(b, d.Bytes)
		return b
	}
	if d.Kind == Int {
		b := make([]byte, d.Size)
		for i := range b {
			b[i] = byte(d.Int >> (8 * i)) // little-endian, as recorded
		}
		return b
	}
	n := d.Size
	if n < len(d.Str) {
		n = len(d.Str)
	}
	b := make([]byte, n)
	copy(b, d.Str)
	return b
}

// cstring returns what C's "%s" sees when given the record: the bytes up
// to the first NUL.
func (d Datum) cstring() string {
	if d.Kind == String {
		return d.Str
	}
	b := d.raw()
	for i, c := range b {
		if c == 0 {
			return string(b[:i])
		}
	}
	return string(b)
}

package dtrace

import "github.com/godtrace/godtrace/internal/chunks"

// arena is the memory records are read into from the ring buffer:
// slices of large chunks, so that reading a record allocates nothing
// most of the time (at a million records a second, one allocation each
// is most of the consumer's work). Unless its pool reuses chunks, a
// chunk is never reused: a record may be kept after it is consumed (by
// a speculation, or by the fill and ring policies until tracing stops),
// and the garbage collector frees a chunk when none of its records is
// left. With reuse, reset makes every chunk free again.
type arena struct {
	chunks chunks.Pool[byte]
	free   []byte
}

const (
	arenaChunk = 64 << 10
	// arenaMin is the least room worth offering: a record that does not
	// fit in what is left gets its own allocation from the reader.
	arenaMin = 256
)

// next returns an empty slice whose capacity is the room left.
func (a *arena) next() []byte {
	if len(a.free) < arenaMin {
		a.free = a.chunks.Next()
	}
	return a.free[:0]
}

// took notes that b, as the reader returned it, holds a record: if it
// is in the arena, the room it uses is no longer free. It returns b
// without the room beyond it, which later records use.
func (a *arena) took(b []byte) []byte {
	if len(b) > 0 && cap(b) == cap(a.free) && &b[:1][0] == &a.free[:1][0] {
		a.free = a.free[len(b):]
	}
	return b[:len(b):len(b)]
}

// reset frees the whole arena for the records read next: with reuse,
// once none of the records read so far is referenced.
func (a *arena) reset() {
	if a.chunks.Reuse {
		a.chunks.Reset()
		a.free = nil
	}
}

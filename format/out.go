package format

import "io"

// out accumulates output and hands it to the underlying writer in large
// pieces: dtrace(1) writes through stdio, and so should we, without an
// allocation per field. The first write error sticks and is returned by
// flush.
type out struct {
	w   io.Writer
	buf []byte
	err error
}

const outChunk = 32 << 10

func newOut(w io.Writer) *out {
	return &out{w: w, buf: make([]byte, 0, 256)}
}

func (o *out) maybeFlush() {
	if len(o.buf) >= outChunk {
		o.flushBuf()
	}
}

func (o *out) flushBuf() {
	if len(o.buf) > 0 && o.err == nil {
		_, o.err = o.w.Write(o.buf)
	}
	o.buf = o.buf[:0]
}

// flush writes what is buffered and reports the first error.
func (o *out) flush() error {
	o.flushBuf()
	return o.err
}

func (o *out) str(s string) {
	o.buf = append(o.buf, s...)
	o.maybeFlush()
}

func (o *out) bytes(b []byte) {
	o.buf = append(o.buf, b...)
	o.maybeFlush()
}

func (o *out) byte(c byte) {
	o.buf = append(o.buf, c)
	o.maybeFlush()
}

// pad writes n copies of c. Widths come from D programs and may be huge
// (printf("%10000000d") is a DTrace test), so padding is streamed.
func (o *out) pad(n int, c byte) {
	for n > 0 {
		k := n
		if k > outChunk {
			k = outChunk
		}
		for i := 0; i < k; i++ {
			o.buf = append(o.buf, c)
		}
		n -= k
		o.maybeFlush()
	}
}

package format

import (
	"io"
	"strconv"
)

// Trace writes a trace() record as Oracle's dtrace(1) does
// (dt_print_trace()): an integer by its recorded size and signedness,
// " %19d", " %10d", " %5d", " %3d" signed and " %20u", " %10u", " %5u",
// " %3u" unsigned, the leading blank and the width dropped in quiet mode;
// a string as "  %-33s", or "%s" when quiet; other memory (a struct, a
// union, an array) as a hex dump. Unlike illumos, where a char or short
// read back unsigned, trace((char)-1) prints -1.
//
// In non-quiet mode the consumer ends each probe's output with a newline
// after its last record.
func Trace(w io.Writer, d Datum, quiet bool) error {
	return trace(w, d, quiet, false)
}

// TraceRawBytes writes a trace() record as Trace does under the rawbytes
// option: strings and other memory always as a hex dump, integers as
// usual.
func TraceRawBytes(w io.Writer, d Datum, quiet bool) error {
	return trace(w, d, quiet, true)
}

func trace(w io.Writer, d Datum, quiet, raw bool) error {
	o := newOut(w)
	if err := traceDatum(o, d, quiet, raw); err != nil {
		return err
	}
	return o.flush()
}

// TraceMem writes a tracemem() record: always the hex dump, quiet or not
// (quiet is accepted for symmetry with Trace and changes nothing). b is the
// data up to the dynamic size, if tracemem() was given one.
func TraceMem(w io.Writer, b []byte, quiet bool) error {
	o := newOut(w)
	printBytes(o, b, -33, quiet, true)
	return o.flush()
}

// traceDatum writes one trace() record; raw dumps every kind in hex,
// as the rawbytes option does.
func traceDatum(o *out, d Datum, quiet, raw bool) error {
	if raw {
		b := d.raw()
		if d.Kind == String {
			// Oracle DTrace records a string in strsize+1 bytes,
			// room for a NUL after strsize characters, and dumps
			// them all.
			b = append(b, 0)
		}
		hexDump(o, b)
		return nil
	}
	switch d.Kind {
	case Int:
		return traceInt(o, d, quiet)
	case String:
		if quiet {
			o.str(d.Str)
			return nil
		}
		o.str("  ")
		o.str(d.Str)
		if n := 33 - len(d.Str); n > 0 {
			o.pad(n, ' ')
		}
		return nil
	}
	hexDump(o, d.raw())
	return nil
}

// traceInt writes an integer record by its size and signedness.
func traceInt(o *out, d Datum, quiet bool) error {
	u := d.asUint()
	width := 0
	switch d.Size {
	case 8:
		width = 20
		if d.Signed {
			width = 19
		}
	case 4:
		width = 10
	case 2:
		width = 5
	case 1:
		width = 3
	default:
		return ErrMismatch
	}
	var tmp [24]byte
	var digits []byte
	if d.Signed {
		shift := 64 - 8*uint(d.Size)
		digits = strconv.AppendInt(tmp[:0], int64(u<<shift)>>shift, 10)
	} else {
		digits = strconv.AppendUint(tmp[:0], u, 10)
	}
	if !quiet {
		o.byte(' ')
		if n := width - len(digits); n > 0 {
			o.pad(n, ' ')
		}
	}
	o.bytes(digits)
	return nil
}

// rightInt writes v right-justified in width columns, C's "%*lld".
func (o *out) rightInt(v int64, width int) {
	var tmp [24]byte
	digits := strconv.AppendInt(tmp[:0], v, 10)
	if n := width - len(digits); n > 0 {
		o.pad(n, ' ')
	}
	o.bytes(digits)
}

// isPrintable is the test dt_print_bytes() applies to each byte: isprint()
// or isspace() in the C locale, or one of the two control characters a
// terminal renders (backspace and bell). Bytes of 0x80 and above fail it,
// so UTF-8 text is dumped in hex.
func isPrintable(c byte) bool {
	return c >= ' ' && c <= '~' || c >= '\t' && c <= '\r' || c == '\b' || c == '\a'
}

// printBytes is dt_print_bytes(): memory that looks like a string (all
// printable, then NUL padding only) prints as one, anything else as a hex
// dump. width is the string's field width, negative for left adjustment.
// An empty string is all NULs and so is dumped, as DTrace does.
func printBytes(o *out, b []byte, width int, quiet, raw bool) {
	if len(b) == 0 {
		return
	}
	if !raw {
		if s, ok := stringLike(b); ok {
			printLikeString(o, b, s, width, quiet)
			return
		}
	}
	hexDump(o, b)
}

// stringLike reports whether b is printable bytes followed by NULs, or
// printable throughout; s is the printable prefix.
func stringLike(b []byte) (s []byte, ok bool) {
	for i, c := range b {
		if isPrintable(c) {
			continue
		}
		if c != 0 || i == 0 {
			return nil, false
		}
		for _, z := range b[i+1:] {
			if z != 0 {
				return nil, false
			}
		}
		return b[:i], true
	}
	return b, true
}

func printLikeString(o *out, b, s []byte, width int, quiet bool) {
	left, w := width < 0, width
	if left {
		w = -width
	}
	switch {
	case len(s) == len(b):
		// No terminating NUL: libdtrace prints "  %-*s" even when quiet.
		o.str("  ")
		left = true
	case quiet:
		o.bytes(s)
		return
	default:
		o.byte(' ')
		if width < 0 {
			o.byte(' ')
		}
	}
	fill := w - len(s)
	if !left && fill > 0 {
		o.pad(fill, ' ')
	}
	o.bytes(s)
	if left && fill > 0 {
		o.pad(fill, ' ')
	}
}

// hexDump is the raw half of dt_print_bytes(): a heading of column
// numbers, then 16 bytes a line in hex and as characters.
func hexDump(o *out, b []byte) {
	const hex = "0123456789abcdef"
	o.str("\n           ")
	for i := 0; i < 16; i++ {
		o.str("  ")
		o.byte(hex[i])
	}
	o.str("  0123456789abcdef\n")
	for i := 0; i < len(b); i += 16 {
		line := b[i:min(i+16, len(b))]
		o.str("     ")
		o.rightHex(uint64(i), 5)
		o.byte(':')
		for _, c := range line {
			o.byte(' ')
			o.byte(hex[c>>4])
			o.byte(hex[c&15])
		}
		o.pad(3*(16-len(line)), ' ')
		o.str("  ")
		for _, c := range line {
			if c < ' ' || c > '~' {
				c = '.'
			}
			o.byte(c)
		}
		o.byte('\n')
	}
}

// rightHex writes v in hex right-justified in width columns, "%*x".
func (o *out) rightHex(v uint64, width int) {
	var tmp [16]byte
	digits := strconv.AppendUint(tmp[:0], v, 16)
	if n := width - len(digits); n > 0 {
		o.pad(n, ' ')
	}
	o.bytes(digits)
}

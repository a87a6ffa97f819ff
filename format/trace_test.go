package format

import (
	"bytes"
	"strings"
	"testing"
)

// tst.qstring.d: strings are data, not formats.
func TestTraceQuietStrings(t *testing.T) {
	s := newSession(t)
	s.trace(str("this"), true)
	s.trace(str(" %should work.\n"), true)
	s.trace(str("%don't w%orry -- this won't cause a %segfault.\n"), true)
	s.exit()
	s.check("trace_qstring")
}

// aggs/tst.signedkeys.d as Oracle's dtrace prints it: trace() of each
// integer size, signed, then aggregations keyed by each size, sorted by
// key (aggsortkey). Keys sort unsigned and 1- and 2-byte ones print
// unsigned.
func TestSignedKeys(t *testing.T) {
	s := newSession(t)
	vals := []int64{-2, -1, 0, 1, 2}
	for n, mk := range []func(int64) Datum{i8, i16, i32, i64} {
		for _, v := range vals {
			s.trace(mk(v), true)
			s.trace(str("\n"), true)
		}
		if n < 3 {
			s.trace(str("\n"), true)
		}
	}
	sum := &AggDesc{Func: Sum}
	var aggs []Aggregation
	for _, mk := range []func(int64) Datum{i8, i16, i32, i64} {
		var recs []AggRecord
		for _, v := range vals {
			recs = append(recs, rec(AggValue{Sum: v}, mk(v)))
		}
		aggs = append(aggs, Aggregation{Desc: sum, Records: recs})
	}
	if err := PrintExit(&s.buf, aggs, PrintOptions{Sort: SortOptions{Key: true}}); err != nil {
		t.Fatal(err)
	}
	s.check("aggs_signedkeys")
}

// tracemem/tst.dynsize.d: tracemem() always dumps, and a dynamic size
// larger than the buffer (here a negative one) means the whole buffer.
func TestTraceMem(t *testing.T) {
	s := newSession(t)
	for _, i := range []int64{-9, 1, 15, 16, 17, 33} {
		s.printf("%d:", i64(i))
		n := int(i)
		if n <= 0 || n > 128 {
			n = 128
		}
		if err := TraceMem(&s.buf, make([]byte, n), true); err != nil {
			t.Fatal(err)
		}
		s.printf("\n")
	}
	s.check("tracemem_dynsize")
}

// trace() of each kind, quiet and not, as Oracle's dt_print_trace()
// prints it: integers by size and signedness, strings as strings whatever
// their bytes, other memory as a hex dump.
func TestTrace(t *testing.T) {
	cases := []struct {
		d           Datum
		quiet, loud string
	}{
		{i64(-1), "-1", "                  -1"},
		{u64(-1), "18446744073709551615", " 18446744073709551615"},
		{i64(9223372036854775807), "9223372036854775807", " 9223372036854775807"},
		{i32(-2), "-2", "         -2"},
		{u32(0xffffffff), "4294967295", " 4294967295"},
		{i16(-2), "-2", "    -2"},
		{u16(0xffff), "65535", " 65535"},
		{i8(-1), "-1", "  -1"},
		{u8(7), "7", "   7"},
		{u8(255), "255", " 255"},
		{str("hello"), "hello", "  hello                            "},
		{StringDatum("abcde", 5), "abcde", "  abcde                            "},
		{StringDatum("ab", 4), "ab", "  ab                               "},
		{str(strings.Repeat("x", 40)), strings.Repeat("x", 40), "  " + strings.Repeat("x", 40)},
		{str("tab\there"), "tab\there", "  tab\there                         "},
		{StringDatum("caf\xc3\xa9", 9), "caf\xc3\xa9", "  caf\xc3\xa9                            "},
		{StringDatum("", 5), "", "                                   "},
		{BytesDatum([]byte{1, 0, 0, 0, 2, 0, 0, 0}), hexOf("\x01\x00\x00\x00\x02\x00\x00\x00"), hexOf("\x01\x00\x00\x00\x02\x00\x00\x00")},
		{BytesDatum([]byte("ok\x00\x00\x00")), hexOf("ok\x00\x00\x00"), hexOf("ok\x00\x00\x00")},
		{BytesDatum([]byte("4")), hexOf("4"), hexOf("4")},
	}
	for _, c := range cases {
		for _, quiet := range []bool{true, false} {
			var b bytes.Buffer
			if err := Trace(&b, c.d, quiet); err != nil {
				t.Fatal(err)
			}
			want := c.loud
			if quiet {
				want = c.quiet
			}
			if b.String() != want {
				t.Errorf("Trace(%+v, quiet=%v):\n got %q\nwant %q", c.d, quiet, b.String(), want)
			}
		}
	}
	if err := Trace(&bytes.Buffer{}, Datum{Kind: Int, Size: 3}, true); err != ErrMismatch {
		t.Errorf("Trace of a 3-byte integer: err = %v", err)
	}
}

// hexOf builds dt_print_bytes()'s dump of b by hand, for b of 16 bytes or
// fewer: the column heading, then one line.
func hexOf(b string) string {
	var s strings.Builder
	s.WriteString("\n             0  1  2  3  4  5  6  7  8  9  a  b  c  d  e  f  0123456789abcdef\n")
	s.WriteString("         0:")
	for i := 0; i < len(b); i++ {
		s.WriteString(" " + "0123456789abcdef"[b[i]>>4:b[i]>>4+1] + "0123456789abcdef"[b[i]&15:b[i]&15+1])
	}
	s.WriteString(strings.Repeat("   ", 16-len(b)) + "  ")
	for i := 0; i < len(b); i++ {
		if b[i] < ' ' || b[i] > '~' {
			s.WriteByte('.')
		} else {
			s.WriteByte(b[i])
		}
	}
	s.WriteString("\n")
	return s.String()
}

// A struct traced without -q: dumped, then dtrace(1) ends the record.
func TestTraceStructGolden(t *testing.T) {
	var b bytes.Buffer
	if err := ProbePrefix(&b, false, 1, 81234, "do_sys_open", "entry"); err != nil {
		t.Fatal(err)
	}
	mem := []byte("\x01\x00\x00\x00/etc/passwd\x00\xff\xfe\x00\x00 0123456789")
	if err := Trace(&b, BytesDatum(mem), false); err != nil {
		t.Fatal(err)
	}
	b.WriteString("\n")
	checkGolden(t, "trace_struct", b.Bytes())
}

package format

import (
	"bytes"
	"errors"
	"strings"
	"testing"
	"time"
	_ "time/tzdata" // the %Y and %T tests need America/Los_Angeles
)

// tst.basics.d: every conversion of the dictionary once.
func TestPrintfBasics(t *testing.T) {
	s := newSession(t)
	const malloc uint64 = 0xffffffff81234560
	s.env = &Env{KernelSym: func(addr uint64) (Symbol, bool) {
		return Symbol{Module: "kernel", Name: "malloc", Addr: malloc}, addr == malloc
	}}
	i := int64('a')
	s.printf("\n")
	s.printf("%%a = %a\n", Datum{Kind: Int, Size: 8, Int: malloc})
	s.printf("%%c = %c\n", i32(i))
	s.printf("%%d = %d\n", i32(i))
	s.printf("%%hd = %hd\n", i16(i))
	s.printf("%%hi = %hi\n", i16(i))
	s.printf("%%ho = %ho\n", u16(i))
	s.printf("%%hu = %hu\n", u16(i))
	s.printf("%%hx = %hx\n", u16(i))
	s.printf("%%hX = %hX\n", u16(i))
	s.printf("%%i = %i\n", i32(i))
	s.printf("%%lc = %lc\n", i32(i))
	s.printf("%%ld = %ld\n", i64(i))
	s.printf("%%li = %li\n", i64(i))
	s.printf("%%lo = %lo\n", u64(i))
	s.printf("%%lu = %lu\n", u64(i))
	s.printf("%%lx = %lx\n", u64(i))
	s.printf("%%lX = %lX\n", u64(i))
	s.printf("%%o = %o\n", u32(i))
	s.printf("%%p = %p\n", u64(i))
	s.printf("%%s = %s\n", str("hello"))
	s.printf("%%u = %u\n", u32(i))
	s.printf("%%wc = %wc\n", i32(i))
	s.printf("%%x = %x\n", u32(i))
	s.printf("%%X = %X\n", u32(i))
	s.exit()
	s.check("printf_basics")
}

// tst.flags.d
func TestPrintfFlags(t *testing.T) {
	s := newSession(t)
	s.printf("\n")
	s.printf("# %#8x\n", i32(0x123))
	s.printf("0 %08x\n", i32(0x123))
	s.printf("- %-8x\n", i32(0x123))
	s.printf("+ %+8d\n", i32(123))
	s.printf("  % 8d\n", i32(123))
	s.exit()
	s.check("printf_flags")
}

// tst.ints.d: the value is read back at the size of its D type.
func TestPrintfInts(t *testing.T) {
	s := newSession(t)
	const v = 0x1234567890abcdef
	signed := []Datum{i8(v), i16(v), i32(v), i64(v)}
	unsigned := []Datum{u8(v), u16(v), u32(v), u64(v)}
	for _, c := range []struct {
		conv string
		args []Datum
	}{
		{"%d", signed}, {"%d", unsigned}, {"%u", signed}, {"%u", unsigned},
		{"%x", unsigned}, {"%x", signed}, {"%o", unsigned}, {"%o", signed},
	} {
		for j, a := range c.args {
			if j == 0 {
				s.printf("\n"+c.conv+"\n", a)
			} else {
				s.printf(c.conv+"\n", a)
			}
		}
	}
	s.printf("\n%p\n", u64(0x12345678))
	s.printf("%p\n", u64(0x90abcdef))
	s.printf("%p\n", u64(0x67890abc))
	s.exit()
	s.check("printf_ints")
}

// tst.precs.d: a precision of 0 is no precision at all.
func TestPrintfPrecs(t *testing.T) {
	s := newSession(t)
	s.printf("\n")
	for _, f := range []string{"%.0s\n", "%.1s\n", "%.2s\n", "%.3s\n", "%.4s\n", "%.5s\n"} {
		s.printf(f, str("hello"))
	}
	for x := int64(0); x < 6; x++ {
		s.printf("%.*s\n", i64(x), str("hello"))
	}
	s.exit()
	s.check("printf_precs")
}

// tst.signs.d: %d follows the type's sign, %i is always signed.
func TestPrintfSigns(t *testing.T) {
	s := newSession(t)
	x, y := u16(0xffffffff), i16(0xffffffff)
	s.printf("%d %i %u\n", x, x, x)
	s.printf("%d %i %u\n", y, y, y)
	s.exit()
	s.check("printf_signs")
}

// tst.uints.d
func TestPrintfUints(t *testing.T) {
	s := newSession(t)
	s.printf("\n")
	for _, d := range []Datum{u8(123), u16(123), u64(123), u64(123)} {
		s.printf("%u\n", d)
	}
	s.exit()
	s.check("printf_uints")
}

// tst.widths.d
func TestPrintfWidths(t *testing.T) {
	s := newSession(t)
	s.printf("\n")
	for _, f := range []string{"%0d\n", "%1d\n", "%2d\n", "%3d\n", "%4d\n", "%5d\n"} {
		s.printf(f, i32(1))
	}
	for x := int64(0); x < 6; x++ {
		s.printf("%*d\n", i64(x), i32(1))
	}
	s.exit()
	s.check("printf_widths")
}

// tst.wp.d: "%*.*s", x, x++ passes the same x twice.
func TestPrintfWidthPrecision(t *testing.T) {
	s := newSession(t)
	s.printf("\n")
	for n := 0; n < 10; n++ {
		s.printf("%"+itoa(n)+"."+itoa(n)+"s\n", str("hello"))
	}
	for x := int64(0); x < 10; x++ {
		s.printf("%*.*s\n", i64(x), i64(x), str("hello"))
	}
	s.exit()
	s.check("printf_wp")
}

// tst.widths1.d (dtrace-utils): %? is the width of a pointer.
func TestPrintfPointerWidth(t *testing.T) {
	s := newSession(t)
	s.printf("\n")
	for x := int64(0); x < 6; x++ {
		s.printf("%?d\n", i64(x))
	}
	s.exit()
	s.check("printf_widths1")
}

// tst.printY.ksh, run with TZ=America/Los_Angeles.
func TestPrintfY(t *testing.T) {
	s := newSession(t)
	la, err := time.LoadLocation("America/Los_Angeles")
	if err != nil {
		t.Fatal(err)
	}
	s.env = &Env{Location: la}
	s.printf("%Y\n%Y\n%Y", u64(0), u64(1062609821*1e9), u64(0x7fffffff*1e9))
	s.exit()
	s.check("printf_printY")
}

// tst.printeE.d, tst.printgG.d, tst.print-f.d: zero-valued float and double.
func TestPrintfFloats(t *testing.T) {
	f, d := Datum{Kind: Int, Size: 4}, Datum{Kind: Int, Size: 8}
	s := newSession(t)
	s.printf("\n")
	s.printf("%%e = %e\n", f)
	s.printf("%%E = %E\n", f)
	s.printf("%%e = %e\n", d)
	s.printf("%%E = %E\n", d)
	s.exit()
	s.check("printf_printeE")

	s = newSession(t)
	s.printf("\n")
	s.printf("%%g = %g\n", f)
	s.printf("%%g = %g\n", d)
	s.printf("%%G = %G\n", f)
	s.printf("%%G = %G\n", d)
	s.exit()
	s.check("printf_printgG")

	s = newSession(t)
	s.printf("\n")
	s.printf("%%f = %f\n", f)
	s.printf("%%f = %f\n", d)
	s.exit()
	s.check("printf_print-f")
}

// tst.rawfmt.d
func TestPrintfRaw(t *testing.T) {
	s := newSession(t)
	s.printf("hello world from BEGIN")
	s.exit()
	s.check("printf_rawfmt")
}

// tst.wide.sh (dtrace-utils): widths and precisions of ten million.
func TestPrintfWide(t *testing.T) {
	for _, c := range []struct{ format, fill string }{
		{"%10000000d\n", " "}, {"%.10000000d\n", "0"}, {"%10000000.10000000d\n", "0"},
	} {
		var b bytes.Buffer
		f, err := ParseFormat(c.format)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.Fprint(&b, []Datum{i32(1)}); err != nil {
			t.Fatal(err)
		}
		want := strings.Repeat(c.fill, 9999999) + "1\n"
		if b.String() != want {
			t.Errorf("%q: got %d bytes, want %d", c.format, b.Len(), len(want))
		}
	}
}

// printfCase is one printf() whose output is derived from dt_printf.c and
// checked against C's printf where DTrace hands the conversion to it.
type printfCase struct {
	format string
	args   []Datum
	want   string
}

func TestPrintfConversions(t *testing.T) {
	f32 := func(v float32) Datum { return Datum{Kind: Int, Size: 4, Int: uint64(mathFloat32bits(v))} }
	f64 := func(v float64) Datum { return Datum{Kind: Int, Size: 8, Int: mathFloat64bits(v)} }
	cases := []printfCase{
		// Sizes and signs.
		{"%d", []Datum{i32(-3)}, "-3"},
		{"%u", []Datum{i64(-1)}, "18446744073709551615"},
		{"%x", []Datum{i32(255)}, "ff"},
		{"%d", []Datum{i64(-9223372036854775808)}, "-9223372036854775808"},
		{"%i", []Datum{u64(-1)}, "-1"},
		{"%d", []Datum{u32(-1)}, "4294967295"},
		{"%d", []Datum{i32(-1)}, "-1"},
		{"%x", []Datum{i64(-1)}, "ffffffffffffffff"},
		{"%X", []Datum{u64(0xabcdef)}, "ABCDEF"},
		{"%o", []Datum{u8(8)}, "10"},
		{"%c", []Datum{i8('z')}, "z"},
		{"%c", []Datum{i32(256 + 'A')}, "A"},
		{"%5c|%-3c|", []Datum{i8('B'), i8('C')}, "    B|C  |"},
		// Flags.
		{"%+d % d %+u % x", []Datum{i32(5), i32(5), u32(5), u32(255)}, "+5  5 5 ff"},
		{"%#o %#o %#x %#x %#X", []Datum{u32(8), u32(0), u32(0), u32(255), u32(255)}, "010 0 0 0xff 0XFF"},
		{"%.3x|%#5.3x|%+.3d|% 05d|%+05d", []Datum{u32(5), u32(5), i32(7), i32(-7), i32(7)}, "005|0x005|+007|-0007|+0007"},
		{"%08.3d|%-8.3d|%8.3d", []Datum{i32(5), i32(5), i32(-5)}, "     005|005     |    -005"},
		{"%#08x|%#-8x|", []Datum{u32(255), u32(255)}, "0x0000ff|0xff    |"},
		// DTrace's parser: '0' after '-' turns left adjustment off again,
		// '-' after '0' turns zero padding off.
		{"%-05d|%0-5d|", []Datum{i32(42), i32(42)}, "00042|42   |"},
		{"%5 6d|", []Datum{i32(1)}, "     1|"},
		{"%.0d|%.d|%5.0d|", []Datum{i32(0), i32(0), i32(0)}, "0|0|    0|"},
		{"%'d", []Datum{i32(1234567)}, "1234567"},
		{"%05s|%-5s|%5.2s|", []Datum{str("ab"), str("ab"), str("abc")}, "   ab|ab   |   ab|"},
		// Dynamic width and precision.
		{"%*d|", []Datum{i32(-4), i32(1)}, "1   |"},
		{"%-*d|", []Datum{i32(4), i32(1)}, "1   |"},
		{"%.*d|", []Datum{i32(-2), i32(7)}, "7|"},
		{"%*.*d|", []Datum{i64(6), i64(3), i32(7)}, "   007|"},
		{"%*d|", []Datum{i64(0x100000004), i32(1)}, "   1|"}, // read into an int
		// Strings and characters.
		{"%s|%S|", []Datum{str("a\tb"), str("a\tb\"\\\x01\xff")}, "a\tb|a\\tb\\\"\\\\\\001\\377\\0|"},
		{"%S|", []Datum{StringDatum("full", 4)}, "full|"},
		{"%C%C%C", []Datum{i8('a'), i8('\n'), i32(0)}, "a\\n\\0"},
		{"%s", []Datum{BytesDatum([]byte("ab\x00cd"))}, "ab"},
		{"%ls", []Datum{BytesDatum([]byte{'h', 0, 0, 0, 'i', 0, 0, 0, 0, 0, 0, 0})}, "hi"},
		// Percent.
		{"100%% %d%%", []Datum{i32(5)}, "100% 5%"},
		// Floats: bits of the recorded size.
		{"%e|%E|%g|%G|%#g", []Datum{f64(0), f64(12345.678), f64(0.0001), f64(1e-5), f64(1)}, "0.000000e+00|1.234568E+04|0.0001|1E-05|1.00000"},
		{"%g|%g|%g", []Datum{f64(123456), f64(1234567), f64(100)}, "123456|1.23457e+06|100"},
		// DTrace drops a zero precision, so C's default of 6 applies.
		{"%.0e|%#.0e|%.0f|%#.0f|%.0g", []Datum{f64(2.5), f64(2.5), f64(2.5), f64(2.5), f64(2.5)}, "2.500000e+00|2.500000e+00|2.500000|2.500000|2.5"},
		{"%.1e|%#.1g|%#g", []Datum{f64(2.25), f64(2), f64(0)}, "2.2e+00|2.|0.00000"},
		{"%10.3f|%-10.3e|%+g|% g|%010.2f", []Datum{f64(3.14159), f64(3.14159), f64(2), f64(2), f64(-3.5)}, "     3.142|3.142e+00 |+2| 2|-000003.50"},
		{"%.10g|%.17g|%g|%g|%.3g|%#.3g|%g", []Datum{f64(1.0 / 3), f64(0.1), f64(1e100), f64(1e-300), f64(0.0001234), f64(1), f64(0.00001)}, "0.3333333333|0.10000000000000001|1e+100|1e-300|0.000123|1.00|1e-05"},
		{"%f|%e|%5.1f|%G", []Datum{f64(inf(1)), f64(inf(-1)), f64(inf(1)), f64(inf(1))}, "inf|-inf|  inf|INF"},
		{"%f", []Datum{f32(1.5)}, "1.500000"},
		{"%Lf", []Datum{BytesDatum([]byte{0, 0, 0, 0, 0, 0, 0, 0xc0, 0xff, 0x3f, 0, 0, 0, 0, 0, 0})}, "1.500000"},
		// Addresses without symbols; times in UTC.
		{"%a|%p|%#p", []Datum{{Kind: Int, Size: 8, Int: 0xffffffff81000000}, u64(0x1000), u64(0x1000)}, "0xffffffff81000000|1000|0x1000"},
		{"%A", []Datum{u64(0x400000)}, "0x400000"},
		{"%Y|%-22Y|", []Datum{u64(1700000000e9), u64(0)}, "2023 Nov 14 22:13:20|1970 Jan  1 00:00:00  |"},
		{"%T", []Datum{u64(1700000000e9)}, "Tue, 14 Nov 2023 22:13:20 UTC"},
		{"%T", []Datum{u64(1704020000e9)}, "Sun, 31 Dec 2023 10:53:20 UTC"},
		{"%T", []Datum{u64(1735650000e9)}, "Tue, 31 Dec 2025 13:00:00 UTC"}, // %G: ISO year 2025
		{"%P|%I", []Datum{u16(80), str("10.0.0.1")}, "80|10.0.0.1"},
	}
	env := &Env{Location: time.UTC}
	for _, c := range cases {
		f, err := ParseFormat(c.format)
		if err != nil {
			t.Errorf("ParseFormat(%q): %v", c.format, err)
			continue
		}
		var b bytes.Buffer
		if err := f.FprintEnv(&b, env, c.args); err != nil {
			t.Errorf("%q: %v", c.format, err)
			continue
		}
		if b.String() != c.want {
			t.Errorf("%q:\n got %q\nwant %q", c.format, b.String(), c.want)
		}
	}
}

func TestPrintfSymbols(t *testing.T) {
	env := &Env{
		KernelSym: func(addr uint64) (Symbol, bool) {
			switch {
			case addr >= 0x1000 && addr < 0x1100:
				return Symbol{Module: "vmlinux", Name: "do_sys_open", Addr: 0x1000}, true
			case addr >= 0x2000 && addr < 0x3000:
				return Symbol{Module: "ext4", Addr: 0x2000}, true
			}
			return Symbol{}, false
		},
		UserSym: func(pid, addr uint64) (Symbol, bool) {
			return Symbol{Module: "libc.so.6", Name: "read", Addr: 0x7000}, pid == 42 && addr >= 0x7000
		},
		Target: 42,
	}
	pidAddr := BytesDatum([]byte{42, 0, 0, 0, 0, 0, 0, 0, 0x10, 0x70, 0, 0, 0, 0, 0, 0})
	cases := []printfCase{
		{"%a %a %a %a", []Datum{u64(0x1000), u64(0x1010), u64(0x2345), u64(0x9999)},
			"vmlinux`do_sys_open vmlinux`do_sys_open+0x10 ext4`0x2345 0x9999"},
		{"%-25a|", []Datum{u64(0x1000)}, "vmlinux`do_sys_open      |"},
		{"%A %A %A", []Datum{u64(0x7000), u64(0x7008), pidAddr}, "libc.so.6`read libc.so.6`read+0x8 libc.so.6`read+0x10"},
		// Symbol keys of printa(), which the consumer resolved.
		{"%A|%-12a|", []Datum{str("libc.so.6`read"), str("vmlinux`f")}, "libc.so.6`read|vmlinux`f   |"},
	}
	for _, c := range cases {
		f, err := ParseFormat(c.format)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := f.FprintEnv(&b, env, c.args); err != nil {
			t.Fatal(err)
		}
		if b.String() != c.want {
			t.Errorf("%q:\n got %q\nwant %q", c.format, b.String(), c.want)
		}
	}
}

// Runtime mismatches are errors, never panics.
func TestPrintfMismatch(t *testing.T) {
	for _, c := range []struct {
		format string
		args   []Datum
	}{
		{"%d", nil},
		{"%d", []Datum{str("x")}},
		{"%s", []Datum{i32(1)}},
		{"%d", []Datum{{Kind: Int, Size: 3}}},
		{"%*d", []Datum{str("x"), i32(1)}},
		{"%e", []Datum{i8(1)}},
		{"%Y", []Datum{i32(1)}},
		{"%@d", []Datum{i32(1)}},
		{"%C", []Datum{i64(1)}},
		{"%k", []Datum{BytesDatum(make([]byte, 16))}},
	} {
		f, err := ParseFormat(c.format)
		if err != nil {
			t.Fatal(err)
		}
		if err := f.Fprint(&bytes.Buffer{}, c.args); !errors.Is(err, ErrMismatch) {
			t.Errorf("%q %v: err = %v, want ErrMismatch", c.format, c.args, err)
		}
	}
}

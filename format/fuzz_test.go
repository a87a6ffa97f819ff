package format

import (
	"io"
	"testing"
)

// FuzzParseFormat checks that no format string makes ParseFormat panic,
// that it fails only with a D_SYNTAX *Error, and that a parsed format can
// be printed with any arguments without panicking.
func FuzzParseFormat(f *testing.F) {
	for _, s := range []string{
		"", "%d", "%%", "%-05.3lld|%*.*s", "%?p %@8u", "%3$d", "%**d", "%5.3.2d",
		"%llllllllx", "%'+#0 -d", "%a %A %k %Y %T %I %P %S %C %ls %lc", "%.*e %G %Lf",
		"x%", "%\x00d", "%00000009d", "%99999999999999d",
	} {
		f.Add(s)
	}
	args := []Datum{
		i32(-7), str("str"), i64(1 << 40), u8(200), BytesDatum([]byte{1, 2, 0, 0}),
		{Kind: Int, Size: 4, Int: 0x3fc00000}, i16(-1), u64(1e18),
	}
	f.Fuzz(func(t *testing.T, s string) {
		fm, err := ParseFormat(s)
		if err != nil {
			if e, ok := err.(*Error); !ok || e.Tag != "D_SYNTAX" || e.Msg == "" {
				t.Fatalf("ParseFormat(%q): bad error %#v", s, err)
			}
			return
		}
		for _, c := range fm.Convs() {
			// Widths come from the program; printing a huge one is slow,
			// not wrong, and printf_test checks ten million.
			if c.Width > 1000 || c.Width < -1000 || c.Prec > 1000 || c.DynWidth || c.DynPrec {
				return
			}
		}
		for i := 0; i <= len(args); i++ {
			_ = fm.Fprint(io.Discard, args[i:])
		}
		row := []AggRow{{Keys: args, Values: []AggValue{{Count: 3, Sum: 9}}}}
		_ = Printa(io.Discard, fm, []*AggDesc{{Func: Avg}}, row, PrintOptions{})
	})
}

package format

import (
	"bytes"
	"errors"
	"testing"
)

// printa() formats an avg() as pfprint_average() computes it: the sum over
// the count in unsigned arithmetic, so a negative average comes out as a
// large number, while the default output divides signed.
func TestPrintaAverageUnsigned(t *testing.T) {
	d := &AggDesc{Func: Avg}
	f, _ := ParseFormat("%@d %@u\n")
	var b bytes.Buffer
	if err := Printa(&b, f, []*AggDesc{d}, []AggRow{{Values: []AggValue{{Count: 2, Sum: -10}}}}, PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	if want := "9223372036854775803 9223372036854775803\n"; b.String() != want {
		t.Errorf("got %q, want %q", b.String(), want)
	}
	b.Reset()
	PrintRecords(&b, d, []AggRecord{{Value: AggValue{Count: 2, Sum: -10}}}, PrintOptions{})
	if want := "               -5\n"; b.String() != want {
		t.Errorf("default: got %q, want %q", b.String(), want)
	}
}

// count() is unsigned to printa(), the others signed.
func TestPrintaSigns(t *testing.T) {
	f, _ := ParseFormat("%@d|")
	for _, c := range []struct {
		fn   AggFunc
		v    AggValue
		want string
	}{
		{Count, AggValue{Count: -1}, "18446744073709551615|"},
		{Sum, AggValue{Sum: -1}, "-1|"},
		{Min, AggValue{Min: -1 << 63}, "-9223372036854775808|"},
		{Max, AggValue{Max: -2}, "-2|"},
	} {
		var b bytes.Buffer
		if err := Printa(&b, f, []*AggDesc{{Func: c.fn}}, []AggRow{{Values: []AggValue{c.v}}}, PrintOptions{}); err != nil {
			t.Fatal(err)
		}
		if b.String() != c.want {
			t.Errorf("%v: got %q, want %q", c.fn, b.String(), c.want)
		}
	}
}

// A format with more key conversions than keys fails, as libdtrace's
// EDT_DMISMATCH does, after printing what it could.
func TestPrintaTooFewKeys(t *testing.T) {
	f, _ := ParseFormat("%d %d %@d\n")
	var b bytes.Buffer
	err := Printa(&b, f, []*AggDesc{{Func: Count}}, []AggRow{{Keys: []Datum{i32(1)}, Values: []AggValue{{Count: 1}}}}, PrintOptions{})
	if !errors.Is(err, ErrMismatch) {
		t.Errorf("err = %v, want ErrMismatch", err)
	}
	if b.String() != "1 " {
		t.Errorf("printed %q before failing", b.String())
	}
}

// With aggsortrev the aggregations themselves come out in reverse order at
// exit, and each one's records in descending order.
func TestPrintExitReversed(t *testing.T) {
	a := Aggregation{&AggDesc{Name: "a", Func: Count}, []AggRecord{rec(AggValue{Count: 1}, i32(1)), rec(AggValue{Count: 2}, i32(2))}}
	b := Aggregation{&AggDesc{Name: "b", Func: Sum}, []AggRecord{rec(AggValue{Sum: 5}, i32(9))}}
	var buf bytes.Buffer
	if err := PrintExit(&buf, []Aggregation{a, b}, PrintOptions{Sort: SortOptions{Rev: true}}); err != nil {
		t.Fatal(err)
	}
	want := "\n" +
		"        9                5\n" +
		"        2                2\n" +
		"        1                1\n"
	if buf.String() != want {
		t.Errorf("got %q, want %q", buf.String(), want)
	}
}

// Integer keys sort as unsigned numbers of their recorded size, so -1
// comes last; strings sort byte by byte.
func TestSortKeys(t *testing.T) {
	d := &AggDesc{Func: Count}
	recs := []AggRecord{
		rec(AggValue{Count: 1}, i32(-1)), rec(AggValue{Count: 1}, i32(2)),
		rec(AggValue{Count: 1}, i32(0)), rec(AggValue{Count: 1}, i32(-2147483648)),
	}
	SortRecords(d, recs, SortOptions{})
	var got []int64
	for _, r := range recs {
		got = append(got, r.Keys[0].sint())
	}
	want := []int64{0, 2, -2147483648, -1}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("order = %v, want %v", got, want)
		}
	}
	srecs := []AggRecord{rec(AggValue{}, str("b")), rec(AggValue{}, str("ab")), rec(AggValue{}, str("a")), rec(AggValue{}, str("B"))}
	SortRecords(d, srecs, SortOptions{})
	if s := srecs[0].Keys[0].Str + srecs[1].Keys[0].Str + srecs[2].Keys[0].Str + srecs[3].Keys[0].Str; s != "Baabb" {
		t.Errorf("string order = %q, want B a ab b", s)
	}
}

func TestJoin(t *testing.T) {
	rows := Join([][]AggRecord{
		{rec(AggValue{Count: 1}, str("x")), rec(AggValue{Count: 2}, i32(1))},
		{rec(AggValue{Sum: 3}, str("x")), rec(AggValue{Sum: 4}, i64(1))}, // a different size: another key
	})
	if len(rows) != 3 {
		t.Fatalf("got %d rows, want 3", len(rows))
	}
	if rows[0].Values[0].Count != 1 || rows[0].Values[1].Sum != 3 {
		t.Errorf("row x = %+v", rows[0])
	}
	if rows[1].Values[1].Sum != 0 || rows[2].Values[0].Count != 0 {
		t.Errorf("missing entries should be zero: %+v %+v", rows[1], rows[2])
	}
}

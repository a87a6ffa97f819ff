package format

import (
	"math"
	"strings"
	"testing"
)

// quantizeBucketLoop is dtrace_aggregate_quantize()'s search, written out
// as the kernel has it, to check the closed form against.
func quantizeBucketLoop(v int64) int {
	if v < 0 {
		for i := 0; i < QuantizeZeroBucket; i++ {
			if v <= QuantizeBucketValue(i) {
				return i
			}
		}
		panic("unreachable")
	}
	for i := QuantizeZeroBucket + 1; i < QuantizeNBuckets; i++ {
		if v < QuantizeBucketValue(i) {
			return i - 1
		}
	}
	return QuantizeNBuckets - 1
}

func TestQuantizeBucket(t *testing.T) {
	vals := []int64{0, 1, -1, 2, -2, 3, -3, 4, -4, 1023, 1024, -1024, -1025,
		math.MaxInt64, math.MinInt64, math.MinInt64 + 1, 1 << 62, 1<<62 - 1, -(1 << 62), -(1 << 62) - 1}
	for i := 0; i < 63; i++ {
		vals = append(vals, 1<<i, 1<<i-1, -(1 << i), -(1<<i)-1)
	}
	for _, v := range vals {
		if got, want := QuantizeBucket(v), quantizeBucketLoop(v); got != want {
			t.Errorf("QuantizeBucket(%d) = %d, want %d", v, got, want)
		}
	}
	if QuantizeBucketValue(0) != -(1<<62) || QuantizeBucketValue(62) != -1 ||
		QuantizeBucketValue(63) != 0 || QuantizeBucketValue(64) != 1 || QuantizeBucketValue(126) != 1<<62 {
		t.Error("QuantizeBucketValue endpoints wrong")
	}
}

func TestLquantizeBucket(t *testing.T) {
	d := &AggDesc{Func: Lquantize, Base: -100, Step: 100, Levels: 12}
	for _, c := range []struct {
		v    int64
		want int
	}{
		{-101, 0}, {-100, 1}, {-1, 1}, {0, 2}, {99, 2}, {100, 3}, {1099, 12}, {1100, 13},
		{math.MaxInt32, 13}, {math.MinInt32, 0},
		{1<<32 + 5, 2}, // the kernel keeps 32 bits: 5
		{-1 << 32, 2},  // ...here 0
	} {
		if got := LquantizeBucket(c.v, d); got != c.want {
			t.Errorf("LquantizeBucket(%d) = %d, want %d", c.v, got, c.want)
		}
	}
	for i, want := range map[int]int64{0: -100, 1: -100, 2: 0, 12: 1000, 13: 1100} {
		if got := LquantizeBucketValue(i, d); got != want {
			t.Errorf("LquantizeBucketValue(%d) = %d, want %d", i, got, want)
		}
	}
}

func TestLlquantizeBucket(t *testing.T) {
	d := &AggDesc{Func: Llquantize, Factor: 10, Low: 0, High: 10, Steps: 10}
	if n := LlquantizeNBuckets(d); n != 101 {
		t.Errorf("LlquantizeNBuckets = %d, want 101", n)
	}
	for _, c := range []struct {
		v    int64
		want int
	}{
		{-5, 0}, {0, 0}, {1, 1}, {9, 9}, {10, 10}, {19, 10}, {20, 11}, {99, 18}, {100, 19},
		{999, 27}, {1000, 28}, {99999999999, 99}, {100000000000, 100}, {math.MaxInt64, 100},
	} {
		if got := LlquantizeBucket(c.v, d); got != c.want {
			t.Errorf("LlquantizeBucket(%d) = %d, want %d", c.v, got, c.want)
		}
	}
	// Every bucket's label lies in the bucket, and the next label does not.
	for _, d := range []*AggDesc{
		d,
		{Func: Llquantize, Factor: 10, Low: 2, High: 5, Steps: 100},
		{Func: Llquantize, Factor: 2, Low: 0, High: 4, Steps: 2},
		{Func: Llquantize, Factor: 4, Low: 1, High: 20, Steps: 16},
		{Func: Llquantize, Factor: 10, Low: 0, High: 16, Steps: 10},
	} {
		n := LlquantizeNBuckets(d)
		for i := 1; i < n; i++ {
			v := LlquantizeBucketValue(i, d)
			if got := LlquantizeBucket(v, d); got != i {
				t.Errorf("%+v: bucket of label %d (bucket %d) = %d", *d, v, i, got)
			}
			if i > 1 {
				if got := LlquantizeBucket(v-1, d); got != i-1 {
					t.Errorf("%+v: bucket of %d = %d, want %d", *d, v-1, got, i-1)
				}
			}
		}
	}
}

// When the magnitude after High overflows 64 bits, the kernel clamps every
// value of the top magnitude, and beyond, into that magnitude's last
// bucket (dtrace_aggregate_llquantize_bucket()).
func TestLlquantizeOverflowClamp(t *testing.T) {
	d := &AggDesc{Func: Llquantize, Factor: 10, Low: 0, High: 17, Steps: 10}
	top := LlquantizeBucket(math.MaxInt64, d)
	for _, v := range []int64{1e17, 5e17, 1e18, math.MaxInt64} {
		if got := LlquantizeBucket(v, d); got != top {
			t.Errorf("LlquantizeBucket(%d) = %d, want %d", v, got, top)
		}
	}
	if got := LlquantizeBucket(1e17-1, d); got != top-9 {
		t.Errorf("LlquantizeBucket(1e17-1) = %d, want %d", got, top-9)
	}
}

// An entry whose only count is in quantize()'s last bucket (2^62 and
// up) prints that bucket, as Oracle's dt_print_quantize() does; illumos
// never looked at it and printed the entry as empty.
func TestQuantizeLastBucket(t *testing.T) {
	b := make([]int64, QuantizeNBuckets)
	b[QuantizeNBuckets-1] = 1
	o := newOut(nil)
	Bars{}.quantize(o, b, 1)
	want := distHeading +
		"2305843009213693952 |                                         0        \n" +
		"4611686018427387904 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        \n"
	if string(o.buf) != want {
		t.Errorf("got\n%s\nwant\n%s", o.buf, want)
	}
}

// normalize() divides as libdtrace does: unsigned for the default output
// of count, sum, min and max (so a negative sum comes out huge), signed
// for avg and for a signed printa() conversion.
func TestNormalize(t *testing.T) {
	d := &AggDesc{Func: Sum, Normal: 10}
	o := newOut(nil)
	printValue(o, d, &AggValue{Sum: 1000}, Bars{})
	printValue(o, d, &AggValue{Sum: -100}, Bars{})
	if want := "              100 1844674407370955151"; string(o.buf) != want {
		t.Errorf("default: got %q, want %q", o.buf, want)
	}
	f, _ := ParseFormat("%@d %@u\n")
	var b bytesBuffer
	if err := Printa(&b, f, []*AggDesc{d}, []AggRow{{Values: []AggValue{{Sum: -100}}}}, PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	if want := "-10 1844674407370955151\n"; b.String() != want {
		t.Errorf("printa: got %q, want %q", b.String(), want)
	}
	a := &AggDesc{Func: Avg, Normal: 2}
	if got := AvgValue(a, &AggValue{Count: 2, Sum: -10}); got != -2 {
		t.Errorf("AvgValue = %d, want -2", got)
	}
}

func TestAdd(t *testing.T) {
	for _, c := range []struct {
		d    *AggDesc
		xs   []int64
		want AggValue
	}{
		{&AggDesc{Func: Count}, []int64{5, 6}, AggValue{Count: 2}},
		{&AggDesc{Func: Sum}, []int64{5, -6}, AggValue{Sum: -1}},
		{&AggDesc{Func: Avg}, []int64{5, -6, 4}, AggValue{Count: 3, Sum: 3}},
		{&AggDesc{Func: Min}, []int64{5, -6, 4}, AggValue{Min: -6}},
		{&AggDesc{Func: Max}, []int64{-5, -6}, AggValue{Max: -5}},
		{&AggDesc{Func: Stddev}, []int64{-3, 1 << 32}, AggValue{Count: 2, Sum: 1<<32 - 3, SumSq: [2]uint64{9, 1}}},
	} {
		v := NewAggValue(c.d)
		for _, x := range c.xs {
			v.Add(c.d, x, 1)
		}
		if v.Count != c.want.Count || v.Sum != c.want.Sum || v.SumSq != c.want.SumSq ||
			(c.d.Func == Min && v.Min != c.want.Min) || (c.d.Func == Max && v.Max != c.want.Max) {
			t.Errorf("%v of %v = %+v, want %+v", c.d.Func, c.xs, v, c.want)
		}
	}
	d := &AggDesc{Func: Llquantize, Factor: 10, Low: 0, High: 2, Steps: 10}
	v := NewAggValue(d)
	v.Add(d, 55, 3)
	if len(v.Buckets) != LlquantizeNBuckets(d) || v.Buckets[LlquantizeBucket(55, d)] != 3 {
		t.Errorf("llquantize: %v", v.Buckets)
	}
}

// With encoding=utf8 a bar of positive counts is drawn in block elements:
// 40*1/7 = 5.714 columns are five full blocks and a five-eighths block
// (U+258B), 40*6/7 = 34.286 are 34 full blocks and a quarter block
// (U+258E), each padded to 40 columns before the count.
func TestUTF8Bars(t *testing.T) {
	b := make([]int64, QuantizeNBuckets)
	b[QuantizeZeroBucket+1] = 1 // value 1
	b[QuantizeZeroBucket+2] = 6 // value 2
	o := newOut(nil)
	Bars{UTF8: true}.quantize(o, b, 1)
	full := func(n int) string { return strings.Repeat("\u2588", n) }
	want := distHeading +
		"               0 |" + strings.Repeat(" ", 40) + " 0        \n" +
		"               1 |" + full(5) + "\u258b" + strings.Repeat(" ", 34) + " 1        \n" +
		"               2 |" + full(34) + "\u258e" + strings.Repeat(" ", 5) + " 6        \n" +
		"               4 |" + strings.Repeat(" ", 40) + " 0        \n"
	if string(o.buf) != want {
		t.Errorf("got\n%s\nwant\n%s", o.buf, want)
	}
	// Negative counts keep the '@' bars.
	b[QuantizeZeroBucket+1] = -1
	o = newOut(nil)
	Bars{UTF8: true}.quantize(o, b, 1)
	if strings.Contains(string(o.buf), "\u2588") || !strings.Contains(string(o.buf), "@") {
		t.Errorf("mixed signs drawn in blocks:\n%s", o.buf)
	}
}

// printa()'s %@ draws a graph as the unformatted output does, aggzoom
// and encoding included (libdtrace reads both options in the graph code).
func TestPrintaGraphOptions(t *testing.T) {
	b := make([]int64, QuantizeNBuckets)
	b[QuantizeZeroBucket+1] = 1
	b[QuantizeZeroBucket+2] = 3
	d := &AggDesc{Func: Quantize}
	f, _ := ParseFormat("%@d")
	for _, o := range []PrintOptions{{Zoom: true}, {UTF8: true}, {Zoom: true, UTF8: true}} {
		var got bytesBuffer
		if err := Printa(&got, f, []*AggDesc{d}, []AggRow{{Values: []AggValue{{Buckets: b}}}}, o); err != nil {
			t.Fatal(err)
		}
		want := newOut(nil)
		o.bars().quantize(want, b, 1)
		if got.String() != string(want.buf) {
			t.Errorf("%+v: got\n%s\nwant\n%s", o, got.String(), want.buf)
		}
		plain := newOut(nil)
		Bars{}.quantize(plain, b, 1)
		if got.String() == string(plain.buf) {
			t.Errorf("%+v: printa ignored the option", o)
		}
	}
}

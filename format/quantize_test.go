package format

import (
	"math"
	"sort"
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

// The buckets of Oracle's llquantize(), computed by hand from
// dt_cg_agg_llquantize_bin(): the underflow bucket in the middle, the
// negative buckets mirroring the positive ones.
func TestLlquantizeBucket(t *testing.T) {
	for _, c := range []struct {
		d    AggDesc
		n    int
		want map[int64]int
	}{
		// steps < factor: two steps a magnitude, [1,2) [2,4) [4,8) [8,16).
		{AggDesc{Factor: 4, Low: 0, High: 1, Steps: 2}, 11, map[int64]int{
			math.MinInt64: 0, -16: 0, -15: 1, -8: 1, -7: 2, -4: 2, -3: 3, -2: 3, -1: 4,
			0: 5, 1: 6, 2: 7, 3: 7, 4: 8, 7: 8, 8: 9, 15: 9, 16: 10, math.MaxInt64: 10}},
		// steps > factor with Low 0: magnitude 0 leaves ghost buckets.
		{AggDesc{Factor: 10, Low: 0, High: 6, Steps: 20}, 255, map[int64]int{
			-10000000: 0, -9999999: 1, -1: 126, 0: 127, 1: 128, 2: 130, 9: 144,
			10: 146, 14: 146, 15: 147, 99: 163, 100: 164, 9999999: 253, 10000000: 254}},
		// Low > 0: an underflow bucket for |v| < 4^4, 24 buckets a magnitude.
		{AggDesc{Factor: 4, Low: 4, High: 6, Steps: 32}, 147, map[int64]int{
			-255: 73, 255: 73, 256: 74, 287: 74, 288: 75, 1023: 97, 1024: 98,
			16383: 145, 16384: 146, -16384: 0, -256: 72}},
		// One magnitude, with ghost buckets between 1, 2 and 3.
		{AggDesc{Factor: 4, Low: 0, High: 0, Steps: 8}, 15, map[int64]int{
			-4: 0, -3: 2, -2: 4, -1: 6, 0: 7, 1: 8, 2: 10, 3: 12, 4: 14}},
		// 2^63: MinInt64 overflows, MaxInt64 does not.
		{AggDesc{Factor: 2, Low: 0, High: 62, Steps: 2}, 129, map[int64]int{
			math.MinInt64: 0, math.MinInt64 + 1: 1, 0: 64, math.MaxInt64: 127}},
	} {
		d := c.d
		d.Func = Llquantize
		if n := LlquantizeNBuckets(&d); n != c.n {
			t.Errorf("%+v: LlquantizeNBuckets = %d, want %d", d, n, c.n)
		}
		for v, want := range c.want {
			if got := LlquantizeBucket(v, &d); got != want {
				t.Errorf("%+v: LlquantizeBucket(%d) = %d, want %d", d, v, got, want)
			}
		}
	}
}

// Every bucket's range holds the values the bucket function puts there,
// ranges meet, and the bounds count the buckets below a value.
func TestLlquantizeRanges(t *testing.T) {
	for _, d := range []*AggDesc{
		{Func: Llquantize, Factor: 10, Low: 0, High: 6, Steps: 20},
		{Func: Llquantize, Factor: 4, Low: 0, High: 1, Steps: 2},
		{Func: Llquantize, Factor: 4, Low: 4, High: 6, Steps: 32},
		{Func: Llquantize, Factor: 10, Low: 0, High: 18, Steps: 10},
		{Func: Llquantize, Factor: 2, Low: 0, High: 62, Steps: 4},
	} {
		n := LlquantizeNBuckets(d)
		bounds := LlquantizeBounds(d)
		next := int64(math.MinInt64)
		for i := range n {
			lo, hi, ok := LlquantizeBucketRange(i, d)
			if !ok {
				continue
			}
			if lo != next {
				t.Errorf("%+v: bucket %d starts at %d, want %d", *d, i, lo, next)
			}
			for _, v := range []int64{lo, hi, lo + (hi-lo)/2} {
				if got := LlquantizeBucket(v, d); got != i {
					t.Errorf("%+v: %d is in bucket %d, range of %d is [%d, %d]", *d, v, got, i, lo, hi)
				}
				if got := sort.Search(len(bounds), func(j int) bool { return bounds[j] > v }); got != i {
					t.Errorf("%+v: %d has %d bounds below, want %d", *d, v, got, i)
				}
			}
			next = hi + 1
		}
		if next != math.MinInt64 { // wrapped past MaxInt64
			t.Errorf("%+v: the ranges end before MaxInt64, at %d", *d, next-1)
		}
	}
}

// Labels are cut to 15 bytes, as libdtrace prints them into 16-byte
// buffers: "abs() < 1000000000", "<= -10000000000000000000" and
// ">= 10000000000000000000" lose their tails.
func TestLlquantizeLongLabels(t *testing.T) {
	d := &AggDesc{Func: Llquantize, Factor: 10, Low: 9, High: 18, Steps: 10}
	b := make([]int64, LlquantizeNBuckets(d))
	b[0], b[len(b)/2], b[len(b)-1] = 1, 1, 1
	o := newOut(nil)
	Bars{}.llquantize(o, d, b, 1)
	for _, want := range []string{"\n <= -10000000000 |", "\n abs() < 1000000 |", "\n >= 100000000000 |"} {
		if !strings.Contains(string(o.buf), want) {
			t.Errorf("no %q in\n%s", want, o.buf)
		}
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

package format

import (
	"math/big"
	"math/bits"
	"strconv"
)

// The layout of quantize()'s buckets (DTRACE_QUANTIZE_NBUCKETS and
// DTRACE_QUANTIZE_ZEROBUCKET): 63 negative powers of two, zero, 63 positive
// powers of two.
const (
	QuantizeNBuckets   = 127
	QuantizeZeroBucket = 63
)

// QuantizeBucketValue is DTRACE_QUANTIZE_BUCKETVAL: the value that labels
// bucket i, -2^62 ... -1, 0, 1 ... 2^62. A negative bucket holds the values
// from its label down to (not including) the next label below; a positive
// bucket holds its label up to (not including) the next one.
func QuantizeBucketValue(i int) int64 {
	switch {
	case i < QuantizeZeroBucket:
		return -(1 << (QuantizeZeroBucket - 1 - i))
	case i == QuantizeZeroBucket:
		return 0
	}
	return 1 << (i - QuantizeZeroBucket - 1)
}

// QuantizeBucket is the bucket quantize() adds v to
// (dtrace_aggregate_quantize()): 0 for 0, 64 + floor(log2 v) for positive
// v, 62 - floor(log2 |v|) for negative v, saturating at 0 and 126.
func QuantizeBucket(v int64) int {
	if v < 0 {
		m := uint64(-v) // MinInt64 wraps to 2^63, its magnitude
		b := QuantizeZeroBucket - bits.Len64(m)
		if b < 0 {
			b = 0
		}
		return b
	}
	if v == 0 {
		return QuantizeZeroBucket
	}
	b := QuantizeZeroBucket + bits.Len64(uint64(v))
	if b > QuantizeNBuckets-1 {
		b = QuantizeNBuckets - 1
	}
	return b
}

// lquantize parameters as the kernel holds them: a 32-bit base and 16-bit
// step and level count.
func (d *AggDesc) lparams() (base int32, step, levels int) {
	return int32(d.Base), int(uint16(d.Step)), int(uint16(d.Levels))
}

// LquantizeBucket is the bucket lquantize() adds v to
// (dtrace_aggregate_lquantize()): 0 below Base, Levels+1 at or above
// Base+Levels*Step, else 1 + (v-Base)/Step. Like the kernel it first
// truncates v to 32 bits.
func LquantizeBucket(v int64, d *AggDesc) int {
	base, step, levels := d.lparams()
	val := int32(v)
	if val < base || step == 0 {
		return 0
	}
	level := (int64(val) - int64(base)) / int64(step)
	if level < int64(levels) {
		return int(level) + 1
	}
	return levels + 1
}

// LquantizeBucketValue is the value that labels lquantize() bucket i: Base
// for the underflow bucket ("< Base"), Base+(i-1)*Step for the others, and
// Base+Levels*Step for the overflow bucket (">= that"). The arithmetic is
// C's int, 32 bits.
func LquantizeBucketValue(i int, d *AggDesc) int64 {
	base, step, levels := d.lparams()
	switch {
	case i <= 0:
		return int64(base)
	case i > levels:
		return int64(base + int32(levels*step))
	}
	return int64(base + int32((i-1)*step))
}

// The graphs below are dt_print_quantize(), dt_print_lquantize() and
// dt_print_llquantize(): a heading, then one row per bucket from the one
// before the first non-zero bucket to the one after the last, or the rows
// around zero (the first three, for the linear kinds) when all are zero.

const distHeading = "\n           value  ------------- Distribution ------------- count    \n"

// Bars says how the bars of a graph are scaled: against the total of the
// rows shown, or, under aggzoom, against the largest row, which then
// fills DTRACE_AGGZOOM_MAX (95%) of the width.
type Bars struct {
	Zoom bool
	UTF8 bool // see PrintOptions.UTF8
}

func (o *PrintOptions) bars() Bars { return Bars{Zoom: o.Zoom, UTF8: o.UTF8} }

// aggZoomMax is DTRACE_AGGZOOM_MAX, the share of the width the largest
// bar fills under aggzoom.
const aggZoomMax = 0.95

// graph holds what every row of one graph shares.
type graph struct {
	o                   *out
	normal              uint64
	total               *longDouble
	positives, negative bool
	utf8                bool
}

func (bs Bars) newGraph(o *out, b []int64, first, last int, normal uint64) *graph {
	g := &graph{o: o, normal: normal, total: ldInt(0), utf8: bs.UTF8}
	for i := first; i <= last; i++ {
		g.positives = g.positives || b[i] > 0
		g.negative = g.negative || b[i] < 0
		bs.addTotal(g.total, b[i])
	}
	o.str(distHeading)
	return g
}

// addTotal is dt_quantize_total(): the sum of the magnitudes, or under
// aggzoom the largest magnitude over DTRACE_AGGZOOM_MAX, in long double.
func (bs Bars) addTotal(total *longDouble, v int64) {
	if !bs.Zoom {
		total.addAbs(v)
		return
	}
	z := ldInt(v)
	z.f.Abs(&z.f)
	z.f.Mul(&z.f, ldFloat(1/aggZoomMax))
	if total.f.Cmp(&z.f) < 0 {
		total.f.Set(&z.f)
	}
}

// binRange is the range of rows to print for buckets b; scanLimit is how
// far the scan for the first non-zero bucket goes, and empty is the range
// printed when nothing is found.
func binRange(b []int64, scanLimit, emptyFirst, emptyLast int) (int, int) {
	first := 0
	for first < scanLimit && b[first] == 0 {
		first++
	}
	if first == scanLimit {
		return emptyFirst, emptyLast
	}
	if first > 0 {
		first--
	}
	last := len(b) - 1
	for last > 0 && b[last] == 0 {
		last--
	}
	if last < len(b)-1 {
		last++
	}
	return first, last
}

func (bs Bars) quantize(o *out, b []int64, normal uint64) {
	b = buckets(b, QuantizeNBuckets)
	// Oracle scans every bucket for data; illumos stopped before the
	// last and so printed a count only in 2^62's bucket as no data.
	first, last := binRange(b, QuantizeNBuckets, QuantizeZeroBucket-1, QuantizeZeroBucket+1)
	g := bs.newGraph(o, b, first, last, normal)
	for i := first; i <= last; i++ {
		o.rightInt(QuantizeBucketValue(i), 16)
		o.byte(' ')
		g.row(b[i])
	}
}

func (bs Bars) lquantize(o *out, d *AggDesc, b []int64, normal uint64) {
	_, _, levels := d.lparams()
	b = buckets(b, levels+2)
	first, last := binRange(b, levels+2, 0, 2)
	g := bs.newGraph(o, b, first, last, normal)
	for i := first; i <= last; i++ {
		o.rightString(lquantizeLabel(d, i), 16)
		o.byte(' ')
		g.row(b[i])
	}
}

// lquantizeLabel is the label of lquantize() bucket i in a graph: "< base"
// for the underflow bucket, ">= limit" for the overflow bucket, the lower
// bound for the others.
func lquantizeLabel(d *AggDesc, i int) string {
	_, _, levels := d.lparams()
	v := strconv.FormatInt(LquantizeBucketValue(i, d), 10)
	switch {
	case i == 0:
		v = "< " + v
	case i == levels+1:
		v = ">= " + v
	}
	return v
}

// buckets returns b extended with zeros to n entries (a nil Buckets is an
// entry that never fired).
func buckets(b []int64, n int) []int64 {
	if len(b) >= n {
		return b[:n]
	}
	z := make([]int64, n)
	copy(z, b)
	return z
}

const (
	ats    = "@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@"
	spaces = "                                        "
)

// row is dt_print_quantline(): a bar of up to 40 '@' right of the axis for
// positive data, left of it for negative data, half bars either side of a
// centre line when both occur; then the count, "%-9lld".
func (g *graph) row(val int64) {
	o := g.o
	switch {
	case !g.negative && g.positives && g.utf8:
		g.utf8Row(val)
	case !g.negative:
		depth := 0
		if g.positives {
			depth = g.depth(val, 40)
		}
		o.byte('|')
		o.str(ats[:depth])
		o.str(spaces[depth:])
	case !g.positives:
		depth := g.depth(val, 40)
		o.str(spaces[depth:])
		o.str(ats[:depth])
		o.byte('|')
	default:
		depth := g.depth(val, 20)
		if val <= 0 {
			o.str(spaces[20+depth:])
			o.str(ats[:depth])
			o.byte('|')
			o.str(spaces[:20])
		} else {
			o.str(spaces[:20])
			o.byte('|')
			o.str(ats[:depth])
			o.str(spaces[20+depth:])
		}
	}
	o.byte(' ')
	o.leftInt(int64(uint64(val)/g.normal), 9)
	o.byte('\n')
}

// utf8Bar is the full block; U+2589 down to U+258F are seven eighths
// down to one eighth of it.
const utf8Bar = '\u2588'

// utf8Row is the bar of dt_print_quantline_utf8(): the bar's whole
// characters in full blocks, then the fraction left, truncated to
// eighths, in a partial block, padded to 40 columns.
func (g *graph) utf8Row(val int64) {
	o := g.o
	var f big.Float
	f.SetPrec(64).SetMode(big.ToNearestEven)
	a := ldInt(val)
	a.f.Abs(&a.f)
	f.Mul(&a.f, &ldInt(40).f)
	f.Quo(&f, &g.total.f)
	whole, _ := f.Uint64()
	var frac big.Float
	frac.SetPrec(64).SetMode(big.ToNearestEven)
	frac.Sub(&f, new(big.Float).SetUint64(whole))
	frac.Mul(&frac, big.NewFloat(8))
	partial, _ := frac.Uint64()
	o.byte('|')
	n := int(whole)
	for range n {
		o.str(string(utf8Bar))
	}
	if partial != 0 {
		o.str(string(utf8Bar + rune(8-partial)))
		n++
	}
	o.str(spaces[min(n, 40):])
}

func (g *graph) depth(val int64, length int) int {
	if g.total.f.Sign() == 0 {
		return 0
	}
	return min(barDepth(val, length, g.total), length)
}

// leftInt writes v left-justified in width columns, "%-*lld".
func (o *out) leftInt(v int64, width int) {
	var tmp [24]byte
	digits := strconv.AppendInt(tmp[:0], v, 10)
	o.bytes(digits)
	if n := width - len(digits); n > 0 {
		o.pad(n, ' ')
	}
}

// rightString writes s right-justified in width columns, "%*s".
func (o *out) rightString(s string, width int) {
	if n := width - len(s); n > 0 {
		o.pad(n, ' ')
	}
	o.str(s)
}

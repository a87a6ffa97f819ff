package format

import (
	"math"
	"math/big"
	"math/bits"

	"github.com/godtrace/godtrace/abi"
)

// AggFunc is an aggregating function, as the compiler records it.
type AggFunc = abi.AggFunc

// The aggregating functions, by the names the formatter has always used.
const (
	Count      = abi.AggCount
	Sum        = abi.AggSum
	Avg        = abi.AggAvg
	Min        = abi.AggMin
	Max        = abi.AggMax
	Stddev     = abi.AggStddev
	Quantize   = abi.AggQuantize
	Lquantize  = abi.AggLquantize
	Llquantize = abi.AggLlquantize
)

// AggDesc describes an aggregation: its function and that function's
// parameters, which fix the bucket layout.
type AggDesc struct {
	Name string // "" for @
	Func AggFunc
	// Lquantize: Base is the lower bound, Step the width of a bucket and
	// Levels the number of steps, (upper - lower) / step. DTrace keeps
	// Base in 32 bits and Step and Levels in 16.
	Base, Step, Levels int64
	// Llquantize: the factor, the low and high magnitudes, and the number
	// of steps per magnitude, as given to llquantize().
	Factor, Low, High, Steps int64
	// Normal is the factor set by normalize(); 0 and 1 mean none.
	Normal uint64
}

func (d *AggDesc) normal() uint64 {
	if d.Normal == 0 {
		return 1
	}
	return d.Normal
}

// AggValue is one aggregation entry's value in DTrace's representation.
type AggValue struct {
	// Count serves count(), avg() and stddev(); Sum serves sum(), avg()
	// and stddev(); Min and Max serve min() and max().
	Count, Sum, Min, Max int64
	// SumSq is stddev()'s sum of squares, 128 bits: SumSq[0] holds the
	// low 64 bits, SumSq[1] the high.
	SumSq [2]uint64
	// Buckets holds the counts of the quantizations: 127 for quantize()
	// (QuantizeZeroBucket is zero), Levels+2 for lquantize() (underflow,
	// one per step, overflow), LlquantizeNBuckets(d) for llquantize().
	// A nil Buckets is all zeros.
	Buckets []int64
}

// AggRecord is one key of an aggregation and its value.
type AggRecord struct {
	Keys  []Datum
	Value AggValue
}

// AggRow is one key of several aggregations printed together, as
// printa(@a, @b) joins them: Values has one entry per aggregation, the
// zero AggValue where an aggregation has no entry for the key.
type AggRow struct {
	Keys   []Datum
	Values []AggValue
}

// Join joins the records of several aggregations on their keys, as
// dtrace_aggregate_walk_joined() bundles them. Keys match when they are
// equal byte for byte, sizes included. The rows come out in no particular
// order; sort them with SortRows.
func Join(aggs [][]AggRecord) []AggRow {
	var rows []AggRow
	index := make(map[string]int)
	for i, recs := range aggs {
		for _, r := range recs {
			k := keyString(r.Keys)
			j, ok := index[k]
			if !ok {
				j = len(rows)
				index[k] = j
				rows = append(rows, AggRow{Keys: r.Keys, Values: make([]AggValue, len(aggs))})
			}
			rows[j].Values[i] = r.Value
		}
	}
	return rows
}

// keyString is a map key equal for keys that dt_aggregate_keycmp() finds
// equal.
func keyString(keys []Datum) string {
	var b []byte
	for _, k := range keys {
		b = append(b, byte(k.Kind), byte(k.Size), byte(k.Size>>8), byte(k.Size>>16))
		if k.Kind == Int {
			v := k.uint()
			for i := 0; i < 8; i++ {
				b = append(b, byte(v>>(8*i)))
			}
			continue
		}
		b = append(b, k.raw()...)
	}
	return string(b)
}

// AvgValue is avg() as the default output prints it: the sum divided by
// the normalization, then by the count, in signed arithmetic; 0 when
// empty.
func AvgValue(d *AggDesc, v *AggValue) int64 {
	if v.Count == 0 {
		return 0
	}
	return v.Sum / int64(d.normal()) / v.Count
}

// StddevValue is stddev() as DTrace computes it (dt_stddev()): the integer
// square root of the average of the squares less the square of the
// average, in 128-bit integer arithmetic, normalized; 0 when empty.
func StddevValue(d *AggDesc, v *AggValue) uint64 {
	return stddev(v, d.normal())
}

func stddev(v *AggValue, normal uint64) uint64 {
	if v.Count == 0 {
		return 0
	}
	sq := v.SumSq
	sq = div128(sq, normal)
	sq = div128(sq, normal)
	sq = div128(sq, uint64(v.Count))
	avg := v.Sum / int64(normal) / v.Count
	if avg < 0 {
		avg = -avg
	}
	hi, lo := bits.Mul64(uint64(avg), uint64(avg))
	lo, borrow := bits.Sub64(sq[0], lo, 0)
	hi, _ = bits.Sub64(sq[1], hi, borrow) // wraps as dt_subtract_128() does
	return sqrt128(hi, lo)
}

// div128 divides a 128-bit value by d, rounding down.
func div128(a [2]uint64, d uint64) [2]uint64 {
	qhi := a[1] / d
	qlo, _ := bits.Div64(a[1]%d, a[0], d)
	return [2]uint64{qlo, qhi}
}

// sqrt128 is the integer square root of hi:lo.
func sqrt128(hi, lo uint64) uint64 {
	n := new(big.Int).SetUint64(hi)
	n.Lsh(n, 64)
	n.Or(n, new(big.Int).SetUint64(lo))
	return n.Sqrt(n).Uint64()
}

// NewAggValue returns the value an entry starts from: what the kernel
// copies in before the first update (dtag_initial): the extreme opposite
// for min() and max(), zeroed buckets of the right number for the
// quantizations.
func NewAggValue(d *AggDesc) AggValue {
	var v AggValue
	switch d.Func {
	case Min:
		v.Min = math.MaxInt64
	case Max:
		v.Max = math.MinInt64
	case Quantize:
		v.Buckets = make([]int64, QuantizeNBuckets)
	case Lquantize:
		_, _, levels := d.lparams()
		v.Buckets = make([]int64, levels+2)
	case Llquantize:
		v.Buckets = make([]int64, LlquantizeNBuckets(d))
	}
	return v
}

// Add applies one update to v as the kernel's aggregating functions
// (dtrace_aggregate_*()) do: x is the value, incr the quantizations'
// optional increment (1 when not given). It is the reference the code
// generator's output is tested against; v must come from NewAggValue.
func (v *AggValue) Add(d *AggDesc, x, incr int64) {
	switch d.Func {
	case Count:
		v.Count++
	case Sum:
		v.Sum += x
	case Avg:
		v.Count++
		v.Sum += x
	case Min:
		v.Min = min(v.Min, x)
	case Max:
		v.Max = max(v.Max, x)
	case Stddev:
		v.addStddev(x)
	case Quantize:
		v.Buckets[QuantizeBucket(x)] += incr
	case Lquantize:
		v.Buckets[LquantizeBucket(x, d)] += incr
	case Llquantize:
		v.Buckets[LlquantizeBucket(x, d)] += incr
	}
}

// addStddev adds x to the count, the sum, and the 128-bit sum of squares
// of its magnitude.
func (v *AggValue) addStddev(x int64) {
	v.Count++
	v.Sum += x
	m := uint64(x)
	if x < 0 {
		m = uint64(-x) // MinInt64 wraps to 2^63, its magnitude
	}
	hi, lo := bits.Mul64(m, m)
	var c uint64
	v.SumSq[0], c = bits.Add64(v.SumSq[0], lo, 0)
	v.SumSq[1], _ = bits.Add64(v.SumSq[1], hi, c)
}

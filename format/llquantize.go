package format

import (
	"math"
	"math/bits"
	"strconv"
)

// llquantize() here is Oracle's (dtrace-utils, the Linux DTrace), which
// differs from illumos's: it quantizes values of both signs. Its buckets
// are, in order: the negative overflow bucket (magnitudes at or above
// Factor^(High+1)), the negative buckets, an underflow bucket in the
// middle for magnitudes below Factor^Low (0 only when Low is 0), the
// positive buckets, and the positive overflow bucket. Each order of
// magnitude from Low to High has Steps - Steps/Factor buckets of each
// sign: Steps linear steps up to Factor^(mag+1), less those that lie
// below Factor^mag. With Low 0 and more steps than the factor, magnitude
// 0 cannot fill all its buckets (only the integers 1 to Factor-1 are
// there); the buckets in between hold nothing and print without a row
// ("ghost" buckets in dt_print_llquantize()).

// llLayout is the bucket layout of one llquantize() aggregation.
type llLayout struct {
	factor, lmag, hmag, steps uint64
	perMag                    uint64 // buckets per magnitude and sign: steps - steps/factor
	bin0                      int    // the underflow bucket, in the middle
	n                         int    // buckets in all
	low                       uint64 // Factor^Low: the least magnitude out of the underflow bucket
	top                       uint64 // Factor^(High+1): the least magnitude in an overflow bucket
	valid                     bool
}

// llayout is the layout of d's buckets. Parameters that the compiler
// would reject give an invalid layout of one bucket.
func (d *AggDesc) llayout() llLayout {
	factor, lmag, hmag, steps := uint64(uint16(d.Factor)), uint64(uint16(d.Low)), uint64(uint16(d.High)), uint64(uint16(d.Steps))
	l := llLayout{factor: factor, lmag: lmag, hmag: hmag, steps: steps, n: 1}
	if factor < 2 || steps == 0 || hmag < lmag {
		return l
	}
	low, ok1 := Pow64(factor, lmag)
	top, ok2 := Pow64(factor, hmag+1)
	if !ok1 || !ok2 || !llquantizeStepsValid(factor, lmag, steps) {
		return l
	}
	l.low, l.top = low, top
	l.perMag = steps - steps/factor
	l.bin0 = 1 + int((hmag-lmag+1)*l.perMag)
	l.n = 2*l.bin0 + 1
	l.valid = true
	return l
}

// llquantizeStepsValid is the compiler's rule for the steps, which makes
// every bucket boundary an integer: steps dividing the factor when fewer,
// else a multiple of it that divides Factor^(Low+1) (Factor^2 when Low
// is 0).
func llquantizeStepsValid(factor, lmag, steps uint64) bool {
	switch {
	case steps < factor:
		return factor%steps == 0
	case steps > factor:
		p, ok := Pow64(factor, max(lmag, 1)+1)
		return steps%factor == 0 && ok && p%steps == 0
	}
	return true
}

// Pow64 is b^e, and false if it overflows 64 bits. The checker uses it
// for llquantize()'s parameters too.
func Pow64(b, e uint64) (uint64, bool) {
	r := uint64(1)
	for ; e > 0; e-- {
		hi, lo := bits.Mul64(r, b)
		if hi != 0 {
			return 0, false
		}
		r = lo
	}
	return r, true
}

// LlquantizeNBuckets is the number of llquantize() buckets:
// (High-Low+1) * (Steps - Steps/Factor) * 2 + 3.
func LlquantizeNBuckets(d *AggDesc) int { return d.llayout().n }

// LlquantizeBucket is the bucket llquantize() adds v to, as Oracle's
// dt_cg_agg_llquantize_bin() computes it: the bucket of |v| counted out
// from the underflow bucket, on the side of v's sign.
func LlquantizeBucket(v int64, d *AggDesc) int {
	l := d.llayout()
	return l.bucket(v)
}

func (l *llLayout) bucket(v int64) int {
	if !l.valid {
		return 0
	}
	m := uint64(v)
	if v < 0 {
		m = -m // MinInt64 stays 2^63, its magnitude
	}
	if m < l.low {
		return l.bin0
	}
	k := l.distance(m)
	if v < 0 {
		return l.bin0 - k
	}
	return l.bin0 + k
}

// distance is how far from the underflow bucket the bucket of magnitude
// m >= Factor^Low lies: 1 for the first bucket of magnitude Low, up to
// (High-Low+1)*perMag + 1 for the overflow bucket.
func (l *llLayout) distance(m uint64) int {
	limit := l.low
	for mag := l.lmag; mag <= l.hmag; mag++ {
		limit *= l.factor // at most Factor^(High+1): no overflow
		if m >= limit {
			continue
		}
		// The linear step of m in [0, limit), less the steps below
		// Factor^mag. Magnitude 0's steps may be narrower than 1.
		var ind uint64
		if mag == 0 {
			ind = m * l.steps / limit
		} else {
			ind = m / (limit / l.steps)
		}
		ind -= l.steps / l.factor
		return int((mag-l.lmag)*l.perMag + ind + 1)
	}
	return int((l.hmag-l.lmag+1)*l.perMag + 1)
}

// magnitude is the value that dt_print_llquantize() labels the bucket k
// away from the underflow bucket with (with a minus sign on the negative
// side), the least magnitude it holds; false for a ghost bucket, which
// has no label. dt_aggregate_llquantizedsum() weighs the buckets by the
// same values. k is in [1, (High-Low+1)*perMag + 1].
func (l *llLayout) magnitude(k int) (uint64, bool) {
	if k == 1 {
		return l.low, true
	}
	sf := l.steps / l.factor
	j := uint64(k - 1) // the labels of the steps after the first
	mag := l.lmag
	if l.lmag == 0 && l.steps > l.factor {
		// Magnitude 0 holds 1 to Factor-1, one real bucket in sf.
		if j <= (l.factor-1)*sf {
			if j%sf != 0 {
				return 0, false
			}
			return 1 + j/sf, true
		}
		j -= (l.factor - 1) * sf
		mag = 1
	}
	mag += (j - 1) / l.perMag
	step := sf + 1 + (j-1)%l.perMag
	p, _ := Pow64(l.factor, mag+1) // mag <= High
	return step * (p / l.steps), true
}

// label is bucket i's row label in dt_print_llquantize(), "" for a ghost
// bucket; first is the first row printed, which decides whether the
// underflow bucket says "abs()". Labels are cut to 15 bytes, as
// libdtrace prints them into 16-byte buffers.
func (l *llLayout) label(i, first int) string {
	var s string
	switch {
	case i < 0 || i >= l.n:
		return ""
	case i == 0:
		s = "<= -" + strconv.FormatUint(l.top, 10)
	case i == l.n-1:
		s = ">= " + strconv.FormatUint(l.top, 10)
	case i == l.bin0 && l.low == 1:
		s = "0"
	case i == l.bin0 && first >= l.bin0:
		// No negative row: the magnitude need not be mentioned.
		s = "< " + strconv.FormatUint(l.low, 10)
	case i == l.bin0:
		s = "abs() < " + strconv.FormatUint(l.low, 10)
	default:
		k := i - l.bin0
		if k < 0 {
			k = -k
			s = "-"
		}
		v, ok := l.magnitude(k)
		if !ok {
			return ""
		}
		s += strconv.FormatUint(v, 10)
	}
	if len(s) > 15 {
		s = s[:15]
	}
	return s
}

// ghostRun is how many buckets at most separate two labelled ones.
func (l *llLayout) ghostRun() int {
	if l.lmag == 0 && l.steps > l.factor {
		return int(l.steps / l.factor)
	}
	return 0
}

// llquantize is dt_print_llquantize(): the rows from the one before the
// first non-zero bucket to the one after the last, or the three around
// the first positive bucket when all are zero, skipping ghost buckets;
// a ghost bucket at either end borrows the label of the nearest
// labelled bucket beyond it.
func (bs Bars) llquantize(o *out, d *AggDesc, b []int64, normal uint64) {
	l := d.llayout()
	if !l.valid {
		bs.newGraph(o, b, 0, -1, normal)
		return
	}
	b = buckets(b, l.n)
	first, last := 0, l.n-1
	for first <= last && b[first] == 0 {
		first++
	}
	if first > last {
		first, last = l.bin0+1, l.bin0+1
	} else {
		for b[last] == 0 {
			last--
		}
	}
	g := bs.newGraph(o, b, first, last, normal)
	if first > 0 {
		first--
	}
	if last < l.n-1 {
		last++
	}
	firstLabel, lastLabel := l.label(first, first), l.label(last, first)
	pad := l.ghostRun()
	for i := 1; firstLabel == "" && i < pad; i++ {
		firstLabel = l.label(first-i, first)
	}
	for i := 1; lastLabel == "" && i < pad; i++ {
		lastLabel = l.label(last+i, first)
	}
	for i := first; i <= last; i++ {
		s := l.label(i, first)
		switch i {
		case first:
			s = firstLabel
		case last:
			s = lastLabel
		}
		if s == "" {
			continue
		}
		o.rightString(s, 16)
		o.byte(' ')
		g.row(b[i])
	}
}

// llquantizeSortValue is dt_aggregate_llquantizedsum() and ..zero():
// each positive bucket less its negative mirror, weighed by its label
// (the overflow buckets by Factor^(High+1), the underflow bucket by 0);
// the zero count compared on ties is the underflow bucket's.
func llquantizeSortValue(d *AggDesc, b []int64) sortValue {
	l := d.llayout()
	total := ldInt(0)
	if !l.valid {
		return sortValue{sum: total}
	}
	for k := 1; k <= l.bin0; k++ {
		if w, ok := l.magnitude(k); ok {
			total.addMulUint(w, b[l.bin0+k]-b[l.bin0-k])
		}
	}
	return sortValue{sum: total, zero: b[l.bin0]}
}

// least is the least int64 whose bucket is i or a later one, and false
// if no int64 is: by bisection over the bucket function, which never
// decreases.
func (l *llLayout) least(i int) (int64, bool) {
	if l.bucket(math.MaxInt64) < i {
		return 0, false
	}
	lo, hi := int64(math.MinInt64), int64(math.MaxInt64)
	for lo < hi {
		mid := lo + int64((uint64(hi)-uint64(lo))/2)
		if l.bucket(mid) >= i {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	return lo, true
}

// LlquantizeBounds returns, for buckets 1, 2 and on, the least int64
// that llquantize() puts in that bucket or a later one, as far as some
// int64 reaches: a value's bucket is the number of bounds at or below
// it. Buckets that no value reaches (ghost buckets, and magnitudes
// beyond 2^63) share the next bucket's bound or are left out at the
// end.
func LlquantizeBounds(d *AggDesc) []int64 {
	l := d.llayout()
	var bounds []int64
	for i := 1; i < l.n; i++ {
		v, ok := l.least(i)
		if !ok {
			break
		}
		bounds = append(bounds, v)
	}
	return bounds
}

// LlquantizeBucketRange returns the least and greatest int64 in
// llquantize() bucket i, and false if the bucket holds none.
func LlquantizeBucketRange(i int, d *AggDesc) (lo, hi int64, ok bool) {
	l := d.llayout()
	if i < 0 || i >= l.n {
		return 0, 0, false
	}
	lo = math.MinInt64
	if i > 0 {
		if lo, ok = l.least(i); !ok {
			return 0, 0, false
		}
	}
	if l.bucket(lo) != i {
		return 0, 0, false
	}
	hi = math.MaxInt64
	if next, ok := l.least(i + 1); ok && i+1 < l.n {
		hi = next - 1
	}
	return lo, hi, true
}

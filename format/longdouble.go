package format

import "math/big"

// libdtrace sums quantizations in long double, which on x86 is the 80-bit
// extended format: a 64-bit significand, each operation rounded to nearest.
// The results decide both bar lengths and sort order, and float64's 53 bits
// give different answers (the illumos test tst.neglquant.d sorts two
// aggregations whose sums differ by less than a float64 ulp), so the
// arithmetic is emulated with big.Float at 64 bits of precision.

type longDouble struct{ f big.Float }

func ldInt(v int64) *longDouble {
	x := new(longDouble)
	x.f.SetPrec(64).SetMode(big.ToNearestEven).SetInt64(v) // exact: 64 bits
	return x
}

// addMul sets x to x + a*b with two roundings, as "x += (long double)a *
// (long double)b" compiles.
func (x *longDouble) addMul(a, b int64) {
	var p big.Float
	p.SetPrec(64).SetMode(big.ToNearestEven)
	p.Mul(&ldInt(a).f, &ldInt(b).f)
	x.f.Add(&x.f, &p)
}

// addMulUint is addMul for an unsigned a, which long double holds
// exactly too.
func (x *longDouble) addMulUint(a uint64, b int64) {
	var p, fa big.Float
	fa.SetPrec(64).SetUint64(a)
	p.SetPrec(64).SetMode(big.ToNearestEven)
	p.Mul(&fa, &ldInt(b).f)
	x.f.Add(&x.f, &p)
}

// addAbs sets x to x + |v|, as dt_quantize_total() does.
func (x *longDouble) addAbs(v int64) {
	a := ldInt(v)
	a.f.Abs(&a.f)
	x.f.Add(&x.f, &a.f)
}

func (x *longDouble) cmp(y *longDouble) int { return x.f.Cmp(&y.f) }

// barDepth is (uint_t)(f + 0.5) where f = fabsl(val) * len / total: the
// number of characters of a quantization bar.
func barDepth(val int64, length int, total *longDouble) int {
	var f big.Float
	f.SetPrec(64).SetMode(big.ToNearestEven)
	a := ldInt(val)
	a.f.Abs(&a.f)
	f.Mul(&a.f, &ldInt(int64(length)).f)
	f.Quo(&f, &total.f)
	f.Add(&f, big.NewFloat(0.5))
	n, _ := f.Uint64() // truncates toward zero, as the cast does
	return int(n)
}

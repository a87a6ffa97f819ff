package compile

import (
	"math"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/spec"
)

// llquantizeBounds returns, for buckets 1 to n-1, the smallest value that
// llquantize puts in that bucket or a later one, from the formatter's
// copy of the kernel's bucket function, so that the kernel and the
// consumer cannot disagree. The function never decreases, so a value's
// bucket is the number of bounds at or below it. The bounds are not the
// buckets' labels: where the next order of magnitude would overflow 64
// bits, DTrace puts every larger value in one bucket, and buckets it
// skips share a bound.
func llquantizeBounds(sa *spec.Aggregation) []int64 {
	d := &format.AggDesc{Func: format.Llquantize, Factor: sa.Factor, Low: sa.Low, High: sa.High, Steps: sa.Nsteps}
	n := format.LlquantizeNBuckets(d)
	bounds := make([]int64, 0, n)
	for i := 1; i < n; i++ {
		// The smallest v with bucket(v) >= i, by bisection over int64.
		lo, hi := int64(math.MinInt64), int64(math.MaxInt64)
		for lo < hi {
			mid := lo + int64((uint64(hi)-uint64(lo))/2)
			if format.LlquantizeBucket(mid, d) >= i {
				hi = mid
			} else {
				lo = mid + 1
			}
		}
		bounds = append(bounds, lo)
	}
	return bounds
}

// llquantizeBucket puts in R3 the llquantize bucket of R1 among buckets
// lo+1 to hi+1 (bounds lo to hi): an unrolled binary search over the
// bounds, which are constants, so a firing makes log2(n) comparisons.
// Uses R4.
func (g *gen) llquantizeBucket(sa *spec.Aggregation, lo, hi int) {
	done := g.newLabel()
	g.llsearch(sa.Bounds, lo, hi, done)
	g.mark(done)
}

func (g *gen) llsearch(bounds []int64, lo, hi int, done string) {
	if lo > hi {
		// Every bound below lo is <= v and bound lo (if any) is > v.
		g.emit(asm.Mov.Imm(asm.R3, int32(lo)), asm.Ja.Label(done))
		return
	}
	mid := (lo + hi) / 2
	right := g.newLabel()
	g.emit(loadImm(asm.R4, bounds[mid]), asm.JSGE.Reg(asm.R1, asm.R4, right))
	g.llsearch(bounds, lo, mid-1, done)
	g.mark(right)
	g.llsearch(bounds, mid+1, hi, done)
}

// addSquare adds the square of the magnitude of R1 to the 128-bit sum
// of squares at [R9+16] (low) and [R9+24] (high), as DTrace keeps it for
// stddev(). BPF has no 64x64->128 multiply: with m = a<<32 | b,
// m*m = a*a<<64 + 2ab<<32 + b*b, each product fitting 64 bits. Uses
// R0, R3-R5 and R8.
func (g *gen) addSquare() {
	pos, c1, c2 := g.newLabel(), g.newLabel(), g.newLabel()
	g.emit(
		asm.Mov.Reg(asm.R3, asm.R1),
		asm.JSGE.Imm(asm.R3, 0, pos),
		asm.Neg.Imm(asm.R3, 0), // MinInt64 stays 2^63 as unsigned: its magnitude
	)
	g.mark(pos)
	g.emit(
		asm.Mov.Reg(asm.R4, asm.R3), asm.RSh.Imm(asm.R4, 32), // a
		asm.Mov.Reg32(asm.R5, asm.R3),                            // b
		asm.Mov.Reg(asm.R0, asm.R5), asm.Mul.Reg(asm.R0, asm.R5), // b*b
		asm.Mul.Reg(asm.R5, asm.R4), // a*b
		asm.Mul.Reg(asm.R4, asm.R4), // a*a
		// low = b*b + (a*b << 33), high = a*a + (a*b >> 31) + carry
		asm.Mov.Reg(asm.R3, asm.R5), asm.LSh.Imm(asm.R3, 33),
		asm.Add.Reg(asm.R3, asm.R0),
		asm.RSh.Imm(asm.R5, 31),
		asm.Add.Reg(asm.R4, asm.R5),
		asm.JGE.Reg(asm.R3, asm.R0, c1),
		asm.Add.Imm(asm.R4, 1),
	)
	g.mark(c1)
	g.emit(
		asm.LoadMem(asm.R8, asm.R9, 16, asm.DWord),
		asm.Add.Reg(asm.R8, asm.R3),
		asm.StoreMem(asm.R9, 16, asm.R8, asm.DWord),
		asm.LoadMem(asm.R0, asm.R9, 24, asm.DWord),
		asm.Add.Reg(asm.R0, asm.R4),
		asm.JGE.Reg(asm.R8, asm.R3, c2),
		asm.Add.Imm(asm.R0, 1),
	)
	g.mark(c2)
	g.emit(asm.StoreMem(asm.R9, 24, asm.R0, asm.DWord))
}

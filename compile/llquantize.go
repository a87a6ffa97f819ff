package compile

import (
	"encoding/binary"
	"fmt"
	"math"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/spec"
)

// llquantizeBounds returns the number of llquantize buckets and, for
// buckets 1 on, the least value that falls in that bucket or a later one,
// both from the formatter's copy of the bucket function
// (Oracle's dt_cg_agg_llquantize_bin()), so that the kernel and the
// consumer cannot disagree. The function never decreases, so a value's
// bucket is the number of bounds at or below it. Ghost buckets (which
// no value reaches) share the next bucket's bound, and buckets beyond
// the magnitude of int64 have no bound.
func llquantizeBounds(sa *spec.Aggregation) (int, []int64) {
	d := &format.AggDesc{Func: format.Llquantize, Factor: sa.Factor, Low: sa.Low, High: sa.High, Steps: sa.Nsteps}
	return format.LlquantizeNBuckets(d), format.LlquantizeBounds(d)
}

// llquantizeBucket puts in R3 the llquantize bucket of R1: the number of
// bounds at or below it, by a binary search of the bounds, which lie in
// rodata, padded with MaxInt64 to a power of two less one. Each step
// halves the range and is a constant offset on its path, so the code
// takes log2(n) steps and little room however many buckets there are:
// an unrolled search of constants took five instructions a bucket, too
// many for a clause with dozens of llquantize() statements. Uses R4 and
// R5.
func (g *gen) llquantizeBucket(sa *spec.Aggregation) {
	table, size := g.c.llquantizeTable(sa)
	g.emit(asm.LoadMapValue(asm.R5, 0, uint32(table)).WithReference(spec.MapRodata), asm.Mov.Imm(asm.R3, 0))
	for step := (size + 1) / 2; step >= 1; step /= 2 {
		// if bound[R3+step-1] <= R1 { R3 += step }
		skip := g.newLabel()
		g.emit(
			asm.Mov.Reg(asm.R4, asm.R3),
			asm.LSh.Imm(asm.R4, 3),
			asm.Add.Reg(asm.R4, asm.R5),
			asm.LoadMem(asm.R4, asm.R4, int16(8*(step-1)), asm.DWord),
			asm.JSGT.Reg(asm.R4, asm.R1, skip),
			asm.Add.Imm(asm.R3, int32(step)),
		)
		g.mark(skip)
	}
	// Only MaxInt64 passes the padding.
	if n := len(sa.Bounds); n < size {
		done := g.newLabel()
		g.emit(asm.JLE.Imm(asm.R3, int32(n), done), asm.Mov.Imm(asm.R3, int32(n)))
		g.mark(done)
	}
}

// llquantizeTable returns the rodata offset of aggregation sa's bounds,
// padded with MaxInt64 to 2^k-1 entries, and that number of entries.
// Aggregations with the same parameters share a table.
func (c *compiler) llquantizeTable(sa *spec.Aggregation) (off, size int) {
	size = 1
	for size < len(sa.Bounds) {
		size = 2*size + 1
	}
	k := fmt.Sprintf("llquantize(%d, %d, %d, %d)", sa.Factor, sa.Low, sa.High, sa.Nsteps)
	if off, ok := c.strs[k]; ok {
		return off, size
	}
	b := make([]byte, 8*size)
	for i := range size {
		v := int64(math.MaxInt64)
		if i < len(sa.Bounds) {
			v = sa.Bounds[i]
		}
		binary.NativeEndian.PutUint64(b[8*i:], uint64(v))
	}
	off = c.alloc(b)
	c.strs[k] = off
	return off, size
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

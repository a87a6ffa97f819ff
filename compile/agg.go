package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/spec"
)

// aggregate generates `@name[keys] = func(args)`: evaluate the
// arguments, build the key, find or create this CPU's value, and update
// it in place (the map is per-CPU, so no atomics are needed).
func (g *gen) aggregate(ae *ast.AggExpr, call *ast.CallExpr) {
	agg := g.c.info.AggOf[ae]
	sa := g.c.aggs[agg.ID]
	// The value and the increment wait on the stack while the key is
	// built and the map entry found.
	valSlot, incrSlot := int16(0), int16(0)
	if len(call.Args) > 0 {
		g.expr(call.Args[0])
		valSlot = g.push()
	}
	// Only the quantizing functions have an increment (count's is 1).
	incrArg, quantizes := map[abi.AggFunc]int{abi.AggQuantize: 1, abi.AggLquantize: 4, abi.AggLlquantize: 5}[sa.Func]
	if quantizes {
		if len(call.Args) > incrArg {
			g.expr(call.Args[incrArg])
		} else {
			g.emit(asm.Mov.Imm(asm.R0, 1))
		}
		incrSlot = g.push()
	}

	done := g.newLabel()
	if sa.KeySize == 0 {
		// A one-entry per-CPU array, whose entry always exists: the
		// check only satisfies the verifier. The key (0) is on the
		// stack, so that `@ = count();` needs no scratch area.
		g.emit(asm.Mov.Imm(asm.R0, 0))
		key := g.push()
		g.emit(
			asm.LoadMapPtr(asm.R1, 0).WithReference(sa.Map),
			asm.Mov.Reg(asm.R2, asm.R10),
			asm.Add.Imm(asm.R2, int32(key)),
			asm.FnMapLookupElem.Call(),
			asm.JEq.Imm(asm.R0, 0, done),
		)
		g.temps--
	} else {
		key := g.tmp(sa.KeySize)
		g.buildAggKey(key, sa.Keys, ae.Keys)
		g.lookupOrCreate(sa.Map, key, g.c.layout.zero, g.countAggDrop, done)
	}
	g.emit(asm.Mov.Reg(asm.R9, asm.R0))
	if incrSlot != 0 {
		g.emit(asm.LoadMem(asm.R2, asm.R10, incrSlot, asm.DWord))
		g.temps--
	}
	if valSlot != 0 {
		g.emit(asm.LoadMem(asm.R1, asm.R10, valSlot, asm.DWord))
		g.temps--
	}
	g.aggUpdate(sa)
	g.mark(done)
	g.emit(asm.Mov.Imm(asm.R0, 0))
}

// aggUpdate applies the aggregating function to the value at R9 (slot 0
// counts updates) with the argument in R1 and, for the quantizing
// functions, the increment in R2.
func (g *gen) aggUpdate(sa *spec.Aggregation) {
	// n++ (for count, n is the result); min and max look at the n
	// before, in R5.
	g.emit(asm.LoadMem(asm.R4, asm.R9, 0, asm.DWord))
	if sa.Func == abi.AggMin || sa.Func == abi.AggMax {
		g.emit(asm.Mov.Reg(asm.R5, asm.R4))
	}
	g.emit(asm.Add.Imm(asm.R4, 1), asm.StoreMem(asm.R9, 0, asm.R4, asm.DWord))
	switch sa.Func {
	case abi.AggSum, abi.AggAvg:
		g.emit(asm.LoadMem(asm.R3, asm.R9, 8, asm.DWord), asm.Add.Reg(asm.R3, asm.R1), asm.StoreMem(asm.R9, 8, asm.R3, asm.DWord))
	case abi.AggMin, abi.AggMax:
		// The first value on this CPU (R5 == 0) always replaces.
		set, skip := g.newLabel(), g.newLabel()
		j := asm.JSGE
		if sa.Func == abi.AggMax {
			j = asm.JSLE
		}
		g.emit(asm.JEq.Imm(asm.R5, 0, set), asm.LoadMem(asm.R3, asm.R9, 8, asm.DWord), j.Reg(asm.R1, asm.R3, skip))
		g.mark(set)
		g.emit(asm.StoreMem(asm.R9, 8, asm.R1, asm.DWord))
		g.mark(skip)
	case abi.AggStddev:
		g.emit(asm.LoadMem(asm.R3, asm.R9, 8, asm.DWord), asm.Add.Reg(asm.R3, asm.R1), asm.StoreMem(asm.R9, 8, asm.R3, asm.DWord))
		g.addSquare()
	case abi.AggQuantize, abi.AggLquantize, abi.AggLlquantize:
		switch sa.Func {
		case abi.AggQuantize:
			g.quantizeBucket()
		case abi.AggLquantize:
			g.lquantizeBucket(sa)
		default:
			g.llquantizeBucket(sa)
		}
		// R3 is the bucket; slot 1+R3 holds it.
		g.emit(
			asm.Add.Imm(asm.R3, 1),
			asm.LSh.Imm(asm.R3, 3),
			asm.Add.Reg(asm.R3, asm.R9),
			asm.LoadMem(asm.R4, asm.R3, 0, asm.DWord),
			asm.Add.Reg(asm.R4, asm.R2),
			asm.StoreMem(asm.R3, 0, asm.R4, asm.DWord),
		)
	}
}

// quantizeBucket puts in R3 the quantize bucket of the signed value in
// R1: bucket 63 holds 0, 64+k holds [2^k, 2^(k+1)), and 62-k holds
// (-2^(k+1), -2^k], as DTrace's power-of-two buckets. Uses R4, R5.
func (g *gen) quantizeBucket() {
	zero, neg, have := g.newLabel(), g.newLabel(), g.newLabel()
	g.emit(asm.JEq.Imm(asm.R1, 0, zero), asm.JSLT.Imm(asm.R1, 0, neg), asm.Mov.Reg(asm.R5, asm.R1))
	g.log2()
	g.emit(asm.Add.Imm(asm.R3, 64), asm.Ja.Label(have))
	g.mark(neg)
	g.emit(asm.Mov.Reg(asm.R5, asm.R1), asm.Neg.Imm(asm.R5, 0))
	g.log2()
	clamp := g.newLabel()
	g.emit(asm.Mov.Imm(asm.R4, 62), asm.Sub.Reg(asm.R4, asm.R3), asm.Mov.Reg(asm.R3, asm.R4),
		asm.JSGE.Imm(asm.R3, 0, have), asm.Mov.Imm(asm.R3, 0), asm.Ja.Label(have))
	g.mark(zero)
	g.emit(asm.Mov.Imm(asm.R3, spec.QuantizeZeroBucket))
	g.mark(have)
	g.emit(asm.JLE.Imm(asm.R3, spec.QuantizeBuckets-1, clamp), asm.Mov.Imm(asm.R3, spec.QuantizeBuckets-1))
	g.mark(clamp)
	g.emit(asm.JSGE.Imm(asm.R3, 0, clamp+"ok"), asm.Mov.Imm(asm.R3, 0))
	g.mark(clamp + "ok")
}

// log2 sets R3 to floor(log2(R5)) for the unsigned, non-zero R5,
// clobbering R4 and R5.
func (g *gen) log2() {
	g.emit(asm.Mov.Imm(asm.R3, 0))
	for _, s := range []int32{32, 16, 8, 4, 2, 1} {
		skip := g.newLabel()
		g.emit(asm.Mov.Reg(asm.R4, asm.R5), asm.RSh.Imm(asm.R4, s), asm.JEq.Imm(asm.R4, 0, skip),
			asm.Mov.Reg(asm.R5, asm.R4), asm.Add.Imm(asm.R3, s))
		g.mark(skip)
	}
}

// lquantizeBucket puts in R3 the lquantize bucket of R1: 0 below the
// base, levels+1 at or above the limit, else 1 + (v - base) / step.
// Uses R4, R5.
func (g *gen) lquantizeBucket(sa *spec.Aggregation) {
	have, under := g.newLabel(), g.newLabel()
	limit := sa.Base + sa.Levels*sa.Step
	g.emit(
		asm.LoadImm(asm.R4, sa.Base, asm.DWord),
		asm.JSLT.Reg(asm.R1, asm.R4, under),
		asm.LoadImm(asm.R5, limit, asm.DWord),
		asm.Mov.Imm(asm.R3, int32(sa.Levels+1)),
		asm.JSGE.Reg(asm.R1, asm.R5, have),
		asm.Mov.Reg(asm.R3, asm.R1),
		asm.Sub.Reg(asm.R3, asm.R4),
		asm.LoadImm(asm.R5, sa.Step, asm.DWord),
		asm.Div.Reg(asm.R3, asm.R5),
		asm.Add.Imm(asm.R3, 1),
		asm.Ja.Label(have),
	)
	g.mark(under)
	g.emit(asm.Mov.Imm(asm.R3, 0))
	g.mark(have)
	ok := g.newLabel()
	g.emit(asm.JLE.Imm(asm.R3, int32(sa.Levels+1), ok), asm.Mov.Imm(asm.R3, int32(sa.Levels+1)))
	g.mark(ok)
}

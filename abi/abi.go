// Package abi holds what the D front end, the code generator and the
// consumer agree on without depending on one another, as DTrace's
// <sys/dtrace.h> does: the kinds of recorded actions (DTRACEACT_*) and
// of aggregating functions (DTRACEAGG_*), the layout of cpuinfo_t, and
// the type descriptions print() records. It imports nothing, so that the
// checker (lang/check) names them without depending on the back end.
package abi

import "fmt"

// ActionKind is the kind of a recorded action.
type ActionKind int

const (
	ActTrace ActionKind = iota + 1
	ActPrintf
	ActExit
	ActPrinta
	ActClear
	ActTrunc     // Items[0], if any, is how many entries to keep
	ActNormalize // Items[0] is the normalization factor
	ActDenormalize
	ActStack  // Items[0] is a kernel stack
	ActUstack // Items[0] is a user stack (ustack, jstack)
	// Speculations: speculate() tags the record (at
	// spec.ECB.SpeculationTag); commit() and discard() record the
	// speculation they ended in Items[0], 0 when they ended none.
	ActSpeculate
	ActCommit
	ActDiscard
	// usym(), ufunc(), uaddr() and umod() as statements: Items[0] is
	// the address with its pid, printed as its Sym says.
	ActSymbol
	// tracemem(): Items[0] is the memory; Items[1], if any, the
	// dynamic size that limits what is printed.
	ActTracemem
	// print(): Items[0] is the value, Items[0].Print its type.
	ActPrint
	// setopt(): Items[0] is the option name; Items[1], if any, its
	// value.
	ActSetopt
	// Destructive actions (-w). raise(), stop() and chill() act in the
	// kernel and record nothing; system() and freopen() record
	// printf's items, and the consumer runs the command or reopens
	// its output; ftruncate() is the consumer's alone. panic() and
	// breakpoint() are refused when compiled, as in Oracle's DTrace.
	ActRaise
	ActStop
	ActChill
	ActSystem
	ActFreopen
	ActFtruncate
	ActPanic
	ActBreakpoint
)

// AggFunc is an aggregating function.
type AggFunc int

const (
	AggCount AggFunc = iota + 1
	AggSum
	AggAvg
	AggMin
	AggMax
	AggStddev
	AggQuantize
	AggLquantize
	AggLlquantize
)

var aggNames = [...]string{AggCount: "count", AggSum: "sum", AggAvg: "avg", AggMin: "min", AggMax: "max",
	AggStddev: "stddev", AggQuantize: "quantize", AggLquantize: "lquantize", AggLlquantize: "llquantize"}

// String is the function's name in D ("count").
func (f AggFunc) String() string {
	if f < AggCount || f > AggLlquantize {
		return fmt.Sprintf("AggFunc(%d)", int(f))
	}
	return aggNames[f]
}

// cpuinfo_t, curcpu's type: each member is an int32 at the offset named
// here: the CPU's number, its processor set (Linux has none: 0), its chip
// (physical package) and its locality group (NUMA node).
const (
	CPUInfoID   = 0
	CPUInfoPset = 4
	CPUInfoChip = 8
	CPUInfoLgrp = 12
	CPUInfoSize = 16
)

package sdt

import (
	"strings"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/provider/tracefs"
)

// An arg is one field of an event record as a probe argument.
//
// Integers and pointers are their value. A field that is not a scalar
// cannot fit in a 64-bit slot, so its slot holds the address of its
// data in the record, as Oracle DTrace's sdt provider does for fixed
// arrays: a clause reads it with stringof((char *)arg0) or copies it
// from kernel memory. The record lives in the kernel's per-CPU trace
// buffer for the whole firing, so the address stays valid while the
// clauses run. For a dynamic field (__data_loc, __rel_loc) the record
// holds only where the data is; the slot gets the data's address
// itself, not the locator's, so that a string argument is read the same
// way whether the kernel stores it inline or not.
type arg struct {
	field tracefs.Field
	kind  argKind
}

type argKind int

const (
	scalar  argKind = iota // an integer or a pointer: its value
	inline                 // an array or struct in the record: its address
	dataLoc                // __data_loc: u32 locator, offset from the record's start
	relLoc                 // __rel_loc: u32 locator, offset from the locator's end
)

// The prefixes tracefs writes before a dynamic field's type.
const (
	dataLocPrefix = "__data_loc "
	relLocPrefix  = "__rel_loc "
)

// newArg classifies field f.
func newArg(f tracefs.Field) arg {
	switch {
	case strings.HasPrefix(f.Type, dataLocPrefix):
		return arg{f, dataLoc}
	case strings.HasPrefix(f.Type, relLocPrefix):
		return arg{f, relLoc}
	case strings.Contains(f.Type, "["),
		strings.HasPrefix(f.Type, "struct ") && !strings.Contains(f.Type, "*"),
		strings.HasPrefix(f.Type, "union ") && !strings.Contains(f.Type, "*"):
		return arg{f, inline}
	}
	if _, ok := f.Load(asm.R0, asm.R6); !ok {
		return arg{f, inline}
	}
	return arg{f, scalar}
}

// native is the C type of the value the slot holds: the field's own type
// for a scalar or an inline array (whose value, in D as in C, is its
// address), and a pointer to the element type for dynamic data
// ("__data_loc char[]" is a "char *"), whose length D cannot know.
func (a arg) native() string {
	t := a.field.Type
	switch a.kind {
	case dataLoc, relLoc:
		t = strings.TrimPrefix(strings.TrimPrefix(t, dataLocPrefix), relLocPrefix)
		return strings.TrimSpace(strings.TrimSuffix(t, "[]")) + " *"
	}
	return t
}

// load returns instructions that store the argument into slot i at R9,
// reading the record at R6, using R0 and R1.
func (a arg) load(i int) asm.Instructions {
	f := a.field
	var insns asm.Instructions
	switch a.kind {
	case scalar:
		insns, _ = f.Load(asm.R0, asm.R6)
	case inline:
		insns = asm.Instructions{asm.Mov.Reg(asm.R0, asm.R6), asm.Add.Imm(asm.R0, int32(f.Offset))}
	case dataLoc, relLoc:
		// The locator's low 16 bits are the data's offset, its high 16
		// bits the data's length.
		insns = asm.Instructions{
			asm.LoadMem(asm.R1, asm.R6, int16(f.Offset), asm.Word),
			asm.And.Imm(asm.R1, 0xffff),
			asm.Mov.Reg(asm.R0, asm.R6),
			asm.Add.Reg(asm.R0, asm.R1),
		}
		if a.kind == relLoc {
			insns = append(insns, asm.Add.Imm(asm.R0, int32(f.Offset+f.Size)))
		}
	}
	// The record's address becomes a number once stored: the verifier
	// lets a privileged program write a pointer to a map.
	return append(insns, asm.StoreMem(asm.R9, int16(8*i), asm.R0, asm.DWord))
}

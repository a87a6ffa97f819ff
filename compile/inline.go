package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/check"
	"github.com/godtrace/godtrace/lang/tag"
)

// inlineCall evaluates a use of an inline with parameters, sq[3]: each
// argument once, into a stack temporary, then the inline's initializer
// with each use of a parameter loading its temporary. DTrace instead
// evaluates the argument expression at each use of the parameter; the
// two differ only for arguments with side effects.
func (g *gen) inlineCall(e *ast.IndexExpr, in *check.Inline) {
	g.bindInline(e, in)
	g.expr(in.Init)
	g.unbindInline(in)
	g.normalize(asm.R0, g.typeOf(e))
}

// bindInline evaluates the arguments of a use of in and makes them the
// values of its parameters until unbindInline. The arguments are
// evaluated in the bindings in force around the use, so that a nested
// use (sq[sq[2]]) sees the enclosing one's.
func (g *gen) bindInline(e *ast.IndexExpr, in *check.Inline) {
	frame := make([]int16, len(e.Keys))
	for i, k := range e.Keys {
		switch t := in.Params[i]; t.Kind {
		case check.String:
			g.expr(k)
			g.resizeString(g.typeOf(k).Size, t.Size)
		case check.Int, check.Pointer:
			g.expr(k)
			if at := g.typeOf(k); at.Kind != t.Kind || at.Size != t.Size || at.Signed != t.Signed {
				g.normalize(asm.R0, t) // converted as C converts an argument
			}
		default:
			g.failTag(k, tag.UnsupportedInlineParam, t)
			return
		}
		frame[i] = g.push()
	}
	if g.inlines == nil {
		g.inlines = map[*check.Inline][][]int16{}
	}
	g.inlines[in] = append(g.inlines[in], frame)
}

// resizeString copies the string buffer of from bytes at R0 into a new
// one of to bytes, unless they are the same size, and leaves its address
// in R0: the inline's initializer reads a string parameter as a buffer
// of the parameter's size.
func (g *gen) resizeString(from, to int) {
	from, to = roundUp(from, 8), roundUp(to, 8)
	if from == to {
		return
	}
	off := g.tmp(to)
	g.emit(asm.Mov.Reg(asm.R8, asm.R0), asm.Mov.Reg(asm.R9, regScratch), asm.Add.Imm(asm.R9, int32(off)))
	g.copyString(from, to)
	g.emit(asm.Mov.Reg(asm.R0, regScratch), asm.Add.Imm(asm.R0, int32(off)))
}

// unbindInline ends the innermost use of in, releasing its temporaries
// without touching R0, which holds the use's value.
func (g *gen) unbindInline(in *check.Inline) {
	s := g.inlines[in]
	if len(s) == 0 {
		return // bindInline failed
	}
	g.temps -= len(s[len(s)-1])
	g.inlines[in] = s[:len(s)-1]
}

// inlineParam loads the value of a parameter of the innermost use of its
// inline.
func (g *gen) inlineParam(id *ast.Ident, p check.InlineParam) {
	s := g.inlines[p.Inline]
	if len(s) == 0 {
		g.failTag(id, tag.InternalInlineParam, id.Name, p.Inline.Name)
		return
	}
	g.emit(asm.LoadMem(asm.R0, asm.R10, s[len(s)-1][p.Index], asm.DWord))
}

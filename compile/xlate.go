package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/check"
	"github.com/godtrace/godtrace/lang/tag"
)

// translate evaluates a translated member: the translator's expression
// for it, with the translator's input name standing for the input
// expression. Translation is done at compile time, as DTrace does: no
// translated struct is ever built.
func (g *gen) translate(e *ast.SelectorExpr, tr check.Translated) {
	for _, use := range tr.Inlines {
		g.bindInline(use, g.c.info.InlineCalls[use])
	}
	defer func() {
		for i := len(tr.Inlines) - 1; i >= 0; i-- {
			g.unbindInline(g.c.info.InlineCalls[tr.Inlines[i]])
		}
	}()
	if g.xlate == nil {
		g.xlate = map[*check.Translator][]ast.Expr{}
	}
	g.xlate[tr.Translator] = append(g.xlate[tr.Translator], tr.Input)
	g.expr(tr.Expr)
	s := g.xlate[tr.Translator]
	g.xlate[tr.Translator] = s[:len(s)-1]
	g.normalize(asm.R0, g.typeOf(e))
}

// xlateInputAddr leaves in R0 the address of a translator's input, a
// struct: that of the input expression, bound as xlateInput binds it.
func (g *gen) xlateInputAddr(id *ast.Ident, x *check.Translator) {
	g.withXlateInput(id, x, g.addr)
}

// xlateInput evaluates a translator's input name: the input expression
// of the innermost translation, itself evaluated in the bindings that
// were in force around that translation.
func (g *gen) xlateInput(id *ast.Ident, x *check.Translator) {
	g.withXlateInput(id, x, g.expr)
}

// withXlateInput calls gen with the input expression of the innermost
// translation by x, in the bindings around that translation.
func (g *gen) withXlateInput(id *ast.Ident, x *check.Translator, gen func(ast.Expr)) {
	s := g.xlate[x]
	if len(s) == 0 {
		g.failTag(id, tag.InternalXlateInput, id.Name)
		return
	}
	g.xlate[x] = s[:len(s)-1]
	gen(s[len(s)-1])
	g.xlate[x] = s
}

// xlateAssign assigns a whole translated struct to the variable x: it
// zeroes x, then stores each member the translator defines, as the
// checker paired them (check.Info.XlateAssigns).
func (g *gen) xlateAssign(x ast.Expr, pairs [][2]*ast.SelectorExpr) {
	t := g.typeOf(x)
	if !g.isVarMemory(x) {
		g.failTag(x, tag.UnsupportedValue, t)
		return
	}
	dropped := g.newLabel()
	g.storeAddr(x, dropped)
	for off := 0; off+8 <= t.Size; off += 8 {
		g.emit(storeImm64(asm.R0, int16(off), 0))
	}
	for off := t.Size &^ 7; off < t.Size; off++ {
		g.emit(asm.StoreImm(asm.R0, int16(off), 0, asm.Byte))
	}
	for _, p := range pairs {
		g.expr(p[1])
		g.storeMem(p[0], g.typeOf(p[0]))
	}
	g.mark(dropped)
}

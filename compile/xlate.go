package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/check"
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
	s := g.xlate[x]
	if len(s) == 0 {
		g.fail(id, "%s used outside a translation", id.Name)
		return
	}
	in := s[len(s)-1]
	g.xlate[x] = s[:len(s)-1]
	g.addr(in)
	g.xlate[x] = s
}

// xlateInput evaluates a translator's input name: the input expression
// of the innermost translation, itself evaluated in the bindings that
// were in force around that translation.
func (g *gen) xlateInput(id *ast.Ident, x *check.Translator) {
	s := g.xlate[x]
	if len(s) == 0 {
		g.fail(id, "%s used outside a translation", id.Name)
		return
	}
	in := s[len(s)-1]
	g.xlate[x] = s[:len(s)-1]
	g.expr(in)
	g.xlate[x] = s
}

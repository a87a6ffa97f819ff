package check

import (
	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/token"
)

// Translator is a translator definition: how to compute each member of
// the output struct from an input of type In, named InName inside the
// member expressions.
type Translator struct {
	Out, In Type
	InName  string
	Members map[string]ast.Expr

	decl     *ast.TranslatorDecl
	resolved bool // In and Members are known
	ok       bool
}

// Translated is a use of one translated member: the member's expression,
// evaluated with the translator's input bound to Input.
type Translated struct {
	Translator *Translator
	Expr       ast.Expr
	Input      ast.Expr
}

// translatorDecl declares a translator. Its input type and members are
// resolved when an xlate first asks for its output type (see
// inlineDef for why), except in the user's own program, where errors are
// reported whether the translator is used or not.
func (c *checker) translatorDecl(d *ast.TranslatorDecl) {
	c.declaring = true
	out, ok := c.typeExpr(d.Out)
	c.declaring = false
	if !ok {
		return
	}
	if out.Kind != Struct || !out.Def.Complete {
		c.errorf(d.At, "D_XLATE_SOU", "translator output type must be a struct or union")
		return
	}
	x := &Translator{Out: out, InName: d.InName, Members: map[string]ast.Expr{}, decl: d}
	c.xlators = append(c.xlators, x)
	if !c.inLibrary(d.At) {
		c.resolveTranslator(x)
	}
}

// resolveTranslator resolves a translator's input type and checks its
// member expressions, once; it reports whether the translator is usable.
func (c *checker) resolveTranslator(x *Translator) bool {
	if x.resolved {
		return x.ok
	}
	x.resolved = true
	d := x.decl
	saved, savedDecl := c.xlateIn, c.declaring
	defer func() { c.xlateIn, c.declaring = saved, savedDecl }()
	c.declaring = true
	in, ok := c.typeExpr(d.In)
	c.declaring = false
	if !ok {
		return false
	}
	x.In = in
	out := x.Out
	c.xlateIn = x
	for _, m := range d.Members {
		om, ok := out.Def.Member(m.Name)
		if !ok {
			c.errorf(m.At, "D_XLATE_MEMB", "translator member %s is not a member of %s", m.Name, out)
			continue
		}
		if _, dup := x.Members[m.Name]; dup {
			c.errorf(m.At, "D_XLATE_REDECL", "translator member %s redeclared", m.Name)
			continue
		}
		t := c.rvalue(m.X)
		if t.Kind == Invalid {
			continue
		}
		if !assignable(om.Type, t) && !(om.Type.IsCharArray() && t.Kind == String) {
			c.errorf(m.X.Pos(), "D_XLATE_INCOMPAT", "translator member %s definition uses incompatible types: \"%s\" = \"%s\"", m.Name, om.Type, t)
			continue
		}
		x.Members[m.Name] = m.X
	}
	x.ok = true
	return true
}

// xlateExpr checks xlate<T>(x) and xlate<T *>(x): it finds the
// translator from x's type to T.
func (c *checker) xlateExpr(e *ast.XlateExpr) Type {
	t, ok := c.typeExpr(e.Type)
	xt := c.expr(e.X)
	if !ok || xt.Kind == Invalid {
		return TypeInvalid
	}
	out := t
	if out.Kind == Pointer {
		out = out.Elem.resolved()
	}
	if out.Kind != Struct {
		c.errorf(e.At, "D_XLATE_SOU", "translator output type must be a struct or union")
		return TypeInvalid
	}
	if x := c.findTranslator(out, xt); x != nil {
		c.info.Xlates[e] = x
		return t
	}
	c.errorf(e.At, "D_XLATE_NONE", "translator does not exist: %s -> %s", xt, out)
	return TypeInvalid
}

// findTranslator finds the translator producing out from a value of
// type in: one whose input type is in's own (the same struct, or a
// pointer to it) if there is one, else one taking any scalar.
func (c *checker) findTranslator(out, in Type) *Translator {
	var loose *Translator
	for i := len(c.xlators) - 1; i >= 0; i-- {
		x := c.xlators[i]
		if x.Out.Def != out.Def || !c.resolveTranslator(x) {
			continue
		}
		switch {
		case sameInput(x.In, in):
			return x
		case loose == nil && x.In.IsScalar() && in.IsScalar() && x.In.Kind == in.Kind:
			loose = x
		}
	}
	return loose
}

// sameInput reports whether a translator taking want takes got exactly.
func sameInput(want, got Type) bool {
	switch {
	case want.Kind == Pointer && got.Kind == Pointer:
		w, g := want.Elem.resolved(), got.Elem.resolved()
		if w.Kind == Struct && g.Kind == Struct {
			return w.Def == g.Def || w.Def.Name == g.Def.Name
		}
		return w.Kind == g.Kind && w.Size == g.Size
	case want.Kind == Struct && got.Kind == Struct:
		return want.Def == got.Def
	}
	return want.Kind == got.Kind && want.Size == got.Size && want.Kind == Int
}

// translated resolves a member access through a translation:
// xlate<T>(x).m, xlate<T *>(x)->m, or the same through an inline that
// stands for an xlate (curpsinfo->pr_pid). It reports false when e.X is
// no translation.
func (c *checker) translated(e *ast.SelectorExpr) (Type, bool) {
	xe := c.xlateOf(e.X)
	if xe == nil {
		return TypeInvalid, false
	}
	if t := c.expr(e.X); t.Kind == Invalid {
		return TypeInvalid, true
	}
	x := c.info.Xlates[xe]
	if x == nil {
		return TypeInvalid, true
	}
	if (e.Op == token.ARROW) != (c.info.Types[xe].Kind == Pointer) {
		op := "."
		if e.Op == token.ARROW {
			op = "->"
		}
		c.errorf(e.SelAt, "D_OP_SOU", "operator %s cannot be applied to type \"%s\"; must be applied to a struct or union", op, c.info.Types[xe])
		return TypeInvalid, true
	}
	m, ok := x.Out.Def.Member(e.Sel)
	if !ok {
		c.errorf(e.SelAt, "D_TYPE_MEMBER", "%s is not a member of %s", e.Sel, x.Out)
		return TypeInvalid, true
	}
	me, ok := x.Members[e.Sel]
	if !ok {
		c.errorf(e.SelAt, "D_XLATE_MEMB", "translator member %s is not defined by translator %s -> %s", e.Sel, x.In, x.Out)
		return TypeInvalid, true
	}
	c.info.Translated[e] = Translated{Translator: x, Expr: me, Input: xe.X}
	// The member's value is what its expression computes: a string
	// where the member is a char array filled from a string.
	if mt := c.info.Types[me]; m.Type.IsCharArray() && mt.Kind == String {
		return mt, true
	} else if st, ok := c.info.Strings[me]; ok && m.Type.IsCharArray() {
		return st, true
	}
	return m.Type, true
}

// xlateOf finds the xlate expression e stands for, through parentheses
// and inlines.
func (c *checker) xlateOf(e ast.Expr) *ast.XlateExpr {
	switch e := ast.Unparen(e).(type) {
	case *ast.XlateExpr:
		return e
	case *ast.Ident:
		if in, ok := c.inlines[e.Name]; ok {
			return c.xlateOf(in.init)
		}
	}
	return nil
}

package check

import (
	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/tag"
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
	input    bool // In is known
	inputOK  bool
	resolved bool // Members are checked
	ok       bool
}

// Translated is a use of one translated member: the member's expression,
// evaluated with the translator's input bound to Input. Inlines are the
// uses of inlines with parameters the translation was reached through
// (fds[0].fi_name), outermost first: Input may name their parameters.
type Translated struct {
	Translator *Translator
	Expr       ast.Expr
	Input      ast.Expr
	Inlines    []*ast.IndexExpr
}

// translatorDecl declares a translator, as DTrace does (dt_node_xlator).
// A D library's translator has its input type and members resolved when
// an xlate first asks for its output type (see inlineDef for why); the
// user's own are checked whether they are used or not.
func (c *checker) translatorDecl(d *ast.TranslatorDecl) {
	out, ok := c.typeExpr(d.Out)
	if !ok {
		return
	}
	x := &Translator{Out: out, InName: d.InName, Members: map[string]ast.Expr{}, decl: d}
	if c.inLibrary(d.At) {
		if c.translatorOutput(d, out) {
			c.xlators = append(c.xlators, x)
			c.defined("translator")
		}
		return
	}
	if !c.translatorInput(x) {
		return
	}
	if prev := c.lookupTranslator(out, x.In, false, false); prev != nil {
		c.error(d.End, tag.XlateRedecl, x.In, out)
		return
	}
	if !c.translatorOutput(d, out) {
		return
	}
	c.xlators = append(c.xlators, x)
	// `#pragma D binding "1.0" translator` applies to the next
	// translator (dt_xlator_create).
	c.defined("translator")
	c.resolveTranslator(x)
}

// translatorOutput checks that a translator's output type is a complete
// struct or union.
func (c *checker) translatorOutput(d *ast.TranslatorDecl, out Type) bool {
	switch r := out.resolved(); {
	case r.Kind == Struct && !r.Def.IsComplete():
		c.error(d.End, tag.XlateSouIncomplete, out)
	case r.Kind != Struct:
		c.error(d.End, tag.XlateSou)
	default:
		return true
	}
	return false
}

// translatorInput resolves a translator's input type, once.
func (c *checker) translatorInput(x *Translator) bool {
	if !x.input {
		x.input = true
		x.In, x.inputOK = c.typeExpr(x.decl.In)
	}
	return x.inputOK
}

// resolveTranslator checks a translator's member expressions, once; it
// reports whether the translator is usable. As in DTrace, a member
// defined twice keeps its first definition.
func (c *checker) resolveTranslator(x *Translator) bool {
	if x.resolved {
		return x.ok
	}
	x.resolved = true
	if !c.translatorInput(x) {
		return false
	}
	saved, savedIn := c.xlateIn, c.inlineIn
	defer func() { c.xlateIn, c.inlineIn = saved, savedIn }()
	c.xlateIn, c.inlineIn = x, nil
	// DTrace stops at a translator's first bad member.
	for _, m := range x.decl.Members {
		om, ok := x.Out.resolved().Def.Member(m.Name)
		if !ok {
			c.error(x.decl.End, tag.XlateMemb, m.Name, x.Out)
			break
		}
		t := c.rvalue(m.X)
		if t.Kind == Invalid {
			continue
		}
		if !argCompat(om.Type, t, c.isZero(m.X)) {
			c.error(x.decl.End, tag.XlateIncompat, m.Name, om.Type, t)
			break
		}
		if _, dup := x.Members[m.Name]; !dup {
			x.Members[m.Name] = m.X
		}
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
	out := t.resolved()
	if out.Kind == Pointer {
		out = out.Elem.resolved()
	}
	var x *Translator
	if out.Kind == Struct && out.Def.IsComplete() {
		x = c.lookupTranslator(out, xt, true, c.isZero(e.X))
	}
	if x == nil || !c.resolveTranslator(x) {
		c.error(e.At, tag.XlateNone, xt, t)
		return TypeInvalid
	}
	c.info.Xlates[e] = x
	return t
}

// lookupTranslator finds the translator producing out from a value of
// type in, as DTrace does (dt_xlator_lookup): the first declared whose
// input type is in's, else, if fuzzy, the first whose input an argument
// of type in may be passed to. inZero says the value is the constant 0.
func (c *checker) lookupTranslator(out, in Type, fuzzy, inZero bool) *Translator {
	var candidates []*Translator
	for _, x := range c.xlators {
		if compatible(x.Out, out) && c.translatorInput(x) {
			candidates = append(candidates, x)
		}
	}
	for _, x := range candidates {
		if compatible(x.In, in) {
			return x
		}
	}
	if !fuzzy {
		return nil
	}
	for _, x := range candidates {
		if argCompat(x.In, in, inZero) {
			return x
		}
	}
	return nil
}

// isZero reports whether e is the integer constant 0.
func (c *checker) isZero(e ast.Expr) bool {
	v, ok := c.info.Consts[e]
	if l, lit := ast.Unparen(e).(*ast.IntLit); lit {
		v, ok = int64(l.Value), true
	}
	return ok && v == 0
}

// translated resolves a member access through a translation:
// xlate<T>(x).m, xlate<T *>(x)->m, or the same through an inline that
// stands for an xlate (curpsinfo->pr_pid). It reports false when e.X is
// no translation.
func (c *checker) translated(e *ast.SelectorExpr) (Type, bool) {
	xe, inlines := c.xlateOf(e.X, nil)
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
	me, ok := x.Members[e.Sel]
	if !ok {
		c.error(e.SelAt, tag.XlateNoconv, e.Sel)
		return TypeInvalid, true
	}
	xt := c.info.Types[xe]
	switch {
	case e.Op == token.ARROW && xt.Kind != Pointer:
		c.error(e.SelAt, tag.OpPtr, "->")
		return TypeInvalid, true
	case e.Op != token.ARROW && xt.Kind == Pointer:
		c.error(e.SelAt, tag.OpSou, ".", xt)
		return TypeInvalid, true
	}
	m, _ := x.Out.resolved().Def.Member(e.Sel)
	c.info.Translated[e] = Translated{Translator: x, Expr: me, Input: xe.X, Inlines: inlines}
	// The member's value is what its expression computes: a string
	// where the member is a char array filled from a string.
	if mt := c.info.Types[me]; m.Type.IsCharArray() && mt.Kind == String {
		return mt, true
	} else if st, ok := c.info.Strings[me]; ok && m.Type.IsCharArray() {
		return st, true
	}
	return m.Type, true
}

// translatedName names the dynamic type DTrace gives e, of type t, if e
// is a translation (xlate<T>(x), or an inline or args[i] standing for
// one), as dt_idkind_name() names its identifier kinds: "translated
// data", or "pointer to translated data". Only a member of it is a
// value; ok is false for any other expression.
func (c *checker) translatedName(e ast.Expr, t Type) (name string, ok bool) {
	if xe, _ := c.xlateOf(e, nil); xe == nil {
		return "", false
	}
	if t.Kind == Pointer {
		return "pointer to translated data", true
	}
	return "translated data", true
}

// xlateOf finds the xlate expression e stands for, through parentheses
// and inlines, with the uses of inlines with parameters on the way
// appended to inlines.
func (c *checker) xlateOf(e ast.Expr, inlines []*ast.IndexExpr) (*ast.XlateExpr, []*ast.IndexExpr) {
	switch e := ast.Unparen(e).(type) {
	case *ast.XlateExpr:
		return e, inlines
	case *ast.Ident:
		if in, ok := c.inlines[e.Name]; ok && in.array == nil && !c.isParam(e) {
			return c.xlateOf(in.init, inlines)
		}
	case *ast.IndexExpr:
		if xe := c.argsTranslated(e); xe != nil {
			return xe, inlines
		}
		if in := c.inlineArray(e); in != nil {
			return c.xlateOf(in.init, append(inlines, e))
		}
	}
	return nil, nil
}

// xlateAssign checks s = xlate<T>(x), the assignment of a whole
// translated struct, as the assignment of each member the translator
// defines (DTrace translates them one by one); the others become 0.
func (c *checker) xlateAssign(e *ast.AssignExpr, y Type) bool {
	xe, ok := ast.Unparen(e.Y).(*ast.XlateExpr)
	if !ok || y.resolved().Kind != Struct {
		return true
	}
	tr := c.info.Xlates[xe]
	if tr == nil {
		return false
	}
	var pairs [][2]*ast.SelectorExpr
	for _, m := range y.resolved().Def.Members() {
		if _, defined := tr.Members[m.Name]; !defined {
			continue
		}
		src := &ast.SelectorExpr{X: xe, Op: token.DOT, Sel: m.Name, SelAt: xe.At}
		dst := &ast.SelectorExpr{X: e.X, Op: token.DOT, Sel: m.Name, SelAt: xe.At}
		if c.expr(src).Kind == Invalid || c.expr(dst).Kind == Invalid {
			return false
		}
		pairs = append(pairs, [2]*ast.SelectorExpr{dst, src})
	}
	c.info.XlateAssigns[e] = pairs
	return true
}

package check

import (
	"fmt"
	"strings"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/lang/token"
)

// member checks x->m and x.m on structs and unions.
func (c *checker) member(e *ast.SelectorExpr) Type {
	xt := c.expr(e.X)
	if xt.Kind == Invalid {
		return TypeInvalid
	}
	st := xt
	if e.Op == token.ARROW {
		if xt.Kind != Pointer {
			c.error(e.SelAt, tag.OpPtr, "->")
			return TypeInvalid
		}
		st = xt.Elem.resolved()
	}
	if st.Kind != Struct {
		op := "."
		if e.Op == token.ARROW {
			op = "->"
		}
		if e.Op == token.ARROW {
			c.error(e.SelAt, tag.OpSouPtr, st)
		} else {
			c.error(e.SelAt, tag.OpSou, op, st)
		}
		return TypeInvalid
	}
	if !st.Def.IsComplete() {
		c.error(e.SelAt, tag.OpIncomplete, e.Op, st.Def.Name)
		return TypeInvalid
	}
	m, ok := st.Def.Member(e.Sel)
	if !ok {
		c.error(e.SelAt, tag.TypeMember, e.Sel, st.Def.Name)
		return TypeInvalid
	}
	c.info.Members[e] = m
	return m.Type
}

// deref checks *x. A string is an array of char to the pointer rules,
// so *s is its first character.
func (c *checker) deref(e *ast.UnaryExpr) Type {
	t := c.expr(e.X)
	switch t.Kind {
	case Invalid:
		return t
	case String:
		return TypeChar
	case Pointer, Array:
		return c.pointee(e.At, t)
	}
	c.error(e.At, tag.DerefNonptr)
	return TypeInvalid
}

// pointee is what dereferencing a pointer or array of type t yields.
func (c *checker) pointee(pos token.Pos, t Type) Type {
	el := t.Elem.resolved()
	switch el.Kind {
	case Void:
		c.error(pos, tag.DerefVoid)
		return TypeInvalid
	case Func:
		c.error(pos, tag.DerefFunc)
		return TypeInvalid
	}
	return el
}

// addrOf checks &x: the address of kernel memory named by a member
// access, dereference or element. D variables live in BPF maps and have
// no address a D program could use.
func (c *checker) addrOf(e *ast.UnaryExpr) Type {
	t := c.expr(e.X)
	switch {
	case t.Kind == Invalid:
		return t
	case c.isVariable(e.X) || isAgg(e.X):
		c.error(e.At, tag.AddrofVar)
	case t.Kind == Dyn:
		c.error(e.At, tag.AddrofVarDynamic)
	case !c.isLvalue(e.X):
		c.error(e.At, tag.AddrofLval)
	case c.isBitField(e.X):
		c.error(e.At, tag.AddrofBitfield)
	default:
		p := PointerTo(t)
		p.Userland = c.userland(e.X)
		return p
	}
	return TypeInvalid
}

// isVariable reports whether e names a D variable (a global, built-in,
// thread-local, clause-local or inline, or an associative array
// element), which DTrace calls a dynamic variable.
func (c *checker) isVariable(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		if _, ok := c.info.Consts[e]; ok {
			return false
		}
		_, b := c.info.Builtins[e]
		_, in := c.info.Inlines[e]
		_, param := c.info.InlineParams[e]
		return b || in || param || c.info.Vars[e] != nil
	case *ast.IndexExpr:
		_, in := c.info.InlineCalls[e]
		return in || c.info.Vars[e] != nil
	case *ast.SelectorExpr:
		return c.info.Vars[e] != nil
	}
	return false
}

// isLvalue reports whether e designates an object (DT_NF_LVALUE): a
// variable, or kernel memory of a type other than an array, named by a
// member access, a dereference or an element.
func (c *checker) isLvalue(e ast.Expr) bool {
	e = ast.Unparen(e)
	if c.info.Types[e].Kind == Array {
		return false
	}
	switch e := e.(type) {
	case *ast.Ident:
		_, isConst := c.info.Consts[e]
		return !isConst && c.isVariable(e) || c.info.Symbols[e] != nil
	case *ast.SelectorExpr:
		if c.info.Vars[e] != nil {
			return true
		}
		if _, ok := c.info.Members[e]; !ok {
			return false
		}
		return e.Op == token.ARROW || c.isLvalue(e.X)
	case *ast.UnaryExpr:
		return e.Op == token.MUL
	case *ast.IndexExpr:
		return true
	}
	return false
}

// isWritable reports whether an assignment to the object e names passes
// DTrace's checker (DT_NF_WRITABLE): a D variable other than a built-in,
// or memory reached from one, or through a cast to a pointer.
func (c *checker) isWritable(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.Ident:
		_, b := c.info.Builtins[e]
		return !b && c.info.Vars[e] != nil
	case *ast.SelectorExpr:
		if c.info.Vars[e] != nil {
			return true
		}
		return c.isWritable(e.X)
	case *ast.IndexExpr:
		return c.info.Vars[e] != nil || c.isWritable(e.X)
	case *ast.UnaryExpr:
		if e.Op != token.MUL {
			return false
		}
		if b, ok := ast.Unparen(e.X).(*ast.BinaryExpr); ok && b.Op == token.ADD {
			return c.isWritable(b.X)
		}
		return c.isWritable(e.X)
	case *ast.CastExpr:
		return c.info.Types[e].Kind == Pointer
	}
	return false
}

// isBitField reports whether e's value is a bit-field member.
func (c *checker) isBitField(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		m, ok := c.info.Members[e]
		return ok && m.BitSize > 0
	case *ast.BinaryExpr:
		return e.Op == token.COMMA && c.isBitField(e.Y)
	}
	return false
}

// userland reports whether memory named by e is reached through a
// userland pointer.
func (c *checker) userland(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		if e.Op == token.ARROW {
			return c.info.Types[e.X].Userland
		}
		return c.userland(e.X)
	case *ast.UnaryExpr:
		return c.info.Types[e.X].Userland
	case *ast.IndexExpr:
		if t := c.info.Types[e.X]; t.Kind == Pointer {
			return t.Userland
		}
		return c.userland(e.X)
	}
	return false
}

// element checks p[i] where p is not an associative array. As in C it
// is *(p + i): a pointer, array or string and an integer, in either
// order. Only the first subscript is typed before a list of them is
// rejected, as in DTrace.
func (c *checker) element(e *ast.IndexExpr) Type {
	xt := c.expr(e.X)
	if xt.Kind == Invalid {
		return xt
	}
	kt := c.expr(e.Keys[0])
	if kt.Kind == Invalid {
		return kt
	}
	xp := xt.Kind == String || xt.isPointer() && !xt.isVFPtr()
	kp := kt.Kind == String || kt.isPointer() && !kt.isVFPtr()
	var pt Type
	switch {
	case xt.Kind == Int && kt.Kind == Int:
		pt = xt
	case xp && kt.Kind == Int:
		pt = xt
	case xt.Kind == Int && kp:
		pt = kt
	default:
		c.error(e.Pos(), tag.OpIncompat, typeName(xt), "+", typeName(kt))
		return TypeInvalid
	}
	if len(e.Keys) > 1 {
		c.error(e.Pos(), tag.ArrBadref, c.nodeName(e.X))
		return TypeInvalid
	}
	// A constant index past a declared array's end is refused here, as
	// DTrace does for arrays of more than one element (a one-element
	// array is C's idiom for one of any length).
	if r := c.declaredType(e.X, xt).resolved(); r.Kind == Array && r.Len > 1 {
		if v, ok := c.intConst(e.Keys[0]); ok && uint64(v) >= uint64(r.Len) {
			c.error(e.Pos(), tag.ArrBounds, uint64(v), r.Len)
			return TypeInvalid
		}
	}
	switch {
	case pt.Kind == String:
		return TypeChar
	case pt.isPointer():
		return c.pointee(e.Pos(), pt)
	}
	c.error(e.Pos(), tag.DerefNonptr)
	return TypeInvalid
}

// declaredType is the type x, of type t, is declared with: for a
// translated member, the member of the translator's output type, as
// DTrace types it, though its value may be the string its expression
// computes.
func (c *checker) declaredType(x ast.Expr, t Type) Type {
	sel, ok := ast.Unparen(x).(*ast.SelectorExpr)
	if !ok {
		return t
	}
	tr, ok := c.info.Translated[sel]
	if !ok {
		return t
	}
	if m, ok := tr.Translator.Out.resolved().Def.Member(sel.Sel); ok {
		return m.Type
	}
	return t
}

// nodeName describes e as DTrace's messages name a parse node
// (dt_node_name): "scalar x", "integer constant 0x1", "operator +".
func (c *checker) nodeName(e ast.Expr) string {
	e = ast.Unparen(e)
	if v, ok := c.info.Consts[e]; ok {
		return fmt.Sprintf("integer constant 0x%x", uint64(v))
	}
	switch e := e.(type) {
	case *ast.IntLit:
		return fmt.Sprintf("integer constant 0x%x", e.Value)
	case *ast.StrLit:
		return fmt.Sprintf("string constant \"%s\"", escapeString(e.Value))
	case *ast.MacroVar:
		if x := c.info.Macros[e]; x != nil {
			return c.nodeName(x)
		}
	case *ast.Ident:
		return "scalar " + e.Name
	case *ast.CallExpr:
		return "function " + e.Fun.Name + "( )"
	case *ast.SelectorExpr:
		if v := c.info.Vars[e]; v != nil {
			return "scalar " + v.Name
		}
		return "operator " + e.Op.String()
	case *ast.IndexExpr:
		if v := c.info.Vars[e]; v != nil {
			return "associative array " + v.Name
		}
		return "operator *"
	case *ast.UnaryExpr:
		return "operator " + e.Op.String()
	case *ast.PostfixExpr:
		return "operator " + e.Op.String()
	case *ast.BinaryExpr:
		return "operator " + e.Op.String()
	case *ast.AssignExpr:
		return "operator " + e.Op.String()
	case *ast.CondExpr:
		return "operator ?"
	case *ast.CastExpr:
		return "operator ("
	case *ast.SizeofExpr:
		return "operator sizeof"
	case *ast.StringofExpr:
		return "operator stringof"
	case *ast.XlateExpr:
		return "operator xlate"
	}
	return "expression"
}

// escapeString writes s with C's escapes, as DTrace names a string
// constant (strchr2esc).
func escapeString(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		switch ch := s[i]; ch {
		case '\a':
			b.WriteString(`\a`)
		case '\b':
			b.WriteString(`\b`)
		case '\f':
			b.WriteString(`\f`)
		case '\n':
			b.WriteString(`\n`)
		case '\r':
			b.WriteString(`\r`)
		case '\t':
			b.WriteString(`\t`)
		case '\v':
			b.WriteString(`\v`)
		case '"':
			b.WriteString(`\"`)
		case '\\':
			b.WriteString(`\\`)
		default:
			if ch < ' ' || ch >= 0x7f {
				fmt.Fprintf(&b, "\\%03o", ch)
			} else {
				b.WriteByte(ch)
			}
		}
	}
	return b.String()
}

// stringof checks stringof(x): a string as it is, a char array read as
// a string, and any pointer or other array read as the string at its
// address. An integer is formatted in decimal (stringof.go).
func (c *checker) stringof(e *ast.StringofExpr) Type {
	t := c.expr(e.X)
	switch {
	case t.Kind == Invalid:
		return t
	case t.Kind == String:
		return t
	case t.IsCharArray():
		return c.asString(e.X, t)
	case t.Kind == Pointer:
		return c.stringType()
	case t.Kind == Array:
		c.toString(e.X, t)
		return c.stringType()
	case t.Kind == Int:
		return c.stringofInt()
	}
	c.error(e.At, tag.StringofType, typeName(t))
	return TypeInvalid
}

// offsetof checks offsetof(type, member) and records its value.
func (c *checker) offsetof(e *ast.OffsetofExpr) Type {
	t, ok := c.typeExpr(e.Type)
	if !ok {
		return TypeInvalid
	}
	if t.Kind != Struct || !t.Def.IsComplete() {
		c.error(e.At, tag.OffsetofType)
		return TypeInvalid
	}
	m, ok := t.Def.Member(e.Member)
	if !ok {
		c.error(e.At, tag.UnknownOffset, e.Member, "Member name not found")
		return TypeInvalid
	}
	if m.BitSize > 0 {
		c.error(e.At, tag.OffsetofBitfield, e.Member)
		return TypeInvalid
	}
	c.info.Consts[e] = int64(m.Off)
	return Type{Kind: Int, Size: 8, Name: "size_t"}
}

// asString records that the char array e is used as a string: the
// generated code reads it into a string buffer.
func (c *checker) asString(e ast.Expr, t Type) Type {
	st := StringType(min(t.Len+1, c.cfg.StrSize+1))
	c.info.Strings[e] = st
	return st
}

// rvalue checks e where its value is used and a string may be wanted:
// char arrays become strings, as D treats them.
func (c *checker) rvalue(e ast.Expr) Type {
	return c.rvalueOf(e, c.expr(e))
}

// rvalueOf is rvalue for an e already checked, of type t.
func (c *checker) rvalueOf(e ast.Expr, t Type) Type {
	if t.IsCharArray() {
		return c.asString(e, t)
	}
	return t
}

// isAgg reports whether e names an aggregation, which like a variable
// has no address.
func isAgg(e ast.Expr) bool {
	_, ok := ast.Unparen(e).(*ast.AggExpr)
	return ok
}

package check

import (
	"github.com/godtrace/godtrace/lang/ast"
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
			c.errorf(e.SelAt, "D_OP_PTR", "operator -> must be applied to a pointer")
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
			c.errorf(e.SelAt, "D_OP_SOU", "operator -> cannot be applied to pointer to type \"%s\"; must be applied to a struct or union pointer", st)
		} else {
			c.errorf(e.SelAt, "D_OP_SOU", "operator %s cannot be applied to type \"%s\"; must be applied to a struct or union", op, st)
		}
		return TypeInvalid
	}
	if !st.Def.Complete {
		kind := "struct"
		if st.Def.Union {
			kind = "union"
		}
		c.errorf(e.SelAt, "D_OP_INCOMPLETE", "operator %s cannot be applied to a forward declaration: no %s definition is available", e.Op, kind)
		return TypeInvalid
	}
	m, ok := st.Def.Member(e.Sel)
	if !ok {
		c.errorf(e.SelAt, "D_TYPE_MEMBER", "%s is not a member of %s", e.Sel, st.Def.Name)
		return TypeInvalid
	}
	c.info.Members[e] = m
	return m.Type
}

// deref checks *x.
func (c *checker) deref(e *ast.UnaryExpr) Type {
	t := c.expr(e.X)
	switch t.Kind {
	case Invalid:
		return t
	case Pointer, Array:
		el := t.Elem.resolved()
		if el.Kind == Void || el.Kind == Func {
			c.errorf(e.At, "D_DEREF_VOID", "cannot dereference pointer to void")
			return TypeInvalid
		}
		return el
	}
	c.errorf(e.At, "D_DEREF_NONPTR", "cannot dereference non-pointer type")
	return TypeInvalid
}

// addrOf checks &x: the address of kernel memory named by a member
// access, dereference or element. D variables live in BPF maps and have
// no address a D program could use.
func (c *checker) addrOf(e *ast.UnaryExpr) Type {
	t := c.expr(e.X)
	if t.Kind == Invalid {
		return t
	}
	if !c.isMemory(e.X) {
		c.errorf(e.At, "D_ADDROF_LVAL", "unacceptable operand for unary & operator")
		return TypeInvalid
	}
	return PointerTo(t)
}

// isMemory reports whether e names kernel memory: something whose
// address the generated code computes.
func (c *checker) isMemory(e ast.Expr) bool {
	switch e := ast.Unparen(e).(type) {
	case *ast.SelectorExpr:
		_, ok := c.info.Members[e]
		return ok
	case *ast.UnaryExpr:
		return e.Op == token.MUL
	case *ast.IndexExpr:
		return c.info.Vars[e] == nil
	}
	return false
}

// element checks p[i] for a pointer or array p.
func (c *checker) element(e *ast.IndexExpr, xt Type) Type {
	if len(e.Keys) != 1 {
		c.errorf(e.Pos(), "D_PROTO_LEN", "%s[ ] prototype mismatch: %d args passed, 1 expected", exprName(e.X), len(e.Keys))
		return TypeInvalid
	}
	it := c.expr(e.Keys[0])
	if it.Kind == Invalid {
		return TypeInvalid
	}
	if it.Kind != Int {
		c.errorf(e.Keys[0].Pos(), "D_PROTO_ARG", "%s[ ] argument #1 is incompatible with prototype:\n\tprototype: integer constant\n\t argument: %s", exprName(e.X), it)
		return TypeInvalid
	}
	el := xt.Elem.resolved()
	if el.Kind == Void || el.Kind == Func {
		c.errorf(e.Pos(), "D_DEREF_VOID", "cannot dereference pointer to void")
		return TypeInvalid
	}
	return el
}

// stringof checks stringof(x): a char array or char pointer read as a
// string, or a string itself.
func (c *checker) stringof(e *ast.StringofExpr) Type {
	t := c.expr(e.X)
	switch {
	case t.Kind == Invalid:
		return t
	case t.Kind == String:
		return t
	case t.IsCharArray():
		return c.asString(e.X, t)
	case t.Kind == Pointer && t.Elem.Kind == Int && t.Elem.Size == 1:
		return StringType(c.cfg.StrSize)
	case t.Kind == Int:
		return c.stringofInt()
	}
	c.errorf(e.At, "D_STRINGOF_TYPE", "cannot apply stringof to a value of type %s", t)
	return TypeInvalid
}

// offsetof checks offsetof(type, member) and records its value.
func (c *checker) offsetof(e *ast.OffsetofExpr) Type {
	t, ok := c.typeExpr(e.Type)
	if !ok {
		return TypeInvalid
	}
	if t.Kind != Struct || !t.Def.Complete {
		c.errorf(e.At, "D_OFFSETOF_TYPE", "offsetof operand must be a struct or union type")
		return TypeInvalid
	}
	m, ok := t.Def.Member(e.Member)
	if !ok {
		c.errorf(e.At, "D_TYPE_MEMBER", "%s is not a member of %s", e.Member, t.Def.Name)
		return TypeInvalid
	}
	if m.BitSize > 0 {
		c.errorf(e.At, "D_OFFSETOF_BITFIELD", "cannot take offset of a bit-field: %s", e.Member)
		return TypeInvalid
	}
	c.info.Consts[e] = int64(m.Off)
	return Type{Kind: Int, Size: 8, Name: "size_t"}
}

// asString records that the char array e is used as a string: the
// generated code reads it into a string buffer.
func (c *checker) asString(e ast.Expr, t Type) Type {
	st := StringType(min(t.Len+1, c.cfg.StrSize))
	c.info.Strings[e] = st
	return st
}

// rvalue checks e where its value is used and a string may be wanted:
// char arrays become strings, as D treats them.
func (c *checker) rvalue(e ast.Expr) Type {
	t := c.expr(e)
	if t.IsCharArray() {
		return c.asString(e, t)
	}
	return t
}

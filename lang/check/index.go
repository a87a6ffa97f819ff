package check

import (
	"strings"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/lang/token"
)

// index checks a[k...]: an element of an associative array (a global,
// or a self-> variable), or, as in C, *(a + k) for anything else. With
// lvalue set, an unknown array is created with the keys' types.
func (c *checker) index(e *ast.IndexExpr, lvalue bool) Type {
	if c.multiDimAgg(e) {
		return TypeInvalid
	}
	if c.isArgs(e) {
		return c.args(e)
	}
	if c.isURegs(e) {
		return c.uregs(e)
	}
	if in := c.inlineArray(e); in != nil {
		return c.inlineCall(e, in)
	}
	v, ok := c.indexedVar(e, lvalue)
	if !ok {
		return TypeInvalid
	}
	if v == nil || (!v.IsAssoc() && v.Type.Kind != Invalid) {
		return c.element(e)
	}
	keys := make([]Type, len(e.Keys))
	bad := false
	for i, k := range e.Keys {
		keys[i] = c.rvalue(k)
		bad = bad || !c.keyType(k, keys[i], i)
	}
	if bad {
		return TypeInvalid
	}
	if v.Type.Kind == Invalid && !lvalue {
		c.error(e.Pos(), tag.VarUndef, varName(v))
		return TypeInvalid
	}
	if v.Keys == nil {
		for _, k := range keys {
			v.Keys = append(v.Keys, c.storageType(k))
		}
	} else if !c.sameKeys(e.Pos(), v.Name, v.Keys, keys) {
		return TypeInvalid
	}
	c.info.Vars[e] = v
	return v.Type
}

// indexedVar finds the variable a[k...] indexes: a global name (created
// when lvalue is set) or self->a and this->a. It is nil when e.X is any
// other expression. A clause-local may not become an associative array.
func (c *checker) indexedVar(e *ast.IndexExpr, lvalue bool) (*Var, bool) {
	switch x := e.X.(type) {
	case *ast.Ident:
		if _, ok := builtins[x.Name]; ok || c.isParam(x) {
			return nil, true
		}
		v := c.globals[x.Name]
		if v == nil && lvalue {
			v = c.variable(c.globals, &c.info.Globals, Global, x.Name, x.At)
		}
		if v == nil && !c.isNamed(x) {
			// DTrace creates the array and finds it unassigned.
			c.error(e.Pos(), tag.VarUndef, x.Name)
			return nil, false
		}
		return v, true
	case *ast.SelectorExpr:
		scope, ok := c.isScoped(x)
		if !ok {
			return nil, true
		}
		v, _ := c.scopedVar(x, lvalue)
		if scope == "this" && (v == nil || v.Type.Kind == Invalid) {
			c.error(x.SelAt, tag.ArrLocal, x.Sel)
			return nil, false
		}
		if v == nil && !lvalue {
			c.error(x.SelAt, tag.VarUndefSelf, x.Sel)
			return nil, false
		}
		return v, true
	}
	return nil, true
}

// isNamed reports whether x names something other than a variable: an
// inline or its parameter, an enumerator, a translator's input, a kernel
// symbol, or a built-in variable godtrace lacks.
func (c *checker) isNamed(x *ast.Ident) bool {
	_, inline := c.inlines[x.Name]
	_, enum := c.enums[x.Name]
	input := c.xlateIn != nil && x.Name == c.xlateIn.InName
	return inline || enum || input || c.isParam(x) || unimplementedVars[x.Name] || strings.Contains(x.Name, "`")
}

// keyType checks the type of an associative array's key #i. A struct
// or union is a key by its bytes, as in Oracle DTrace.
func (c *checker) keyType(k ast.Expr, t Type, i int) bool {
	if name, dyn := c.translatedName(k, t); dyn && t.Kind != Invalid {
		c.error(k.Pos(), tag.KeyType, name, "associative array", i+1)
		return false
	}
	switch t.Kind {
	case Invalid:
		return false
	case Int, String, Pointer, Struct:
		return true
	case Void, Dyn:
		c.error(k.Pos(), tag.KeyType, t, "associative array", i+1)
		return false
	}
	c.error(k.Pos(), tag.UnsupportedKey, t)
	return false
}

// varName is the name DTrace gives a variable in messages.
func varName(v *Var) string {
	switch v.Kind {
	case ThreadLocal:
		return "self->" + v.Name
	case ClauseLocal:
		return "this->" + v.Name
	}
	return v.Name
}

// sameKeys checks a key tuple against the signature an associative
// array or aggregation (name is "@a" then) was first used with.
func (c *checker) sameKeys(pos token.Pos, name string, want, got []Type) bool {
	if len(want) != len(got) {
		c.error(pos, tag.ProtoLenKey, name, len(got), plural(len(got)), len(want))
		return false
	}
	for i := range want {
		w, g := want[i], got[i]
		if w.Kind != g.Kind && !(w.IsScalar() && g.IsScalar()) || w.Kind == Struct && !compatible(w, g) {
			c.error(pos, tag.ProtoArgKey, name, i+1, w, g)
			return false
		}
	}
	return true
}

// multiDimAgg reports @a[k1][k2], which DTrace refuses as it cooks the
// subscript, before whatever the expression is assigned.
func (c *checker) multiDimAgg(e *ast.IndexExpr) bool {
	a, ok := e.X.(*ast.AggExpr)
	if !ok {
		return false
	}
	name := a.Name
	if name == "" {
		name = "_"
	}
	c.error(a.At, tag.AggMdim, name)
	return true
}

// isURegs reports whether e is a use of uregs[], the built-in array of
// the thread's user registers, not of a variable of the name.
func (c *checker) isURegs(e *ast.IndexExpr) bool {
	x, ok := e.X.(*ast.Ident)
	return ok && x.Name == "uregs" && !c.isParam(x) && c.globals["uregs"] == nil
}

// NURegs is how many registers uregs[] has: on x86-64 the D library's
// R_R15 (0) to R_TRAPNO (25).
const NURegs = 26

// uregs checks uregs[i] as DTrace's dt_idcook_regs does: one integer
// constant index, the register's number (the D library's R_RAX ...),
// not negative, and as Oracle's code generation does, not past the
// last register.
func (c *checker) uregs(e *ast.IndexExpr) Type {
	if n := len(e.Keys); n != 1 {
		c.error(e.Pos(), tag.ProtoLenIndex, "uregs", n, plural(n))
		return TypeInvalid
	}
	k := e.Keys[0]
	t := c.rvalue(k)
	if t.Kind == Invalid {
		return TypeInvalid
	}
	i, ok := c.intConst(k)
	if !ok {
		c.error(e.Pos(), tag.ProtoArgIndex, "uregs", typeName(t))
		return TypeInvalid
	}
	if i < 0 {
		c.error(e.Pos(), tag.RegsIdx, i, "uregs")
		return TypeInvalid
	}
	if i >= NURegs {
		c.error(e.Pos(), tag.UnknownUregs, i)
		return TypeInvalid
	}
	c.info.URegs[e] = i
	return TypeUint64
}

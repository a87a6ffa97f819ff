package check

import (
	"math"
	"strings"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/token"
)

// expr checks e, records and returns its type. An erroneous operand has
// TypeInvalid; operators on invalid operands stay silent so that one
// mistake is reported once.
func (c *checker) expr(e ast.Expr) Type {
	t := c.expr1(e)
	c.info.Types[e] = t
	return t
}

func (c *checker) expr1(e ast.Expr) Type {
	switch e := e.(type) {
	case *ast.IntLit:
		return c.intLit(e)
	case *ast.StrLit:
		return StringType(len(e.Value) + 1)
	case *ast.MacroVar:
		return c.macro(e)
	case *ast.ParenExpr:
		return c.expr(e.X)
	case *ast.Ident:
		return c.ident(e)
	case *ast.SelectorExpr:
		if _, ok := c.isScoped(e); ok {
			return c.selector(e, false)
		}
		if t, ok := c.translated(e); ok {
			return t
		}
		return c.member(e)
	case *ast.XlateExpr:
		return c.xlateExpr(e)
	case *ast.IndexExpr:
		return c.index(e, false)
	case *ast.StringofExpr:
		return c.stringof(e)
	case *ast.OffsetofExpr:
		return c.offsetof(e)
	case *ast.UnaryExpr:
		return c.unary(e)
	case *ast.PostfixExpr:
		return c.incdec(e.X, e.Op)
	case *ast.BinaryExpr:
		return c.binary(e)
	case *ast.AssignExpr:
		return c.assign(e)
	case *ast.CondExpr:
		return c.cond(e)
	case *ast.CastExpr:
		return c.cast(e)
	case *ast.SizeofExpr:
		return c.sizeof(e)
	case *ast.CallExpr:
		return c.call(e)
	case *ast.AggExpr:
		c.errorf(e.At, "D_AGG_SCALAR", "aggregations may only be used as the target of an aggregating function or as an argument to an aggregation action")
		return TypeInvalid
	}
	c.errorf(e.Pos(), "D_UNKNOWN", "this kind of expression is not supported yet")
	return TypeInvalid
}

// intLit types an integer constant by C's rules: the first of int, long
// (and their unsigned forms for octal/hex or a u suffix) that holds it.
func (c *checker) intLit(l *ast.IntLit) Type {
	v := l.Value
	if l.Char {
		return TypeChar
	}
	var cands []Type
	switch {
	case l.Unsigned && (l.Long || l.LongLong):
		cands = []Type{TypeUlong}
	case l.Unsigned:
		cands = []Type{{Kind: Int, Size: 4, Name: "unsigned int"}, TypeUlong}
	case l.Long || l.LongLong:
		cands = []Type{TypeLong, TypeUlong}
		if l.Decimal {
			cands = []Type{TypeLong}
		}
	case l.Decimal:
		cands = []Type{TypeInt, TypeLong}
	default:
		cands = []Type{TypeInt, {Kind: Int, Size: 4, Name: "unsigned int"}, TypeLong, TypeUlong}
	}
	for _, t := range cands {
		if fits(v, t) {
			return t
		}
	}
	if l.Decimal && !l.Unsigned {
		return TypeUlong // C would reject; DTrace accepts large decimals as unsigned
	}
	c.errorf(l.At, "D_INT_OFLOW", "integer constant 0x%x cannot be represented in any built-in integral type", v)
	return TypeInvalid
}

func fits(v uint64, t Type) bool {
	switch {
	case t.Size == 8 && t.Signed:
		return v <= math.MaxInt64
	case t.Size == 8:
		return true
	case t.Signed:
		return v <= math.MaxInt32
	default:
		return v <= math.MaxUint32
	}
}

func (c *checker) ident(e *ast.Ident) Type {
	if x := c.xlateIn; x != nil && e.Name == x.InName {
		c.info.XlateInputs[e] = x
		return x.In
	}
	if b, ok := builtins[e.Name]; ok {
		c.info.Builtins[e] = b.id
		switch {
		case b.t.Kind == String && b.t.Size == 0:
			return StringType(c.cfg.StrSize)
		case b.id == BCurthread:
			if t, ok := c.kernel.lookup("struct task_struct"); ok {
				return PointerTo(t)
			}
		case b.id == BPpid || b.id == BVtimestamp:
			// ppid is curthread->real_parent->tgid, vtimestamp reads the
			// scheduler's accounting in curthread->se: the code generator
			// needs task_struct's layout from the kernel.
			t, ok := c.kernel.lookup("struct task_struct")
			if !ok {
				c.errorf(e.At, "D_IDENT_UNDEF", "failed to resolve %s: kernel type information is not available", e.Name)
				return TypeInvalid
			}
			c.info.Task = t
		}
		return b.t
	}
	if in, ok := c.inlines[e.Name]; ok {
		if !c.checkInline(in) {
			return TypeInvalid
		}
		c.info.Inlines[e] = in.init
		if v, ok := c.info.Consts[in.init]; ok {
			c.info.Consts[e] = v
		}
		return in.t
	}
	if ec, ok := c.enums[e.Name]; ok {
		c.info.Consts[e] = ec.v
		return ec.t
	}
	if e.Name == "NULL" && c.globals[e.Name] == nil {
		// D's NULL: a void pointer constant, comparable with any pointer.
		c.info.Consts[e] = 0
		return PointerTo(TypeVoid)
	}
	if strings.Contains(e.Name, "`") {
		c.errorf(e.At, "D_IDENT_UNDEF", "failed to resolve %s: kernel symbols are not supported yet", e.Name)
		return TypeInvalid
	}
	v := c.globals[e.Name]
	if (v == nil || v.Type.Kind == Invalid) && unimplementedVars[e.Name] {
		c.errorf(e.At, "D_IDENT_UNDEF", "failed to resolve %s: built-in variable not supported yet", e.Name)
		return TypeInvalid
	}
	if v == nil || v.Type.Kind == Invalid {
		c.errorf(e.At, "D_IDENT_UNDEF", "failed to resolve %s: Unknown variable name", e.Name)
		return TypeInvalid
	}
	if v.IsAssoc() {
		c.errorf(e.At, "D_ASSOC_NONE", "associative array %s must be indexed", e.Name)
		return TypeInvalid
	}
	c.info.Vars[e] = v
	return v.Type
}

// isScoped reports whether e is self->x or this->x, and which.
func (c *checker) isScoped(e *ast.SelectorExpr) (string, bool) {
	id, ok := e.X.(*ast.Ident)
	if !ok || e.Op != token.ARROW || (id.Name != "self" && id.Name != "this") {
		return "", false
	}
	return id.Name, true
}

// scopedVar resolves self->x and this->x; lvalue creates the variable.
func (c *checker) scopedVar(e *ast.SelectorExpr, lvalue bool) (*Var, bool) {
	scope, ok := c.isScoped(e)
	if !ok {
		return nil, false
	}
	m, list, kind := c.tlocals, &c.info.ThreadLocals, ThreadLocal
	if scope == "this" {
		m, list, kind = c.clocals, &c.info.ClauseLocals, ClauseLocal
	}
	if lvalue {
		return c.variable(m, list, kind, e.Sel, e.SelAt), true
	}
	return m[e.Sel], true
}

func (c *checker) selector(e *ast.SelectorExpr, lvalue bool) Type {
	v, ok := c.scopedVar(e, lvalue)
	if !ok {
		c.errorf(e.Pos(), "D_UNKNOWN", "member access is not supported yet")
		return TypeInvalid
	}
	if v == nil || (v.Type.Kind == Invalid && !lvalue) {
		// DTrace reads an unassigned self->/this-> variable as 0.
		scope, _ := c.isScoped(e)
		c.errorf(e.SelAt, "D_VAR_UNDEF", "%s->%s has not yet been declared or assigned", scope, e.Sel)
		return TypeInvalid
	}
	if v.IsAssoc() && !lvalue {
		c.errorf(e.SelAt, "D_ASSOC_NONE", "associative array %s must be indexed", e.Sel)
		return TypeInvalid
	}
	c.info.Vars[e] = v
	return v.Type
}

// index checks a[k...] where a is a global or self-> associative array.
// With lvalue set, an unknown array is created with the keys' types.
func (c *checker) index(e *ast.IndexExpr, lvalue bool) Type {
	var v *Var
	switch x := e.X.(type) {
	case *ast.Ident:
		if _, ok := builtins[x.Name]; ok {
			c.errorf(x.At, "D_UNKNOWN", "indexing %s is not supported yet", x.Name)
			return TypeInvalid
		}
		v = c.globals[x.Name]
		if v == nil && lvalue {
			v = c.variable(c.globals, &c.info.Globals, Global, x.Name, x.At)
		}
	case *ast.SelectorExpr:
		if _, ok := c.isScoped(x); ok {
			v, _ = c.scopedVar(x, lvalue)
		}
	}
	if v == nil || (!v.IsAssoc() && v.Type.Kind != Invalid) {
		// Not an associative array: an element of a pointer or array.
		if lvalue && v == nil {
			c.errorf(e.Pos(), "D_OP_LVAL", "operator = requires modifiable lvalue as an operand")
			return TypeInvalid
		}
		xt := c.expr(e.X)
		switch xt.Kind {
		case Invalid:
			return TypeInvalid
		case Pointer, Array:
			return c.element(e, xt)
		}
		c.errorf(e.Pos(), "D_ARR_BADREF", "cannot access %s as an associative array", exprName(e.X))
		return TypeInvalid
	}
	keys := make([]Type, len(e.Keys))
	bad := false
	for i, k := range e.Keys {
		keys[i] = c.rvalue(k)
		if keys[i].Kind != Int && keys[i].Kind != String {
			bad = true
		}
	}
	if bad {
		return TypeInvalid
	}
	if v.Type.Kind == Invalid && !lvalue {
		c.errorf(e.Pos(), "D_IDENT_UNDEF", "failed to resolve %s: Unknown variable name", exprName(e.X))
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

// sameKeys checks a key tuple against the signature an associative
// array or aggregation (name is "@a" then) was first used with.
func (c *checker) sameKeys(pos token.Pos, name string, want, got []Type) bool {
	if len(want) != len(got) {
		c.errorf(pos, "D_PROTO_LEN", "%s[ ] prototype mismatch: %d key%s passed, %d expected", name, len(got), plural(len(got)), len(want))
		return false
	}
	for i := range want {
		if want[i].Kind != got[i].Kind && !(want[i].IsScalar() && got[i].IsScalar()) {
			c.errorf(pos, "D_PROTO_ARG", "%s[ ] key #%d is incompatible with prototype:\n\tprototype: %s\n\t      key: %s", name, i+1, want[i], got[i])
			return false
		}
	}
	return true
}

func exprName(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.Ident:
		return e.Name
	case *ast.SelectorExpr:
		return e.Sel
	}
	return "?"
}

func (c *checker) unary(e *ast.UnaryExpr) Type {
	switch e.Op {
	case token.INC, token.DEC:
		return c.incdec(e.X, e.Op)
	case token.MUL:
		return c.deref(e)
	case token.AND:
		return c.addrOf(e)
	}
	t := c.expr(e.X)
	if t.Kind == Invalid {
		return t
	}
	switch e.Op {
	case token.TILDE:
		if t.Kind != Int {
			c.errorf(e.At, "D_OP_INT", "operator ~ requires an operand of integral type")
			return TypeInvalid
		}
		return promote(t)
	case token.SUB, token.ADD:
		if t.Kind != Int {
			c.errorf(e.At, "D_OP_ARITH", "operator %s requires an operand of arithmetic type", e.Op)
			return TypeInvalid
		}
		return promote(t)
	case token.NOT:
		if !t.IsScalar() {
			c.errorf(e.At, "D_OP_SCALAR", "operator ! requires an operand of scalar type")
			return TypeInvalid
		}
		return TypeInt
	}
	c.errorf(e.At, "D_UNKNOWN", "operator %s is not supported yet", e.Op)
	return TypeInvalid
}

func (c *checker) incdec(x ast.Expr, op token.Kind) Type {
	// As in DTrace, ++ and -- on a variable never assigned declare it
	// as a 64-bit integer.
	t := c.lvalue(x, TypeInt64, op)
	if t.Kind != Int && t.Kind != Invalid {
		c.errorf(x.Pos(), "D_OP_ARITH", "operator %s requires an operand of arithmetic type", op)
		return TypeInvalid
	}
	return t
}

// integralOps need integers even where D has other arithmetic types:
// DTrace reports them with D_OP_INT rather than D_OP_ARITH.
var integralOps = map[token.Kind]bool{
	token.REM: true, token.AND: true, token.OR: true, token.XOR: true, token.SHL: true, token.SHR: true,
	token.REMEQ: true, token.ANDEQ: true, token.OREQ: true, token.XOREQ: true, token.SHLEQ: true, token.SHREQ: true,
}

// isZero reports whether e is the integer constant 0.
func isZero(e ast.Expr) bool {
	l, ok := ast.Unparen(e).(*ast.IntLit)
	return ok && l.Value == 0
}

var compareOps = map[token.Kind]bool{
	token.EQL: true, token.NEQ: true, token.LSS: true, token.GTR: true, token.LEQ: true, token.GEQ: true,
}

func (c *checker) binary(e *ast.BinaryExpr) Type {
	x, y := c.rvalue(e.X), c.rvalue(e.Y)
	if x.Kind == Invalid || y.Kind == Invalid {
		return TypeInvalid
	}
	switch {
	case e.Op == token.COMMA:
		return y
	case e.Op == token.LAND || e.Op == token.LOR || e.Op == token.LXOR:
		if !x.IsScalar() || !y.IsScalar() {
			c.errorf(e.OpPos, "D_OP_SCALAR", "operator %s requires operands of scalar type", e.Op)
			return TypeInvalid
		}
		return TypeInt
	case compareOps[e.Op]:
		if x.Kind != y.Kind && !(x.IsScalar() && y.IsScalar()) {
			c.errorf(e.OpPos, "D_OP_INCOMPAT", "operands have incompatible types: \"%s\" %s \"%s\"", x, e.Op, y)
			return TypeInvalid
		}
		return TypeInt
	case (e.Op == token.ADD || e.Op == token.SUB) && (x.Kind == Pointer || y.Kind == Pointer):
		return c.pointerArith(e, x, y)
	}
	if x.Kind != Int || y.Kind != Int {
		if integralOps[e.Op] {
			c.errorf(e.OpPos, "D_OP_INT", "operator %s requires operands of integral type", e.Op)
		} else {
			c.errorf(e.OpPos, "D_OP_ARITH", "operator %s requires operands of arithmetic type", e.Op)
		}
		return TypeInvalid
	}
	if (e.Op == token.QUO || e.Op == token.REM) && isZero(e.Y) {
		c.errorf(e.OpPos, "D_DIV_ZERO", "expression contains division by zero")
		return TypeInvalid
	}
	if e.Op == token.SHL || e.Op == token.SHR {
		return promote(x)
	}
	return arith(x, y)
}

func (c *checker) cond(e *ast.CondExpr) Type {
	ct, t, f := c.expr(e.C), c.rvalue(e.T), c.rvalue(e.F)
	if ct.Kind == Invalid || t.Kind == Invalid || f.Kind == Invalid {
		return TypeInvalid
	}
	if !ct.IsScalar() {
		c.errorf(e.C.Pos(), "D_OP_SCALAR", "operator ?: requires a scalar first operand")
		return TypeInvalid
	}
	if t.Kind != f.Kind {
		c.errorf(e.T.Pos(), "D_OP_INCOMPAT", "operator ?: operands must have compatible types")
		return TypeInvalid
	}
	if t.Kind == String {
		return StringType(max(t.Size, f.Size))
	}
	if t.Kind == Pointer {
		return t
	}
	if t.Kind != Int {
		c.errorf(e.T.Pos(), "D_OP_INCOMPAT", "operator ?: operands must have compatible types")
		return TypeInvalid
	}
	return arith(t, f)
}

// pointerArith types p + i, i + p, p - i (a pointer, scaled by the
// size of what it points to) and p - q (the distance in elements).
func (c *checker) pointerArith(e *ast.BinaryExpr, x, y Type) Type {
	switch {
	case x.Kind == Pointer && y.Kind == Int:
		return x
	case x.Kind == Int && y.Kind == Pointer && e.Op == token.ADD:
		return y
	case x.Kind == Pointer && y.Kind == Pointer && e.Op == token.SUB && x.ElemSize() == y.ElemSize():
		return TypeLong
	}
	c.errorf(e.OpPos, "D_OP_INCOMPAT", "operands have incompatible types: \"%s\" %s \"%s\"", x, e.Op, y)
	return TypeInvalid
}

func (c *checker) cast(e *ast.CastExpr) Type {
	x := c.expr(e.X)
	t, ok := c.typeExpr(e.Type)
	if !ok || x.Kind == Invalid {
		return TypeInvalid
	}
	switch {
	case t.Kind == Void:
		return t
	case t.IsScalar() && x.IsScalar():
		return t
	case t.Kind == String && x.Kind == String:
		return t
	}
	c.errorf(e.At, "D_CAST_INVAL", "invalid cast expression: \"%s\" to \"%s\"", x, t)
	return TypeInvalid
}

func (c *checker) sizeof(e *ast.SizeofExpr) Type {
	var t Type
	ok := true
	if e.Type != nil {
		t, ok = c.typeExpr(e.Type)
	} else {
		t = c.expr(e.X)
	}
	switch {
	case !ok || t.Kind == Invalid:
		return TypeInvalid
	case t.Kind == Void || t.Kind == Func:
		c.errorf(e.At, "D_SIZEOF_TYPE", "cannot apply sizeof to an operand of unknown size")
		return TypeInvalid
	case t.Kind == String:
		c.info.Consts[e] = int64(c.cfg.StrSize)
	case t.Kind == Struct && !t.Def.Complete:
		c.errorf(e.At, "D_SIZEOF_TYPE", "cannot apply sizeof to an operand of unknown size")
		return TypeInvalid
	default:
		c.info.Consts[e] = int64(t.resolved().Size)
	}
	return Type{Kind: Int, Size: 8, Name: "size_t"}
}

// assign checks X op= Y and types X by Y on first assignment.
func (c *checker) assign(e *ast.AssignExpr) Type {
	y := c.rvalue(e.Y)
	if y.Kind == Invalid {
		// The right side was already reported; an untyped target is a
		// consequence, not a second error.
		return TypeInvalid
	}
	if y.Kind == Void {
		c.errorf(e.OpPos, "D_OP_INCOMPAT", "operands have incompatible types: \"%s\" %s \"void\"", exprName(e.X), e.Op)
		return TypeInvalid
	}
	x := c.lvalue(e.X, y, e.Op)
	if x.Kind == Invalid {
		return x
	}
	if e.Op != token.ASSIGN && (x.Kind != Int || y.Kind != Int) && !(x.Kind == Pointer && y.Kind == Int && (e.Op == token.ADDEQ || e.Op == token.SUBEQ)) {
		c.errorf(e.OpPos, "D_OP_ARITH", "operator %s requires operands of arithmetic type", e.Op)
		return TypeInvalid
	}
	if !assignable(x, y) {
		c.errorf(e.OpPos, "D_OP_INCOMPAT", "operands have incompatible types: \"%s\" %s \"%s\"", x, e.Op, y)
		return TypeInvalid
	}
	return x
}

// lvalue checks an assignable expression. A variable not yet typed is
// given the storage type of first (when first is valid).
func (c *checker) lvalue(e ast.Expr, first Type, op token.Kind) Type {
	var v *Var
	switch x := e.(type) {
	case *ast.Ident:
		if _, ok := builtins[x.Name]; ok {
			c.errorf(x.At, "D_OP_WRITE", "operator %s can only be applied to a writable variable", op)
			return TypeInvalid
		}
		_, inline := c.inlines[x.Name]
		_, enum := c.enums[x.Name]
		if inline || enum || x.Name == "NULL" && c.globals[x.Name] == nil {
			// Constants, not variables: assigning one must not quietly
			// declare a variable of the same name.
			c.errorf(x.At, "D_OP_LVAL", "operator %s requires modifiable lvalue as an operand", op)
			return TypeInvalid
		}
		v = c.variable(c.globals, &c.info.Globals, Global, x.Name, x.At)
		if v.IsAssoc() {
			c.errorf(x.At, "D_ASSOC_NONE", "associative array %s must be indexed", x.Name)
			return TypeInvalid
		}
	case *ast.SelectorExpr:
		var ok bool
		if v, ok = c.scopedVar(x, true); !ok {
			c.errorf(x.Pos(), "D_UNKNOWN", "member access is not supported yet")
			return TypeInvalid
		}
	case *ast.IndexExpr:
		if c.index(x, true) == TypeInvalid && c.info.Vars[x] == nil {
			return TypeInvalid
		}
		v = c.info.Vars[x]
	case *ast.ParenExpr:
		return c.lvalue(x.X, first, op)
	default:
		c.errorf(e.Pos(), "D_OP_LVAL", "operator %s requires modifiable lvalue as an operand", op)
		return TypeInvalid
	}
	if v.Type.Kind == Invalid {
		if first.Kind == Invalid {
			c.errorf(e.Pos(), "D_IDENT_UNDEF", "failed to resolve %s: Unknown variable name", v.Name)
			return TypeInvalid
		}
		v.Type = c.storageType(first)
	}
	c.info.Vars[e] = v
	c.info.Types[e] = v.Type
	return v.Type
}

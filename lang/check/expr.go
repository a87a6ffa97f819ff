package check

import (
	"math"
	"strings"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/tag"
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
	case *ast.FuncExprCall:
		c.error(e.Lparen, tag.FuncIdent)
		return TypeInvalid
	case *ast.AggExpr:
		return TypeAggregation
	}
	c.error(e.Pos(), tag.UnsupportedExpr)
	return TypeInvalid
}

// intLit types an integer constant by C's rules: the first of int, long
// (and their unsigned forms for octal/hex or a u suffix) that holds it.
func (c *checker) intLit(l *ast.IntLit) Type {
	v := l.Value
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
	case l.Decimal || l.Char:
		// DTrace's lexer makes a character constant an integer
		// written in decimal: 'c' is an int, as in C.
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
	c.error(l.At, tag.IntOflowType, v)
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
	if t, ok := c.inlineParam(e); ok {
		return t
	}
	if x := c.xlateIn; x != nil && e.Name == x.InName {
		c.info.XlateInputs[e] = x
		return x.In
	}
	if b, ok := builtins[e.Name]; ok {
		c.info.Builtins[e] = b.id
		switch {
		case b.t.Kind == String && b.t.Size == 0:
			return c.stringType()
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
				c.error(e.At, tag.IdentUndef, e.Name, "kernel type information is not available")
				return TypeInvalid
			}
			c.info.Task = t
		}
		return b.t
	}
	if in, ok := c.inlines[e.Name]; ok && in != c.inlineIn {
		if in.array != nil {
			c.error(e.At, tag.IdentBadref, "associative array", e.Name, "scalar")
			return TypeInvalid
		}
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
		// D's NULL is the int constant 0, which the pointer rules let
		// stand for a pointer of any type (sizeof (NULL) is 4).
		c.info.Consts[e] = 0
		return TypeInt
	}
	if strings.Contains(e.Name, "`") {
		return c.kernelSymbol(e)
	}
	v := c.globals[e.Name]
	if e.Name == "args" {
		return c.argsScalar(e)
	}
	if kind := c.funcKind(e.Name); v == nil && kind != "" {
		c.error(e.At, tag.IdentBadref, kind, e.Name, "scalar")
		return TypeInvalid
	}
	if (v == nil || v.Type.Kind == Invalid) && unimplementedVars[e.Name] {
		c.error(e.At, tag.IdentUndef, e.Name, "built-in variable not supported yet")
		return TypeInvalid
	}
	if v == nil || v.Type.Kind == Invalid {
		c.error(e.At, tag.IdentUndef, e.Name, "Unknown variable name")
		return TypeInvalid
	}
	if v.IsAssoc() {
		c.error(e.At, tag.IdentBadref, "associative array", e.Name, "scalar")
		return TypeInvalid
	}
	c.info.Vars[e] = v
	return v.Type
}

// funcKind names the kind of identifier DTrace defines for a function
// name (dt_idkind_name), or is "" for a name that is none.
func (c *checker) funcKind(name string) string {
	if c.hidden(name) {
		return ""
	}
	_, agg := aggFuncs[name]
	_, act := actionNames[name]
	switch {
	case agg:
		return "aggregating function"
	case act:
		return "tracing function"
	case isSubr(name):
		return "function"
	}
	return ""
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
		c.error(e.Pos(), tag.UnsupportedMember)
		return TypeInvalid
	}
	if v == nil || (v.Type.Kind == Invalid && !lvalue) {
		// DTrace reads an unassigned self->/this-> variable as 0.
		undef := tag.VarUndefSelf
		if scope, _ := c.isScoped(e); scope == "this" {
			undef = tag.VarUndefThis
		}
		c.error(e.SelAt, undef, e.Sel)
		return TypeInvalid
	}
	if v.IsAssoc() && !lvalue {
		// DTrace cooks the array with no keys against its signature.
		c.sameKeys(e.SelAt, e.Sel, v.Keys, nil)
		return TypeInvalid
	}
	c.info.Vars[e] = v
	return v.Type
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
	// The result has the operand's type, unpromoted, as in DTrace.
	switch e.Op {
	case token.TILDE:
		if t.Kind != Int {
			c.error(e.At, tag.OpIntUnary, "~")
			return TypeInvalid
		}
		return t
	case token.SUB, token.ADD:
		if t.Kind != Int {
			c.error(e.At, tag.OpArithUnary, e.Op)
			return TypeInvalid
		}
		return t
	case token.NOT:
		if !t.IsScalar() {
			c.error(e.At, tag.OpScalarUnary, "!")
			return TypeInvalid
		}
		return TypeInt
	}
	c.error(e.At, tag.UnsupportedOp, e.Op)
	return TypeInvalid
}

// integralOps need integers even where D has other arithmetic types:
// DTrace reports them with D_OP_INT rather than D_OP_ARITH.
var integralOps = map[token.Kind]bool{
	token.REM: true, token.AND: true, token.OR: true, token.XOR: true, token.SHL: true, token.SHR: true,
	token.REMEQ: true, token.ANDEQ: true, token.OREQ: true, token.XOREQ: true, token.SHLEQ: true, token.SHREQ: true,
}

var compareOps = map[token.Kind]bool{
	token.EQL: true, token.NEQ: true, token.LSS: true, token.GTR: true, token.LEQ: true, token.GEQ: true,
}

// binary checks a binary operator. On integer constants its value is a
// constant too: DTrace folds it while parsing, in 64 bits whatever the
// type, so (1 << 63) - 1 is 0x7fffffffffffffff although typed int.
func (c *checker) binary(e *ast.BinaryExpr) Type {
	t := c.binary1(e)
	if t.Kind == Int && e.Op != token.COMMA {
		if v, ok := c.foldBinary(e, t); ok {
			c.info.Consts[e] = v
		}
	}
	return t
}

func (c *checker) binary1(e *ast.BinaryExpr) Type {
	if e.Op == token.COMMA && (isActionCall(e.X) || isActionCall(e.Y)) {
		c.error(e.OpPos, tag.OpAct, ",")
		return TypeInvalid
	}
	x, y := c.expr(e.X), c.expr(e.Y)
	if x.Kind == Invalid || y.Kind == Invalid {
		return TypeInvalid
	}
	if (e.Op == token.QUO || e.Op == token.REM) && c.isNull(e.Y) {
		// DTrace finds this while parsing, before anything is typed.
		c.error(e.OpPos, tag.DivZero)
		return TypeInvalid
	}
	switch {
	case e.Op == token.COMMA:
		return c.rvalue(e.Y)
	case e.Op == token.LAND || e.Op == token.LOR || e.Op == token.LXOR:
		if !x.IsScalar() || !y.IsScalar() {
			c.error(e.OpPos, tag.OpScalar, e.Op)
			return TypeInvalid
		}
		return TypeInt
	case compareOps[e.Op]:
		return c.compare(e, x, y)
	case e.Op == token.ADD || e.Op == token.SUB:
		// A char array plus an integer is the string from there on.
		// The operands are typed already: checking them again would
		// make a chain of n additions take 2^n steps.
		return c.additive(e, c.rvalueOf(e.X, x), c.rvalueOf(e.Y, y))
	}
	if x.Kind != Int || y.Kind != Int {
		if integralOps[e.Op] {
			c.error(e.OpPos, tag.OpInt, e.Op)
		} else {
			c.error(e.OpPos, tag.OpArith, e.Op)
		}
		return TypeInvalid
	}
	if e.Op == token.SHL || e.Op == token.SHR {
		// The left operand's type, as dt_cook_op2 gives it.
		return x
	}
	return arith(x, y)
}

// compare types a relational or equality operator by DTrace's rules: the
// same type, two integers, a string and something that can stand for
// one (compared as strings), or pointers compatible as C has them.
func (c *checker) compare(e *ast.BinaryExpr, x, y Type) Type {
	switch {
	case compatible(x, y), x.Kind == Int && y.Kind == Int:
	case x.isStrCompat() && y.isStrCompat() && (x.Kind == String || y.Kind == String):
		c.toString(e.X, x)
		c.toString(e.Y, y)
	default:
		if _, ok := ptrCompat(x, c.isNull(e.X), y, c.isNull(e.Y)); !ok {
			c.incompatible(e.OpPos, e.Op, e.X, e.Y)
			return TypeInvalid
		}
		if x.Kind == String || y.Kind == String {
			// A string against 0 or a void pointer: both compare as
			// strings, a null string as "".
			c.toString(e.X, x)
			c.toString(e.Y, y)
		}
	}
	return TypeInt
}

// additive types + and -: integers, a pointer (or string, or array) and
// an integer, scaled by what the pointer points to, or the distance
// between two compatible pointers.
func (c *checker) additive(e *ast.BinaryExpr, x, y Type) Type {
	xp := x.Kind == String || x.isPointer() && !x.isVFPtr()
	yp := y.Kind == String || y.isPointer() && !y.isVFPtr()
	xi, yi := x.Kind == Int, y.Kind == Int
	switch {
	case xi && yi:
		return arith(x, y)
	case xp && yi:
		return decay(x)
	case xi && yp && e.Op == token.ADD:
		return decay(y)
	case xp && yp && e.Op == token.SUB:
		if _, ok := ptrCompat(x, false, y, false); ok {
			return TypePtrdiff
		}
	}
	c.incompatible(e.OpPos, e.Op, e.X, e.Y)
	return TypeInvalid
}

// incompatible reports operands that DTrace's rules do not combine,
// naming their types as written: a char array is not yet a string.
func (c *checker) incompatible(pos token.Pos, op token.Kind, x, y ast.Expr) {
	c.error(pos, tag.OpIncompat, typeName(c.info.Types[x]), op, typeName(c.info.Types[y]))
}

// decay is the type of an array used as a value: a pointer to its first
// element.
func decay(t Type) Type {
	if t.Kind != Array {
		return t
	}
	return PointerTo(*t.Elem)
}

// toString records that e, of type t, is used where a string is wanted:
// a char array is read into a string, a pointer (or an address) is read
// as the string it points to, and the constant 0 is the null string.
func (c *checker) toString(e ast.Expr, t Type) {
	switch {
	case t.Kind == String, t.Kind == Invalid:
	case t.IsCharArray():
		c.asString(e, t)
	case c.isNull(e):
		c.info.Strings[e] = StringType(1)
	default:
		c.info.Strings[e] = c.stringType()
	}
}

// cond types c ? t : f by DTrace's rules: operands of the same type, two
// integers, a string and something that can stand for one, or pointers
// compatible as C has them. Two char arrays make a string, which
// godtrace can copy where DTrace would pass the array's address.
func (c *checker) cond(e *ast.CondExpr) Type {
	if isActionCall(e.T) || isActionCall(e.F) {
		return c.condAction(e)
	}
	ct, t, f := c.expr(e.C), c.expr(e.T), c.expr(e.F)
	if ct.Kind == Invalid || t.Kind == Invalid || f.Kind == Invalid {
		return TypeInvalid
	}
	if !ct.IsScalar() {
		c.error(e.C.Pos(), tag.OpScalarCond)
		return TypeInvalid
	}
	if t.IsCharArray() && f.IsCharArray() {
		t, f = c.asString(e.T, t), c.asString(e.F, f)
	}
	switch {
	case t.Kind == String && f.Kind == String:
		return StringType(max(t.Size, f.Size))
	case compatible(t, f):
		return decay(t)
	case t.Kind == Int && f.Kind == Int:
		return arith(t, f)
	case t.isStrCompat() && f.isStrCompat() && (t.Kind == String || f.Kind == String):
		c.toString(e.T, t)
		c.toString(e.F, f)
		return c.stringType()
	}
	r, ok := ptrCompat(t, c.isNull(e.T), f, c.isNull(e.F))
	if !ok {
		c.error(e.T.Pos(), tag.OpIncompatCond)
		return TypeInvalid
	}
	if r.Kind == String {
		c.toString(e.T, t)
		c.toString(e.F, f)
		return c.stringType()
	}
	return decay(r)
}

// operandAction cooks an operand of ?: that may be an action call,
// reporting whether it is well formed: an action's arguments are typed
// and counted against its prototype (dt_idcook_func), its own rules
// being for a statement.
func (c *checker) operandAction(x ast.Expr) bool {
	call, ok := ast.Unparen(x).(*ast.CallExpr)
	if !ok || !isAction(call.Fun.Name) {
		return c.expr(x).Kind != Invalid
	}
	if !c.cookArgs(call.Args) {
		return false
	}
	n := actionArity[call.Fun.Name]
	return c.nargs(call, n[0], n[1])
}

// isActionCall reports whether e calls an action, which has no value.
func isActionCall(e ast.Expr) bool {
	call, ok := ast.Unparen(e).(*ast.CallExpr)
	if !ok {
		return false
	}
	return isAction(call.Fun.Name)
}

// condAction reports an action as an operand of ?:. To DTrace an action
// has type void, which is compatible only with another action.
// DTrace cooks the three operands first, so an action's arguments are
// checked against its prototype before anything else.
func (c *checker) condAction(e *ast.CondExpr) Type {
	ct := c.expr(e.C)
	tOK, fOK := c.operandAction(e.T), c.operandAction(e.F)
	if ct.Kind == Invalid || !tOK || !fOK {
		return TypeInvalid
	}
	if !ct.IsScalar() {
		c.error(e.C.Pos(), tag.OpScalarCond)
		return TypeInvalid
	}
	if !isActionCall(e.T) || !isActionCall(e.F) {
		c.error(e.T.Pos(), tag.OpIncompatCond)
		return TypeInvalid
	}
	c.error(e.T.Pos(), tag.OpActCond)
	return TypeInvalid
}

// cast checks (T)x by DTrace's rules: to the same type, between scalars,
// to void, from a pointer or array to a pointer, and from a scalar,
// pointer or array to string, which reads the string at that address.
func (c *checker) cast(e *ast.CastExpr) Type {
	x := c.expr(e.X)
	t, ok := c.typeExpr(e.Type)
	if !ok || x.Kind == Invalid {
		return TypeInvalid
	}
	if name, dyn := c.translatedName(e.X, x); dyn && x.Kind == Pointer && t.Kind != Void {
		// A translated pointer is dynamic: only its members may be
		// used, so it cannot become another type (dt_cook_op2).
		c.error(e.At, tag.CastInval, name, typeName(t))
		return TypeInvalid
	}
	switch {
	case t.Kind == String && x.Kind == String:
		return x
	case compatible(t, x), t.Kind == Void:
		return t
	case t.IsScalar() && (x.IsScalar() || x.Kind == Func):
		return t
	case t.Kind == Pointer && x.isPointer():
		return t
	case t.Kind == String && (x.IsScalar() || x.isPointer()):
		// The result is as large as the string the operand becomes.
		c.toString(e.X, x)
		return c.info.Strings[e.X]
	}
	c.error(e.At, tag.CastInval, typeName(x), typeName(t))
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
	case e.X != nil && c.isBitField(e.X):
		c.error(e.At, tag.SizeofBitfield)
		return TypeInvalid
	case t.Kind == Void || t.Kind == Func:
		c.error(e.At, tag.SizeofType)
		return TypeInvalid
	case t.Kind == Struct && !t.Def.IsComplete(), t.Kind != String && t.resolved().Size == 0:
		// Also an array of no elements, char[] or a flexible member.
		c.error(e.At, tag.SizeofType)
		return TypeInvalid
	case t.Kind == String:
		c.info.Consts[e] = int64(c.cfg.StrSize)
		if l, ok := ast.Unparen(e.X).(*ast.StrLit); ok {
			// A literal's size is its own, NUL included.
			c.info.Consts[e] = int64(len(l.Value) + 1)
		}
	default:
		c.info.Consts[e] = int64(t.resolved().Size)
	}
	return Type{Kind: Int, Size: 8, Name: "size_t"}
}

// ifCond checks an if statement's condition. DTrace rewrites `if (c)`
// into a clause that computes `1 && c` (dt_sugar.c), so a condition
// that is not scalar is reported as an operand of &&.
func (c *checker) ifCond(e ast.Expr) {
	if t := c.expr(e); !t.IsScalar() && t.Kind != Invalid {
		c.error(e.Pos(), tag.OpScalar, "&&")
	}
}

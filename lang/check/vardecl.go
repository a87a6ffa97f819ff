package check

import (
	"strings"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/lang/token"
)

// varDecl declares variables, as DTrace does (dt_node_decl): a
// redeclaration must match the first declaration or use. An extern
// declaration, and one of a function, declares a kernel symbol instead.
func (c *checker) varDecl(d *ast.VarDecl) {
	base, ok := c.typeExpr(d.Type)
	if !ok {
		return
	}
	for _, n := range d.Names {
		if !c.unscopedName(n.At, tag.DeclScope, n.Name) {
			continue
		}
		t, ok := c.declarator(base, n)
		if !ok {
			continue
		}
		class := d.Class
		if t.Kind == Func && (class == 0 || class == token.STATIC) {
			class = token.EXTERN // int f(void); is C's way to say extern
		}
		switch class {
		case token.STATIC, token.REGISTER, token.AUTO:
			c.error(d.At, tag.DeclBadclass)
			return
		case token.EXTERN:
			c.externDecl(n, t)
		default:
			c.varDeclarator(class, t, n)
		}
	}
}

// unscopedName reports whether a name being declared is free of D's
// scoping operator, which names kernel symbols and types, not D's own;
// m is DTrace's wording for the kind of name declared (a declaration,
// a member, an enumerator).
func (c *checker) unscopedName(at token.Pos, m tag.Msg, name string) bool {
	if !strings.Contains(name, "`") {
		return true
	}
	c.error(at, m, name)
	return false
}

// externDecl declares a kernel symbol, as DTrace's extern declarations
// do (dt_node_decl adds an undefined symbol to its D module): no D
// variable comes of it, and a second declaration must give the same
// type. Nothing yet uses the type: a symbol named in a clause takes the
// kernel's (symbol.go).
func (c *checker) externDecl(n *ast.Declarator, t Type) {
	if prev, ok := c.externs[n.Name]; ok && !sameDeclType(prev, t) {
		c.error(n.At, tag.DeclIdredSymbol, "D", n.Name, t, prev)
		return
	}
	c.externs[n.Name] = t
}

// varDeclarator declares one variable of a declaration, of type vt.
func (c *checker) varDeclarator(class token.Kind, vt Type, n *ast.Declarator) {
	if vt.Kind == String {
		vt = c.stringType()
	}
	keys, ok := c.keyTypes(n)
	if !ok {
		return
	}
	global := class != token.SELF && class != token.THIS
	switch {
	case hasEmptyDim(n):
		c.error(n.At, tag.DeclArrnull, n.Name)
		return
	case global && c.isBuiltin(n.Name):
		c.error(n.At, tag.DeclIdredBuiltin, n.Name)
		return
	case c.isTypedefName(n.Name):
		c.error(n.At, tag.DeclIdredTypedefIdent, n.Name)
		return
	case class == token.THIS && keys != nil:
		c.error(n.At, tag.DeclLocassc, n.Name)
		return
	}
	decl := ident{kind: "scalar", t: vt, keys: keys}
	if keys != nil {
		decl.kind = "associative array"
	}
	if prev, ok := c.declared(class, n.Name); ok {
		c.redeclared(n, decl, prev)
		return
	}
	if !c.declarable(n, vt) {
		return
	}
	v := c.declare(class, n.Name, n.At)
	v.Type, v.Keys = vt, keys
	if global {
		c.defined(n.Name)
	}
}

// keyTypes types an associative array declaration's key signature; it is
// nil for other declarations.
func (c *checker) keyTypes(n *ast.Declarator) ([]Type, bool) {
	var keys []Type
	for _, kt := range n.Keys {
		k, ok := c.typeExpr(kt)
		if !ok {
			return nil, false
		}
		keys = append(keys, c.storageType(k))
	}
	return keys, c.prototype(n, keys)
}

func hasEmptyDim(n *ast.Declarator) bool {
	for _, dim := range n.Arrays {
		if len(dim) == 0 {
			return true
		}
	}
	return false
}

func (c *checker) isBuiltin(name string) bool {
	_, ok := c.builtinKind(name)
	return ok
}

// isTypedefName reports whether name is a typedef of D or the program,
// which a variable may not be named after.
func (c *checker) isTypedefName(name string) bool {
	if _, ok := c.typedefs[name]; ok {
		return true
	}
	_, ok := typeNames[name]
	return ok && !strings.Contains(name, " ") && !basicTypeNames[name]
}

// basicTypeNames are the type names that are keywords, not typedefs.
var basicTypeNames = map[string]bool{"char": true, "short": true, "int": true, "long": true, "void": true}

// ident is what a declaration says of an identifier: its kind in
// DTrace's words, its type, and an associative array's key types.
type ident struct {
	kind string
	t    Type
	keys []Type
}

// declared finds an identifier a declaration of name in class would
// redeclare: a variable of that class, or, for a global, an inline or an
// enumerator.
func (c *checker) declared(class token.Kind, name string) (ident, bool) {
	m := c.globals
	switch class {
	case token.SELF:
		m = c.tlocals
	case token.THIS:
		m = c.clocals
	}
	if v := m[name]; v != nil && v.Type.Kind != Invalid {
		return ident{kind: v.kindName(), t: v.Type, keys: v.Keys}, true
	}
	if class == token.SELF || class == token.THIS {
		return ident{}, false
	}
	if in, ok := c.inlines[name]; ok {
		if in.array != nil {
			return ident{kind: in.kindName(), t: in.t, keys: in.array.Params}, true
		}
		return ident{kind: "scalar", t: in.t}, true
	}
	if ec, ok := c.enums[name]; ok {
		return ident{kind: "enumerator", t: ec.t}, true
	}
	return ident{}, false
}

// redeclared checks a declaration against the identifier it redeclares:
// the same kind, type and key signature may be declared again.
func (c *checker) redeclared(n *ast.Declarator, cur, prev ident) {
	if cur.kind != prev.kind || !sameDeclType(cur.t, prev.t) {
		c.error(n.At, tag.DeclIdredType, n.Name, cur.kind, cur.t, prev.kind, prev.t)
		return
	}
	if cur.keys == nil {
		return
	}
	for i, k := range cur.keys {
		if i < len(prev.keys) && !sameDeclType(k, prev.keys[i]) {
			c.error(n.At, tag.DeclIdredKey, n.Name, cur.kind, i+1, k, prev.kind, i+1, prev.keys[i])
			return
		}
	}
	if len(cur.keys) != len(prev.keys) {
		c.error(n.At, tag.DeclIdredTuple, n.Name, cur.kind, cur.t, len(cur.keys), prev.kind, prev.t, len(prev.keys))
	}
}

// sameDeclType reports whether two declarations give the same type:
// DTrace compares the types themselves, typedef names included, while
// strings of any bound are one type.
func sameDeclType(a, b Type) bool {
	return a.Kind == b.Kind && (a.Kind == String || a.String() == b.String())
}

// declarable reports whether a new variable may have type t: not void,
// not an incomplete struct, and of a type godtrace can store. Structs
// and arrays may be variables of every kind: a dynamic variable's
// storage is a map value, as addressable as a global's.
func (c *checker) declarable(n *ast.Declarator, t Type) bool {
	r := t.resolved()
	switch {
	case r.Kind == Void:
		c.error(n.At, tag.DeclVoidobj, n.Name)
	case r.Kind == Struct && !r.Def.IsComplete():
		c.error(n.At, tag.DeclIncomplete, t, n.Name)
	case r.Kind == Struct || r.Kind == Array:
		return true
	case r.Kind == Float:
		// D has no floating-point arithmetic, but a float or double
		// variable may be declared, holds 0 until assigned one, and
		// printf()'s %e, %f and %g print it.
		return true
	case r.Kind != Int && r.Kind != String && r.Kind != Pointer:
		c.error(n.At, tag.UnsupportedVarType, t)
	default:
		return true
	}
	return false
}

func (c *checker) declare(class token.Kind, name string, pos token.Pos) *Var {
	switch class {
	case token.SELF:
		return c.variable(c.tlocals, &c.info.ThreadLocals, ThreadLocal, name, pos)
	case token.THIS:
		return c.variable(c.clocals, &c.info.ClauseLocals, ClauseLocal, name, pos)
	}
	return c.variable(c.globals, &c.info.Globals, Global, name, pos)
}

// variable returns the variable name of a kind, creating it untyped.
func (c *checker) variable(m map[string]*Var, list *[]*Var, k VarKind, name string, pos token.Pos) *Var {
	if v := m[name]; v != nil {
		return v
	}
	v := &Var{Name: name, Kind: k, Pos: pos, ID: len(*list), Type: TypeInvalid}
	m[name] = v
	*list = append(*list, v)
	return v
}

// storageType is the type a variable gets when a value of type t is
// first stored in it: strings widen to strsize.
func (c *checker) storageType(t Type) Type {
	if t.Kind == String {
		return c.stringType()
	}
	return t
}

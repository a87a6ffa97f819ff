package check

import (
	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/tag"
)

// inlineDef is an `inline type name = expr;` declaration: uses of name
// stand for expr, converted to type. With parameters (`inline int
// sq[int x] = x * x;`) the inline is an associative array to DTrace:
// sq[3] stands for the initializer with x bound to 3. The initializer
// is checked at the first use: D libraries declare inlines every
// program pays for, and checking one may need the kernel's types, which
// cost tens of milliseconds to load.
type inlineDef struct {
	t       Type
	init    ast.Expr
	name    *ast.Declarator
	array   *Inline // the inline with parameters; nil for a scalar one
	checked bool
	ok      bool
}

// Inline is an inline with parameters, for the code generator: a use
// (Info.InlineCalls) evaluates each argument once and then Init, in
// which each use of a parameter (Info.InlineParams) is the argument's
// value.
type Inline struct {
	Name   string
	Init   ast.Expr
	Params []Type
}

// InlineParam is a use of parameter Index of Inline inside its
// initializer.
type InlineParam struct {
	Inline *Inline
	Index  int
}

// kindName is the inline's kind in DTrace's words.
func (in *inlineDef) kindName() string {
	if in.array != nil {
		return "associative array"
	}
	return "scalar"
}

// param finds a parameter of the inline by name.
func (in *inlineDef) param(name string) (int, bool) {
	if in == nil || in.array == nil || name == "" {
		return 0, false
	}
	for i, p := range in.name.Params {
		if p == name {
			return i, true
		}
	}
	return 0, false
}

// inlineDecl declares an inline, as dt_node_inline() does.
func (c *checker) inlineDecl(d *ast.InlineDecl) {
	base, ok := c.typeExpr(d.Type)
	if !ok {
		return
	}
	n := d.Decl
	params, ok := c.keyTypes(n)
	if !ok {
		return
	}
	if kind, inline, found := c.globalIdent(n.Name); found {
		c.error(n.At, tag.DeclIdredInline, n.Name, kind, inline)
		return
	}
	switch {
	case len(n.Arrays) > 0 && len(n.Arrays[0]) == 0:
		c.error(n.At, tag.DeclArrnullInline, n.Name)
		return
	case len(n.Arrays) > 0:
		c.error(n.At, tag.DeclArrnullInlineScalar, n.Name)
		return
	}
	t, ok := c.declarator(base, n)
	if !ok {
		return
	}
	switch r := t.resolved(); {
	case r.Kind == Void:
		c.error(n.At, tag.DeclVoidobjInline, n.Name)
		return
	case r.Kind == Struct && !r.Def.IsComplete():
		c.error(n.At, tag.DeclIncomplete, t, n.Name)
		return
	}
	in := &inlineDef{t: t, init: d.Init, name: n}
	if params != nil {
		in.array = &Inline{Name: n.Name, Init: d.Init, Params: params}
	}
	c.inlines[n.Name] = in
	c.defined(n.Name)
	if !c.inLibrary(d.At) {
		c.checkInline(in)
	}
}

// checkInline checks an inline's initializer once, with its parameters
// in scope; it reports whether the inline is usable.
func (c *checker) checkInline(in *inlineDef) bool {
	if in.checked {
		return in.ok
	}
	in.checked = true
	// The initializer is checked on its own, whatever use triggered it.
	savedX, savedIn := c.xlateIn, c.inlineIn
	c.xlateIn, c.inlineIn = nil, in
	defer func() { c.xlateIn, c.inlineIn = savedX, savedIn }()
	it := c.expr(in.init)
	if it.Kind == Invalid {
		return false
	}
	if !assignable(in.t, it) {
		c.error(in.init.Pos(), tag.OpIncompatInline, in.name.Name, in.t, it)
		return false
	}
	if in.t.Kind == String {
		in.t = it
	}
	in.ok = true
	return true
}

// inlineParam types a use of a parameter of the inline whose initializer
// is being checked; it reports false when name is none.
func (c *checker) inlineParam(e *ast.Ident) (Type, bool) {
	i, ok := c.inlineIn.param(e.Name)
	if !ok {
		return TypeInvalid, false
	}
	in := c.inlineIn.array
	c.info.InlineParams[e] = InlineParam{Inline: in, Index: i}
	return in.Params[i], true
}

// isParam reports whether x names a parameter in scope.
func (c *checker) isParam(x *ast.Ident) bool {
	_, ok := c.inlineIn.param(x.Name)
	return ok
}

// inlineArray returns the inline with parameters that e uses, or nil
// when e is another kind of element.
func (c *checker) inlineArray(e *ast.IndexExpr) *inlineDef {
	x, ok := e.X.(*ast.Ident)
	if !ok || c.isParam(x) {
		return nil
	}
	if in := c.inlines[x.Name]; in != nil && in.array != nil {
		return in
	}
	return nil
}

// inlineCall checks a use of an inline with parameters, sq[3]: the
// arguments against the parameters as dt_idcook_sign() checks the keys
// of an associative array.
func (c *checker) inlineCall(e *ast.IndexExpr, in *inlineDef) Type {
	types := make([]Type, len(e.Keys))
	for i, k := range e.Keys {
		if types[i] = c.rvalue(k); types[i].Kind == Invalid {
			return TypeInvalid
		}
	}
	params := in.array.Params
	name := in.name.Name
	if len(types) != len(params) {
		c.error(e.Pos(), tag.ProtoLenKey, name, len(types), plural(len(types)), len(params))
		return TypeInvalid
	}
	for i, p := range params {
		if !argCompat(p, types[i], c.isNull(e.Keys[i])) {
			c.error(e.Pos(), tag.ProtoArgKey, name, i+1, typeName(p), typeName(types[i]))
			return TypeInvalid
		}
		if p.Kind == String {
			c.toString(e.Keys[i], types[i])
		}
	}
	if !c.checkInline(in) {
		return TypeInvalid
	}
	c.info.InlineCalls[e] = in.array
	return in.t
}

// prototype checks the parameters of an array declaration (keys or an
// inline's parameters) as dt_decl_prototype() does for an "array"
// prototype: no void parameter, no name used twice, and no "...".
func (c *checker) prototype(n *ast.Declarator, keys []Type) bool {
	for i, k := range keys {
		name := ""
		if i < len(n.Params) {
			name = n.Params[i]
		}
		if k.Kind == Void {
			shown := name
			if shown == "" {
				shown = "(anonymous)"
			}
			c.error(n.Keys[i].At, tag.DeclProtoType, "array", k, shown, i+1)
			return false
		}
		for j := 0; j < i && j < len(n.Params); j++ {
			if name != "" && n.Params[j] == name {
				c.error(n.Keys[i].At, tag.DeclProtoForm, "array", name, i+1)
				return false
			}
		}
	}
	if n.KeyVarargs.IsValid() {
		c.error(n.KeyVarargs, tag.DeclProtoVarargs, "array")
		return false
	}
	return true
}

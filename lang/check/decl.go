package check

import (
	"strings"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/token"
)

// inlineDef is an `inline type name = expr;` declaration: uses of name
// stand for expr, converted to type. The initializer is checked at the
// first use: D libraries declare inlines every program pays for, and
// checking one may need the kernel's types, which cost tens of
// milliseconds to load.
type inlineDef struct {
	t       Type
	init    ast.Expr
	name    *ast.Declarator
	checked bool
	ok      bool
}

// enumConst is an enumerator: a named integer constant of its enum type.
type enumConst struct {
	t Type
	v int64
}

func (c *checker) typeDecl(d *ast.TypeDecl) {
	c.declaring = true
	defer func() { c.declaring = false }()
	base, ok := c.typeExpr(d.Type)
	if !ok {
		return
	}
	if !d.Typedef {
		return // a struct, union or enum definition standing alone
	}
	for _, n := range d.Names {
		t, ok := c.declarator(base, n)
		if !ok {
			continue
		}
		if _, dup := c.typedefs[n.Name]; dup {
			c.errorf(n.At, "D_DECL_IDRED", "typedef redeclared: %s", n.Name)
			continue
		}
		t.Name = n.Name
		c.typedefs[n.Name] = t
	}
}

func (c *checker) inlineDecl(d *ast.InlineDecl) {
	base, ok := c.typeExpr(d.Type)
	if !ok {
		return
	}
	t, ok := c.declarator(base, d.Decl)
	if !ok {
		return
	}
	if _, dup := c.inlines[d.Decl.Name]; dup || c.globals[d.Decl.Name] != nil {
		c.errorf(d.Decl.At, "D_DECL_IDRED", "identifier redeclared: %s", d.Decl.Name)
		return
	}
	in := &inlineDef{t: t, init: d.Init, name: d.Decl}
	c.inlines[d.Decl.Name] = in
	if !c.inLibrary(d.At) {
		c.checkInline(in)
	}
}

// checkInline checks an inline's initializer once; it reports whether
// the inline is usable.
func (c *checker) checkInline(in *inlineDef) bool {
	if in.checked {
		return in.ok
	}
	in.checked = true
	// The initializer is checked on its own, whatever use triggered it.
	saved, savedDecl := c.xlateIn, c.declaring
	c.xlateIn, c.declaring = nil, false
	defer func() { c.xlateIn, c.declaring = saved, savedDecl }()
	it := c.expr(in.init)
	if it.Kind == Invalid {
		return false
	}
	if !assignable(in.t, it) {
		c.errorf(in.init.Pos(), "D_OP_INCOMPAT", "inline %s definition uses incompatible types: \"%s\" = \"%s\"", in.name.Name, in.t, it)
		return false
	}
	if in.t.Kind == String {
		in.t = it
	}
	in.ok = true
	return true
}

// declarator applies a declarator's pointers and array dimensions to a
// base type: `char *p[4]` is an array of 4 pointers to char.
func (c *checker) declarator(base Type, d *ast.Declarator) (Type, bool) {
	t := base
	for i := 0; i < d.Ptr; i++ {
		t = PointerTo(t)
	}
	if len(d.Keys) > 0 {
		return t, true // associative array keys are the variable's business
	}
	for i := len(d.Arrays) - 1; i >= 0; i-- {
		dim := d.Arrays[i]
		n, ok := int64(0), len(dim) == 1
		if ok {
			n, ok = c.constInt(dim[0])
		}
		if !ok || n <= 0 {
			c.errorf(d.At, "D_DECL_ARRSUB", "positive integral constant expression or tuple signature expected as array declaration subscript")
			return TypeInvalid, false
		}
		if n > 1<<24 {
			c.errorf(d.At, "D_DECL_ARRBIG", "array dimension too big")
			return TypeInvalid, false
		}
		t = ArrayOf(t, int(n))
	}
	return t, true
}

// typeExpr resolves a type as written: D's built-in types, then types
// declared in the program, then the kernel's, with pointer and array
// suffixes and the userland qualifier applied. A struct, union or enum
// body defines the type.
func (c *checker) typeExpr(te *ast.TypeExpr) (Type, bool) {
	if te == nil {
		return TypeInvalid, false
	}
	var t Type
	switch {
	case te.Members != nil:
		t = c.defineStruct(te)
	case te.Enums != nil:
		t = c.defineEnum(te)
	default:
		var ok bool
		if t, ok = c.namedType(te.Name); !ok {
			c.errorf(te.At, "D_UNKNOWN", "failed to resolve type %s: Unknown type name", te.Name)
			return TypeInvalid, false
		}
	}
	userland := false
	for _, q := range te.Quals {
		userland = userland || q == token.USERLAND
	}
	for i := 0; i < te.Ptr; i++ {
		t = PointerTo(t)
		t.Userland = userland
	}
	for i := len(te.Arrays) - 1; i >= 0; i-- {
		n, ok := c.constInt(te.Arrays[i])
		if !ok || n <= 0 {
			c.errorf(te.Arrays[i].Pos(), "D_DECL_ARRSUB", "positive integral constant expression or tuple signature expected as array declaration subscript")
			return TypeInvalid, false
		}
		t = ArrayOf(t, int(n))
	}
	return t, true
}

// namedType resolves a type name without suffixes. A module-scoped name
// (vmlinux`task_struct) is looked up in the kernel without its scope.
func (c *checker) namedType(name string) (Type, bool) {
	if name == "string" {
		return StringType(c.cfg.StrSize), true
	}
	if i := strings.LastIndexByte(name, '`'); i >= 0 {
		kw := ""
		if sp := strings.LastIndexByte(name[:i], ' '); sp >= 0 {
			kw = name[:sp+1]
		}
		return c.kernel.lookup(kw + name[i+1:])
	}
	if t, ok := typeNames[name]; ok {
		return t, true
	}
	if t, ok := specifierType(name); ok {
		return t, true
	}
	if t, ok := c.typedefs[name]; ok {
		return t, true
	}
	if t, ok := c.tags[name]; ok {
		return t.resolved(), true
	}
	if t, ok := c.kernel.lookup(name); ok {
		return t, true
	}
	// In a declaration, naming an unknown struct or union declares it,
	// incomplete, as in C (typedef struct foo foo_t; struct foo;).
	if c.declaring && (strings.HasPrefix(name, "struct ") || strings.HasPrefix(name, "union ")) {
		t := Type{Kind: Struct, Name: name, Def: &StructDef{Name: name, Union: strings.HasPrefix(name, "union")}}
		c.tags[name] = t
		return t, true
	}
	return TypeInvalid, false
}

// alignment is a type's alignment under the C rules DTrace follows.
func alignment(t Type) int {
	switch t.Kind {
	case Array:
		return alignment(*t.Elem)
	case Struct:
		a := 1
		for _, m := range t.Def.Members() {
			a = max(a, alignment(m.Type))
		}
		return a
	case Int, Pointer, Float:
		return max(t.Size, 1)
	case String:
		return 1
	}
	return 1
}

// defineStruct lays out a struct or union declared in D, C fashion:
// members at their natural alignment, bit-fields packed into units of
// their declared type.
func (c *checker) defineStruct(te *ast.TypeExpr) Type {
	name := te.Name
	t, ok := c.tags[name]
	if ok && t.Def.Complete {
		c.errorf(te.At, "D_DECL_TYPERED", "type redeclared: %s", name)
		return t
	}
	if !ok {
		t = Type{Kind: Struct, Name: name, Def: &StructDef{Name: name, Union: strings.HasPrefix(name, "union")}}
		if name != "struct" && name != "union" {
			c.tags[name] = t
		}
	}
	def := t.Def
	bit, size, align := 0, 0, 1 // bit: next free bit
	declaring := c.declaring
	c.declaring = true
	defer func() { c.declaring = declaring }()
	for _, m := range te.Members {
		mt, ok := c.typeExpr(m.Type)
		if !ok {
			return TypeInvalid
		}
		if mt, ok = c.declarator(mt, m.Decl); !ok {
			return TypeInvalid
		}
		mt = mt.resolved()
		if mt.Kind == Struct && !mt.Def.Complete {
			c.errorf(m.At, "D_DECL_INCOMPLETE", "incomplete struct/union/enum %s: %s", mt.Name, m.Decl.Name)
			return TypeInvalid
		}
		a := alignment(mt)
		align = max(align, a)
		mem := Member{Name: m.Decl.Name, Type: mt}
		if m.Width != nil {
			w, ok := c.constInt(m.Width)
			if !ok || w < 0 || mt.Kind != Int {
				c.errorf(m.Width.Pos(), "D_DECL_BFTYPE", "invalid type for bit-field: %s", m.Decl.Name)
				return TypeInvalid
			}
			if int(w) > 8*mt.Size {
				c.errorf(m.Width.Pos(), "D_DECL_BFSIZE", "bit-field too big for type: %s", m.Decl.Name)
				return TypeInvalid
			}
			unit := 8 * mt.Size
			if def.Union {
				bit = 0
			} else if bit/unit != (bit+int(w)-1)/unit {
				bit = roundUp(bit, unit)
			}
			mem.Off, mem.BitOff, mem.BitSize = bit/8, bit%8, int(w)
			size = max(size, roundUp(bit+int(w), 8)/8)
			if !def.Union {
				bit += int(w)
			}
		} else {
			off := 0
			if !def.Union {
				off = roundUp(roundUp(bit, 8)/8, a)
			}
			mem.Off = off
			size = max(size, off+mt.Size)
			if !def.Union {
				bit = 8 * (off + mt.Size)
			}
		}
		def.members = append(def.members, mem)
	}
	def.Size = roundUp(size, align)
	def.Complete = true
	t.Size = def.Size
	if name != "struct" && name != "union" {
		c.tags[name] = t
	}
	return t
}

func roundUp(n, a int) int { return (n + a - 1) / a * a }

// defineEnum declares an enum and its constants.
func (c *checker) defineEnum(te *ast.TypeExpr) Type {
	t := Type{Kind: Int, Size: 4, Signed: true, Name: te.Name}
	if te.Name != "enum" {
		if _, dup := c.tags[te.Name]; dup {
			c.errorf(te.At, "D_DECL_TYPERED", "type redeclared: %s", te.Name)
		}
		c.tags[te.Name] = t
	}
	next := int64(0)
	for _, e := range te.Enums {
		if e.Value != nil {
			v, ok := c.constInt(e.Value)
			if !ok {
				c.errorf(e.Value.Pos(), "D_DECL_ENCONST", "enumerator '%s' must be assigned to an integral constant expression", e.Name)
				continue
			}
			next = v
		}
		if _, dup := c.enums[e.Name]; dup {
			c.errorf(e.At, "D_DECL_IDRED", "identifier redeclared: %s", e.Name)
			continue
		}
		c.enums[e.Name] = enumConst{t: t, v: next}
		next++
	}
	return t
}

// assignable reports whether a value of type v may be stored where t is:
// integers to integers, strings (and char arrays) to strings, pointers
// to pointers or from integers, structs of the same definition.
func assignable(t, v Type) bool {
	switch t.Kind {
	case Int:
		return v.Kind == Int || v.Kind == Pointer
	case Pointer:
		return v.Kind == Pointer || v.Kind == Int
	case String:
		return v.Kind == String || v.IsCharArray()
	case Struct:
		return v.Kind == Struct && v.Def == t.Def
	}
	return false
}

// inLibrary reports whether a declaration at p is a D library's, whose
// checking waits for a use.
func (c *checker) inLibrary(p token.Pos) bool {
	return c.cfg.Library != nil && c.cfg.Library(p)
}

package check

import (
	"math"
	"strings"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/lang/token"
)

// enumConst is an enumerator: a named integer constant of its enum type.
type enumConst struct {
	t  Type
	v  int64
	at token.Pos
}

func (c *checker) typeDecl(d *ast.TypeDecl) {
	base, ok := c.typeExpr(d.Type)
	if !ok {
		return
	}
	if len(d.Names) == 0 && !isTag(d.Type.Name) && d.Type.Name != "struct" && d.Type.Name != "union" && d.Type.Name != "enum" {
		// int; (extern int;, typedef int;) declares no name, and, no
		// struct, union or enum, no type either (dt_node_decl).
		c.error(d.At, tag.DeclUseless)
		return
	}
	if !d.Typedef {
		return // a struct, union or enum definition standing alone
	}
	for _, n := range d.Names {
		if !c.unscopedName(n.At, tag.DeclScope, n.Name) {
			continue
		}
		t, ok := c.declarator(base, n)
		if !ok {
			continue
		}
		if _, _, found := c.globalIdent(n.Name); found {
			c.error(n.At, tag.DeclIdredGlobal, n.Name)
			continue
		}
		if _, dup := c.typedefs[n.Name]; dup {
			c.error(n.At, tag.DeclIdredTypedef, n.Name)
			continue
		}
		t.Name = n.Name
		c.typedefs[n.Name] = t
	}
}

// globalIdent looks name up among the identifiers of D's global scope,
// as DTrace does before declaring one: built-in variables and functions,
// inlines, enumerators and global variables. It returns the identifier's
// kind in DTrace's words ("scalar", "enumerator", ...), and "inline" if
// the identifier is an inline or an enumerator.
func (c *checker) globalIdent(name string) (kind, inline string, found bool) {
	if kind, ok := c.builtinKind(name); ok {
		return kind, "", true
	}
	if in, ok := c.inlines[name]; ok {
		return in.kindName(), "inline", true
	}
	if _, ok := c.enums[name]; ok {
		return "enumerator", "inline", true
	}
	if v := c.globals[name]; v != nil {
		return v.kindName(), "", true
	}
	return "", "", false
}

// builtinKind reports whether name is one of DTrace's built-in global
// identifiers, and its kind.
func (c *checker) builtinKind(name string) (string, bool) {
	if c.hidden(name) {
		return "", false
	}
	_, variable := builtins[name]
	_, agg := aggFuncs[name]
	switch {
	case variable, unimplementedVars[name]:
		return "scalar", true
	case agg:
		return "aggregating function", true
	case isAction(name):
		return "tracing function", true
	case isSubr(name):
		return "function", true
	}
	return "", false
}

func isAction(name string) bool {
	_, ok := actionNames[name]
	return ok
}

func isSubr(name string) bool {
	_, ok := subrs[name]
	return ok
}

// declarator applies a declarator's pointers and array dimensions to a
// base type: `char *p[4]` is an array of 4 pointers to char. An empty
// dimension (`int a[]`) makes an array of no elements, which only a
// struct's last member may be; the callers that forbid it say so.
//
// A function suffix makes a function type, and a declarator in
// parentheses then applies to it: int *(*fp)(void) is a pointer to a
// function returning int *.
func (c *checker) declarator(base Type, d *ast.Declarator) (Type, bool) {
	t := base
	for i := 0; i < d.Ptr; i++ {
		t = PointerTo(t)
	}
	if d.Func != nil {
		var ok bool
		if t, ok = c.funcType(t, d.Func); !ok {
			return TypeInvalid, false
		}
	}
	if len(d.Keys) > 0 || d.KeyVarargs.IsValid() {
		if d.Inner != nil {
			return c.declarator(t, d.Inner)
		}
		return t, true // associative array keys are the variable's business
	}
	for i := len(d.Arrays) - 1; i >= 0; i-- {
		var dim ast.Expr
		switch dims := d.Arrays[i]; len(dims) {
		case 0:
		case 1:
			dim = dims[0]
		default:
			c.error(d.At, tag.DeclArrsub)
			return TypeInvalid, false
		}
		var ok bool
		if t, ok = c.arrayOf(t, dim, d.At); !ok {
			return TypeInvalid, false
		}
	}
	if d.Inner != nil {
		// The suffixes make the type the inner declarator applies to:
		// int (*a)[3] is a pointer to an array of three ints.
		return c.declarator(t, d.Inner)
	}
	return t, true
}

// funcType makes the type of a function returning ret, checking its
// parameters as DTrace checks a function prototype (dt_decl_prototype
// with "function"): they may be anonymous, end in "...", or be void
// alone, but not be dynamic variables (associative arrays). A function
// has no size: it can be declared and pointed to, never stored.
func (c *checker) funcType(ret Type, f *ast.FuncParams) (Type, bool) {
	var params []string
	void := false
	for i, prm := range f.Params {
		pt, ok := c.typeExpr(prm.Type)
		if !ok {
			return TypeInvalid, false
		}
		name, shown := "", "(anonymous)"
		if d := prm.Decl; d != nil {
			name, shown = d.Name, d.Name
			if len(d.Keys) > 0 || d.KeyVarargs.IsValid() {
				c.error(prm.Type.At, tag.DeclProtoType, "function", "dynamic variable", shown, i+1)
				return TypeInvalid, false
			}
			if pt, ok = c.declarator(pt, d); !ok {
				return TypeInvalid, false
			}
		}
		if pt.resolved().Kind == Void {
			if name != "" {
				c.error(prm.Type.At, tag.DeclProtoName, name)
				return TypeInvalid, false
			}
			void = true
		}
		params = append(params, pt.String())
	}
	if f.Varargs.IsValid() {
		params = append(params, "...")
	}
	if void && len(params) > 1 {
		c.error(f.Lparen, tag.DeclProtoVoid)
		return TypeInvalid, false
	}
	return Type{Kind: Func, Name: ret.String() + " (" + strings.Join(params, ", ") + ")", Elem: &ret}, true
}

// arrayOf makes the array type el[dim]; a nil dim is an empty [].
func (c *checker) arrayOf(el Type, dim ast.Expr, at token.Pos) (Type, bool) {
	if el.Kind == Void {
		c.error(at, tag.DeclVoidobjArray)
		return TypeInvalid, false
	}
	if dim == nil {
		return ArrayOf(el, 0), true
	}
	n, ok := c.declConst(dim)
	if !ok || n <= 0 {
		c.error(at, tag.DeclArrsub)
		return TypeInvalid, false
	}
	if n > math.MaxUint32 {
		c.error(at, tag.DeclArrbig)
		return TypeInvalid, false
	}
	return ArrayOf(el, int(n)), true
}

// declConst evaluates an integer constant expression of a declaration:
// literals and arithmetic on them, enumerators, integer inlines, sizeof
// and offsetof.
func (c *checker) declConst(e ast.Expr) (int64, bool) {
	if v, ok := c.constInt(e); ok {
		return v, true
	}
	// constInt has checked e when it could not fold it; the checker
	// records the value of the constants it recognizes.
	v, ok := c.info.Consts[e]
	return v, ok
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
		if t.Kind == Invalid {
			return TypeInvalid, false
		}
	case te.Enums != nil:
		t = c.defineEnum(te)
	default:
		var ok bool
		if t, ok = c.namedType(te.Name); !ok {
			c.error(te.At, tag.UnknownType, lookupName(te.Name), "Unknown type name")
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
	if te.Abstract != nil {
		return c.declarator(t, te.Abstract)
	}
	for i := len(te.Arrays) - 1; i >= 0; i-- {
		var ok bool
		if t, ok = c.arrayOf(t, te.Arrays[i], te.At); !ok {
			return TypeInvalid, false
		}
	}
	return t, true
}

// namedType resolves a type name without suffixes. A module-scoped name
// (vmlinux`task_struct) is looked up in the kernel without its scope.
func (c *checker) namedType(name string) (Type, bool) {
	if name == "string" {
		return c.stringType(), true
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
	if c.libraryDecl && (strings.HasPrefix(name, "struct ") || strings.HasPrefix(name, "union ")) {
		t := c.forwardTag(name)
		c.kernel.await(t.Def)
		return t, true
	}
	if t, ok := c.kernel.lookup(name); ok {
		return t, true
	}
	if isTag(name) {
		return c.forwardTag(name), true
	}
	return TypeInvalid, false
}

// lookupName is the name DTrace looks a type written with C's type words
// up by, as dt_decl_type() builds it: signed or unsigned, short, long or
// long long, each with a space after it, then the base type, left out
// after short or long if it is an integer type ("short long " for long
// short). Other names are as written.
func lookupName(name string) string {
	w, ok := countTypeWords(name)
	if !ok || len(w.bases) > 1 || w.long > 2 {
		return name
	}
	signed, unsigned, short, longs := w.signed, w.unsigned, w.short, w.long
	base := ""
	if len(w.bases) == 1 {
		base = w.bases[0]
	}
	var b strings.Builder
	for _, a := range []struct {
		on   bool
		word string
	}{{signed, "signed "}, {unsigned, "unsigned "}, {short, "short "}, {longs == 1, "long "}, {longs == 2, "long long "}} {
		if a.on {
			b.WriteString(a.word)
		}
	}
	sized := short || longs > 0
	integer := base == "" || base == "char" || base == "int"
	switch {
	case base == "" && b.Len() == 0:
		b.WriteString("int")
	case base != "" && !(integer && sized):
		b.WriteString(base)
	}
	return b.String()
}

// isTag reports whether name is a struct, union or enum tag.
func isTag(name string) bool {
	return strings.HasPrefix(name, "struct ") || strings.HasPrefix(name, "union ") || strings.HasPrefix(name, "enum ")
}

// forwardTag declares an unknown struct, union or enum, incomplete, as
// DTrace does wherever one is named: a later definition completes it, and
// until then a member access through it fails.
func (c *checker) forwardTag(name string) Type {
	t := Type{Kind: Struct, Name: name, Def: &StructDef{Name: name, Union: strings.HasPrefix(name, "union ")}}
	c.tags[name] = t
	return t
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

// defineStruct defines a struct or union declared in D, checking each
// member as DTrace does (dt_decl_member) and laying the members out as
// GCC does: at their natural alignment, bit-fields packed into units of
// their declared type.
func (c *checker) defineStruct(te *ast.TypeExpr) Type {
	name := te.Name
	t, ok := c.tags[name]
	if ok && t.Def.IsComplete() {
		c.error(te.At, tag.DeclTypered, name)
		return t
	}
	anon := name == "struct" || name == "union"
	if !ok { // else a forward declaration, which this completes
		t = Type{Kind: Struct, Name: name, Def: &StructDef{Name: name, Union: strings.HasPrefix(name, "union")}}
	}
	if !anon {
		c.tags[name] = t
	}
	def := t.Def
	l := layout{union: def.Union}
	for _, m := range te.Members {
		mem, ok := c.structMember(def, m)
		if !ok {
			return TypeInvalid
		}
		if m.Decl == nil {
			l.pad(mem)
			continue
		}
		l.add(&mem)
		def.members = append(def.members, mem)
	}
	def.Size = roundUp(l.size, max(l.align, 1)) // no alignment without a named member
	def.Complete = true
	t.Size = def.Size
	if !anon {
		c.tags[name] = t
	}
	return t
}

// structMember checks one member declaration of def in DTrace's order and
// returns the member, its place not yet computed. An unnamed bit-field
// comes back with no name; one of width zero, which only asks for the
// next storage unit, also with no bits.
func (c *checker) structMember(def *StructDef, m *ast.Member) (Member, bool) {
	name := "(null)" // what C's printf makes of DTrace's missing name
	if m.Decl != nil {
		name = m.Decl.Name
	}
	mt, ok := c.typeExpr(m.Type)
	if ok && m.Decl != nil {
		mt, ok = c.declarator(mt, m.Decl)
	}
	if !ok || !c.unscopedName(m.At, tag.DeclScopeMember, name) {
		return Member{}, false
	}
	if m.Decl != nil && len(m.Decl.Keys) > 0 {
		c.error(m.At, tag.DeclDynobj, name)
		return Member{}, false
	}
	r := mt.resolved()
	if r.Kind == Struct && (!r.Def.IsComplete() || r.Size == 0) {
		c.error(m.At, tag.DeclIncomplete, mt, name)
		return Member{}, false
	}
	// A struct may have arrays of no elements, as illumos allows for a
	// flexible array member (it does not check that one comes last); no
	// other member may be empty.
	if r.Size == 0 && !(r.Kind == Array && !def.Union) {
		c.error(m.At, tag.DeclVoidobjMember, name)
		return Member{}, false
	}
	mem := Member{Type: r}
	if m.Decl != nil {
		mem.Name = m.Decl.Name
	}
	if m.Width != nil {
		if m.Decl == nil {
			name = "(anon)" // DTrace's own name for it, here
		}
		if mem.BitSize, ok = c.bitField(mt, m, name); !ok {
			return Member{}, false
		}
	}
	for _, prev := range def.members {
		if mem.Name != "" && prev.Name == mem.Name {
			c.error(m.At, tag.UnknownMember, mem.Name, "Duplicate member or variable name")
			return Member{}, false
		}
	}
	return mem, true
}

// bitField checks a bit-field's width against its type t and returns it.
// An unnamed bit-field may have width zero.
func (c *checker) bitField(t Type, m *ast.Member, name string) (int, bool) {
	w, ok := c.declConst(m.Width)
	if m.Decl == nil && ok && w == 0 {
		return 0, true
	}
	if !ok || w <= 0 {
		c.error(m.Width.Pos(), tag.DeclBfconst)
		return 0, false
	}
	if t.Kind != Int || strings.HasPrefix(t.Name, "enum ") {
		c.error(m.Width.Pos(), tag.DeclBftype, name)
		return 0, false
	}
	if w > int64(8*t.Size) {
		c.error(m.Width.Pos(), tag.DeclBfsize, name)
		return 0, false
	}
	return int(w), true
}

// layout places the members of a struct or union one after another.
type layout struct {
	union            bool
	bit, size, align int // bit: the next free bit
}

// add gives m its offset and grows the struct around it.
func (l *layout) add(m *Member) {
	a := alignment(m.Type)
	l.align = max(l.align, a, 1)
	if m.BitSize > 0 {
		l.bitField(m)
		return
	}
	off := 0
	if !l.union {
		off = roundUp(roundUp(l.bit, 8)/8, a)
		l.bit = 8 * (off + m.Type.Size)
	}
	m.Off = off
	l.size = max(l.size, off+m.Type.Size)
}

// bitField places a bit-field in the unit of its type that holds the
// next free bit, or in the next unit if it does not fit there.
func (l *layout) bitField(m *Member) {
	unit := 8 * m.Type.Size
	bit := 0
	if !l.union {
		bit = l.bit
		if bit/unit != (bit+m.BitSize-1)/unit {
			bit = roundUp(bit, unit)
		}
		l.bit = bit + m.BitSize
	}
	m.Off, m.BitOff = bit/8, bit%8
	l.size = max(l.size, roundUp(bit+m.BitSize, 8)/8)
}

// pad skips the bits of an unnamed bit-field; width zero moves on to the
// next unit of its type.
func (l *layout) pad(m Member) {
	if l.union {
		return
	}
	if m.BitSize == 0 {
		l.bit = roundUp(l.bit, 8*max(m.Type.Size, 1))
		return
	}
	l.bitField(&m)
}

func roundUp(n, a int) int { return (n + a - 1) / a * a }

// defineEnum declares an enum and its enumerators, as DTrace does
// (dt_decl_enumerator).
func (c *checker) defineEnum(te *ast.TypeExpr) Type {
	t := Type{Kind: Int, Size: 4, Signed: true, Name: te.Name}
	if te.Name != "enum" {
		if _, dup := c.tags[te.Name]; dup {
			c.error(te.At, tag.DeclTypered, te.Name)
		}
		c.tags[te.Name] = t
	}
	next := int64(0)
	seen := map[string]bool{}
	for _, e := range te.Enums {
		if !c.unscopedName(e.End, tag.DeclScopeEnumerator, e.Name) {
			continue
		}
		v, ok := c.enumValue(e, next)
		if !ok {
			continue
		}
		next = v + 1
		if seen[e.Name] {
			c.error(e.End, tag.UnknownEnumerator, e.Name, "Duplicate member or variable name")
			continue
		}
		seen[e.Name] = true
		if _, _, found := c.globalIdent(e.Name); found {
			c.error(e.End, tag.DeclIdred, e.Name)
			continue
		}
		c.enums[e.Name] = enumConst{t: t, v: v, at: e.At}
		c.defined(e.Name)
	}
	return t
}

// enumValue is an enumerator's value: the one assigned, which must be an
// integer constant that fits an int, or the one after the previous.
func (c *checker) enumValue(e *ast.Enumerator, next int64) (int64, bool) {
	if e.Value == nil {
		return int64(int32(next)), true
	}
	v, ok := c.declConst(e.Value)
	if !ok {
		c.error(e.End, tag.DeclEnconst, e.Name)
		return 0, false
	}
	if v > math.MaxInt32 || v < math.MinInt32 {
		c.error(e.End, tag.DeclEnoflow, e.Name, math.MaxInt32)
		return 0, false
	}
	return v, true
}

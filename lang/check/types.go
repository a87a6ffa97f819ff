package check

import "fmt"

// Kind classifies a D type.
type Kind uint8

const (
	Invalid Kind = iota
	Void
	Int     // any C integer type, enums included
	String  // D's string: a NUL-padded buffer of Size bytes
	Pointer // Elem is what it points to
	Array   // Len elements of Elem
	Struct  // a struct or union: Def describes it
	Float   // float, double, long double: declarable, no arithmetic
	Func    // a function type: only pointed to
	// Dyn is the type of a dynamic expression, an aggregation named
	// where a value is expected. DTrace types it so and lets each
	// context refuse it with its own error (D_TRACE_DYN, D_KEY_TYPE,
	// D_OP_INCOMPAT, D_PRINTF_ARG_TYPE, ...).
	Dyn
)

// Type is a D type: the value's class, its size in bytes, for integers
// their signedness, and for derived types what they are made of. Name is
// the name DTrace prints ("int", "uint64_t", "string", "struct foo *").
//
// A String's Size is its buffer capacity including the terminating NUL:
// strsize for variables, 16 for execname, len+1 for a literal. Keeping the
// real bound lets generated code copy and hash only the bytes a string
// can occupy.
//
// Types are values and comparable: derived types share their parts
// through pointers.
type Type struct {
	Kind   Kind
	Size   int
	Signed bool
	Name   string
	Elem   *Type      // Pointer, Array
	Len    int        // Array
	Def    *StructDef // Struct
	// Userland marks a pointer into user memory (D's userland
	// qualifier), which generated code reads with the user-space helper.
	Userland bool
}

// StructDef is a struct or union definition, shared by every Type that
// names it. Kernel definitions fill Members on first use.
type StructDef struct {
	Name     string // "struct foo", "union u"
	Union    bool
	Size     int
	Complete bool // false for a declared-only (forward) struct
	members  []Member
	load     func() []Member // fills members lazily (kernel BTF)
	// fill completes, when first needed, a struct a library named
	// before anything needed its definition (kernelTypes.await).
	fill func()
}

// filled returns d, completed first if it waits for the kernel's
// definition.
func (d *StructDef) filled() *StructDef {
	if f := d.fill; f != nil {
		d.fill = nil
		f()
	}
	return d
}

// IsComplete reports whether the struct is defined, not only declared.
func (d *StructDef) IsComplete() bool { return d.filled().Complete }

// Member is one member of a struct or union. Off is its byte offset;
// a bit-field has BitSize > 0 and BitOff bits past Off.
type Member struct {
	Name            string
	Type            Type
	Off             int
	BitOff, BitSize int
}

// Members returns the definition's members, converting them on first use.
func (d *StructDef) Members() []Member {
	if d.filled().load != nil {
		d.members, d.load = d.load(), nil
	}
	return d.members
}

// Member finds a member by name, looking into anonymous struct and union
// members as C does; the offset returned is from the start of d.
func (d *StructDef) Member(name string) (Member, bool) {
	for _, m := range d.Members() {
		if m.Name == name {
			return m, true
		}
		if m.Name == "" && m.Type.Kind == Struct {
			if in, ok := m.Type.Def.Member(name); ok {
				in.Off += m.Off
				return in, true
			}
		}
	}
	return Member{}, false
}

// PointerTo returns the type of a pointer to t.
func PointerTo(t Type) Type {
	e := t
	return Type{Kind: Pointer, Size: 8, Elem: &e, Name: pointerName(t.Name)}
}

func pointerName(n string) string {
	if n != "" && n[len(n)-1] == '*' {
		return n + "*"
	}
	return n + " *"
}

// ArrayOf returns the type of an array of n elements of t.
func ArrayOf(t Type, n int) Type {
	e := t
	return Type{Kind: Array, Size: n * t.Size, Elem: &e, Len: n, Name: t.Name + " [" + itoa(n) + "]"}
}

func itoa(n int) string { return fmt.Sprint(n) }

// resolved returns t with a struct's size read from its definition,
// which a later declaration may have completed after t was copied.
func (t Type) resolved() Type {
	if t.Kind == Struct && t.Def != nil {
		t.Size = t.Def.filled().Size
	}
	return t
}

// ElemSize is the size of what a pointer or array type's elements are.
func (t Type) ElemSize() int { return t.Elem.resolved().Size }

// IsScalar reports whether t is an integer or a pointer: what D allows in
// conditions, arithmetic with pointers, and comparisons.
func (t Type) IsScalar() bool { return t.Kind == Int || t.Kind == Pointer }

// IsCharArray reports whether t is an array of char, which D treats as a
// string where one is expected.
func (t Type) IsCharArray() bool {
	return t.Kind == Array && t.Elem.Kind == Int && t.Elem.Size == 1
}

// Common types.
var (
	TypeInvalid = Type{Kind: Invalid, Name: "<invalid>"}
	TypeVoid    = Type{Kind: Void, Name: "void"}
	// TypeAggregation is an aggregation used as a value, named as
	// dt_node_type_name() names a dynamic node: by its identifier kind.
	TypeAggregation = Type{Kind: Dyn, Name: "aggregation"}
	TypeChar        = Type{Kind: Int, Size: 1, Signed: true, Name: "char"}
	TypeInt         = Type{Kind: Int, Size: 4, Signed: true, Name: "int"}
	TypeUint        = Type{Kind: Int, Size: 4, Name: "uint_t"}
	TypeLong        = Type{Kind: Int, Size: 8, Signed: true, Name: "long"}
	TypeUlong       = Type{Kind: Int, Size: 8, Name: "unsigned long"}
	TypeInt64       = Type{Kind: Int, Size: 8, Signed: true, Name: "int64_t"}
	TypeUint64      = Type{Kind: Int, Size: 8, Name: "uint64_t"}
	TypeUint32      = Type{Kind: Int, Size: 4, Name: "uint32_t"}
	// TypeSymaddr and TypeModaddr are kernel addresses that print as the
	// symbol (func, sym) or the module (mod) holding them.
	TypeSymaddr = Type{Kind: Int, Size: 8, Name: "_symaddr"}
	TypeModaddr = Type{Kind: Int, Size: 8, Name: "_modaddr"}
)

// StringType returns the string type with a buffer of size bytes.
func StringType(size int) Type { return Type{Kind: String, Size: size, Name: "string"} }

// IsInt reports whether t is an integer type.
func (t Type) IsInt() bool { return t.Kind == Int }

// IsString reports whether t is D's string type.
func (t Type) IsString() bool { return t.Kind == String }

func (t Type) String() string {
	switch t.Name {
	case "struct", "union", "enum":
		return t.Name + " " // no tag: ctf_type_name()'s "struct %s"
	case "":
	default:
		return t.Name
	}
	return fmt.Sprintf("kind%d/%d", t.Kind, t.Size)
}

// IsInteger reports whether t is an integer type (enums included).
func (t Type) IsInteger() bool { return t.Kind == Int }

// Same reports whether a value of type u may be stored where t is kept
// without changing the variable's type (strings of any bound are one type).
func (t Type) Same(u Type) bool {
	if t.Kind != u.Kind {
		return false
	}
	if t.Kind == String {
		return true
	}
	return t.Size == u.Size && t.Signed == u.Signed
}

// promote applies C's integer promotions: anything narrower than int
// becomes int.
func promote(t Type) Type {
	if t.Kind == Int && t.Size < 4 {
		return TypeInt
	}
	return t
}

// arith returns the type of a binary arithmetic operation by DTrace's
// rule (dt_type_promote()), which is not C's: there is no promotion to
// int, and the operand of higher rank (its size in bits, plus one if
// unsigned) gives its type, so an unsigned char plus a char is an
// unsigned char. The value is computed in 64 bits and narrows to that
// type only where it is stored or recorded.
func arith(x, y Type) Type {
	rank := func(t Type) int {
		r := 8 * t.Size
		if !t.Signed {
			r++
		}
		return r
	}
	if rank(y) > rank(x) {
		return y
	}
	return x
}

// typeNames maps the D type names the skeleton understands in casts and
// declarations to types.
var typeNames = map[string]Type{
	// The canonical spellings of C's integer types; specifierType
	// (specifiers.go) maps every other order and spelling onto them.
	"char":               TypeChar,
	"unsigned char":      {Kind: Int, Size: 1, Name: "unsigned char"},
	"short":              {Kind: Int, Size: 2, Signed: true, Name: "short"},
	"unsigned short":     {Kind: Int, Size: 2, Name: "unsigned short"},
	"int":                TypeInt,
	"unsigned int":       {Kind: Int, Size: 4, Name: "unsigned int"},
	"long":               TypeLong,
	"unsigned long":      TypeUlong,
	"long long":          {Kind: Int, Size: 8, Signed: true, Name: "long long"},
	"unsigned long long": {Kind: Int, Size: 8, Name: "unsigned long long"},
	"int8_t":             {Kind: Int, Size: 1, Signed: true, Name: "int8_t"}, "uint8_t": {Kind: Int, Size: 1, Name: "uint8_t"},
	"int16_t": {Kind: Int, Size: 2, Signed: true, Name: "int16_t"}, "uint16_t": {Kind: Int, Size: 2, Name: "uint16_t"},
	"int32_t": {Kind: Int, Size: 4, Signed: true, Name: "int32_t"}, "uint32_t": TypeUint32,
	"int64_t": TypeInt64, "uint64_t": TypeUint64,
	"size_t": {Kind: Int, Size: 8, Name: "size_t"}, "ssize_t": {Kind: Int, Size: 8, Signed: true, Name: "ssize_t"},
	"uintptr_t": {Kind: Int, Size: 8, Name: "uintptr_t"}, "intptr_t": {Kind: Int, Size: 8, Signed: true, Name: "intptr_t"},
	"pid_t": {Kind: Int, Size: 4, Signed: true, Name: "pid_t"}, "id_t": {Kind: Int, Size: 4, Signed: true, Name: "id_t"},
	"uid_t": {Kind: Int, Size: 4, Name: "uid_t"}, "gid_t": {Kind: Int, Size: 4, Name: "gid_t"},
	"hrtime_t":      {Kind: Int, Size: 8, Signed: true, Name: "hrtime_t"},
	"processorid_t": {Kind: Int, Size: 4, Signed: true, Name: "processorid_t"},
	// DTrace's cpuinfo_t, the type of *curcpu and of the sched
	// provider's CPU arguments.
	"cpuinfo_t": cpuinfoType,
	"uint_t":    TypeUint, "ulong_t": TypeUlong, "uchar_t": {Kind: Int, Size: 1, Name: "uchar_t"},
	"ushort_t": {Kind: Int, Size: 2, Name: "ushort_t"},
	// D's own LP64 typedef of unsigned long long (dt_open.c).
	"u_longlong_t": {Kind: Int, Size: 8, Name: "u_longlong_t"},
	"boolean_t":    {Kind: Int, Size: 4, Signed: true, Name: "boolean_t"},
	"off_t":        {Kind: Int, Size: 8, Signed: true, Name: "off_t"}, "time_t": {Kind: Int, Size: 8, Signed: true, Name: "time_t"},
	"void": TypeVoid,
}

// TypePtrdiff is the type of the difference of two pointers.
var TypePtrdiff = Type{Kind: Int, Size: 8, Signed: true, Name: "ptrdiff_t"}

// typeName is the name DTrace gives a value of type t in messages: a
// userland pointer carries its qualifier (dt_node_type_name).
func typeName(t Type) string {
	if t.Userland {
		return "userland " + t.String()
	}
	return t.String()
}

// isVFPtr reports whether t points to void or to a function: a pointer
// whose target has no size to scale arithmetic by.
func (t Type) isVFPtr() bool {
	return t.Kind == Pointer && (t.Elem.Kind == Void || t.Elem.Kind == Func)
}

// isPointer reports whether t is a pointer or an array, which D's
// operators treat alike (an array stands for its address).
func (t Type) isPointer() bool { return t.Kind == Pointer || t.Kind == Array }

// isStrCompat reports whether t can stand for a string: a string, or a
// pointer to or array of char.
func (t Type) isStrCompat() bool {
	switch t.Kind {
	case String:
		return true
	case Pointer, Array:
		return t.Elem.Kind == Int && t.Elem.Size == 1
	}
	return false
}

// referent is what a pointer, array or string refers to, as DTrace's
// pointer rules see it: a string is an array of char.
func (t Type) referent() (Type, bool) {
	switch t.Kind {
	case Pointer, Array:
		return t.Elem.resolved(), true
	case String:
		return TypeChar, true
	}
	return Type{}, false
}

// compatible reports whether x and y are the same type to C
// (ctf_type_compat): integers of one size and signedness, pointers to
// compatible types, arrays of one length, one struct or union. godtrace
// keeps no typedef chains, so an integer typedef is compatible with
// every integer type of its size and signedness.
func compatible(x, y Type) bool {
	x, y = x.resolved(), y.resolved()
	if x.Kind != y.Kind {
		return false
	}
	switch x.Kind {
	case Void, String:
		return true
	case Int, Float:
		return x.Size == y.Size && x.Signed == y.Signed
	case Pointer:
		return compatible(*x.Elem, *y.Elem)
	case Array:
		return x.Len == y.Len && compatible(*x.Elem, *y.Elem)
	case Struct:
		return x.Def == y.Def || x.Def.Name == y.Def.Name && x.Def.Union == y.Def.Union && x.Def.Size == y.Def.Size
	case Func:
		return x.Name == y.Name
	}
	return false
}

// ptrCompat applies DTrace's rule for operands meant to be pointers
// (dt_node_is_ptrcompat): two pointers (or arrays) to compatible types,
// or either a pointer to void, or a pointer and the integer constant 0.
// A userland pointer is compatible only with userland pointers. It
// returns the type of the result, the more specific pointer.
func ptrCompat(x Type, xZero bool, y Type, yZero bool) (Type, bool) {
	xi, yi := x.Kind == Int, y.Kind == Int
	switch {
	case xi && yi, xi && !xZero, yi && !yZero:
		return Type{}, false
	case xi:
		x = y
	case yi:
		y = x
	case x.Userland != y.Userland:
		return Type{}, false
	}
	xr, ok1 := x.referent()
	yr, ok2 := y.referent()
	if !ok1 || !ok2 {
		return Type{}, false
	}
	if xr.Kind != Void && yr.Kind != Void && !compatible(xr, yr) {
		return Type{}, false
	}
	if yr.Kind == Void {
		return x, true
	}
	return y, true
}

// argCompat applies C's rule for assigning a value of type v to an
// object of type t (dt_node_is_argcompat); vZero says the value is the
// integer constant 0.
func argCompat(t, v Type, vZero bool) bool {
	switch {
	case t.Kind == Int && v.Kind == Int:
		return true
	case t.isStrCompat() && v.isStrCompat():
		return true
	case t.Kind == Struct || t.Kind == Func:
		return compatible(t, v)
	}
	_, ok := ptrCompat(t, false, v, vZero)
	return ok
}

// stringType is the type of a string of up to strsize characters: its
// buffer has room for strsize characters and the NUL after them, as a
// DTrace string variable holds strsize characters.
func (c *checker) stringType() Type { return StringType(c.cfg.StrSize + 1) }

package check

import (
	"github.com/godtrace/godtrace/lang/ast"
)

// Param is what a subroutine parameter accepts.
type Param int

const (
	ParamInt    Param = iota // an integer
	ParamScalar              // an integer or a pointer
	ParamString              // a string (char arrays become strings)
)

// Subr is a subroutine's prototype: its parameters (the last Optional
// of them may be left out) and what it returns. A Result of kind String
// with Size 0 returns a string of strsize bytes.
type Subr struct {
	Params   []Param
	Optional int
	Result   Type
}

// subrs are the subroutines godtrace implements; the code generator has
// one generator for each (compile/subr*.go).
var subrs = map[string]Subr{
	"copyin":    {Params: []Param{ParamScalar, ParamInt}, Result: PointerTo(TypeVoid)},
	"copyinstr": {Params: []Param{ParamScalar, ParamInt}, Optional: 1, Result: StringType(0)},
	// d_path(struct path *): the path name of a file (Oracle DTrace's
	// Linux subroutine).
	"d_path": {Params: []Param{ParamScalar}, Result: StringType(0)},
	"strlen": {Params: []Param{ParamString}, Result: Type{Kind: Int, Size: 8, Name: "size_t"}},
	// Kernel symbols: the value is the address, printed as the symbol
	// holding it (module`function), or its module for mod().
	"func": {Params: []Param{ParamScalar}, Result: TypeSymaddr},
	"sym":  {Params: []Param{ParamScalar}, Result: TypeSymaddr},
	"mod":  {Params: []Param{ParamScalar}, Result: TypeModaddr},
	// A free speculation's ID, or 0 (compile/speculation.go).
	"speculation": {Result: TypeInt},
	// String subroutines (compile/subr_*.go), with the prototypes
	// of DTrace's dt_open.c.
	"basename": {Params: []Param{ParamString}, Result: StringType(0)},
	"dirname":  {Params: []Param{ParamString}, Result: StringType(0)},
	"index":    {Params: []Param{ParamString, ParamString, ParamInt}, Optional: 1, Result: TypeInt},
	"lltostr":  {Params: []Param{ParamInt, ParamInt}, Optional: 1, Result: StringType(0)},
	"rindex":   {Params: []Param{ParamString, ParamString, ParamInt}, Optional: 1, Result: TypeInt},
	"strchr":   {Params: []Param{ParamString, ParamInt}, Result: StringType(0)},
	"strjoin":  {Params: []Param{ParamString, ParamString}, Result: StringType(0)},
	"strrchr":  {Params: []Param{ParamString, ParamInt}, Result: StringType(0)},
	"strstr":   {Params: []Param{ParamString, ParamString}, Result: StringType(0)},
	"strtoll":  {Params: []Param{ParamString, ParamInt}, Optional: 1, Result: Type{Kind: Int, Size: 8, Signed: true, Name: "int64_t"}},
	"substr":   {Params: []Param{ParamString, ParamInt, ParamInt}, Optional: 1, Result: StringType(0)},
	"tolower":  {Params: []Param{ParamString}, Result: StringType(0)},
	"toupper":  {Params: []Param{ParamString}, Result: StringType(0)},
}

// subroutine checks a call of a subroutine: argument count and kinds,
// and gives the result's type.
func (c *checker) subroutine(e *ast.CallExpr, s Subr, types []Type) Type {
	name := e.Fun.Name
	n := len(e.Args)
	if n < len(s.Params)-s.Optional || n > len(s.Params) {
		if s.Optional > 0 && n < len(s.Params)-s.Optional {
			c.errorf(e.Fun.At, "D_PROTO_LEN", "%s( ) prototype mismatch: %d arg%s passed, at least %d expected", name, n, plural(n), len(s.Params)-s.Optional)
		} else if s.Optional > 0 {
			c.errorf(e.Fun.At, "D_PROTO_LEN", "%s( ) prototype mismatch: %d args passed, at most %d expected", name, n, len(s.Params))
		} else {
			c.errorf(e.Fun.At, "D_PROTO_LEN", "%s( ) prototype mismatch: %d arg%s passed, %d expected", name, n, plural(n), len(s.Params))
		}
		return TypeInvalid
	}
	for i, t := range types {
		if t.Kind == Invalid {
			return TypeInvalid
		}
		ok, proto := false, ""
		switch s.Params[i] {
		case ParamInt:
			ok, proto = t.Kind == Int, "int"
		case ParamScalar:
			ok, proto = t.IsScalar(), "uintptr_t"
		case ParamString:
			ok, proto = t.Kind == String, "char *"
		}
		if !ok {
			c.errorf(e.Args[i].Pos(), "D_PROTO_ARG", "%s( ) argument #%d is incompatible with prototype:\n\tprototype: %s\n\t argument: %s", name, i+1, proto, t)
			return TypeInvalid
		}
	}
	if s.Result.Kind == String && s.Result.Size == 0 {
		return StringType(c.cfg.StrSize)
	}
	return s.Result
}

package check

import (
	"errors"
	"fmt"

	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/lang/ast"
)

// printfFormat parses a printf-like format and checks the arguments
// against its conversions, as dt_printf_validate does: each conversion
// (and each '*' width or precision) needs an argument of a suitable
// type, and no argument may be left over. Argument numbers count the
// format as #1, as DTrace's messages do.
func (c *checker) printfFormat(fn string, lit *ast.StrLit, args []ast.Expr, types []Type) {
	f, err := format.ParseFormat(lit.Value)
	if err != nil {
		var fe *format.Error
		if errors.As(err, &fe) {
			c.errorf(lit.At, fe.Tag, "%s", fe.Msg)
		} else {
			c.errorf(lit.At, "D_PRINTF_FMT", "%s( ) %v", fn, err)
		}
		return
	}
	report := func(e *format.Error, at ast.Expr) {
		pos := lit.At
		if at != nil {
			pos = at.Pos()
		}
		c.errorf(pos, e.Tag, "%s", e.Msg)
	}
	n := 0 // arguments consumed
	star := func(conv *format.Conv, s string) bool {
		if n >= len(args) {
			report(format.ErrDynProto(fn, conv.Number, conv.Name, s), nil)
			return false
		}
		if types[n].Kind != Int {
			report(format.ErrDynType(fn, n+2, conv.Number, s, conv.Name, types[n].String()), args[n])
			return false
		}
		n++
		return true
	}
	for _, conv := range f.Convs() {
		if conv.Consumes() == 0 && !conv.Agg {
			continue // %%
		}
		if conv.Agg {
			report(format.ErrAggConv(fn), nil)
			return
		}
		if conv.DynWidth && !star(&conv, "*") || conv.DynPrec && !star(&conv, ".*") {
			return
		}
		if n >= len(args) {
			report(format.ErrArgProto(fn, conv.Number, conv.Name), nil)
			return
		}
		if t := types[n]; t.Kind != Invalid && !accepts(&conv, t) {
			report(format.ErrArgType(fn, fmt.Sprintf("argument #%d", n+2), conv.Number, conv.Name, conv.Proto, t.String()), args[n])
			return
		}
		n++
	}
	if n < len(args) {
		report(format.ErrArgExtra(fn, n), args[n])
	}
}

// accepts reports whether a value of type t suits conversion conv.
func accepts(conv *format.Conv, t Type) bool {
	switch conv.Want {
	case format.WantInt, format.WantAddr, format.WantKernelAddr, format.WantUserAddr:
		return t.IsScalar()
	case format.WantCSI:
		return t.Kind == Int && t.Size <= 4
	case format.WantFloat:
		return t.Kind == Float
	case format.WantString:
		return t.Kind == String || t.IsCharArray()
	case format.WantTime:
		return t.Kind == Int && t.Size == 8
	case format.WantShortName:
		return t.Kind == Int && t.Size == 2
	case format.WantLongName, format.WantLongLongName:
		return t.IsScalar() && t.Size == 8
	case format.WantType:
		if want, ok := typeNames[conv.Type]; ok {
			return t.Kind == want.Kind && t.Size == want.Size
		}
		if want, ok := specifierType(conv.Type); ok {
			return t.Kind == want.Kind && t.Size == want.Size
		}
	}
	return false
}

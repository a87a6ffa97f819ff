package check

import (
	"errors"

	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/tag"
)

// formatValues is what a format's conversions consume, as
// dt_printf_validate sees it: printf()'s arguments after the format, or
// the keys of printa()'s first aggregation and, for %@, its value.
type formatValues struct {
	fn    string
	types []Type
	// exprs are the arguments the types come from, where mismatches are
	// reported; nil for printa(), whose keys have no expression here.
	exprs []ast.Expr
	// value is the type of the aggregation's value for %@; nil where %@
	// is not allowed (printf).
	value *Type
	// exact requires every value to be consumed (printf).
	exact bool
}

// hasTarget reports whether there is a target process: $target is not 0.
func (c *checker) hasTarget() bool {
	v, ok := c.cfg.MacroVars["target"]
	return ok && v != "" && v != "0"
}

// printfFormat parses a printf-like format and checks the values against
// its conversions, as dt_printf_validate does: each conversion (and each
// '*' width or precision) needs a value of a suitable type, and printf()
// may leave none over. Argument numbers count the format as #1, as
// DTrace's messages do, for printa()'s keys too.
func (c *checker) printfFormat(lit ast.Expr, text string, v formatValues) bool {
	report := func(e *format.Error, n int) bool {
		pos := lit.Pos()
		if n >= 0 && n < len(v.exprs) {
			pos = v.exprs[n].Pos()
		}
		c.report(pos, e.Tag, e.Msg)
		return false
	}
	f, err := format.ParseFormat(text)
	if err != nil {
		var fe *format.Error
		if !errors.As(err, &fe) {
			fe = &format.Error{Tag: tag.Syntax.Tag(), Msg: err.Error()}
		}
		return report(fe, -1)
	}
	if f.String() == "" {
		return report(format.ErrFmtEmpty(v.fn), -1)
	}
	n := 0 // values consumed
	star := func(conv *format.Conv, s string) bool {
		if n >= len(v.types) {
			return report(format.ErrDynProto(v.fn, conv.Number, conv.Name, s), -1)
		}
		if v.types[n].Kind != Int {
			return report(format.ErrDynType(v.fn, n+2, conv.Number, s, conv.Name, v.types[n].String()), n)
		}
		n++
		return true
	}
	for _, conv := range f.Convs() {
		if conv.Want == format.WantNone {
			continue // %%
		}
		if conv.DynWidth && !star(&conv, "*") || conv.DynPrec && !star(&conv, ".*") {
			return false
		}
		var t Type
		argno, at := 0, -1 // argno 0: printa()'s aggregation
		switch {
		case conv.Agg && v.value == nil:
			return report(format.ErrAggConv(v.fn), -1)
		case conv.Agg:
			t = *v.value
		case n >= len(v.types):
			return report(format.ErrArgProto(v.fn, conv.Number, conv.Name), -1)
		default:
			t, argno, at = v.types[n], n+2, n
			n++
		}
		if !accepts(&conv, t, c.hasTarget()) {
			if argno == 0 {
				return report(format.ErrAggType(v.fn, conv.Number, conv.Name, conv.Proto, t.String()), at)
			}
			return report(format.ErrArgType(v.fn, argno, conv.Number, conv.Name, conv.Proto, t.String()), at)
		}
	}
	if v.exact && n < len(v.types) {
		return report(format.ErrArgExtra(v.fn, n), n)
	}
	return true
}

// accepts reports whether a value of type t suits conversion conv, by
// the rules of DTrace's pfcheck_*() functions: %d, %x and the like take
// integers only, %p and %a pointers too, and %A those only when there is
// a target process.
func accepts(conv *format.Conv, t Type, target bool) bool {
	if IsStack(t) || conv.Want == format.WantStack {
		return IsStack(t) && conv.Want == format.WantStack
	}
	switch conv.Want {
	case format.WantInt:
		return t.Kind == Int
	case format.WantAddr, format.WantKernelAddr:
		return t.IsScalar()
	case format.WantUserAddr:
		// pfcheck_uaddr(): a scalar only when there is a target process
		// (-p, -c), whose symbols it names; otherwise only the
		// _usymaddr of uaddr() and usym(), which carries its pid. As
		// uaddr() is an action, that is printa() of a key it made.
		return t.Kind == Int && t.Name == TypeUsymaddr.Name || target && t.IsScalar()
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
		return t.Kind == Int && t.Size == 8
	case format.WantType:
		want, ok := typeNames[conv.Type]
		if !ok {
			want, ok = specifierType(conv.Type)
		}
		// ctf_type_compat: the same kind and encoding, so the same
		// size and signedness.
		return ok && t.Kind == want.Kind && t.Size == want.Size && (t.Kind != Int || t.Signed == want.Signed)
	}
	return false
}

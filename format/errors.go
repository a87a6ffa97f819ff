package format

import "github.com/godtrace/godtrace/lang/tag"

// Error is a diagnostic in DTrace's words together with the D_* tag that
// dtrace(1) reports with it (D_SYNTAX for a malformed format string,
// D_PRINTF_ARG_TYPE and friends for argument mismatches found by the
// checker).
type Error struct {
	Tag string // "D_SYNTAX", "D_PRINTF_ARG_TYPE", ...
	Msg string // DTrace's message, without a trailing newline
}

func (e *Error) Error() string { return e.Msg }

// newError is m's message for args, with its tag.
func newError(m tag.Msg, args ...any) *Error {
	return &Error{Tag: m.Tag(), Msg: m.Text(args...)}
}

// The constructors below produce the argument-checking diagnostics of
// dt_printf_validate(), so that the type checker reports them in DTrace's
// words. fn is the action ("printf", "printa", ...), conv the conversion's
// Number, name its Name.

// ErrFmtEmpty is D_PRINTF_FMT_EMPTY.
func ErrFmtEmpty(fn string) *Error { return newError(tag.PrintfFmtEmpty, fn) }

// ErrDynProto is D_PRINTF_DYN_PROTO: a '*' width or precision has no
// argument. star is "*" or ".*".
func ErrDynProto(fn string, conv int, name, star string) *Error {
	return newError(tag.PrintfDynProto, fn, conv, name, star)
}

// ErrDynType is D_PRINTF_DYN_TYPE: a '*' argument is not an integer. argno
// counts the action's arguments from 1; argType is the D type name.
func ErrDynType(fn string, argno, conv int, star, name, argType string) *Error {
	return newError(tag.PrintfDynType, fn, argno, conv, star, name, argType)
}

// ErrAggConv is D_PRINTF_AGG_CONV: %@ outside printa().
func ErrAggConv(fn string) *Error { return newError(tag.PrintfAggConv, fn) }

// ErrArgProto is D_PRINTF_ARG_PROTO: a conversion has no value argument.
func ErrArgProto(fn string, conv int, name string) *Error {
	return newError(tag.PrintfArgProto, fn, conv, name)
}

// ErrArgType is D_PRINTF_ARG_TYPE: argument #argno does not suit its
// conversion; proto is the conversion's Proto.
func ErrArgType(fn string, argno, conv int, name, proto, argType string) *Error {
	return newError(tag.PrintfArgType, fn, argno, conv, name, proto, argType)
}

// ErrAggType is D_PRINTF_ARG_TYPE for printa()'s %@: the aggregation's
// value does not suit the conversion.
func ErrAggType(fn string, conv int, name, proto, argType string) *Error {
	return newError(tag.PrintfArgTypeAgg, fn, conv, name, proto, argType)
}

// ErrArgExtra is D_PRINTF_ARG_EXTRA: more arguments than conversions; n is
// the number of arguments the format consumes.
func ErrArgExtra(fn string, n int) *Error { return newError(tag.PrintfArgExtra, fn, n) }

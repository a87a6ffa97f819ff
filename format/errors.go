package format

import "fmt"

// Error is a diagnostic in DTrace's words together with the D_* tag that
// dtrace(1) reports with it (D_SYNTAX for a malformed format string,
// D_PRINTF_ARG_TYPE and friends for argument mismatches found by the
// checker).
type Error struct {
	Tag string // "D_SYNTAX", "D_PRINTF_ARG_TYPE", ...
	Msg string // DTrace's message, without a trailing newline
}

func (e *Error) Error() string { return e.Msg }

func errorf(tag, format string, args ...any) *Error {
	return &Error{Tag: tag, Msg: fmt.Sprintf(format, args...)}
}

// The constructors below produce the argument-checking diagnostics of
// dt_printf_validate(), so that the type checker reports them in DTrace's
// words. fn is the action ("printf", "printa", ...), conv the conversion's
// Number, name its Name.

// ErrFmtEmpty is D_PRINTF_FMT_EMPTY.
func ErrFmtEmpty(fn string) *Error {
	return errorf("D_PRINTF_FMT_EMPTY", "%s( ) format string is empty", fn)
}

// ErrDynProto is D_PRINTF_DYN_PROTO: a '*' width or precision has no
// argument. star is "*" or ".*".
func ErrDynProto(fn string, conv int, name, star string) *Error {
	return errorf("D_PRINTF_DYN_PROTO",
		"%s( ) prototype mismatch: conversion #%d (%%%s) is missing a corresponding \"%s\" argument",
		fn, conv, name, star)
}

// ErrDynType is D_PRINTF_DYN_TYPE: a '*' argument is not an integer. argno
// counts the action's arguments from 1; argType is the D type name.
func ErrDynType(fn string, argno, conv int, star, name, argType string) *Error {
	return errorf("D_PRINTF_DYN_TYPE",
		"%s( ) argument #%d is incompatible with conversion #%d prototype:\n"+
			"\tconversion: %% %s %s\n\t prototype: int\n\t  argument: %s",
		fn, argno, conv, star, name, argType)
}

// ErrAggConv is D_PRINTF_AGG_CONV: %@ outside printa().
func ErrAggConv(fn string) *Error {
	return errorf("D_PRINTF_AGG_CONV",
		"%%@ conversion requires an aggregation and is not for use with %s( )", fn)
}

// ErrArgProto is D_PRINTF_ARG_PROTO: a conversion has no value argument.
func ErrArgProto(fn string, conv int, name string) *Error {
	return errorf("D_PRINTF_ARG_PROTO",
		"%s( ) prototype mismatch: conversion #%d (%%%s) is missing a corresponding value argument",
		fn, conv, name)
}

// ErrArgType is D_PRINTF_ARG_TYPE. what is "argument #N" or, for %@,
// "aggregating action"; proto is the conversion's Proto.
func ErrArgType(fn, what string, conv int, name, proto, argType string) *Error {
	return errorf("D_PRINTF_ARG_TYPE",
		"%s( ) %s is incompatible with conversion #%d prototype:\n"+
			"\tconversion: %%%s\n\t prototype: %s\n\t  argument: %s",
		fn, what, conv, name, proto, argType)
}

// ErrArgExtra is D_PRINTF_ARG_EXTRA: more arguments than conversions; n is
// the number of arguments the format consumes.
func ErrArgExtra(fn string, n int) *Error {
	return errorf("D_PRINTF_ARG_EXTRA",
		"%s( ) prototype mismatch: only %d arguments required by this format string", fn, n)
}

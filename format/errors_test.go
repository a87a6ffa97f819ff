package format

import (
	"errors"
	"testing"
)

// Malformed formats fail as dt_printf_create() fails, with DTrace's
// D_SYNTAX messages (printf/err.D_SYNTAX.badconv*.d among them).
func TestParseErrors(t *testing.T) {
	for _, c := range []struct {
		format, msg string
	}{
		{"%3$d", "format conversion #1 uses unsupported positional format (%n$)"},
		{"%", "format conversion #1 name expected before end of format string"},
		{"abc %d %-", "format conversion #2 name expected before end of format string"},
		{"%Z", "format conversion #1 is undefined: %Z"},
		{"%d%%%q", "format conversion #3 is undefined: %q"},
		{"%F", "format conversion #1 is undefined: %F"},
		{"%hhd", "format conversion #1 is undefined: %hhd"},
		{"%zd", "format conversion #1 is undefined: %z"},
		{"%llllllllx", "format conversion #1 is undefined: %llllllx"},
		{"%\n", "format conversion #1 is undefined: %\n"},
		{"%**d", "format conversion #1 has more than one '*' specified for the output width"},
		{"%.**d", "format conversion #1 has more than one '*' specified for the output precision"},
		{"%5.3.2d", "format conversion #1 has more than one '.' specified"},
		{"%5%", "format conversion #1 cannot be combined with other format flags: %%"},
		{"%l%", "format conversion #1 cannot be combined with other format flags: %%"},
	} {
		_, err := ParseFormat(c.format)
		var e *Error
		if !errors.As(err, &e) {
			t.Errorf("ParseFormat(%q): err = %v, want *Error", c.format, err)
			continue
		}
		if e.Tag != "D_SYNTAX" || e.Msg != c.msg {
			t.Errorf("ParseFormat(%q) = [%s] %q, want [D_SYNTAX] %q", c.format, e.Tag, e.Msg, c.msg)
		}
	}
}

func TestParseAccepts(t *testing.T) {
	for _, s := range []string{
		"", "plain", "%%", "%d%%", "%*.*s", "%-*d", "%?p", "%@d", "%'d", "%#08.3llx",
		"%-05d", "%Lf", "%ws", "%lc", "%a %A %k %Y %T %I %P %S %C", "stop\x00%q",
	} {
		if _, err := ParseFormat(s); err != nil {
			t.Errorf("ParseFormat(%q): %v", s, err)
		}
	}
}

func TestConvs(t *testing.T) {
	f, err := ParseFormat("pid %-*d: %%%s %.*lld %@8u %hx %Lf\n")
	if err != nil {
		t.Fatal(err)
	}
	type conv struct {
		n               int
		name            string
		want            Want
		typ             string
		dynW, dynP, agg bool
		consumes, width int
	}
	want := []conv{
		{1, "d", WantInt, "", true, false, false, 2, 0},
		{2, "%", WantNone, "", false, false, false, 0, 0},
		{3, "s", WantString, "", false, false, false, 1, 0},
		{4, "lld", WantType, "long long", false, true, false, 2, 0},
		{5, "u", WantInt, "", false, false, true, 0, 8},
		{6, "hx", WantShortName, "", false, false, false, 1, 0},
		{7, "Lf", WantType, "long double", false, false, false, 1, 0},
	}
	got := f.Convs()
	if len(got) != len(want) {
		t.Fatalf("got %d conversions, want %d", len(got), len(want))
	}
	for i, w := range want {
		g := got[i]
		c := conv{g.Number, g.Name, g.Want, g.Type, g.DynWidth, g.DynPrec, g.Agg, g.Consumes(), g.Width}
		if c != w {
			t.Errorf("conversion %d = %+v, want %+v", i, c, w)
		}
	}
	if !got[0].Left || got[5].Proto != "short" || got[0].Proto != protoXint {
		t.Errorf("flags or protos wrong: %+v", got)
	}
	if f.String() != "pid %-*d: %%%s %.*lld %@8u %hx %Lf\n" {
		t.Errorf("String() = %q", f.String())
	}
}

// The checker's diagnostics, as dtrace-utils' expected outputs show them
// (printf/err.D_PRINTF_*.r).
func TestCheckerErrors(t *testing.T) {
	for _, c := range []struct {
		err       *Error
		tag, text string
	}{
		{ErrDynProto("printf", 2, "d", "*"), "D_PRINTF_DYN_PROTO",
			`printf( ) prototype mismatch: conversion #2 (%d) is missing a corresponding "*" argument`},
		{ErrArgType("printf", 3, 2, "d", protoXint, "aggregation"), "D_PRINTF_ARG_TYPE",
			"printf( ) argument #3 is incompatible with conversion #2 prototype:\n\tconversion: %d\n\t prototype: char, short, int, long, or long long\n\t  argument: aggregation"},
		{ErrArgExtra("printf", 2), "D_PRINTF_ARG_EXTRA",
			"printf( ) prototype mismatch: only 2 arguments required by this format string"},
		{ErrDynType("printf", 2, 1, "*", "d", "string"), "D_PRINTF_DYN_TYPE",
			"printf( ) argument #2 is incompatible with conversion #1 prototype:\n\tconversion: % * d\n\t prototype: int\n\t  argument: string"},
		{ErrArgProto("printf", 1, "d"), "D_PRINTF_ARG_PROTO",
			"printf( ) prototype mismatch: conversion #1 (%d) is missing a corresponding value argument"},
		{ErrAggConv("printf"), "D_PRINTF_AGG_CONV",
			"%@ conversion requires an aggregation and is not for use with printf( )"},
		{ErrFmtEmpty("printf"), "D_PRINTF_FMT_EMPTY", "printf( ) format string is empty"},
	} {
		if c.err.Tag != c.tag || c.err.Error() != c.text {
			t.Errorf("got [%s] %q\nwant [%s] %q", c.err.Tag, c.err.Error(), c.tag, c.text)
		}
	}
}

package main

import (
	"bytes"
	"os"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/dtrace"
)

// TestCaret checks the source line and caret dtrace shows under a
// compile error on a terminal: tabs before the column stay tabs, so the
// caret lines up; an error that does not say where it is shows nothing.
func TestCaret(t *testing.T) {
	for _, tc := range []struct {
		ce   dtrace.CompileError
		want string
	}{
		{dtrace.CompileError{Line: 4, Column: 8, Text: "\ty = x->a;"}, " 4 | \ty = x->a;\n   | \t      ^\n"},
		{dtrace.CompileError{Line: 12, Column: 1, Text: "BEGIN"}, " 12 | BEGIN\n    | ^\n"},
		{dtrace.CompileError{Line: 1, Column: 6, Text: "BEGIN"}, " 1 | BEGIN\n   |      ^\n"}, // at the end of the line
		{dtrace.CompileError{Line: 1, Column: 7, Text: "BEGIN"}, ""},
		{dtrace.CompileError{Line: 3, Msg: "no column"}, ""},
	} {
		if got := caret(&tc.ce); got != tc.want {
			t.Errorf("caret(%+v) = %q, want %q", tc.ce, got, tc.want)
		}
	}
}

// TestCaretNotTerminal checks that the caret is left out where stderr is
// not a terminal, as for every script and test reading DTrace's text.
func TestCaretNotTerminal(t *testing.T) {
	var b bytes.Buffer
	inv, err := parseArgs([]string{"dtrace", "-n", "BEGIN { x = ; }"})
	if err != nil {
		t.Fatal(err)
	}
	reportCompileError(&b, inv, &dtrace.CompileError{Line: 1, Column: 13, Text: "BEGIN { x = ; }", Msg: `syntax error near ";"`})
	if strings.Contains(b.String(), "^") {
		t.Errorf("caret written to a buffer:\n%s", b.String())
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	if isTerminal(w) {
		t.Error("a pipe is a terminal")
	}
}

package parser

import (
	"errors"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/lang/scanner"
	"github.com/godtrace/godtrace/lang/token"
)

// An annotation /* ERROR "text" */ says that the parser reports an error
// on that line whose message contains text (a Go-quoted string); with a
// tag, /* ERROR D_TAG "text" */, the error must also carry that tag.
var annotation = regexp.MustCompile(`/\* ERROR (?:(D_[A-Z0-9_]+) )?("(?:[^"\\]|\\.)*") \*/`)

type wantError struct{ tag, text string }

// wantErrors returns the annotations of src by line.
func wantErrors(t *testing.T, src []byte) map[int][]wantError {
	want := make(map[int][]wantError)
	for i, line := range strings.Split(string(src), "\n") {
		for _, m := range annotation.FindAllStringSubmatch(line, -1) {
			s, err := strconv.Unquote(m[2])
			if err != nil {
				t.Fatalf("line %d: bad annotation %s: %v", i+1, m[2], err)
			}
			want[i+1] = append(want[i+1], wantError{m[1], s})
		}
	}
	return want
}

func errorList(t *testing.T, err error) scanner.ErrorList {
	if err == nil {
		return nil
	}
	var list scanner.ErrorList
	if !errors.As(err, &list) {
		t.Fatalf("error %v is a %T, not a scanner.ErrorList", err, err)
	}
	return list
}

// TestErrors parses each testdata/*.d file and matches the errors
// reported against its annotations; a file without annotations must parse
// cleanly.
func TestErrors(t *testing.T) {
	files, err := filepath.Glob("testdata/*.d")
	if err != nil || len(files) == 0 {
		t.Fatalf("no test files: %v", err)
	}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		want := wantErrors(t, src)
		_, err = parseFile(token.NewFile(name, src), 1000, nil)
		for _, e := range errorList(t, err) {
			line := e.Pos.Line
			if len(want[line]) == 0 {
				t.Errorf("%s: unexpected error: %s", name, e.Msg)
				continue
			}
			w := want[line][0]
			if !strings.Contains(e.Msg, w.text) || w.tag != "" && e.Tag != w.tag {
				t.Errorf("%s:%d: got error %s %q, want %s %q", name, line, e.Tag, e.Msg, w.tag, w.text)
			}
			want[line] = want[line][1:]
		}
		for line, msgs := range want {
			for _, m := range msgs {
				t.Errorf("%s:%d: missing error %s %q", name, line, m.tag, m.text)
			}
		}
	}
}

// errorTests give the first error for sources that annotations cannot
// express: control characters, errors at the very end of input.
var errorTests = []struct{ src, err string }{
	{"BEGIN { x = \x01; }", "t.d:1:13: syntax error near \"\x01\""},
	{"BEGIN { x = \xff; }", "t.d:1:13: syntax error near \"\xff\""},
	{"BEGIN { x = 1;", `t.d:1:15: syntax error near end of input`},
	{"BEGIN { x = 1;\n", `t.d:2:1: syntax error near end of input`},
	{"BEGIN /x", `t.d:1:9: syntax error near end of input`},
	{"BEGIN /x/", `t.d:1:8: expected actions { } following probe description and predicate`},
	{"BEGIN {", `t.d:1:8: syntax error near end of input`},
	{"BEGIN { if (x) }", `t.d:1:16: syntax error near "}"`},
	{`BEGIN { x = "abc`, `t.d:1:13: syntax error near """`},
	{`BEGIN { x = 'a`, `t.d:1:13: syntax error near "'"`},
	{"/* abc", `t.d:1:7: end-of-file encountered before matching */`},
	{"int x", `t.d:1:6: syntax error near end of input`},
	{"struct foo {", `t.d:1:13: syntax error near end of input`},
	{"BEGIN { x = ; }\nEND { y = ; }", `t.d:1:13: syntax error near ";" (and 1 more errors)`},
	{"BEGIN { x = 9223372036854775808; }", `t.d:1:13: integer constant 0x8000000000000000 cannot be represented in any built-in integral type`},
	// DTrace's lexer peeks past an identifier it does not know yet, and
	// quotes it with the rest of its line, the blanks after it spaces.
	{"BEGIN { a b }", `t.d:1:11: syntax error near "b }"`},
	{"BEGIN { a b \t\tc; }", `t.d:1:11: syntax error near "b   c; }"`},
	{"BEGIN { a b \t\n }", `t.d:1:11: syntax error near "b   "`},
	{"BEGIN { a = 1; b a; }", `t.d:1:18: syntax error near "a"`},
	{"BEGIN { a->b c; }", `t.d:1:14: syntax error near "c; }"`},
}

func TestErrorList(t *testing.T) {
	for _, tt := range errorTests {
		_, err := ParseFile(token.NewFile("t.d", []byte(tt.src)))
		if err == nil || err.Error() != tt.err {
			t.Errorf("parse %q: got %v, want %s", tt.src, err, tt.err)
		}
	}
}

// TestErrorLimit checks that the parser stops after maxErrors errors and
// keeps one error per line.
func TestErrorLimit(t *testing.T) {
	src := strings.Repeat("BEGIN { x = ; y = ; }\n", 3*maxErrors)
	_, err := ParseFile(token.NewFile("t.d", []byte(src)))
	list := errorList(t, err)
	if len(list) != maxErrors {
		t.Errorf("got %d errors, want %d", len(list), maxErrors)
	}
	for i, e := range list {
		if e.Pos.Line != i+1 {
			t.Errorf("error %d on line %d, want %d", i, e.Pos.Line, i+1)
		}
	}
}

// TestNesting checks that absurd nesting is an error, not a stack overflow.
func TestNesting(t *testing.T) {
	for _, src := range []string{
		"BEGIN { x = " + strings.Repeat("(", 100000) + "1; }",
		"BEGIN { x = " + strings.Repeat("-", 100000) + "1; }",
		"BEGIN { " + strings.Repeat("if (x) ", 100000) + "y(); }",
		"BEGIN { x = " + strings.Repeat("a ? b : ", 100000) + "c; }",
		"BEGIN { x = " + strings.Repeat("a = ", 100000) + "c; }",
	} {
		_, err := ParseFile(token.NewFile("t.d", []byte(src)))
		if err == nil || !strings.Contains(err.Error(), "nested too deeply") {
			t.Errorf("parse %.20q...: got %v", src, err)
		}
	}
	ok := "BEGIN { x = " + strings.Repeat("(", 200) + "1" + strings.Repeat(")", 200) + "; }"
	if _, err := ParseFile(token.NewFile("t.d", []byte(ok))); err != nil {
		t.Errorf("200 parentheses: %v", err)
	}
}

package scanner

import (
	"fmt"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/lang/token"
)

// wellKnown stands in for the parser's set of type names.
func wellKnown(name string) bool { return name == "uint64_t" || name == "myint_t" }

// scanAll scans src and renders the tokens compactly: operators and
// keywords by spelling, other kinds as KIND(text). Errors are returned
// as "line:col: msg".
func scanAll(src string) (toks string, errs []string) {
	f := token.NewFile("t.d", []byte(src))
	var s Scanner
	s.Init(f, func(pos token.Pos, msg string) {
		p := f.Position(pos)
		errs = append(errs, fmt.Sprintf("%d:%d: %s", p.Line, p.Column, msg))
	}, wellKnown)
	var out []string
	for i := 0; i <= len(src)+1; i++ {
		t := s.Scan()
		if t.Kind == token.EOF {
			break
		}
		out = append(out, render(t))
	}
	return strings.Join(out, " "), errs
}

func render(t Token) string {
	switch {
	case t.Kind == token.EPRED:
		return "EPRED"
	case t.Kind.IsOperator(), t.Kind.IsKeyword():
		return t.Text
	case t.Kind == token.STRING:
		return fmt.Sprintf("STRING(%q)", t.Text)
	case t.Kind == token.INT || t.Kind == token.CHAR:
		return fmt.Sprintf("%s(%s=%d)", t.Kind, t.Text, t.Value)
	}
	return fmt.Sprintf("%s(%s)", t.Kind, t.Text)
}

var scanTests = []struct{ src, want string }{
	// Probe descriptions at the top level.
	{"BEGIN", "PROBE(BEGIN)"},
	{"syscall::read:entry", "PROBE(syscall::read:entry)"},
	{"profile-97 tick-1s", "PROBE(profile-97) PROBE(tick-1s)"},
	{"pid$target:libc.so.6:malloc:entry", "PROBE(pid$target:libc.so.6:malloc:entry)"},
	{"syscall::*read*:", "PROBE(syscall::*read*:)"},
	{"fbt:vmlinux:foo*:return", "PROBE(fbt:vmlinux:foo*:return)"},
	{"a:b:c:d", "PROBE(a:b:c:d)"},
	{"syscall::[rw]rite:entry", "PROBE(syscall::[rw]rite:entry)"},
	{"foo", "PROBE(foo)"},
	{"foo* {}", "PROBE(foo*) { }"},
	{"BEGIN{exit(0)}", "PROBE(BEGIN) { IDENT(exit) ( INT(0=0) ) }"},
	{"syscall::read:entry, syscall::write:entry /pid == 1/ { }",
		"PROBE(syscall::read:entry) , PROBE(syscall::write:entry) / IDENT(pid) == INT(1=1) EPRED { }"},
	{"BEGIN,\nEND\n{}", "PROBE(BEGIN) , PROBE(END) { }"},
	{"int,x", "int , IDENT(x)"}, // a declaration keyword starts a declaration
	{"a, int {}", "PROBE(a) , PROBE(int) { }"},
	{"BEGIN/x/{}", "PROBE(BEGIN) / IDENT(x) EPRED { }"},
	// The mode returns to the top level after a body.
	{"BEGIN { a = b / c; } END { }", "PROBE(BEGIN) { IDENT(a) = IDENT(b) / IDENT(c) ; } PROBE(END) { }"},
	{"BEGIN { if (x) { y = 1; } } tick-1s { }", "PROBE(BEGIN) { if ( IDENT(x) ) { IDENT(y) = INT(1=1) ; } } PROBE(tick-1s) { }"},

	// Declarations at the top level.
	{"int x;", "int IDENT(x) ;"},
	{"int*p; BEGIN", "int * IDENT(p) ; PROBE(BEGIN)"},
	{"self int y; this string s;", "self int IDENT(y) ; this string IDENT(s) ;"},
	{"inline int z = 3;", "inline int IDENT(z) = INT(3=3) ;"},
	{"struct foo { int a; }; BEGIN", "struct IDENT(foo) { int IDENT(a) ; } ; PROBE(BEGIN)"},
	{"uint64_t x; foo_t", "IDENT(uint64_t) IDENT(x) ; PROBE(foo_t)"},
	{"uint64_t*p;", "IDENT(uint64_t) * IDENT(p) ;"},
	{"translator a < b P > { x = P->y; };", "translator IDENT(a) < IDENT(b) IDENT(P) > { IDENT(x) = IDENT(P) -> IDENT(y) ; } ;"},
	{"sizeof", "PROBE(sizeof)"}, // only declaration keywords start declarations

	// Predicates: '/' closes when followed by { ; / or the end.
	{"A /x / 2 > 1/ {}", "PROBE(A) / IDENT(x) / INT(2=2) > INT(1=1) EPRED { }"},
	{"A /(x / 2) > 1/ {}", "PROBE(A) / ( IDENT(x) / INT(2=2) ) > INT(1=1) EPRED { }"},
	{"A /x/", "PROBE(A) / IDENT(x) EPRED"},
	{"A /x/ /* c */ {}", "PROBE(A) / IDENT(x) EPRED { }"},
	{"A /x/\n// c\n{}", "PROBE(A) / IDENT(x) EPRED { }"},
	{"A /a[1] /b/ {}", "PROBE(A) / IDENT(a) [ INT(1=1) ] / IDENT(b) EPRED { }"},

	// C tokens.
	{"A{ x->y.z `jiffies vmlinux`jiffies libc.so.6`malloc a.b }",
		"PROBE(A) { IDENT(x) -> IDENT(y) . IDENT(z) IDENT(`jiffies) IDENT(vmlinux`jiffies) IDENT(libc.so.6`malloc) IDENT(a) . IDENT(b) }"},
	{"A{ x->string y.self }", "PROBE(A) { IDENT(x) -> IDENT(string) IDENT(y) . IDENT(self) }"},
	{"A{ @ @a @_b1[1] }", "PROBE(A) { AGG() AGG(a) AGG(_b1) [ INT(1=1) ] }"},
	{"A{ $1 $target $$1 $$pid }", "PROBE(A) { MACRO(1) MACRO(target) MACROSTR(1) MACROSTR(pid) }"},
	{"A{ + - * / % & | ^ << >> && || ^^ ! ~ ++ -- }", "PROBE(A) { + - * / % & | ^ << >> && || ^^ ! ~ ++ -- }"},
	{"A{ == != < > <= >= = += -= *= /= %= &= |= ^= <<= >>= }", "PROBE(A) { == != < > <= >= = += -= *= /= %= &= |= ^= <<= >>= }"},
	{"A{ ? : , ; . -> ... ( ) [ ] }", "PROBE(A) { ? : , ; . -> ... ( ) [ ] }"},
	{"A{ +++ a---b x+=+1 }", "PROBE(A) { ++ + IDENT(a) -- - IDENT(b) IDENT(x) += + INT(1=1) }"},

	// Integers.
	{"A{ 0 42 052 0x2a 0X2A 42u 42U 42l 42ul 42UL 42lu 42ll 42ull 42LLU 0x2aUL }",
		"PROBE(A) { INT(0=0) INT(42=42) INT(052=42) INT(0x2a=42) INT(0X2A=42) INT(42u=42) INT(42U=42) INT(42l=42) INT(42ul=42) INT(42UL=42) INT(42lu=42) INT(42ll=42) INT(42ull=42) INT(42LLU=42) INT(0x2aUL=42) }"},
	{"A{ 18446744073709551615 0xffffffffffffffff }", "PROBE(A) { INT(18446744073709551615=18446744073709551615) INT(0xffffffffffffffff=18446744073709551615) }"},
	// Characters.
	{`A{ 'a' '\n' '\0' '\x41' '\101' 'ab' '\'' '"' '\\' }`,
		`PROBE(A) { CHAR('a'=97) CHAR('\n'=10) CHAR('\0'=0) CHAR('\x41'=65) CHAR('\101'=65) CHAR('ab'=24930) CHAR('\''=39) CHAR('"'=34) CHAR('\\'=92) }`},
	// Strings.
	{`A{ "hello\n" "\t\r\\\"\'\a\b\f\v\0\101\x41\?" "" "a\qb" }`,
		`PROBE(A) { STRING("hello\n") STRING("\t\r\\\"'\a\b\f\v\x00AA?") STRING("") STRING("a\\qb") }`},

	// Keywords.
	{"A{ sizeof stringof offsetof xlate if else self this int }", "PROBE(A) { sizeof stringof offsetof xlate if else self this int }"},

	// Comments, control lines, whitespace.
	{"/* c */ BEGIN // x\n{ /* } */ }", "PROBE(BEGIN) { }"},
	{"#!/usr/sbin/dtrace -s\nBEGIN", "PROBE(BEGIN)"},
	{"#pragma D option quiet\nBEGIN", "PRAGMA( D option quiet) PROBE(BEGIN)"},
	{"  #pragma D option bufsize=8m\n", "PRAGMA( D option bufsize=8m)"},
	{"#line 12 \"foo.d\"\n# 12 \"foo.d\"\n#ident x\n#\nBEGIN", "PROBE(BEGIN)"},
	{"BEGIN {\n#pragma D option quiet\n x }", "PROBE(BEGIN) { PRAGMA( D option quiet) IDENT(x) }"},
	{"BEGIN { a \\\n b }", "PROBE(BEGIN) { IDENT(a) IDENT(b) }"},
}

func TestScan(t *testing.T) {
	for _, tt := range scanTests {
		got, errs := scanAll(tt.src)
		if got != tt.want {
			t.Errorf("scan %q:\n got %s\nwant %s", tt.src, got, tt.want)
		}
		if len(errs) > 0 {
			t.Errorf("scan %q: unexpected errors %q", tt.src, errs)
		}
	}
}

var scanErrorTests = []struct{ src, err string }{
	{"A{ \x01 }", `1:4: invalid character '\x01'`},
	{"A{ # }", `1:4: invalid character '#'`},
	{"A{ \xff }", `1:4: invalid character '\xff'`},
	{"A{ é }", `1:4: invalid character 'é'`},
	{"A{ $ }", `1:4: invalid character '$'`},
	{`A{ "abc`, "1:4: unterminated string"},
	{"A{ \"abc\n\" }", "1:4: newline encountered in string literal"},
	{"A{ 'a", "1:4: unterminated character constant"},
	{"A{ 'a\n' }", "1:4: newline encountered in character constant"},
	{"A{ '' }", "1:4: empty character constant"},
	{"A{ 'abcdefghi' }", "1:4: character constant is too long"},
	{`A{ "\x" }`, `1:5: \x used with no following hex digits`},
	{`A{ "\x100" }`, `1:5: hex escape sequence out of range`},
	{`A{ "\777" }`, `1:5: octal escape sequence out of range`},
	{"/* abc", "1:1: end-of-file encountered before matching */"},
	{"A{ /* a /* b */ }", "1:9: /* encountered inside a comment"},
	{"A{ 1.5 }", "1:4: floating-point constants are not permitted"},
	{"A{ .5 }", "1:4: floating-point constants are not permitted"},
	{"A{ 1e10 }", "1:4: floating-point constants are not permitted"},
	{"A{ 089 }", "1:4: constant 089 contains invalid digit 8"},
	{"A{ 12q }", "1:4: constant 12q contains invalid digit q"},
	{"A{ 12uu }", `1:4: invalid suffix "uu" on integer constant`},
	{"A{ 12lul }", `1:4: invalid suffix "lul" on integer constant`},
	{"A{ 0x }", `1:4: invalid suffix "x" on integer constant`},
	{"A{ 18446744073709551616 }", "1:4: constant 18446744073709551616 results in integer overflow"},
	{"#define X 1\n", "1:1: invalid control directive: #define"},
	{"A /(x/ {}", "1:6: closing ) expected in predicate before /"},
}

func TestScanErrors(t *testing.T) {
	for _, tt := range scanErrorTests {
		_, errs := scanAll(tt.src)
		if len(errs) == 0 || errs[0] != tt.err {
			t.Errorf("scan %q: got errors %q, want %q", tt.src, errs, tt.err)
		}
	}
}

// TestScanPositions checks Pos and End of each token.
func TestScanPositions(t *testing.T) {
	src := "BEGIN\n{ x = \"ab\"; }"
	f := token.NewFile("t.d", []byte(src))
	var s Scanner
	s.Init(f, nil, nil)
	want := []string{"BEGIN", "{", "x", "=", `"ab"`, ";", "}"}
	for i, w := range want {
		tok := s.Scan()
		got := src[f.Offset(tok.Pos):f.Offset(tok.End)]
		if got != w {
			t.Errorf("token %d: source text %q, want %q", i, got, w)
		}
	}
	if tok := s.Scan(); tok.Kind != token.EOF || tok.Pos != f.Pos(len(src)) {
		t.Errorf("got %v at %d, want EOF at end", tok.Kind, tok.Pos)
	}
	if tok := s.Scan(); tok.Kind != token.EOF {
		t.Errorf("after EOF got %v, want EOF again", tok.Kind)
	}
}

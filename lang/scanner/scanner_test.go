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
// as "line:col: TAG msg".
func scanAll(src string) (toks string, errs []string) {
	f := token.NewFile("t.d", []byte(src))
	var s Scanner
	s.Init(f, func(pos token.Pos, tag, msg string) {
		p := f.Position(pos)
		errs = append(errs, fmt.Sprintf("%d:%d: %s %s", p.Line, p.Column, tag, msg))
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
	// A description cannot begin with a digit: a number there is a
	// probe identifier, and what follows it another token.
	{"2", "INT(2=2)"},
	{"2-2", "INT(2=2) PROBE(-2)"},
	{"4.56", "INT(4=4) PROBE(.56)"},
	{"BEGIN, 0x10 {}", "PROBE(BEGIN) , INT(0x10=16) { }"},
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
	{"A{ 0 42 052 0x2a 0X2A 42u 42U 42l 42ul 42UL 42ll 42ull 42uLl 0x2aUL }",
		"PROBE(A) { INT(0=0) INT(42=42) INT(052=42) INT(0x2a=42) INT(0X2A=42) INT(42u=42) INT(42U=42) INT(42l=42) INT(42ul=42) INT(42UL=42) INT(42ll=42) INT(42ull=42) INT(42uLl=42) INT(0x2aUL=42) }"},
	{"A{ 18446744073709551615 0xffffffffffffffff }", "PROBE(A) { INT(18446744073709551615=18446744073709551615) INT(0xffffffffffffffff=18446744073709551615) }"},
	// A constant is what DTrace's RGX_INT matches; what follows is the
	// next token. The parser rejects these; DTrace does too.
	{"A{ 42lu 42LLU 12uu 12lul 0x 0x1g 12q 1e }",
		"PROBE(A) { INT(42l=42) IDENT(u) INT(42LL=42) IDENT(U) INT(12u=12) IDENT(u) INT(12l=12) IDENT(ul) INT(0=0) IDENT(x) INT(0x1=1) IDENT(g) INT(12=12) IDENT(q) INT(1=1) IDENT(e) }"},
	// Characters. Escapes are DTrace's stresc2chr(): \' is not one, so
	// '\'' is the two-byte constant '\\' '\''.
	{`A{ 'a' '\n' '\0' '\x41' '\101' 'ab' '\'' '"' '\\' '\x' '\x141' '\777' }`,
		`PROBE(A) { CHAR('a'=97) CHAR('\n'=10) CHAR('\0'=0) CHAR('\x41'=65) CHAR('\101'=65) CHAR('ab'=24930) CHAR('\''=23591) CHAR('"'=34) CHAR('\\'=92) CHAR('\x'=0) CHAR('\x141'=65) CHAR('\777'=255) }`},
	// Strings.
	{`A{ "hello\n" "\t\r\\\"\'\a\b\f\v\0\101\x41\?" "" "a\qb" }`,
		`PROBE(A) { STRING("hello\n") STRING("\t\r\\\"\\'\a\b\f\v\x00AA\\?") STRING("") STRING("a\\qb") }`},

	// Keywords.
	{"A{ sizeof stringof offsetof xlate if else self this int }", "PROBE(A) { sizeof stringof offsetof xlate if else self this int }"},

	// Comments, control lines, whitespace.
	{"/* c */ BEGIN // x\n{ /* } */ }", "PROBE(BEGIN) { }"},
	{"#!/usr/sbin/dtrace -s\nBEGIN", "PROBE(BEGIN)"},
	{"#pragma D option quiet\nBEGIN", "PRAGMA( D option quiet) PROBE(BEGIN)"},
	{"  #pragma D option bufsize=8m\n", "PRAGMA( D option bufsize=8m)"},
	{"#line 12 \"foo.d\"\n# 12 \"foo.d\"\n#ident x\n#\nBEGIN", "PROBE(BEGIN)"},
	// Pragmas other than "#pragma D ..." are C's: unknown ones are
	// ignored. #pragma [D] ident and line are handled by the scanner.
	{"#pragma once\n#pragma option quiet\n#pragma ident \"x\"\n#pragma D ident x\n#pragma\n#pragma D\nBEGIN", "PROBE(BEGIN)"},
	{"# pragma  D attributes Stable/Stable/Common x\n", "PRAGMA(  D attributes Stable/Stable/Common x)"},
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

// scanErrorTests give the first error of each source, with DTrace's tag
// and wording (lang/tag's table) and where DTrace reports it.
var scanErrorTests = []struct{ src, err string }{
	// A character no token starts with: the byte itself, as %c prints it.
	{"A{ \x01 }", "1:4: D_SYNTAX syntax error near \"\x01\""},
	{"A{ # }", `1:4: D_SYNTAX syntax error near "#"`},
	{"A{ \xff }", "1:4: D_SYNTAX syntax error near \"\xff\""},
	{"A{ é }", "1:4: D_SYNTAX syntax error near \"\xc3\""},
	{"A{ $ }", `1:4: D_SYNTAX syntax error near "$"`},
	{"A{ x) }", `1:5: D_SYNTAX extra ) in input stream`},
	{"A{ x] }", `1:5: D_SYNTAX extra ] in input stream`},
	// A literal cut by a newline is reported on the next line: DTrace
	// has read the newline. One cut by the end, or by a backslash before
	// the newline, matches no rule, and the quote is rejected.
	{`A{ "abc`, `1:4: D_SYNTAX syntax error near """`},
	{"A{ \"abc\\\n\" }", `1:4: D_SYNTAX syntax error near """`},
	{"A{ \"abc\n\" }", "2:1: D_STR_NL newline encountered in string literal"},
	{"A{ 'a", `1:4: D_SYNTAX syntax error near "'"`},
	{"A{ 'a\n' }", "2:1: D_CHR_NL newline encountered in character constant"},
	{"A{ '' }", "1:4: D_CHR_NULL empty character constant"},
	{"A{ 'abcdefghi' }", "1:4: D_CHR_OFLOW character constant is too long"},
	{`A{ '\x41\x41\x41\x41\x41\x41\x41\x41\x41' }`, "1:4: D_CHR_OFLOW character constant is too long"},
	// Comments: an unterminated one is reported at the end.
	{"/* abc\n", "2:1: D_SYNTAX end-of-file encountered before matching */"},
	{"A{ /* a /* b */ }", "1:9: D_SYNTAX /* encountered inside a comment"},
	// Numbers.
	{"A{ 1.5 }", "1:4: D_SYNTAX floating-point constants are not permitted"},
	{"A{ .5 }", "1:4: D_SYNTAX floating-point constants are not permitted"},
	{"A{ 1e10 }", "1:4: D_SYNTAX floating-point constants are not permitted"},
	{"A{ 1. }", "1:4: D_SYNTAX floating-point constants are not permitted"},
	{"A{ 1f }", "1:4: D_SYNTAX floating-point constants are not permitted"},
	{"A{ 089 }", "1:4: D_INT_DIGIT constant 089 contains invalid digit 8"},
	{"A{ 0128ul }", "1:4: D_INT_DIGIT constant 0128ul contains invalid digit 8"},
	{"A{ 18446744073709551616 }", "1:4: D_INT_OFLOW constant 18446744073709551616 results in integer overflow"},
	{"A{ 0x12345678123456781 }", "1:4: D_INT_OFLOW constant 0x12345678123456781 results in integer overflow"},
	{"A{ 02000000000000000000000 }", "1:4: D_INT_OFLOW constant 02000000000000000000000 results in integer overflow"},
	// Control lines.
	{"#define X 1\n", "1:1: D_PRAGCTL_INVAL invalid control directive: #define"},
	{"#option quiet\n", "1:1: D_PRAGCTL_INVAL invalid control directive: #option"},
	{"#\"x\"\nA", "2:1: D_PRAGCTL_INVAL invalid control directive"},
	{"#error stop 42 \"here now\"\n", "1:1: D_PRAGERR #error: stop here now "},
	{"#pragma error x\n", "1:1: D_PRAGERR #error: x "},
	{"#pragma D error \"this is an error message\"\n", "1:1: D_PRAGERR #error: this is an error message "},
	{"#pragma D error \"abc\n", "2:1: D_STR_NL newline encountered in string literal"},
	{"#line 089\n", "1:7: D_INT_DIGIT constant 089 contains invalid digit 8"},
	{"BEGIN { }\n#pragma D option quiet", "2:23: D_SYNTAX end-of-file encountered before end of control line"},
	// Reported where the lexer stopped looking ahead: at the "{".
	{"A /(x/ {}", "1:8: D_SYNTAX closing ) expected in predicate before /"},
	{"A /a[x/ {}", "1:9: D_SYNTAX closing ] expected in predicate before /"},
	{"A\n/(x/\n{}", "3:1: D_SYNTAX closing ) expected in predicate before /"},
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

package parser

import (
	"strings"
	"testing"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/token"
)

func parse(t *testing.T, name, src string) *ast.Program {
	t.Helper()
	prog, err := ParseFile(token.NewFile(name, []byte(src)))
	if err != nil {
		t.Errorf("parse %q: %v", src, err)
	}
	return prog
}

// programTests are whole programs and the dump of their items, one per line.
var programTests = []struct{ src, want string }{
	// Clauses.
	{`syscall::read:entry /arg0 > 0/ { @ = count(); }`,
		`(Clause (ProbeDesc syscall::read:entry) Pred=(Binary > (Ident arg0) (Int 0)) (ExprStmt (Assign = (Agg @) (Call count))))`},
	{`BEGIN {}`, `(Clause (ProbeDesc BEGIN))`},
	{`BEGIN { trace(1) }`, `(Clause (ProbeDesc BEGIN) (ExprStmt (Call trace (Int 1))))`},
	{`BEGIN{exit(0)}END{}`, "(Clause (ProbeDesc BEGIN) (ExprStmt (Call exit (Int 0))))\n(Clause (ProbeDesc END))"},
	{`BEGIN { ; a(); ; }`, `(Clause (ProbeDesc BEGIN) (Empty) (ExprStmt (Call a)) (Empty))`},
	{"syscall::read:entry, syscall::write:entry\n/pid == 1/\n{\n\ttrace(arg0);\n}",
		`(Clause (ProbeDesc syscall::read:entry) (ProbeDesc syscall::write:entry) Pred=(Binary == (Ident pid) (Int 1)) (ExprStmt (Call trace (Ident arg0))))`},
	{`profile-97, tick-1s, pid$target:libc.so.6:malloc:entry, syscall::*read*:, fbt:vmlinux:foo*:return {}`,
		`(Clause (ProbeDesc profile-97) (ProbeDesc tick-1s) (ProbeDesc pid$target:libc.so.6:malloc:entry) (ProbeDesc syscall::*read*:) (ProbeDesc fbt:vmlinux:foo*:return))`},
	{`A /x / 2 > 1/ {}`, `(Clause (ProbeDesc A) Pred=(Binary > (Binary / (Ident x) (Int 2)) (Int 1)))`},
	{`A /(x / 2) > 1/ {}`, `(Clause (ProbeDesc A) Pred=(Binary > (Paren (Binary / (Ident x) (Int 2))) (Int 1)))`},
	{`A /a[1, 2]/ {}`, `(Clause (ProbeDesc A) Pred=(Index (Ident a) (Int 1) (Int 2)))`},
	{`A /execname == "bash" && pid != $target/ {}`,
		`(Clause (ProbeDesc A) Pred=(Binary && (Binary == (Ident execname) (String "bash")) (Binary != (Ident pid) (Macro target))))`},

	// Statements.
	{`BEGIN { if (a) b(); }`, `(Clause (ProbeDesc BEGIN) (If (Ident a) (Then (ExprStmt (Call b)))))`},
	{`BEGIN { if (a) { b(); c() } else d(); e() }`,
		`(Clause (ProbeDesc BEGIN) (If (Ident a) (Then (ExprStmt (Call b)) (ExprStmt (Call c))) (Else (ExprStmt (Call d)))) (ExprStmt (Call e)))`},
	{`BEGIN { if (a) if (b) c(); else d(); }`,
		`(Clause (ProbeDesc BEGIN) (If (Ident a) (Then (If (Ident b) (Then (ExprStmt (Call c))) (Else (ExprStmt (Call d)))))))`},
	{`BEGIN { if (x) {} else if (y) {} else {} }`,
		`(Clause (ProbeDesc BEGIN) (If (Ident x) (Then) (Else (If (Ident y) (Then) (Else)))))`},
	{`BEGIN { if (x) ; }`, `(Clause (ProbeDesc BEGIN) (If (Ident x) (Then (Empty))))`},

	// Declarations.
	{`int x;`, `(VarDecl (Type "int") (Decl x))`},
	{`int x, y;`, `(VarDecl (Type "int") (Decl x) (Decl y))`},
	{`int*p;`, `(VarDecl (Type "int") (Decl *p))`},
	{`self int x; this string s; extern int y; static int z;`,
		"(VarDecl self (Type \"int\") (Decl x))\n(VarDecl this (Type \"string\") (Decl s))\n(VarDecl extern (Type \"int\") (Decl y))\n(VarDecl static (Type \"int\") (Decl z))"},
	// A storage class alone declares ints, as in DTrace.
	{`self x, y; this z;`, "(VarDecl self (Type \"int\") (Decl x) (Decl y))\n(VarDecl this (Type \"int\") (Decl z))"},
	{`int a[string, int];`, `(VarDecl (Type "int") (Decl a Keys[(Type "string") (Type "int")]))`},
	{`int v[4];`, `(VarDecl (Type "int") (Decl v [(Int 4)]))`},
	{`int m[2][3];`, `(VarDecl (Type "int") (Decl m [(Int 2)] [(Int 3)]))`},
	{`extern int f(void);`, `(VarDecl extern (Type "int") (Decl f Func((Type "void"))))`},
	{`int f();`, `(VarDecl (Type "int") (Decl f Func()))`},
	{`int f(int, char *p, ...);`, `(VarDecl (Type "int") (Decl f Func((Type "int") (Type "char") (Decl *p) ...)))`},
	{`int f(...);`, `(VarDecl (Type "int") (Decl f Func( ...)))`},
	{`int *(*fp)(void);`, `(VarDecl (Type "int") (Decl *(Decl *fp) Func((Type "void"))))`},
	{`int f(register x);`, `(VarDecl (Type "int") (Decl f Func((Type "int") (Decl x))))`},
	{`int a[...];`, `(VarDecl (Type "int") (Decl a Keys[...]))`},
	{`int a[int, ...];`, `(VarDecl (Type "int") (Decl a Keys[(Type "int") ...]))`},
	{`char *p;`, `(VarDecl (Type "char") (Decl *p))`},
	{`const char **const p;`, `(VarDecl (Type const "char") (Decl **p))`},
	{`unsigned long long int u;`, `(VarDecl (Type "unsigned long long int") (Decl u))`},
	{`struct foo { int a; char b[8]; unsigned int c:3; };`,
		`(TypeDecl (Type "struct foo" {(Member (Type "int") (Decl a)) (Member (Type "char") (Decl b [(Int 8)])) (Member (Type "unsigned int") (Decl c) Width=(Int 3))}))`},
	{`struct foo { int a, *b; int :2; } x;`,
		`(VarDecl (Type "struct foo" {(Member (Type "int") (Decl a)) (Member (Type "int") (Decl *b)) (Member (Type "int") Width=(Int 2))}) (Decl x))`},
	{`union u { int i; char c; };`, `(TypeDecl (Type "union u" {(Member (Type "int") (Decl i)) (Member (Type "char") (Decl c))}))`},
	{`struct foo x;`, `(VarDecl (Type "struct foo") (Decl x))`},
	{`struct foo;`, `(TypeDecl (Type "struct foo"))`},
	{`typedef unsigned long myulong_t; myulong_t v; myulong_t*p;`,
		"(TypeDecl typedef (Type \"unsigned long\") (Decl myulong_t))\n(VarDecl (Type \"myulong_t\") (Decl v))\n(VarDecl (Type \"myulong_t\") (Decl *p))"},
	{`typedef struct foo foo_t;`, `(TypeDecl typedef (Type "struct foo") (Decl foo_t))`},
	{`enum e { A, B = 5, C };`, `(TypeDecl (Type "enum e" {(Enum A) (Enum B (Int 5)) (Enum C)}))`},
	{`enum { X = 1 << 2 };`, `(TypeDecl (Type "enum" {(Enum X (Binary << (Int 1) (Int 2)))}))`},
	{`inline int maxval = 10;`, `(Inline (Type "int") (Decl maxval = (Int 10)))`},
	{`inline string name = "x" ;`, `(Inline (Type "string") (Decl name = (String "x")))`},
	{`inline int sq[int x] = x * x;`, `(Inline (Type "int") (Decl sq Keys[(Type "int") x] = (Binary * (Ident x) (Ident x))))`},
	{`inline int f[int, char *s] = 0;`, `(Inline (Type "int") (Decl f Keys[(Type "int") (Type "char" Ptr=1) s] = (Int 0)))`},
	{`int a[string s, int];`, `(VarDecl (Type "int") (Decl a Keys[(Type "string") s (Type "int")]))`},
	{`translator struct out < struct in *P > { a = P->x; b = 2; };`,
		`(Translator (Type "struct out") (Type "struct in" Ptr=1) P (XMember a (Selector -> (Ident P) x)) (XMember b (Int 2)))`},
	{`translator foo_t < uint64_t u > { };`, `(Translator (Type "foo_t") (Type "uint64_t") u)`},
	{"provider shop {\n\tprobe order(int qty, char *);\n\tprobe order__done(void);\n\tprobe tick();\n\tprobe ship(struct parcel *p) : (parcelinfo_t *p);\n};",
		`(Provider shop (Probe order (Type "int") (Type "char" Ptr=1)) (Probe order__done) (Probe tick) (Probe ship (Type "struct parcel" Ptr=1) : (Type "parcelinfo_t" Ptr=1)))`},
	{`uint64_t x; BEGIN { x = 1; }`,
		"(VarDecl (Type \"uint64_t\") (Decl x))\n(Clause (ProbeDesc BEGIN) (ExprStmt (Assign = (Ident x) (Int 1))))"},

	// Pragmas, in order, including one inside a clause.
	{"#pragma D option quiet\n#pragma D option bufsize=8m\nBEGIN {}",
		"(Pragma D option quiet)\n(Pragma D option bufsize=8m)\n(Clause (ProbeDesc BEGIN))"},
	{"BEGIN {\n#pragma D option quiet\n}\n#pragma D option flowindent\nEND {}",
		"(Clause (ProbeDesc BEGIN))\n(Pragma D option quiet)\n(Pragma D option flowindent)\n(Clause (ProbeDesc END))"},
	{"#!/usr/sbin/dtrace -s\n# 1 \"x.d\"\nBEGIN {}", `(Clause (ProbeDesc BEGIN))`},
}

func TestParsePrograms(t *testing.T) {
	for _, tt := range programTests {
		prog := parse(t, "t.d", tt.src)
		if got := DumpProgram(prog); got != tt.want {
			t.Errorf("parse %q:\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

// exprTests are expressions, parsed as the only statement of a clause.
var exprTests = []struct{ src, want string }{
	{`x`, `(Ident x)`},
	{`self`, `(Ident self)`},
	{`42`, `(Int 42)`},
	{`'a'`, `(Int 'a')`},
	{`"a\tb"`, `(String "a\tb")`},
	{`$1 + $$2 + $target`, `(Binary + (Binary + (Macro 1) (MacroStr 2)) (Macro target))`},
	{"`jiffies + vmlinux`jiffies", "(Binary + (Ident `jiffies) (Ident vmlinux`jiffies))"},
	{`@`, `(Agg @)`},
	{`@a[1, "x"]`, `(Agg @a (Int 1) (String "x"))`},
	{`@[execname] = count()`, `(Assign = (Agg @ (Ident execname)) (Call count))`},

	// Precedence and associativity, lowest to highest.
	{`a = 1, b = 2`, `(Binary , (Assign = (Ident a) (Int 1)) (Assign = (Ident b) (Int 2)))`},
	{`a = b = c`, `(Assign = (Ident a) (Assign = (Ident b) (Ident c)))`},
	{`a += b -= c`, `(Assign += (Ident a) (Assign -= (Ident b) (Ident c)))`},
	{`a *= b /= c %= d &= e |= f ^= g <<= h >>= i`,
		`(Assign *= (Ident a) (Assign /= (Ident b) (Assign %= (Ident c) (Assign &= (Ident d) (Assign |= (Ident e) (Assign ^= (Ident f) (Assign <<= (Ident g) (Assign >>= (Ident h) (Ident i)))))))))`},
	{`a ? b : c ? d : e`, `(Cond (Ident a) (Ident b) (Cond (Ident c) (Ident d) (Ident e)))`},
	{`a ? b, c : d`, `(Cond (Ident a) (Binary , (Ident b) (Ident c)) (Ident d))`},
	{`x = a || b ? 1 : 2`, `(Assign = (Ident x) (Cond (Binary || (Ident a) (Ident b)) (Int 1) (Int 2)))`},
	{`a || b ^^ c && d`, `(Binary || (Ident a) (Binary ^^ (Ident b) (Binary && (Ident c) (Ident d))))`},
	{`a && b ^^ c || d`, `(Binary || (Binary ^^ (Binary && (Ident a) (Ident b)) (Ident c)) (Ident d))`},
	{`a && b | c`, `(Binary && (Ident a) (Binary | (Ident b) (Ident c)))`},
	{`a | b ^ c & d`, `(Binary | (Ident a) (Binary ^ (Ident b) (Binary & (Ident c) (Ident d))))`},
	{`a & b == c`, `(Binary & (Ident a) (Binary == (Ident b) (Ident c)))`},
	{`a == b < c`, `(Binary == (Ident a) (Binary < (Ident b) (Ident c)))`},
	{`a != b >= c`, `(Binary != (Ident a) (Binary >= (Ident b) (Ident c)))`},
	{`a <= b << c`, `(Binary <= (Ident a) (Binary << (Ident b) (Ident c)))`},
	{`a >> b + c`, `(Binary >> (Ident a) (Binary + (Ident b) (Ident c)))`},
	{`a - b * c`, `(Binary - (Ident a) (Binary * (Ident b) (Ident c)))`},
	{`a - b - c`, `(Binary - (Binary - (Ident a) (Ident b)) (Ident c))`},
	{`a / b % c * d`, `(Binary * (Binary % (Binary / (Ident a) (Ident b)) (Ident c)) (Ident d))`},
	{`-a * b`, `(Binary * (Unary - (Ident a)) (Ident b))`},
	{`!a == b`, `(Binary == (Unary ! (Ident a)) (Ident b))`},
	{`- + ! ~ * & x`, `(Unary - (Unary + (Unary ! (Unary ~ (Unary * (Unary & (Ident x)))))))`},
	{`++x + y--`, `(Binary + (Unary ++ (Ident x)) (Postfix -- (Ident y)))`},
	{`*p->q`, `(Unary * (Selector -> (Ident p) q))`},
	{`&a.b`, `(Unary & (Selector . (Ident a) b))`},
	{`a->b.c[1]`, `(Index (Selector . (Selector -> (Ident a) b) c) (Int 1))`},
	{`a[1][2]`, `(Index (Index (Ident a) (Int 1)) (Int 2))`},
	{`self->a[k] = 1`, `(Assign = (Index (Selector -> (Ident self) a) (Ident k)) (Int 1))`},
	{`args[0]->name`, `(Selector -> (Index (Ident args) (Int 0)) name)`},
	{`x->string`, `(Selector -> (Ident x) string)`},
	{`f(a, (b, c))`, `(Call f (Ident a) (Paren (Binary , (Ident b) (Ident c))))`},
	{`printf("%d %s\n", -3, "s")`, `(Call printf (String "%d %s\n") (Unary - (Int 3)) (String "s"))`},

	// Casts and type operators.
	{`(int)x`, `(Cast (Type "int") (Ident x))`},
	{`(char *)p`, `(Cast (Type "char" Ptr=1) (Ident p))`},
	{`(struct foo **)p`, `(Cast (Type "struct foo" Ptr=2) (Ident p))`},
	{`(unsigned long long)x`, `(Cast (Type "unsigned long long") (Ident x))`},
	{`(const volatile int)x`, `(Cast (Type const volatile "int") (Ident x))`},
	{`(userland struct foo *)p`, `(Cast (Type userland "struct foo" Ptr=1) (Ident p))`},
	{`(uint64_t)x + 1`, `(Binary + (Cast (Type "uint64_t") (Ident x)) (Int 1))`},
	{`(uint64_t *)x`, `(Cast (Type "uint64_t" Ptr=1) (Ident x))`},
	{`(string)x`, `(Cast (Type "string") (Ident x))`},
	{`(int)-x`, `(Cast (Type "int") (Unary - (Ident x)))`},
	{`(int)(char)x`, `(Cast (Type "int") (Cast (Type "char") (Ident x)))`},
	{`(x)-y`, `(Binary - (Paren (Ident x)) (Ident y))`},
	{`sizeof(int)`, `(Sizeof (Type "int"))`},
	{`sizeof (struct foo)`, `(Sizeof (Type "struct foo"))`},
	{`sizeof(uint64_t)`, `(Sizeof (Type "uint64_t"))`},
	{`sizeof x`, `(Sizeof (Ident x))`},
	{`sizeof(x) + 1`, `(Binary + (Sizeof (Paren (Ident x))) (Int 1))`},
	{`sizeof(int [4])`, `(Sizeof (Type "int" [(Int 4)]))`},
	{`stringof(p)`, `(Stringof (Paren (Ident p)))`},
	{`stringof p`, `(Stringof (Ident p))`},
	{`offsetof(struct foo, bar)`, `(Offsetof (Type "struct foo") bar)`},
	{`xlate<struct psinfo *>(curthread)`, `(Xlate (Type "struct psinfo" Ptr=1) (Ident curthread))`},
	{`xlate<psinfo_t>(p)->pr_fname`, `(Selector -> (Xlate (Type "psinfo_t") (Ident p)) pr_fname)`},
}

func TestParseExprs(t *testing.T) {
	for _, tt := range exprTests {
		src := "BEGIN { " + tt.src + "; }"
		prog := parse(t, "t.d", src)
		if len(prog.Decls) != 1 {
			t.Errorf("parse %q: got %d items", src, len(prog.Decls))
			continue
		}
		c, ok := prog.Decls[0].(*ast.Clause)
		if !ok || len(c.Body) != 1 {
			t.Errorf("parse %q: got %s", src, DumpProgram(prog))
			continue
		}
		s, ok := c.Body[0].(*ast.ExprStmt)
		if !ok {
			t.Errorf("parse %q: got %s", src, DumpProgram(prog))
			continue
		}
		if got := Dump(s.X); got != tt.want {
			t.Errorf("parse %q:\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

// TestCallOfParen checks that a call of something other than a name
// parses, to a FuncExprCall the checker rejects (D_FUNC_IDENT), so that
// earlier errors in the program are reported first.
func TestCallOfParen(t *testing.T) {
	prog, err := ParseFile(token.NewFile("t.d", []byte("BEGIN { (x)(y); }")))
	if err != nil {
		t.Fatal(err)
	}
	s := prog.Decls[0].(*ast.Clause).Body[0].(*ast.ExprStmt)
	if got, want := Dump(s.X), "(CallOf (Paren (Ident x)) (Ident y))"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
}

func TestIntLit(t *testing.T) {
	tests := []struct {
		src                                     string
		value                                   uint64
		unsigned, long, longlong, decimal, char bool
	}{
		{"42", 42, false, false, false, true, false},
		{"0", 0, false, false, false, false, false},
		{"052", 42, false, false, false, false, false},
		{"0x2a", 42, false, false, false, false, false},
		{"42u", 42, true, false, false, true, false},
		{"42L", 42, false, true, false, true, false},
		{"42uL", 42, true, true, false, true, false},
		{"42ull", 42, true, false, true, true, false},
		{"9223372036854775808u", 1 << 63, true, false, false, true, false},
		{"0x8000000000000000", 1 << 63, false, false, false, false, false},
		{"0x2AULL", 42, true, false, true, false, false},
		{"'a'", 97, false, false, false, true, true},
		{"'\\n'", 10, false, false, false, true, true},
	}
	for _, tt := range tests {
		prog := parse(t, "t.d", "BEGIN { "+tt.src+"; }")
		lit := prog.Decls[0].(*ast.Clause).Body[0].(*ast.ExprStmt).X.(*ast.IntLit)
		got := []any{lit.Value, lit.Unsigned, lit.Long, lit.LongLong, lit.Decimal, lit.Char}
		want := []any{tt.value, tt.unsigned, tt.long, tt.longlong, tt.decimal, tt.char}
		for i := range got {
			if got[i] != want[i] {
				t.Errorf("%s: got %v, want %v (value, unsigned, long, longlong, decimal, char)", tt.src, got, want)
				break
			}
		}
		if lit.Text != tt.src {
			t.Errorf("%s: Text %q", tt.src, lit.Text)
		}
	}
}

func TestProbeDescFields(t *testing.T) {
	tests := []struct{ text, provider, module, function, name string }{
		{"BEGIN", "", "", "", "BEGIN"},
		{"tick-1s", "", "", "", "tick-1s"},
		{"read:entry", "", "", "read", "entry"},
		{"libc:malloc:entry", "", "libc", "malloc", "entry"},
		{"syscall::read:entry", "syscall", "", "read", "entry"},
		{"a:b:c:d", "a", "b", "c", "d"},
		{"syscall:::", "syscall", "", "", ""},
		{"syscall::*read*:", "syscall", "", "*read*", ""},
		{"pid$target:libc.so.6:malloc:entry", "pid$target", "libc.so.6", "malloc", "entry"},
		{"fbt::[a:b]x:entry", "fbt", "", "[a:b]x", "entry"},
		{`fbt::a\:b:entry`, "fbt", "", `a\:b`, "entry"},
	}
	for _, tt := range tests {
		prog := parse(t, "t.d", tt.text+" {}")
		if len(prog.Decls) != 1 {
			t.Errorf("%s: got %s", tt.text, DumpProgram(prog))
			continue
		}
		d := prog.Decls[0].(*ast.Clause).Probes[0]
		got := []string{d.Text, d.Provider, d.Module, d.Function, d.Name}
		want := []string{tt.text, tt.provider, tt.module, tt.function, tt.name}
		if strings.Join(got, "|") != strings.Join(want, "|") {
			t.Errorf("%s: got %q, want %q", tt.text, got, want)
		}
	}
}

// TestProbeSpecFields checks how a description fills the fields under
// each ProbeSpec (dtrace -n, -f, -m, -P), as dtrace_xstr2desc() does:
// from the right, starting at the field the spec ends with, a leading
// colon beginning no field.
func TestProbeSpecFields(t *testing.T) {
	tests := []struct {
		spec ast.ProbeSpec
		text string
		want string // provider|module|function|name, or the error
	}{
		{ast.SpecName, "BEGIN", "|||BEGIN"},
		{ast.SpecName, ":::BEGIN", "|||BEGIN"},
		{ast.SpecName, "::::BEGIN", "|||BEGIN"},
		{ast.SpecName, "a::::BEGIN", `invalid probe description "a::::BEGIN": Overspecified probe description`},
		{ast.SpecFunction, "read", "||read|"},
		{ast.SpecFunction, "::read:", "|read||"},
		{ast.SpecFunction, ":genunix::", "genunix|||"},
		{ast.SpecFunction, "syscall::read", "syscall||read|"},
		{ast.SpecFunction, "a:b:c:d", `invalid probe description "a:b:c:d": Overspecified probe description`},
		{ast.SpecModule, "vmlinux", "|vmlinux||"},
		{ast.SpecModule, "fbt:vmlinux", "fbt|vmlinux||"},
		{ast.SpecModule, ":genunix::", `invalid probe description ":genunix::": Overspecified probe description`},
		{ast.SpecProvider, "syscall", "syscall|||"},
		{ast.SpecProvider, ":syscall", "syscall|||"},
		{ast.SpecProvider, "profile:::", `invalid probe description "profile:::": Overspecified probe description`},
		{ast.SpecName, "2", "(ProbeID 2)"},
		{ast.SpecName, "0x10", "(ProbeID 16)"},
		{ast.SpecName, "4294967296", "identifier 4294967296 exceeds maximum probe id"},
		{ast.SpecFunction, "4", "probe identifier 4 not permitted when specifying functions"},
		{ast.SpecModule, "4", "probe identifier 4 not permitted when specifying modules"},
		{ast.SpecProvider, "4", "probe identifier 4 not permitted when specifying providers"},
	}
	for _, tt := range tests {
		prog, err := ParseFileSpec(token.NewFile("", []byte(tt.text)), nil, false, tt.spec)
		var got string
		switch {
		case err != nil:
			got = errorList(t, err)[0].Msg
		case prog.Decls[0].(*ast.Clause).Probes[0].ByID:
			got = DumpProgram(prog)
			got = got[len("(Clause ") : len(got)-len(" NoBody)")]
		default:
			d := prog.Decls[0].(*ast.Clause).Probes[0]
			got = strings.Join([]string{d.Provider, d.Module, d.Function, d.Name}, "|")
		}
		if got != tt.want {
			t.Errorf("%s under -%s: got %s, want %s", tt.text, tt.spec.Plural(), got, tt.want)
		}
	}
}

// TestProbeIDs checks that a number at the top level is a probe
// identifier, a clause of its own when descriptions follow it without a
// comma, as in DTrace's grammar.
func TestProbeIDs(t *testing.T) {
	prog, err := ParseFile(token.NewFile("", []byte("2-2 4.56, 7 {}")))
	if err != nil {
		t.Fatal(err)
	}
	want := "(Clause (ProbeID 2) NoBody)\n(Clause (ProbeDesc -2) NoBody)\n(Clause (ProbeID 4) NoBody)\n(Clause (ProbeDesc .56) (ProbeID 7))"
	if got := DumpProgram(prog); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestBodylessClause checks DTrace's rule: dtrace -n BEGIN is fine, a
// script file with a bare description is not.
func TestBodylessClause(t *testing.T) {
	prog, err := ParseFile(token.NewFile("", []byte("BEGIN")))
	if err != nil {
		t.Fatalf("command-line description: %v", err)
	}
	if got, want := DumpProgram(prog), "(Clause (ProbeDesc BEGIN) NoBody)"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	prog, err = ParseFile(token.NewFile("", []byte("BEGIN, END /x/ { } tick-1s")))
	if err != nil {
		t.Fatalf("command-line descriptions: %v", err)
	}
	if got, want := DumpProgram(prog), "(Clause (ProbeDesc BEGIN) (ProbeDesc END) Pred=(Ident x))\n(Clause (ProbeDesc tick-1s) NoBody)"; got != want {
		t.Errorf("got %s, want %s", got, want)
	}
	_, err = ParseFile(token.NewFile("t.d", []byte("BEGIN")))
	if err == nil || !strings.Contains(err.Error(), "expected predicate and/or actions following probe description") {
		t.Errorf("script file: got %v", err)
	}
}

// TestPositions checks the positions of a few nodes.
func TestPositions(t *testing.T) {
	src := "BEGIN,\n  END /x/\n{\n  a = b + 1;\n}\n"
	f := token.NewFile("t.d", []byte(src))
	prog, err := ParseFile(f)
	if err != nil {
		t.Fatal(err)
	}
	c := prog.Decls[0].(*ast.Clause)
	assign := c.Body[0].(*ast.ExprStmt).X.(*ast.AssignExpr)
	bin := assign.Y.(*ast.BinaryExpr)
	for _, tt := range []struct {
		what      string
		pos       token.Pos
		line, col int
	}{
		{"clause", c.Pos(), 1, 1},
		{"second probe", c.Probes[1].Pos(), 2, 3},
		{"predicate", c.Pred.Pos(), 2, 8},
		{"lbrace", c.Lbrace, 3, 1},
		{"assignment", assign.Pos(), 4, 3},
		{"=", assign.OpPos, 4, 5},
		{"+", bin.OpPos, 4, 9},
		{"1", bin.Y.Pos(), 4, 11},
	} {
		p := f.Position(tt.pos)
		if p.Line != tt.line || p.Column != tt.col {
			t.Errorf("%s at %d:%d, want %d:%d", tt.what, p.Line, p.Column, tt.line, tt.col)
		}
	}
}

// TestBase checks that positions go through the File, which may start at
// a non-zero Base when several files are compiled together.
func TestBase(t *testing.T) {
	f := token.NewFile("b.d", []byte("BEGIN {\n  x = ;\n}"))
	f.Base = 1000
	prog, err := ParseFile(f)
	list := errorList(t, err)
	if len(list) != 1 || list[0].Pos.Line != 2 || list[0].Pos.Column != 7 || list[0].Msg != `syntax error near ";"` {
		t.Fatalf("got %v", err)
	}
	c := prog.Decls[0].(*ast.Clause)
	if !f.Contains(c.Pos()) || f.Offset(c.Pos()) != 0 || f.Offset(c.Lbrace) != 6 {
		t.Errorf("clause at %d, lbrace at %d", c.Pos(), c.Lbrace)
	}
}

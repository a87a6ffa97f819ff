package parser

import (
	"testing"

	"github.com/godtrace/godtrace/lang/token"
)

// A name the environment knows as a type (a kernel typedef) makes a
// cast, a sizeof(type) and a declaration; the environment is asked only
// where a type could follow, so parenthesized expressions cost nothing.
func TestEnvironmentTypeNames(t *testing.T) {
	var asked []string
	isType := func(name string) bool {
		asked = append(asked, name)
		return name == "rwlock_t" || name == "u32"
	}
	for _, tt := range []struct{ src, want string }{
		{`BEGIN { p = (rwlock_t *)arg0; }`,
			`(Clause (ProbeDesc BEGIN) (ExprStmt (Assign = (Ident p) (Cast (Type "rwlock_t" Ptr=1) (Ident arg0)))))`},
		{`BEGIN { n = sizeof(u32) + (u32)x; }`,
			`(Clause (ProbeDesc BEGIN) (ExprStmt (Assign = (Ident n) (Binary + (Sizeof (Type "u32")) (Cast (Type "u32") (Ident x))))))`},
		{`BEGIN { n = (x) - 1; }`,
			`(Clause (ProbeDesc BEGIN) (ExprStmt (Assign = (Ident n) (Binary - (Paren (Ident x)) (Int 1)))))`},
	} {
		prog, err := ParseFileTypes(token.NewFile("t.d", []byte(tt.src)), isType)
		if err != nil {
			t.Errorf("parse %q: %v", tt.src, err)
			continue
		}
		if got := DumpProgram(prog); got != tt.want {
			t.Errorf("parse %q:\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
	asked = nil
	if _, err := ParseFileTypes(token.NewFile("t.d", []byte(`BEGIN { n = (x + 1) * (y); z = 2; }`)), isType); err != nil {
		t.Fatal(err)
	}
	if len(asked) != 1 || asked[0] != "y" {
		t.Errorf("environment asked about %q, want only [y]", asked)
	}
	if _, err := ParseFile(token.NewFile("t.d", []byte(`BEGIN { p = (rwlock_t *)arg0; }`))); err == nil {
		t.Error("(rwlock_t *) parsed as a cast without the environment")
	}
}

// A type name may end in an abstract function declarator, as in DTrace's
// grammar: int (int), int (*)(void), and a parenthesized pointer to an
// array; a cast still ends at its ')'.
func TestAbstractFunctionTypes(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{`BEGIN { x = (int)(y); }`,
			`(Clause (ProbeDesc BEGIN) (ExprStmt (Assign = (Ident x) (Cast (Type "int") (Paren (Ident y))))))`},
		{`BEGIN { x = sizeof(int (int)); }`,
			`(Clause (ProbeDesc BEGIN) (ExprStmt (Assign = (Ident x) (Sizeof (Type "int" (Decl  Func((Type "int"))))))))`},
		{`BEGIN { x = (char *(*)(void, ...))0; }`,
			`(Clause (ProbeDesc BEGIN) (ExprStmt (Assign = (Ident x) (Cast (Type "char" (Decl *(Decl *) Func((Type "void") ...))) (Int 0)))))`},
		{`BEGIN { x = sizeof(int (*)[3]); }`,
			`(Clause (ProbeDesc BEGIN) (ExprStmt (Assign = (Ident x) (Sizeof (Type "int" (Decl (Decl *) [(Int 3)]))))))`},
	} {
		prog, err := ParseFile(token.NewFile("t.d", []byte(tt.src)))
		if err != nil {
			t.Errorf("parse %q: %v", tt.src, err)
			continue
		}
		if got := DumpProgram(prog); got != tt.want {
			t.Errorf("parse %q:\n got %s\nwant %s", tt.src, got, tt.want)
		}
	}
}

// With the environment's type names, a name that is none is an
// identifier, as in DTrace: a syntax error where a type must be, and
// the declarator after a storage class.
func TestUnknownTypeNames(t *testing.T) {
	isType := func(name string) bool { return name == "u32" }
	for _, tt := range []struct{ src, err string }{
		{"BEGIN { trace(offsetof(vnode_t, v_count)); }", `t.d:1:24: syntax error near "vnode_t, v_count)); }"`},
		{"typedef pint new_int;\n", `t.d:1:14: syntax error near "new_int;"`},
		{"typedef pint *p;", `t.d:1:14: syntax error near "*"`},
		{"struct s {\n\tpint x;\n};", `t.d:2:2: syntax error near "pint x;"`},
		{"BEGIN { x = xlate<foo_t>(arg0); }", `t.d:1:19: syntax error near "foo_t>(arg0); }"`},
	} {
		_, err := ParseFileTypes(token.NewFile("t.d", []byte(tt.src)), isType)
		if err == nil || err.Error() != tt.err {
			t.Errorf("parse %q: got %v, want %s", tt.src, err, tt.err)
		}
	}
	for _, src := range []string{"typedef u32 new_int;", "struct s { u32 x; };", "BEGIN { trace(offsetof(struct s, x)); }"} {
		if _, err := ParseFileTypes(token.NewFile("t.d", []byte(src)), isType); err != nil {
			t.Errorf("parse %q: %v", src, err)
		}
	}
}

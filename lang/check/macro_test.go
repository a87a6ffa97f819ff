package check

import (
	"errors"
	"fmt"
	"strconv"
	"testing"

	"github.com/godtrace/godtrace/lang/ast"
)

// TestMacroArgumentKinds checks what $1 stands for, as DTrace's lexer
// reads it: an integer, an identifier (execname names the built-in
// variable; only $$1 makes it a string), or, for text that is neither,
// a string with surrounding quotes dropped and escapes decoded.
func TestMacroArgumentKinds(t *testing.T) {
	tests := []struct {
		arg  string
		want string // the expression $1 stands for, or the error
	}{
		{"42", "(Int 42)"},
		{"-5", "(Int -5)"},
		{"execname", "(Ident execname)"},
		{"vmlinux`jiffies", "error D_IDENT_UNDEF failed to resolve vmlinux`jiffies: Unknown symbol name"},
		{"nosuch", "error D_IDENT_UNDEF failed to resolve nosuch: Unknown variable name"},
		{`"a b"`, `(String "a b")`},
		{`"`, `(String "\"")`},
		{`a\tb c`, `(String "a\tb c")`},
		{"/tmp/x", `(String "/tmp/x")`},
		{"", `(String "")`},
	}
	for _, tt := range tests {
		f, prog := parse(t, "m.d", []byte("BEGIN { x = $1; }"))
		cfg := config(t, f)
		cfg.Macros = []string{"m.d", tt.arg}
		info, err := Check(prog, cfg)
		got := ""
		var list ErrorList
		if errors.As(err, &list) {
			got = "error " + list[0].Tag + " " + list[0].Msg
		} else {
			for m, e := range info.Macros {
				if m.Name == "1" {
					got = dumpExpr(e)
				}
			}
		}
		if got != tt.want {
			t.Errorf("$1 = %q: %s, want %s", tt.arg, got, tt.want)
		}
	}
}

// dumpExpr renders the expressions a macro argument can stand for.
func dumpExpr(e ast.Expr) string {
	switch e := e.(type) {
	case *ast.IntLit:
		return fmt.Sprintf("(Int %d)", int64(e.Value))
	case *ast.Ident:
		return "(Ident " + e.Name + ")"
	case *ast.StrLit:
		return "(String " + strconv.Quote(e.Value) + ")"
	}
	return "?"
}

// TestUserAddrConversion checks %A: a plain integer only when there is
// a target process ($target is not 0, dtrace -p or -c).
func TestUserAddrConversion(t *testing.T) {
	for _, target := range []string{"", "0", "1234"} {
		f, prog := parse(t, "a.d", []byte(`BEGIN { printf("%A\n", arg0); }`))
		cfg := config(t, f)
		if target != "" {
			cfg.MacroVars = map[string]string{"target": target}
		}
		_, err := Check(prog, cfg)
		var list ErrorList
		failed := errors.As(err, &list) && list[0].Tag == "D_PRINTF_ARG_TYPE"
		if want := target != "1234"; failed != want {
			t.Errorf("$target %q: error %v, want one: %v", target, err, want)
		}
	}
}

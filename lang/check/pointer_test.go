package check

import (
	"testing"

	"github.com/godtrace/godtrace/lang/ast"
)

// TestPointerTypes checks the types DTrace's pointer rules give: the
// more specific pointer of a ?: pair, a pointer plus an integer, the
// difference of two pointers, and the unpromoted type of unary minus.
func TestPointerTypes(t *testing.T) {
	const prelude = "BEGIN { ip = (int *)arg0; iq = ip; vp = (void *)arg0; cp = (char *)arg0; x = "
	for _, tt := range []struct{ expr, want string }{
		{"ip - iq", "ptrdiff_t"},
		{"ip + 1", "int *"},
		{"1 + ip", "int *"},
		{"ip - 1", "int *"},
		{"arg0 ? ip : 0", "int *"},
		{"arg0 ? 0 : ip", "int *"},
		{"arg0 ? vp : ip", "int *"},
		{"arg0 ? ip : vp", "int *"},
		{"arg0 ? cp : \"abc\"", "string"},
		{"NULL", "int"},
		{"-'a'", "int"},
		{"~(short)1", "short"},
		{"*ip", "int"},
		{"ip[2]", "int"},
		{"2[ip]", "int"},
		{"execname[0]", "char"},
		{"*execname", "char"},
		{"(string)cp", "string"},
		{"stringof(ip)", "string"},
		{"&curthread->pid", "pid_t *"},
		{"ip == NULL", "int"},
		{"execname + 1", "string"},
	} {
		src := []byte(prelude + tt.expr + "; }")
		_, prog := parse(t, "", src)
		info, err := Check(prog, config(t, nil))
		if err != nil {
			t.Errorf("%s: %v", tt.expr, err)
			continue
		}
		body := prog.Decls[0].(*ast.Clause).Body
		rhs := body[len(body)-1].(*ast.ExprStmt).X.(*ast.AssignExpr).Y
		if got := info.Types[rhs].String(); got != tt.want {
			t.Errorf("%s: type %s, want %s", tt.expr, got, tt.want)
		}
	}
}

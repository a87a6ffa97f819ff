package parser

import (
	"fmt"
	"strings"

	"github.com/godtrace/godtrace/lang/ast"
)

// Dump renders a syntax tree compactly as nested lists, one per node,
// for tests and for inspecting what the parser built:
//
//	(Clause (ProbeDesc syscall::read:entry) Pred=(Binary > (Ident arg0) (Int 0))
//	  (ExprStmt (Assign = (Agg @) (Call count))))
//
// (shown wrapped here). Positions are not shown. Types are
// (Type "name" ...) with the name quoted because it may contain spaces; a
// placeholder left by a syntax error is (Bad).
func Dump(n ast.Node) string {
	var d dumper
	d.node(n)
	return d.String()
}

// DumpProgram dumps each top-level item of prog on a line of its own.
func DumpProgram(prog *ast.Program) string {
	var d dumper
	for i, decl := range prog.Decls {
		if i > 0 {
			d.WriteByte('\n')
		}
		d.node(decl)
	}
	return d.String()
}

type dumper struct{ strings.Builder }

func (d *dumper) printf(format string, args ...any) { fmt.Fprintf(d, format, args...) }

func (d *dumper) node(n ast.Node) {
	switch n := n.(type) {
	case ast.Decl:
		d.decl(n)
	case ast.Stmt:
		d.stmt(n)
	case ast.Expr:
		d.expr(n)
	case *ast.ProbeDesc:
		if n.ByID {
			d.printf("(ProbeID %d)", n.ID)
			break
		}
		d.printf("(ProbeDesc %s)", n.Text)
	case *ast.TypeExpr:
		d.typ(n)
	case *ast.Declarator:
		d.declarator(n)
	case *ast.Member:
		d.member(n)
	case *ast.Enumerator:
		d.enumerator(n)
	case *ast.XlateMember:
		d.printf("(XMember %s ", n.Name)
		d.expr(n.X)
		d.WriteString(")")
	case nil:
		d.WriteString("<nil>")
	default:
		d.printf("<%T>", n)
	}
}

func (d *dumper) decl(n ast.Decl) {
	switch n := n.(type) {
	case *ast.Clause:
		d.WriteString("(Clause")
		for _, pd := range n.Probes {
			d.WriteByte(' ')
			d.node(pd)
		}
		if n.Pred != nil {
			d.WriteString(" Pred=")
			d.expr(n.Pred)
		}
		if !n.Lbrace.IsValid() {
			d.WriteString(" NoBody")
		}
		d.stmts(n.Body)
		d.WriteString(")")
	case *ast.Pragma:
		d.printf("(Pragma %s)", strings.Join(n.Words, " "))
	case *ast.VarDecl:
		d.WriteString("(VarDecl ")
		if n.Class != 0 {
			d.printf("%s ", n.Class)
		}
		d.typ(n.Type)
		d.declarators(n.Names)
		d.WriteString(")")
	case *ast.TypeDecl:
		d.WriteString("(TypeDecl ")
		if n.Typedef {
			d.WriteString("typedef ")
		}
		d.typ(n.Type)
		d.declarators(n.Names)
		d.WriteString(")")
	case *ast.InlineDecl:
		d.WriteString("(Inline ")
		d.typ(n.Type)
		d.WriteByte(' ')
		d.declarator(n.Decl)
		d.WriteString(")")
	case *ast.ProviderDecl:
		d.printf("(Provider %s", n.Name)
		for _, pr := range n.Probes {
			d.printf(" (Probe %s", pr.Name)
			for _, a := range pr.Args {
				d.WriteByte(' ')
				d.typ(a)
			}
			if pr.XArgs != nil {
				d.WriteString(" :")
				for _, a := range pr.XArgs {
					d.WriteByte(' ')
					d.typ(a)
				}
			}
			d.WriteString(")")
		}
		d.WriteString(")")
	case *ast.TranslatorDecl:
		d.WriteString("(Translator ")
		d.typ(n.Out)
		d.WriteByte(' ')
		d.typ(n.In)
		d.printf(" %s", n.InName)
		for _, m := range n.Members {
			d.WriteByte(' ')
			d.node(m)
		}
		d.WriteString(")")
	default:
		d.printf("<%T>", n)
	}
}

func (d *dumper) declarators(list []*ast.Declarator) {
	for _, x := range list {
		d.WriteByte(' ')
		d.declarator(x)
	}
}

// declarator renders (Decl name *... [dims]... Keys[types] = init).
func (d *dumper) declarator(n *ast.Declarator) {
	if n == nil {
		d.WriteString("<nil>")
		return
	}
	name := n.Name
	if n.Inner != nil {
		name = ""
	}
	d.printf("(Decl %s%s", strings.Repeat("*", n.Ptr), name)
	if n.Inner != nil {
		d.declarator(n.Inner)
	}
	for _, dims := range n.Arrays {
		d.WriteString(" [")
		d.exprList(dims)
		d.WriteString("]")
	}
	if n.Keys != nil {
		d.WriteString(" Keys[")
		for i, k := range n.Keys {
			if i > 0 {
				d.WriteByte(' ')
			}
			d.typ(k)
			if i < len(n.Params) && n.Params[i] != "" {
				d.WriteString(" " + n.Params[i])
			}
		}
		if n.KeyVarargs.IsValid() {
			d.WriteString(" ...")
		}
		d.WriteString("]")
	} else if n.KeyVarargs.IsValid() {
		d.WriteString(" Keys[...]")
	}
	if f := n.Func; f != nil {
		d.WriteString(" Func(")
		for i, prm := range f.Params {
			if i > 0 {
				d.WriteByte(' ')
			}
			d.typ(prm.Type)
			if prm.Decl != nil {
				d.WriteByte(' ')
				d.declarator(prm.Decl)
			}
		}
		if f.Varargs.IsValid() {
			d.WriteString(" ...")
		}
		d.WriteString(")")
	}
	if n.Init != nil {
		d.WriteString(" = ")
		d.expr(n.Init)
	}
	d.WriteString(")")
}

// typ renders (Type quals "name" Ptr=n [dim] {members-or-enumerators}).
func (d *dumper) typ(n *ast.TypeExpr) {
	if n == nil {
		d.WriteString("<nil>")
		return
	}
	d.WriteString("(Type ")
	for _, q := range n.Quals {
		d.printf("%s ", q)
	}
	d.printf("%q", n.Name)
	if n.Ptr > 0 {
		d.printf(" Ptr=%d", n.Ptr)
	}
	if n.Abstract != nil {
		d.WriteByte(' ')
		d.declarator(n.Abstract)
	}
	for _, dim := range n.Arrays {
		d.WriteString(" [")
		if dim != nil {
			d.expr(dim)
		}
		d.WriteString("]")
	}
	if n.Members != nil {
		d.WriteString(" {")
		for i, m := range n.Members {
			if i > 0 {
				d.WriteByte(' ')
			}
			d.member(m)
		}
		d.WriteString("}")
	}
	if n.Enums != nil {
		d.WriteString(" {")
		for i, e := range n.Enums {
			if i > 0 {
				d.WriteByte(' ')
			}
			d.enumerator(e)
		}
		d.WriteString("}")
	}
	d.WriteString(")")
}

func (d *dumper) member(m *ast.Member) {
	d.WriteString("(Member ")
	d.typ(m.Type)
	if m.Decl != nil {
		d.WriteByte(' ')
		d.declarator(m.Decl)
	}
	if m.Width != nil {
		d.WriteString(" Width=")
		d.expr(m.Width)
	}
	d.WriteString(")")
}

func (d *dumper) enumerator(e *ast.Enumerator) {
	d.printf("(Enum %s", e.Name)
	if e.Value != nil {
		d.WriteByte(' ')
		d.expr(e.Value)
	}
	d.WriteString(")")
}

func (d *dumper) stmts(list []ast.Stmt) {
	for _, s := range list {
		d.WriteByte(' ')
		d.stmt(s)
	}
}

func (d *dumper) stmt(n ast.Stmt) {
	switch n := n.(type) {
	case *ast.ExprStmt:
		d.WriteString("(ExprStmt ")
		d.expr(n.X)
		d.WriteString(")")
	case *ast.IfStmt:
		d.WriteString("(If ")
		d.expr(n.Cond)
		d.WriteString(" (Then")
		d.stmts(n.Then)
		d.WriteString(")")
		if n.Else != nil {
			d.WriteString(" (Else")
			d.stmts(n.Else)
			d.WriteString(")")
		}
		d.WriteString(")")
	case *ast.EmptyStmt:
		d.WriteString("(Empty)")
	default:
		d.printf("<%T>", n)
	}
}

func (d *dumper) exprList(list []ast.Expr) {
	for i, x := range list {
		if i > 0 {
			d.WriteByte(' ')
		}
		d.expr(x)
	}
}

// args renders each expression preceded by a space.
func (d *dumper) args(list []ast.Expr) {
	for _, x := range list {
		d.WriteByte(' ')
		d.expr(x)
	}
}

func (d *dumper) expr(n ast.Expr) {
	switch n := n.(type) {
	case nil:
		d.WriteString("<nil>")
	case *ast.Ident:
		if n.Name == "" {
			d.WriteString("(Bad)")
		} else {
			d.printf("(Ident %s)", n.Name)
		}
	case *ast.IntLit:
		d.printf("(Int %s)", n.Text)
	case *ast.StrLit:
		d.printf("(String %q)", n.Value)
	case *ast.MacroVar:
		if n.Str {
			d.printf("(MacroStr %s)", n.Name)
		} else {
			d.printf("(Macro %s)", n.Name)
		}
	case *ast.AggExpr:
		d.printf("(Agg @%s", n.Name)
		d.args(n.Keys)
		d.WriteString(")")
	default:
		d.compound(n)
	}
}

// compound renders the expressions that have operands.
func (d *dumper) compound(n ast.Expr) {
	switch n := n.(type) {
	case *ast.UnaryExpr:
		d.printf("(Unary %s ", n.Op)
		d.expr(n.X)
	case *ast.PostfixExpr:
		d.printf("(Postfix %s ", n.Op)
		d.expr(n.X)
	case *ast.BinaryExpr:
		d.printf("(Binary %s", n.Op)
		d.args([]ast.Expr{n.X, n.Y})
	case *ast.AssignExpr:
		d.printf("(Assign %s", n.Op)
		d.args([]ast.Expr{n.X, n.Y})
	case *ast.CondExpr:
		d.WriteString("(Cond")
		d.args([]ast.Expr{n.C, n.T, n.F})
	case *ast.CallExpr:
		d.printf("(Call %s", n.Fun.Name)
		d.args(n.Args)
	case *ast.FuncExprCall:
		d.WriteString("(CallOf")
		d.args(append([]ast.Expr{n.Fun}, n.Args...))
	case *ast.IndexExpr:
		d.WriteString("(Index")
		d.args(append([]ast.Expr{n.X}, n.Keys...))
	case *ast.SelectorExpr:
		d.printf("(Selector %s ", n.Op)
		d.expr(n.X)
		d.printf(" %s", n.Sel)
	case *ast.ParenExpr:
		d.WriteString("(Paren ")
		d.expr(n.X)
	default:
		d.typed(n)
		return
	}
	d.WriteString(")")
}

// typed renders the expressions that involve a type name.
func (d *dumper) typed(n ast.Expr) {
	switch n := n.(type) {
	case *ast.CastExpr:
		d.WriteString("(Cast ")
		d.typ(n.Type)
		d.args([]ast.Expr{n.X})
	case *ast.SizeofExpr:
		d.WriteString("(Sizeof ")
		if n.Type != nil {
			d.typ(n.Type)
		} else {
			d.expr(n.X)
		}
	case *ast.OffsetofExpr:
		d.WriteString("(Offsetof ")
		d.typ(n.Type)
		d.printf(" %s", n.Member)
	case *ast.StringofExpr:
		d.WriteString("(Stringof ")
		d.expr(n.X)
	case *ast.XlateExpr:
		d.WriteString("(Xlate ")
		d.typ(n.Type)
		d.args([]ast.Expr{n.X})
	default:
		d.printf("<%T>", n)
		return
	}
	d.WriteString(")")
}

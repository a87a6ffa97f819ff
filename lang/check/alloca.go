package check

import (
	"sort"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/lang/token"
)

// alloca() memory, which copyin() also returns, is the one memory a D
// program may write through a pointer: the checker follows which values
// point into it, as Oracle DTrace's DT_NF_ALLOCA flag does, so that a
// store through such a pointer is allowed (and bounds-checked when the
// program runs) while any other store into memory is refused.
//
// A value points into alloca() memory when it comes from alloca() or
// copyin(), from such a value by a cast, + or -, ?:, ++ or --, from the
// address of an object in that memory (&p[i], an array member p->a
// decaying to its address), or from a variable assigned such a value
// anywhere in the program. A variable therefore holds alloca pointers
// or other values, never both (D_ALLOCA_INCOMPAT), since the same
// variable is read the same way in every clause. Because a variable may
// be assigned after (or in a predicate checked after) the code that
// reads it, the variables are found by iterating to a fixed point once
// every clause is typed, and the stores into memory the checker met
// are judged then.

// allocaTaint is what the pass knows: the variables holding alloca
// pointers.
type allocaTaint struct {
	info *Info
	vars map[*Var]bool
}

// memStore is a store into memory through a pointer, waiting for the
// alloca pass to say whether the memory is alloca() memory.
type memStore struct {
	x  ast.Expr
	op token.Kind
}

// allocaPass finds the alloca pointers of the checked program, records
// the memory accesses through them in Info.AllocaMem, and reports the
// stores into other memory and the misuses of alloca pointers.
func (c *checker) allocaPass() {
	a := &allocaTaint{info: c.info, vars: map[*Var]bool{}}
	var assigns []*ast.AssignExpr
	var calls []*ast.CallExpr
	var all []ast.Expr
	clauseOf := map[*ast.AssignExpr]*ast.Clause{}
	for _, cl := range c.info.Clauses {
		visit := func(e ast.Expr) {
			all = append(all, e)
			switch e := e.(type) {
			case *ast.AssignExpr:
				assigns = append(assigns, e)
				clauseOf[e] = cl
			case *ast.CallExpr:
				calls = append(calls, e)
			}
		}
		if cl.Pred != nil {
			walkExpr(cl.Pred, visit)
		}
		walkStmts(cl.Body, visit)
	}
	sort.SliceStable(assigns, func(i, j int) bool { return assigns[i].OpPos < assigns[j].OpPos })
	for changed := true; changed; {
		changed = false
		for _, e := range assigns {
			if v := a.target(e); v != nil && !a.vars[v] && a.ptr(e.Y) {
				a.vars[v], changed = true, true
			}
		}
	}
	a.incompatible(c, assigns, clauseOf)
	for _, e := range all {
		if a.mem(e) {
			c.info.AllocaMem[e] = true
		}
		if a.ptr(e) {
			c.info.AllocaPtrs[e] = true
		}
	}
	for _, s := range c.memStores {
		if !a.mem(s.x) {
			// A limit of code generation, found after checking, as
			// DTrace finds what it cannot generate: any error the
			// checker reports comes first.
			c.cgError(s.x.Pos(), tag.UnsupportedStore, s.op)
		}
	}
	for _, call := range calls {
		n := 0
		switch call.Fun.Name {
		case "bcopy":
			n = 2
		case "copyinto":
			n = 3
		}
		if n > 0 && len(call.Args) >= n && !a.ptr(call.Args[n-1]) && c.info.Types[call.Args[n-1]].Kind != Invalid {
			c.error(call.Args[n-1].Pos(), tag.ProtoArg, call.Fun.Name, n, "alloca pointer", "non-alloca pointer")
		}
	}
}

// target is the variable an assignment stores a pointer value into, if
// any: a string is stored by value, so it carries no taint.
func (a *allocaTaint) target(e *ast.AssignExpr) *Var {
	if e.Op != token.ASSIGN {
		return nil
	}
	v := a.info.Vars[ast.Unparen(e.X)]
	if v == nil || v.Type.Kind == String {
		return nil
	}
	return v
}

// incompatible reports a variable given both alloca pointers and other
// values, and a ?: with one alloca branch assigned to a variable. DTrace
// finds the first when it generates the code of the first store of the
// kind that came second, so reports it at its clause's first probe
// description, where its line counter stands then.
func (a *allocaTaint) incompatible(c *checker, assigns []*ast.AssignExpr, clauseOf map[*ast.AssignExpr]*ast.Clause) {
	type stores struct{ alloca, other *ast.AssignExpr }
	seen := map[*Var]*stores{}
	var order []*Var
	for _, e := range assigns {
		v := a.target(e)
		if v == nil {
			continue
		}
		if a.mixed(e.Y) {
			c.error(e.OpPos, tag.AllocaIncompatCond)
			continue
		}
		s := seen[v]
		if s == nil {
			s = &stores{}
			seen[v] = s
			order = append(order, v)
		}
		switch {
		case a.ptr(e.Y):
			if s.alloca == nil {
				s.alloca = e
			}
		case !c.isNull(e.Y):
			if s.other == nil {
				s.other = e
			}
		}
	}
	for _, v := range order {
		s := seen[v]
		if s.alloca == nil || s.other == nil {
			continue
		}
		at := s.alloca
		if s.other.OpPos > at.OpPos {
			at = s.other
		}
		c.error(clauseOf[at].Pos(), tag.AllocaIncompat, v.Name)
	}
}

// ptr reports whether the value of e points into alloca() memory.
func (a *allocaTaint) ptr(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.ParenExpr:
		return a.ptr(x.X)
	case *ast.CallExpr:
		_, action := a.info.Actions[x]
		return !action && (x.Fun.Name == "alloca" || x.Fun.Name == "copyin")
	case *ast.CastExpr:
		// DTrace lets no cast remove the taint.
		return a.ptr(x.X)
	case *ast.BinaryExpr:
		switch x.Op {
		case token.ADD, token.SUB:
			return a.ptr(x.X) || a.ptr(x.Y)
		case token.COMMA:
			return a.ptr(x.Y)
		}
		return false
	case *ast.CondExpr:
		return a.ptr(x.T) || a.ptr(x.F)
	case *ast.AssignExpr:
		if x.Op == token.ASSIGN {
			return a.ptr(x.Y)
		}
		return a.ptr(x.X)
	case *ast.PostfixExpr:
		return a.ptr(x.X)
	case *ast.UnaryExpr:
		switch x.Op {
		case token.INC, token.DEC:
			return a.ptr(x.X)
		case token.AND:
			return a.mem(x.X)
		}
	}
	if v := a.info.Vars[e]; v != nil {
		return a.vars[v]
	}
	// An array in alloca() memory stands for its address.
	return a.info.Types[e].Kind == Array && a.mem(e)
}

// mem reports whether e names an object in alloca() memory.
func (a *allocaTaint) mem(e ast.Expr) bool {
	if a.info.Vars[e] != nil {
		return false
	}
	switch x := e.(type) {
	case *ast.ParenExpr:
		return a.mem(x.X)
	case *ast.UnaryExpr:
		return x.Op == token.MUL && a.ptr(x.X)
	case *ast.IndexExpr:
		if len(x.Keys) != 1 || a.info.InlineCalls[x] != nil {
			return false
		}
		base := x.X
		if a.info.Types[base].Kind == Int {
			base = x.Keys[0] // i[p] is p[i]
		}
		switch a.info.Types[base].Kind {
		case Pointer:
			return a.ptr(base)
		case Array:
			return a.mem(base)
		}
	case *ast.SelectorExpr:
		if _, ok := a.info.Members[x]; !ok {
			return false
		}
		if x.Op == token.ARROW {
			return a.ptr(x.X)
		}
		return a.mem(x.X)
	}
	return false
}

// mixed reports whether e is, or is computed from, a ?: with one alloca
// branch and one other.
func (a *allocaTaint) mixed(e ast.Expr) bool {
	switch x := e.(type) {
	case *ast.ParenExpr:
		return a.mixed(x.X)
	case *ast.CastExpr:
		return a.mixed(x.X)
	case *ast.CondExpr:
		return a.ptr(x.T) != a.ptr(x.F) || a.mixed(x.T) || a.mixed(x.F)
	case *ast.BinaryExpr:
		if x.Op == token.ADD || x.Op == token.SUB {
			return a.mixed(x.X) || a.mixed(x.Y)
		}
	}
	return false
}

// walkStmts calls f for every expression in list, outer ones first.
func walkStmts(list []ast.Stmt, f func(ast.Expr)) {
	for _, s := range list {
		switch s := s.(type) {
		case *ast.ExprStmt:
			walkExpr(s.X, f)
		case *ast.IfStmt:
			walkExpr(s.Cond, f)
			walkStmts(s.Then, f)
			walkStmts(s.Else, f)
		}
	}
}

// walkExpr calls f for e and every expression inside it, outer ones
// first.
func walkExpr(e ast.Expr, f func(ast.Expr)) {
	if e == nil {
		return
	}
	f(e)
	switch x := e.(type) {
	case *ast.ParenExpr:
		walkExpr(x.X, f)
	case *ast.UnaryExpr:
		walkExpr(x.X, f)
	case *ast.PostfixExpr:
		walkExpr(x.X, f)
	case *ast.BinaryExpr:
		walkExpr(x.X, f)
		walkExpr(x.Y, f)
	case *ast.AssignExpr:
		walkExpr(x.X, f)
		walkExpr(x.Y, f)
	case *ast.CondExpr:
		walkExpr(x.C, f)
		walkExpr(x.T, f)
		walkExpr(x.F, f)
	case *ast.CallExpr:
		for _, a := range x.Args {
			walkExpr(a, f)
		}
	case *ast.FuncExprCall:
		walkExpr(x.Fun, f)
		for _, a := range x.Args {
			walkExpr(a, f)
		}
	case *ast.IndexExpr:
		walkExpr(x.X, f)
		for _, k := range x.Keys {
			walkExpr(k, f)
		}
	case *ast.SelectorExpr:
		walkExpr(x.X, f)
	case *ast.CastExpr:
		walkExpr(x.X, f)
	case *ast.StringofExpr:
		walkExpr(x.X, f)
	case *ast.SizeofExpr:
		// sizeof's operand is not evaluated.
	case *ast.AggExpr:
		for _, k := range x.Keys {
			walkExpr(k, f)
		}
	case *ast.XlateExpr:
		walkExpr(x.X, f)
	}
}

package check

import (
	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/tag"
)

// specAction checks speculate(id), commit(id) and discard(id), whose
// prototype is void(int).
func (c *checker) specAction(call *ast.CallExpr) bool {
	types := make([]Type, len(call.Args))
	for i, a := range call.Args {
		types[i] = c.rvalue(a)
	}
	return c.subroutine(call, Subr{Params: []Param{ParamInt}, Result: TypeVoid}, types).Kind != Invalid
}

// actClass is what a statement is to DTrace's rules on the order of the
// actions of a clause.
type actClass int

const (
	actNone        actClass = iota // records nothing: an expression evaluated for its effect
	actData                        // records data
	actExit                        // exit(): records its status
	actAgg                         // an aggregation
	actDestructive                 // a destructive action or subroutine
	actSpeculate
	actCommit
	actDiscard
)

// clauseActs is what the statements of the clause being checked have
// done so far, for the order rules.
type clauseActs struct {
	speculate bool // speculate() was called
	commit    bool // commit() was called
	// datarec says data was recorded other than speculatively: an
	// aggregation, or an action before speculate().
	datarec bool
}

// destructiveFuncs are the destructive actions, and the subroutines that
// make the expression calling them destructive (DIF's dtdo_destructive).
var destructiveFuncs = map[string]bool{
	"stop": true, "raise": true, "system": true, "freopen": true,
	"breakpoint": true, "panic": true, "chill": true,
	"copyout": true, "copyoutstr": true,
}

// actionStmt checks a statement-level expression, then the order rules
// on the clause's actions that it concerns. DTrace applies them once a
// statement has compiled (dt_stmt_append), so a statement in error is
// not ordered; a destructive one after speculate() is, since DTrace
// reports its place first.
func (c *checker) actionStmt(s *ast.ExprStmt) {
	cls := classify(s.X)
	if cls == actDestructive && c.acts.speculate {
		c.order(s, cls)
		return
	}
	n := len(c.errs)
	c.exprStmt(s.X)
	if len(c.errs) == n {
		c.order(s, cls)
	}
}

// classify says what a statement-level expression is as an action.
func classify(x ast.Expr) actClass {
	switch x := x.(type) {
	case *ast.CallExpr:
		switch k, ok := actionNames[x.Fun.Name]; {
		case destructiveFuncs[x.Fun.Name]:
			// Destructive actions, and copyout() and copyoutstr(),
			// which return void, so stand as statements of their own.
			return actDestructive
		case !ok:
		case k == abi.ActSpeculate:
			return actSpeculate
		case k == abi.ActCommit:
			return actCommit
		case k == abi.ActDiscard:
			return actDiscard
		case k == abi.ActExit:
			return actExit
		default:
			return actData
		}
	case *ast.AssignExpr:
		if _, ok := x.X.(*ast.AggExpr); ok {
			return actAgg
		}
	}
	return actNone
}

// order applies DTrace's rules on where speculate(), commit() and the
// other actions may stand in a clause, as dt_stmt_append() checks each
// statement against the actions before it: speculate() comes before any
// data is recorded, at most once; after it, no aggregation, destructive
// action or exit(); commit() comes before any non-speculative data
// (more than once, as Oracle allows), and nothing that records follows
// it. discard() and
// expressions record nothing and may stand anywhere.
func (c *checker) order(s *ast.ExprStmt, cls actClass) {
	a := &c.acts
	at := s.Pos()
	switch cls {
	case actSpeculate:
		switch {
		case a.speculate:
			c.error(at, tag.SpecSpec)
		case a.commit:
			c.error(at, tag.SpecComm)
		case a.datarec:
			c.error(at, tag.SpecDrec)
		}
		a.speculate = true
	case actCommit:
		// Oracle DTrace lets a clause commit several speculations
		// (illumos refused a second commit() with D_COMM_COMM).
		if a.datarec {
			c.error(at, tag.CommDrec)
		}
		a.commit = true
	case actAgg:
		switch {
		case a.commit:
			c.error(at, tag.AggComm)
		case a.speculate:
			c.error(at, tag.AggSpec)
		}
		a.datarec = true
	case actDestructive:
		if a.speculate {
			c.error(at, tag.ActSpec)
		}
	case actData, actExit:
		switch {
		case cls == actExit && a.speculate:
			c.error(at, tag.ExitSpec)
		case a.commit:
			c.error(at, tag.DrecComm)
		}
		if !a.speculate {
			a.datarec = true
		}
	}
}

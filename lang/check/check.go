// Package check type-checks a parsed D program.
//
// It resolves every name (built-in variables, globals, thread-locals
// self->x, clause-locals this->x, associative arrays, aggregations),
// gives every expression a Type, validates actions and aggregating
// functions, and reports errors with DTrace's D_* tags and wording. It
// keeps going after an error so that one run reports many. Results are
// side tables in Info; the syntax tree is not modified.
//
// Variables are typed by their first assignment in program order, as in
// DTrace.
package check

import (
	"github.com/cilium/ebpf/btf"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/token"
)

// Config holds what the checker needs from the environment.
type Config struct {
	StrSize int      // the strsize option
	Macros  []string // $0..$N: the script name, then the macro arguments
	// MacroVars holds the named macro variables: $pid, $ppid, $uid,
	// $gid, $euid, $egid, $pgid, $sid, $cwd, and $target when there is a
	// target process.
	MacroVars map[string]string
	// DefaultArgs (-x defaultargs) lets a program use macro arguments
	// that were not given: they are 0, or "".
	DefaultArgs bool
	// KernelBTF loads the running kernel's types; it is called at most
	// once, and only if the program names a type D does not know. Nil
	// means there are no kernel types.
	KernelBTF func() (*btf.Spec, error)
	// Line resolves a position to its source line, for messages that
	// cite another line; nil when unknown.
	Line func(token.Pos) int
	// Library reports whether a position lies in a D library compiled
	// before the program, whose inlines and translators are checked only
	// if the program uses them.
	Library func(token.Pos) bool
}

// VarKind says where a variable lives.
type VarKind int

const (
	Global      VarKind = iota
	ThreadLocal         // self->x
	ClauseLocal         // this->x
)

// Var is a D variable. Keys is non-nil for associative arrays.
type Var struct {
	Name string
	Kind VarKind
	Type Type
	Keys []Type
	Pos  token.Pos
	ID   int // index among the variables of its Kind
}

// IsAssoc reports whether v is an associative array.
func (v *Var) IsAssoc() bool { return v.Keys != nil }

// Info is what the checker learned about a program.
type Info struct {
	Types    map[ast.Expr]Type
	Vars     map[ast.Expr]*Var // Ident, self->x / this->x Selector, or assoc IndexExpr
	Builtins map[*ast.Ident]Builtin
	Aggs     []*Agg
	AggOf    map[*ast.AggExpr]*Agg
	Actions  map[*ast.CallExpr]Action
	// Macros maps a macro variable to the literal it stands for.
	Macros map[*ast.MacroVar]ast.Expr
	// Consts holds the value of each integer constant expression the
	// checker evaluates: sizeof, offsetof, enumerators, and inlines
	// whose value is constant.
	Consts map[ast.Expr]int64
	// Inlines maps a use of an inline to the expression it stands for.
	Inlines map[*ast.Ident]ast.Expr
	// Task is the kernel's struct task_struct, when a built-in variable
	// read through it (ppid) is used.
	Task Type
	// Members maps a member access (-> or .) to the member it names.
	Members map[*ast.SelectorExpr]Member
	// Strings holds the expressions of char array type that are used as
	// strings, with the string type they become.
	Strings map[ast.Expr]Type
	// Xlates maps each xlate expression to its translator, XlateInputs
	// each use of a translator's input name inside its member
	// expressions, and Translated each member access through a
	// translation.
	Xlates      map[*ast.XlateExpr]*Translator
	XlateInputs map[*ast.Ident]*Translator
	Translated  map[*ast.SelectorExpr]Translated

	Globals, ThreadLocals, ClauseLocals []*Var

	Clauses []*ast.Clause
	Options []Option // from #pragma D option, in order
}

// Option is one `#pragma D option name[=value]`.
type Option struct {
	Pos         token.Pos
	Name, Value string
}

type checker struct {
	cfg  Config
	info *Info
	errs ErrorList

	globals, tlocals, clocals map[string]*Var
	aggs                      map[string]*Agg

	typedefs map[string]Type      // typedef names declared in D
	tags     map[string]Type      // "struct foo", "union u", "enum e" declared in D
	enums    map[string]enumConst // enumerators
	inlines  map[string]*inlineDef
	kernel   *kernelTypes
	// declaring is set while checking a declaration, where naming an
	// unknown struct declares it.
	declaring bool
	xlators   []*Translator
	xlateIn   *Translator // the translator whose members are being checked
}

// Check type-checks prog. The error, if any, is an ErrorList.
func Check(prog *ast.Program, cfg Config) (*Info, error) {
	if cfg.StrSize <= 0 {
		cfg.StrSize = 256
	}
	c := &checker{
		cfg: cfg,
		info: &Info{
			Types:    map[ast.Expr]Type{},
			Vars:     map[ast.Expr]*Var{},
			Builtins: map[*ast.Ident]Builtin{},
			AggOf:    map[*ast.AggExpr]*Agg{},
			Actions:  map[*ast.CallExpr]Action{},
			Macros:   map[*ast.MacroVar]ast.Expr{},
			Consts:   map[ast.Expr]int64{},
			Inlines:  map[*ast.Ident]ast.Expr{},
			Members:  map[*ast.SelectorExpr]Member{},
			Strings:  map[ast.Expr]Type{},

			Xlates:      map[*ast.XlateExpr]*Translator{},
			XlateInputs: map[*ast.Ident]*Translator{},
			Translated:  map[*ast.SelectorExpr]Translated{},
		},
		globals: map[string]*Var{}, tlocals: map[string]*Var{}, clocals: map[string]*Var{},
		aggs:     map[string]*Agg{},
		typedefs: map[string]Type{},
		tags:     map[string]Type{},
		enums:    map[string]enumConst{},
		inlines:  map[string]*inlineDef{},
		kernel:   &kernelTypes{load: cfg.KernelBTF},
	}
	for _, d := range prog.Decls {
		c.decl(d)
	}
	if len(c.errs) > 0 {
		c.errs.sort()
		return c.info, c.errs
	}
	return c.info, nil
}

func (c *checker) decl(d ast.Decl) {
	switch d := d.(type) {
	case *ast.Clause:
		c.clause(d)
	case *ast.Pragma:
		c.pragma(d)
	case *ast.VarDecl:
		c.varDecl(d)
	case *ast.TypeDecl:
		c.typeDecl(d)
	case *ast.InlineDecl:
		c.inlineDecl(d)
	case *ast.TranslatorDecl:
		c.translatorDecl(d)
	default:
		c.errorf(d.Pos(), "D_UNKNOWN", "declarations of this kind are not supported yet")
	}
}

func (c *checker) clause(cl *ast.Clause) {
	c.info.Clauses = append(c.info.Clauses, cl)
	if cl.Pred != nil {
		t := c.expr(cl.Pred)
		if !t.IsScalar() && t.Kind != Invalid {
			c.errorf(cl.Pred.Pos(), "D_PRED_SCALAR", "predicate result must be of scalar type")
		}
	}
	c.stmts(cl.Body)
}

func (c *checker) stmts(list []ast.Stmt) {
	for _, s := range list {
		c.stmt(s)
	}
}

func (c *checker) stmt(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.ExprStmt:
		c.exprStmt(s.X)
	case *ast.IfStmt:
		if t := c.expr(s.Cond); !t.IsScalar() && t.Kind != Invalid {
			c.errorf(s.Cond.Pos(), "D_PRED_SCALAR", "if-condition must be of scalar type")
		}
		c.stmts(s.Then)
		c.stmts(s.Else)
	case *ast.EmptyStmt:
	case *ast.DeclStmt:
		c.varDecl(s.Decl)
	}
}

// exprStmt checks a statement-level expression: an action, an
// aggregation, or an expression evaluated for its effect.
func (c *checker) exprStmt(x ast.Expr) {
	switch x := x.(type) {
	case *ast.CallExpr:
		if _, ok := actionNames[x.Fun.Name]; ok {
			c.action(x)
			return
		}
	case *ast.AssignExpr:
		if a, ok := x.X.(*ast.AggExpr); ok {
			c.aggregate(x, a)
			return
		}
	}
	c.expr(x)
}

func (c *checker) pragma(p *ast.Pragma) {
	w := p.Words
	if len(w) < 2 || w[0] != "D" {
		return // other pragmas are ignored, as by DTrace
	}
	switch w[1] {
	case "option":
		if len(w) < 3 {
			c.errorf(p.At, "D_PRAGMA_MALFORM", "malformed #pragma option <option>=<val>")
			return
		}
		for _, o := range w[2:] {
			name, value := o, ""
			for i := 0; i < len(o); i++ {
				if o[i] == '=' {
					name, value = o[:i], o[i+1:]
					break
				}
			}
			c.info.Options = append(c.info.Options, Option{p.At, name, value})
		}
	case "attributes", "binding", "depends_on", "error", "ident", "line":
		// Accepted; their effects come with the full front end.
	default:
		c.errorf(p.At, "D_PRAGMA_INVAL", "invalid D pragma: %s", w[1])
	}
}

func (c *checker) varDecl(d *ast.VarDecl) {
	c.declaring = true
	t, ok := c.typeExpr(d.Type)
	c.declaring = false
	if !ok {
		return
	}
	for _, n := range d.Names {
		vt, ok := c.declarator(t, n)
		if !ok {
			continue
		}
		if vt.Kind == String {
			vt = StringType(c.cfg.StrSize)
		}
		var keys []Type
		for _, kt := range n.Keys {
			k, ok := c.typeExpr(kt)
			if !ok {
				return
			}
			keys = append(keys, c.storageType(k))
		}
		if vt.Kind != Int && vt.Kind != String && vt.Kind != Pointer {
			c.errorf(n.At, "D_UNKNOWN", "variables of type %s are not supported yet", vt)
			continue
		}
		v := c.declare(d.Class, n.Name, n.At)
		if v.Type.Kind != Invalid {
			c.errorf(n.At, "D_DECL_VARCLASH", "identifier redeclared: %s", n.Name)
			continue
		}
		v.Type, v.Keys = vt, keys
	}
}

func (c *checker) declare(class token.Kind, name string, pos token.Pos) *Var {
	switch class {
	case token.SELF:
		return c.variable(c.tlocals, &c.info.ThreadLocals, ThreadLocal, name, pos)
	case token.THIS:
		return c.variable(c.clocals, &c.info.ClauseLocals, ClauseLocal, name, pos)
	}
	return c.variable(c.globals, &c.info.Globals, Global, name, pos)
}

// variable returns the variable name of a kind, creating it untyped.
func (c *checker) variable(m map[string]*Var, list *[]*Var, k VarKind, name string, pos token.Pos) *Var {
	if v := m[name]; v != nil {
		return v
	}
	v := &Var{Name: name, Kind: k, Pos: pos, ID: len(*list), Type: TypeInvalid}
	m[name] = v
	*list = append(*list, v)
	return v
}

// storageType is the type a variable gets when a value of type t is
// first stored in it: strings widen to strsize.
func (c *checker) storageType(t Type) Type {
	if t.Kind == String {
		return StringType(c.cfg.StrSize)
	}
	return t
}

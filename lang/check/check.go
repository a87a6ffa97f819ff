package check

import (
	"github.com/cilium/ebpf/btf"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/tag"
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
	// Version is the version option, "major[.minor[.micro]]": built-in
	// identifiers D gained in later versions are not defined. Empty
	// means the latest version.
	Version string
	// KernelBTF loads the running kernel's types; it is called at most
	// once, and only if the program names a type D does not know. Nil
	// means there are no kernel types.
	KernelBTF func() (*btf.Spec, error)
	// ModuleBTF loads a kernel module's types, for a variable the
	// module defines; nil means modules have none.
	ModuleBTF func(module string) (*btf.Spec, error)
	// KernelSymbol finds a kernel symbol by module ("" for any, the
	// kernel first) and name, for the scoping operator; its error
	// follows the name in the message ("Unknown symbol name"). Nil
	// means there are no kernel symbols.
	KernelSymbol func(module, name string) (KernelSymbol, error)
	// Line resolves a position to its source line, for messages that
	// cite another line; nil when unknown.
	Line func(token.Pos) int
	// Library reports whether a position lies in a D library compiled
	// before the program, whose inlines and translators are checked only
	// if the program uses them.
	Library func(token.Pos) bool
	// Source numbers the source (D library or program file) a position
	// lies in; DTrace compiles each on its own. Nil means one source.
	Source func(token.Pos) int
	// ProbeArgs tells what each of a clause's probe descriptions
	// matched, for typing args[]. Nil means nothing is known: args[]
	// is refused.
	ProbeArgs func(*ast.Clause) []DescArgs
	// Parsed, if set, makes the checks DTrace makes of a source once it
	// is parsed, before it types the source's clauses (an unreferenced
	// macro argument, an empty program). It is called for each of the
	// Sources numbered sources in order, after the source's
	// declarations are checked, as long as no error has been found: a
	// declaration's error is one DTrace meets while parsing. The error
	// it returns ends the check and is Check's error, as it is.
	Parsed  func(source int) error
	Sources int
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

// kindName is the kind of v in DTrace's words.
func (v *Var) kindName() string {
	if v.IsAssoc() {
		return "associative array"
	}
	return "scalar"
}

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
	// Inlines maps a use of an inline to the expression it stands for;
	// InlineCalls a use of an inline with parameters (sq[3]) to the
	// inline (and args[i] to an inline standing for its value), and InlineParams each use of a parameter in its
	// initializer.
	Inlines     map[*ast.Ident]ast.Expr
	InlineCalls map[*ast.IndexExpr]*Inline
	// URegs holds the register number of each uregs[i] (R_RAX).
	URegs        map[*ast.IndexExpr]int64
	InlineParams map[*ast.Ident]InlineParam
	// Task is the kernel's struct task_struct, when a built-in variable
	// read through it (ppid) is used.
	Task Type
	// KernelType looks up a kernel type by name ("struct dentry"), for
	// subroutines whose code walks kernel structures (d_path).
	KernelType func(name string) (Type, bool)
	// Enumerators lists an enum type's names and values, for print().
	Enumerators func(t Type) []Enumerator
	// Members maps a member access (-> or .) to the member it names.
	Members map[*ast.SelectorExpr]Member
	// Symbols maps each scoped identifier (`jiffies) to the kernel
	// symbol it names.
	Symbols map[*ast.Ident]*Symbol
	// Strings holds the expressions used as strings that are not of
	// string type, with the string type they become: char arrays (read
	// into a string), pointers and integers (the string at that
	// address), and the constant 0 (the null string, "").
	Strings map[ast.Expr]Type
	// Xlates maps each xlate expression to its translator, XlateInputs
	// each use of a translator's input name inside its member
	// expressions, and Translated each member access through a
	// translation.
	Xlates      map[*ast.XlateExpr]*Translator
	XlateInputs map[*ast.Ident]*Translator
	Translated  map[*ast.SelectorExpr]Translated
	// XlateAssigns holds, for each assignment of a whole translated
	// struct (s = xlate<T>(x)), the member assignments it stands for:
	// pairs of target member and translated member, checked as if
	// written.
	XlateAssigns map[*ast.AssignExpr][][2]*ast.SelectorExpr
	// AllocaMem holds the expressions naming an object in alloca()
	// memory (reached through an alloca pointer): the accesses that are
	// checked against the memory allocated when the program runs.
	AllocaMem map[ast.Expr]bool
	// AllocaPtrs holds the expressions whose value points into alloca()
	// memory.
	AllocaPtrs map[ast.Expr]bool

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
	vmax version // the version option: newer built-ins are not defined
	info *Info
	errs ErrorList
	// cgErrs are errors DTrace finds only when generating code, after
	// checking the whole program: reported when nothing else is.
	cgErrs ErrorList
	// typed is set once every clause has been typed: errors found
	// after that are not parse-time ones (Error.parse).
	typed bool

	globals, tlocals, clocals map[string]*Var
	aggs                      map[string]*Agg

	typedefs map[string]Type      // typedef names declared in D
	externs  map[string]Type      // kernel symbols declared extern
	tags     map[string]Type      // "struct foo", "union u", "enum e" declared in D
	enums    map[string]enumConst // enumerators
	inlines  map[string]*inlineDef
	kernel   *kernelTypes
	// libraryDecl is set while a D library's type declaration is
	// checked: the kernel structs it names wait until they are needed
	// (kernelTypes.await).
	libraryDecl bool
	symbols     map[string]*Symbol // kernel symbols resolved, by spelling
	xlators     []*Translator
	xlateIn     *Translator // the translator whose members are being checked
	inlineIn    *inlineDef  // the inline whose initializer is being checked
	acts        clauseActs  // the actions of the clause being checked
	clauseIn    *ast.Clause // the clause being checked

	// descArgs caches Config.ProbeArgs per clause, argXlates the xlate
	// each translated args[i] stands for (see args.go).
	descArgs  map[*ast.Clause][]DescArgs
	argXlates map[*ast.IndexExpr]*ast.XlateExpr

	pending []pendingPragma // pragmas waiting for their identifier

	// parsedNext is the next source for Config.Parsed, and parsedErr
	// the error it returned, which ends the check.
	parsedNext int
	parsedErr  error

	// memStores are the stores into memory through a pointer, judged
	// once the alloca pointers are known (alloca.go).
	memStores []memStore
}

// Check type-checks prog. The error, if any, is an ErrorList.
func Check(prog *ast.Program, cfg Config) (*Info, error) {
	if cfg.StrSize <= 0 {
		cfg.StrSize = 256
	}
	vmax := latestVersion
	if cfg.Version != "" {
		vmax = parseVersion(cfg.Version)
	}
	c := &checker{
		cfg:  cfg,
		vmax: vmax,
		info: &Info{
			Types:        map[ast.Expr]Type{},
			Vars:         map[ast.Expr]*Var{},
			Builtins:     map[*ast.Ident]Builtin{},
			AggOf:        map[*ast.AggExpr]*Agg{},
			Actions:      map[*ast.CallExpr]Action{},
			Macros:       map[*ast.MacroVar]ast.Expr{},
			Consts:       map[ast.Expr]int64{},
			Inlines:      map[*ast.Ident]ast.Expr{},
			InlineCalls:  map[*ast.IndexExpr]*Inline{},
			URegs:        map[*ast.IndexExpr]int64{},
			InlineParams: map[*ast.Ident]InlineParam{},
			Members:      map[*ast.SelectorExpr]Member{},
			Strings:      map[ast.Expr]Type{},

			Xlates:       map[*ast.XlateExpr]*Translator{},
			XlateInputs:  map[*ast.Ident]*Translator{},
			Translated:   map[*ast.SelectorExpr]Translated{},
			XlateAssigns: map[*ast.AssignExpr][][2]*ast.SelectorExpr{},
			Symbols:      map[*ast.Ident]*Symbol{},
			AllocaMem:    map[ast.Expr]bool{},
			AllocaPtrs:   map[ast.Expr]bool{},
		},
		globals: map[string]*Var{}, tlocals: map[string]*Var{}, clocals: map[string]*Var{},
		aggs:     map[string]*Agg{},
		typedefs: map[string]Type{},
		externs:  map[string]Type{},
		tags:     map[string]Type{},
		enums:    map[string]enumConst{},
		inlines:  map[string]*inlineDef{},
		kernel:   &kernelTypes{load: cfg.KernelBTF, loadModule: cfg.ModuleBTF},
		symbols:  map[string]*Symbol{},
	}
	c.info.KernelType = c.kernel.lookup
	c.info.Enumerators = c.enumerators
	c.macrosDefined(prog.Macros)
	c.program(prog.Decls)
	if c.parsedErr != nil {
		return c.info, c.parsedErr
	}
	c.typed = true // what follows checks the typed clauses
	c.allocaPass()
	if len(c.errs) == 0 && len(c.cgErrs) > 0 {
		c.cgErrs.sort()
		c.errs = c.cgErrs[:1]
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
		c.libraryDecl = c.inLibrary(d.Pos())
		c.typeDecl(d)
		c.libraryDecl = false
	case *ast.InlineDecl:
		c.inlineDecl(d)
	case *ast.TranslatorDecl:
		c.translatorDecl(d)
	case *ast.ProviderDecl:
		// A provider definition types a USDT provider's probes for
		// dtrace -h and -G; a program that enables them needs
		// nothing from it yet.
	default:
		c.error(d.Pos(), tag.UnsupportedDecl)
	}
}

// clause checks a clause's actions, then its predicate, as
// dt_cook_clause() does: `/x/ { x = 1; }` declares x before the
// predicate reads it. If the actions' first error is an undefined
// identifier, DTrace checks the predicate, which may define it, and the
// actions again.
func (c *checker) clause(cl *ast.Clause) {
	c.info.Clauses = append(c.info.Clauses, cl)
	c.clauseIn = cl
	defer func() { c.clauseIn = nil }()
	c.acts = clauseActs{}
	n := len(c.errs)
	c.stmts(cl.Body)
	if cl.Pred == nil {
		return
	}
	retry := len(c.errs) > n && (c.errs[n].Tag == tag.IdentUndef.Tag() || c.errs[n].Tag == tag.VarUndef.Tag())
	if retry {
		c.errs = c.errs[:n]
	}
	n = len(c.errs)
	t := c.expr(cl.Pred)
	c.atPredicateEnd(cl, c.errs[n:])
	if !t.IsScalar() && t.Kind != Invalid {
		c.error(cl.Rbrace, tag.PredScalar)
	}
	if retry {
		c.acts = clauseActs{}
		c.stmts(cl.Body)
	}
}

// atPredicateEnd moves to the clause's "{" the errors reported at an
// operator of the predicate that ends with it: DTrace's lexer reads past
// the closing "/" to the "{" to tell it from a division, and an operator
// is a parse node, with its line, only once the token after its operands
// is read.
func (c *checker) atPredicateEnd(cl *ast.Clause, errs ErrorList) {
	if !cl.Lbrace.IsValid() {
		return
	}
	ending := map[token.Pos]bool{}
	for e := cl.Pred; e != nil; {
		switch x := e.(type) {
		case *ast.BinaryExpr:
			ending[x.OpPos] = true
			e = x.Y
		case *ast.UnaryExpr:
			ending[x.At] = true
			e = x.X
		default:
			e = nil
		}
	}
	for _, err := range errs {
		if ending[err.Pos] {
			err.Pos = cl.Lbrace
		}
	}
}

func (c *checker) stmts(list []ast.Stmt) {
	for _, s := range list {
		c.stmt(s)
	}
}

func (c *checker) stmt(s ast.Stmt) {
	switch s := s.(type) {
	case *ast.ExprStmt:
		c.actionStmt(s)
	case *ast.IfStmt:
		c.ifCond(s.Cond)
		c.stmts(s.Then)
		c.stmts(s.Else)
	case *ast.EmptyStmt:
	}
}

// exprStmt checks a statement-level expression: an action, an
// aggregation, or an expression evaluated for its effect.
func (c *checker) exprStmt(x ast.Expr) {
	switch x := x.(type) {
	case *ast.CallExpr:
		if _, ok := actionNames[x.Fun.Name]; ok && !c.hidden(x.Fun.Name) {
			c.action(x)
			return
		}
		if params, ok := unimplementedActs[x.Fun.Name]; ok && !c.hidden(x.Fun.Name) {
			c.unimplementedAct(x, params)
			return
		}
	case *ast.AssignExpr:
		if a, ok := x.X.(*ast.AggExpr); ok {
			c.aggregate(x, a)
			return
		}
	}
	if a, ok := ast.Unparen(x).(*ast.AggExpr); ok {
		c.nullAgg(a)
		return
	}
	c.expr(x)
}

// nullAgg reports an aggregation used as a statement, no function
// applied to it (dt_compile_agg). Unindexed, it must exist already: only
// @a[...] creates one (dt_xcook_ident). DTrace's lexer names the
// anonymous aggregation "@_".
func (c *checker) nullAgg(a *ast.AggExpr) {
	name := a.Name
	if name == "" {
		name = "_"
	}
	if a.Keys == nil && c.aggs[a.Name] == nil {
		c.error(a.At, tag.IdentUndef, "@"+name, "Unknown variable name")
		return
	}
	c.error(a.At, tag.AggNull, name)
}

package check

import (
	"errors"
	"regexp"
	"slices"
	"strings"

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
		c.errorf(d.Pos(), "D_UNKNOWN", "declarations of this kind are not supported yet")
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
	retry := len(c.errs) > n && (c.errs[n].Tag == "D_IDENT_UNDEF" || c.errs[n].Tag == "D_VAR_UNDEF")
	if retry {
		c.errs = c.errs[:n]
	}
	n = len(c.errs)
	t := c.expr(cl.Pred)
	c.atPredicateEnd(cl, c.errs[n:])
	if !t.IsScalar() && t.Kind != Invalid {
		c.errorf(cl.Rbrace, "D_PRED_SCALAR", "predicate result must be of scalar type")
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
		c.errorf(a.At, "D_IDENT_UNDEF", "failed to resolve @%s: Unknown variable name", name)
		return
	}
	c.errorf(a.At, "D_AGG_NULL", "expression has null effect: @%s", name)
}

// pragma checks a "#pragma D name ..." line as dt_pragma.c does. The
// scanner has handled the lines DTrace's lexer handles itself (#pragma
// [D] error, ident and line) and dropped the #pragma lines without D,
// which DTrace ignores.
func (c *checker) pragma(p *ast.Pragma) {
	w := p.Words
	if len(w) < 2 || w[0] != "D" {
		return
	}
	switch args := w[2:]; w[1] {
	case "option":
		c.pragmaOption(p, args)
	case "attributes":
		switch {
		case len(args) < 2 || !pragmaIdent(args[0]) || !pragmaIdent(args[1]):
			c.errorf(p.At, "D_PRAGMA_MALFORM", "malformed #pragma attributes <attributes> <ident>")
		case !attributesString(args[0]):
			c.errorf(p.At, "D_PRAGMA_INVAL", "invalid attributes specified by #pragma attributes")
		default:
			c.pragmaTarget(p, "attributes", args[1:])
		}
	case "binding":
		switch {
		case len(args) < 2 || !strings.HasPrefix(args[0], `"`) || !pragmaIdent(args[1]):
			c.errorf(p.At, "D_PRAGMA_MALFORM", `malformed #pragma binding "version" <ident>`)
		case !versionString(strings.Trim(args[0], `"`)):
			c.errorf(p.At, "D_PRAGMA_INVAL", "invalid version string specified by #pragma binding")
		default:
			c.pragmaTarget(p, "binding", args[1:])
		}
	case "depends_on":
		// The dtrace library checks dependencies against the system.
	default:
		c.errorf(p.At, "D_PRAGMA_INVAL", "invalid D pragma: %s", w[1])
	}
}

// pragmaOption records `#pragma D option name[=value]`: one option per
// line, as dt_pragma_option() takes it.
func (c *checker) pragmaOption(p *ast.Pragma, args []string) {
	switch {
	case len(args) == 0 || !pragmaIdent(args[0]):
		c.errorf(p.At, "D_PRAGMA_MALFORM", "malformed #pragma option <option>=<val>")
	case len(args) > 1:
		c.errorf(p.At, "D_PRAGMA_MALFORM", "superfluous arguments specified for #pragma option")
	default:
		name, value, _ := strings.Cut(args[0], "=")
		c.info.Options = append(c.info.Options, Option{p.At, name, value})
	}
}

// pragmaIdent reports whether a pragma word is an identifier for
// dt_pragma(): not a quoted string, and not an integer (DTrace's RGX_INT).
func pragmaIdent(word string) bool {
	return !strings.HasPrefix(word, `"`) && !intWord.MatchString(word)
}

var intWord = regexp.MustCompile(`^([0-9]+|0[xX][0-9A-Fa-f]+)[uU]?[lL]?[lL]?$`)

// attributesString reports whether dtrace_str2attr() takes s: up to
// name/data/class stabilities and class, each named in any case.
func attributesString(s string) bool {
	stabilities := []string{"Internal", "Private", "Obsolete", "External", "Unstable", "Evolving", "Stable", "Standard"}
	classes := []string{"Unknown", "CPU", "Platform", "Group", "ISA", "Common"}
	for i := 0; i < 3 && s != ""; i++ {
		part, rest, _ := strings.Cut(s, "/")
		names := stabilities
		if i == 2 {
			names = classes
		}
		if !slices.ContainsFunc(names, func(n string) bool { return strings.EqualFold(n, part) }) {
			return false
		}
		s = rest
	}
	return s == ""
}

// versionString reports whether dt_version_str2num() takes s: up to
// three dot-separated numbers (any may be empty) within 255.4095.4095.
func versionString(s string) bool {
	parts := strings.Split(s, ".")
	if len(parts) > 3 {
		return false
	}
	for i, part := range parts {
		n := 0
		for _, c := range part {
			if c < '0' || c > '9' {
				return false
			}
			if n = n*10 + int(c-'0'); n > 0xfff || i == 0 && n > 0xff {
				return false
			}
		}
	}
	return true
}

// varDecl declares variables, as DTrace does (dt_node_decl): a
// redeclaration must match the first declaration or use. An extern
// declaration, and one of a function, declares a kernel symbol instead.
func (c *checker) varDecl(d *ast.VarDecl) {
	base, ok := c.typeExpr(d.Type)
	if !ok {
		return
	}
	for _, n := range d.Names {
		if !c.unscopedName(n.At, "a declaration", n.Name) {
			continue
		}
		t, ok := c.declarator(base, n)
		if !ok {
			continue
		}
		class := d.Class
		if t.Kind == Func && (class == 0 || class == token.STATIC) {
			class = token.EXTERN // int f(void); is C's way to say extern
		}
		switch class {
		case token.STATIC, token.REGISTER, token.AUTO:
			c.errorf(d.At, "D_DECL_BADCLASS", "specified storage class not appropriate in D")
			return
		case token.EXTERN:
			c.externDecl(n, t)
		default:
			c.varDeclarator(class, t, n)
		}
	}
}

// unscopedName reports whether a name being declared is free of D's
// scoping operator, which names kernel symbols and types, not D's own;
// what names the kind of name declared ("a declaration", "a member",
// "an enumerator").
func (c *checker) unscopedName(at token.Pos, what, name string) bool {
	if !strings.Contains(name, "`") {
		return true
	}
	c.errorf(at, "D_DECL_SCOPE", "D scoping operator may not be used in %s name (%s)", what, name)
	return false
}

// externDecl declares a kernel symbol, as DTrace's extern declarations
// do (dt_node_decl adds an undefined symbol to its D module): no D
// variable comes of it, and a second declaration must give the same
// type. Nothing yet uses the type: a symbol named in a clause takes the
// kernel's (symbol.go).
func (c *checker) externDecl(n *ast.Declarator, t Type) {
	if prev, ok := c.externs[n.Name]; ok && !sameDeclType(prev, t) {
		c.errorf(n.At, "D_DECL_IDRED", "identifier redeclared: %s`%s\n\t current: %s\n\tprevious: %s", "D", n.Name, t, prev)
		return
	}
	c.externs[n.Name] = t
}

// varDeclarator declares one variable of a declaration, of type vt.
func (c *checker) varDeclarator(class token.Kind, vt Type, n *ast.Declarator) {
	if vt.Kind == String {
		vt = c.stringType()
	}
	keys, ok := c.keyTypes(n)
	if !ok {
		return
	}
	global := class != token.SELF && class != token.THIS
	switch {
	case hasEmptyDim(n):
		c.errorf(n.At, "D_DECL_ARRNULL", "array declaration requires array dimension or tuple signature: %s", n.Name)
		return
	case global && c.isBuiltin(n.Name):
		c.errorf(n.At, "D_DECL_IDRED", "built-in identifier redeclared: %s", n.Name)
		return
	case c.isTypedefName(n.Name):
		c.errorf(n.At, "D_DECL_IDRED", "typedef identifier redeclared: %s", n.Name)
		return
	case class == token.THIS && keys != nil:
		c.errorf(n.At, "D_DECL_LOCASSC", "associative arrays may not be declared as local variables: %s", n.Name)
		return
	}
	decl := ident{kind: "scalar", t: vt, keys: keys}
	if keys != nil {
		decl.kind = "associative array"
	}
	if prev, ok := c.declared(class, n.Name); ok {
		c.redeclared(n, decl, prev)
		return
	}
	if !c.declarable(n, vt) {
		return
	}
	v := c.declare(class, n.Name, n.At)
	v.Type, v.Keys = vt, keys
	if global {
		c.defined(n.Name)
	}
}

// keyTypes types an associative array declaration's key signature; it is
// nil for other declarations.
func (c *checker) keyTypes(n *ast.Declarator) ([]Type, bool) {
	var keys []Type
	for _, kt := range n.Keys {
		k, ok := c.typeExpr(kt)
		if !ok {
			return nil, false
		}
		keys = append(keys, c.storageType(k))
	}
	return keys, c.prototype(n, keys)
}

func hasEmptyDim(n *ast.Declarator) bool {
	for _, dim := range n.Arrays {
		if len(dim) == 0 {
			return true
		}
	}
	return false
}

func (c *checker) isBuiltin(name string) bool {
	_, ok := c.builtinKind(name)
	return ok
}

// isTypedefName reports whether name is a typedef of D or the program,
// which a variable may not be named after.
func (c *checker) isTypedefName(name string) bool {
	if _, ok := c.typedefs[name]; ok {
		return true
	}
	_, ok := typeNames[name]
	return ok && !strings.Contains(name, " ") && !basicTypeNames[name]
}

// basicTypeNames are the type names that are keywords, not typedefs.
var basicTypeNames = map[string]bool{"char": true, "short": true, "int": true, "long": true, "void": true}

// ident is what a declaration says of an identifier: its kind in
// DTrace's words, its type, and an associative array's key types.
type ident struct {
	kind string
	t    Type
	keys []Type
}

// declared finds an identifier a declaration of name in class would
// redeclare: a variable of that class, or, for a global, an inline or an
// enumerator.
func (c *checker) declared(class token.Kind, name string) (ident, bool) {
	m := c.globals
	switch class {
	case token.SELF:
		m = c.tlocals
	case token.THIS:
		m = c.clocals
	}
	if v := m[name]; v != nil && v.Type.Kind != Invalid {
		return ident{kind: v.kindName(), t: v.Type, keys: v.Keys}, true
	}
	if class == token.SELF || class == token.THIS {
		return ident{}, false
	}
	if in, ok := c.inlines[name]; ok {
		if in.array != nil {
			return ident{kind: in.kindName(), t: in.t, keys: in.array.Params}, true
		}
		return ident{kind: "scalar", t: in.t}, true
	}
	if ec, ok := c.enums[name]; ok {
		return ident{kind: "enumerator", t: ec.t}, true
	}
	return ident{}, false
}

// redeclared checks a declaration against the identifier it redeclares:
// the same kind, type and key signature may be declared again.
func (c *checker) redeclared(n *ast.Declarator, cur, prev ident) {
	if cur.kind != prev.kind || !sameDeclType(cur.t, prev.t) {
		c.errorf(n.At, "D_DECL_IDRED", "identifier redeclared: %s\n\t current: %s %s\n\tprevious: %s %s", n.Name, cur.kind, cur.t, prev.kind, prev.t)
		return
	}
	if cur.keys == nil {
		return
	}
	for i, k := range cur.keys {
		if i < len(prev.keys) && !sameDeclType(k, prev.keys[i]) {
			c.errorf(n.At, "D_DECL_IDRED", "identifier redeclared: %s\n\t current: %s, key #%d of type %s\n\tprevious: %s, key #%d of type %s", n.Name, cur.kind, i+1, k, prev.kind, i+1, prev.keys[i])
			return
		}
	}
	if len(cur.keys) != len(prev.keys) {
		c.errorf(n.At, "D_DECL_IDRED", "identifier redeclared: %s\n\t current: %s of %s, tuple length %d\n\tprevious: %s of %s, tuple length %d", n.Name, cur.kind, cur.t, len(cur.keys), prev.kind, prev.t, len(prev.keys))
	}
}

// sameDeclType reports whether two declarations give the same type:
// DTrace compares the types themselves, typedef names included, while
// strings of any bound are one type.
func sameDeclType(a, b Type) bool {
	return a.Kind == b.Kind && (a.Kind == String || a.String() == b.String())
}

// declarable reports whether a new variable may have type t: not void,
// not an incomplete struct, and of a type godtrace can store. Structs
// and arrays may be variables of every kind: a dynamic variable's
// storage is a map value, as addressable as a global's.
func (c *checker) declarable(n *ast.Declarator, t Type) bool {
	r := t.resolved()
	switch {
	case r.Kind == Void:
		c.errorf(n.At, "D_DECL_VOIDOBJ", "cannot have void object: %s", n.Name)
	case r.Kind == Struct && !r.Def.IsComplete():
		c.errorf(n.At, "D_DECL_INCOMPLETE", "incomplete struct/union/enum %s: %s", t, n.Name)
	case r.Kind == Struct || r.Kind == Array:
		return true
	case r.Kind == Float:
		// D has no floating-point arithmetic, but a float or double
		// variable may be declared, holds 0 until assigned one, and
		// printf()'s %e, %f and %g print it.
		return true
	case r.Kind != Int && r.Kind != String && r.Kind != Pointer:
		c.errorf(n.At, "D_UNKNOWN", "variables of type %s are not supported yet", t)
	default:
		return true
	}
	return false
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
		return c.stringType()
	}
	return t
}

// PragmaError is the error DTrace reports for a #pragma line as its
// lexer reads it, before anything after the line is parsed: a malformed
// or invalid pragma. The compiler reports it in place of a syntax error
// later in the same source. It is nil for a pragma whose checking waits
// for the program (the identifier a pragma names).
func PragmaError(p *ast.Pragma) *Error {
	_, err := Check(&ast.Program{Decls: []ast.Decl{p}}, Config{})
	var list ErrorList
	if errors.As(err, &list) {
		for _, e := range list {
			if e.Tag == "D_PRAGMA_MALFORM" || e.Tag == "D_PRAGMA_INVAL" {
				return e
			}
		}
	}
	return nil
}

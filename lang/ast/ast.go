// Package ast declares the syntax tree of D programs.
//
// The tree records what was written, nothing more: names are not resolved
// and no types are attached (the checker keeps those in side tables keyed
// by node). Every node knows its starting Pos.
package ast

import "github.com/godtrace/godtrace/lang/token"

// Node is any syntax tree node.
type Node interface{ Pos() token.Pos }

// Expr is an expression.
type Expr interface {
	Node
	exprNode()
}

// Stmt is a statement inside a clause body.
type Stmt interface {
	Node
	stmtNode()
}

// Decl is a top-level element of a program: a clause, a pragma, or a
// declaration.
type Decl interface {
	Node
	declNode()
}

// Program is a D translation unit.
type Program struct {
	File  *token.File
	Decls []Decl
	// Macros are the program's macro variables in source order. DTrace
	// substitutes them as it reads the source, so an undefined one is
	// the first error whatever surrounds it.
	Macros []*MacroVar
}

// ---- top level

// ProbeDesc is one probe description: provider:module:function:name.
// Missing leading fields are empty ("BEGIN" has only Name). Fields may hold
// glob patterns; an empty field matches anything. Macro variables inside a
// description ($1, $target, $pid) are kept as written in Text and the
// fields; the checker expands them.
type ProbeDesc struct {
	At                               token.Pos
	Text                             string // as written, e.g. "syscall::read:entry"
	Provider, Module, Function, Name string
	// ByID says the description is a number, the identifier of a
	// probe (as dtrace -l lists it): ID, with the other fields empty.
	ByID bool
	ID   uint32
}

// ProbeSpec says which field a source's probe descriptions end with, as
// DTrace's dtrace_probespec_t: the fields written are the rightmost ones
// up to that field, and those after it are empty. dtrace -P, -m and -f
// give a provider, a module or a function; -n, -i and scripts give
// descriptions that end with the name.
type ProbeSpec int

const (
	SpecName     ProbeSpec = iota // provider:module:function:name
	SpecFunction                  // provider:module:function
	SpecModule                    // provider:module
	SpecProvider                  // provider
)

// Fields is how many fields a description may have under s.
func (s ProbeSpec) Fields() int { return 4 - int(s) }

// Plural names what descriptions under s give, as DTrace's messages
// name them ("probe identifier 4 not permitted when specifying
// functions").
func (s ProbeSpec) Plural() string {
	return [...]string{"names", "functions", "modules", "providers"}[s]
}

// Clause is `probe-descriptions [/predicate/] { statements }`.
type Clause struct {
	At     token.Pos
	Probes []*ProbeDesc
	Pred   Expr   // nil when absent
	Body   []Stmt // may be empty
	Lbrace token.Pos
	// Rbrace is the closing "}", where DTrace, having parsed the whole
	// clause, checks its predicate's type.
	Rbrace token.Pos
}

// Pragma is `#pragma D option name=value` and friends: Words holds the
// whitespace-separated words after "#pragma" (["D", "option", "quiet"]).
type Pragma struct {
	At    token.Pos
	Words []string
}

// VarDecl declares variables: `int x;`, `self string s;`, `this int t;`,
// `extern int y;`, `int a[string, int];` (associative array), `int v[4];`.
type VarDecl struct {
	At    token.Pos
	Class token.Kind // 0, token.SELF, token.THIS, token.EXTERN, token.STATIC, token.REGISTER
	Type  *TypeExpr
	Names []*Declarator
}

// Declarator is one name in a declaration with its pointer, array and
// function suffixes: `*p`, `a[10]`, `a[string, int]`, `f(int, ...)`,
// `(*fp)(void)`.
type Declarator struct {
	At     token.Pos
	Name   string
	Ptr    int         // number of leading '*'
	Arrays [][]Expr    // each [...] suffix; an entry with several exprs or type names is an associative key signature
	Keys   []*TypeExpr // associative array key types, when the suffix names types
	// Params names the parameters of Keys, "" where a key type has no
	// name: an inline uses them (inline int sq[int x] = x * x;).
	Params []string
	// KeyVarargs is the "..." ending a key signature (int a[int, ...]),
	// which only a function's parameters may have.
	KeyVarargs token.Pos
	// Func is a function suffix's parameters, nil without one.
	Func *FuncParams
	// Inner is the declarator written in parentheses, which applies
	// to the type this one makes: in int *(*fp)(void), the outer
	// declarator makes a function returning int *, the inner `*fp` a
	// pointer to it. Name and At are the innermost name's.
	Inner *Declarator
	Init  Expr // inline initializer, or nil
}

// FuncParams is a function declarator's parameter list.
type FuncParams struct {
	Lparen token.Pos
	Params []*Param
	// Varargs is the "..." ending the list, or no position.
	Varargs token.Pos
}

// Param is a parameter of a function declarator: its type, and the
// declarator naming it, nil when the type is written alone (int f(char *)).
type Param struct {
	Type *TypeExpr
	Decl *Declarator
}

// TypeDecl is a typedef, or a struct/union/enum definition standing alone.
type TypeDecl struct {
	At      token.Pos
	Typedef bool
	Type    *TypeExpr
	Names   []*Declarator // typedef names
}

// InlineDecl is `inline type name = expr;`, or with parameters
// `inline type name[type param, ...] = expr;` (Decl.Keys and Params).
type InlineDecl struct {
	At   token.Pos
	Type *TypeExpr
	Decl *Declarator
	Init Expr
}

// TranslatorDecl is `translator out < in name > { member = expr; ... };`.
type TranslatorDecl struct {
	At      token.Pos
	Out     *TypeExpr
	In      *TypeExpr
	InName  string
	Members []*XlateMember
	// End is the final ";": DTrace checks a translator when its parser
	// reduces the whole definition, so its errors are reported there.
	End token.Pos
}

// ProviderDecl is a provider definition: the probes a program defines
// for USDT (what dtrace -h and -G read), with their arguments' types.
type ProviderDecl struct {
	At     token.Pos
	Name   string
	Probes []*ProbeDecl
}

// ProbeDecl is one probe of a provider definition:
// `probe name(native types) [: (translated types)];`.
type ProbeDecl struct {
	At   token.Pos
	Name string // as written: "order__done" (probe order-done)
	Args []*TypeExpr
	// XArgs are the types the arguments are translated to, nil when
	// the definition gives none (they are then the native types).
	XArgs []*TypeExpr
}

// XlateMember is one `member = expr;` of a translator.
type XlateMember struct {
	At   token.Pos
	Name string
	X    Expr
}

// ---- types

// TypeExpr is a type as written: specifiers, an optional struct/union/enum
// body, pointer depth and array dimensions.
type TypeExpr struct {
	At    token.Pos
	Quals []token.Kind // const, volatile, restrict, userland
	// Name is the type's name as written without qualifiers:
	// "int", "unsigned long", "string", "struct foo", "union u", "enum e",
	// "uint64_t" (a typedef), "vmlinux`task_struct" is kept with its scope.
	Name    string
	Members []*Member     // struct/union body, when defined here
	Enums   []*Enumerator // enum body, when defined here
	Ptr     int           // number of '*' (for casts and abstract declarators)
	Arrays  []Expr        // array dimensions of an abstract declarator
	// Abstract is an abstract declarator with a function suffix or a
	// parenthesized inner declarator, as in int (int) or int (*)(void);
	// its Name is empty, and Ptr and Arrays above are then unused.
	Abstract *Declarator
}

// Member is one struct or union member, with an optional bit-field width.
type Member struct {
	At    token.Pos
	Type  *TypeExpr
	Decl  *Declarator
	Width Expr // bit-field width, or nil
}

// Enumerator is one `NAME [= value]` of an enum.
type Enumerator struct {
	At    token.Pos
	Name  string
	Value Expr // nil when implicit
	// End is the token after it, "," or "}": DTrace's parser defines
	// the enumerator, and reports its errors, once it has read that.
	End token.Pos
}

// ---- statements

// ExprStmt is an expression used as a statement, including actions and
// subroutine calls: `printf("x");`, `x = 1;`, `@a = count();`.
type ExprStmt struct {
	X Expr
}

// IfStmt is `if (Cond) Then [else Else]`. Then and Else are statement
// lists ({ ... } or a single statement).
type IfStmt struct {
	At   token.Pos
	Cond Expr
	Then []Stmt
	Else []Stmt // nil when absent
}

// EmptyStmt is a lone `;`.
type EmptyStmt struct{ At token.Pos }

// ---- expressions

// Ident is a name: a variable, built-in variable (arg0, execname) or an
// identifier with a scope (`jiffies, vmlinux`jiffies): Name keeps the text
// as written.
type Ident struct {
	At   token.Pos
	Name string
}

// IntLit is an integer or character constant.
type IntLit struct {
	At    token.Pos
	Text  string // as written: 42, 0x2a, 42ul, 'a'
	Value uint64
	// Suffix flags, and whether it was written in decimal; the checker
	// derives the C type from these.
	Unsigned, Long, LongLong, Decimal, Char bool
}

// StrLit is a string literal with escapes already decoded.
type StrLit struct {
	At    token.Pos
	Value string
}

// MacroVar is $1, $target, $pid ... ($$1 sets Str: the value is a string).
type MacroVar struct {
	At   token.Pos
	Name string // "1", "target", "pid"
	Str  bool   // written as $$name
}

// AggExpr is an aggregation reference: @, @name, @name[keys].
type AggExpr struct {
	At   token.Pos
	Name string // "" for the anonymous aggregation @
	Keys []Expr // nil when not indexed
}

// UnaryExpr is a prefix operator: - + ! ~ * & ++ --.
type UnaryExpr struct {
	At token.Pos
	Op token.Kind
	X  Expr
}

// PostfixExpr is x++ or x--.
type PostfixExpr struct {
	Op token.Kind
	X  Expr
}

// BinaryExpr is X Op Y for every binary operator, including && || ^^ and
// the comma operator (token.COMMA).
type BinaryExpr struct {
	Op    token.Kind
	OpPos token.Pos
	X, Y  Expr
}

// AssignExpr is X Op Y for = and the compound assignments.
type AssignExpr struct {
	Op    token.Kind
	OpPos token.Pos
	X, Y  Expr
}

// CondExpr is C ? T : F.
type CondExpr struct {
	C, T, F Expr
}

// CallExpr is a call of a built-in function, action or subroutine:
// printf(...), count(), strlen(s), stack(5).
type CallExpr struct {
	Fun    *Ident
	Args   []Expr
	Rparen token.Pos
}

// FuncExprCall is a call whose function is not a plain identifier, such
// as (x)(1). D has no function values, so the checker rejects it
// (D_FUNC_IDENT); the parser keeps it so that errors earlier in the
// program are reported first.
type FuncExprCall struct {
	Fun    Expr
	Lparen token.Pos
	Args   []Expr
	Rparen token.Pos
}

// IndexExpr is X[Keys...]: array element or associative array lookup
// (a[k1, k2], self->a[k], args[0]).
type IndexExpr struct {
	X    Expr
	Keys []Expr
}

// SelectorExpr is X.Sel or X->Sel. self->x and this->x are SelectorExprs
// whose X is an Ident named "self" or "this".
type SelectorExpr struct {
	X     Expr
	Op    token.Kind // token.DOT or token.ARROW
	Sel   string
	SelAt token.Pos
}

// CastExpr is (Type) X.
type CastExpr struct {
	At   token.Pos
	Type *TypeExpr
	X    Expr
}

// SizeofExpr is sizeof(type) or sizeof expr.
type SizeofExpr struct {
	At   token.Pos
	Type *TypeExpr // set for sizeof(type)
	X    Expr      // set for sizeof expr
}

// OffsetofExpr is offsetof(type, member).
type OffsetofExpr struct {
	At     token.Pos
	Type   *TypeExpr
	Member string
}

// StringofExpr is stringof(X) or stringof X.
type StringofExpr struct {
	At token.Pos
	X  Expr
}

// XlateExpr is xlate<Type>(X).
type XlateExpr struct {
	At   token.Pos
	Type *TypeExpr
	X    Expr
}

// ParenExpr is (X); kept so that error messages and -S can show what
// was written.
type ParenExpr struct {
	At token.Pos
	X  Expr
}

func (n *ProbeDesc) Pos() token.Pos      { return n.At }
func (n *Clause) Pos() token.Pos         { return n.At }
func (n *Pragma) Pos() token.Pos         { return n.At }
func (n *VarDecl) Pos() token.Pos        { return n.At }
func (n *Declarator) Pos() token.Pos     { return n.At }
func (n *TypeDecl) Pos() token.Pos       { return n.At }
func (n *InlineDecl) Pos() token.Pos     { return n.At }
func (n *TranslatorDecl) Pos() token.Pos { return n.At }
func (n *ProviderDecl) Pos() token.Pos   { return n.At }
func (n *XlateMember) Pos() token.Pos    { return n.At }
func (n *TypeExpr) Pos() token.Pos       { return n.At }
func (n *Member) Pos() token.Pos         { return n.At }
func (n *Enumerator) Pos() token.Pos     { return n.At }
func (n *ExprStmt) Pos() token.Pos       { return n.X.Pos() }
func (n *IfStmt) Pos() token.Pos         { return n.At }
func (n *EmptyStmt) Pos() token.Pos      { return n.At }
func (n *Ident) Pos() token.Pos          { return n.At }
func (n *IntLit) Pos() token.Pos         { return n.At }
func (n *StrLit) Pos() token.Pos         { return n.At }
func (n *MacroVar) Pos() token.Pos       { return n.At }
func (n *AggExpr) Pos() token.Pos        { return n.At }
func (n *UnaryExpr) Pos() token.Pos      { return n.At }
func (n *PostfixExpr) Pos() token.Pos    { return n.X.Pos() }
func (n *BinaryExpr) Pos() token.Pos     { return n.X.Pos() }
func (n *AssignExpr) Pos() token.Pos     { return n.X.Pos() }
func (n *CondExpr) Pos() token.Pos       { return n.C.Pos() }
func (n *CallExpr) Pos() token.Pos       { return n.Fun.At }
func (n *FuncExprCall) Pos() token.Pos   { return n.Fun.Pos() }
func (n *IndexExpr) Pos() token.Pos      { return n.X.Pos() }
func (n *SelectorExpr) Pos() token.Pos   { return n.X.Pos() }
func (n *CastExpr) Pos() token.Pos       { return n.At }
func (n *SizeofExpr) Pos() token.Pos     { return n.At }
func (n *OffsetofExpr) Pos() token.Pos   { return n.At }
func (n *StringofExpr) Pos() token.Pos   { return n.At }
func (n *XlateExpr) Pos() token.Pos      { return n.At }
func (n *ParenExpr) Pos() token.Pos      { return n.At }

func (*Clause) declNode()         {}
func (*Pragma) declNode()         {}
func (*VarDecl) declNode()        {}
func (*TypeDecl) declNode()       {}
func (*InlineDecl) declNode()     {}
func (*TranslatorDecl) declNode() {}
func (*ProviderDecl) declNode()   {}

func (*ExprStmt) stmtNode()  {}
func (*IfStmt) stmtNode()    {}
func (*EmptyStmt) stmtNode() {}

func (*Ident) exprNode()        {}
func (*IntLit) exprNode()       {}
func (*StrLit) exprNode()       {}
func (*MacroVar) exprNode()     {}
func (*AggExpr) exprNode()      {}
func (*UnaryExpr) exprNode()    {}
func (*PostfixExpr) exprNode()  {}
func (*BinaryExpr) exprNode()   {}
func (*AssignExpr) exprNode()   {}
func (*CondExpr) exprNode()     {}
func (*CallExpr) exprNode()     {}
func (*FuncExprCall) exprNode() {}
func (*IndexExpr) exprNode()    {}
func (*SelectorExpr) exprNode() {}
func (*CastExpr) exprNode()     {}
func (*SizeofExpr) exprNode()   {}
func (*OffsetofExpr) exprNode() {}
func (*StringofExpr) exprNode() {}
func (*XlateExpr) exprNode()    {}
func (*ParenExpr) exprNode()    {}

// Unparen returns e without the parentheses around it.
func Unparen(e Expr) Expr {
	for {
		p, ok := e.(*ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}

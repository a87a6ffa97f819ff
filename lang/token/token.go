package token

import (
	"fmt"
	"sort"
)

// Kind is the kind of a lexical token.
type Kind int

// The token kinds. Operators are named after their C spelling.
const (
	ILLEGAL Kind = iota
	EOF

	literalBeg
	IDENT  // execname, x, `jiffies (Text keeps the backquote), vmlinux`jiffies
	INT    // 42, 0x2a, 052, 42ul, 'a' (character constants scan as CHAR)
	CHAR   // 'a', '\n'
	STRING // "hello\n" (Text is the unquoted, unescaped value)
	MACRO  // $1, $$1, $target, $pid (Text without the leading $ or $$)
	MACROSTR
	AGG    // @, @name (Text is the name without @; empty for the anonymous aggregation)
	PROBE  // a probe description outside a clause body: syscall::read:entry, BEGIN, profile-97
	PRAGMA // #pragma D option quiet (Text is everything after "#pragma")
	literalEnd

	operatorBeg
	ADD      // +
	SUB      // -
	MUL      // *
	QUO      // /
	REM      // %
	AND      // &
	OR       // |
	XOR      // ^
	SHL      // <<
	SHR      // >>
	LAND     // &&
	LOR      // ||
	LXOR     // ^^
	NOT      // !
	TILDE    // ~
	INC      // ++
	DEC      // --
	EQL      // ==
	NEQ      // !=
	LSS      // <
	GTR      // >
	LEQ      // <=
	GEQ      // >=
	ASSIGN   // =
	ADDEQ    // +=
	SUBEQ    // -=
	MULEQ    // *=
	QUOEQ    // /=
	REMEQ    // %=
	ANDEQ    // &=
	OREQ     // |=
	XOREQ    // ^=
	SHLEQ    // <<=
	SHREQ    // >>=
	QUEST    // ?
	COLON    // :
	COMMA    // ,
	SEMI     // ;
	DOT      // .
	ARROW    // ->
	ELLIPSIS // ...
	LPAREN   // (
	RPAREN   // )
	LBRACK   // [
	RBRACK   // ]
	LBRACE   // {
	RBRACE   // }
	EPRED    // the / that closes a predicate (DTrace's DT_TOK_EPRED)
	operatorEnd

	keywordBeg
	AUTO
	BREAK
	CASE
	CONST
	CONTINUE
	COUNTER
	DEFAULT
	DO
	ELSE
	ENUM
	EXTERN
	FOR
	GOTO
	IF
	IMPORT
	INLINE
	OFFSETOF
	PROBEKW // "probe"
	PROVIDER
	REGISTER
	RESTRICT
	RETURN
	SELF
	SIZEOF
	STATIC
	STRINGOF
	STRUCT
	SWITCH
	THIS
	TRANSLATOR
	TYPEDEF
	UNION
	VOLATILE
	WHILE
	XLATE
	// Type-name keywords.
	CHARKW
	DOUBLE
	FLOAT
	INTKW
	LONG
	SHORT
	SIGNED
	UNSIGNED
	VOID
	STRINGKW // string
	USERLAND
	keywordEnd
)

var kindNames = map[Kind]string{
	ILLEGAL: "ILLEGAL", EOF: "EOF",
	IDENT: "IDENT", INT: "INT", CHAR: "CHAR", STRING: "STRING", MACRO: "MACRO", MACROSTR: "MACROSTR",
	AGG: "AGG", PROBE: "PROBE", PRAGMA: "PRAGMA",
	ADD: "+", SUB: "-", MUL: "*", QUO: "/", REM: "%", AND: "&", OR: "|", XOR: "^",
	SHL: "<<", SHR: ">>", LAND: "&&", LOR: "||", LXOR: "^^", NOT: "!", TILDE: "~",
	INC: "++", DEC: "--", EQL: "==", NEQ: "!=", LSS: "<", GTR: ">", LEQ: "<=", GEQ: ">=",
	ASSIGN: "=", ADDEQ: "+=", SUBEQ: "-=", MULEQ: "*=", QUOEQ: "/=", REMEQ: "%=",
	ANDEQ: "&=", OREQ: "|=", XOREQ: "^=", SHLEQ: "<<=", SHREQ: ">>=",
	QUEST: "?", COLON: ":", COMMA: ",", SEMI: ";", DOT: ".", ARROW: "->", ELLIPSIS: "...",
	LPAREN: "(", RPAREN: ")", LBRACK: "[", RBRACK: "]", LBRACE: "{", RBRACE: "}",
	EPRED: "EPRED",
}

// Keywords maps D's reserved words to their kinds.
var Keywords = map[string]Kind{
	"auto": AUTO, "break": BREAK, "case": CASE, "const": CONST, "continue": CONTINUE,
	"counter": COUNTER, "default": DEFAULT, "do": DO, "else": ELSE, "enum": ENUM,
	"extern": EXTERN, "for": FOR, "goto": GOTO, "if": IF, "import": IMPORT,
	"inline": INLINE, "offsetof": OFFSETOF, "probe": PROBEKW, "provider": PROVIDER,
	"register": REGISTER, "restrict": RESTRICT, "return": RETURN, "self": SELF,
	"sizeof": SIZEOF, "static": STATIC, "stringof": STRINGOF, "struct": STRUCT,
	"switch": SWITCH, "this": THIS, "translator": TRANSLATOR, "typedef": TYPEDEF,
	"union": UNION, "volatile": VOLATILE, "while": WHILE, "xlate": XLATE,
	"char": CHARKW, "double": DOUBLE, "float": FLOAT, "int": INTKW, "long": LONG,
	"short": SHORT, "signed": SIGNED, "unsigned": UNSIGNED, "void": VOID,
	"string": STRINGKW, "userland": USERLAND,
}

func (k Kind) String() string {
	if s, ok := kindNames[k]; ok {
		return s
	}
	for s, kk := range Keywords {
		if kk == k {
			return s
		}
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// IsOperator reports whether k is an operator or delimiter.
func (k Kind) IsOperator() bool { return operatorBeg < k && k < operatorEnd }

// IsKeyword reports whether k is a reserved word.
func (k Kind) IsKeyword() bool { return keywordBeg < k && k < keywordEnd }

// Pos is a position in a File: 1 + the byte offset. The zero Pos is no
// position.
type Pos int

// NoPos is the zero position.
const NoPos Pos = 0

// IsValid reports whether p is a real position.
func (p Pos) IsValid() bool { return p > 0 }

// File is one source text (a script file, or one -n/-P/-m/-f/-i argument).
// Several files compiled together get disjoint position ranges through
// Base, so that a Pos alone says which file it is in.
//
// Line directives ("# 12 \"foo.h\"", as cpp writes them, or "#line 12")
// renumber the lines that follow them. The scanner records each one with
// AddLine, and Position reports the renumbered line and file name, so
// that messages about preprocessed text name the user's lines.
type File struct {
	Name  string // "foo.d", or "" for command-line descriptions
	Src   []byte
	Base  int        // offset added to every position of this file
	lines []int      // byte offsets of line starts, built lazily
	infos []lineInfo // line directives, sorted by offset
}

// lineInfo says that the line starting at byte offset off is line line
// of file name.
type lineInfo struct {
	off  int
	name string
	line int
}

// Contains reports whether p is a position in f (its end included).
func (f *File) Contains(p Pos) bool {
	off := f.Offset(p)
	return p.IsValid() && off >= 0 && off <= len(f.Src)
}

// NewFile returns a File for src.
func NewFile(name string, src []byte) *File { return &File{Name: name, Src: src} }

// Pos returns the Pos of byte offset off.
func (f *File) Pos(off int) Pos { return Pos(f.Base + off + 1) }

// Offset returns the byte offset of p.
func (f *File) Offset(p Pos) int { return int(p) - 1 - f.Base }

// AddLine records a line directive: the line that starts at byte offset
// off is line number line of the file named name, and the lines after it
// follow on. An empty name keeps the name in force before off. Adding a
// directive at an offset that already has one replaces it, so a file can
// be scanned more than once.
func (f *File) AddLine(off int, name string, line int) {
	i := sort.Search(len(f.infos), func(i int) bool { return f.infos[i].off >= off })
	if name == "" {
		name = f.Name
		if i > 0 {
			name = f.infos[i-1].name
		}
	}
	info := lineInfo{off: off, name: name, line: line}
	if i < len(f.infos) && f.infos[i].off == off {
		f.infos[i] = info
		return
	}
	f.infos = append(f.infos, lineInfo{})
	copy(f.infos[i+1:], f.infos[i:])
	f.infos[i] = info
}

// Position is a resolved source position.
type Position struct {
	Filename string
	Offset   int // byte offset in the File's Src, whatever the line directives say
	Line     int // 1-based
	Column   int // 1-based, in bytes
}

// Position resolves p to a file name, line and column, following line
// directives.
func (f *File) Position(p Pos) Position { return f.PositionFor(p, true) }

// PositionFor resolves p as Position does, or, when adjusted is false,
// ignoring line directives: the line is then the line of Src itself,
// which is what indexes the source text.
func (f *File) PositionFor(p Pos, adjusted bool) Position {
	if !p.IsValid() {
		return Position{Filename: f.Name}
	}
	if f.lines == nil {
		f.lines = []int{0}
		for i, c := range f.Src {
			if c == '\n' {
				f.lines = append(f.lines, i+1)
			}
		}
	}
	off := f.Offset(p)
	i := sort.Search(len(f.lines), func(i int) bool { return f.lines[i] > off }) - 1
	if i < 0 {
		i = 0
	}
	pos := Position{Filename: f.Name, Offset: off, Line: i + 1, Column: off - f.lines[i] + 1}
	if !adjusted {
		return pos
	}
	j := sort.Search(len(f.infos), func(j int) bool { return f.infos[j].off > off }) - 1
	if j >= 0 {
		info := f.infos[j]
		// The directive's line is the raw line containing info.off.
		k := sort.Search(len(f.lines), func(k int) bool { return f.lines[k] > info.off }) - 1
		pos.Filename = info.name
		pos.Line = info.line + i - k
	}
	return pos
}

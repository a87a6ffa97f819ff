// Package parser builds the syntax tree of a D program.
//
// ParseFile accepts the D grammar of DTrace's dt_grammar.y plus the if/else
// statements of recent illumos: clauses with probe descriptions, optional
// predicates and bodies; expressions with C's operators and D's ^^, @
// aggregations, $ macro variables, sizeof, stringof, offsetof and xlate;
// and top-level declarations of variables, types, inlines and translators,
// and #pragma lines.
//
// The parser records what was written and resolves nothing. The one
// semantic thing it must know is which identifiers are type names, to tell
// a cast "(T)x" from a parenthesized expression: those are the typedefs
// declared earlier in the program and a fixed list of well-known C and D
// type names (see isTypeName).
//
// Syntax errors are reported with DTrace's wording, chiefly
// `syntax error near "}"`. ParseFile reports every error it finds, at most
// one per line and at most ten, as a scanner.ErrorList sorted by position.
// When there are errors the returned Program is incomplete and may contain
// placeholder nodes (an *ast.Ident with an empty Name); it is meant only for
// inspection. The parser never panics and always terminates.
package parser

import (
	"bytes"
	"strings"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/scanner"
	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/lang/token"
)

const (
	maxErrors = 10   // stop after this many errors, as go/parser does
	maxNest   = 1000 // deepest expression or statement nesting accepted
)

// ParseFile parses the D program in f. The error, if not nil, is a
// scanner.ErrorList.
func ParseFile(f *token.File) (*ast.Program, error) {
	return parseFile(f, maxErrors, nil)
}

// ParseFileTypes is ParseFile where isType names the types a program may
// use without declaring them beyond the well-known ones: D's built-in
// typedefs and the running kernel's. DTrace's lexer asks every type
// container it has loaded whether an identifier is a type name, which is
// what makes "(rwlock_t *)arg0" a cast.
func ParseFileTypes(f *token.File, isType func(name string) bool) (*ast.Program, error) {
	return parseFile(f, maxErrors, isType)
}

// ParseFilePSpec is ParseFileTypes with the pspec option set from the
// start (-x pspec, or its pragma in an earlier source): an ambiguous
// top-level word is a probe description.
func ParseFilePSpec(f *token.File, isType func(name string) bool) (*ast.Program, error) {
	return newParser(f, isType, true).parse(maxErrors)
}

// ParseFileSpec is ParseFileTypes, or ParseFilePSpec when pspec is set,
// for a source whose probe descriptions end with the field spec says:
// the text of dtrace -P, -m or -f.
func ParseFileSpec(f *token.File, isType func(name string) bool, pspec bool, spec ast.ProbeSpec) (*ast.Program, error) {
	p := newParser(f, isType, pspec)
	p.spec = spec
	return p.parse(maxErrors)
}

// parseFile parses f, stopping after limit errors; tests lift the limit.
func parseFile(f *token.File, limit int, isType func(name string) bool) (*ast.Program, error) {
	return newParser(f, isType, false).parse(limit)
}

func (p *parser) parse(limit int) (*ast.Program, error) {
	p.limit = limit
	prog := p.program()
	p.errs.RemoveMultiples()
	return prog, p.errs.Err()
}

type parser struct {
	file *token.File
	sc   scanner.Scanner
	errs scanner.ErrorList

	tok   scanner.Token   // current token
	ahead []scanner.Token // tokens scanned by peek, not yet current

	typedefs map[string]bool // typedef names declared so far
	// defined holds the struct, union and enum tags given a body so
	// far: DTrace defines the type as it reads the "{", and refuses a
	// second definition there, before it parses the body.
	defined map[string]bool
	idents  map[string]bool // identifiers consumed so far (see near)
	prev    token.Kind      // the kind of the token before the current one
	// isType, if not nil, names the types known without a declaration
	// (see ParseFileTypes).
	isType  func(name string) bool
	spec    ast.ProbeSpec // the field descriptions end with
	pragmas []*ast.Pragma // #pragma lines met inside the current item
	macros  []*ast.MacroVar

	limit int // stop after this many errors
	ntok  int // tokens consumed; loops use it to make sure they progress
	nerr  int // errors reported, including those dropped as duplicates
	// reported is the last token whose scanning reported an error.
	reported token.Pos
	nest     int  // current nesting depth
	aborted  bool // too many errors, or nested too deeply: act as at EOF
}

func newParser(f *token.File, isType func(name string) bool, pspec bool) *parser {
	p := &parser{file: f, typedefs: make(map[string]bool), defined: make(map[string]bool), idents: make(map[string]bool), isType: isType}
	p.sc.Init(f, p.errorAt, p.isTypeName)
	p.sc.PSpec = pspec
	p.next()
	return p
}

// ---- tokens

// next advances to the next token. Pragmas are taken out of the token
// stream wherever they appear, because DTrace applies them as they are
// lexed; they are added to the program after the item they occur in.
func (p *parser) next() {
	p.ntok++
	p.prev = p.tok.Kind
	if p.tok.Kind == token.IDENT {
		p.idents[p.tok.Text] = true
	}
	if len(p.ahead) > 0 {
		p.tok = p.ahead[0]
		p.ahead = p.ahead[1:]
		return
	}
	p.tok = p.scan()
}

// peek returns the token after the current one.
func (p *parser) peek() scanner.Token { return p.peekAt(0) }

// peekAt returns the token i+1 places after the current one.
func (p *parser) peekAt(i int) scanner.Token {
	for len(p.ahead) <= i {
		p.ahead = append(p.ahead, p.scan())
	}
	return p.ahead[i]
}

func (p *parser) scan() scanner.Token {
	for {
		if p.aborted {
			end := p.file.Pos(len(p.file.Src))
			return scanner.Token{Kind: token.EOF, Pos: end, End: end}
		}
		n := p.nerr
		t := p.sc.Scan()
		if p.nerr > n {
			p.reported = t.Pos
		}
		if t.Kind != token.PRAGMA {
			return t
		}
		pr := &ast.Pragma{At: t.Pos, Words: strings.Fields(t.Text)}
		p.pragmas = append(p.pragmas, pr)
		if w := pr.Words; len(w) == 3 && w[0] == "D" && w[1] == "option" && w[2] == "pspec" {
			// The option applies to the words scanned after it, as
			// DTrace's lexer sets it when it meets the pragma.
			p.sc.PSpec = true
		}
	}
}

// got consumes the current token if it is of kind k.
func (p *parser) got(k token.Kind) bool {
	if p.tok.Kind == k {
		p.next()
		return true
	}
	return false
}

// expect consumes a token of kind k and returns its position, or reports
// a syntax error and leaves the current token for the caller's recovery.
func (p *parser) expect(k token.Kind) token.Pos {
	pos := p.tok.Pos
	if !p.got(k) {
		p.syntaxError()
	}
	return pos
}

// ---- errors

// error reports m at pos, its wording filled in with args.
func (p *parser) error(pos token.Pos, m tag.Msg, args ...any) {
	p.errorAt(pos, m.Tag(), m.Text(args...))
}

// errorAt records an error with its D_* tag; the scanner reports
// through it. Like go/parser it keeps one error per line, since later
// ones are usually consequences of the first, and gives up after
// maxErrors.
func (p *parser) errorAt(pos token.Pos, tagName, msg string) {
	p.nerr++
	if p.aborted {
		return
	}
	position := p.file.Position(pos)
	if n := len(p.errs); n > 0 && p.errs[n-1].Pos.Line == position.Line {
		return
	}
	p.errs.Add(position, tagName, msg)
	if len(p.errs) >= p.limit {
		p.aborted = true
	}
}

// syntaxError reports the current token in DTrace's words, unless the
// scanner reported an error producing it: DTrace's lexer stops the
// compilation there, before its grammar sees the token.
func (p *parser) syntaxError() {
	if p.tok.Pos == p.reported && p.reported.IsValid() {
		p.nerr++
		return
	}
	if p.tok.Kind == token.EOF {
		p.error(p.tok.Pos, tag.SyntaxEOF)
		return
	}
	p.error(p.tok.Pos, tag.Syntax, p.near())
}

// near words a syntax error at the current token as DTrace does: the
// token's text, but for an identifier that DTrace's lexer had to peek
// past to tell a variable from a type name (see identNear).
func (p *parser) near() string {
	text := string(p.file.Src[p.file.Offset(p.tok.Pos):p.file.Offset(p.tok.End)])
	if p.tok.Kind == token.IDENT && p.peeked() {
		text = identNear(p.file.Src, p.file.Offset(p.tok.End), text)
	}
	return text
}

// peeked reports whether DTrace's lexer looks past the current
// identifier before returning it: it does unless the name is already
// known (here: met earlier in the program) or is a member or tag name
// (after ".", "->", struct, union or enum).
func (p *parser) peeked() bool {
	switch p.prev {
	case token.DOT, token.ARROW, token.STRUCT, token.UNION, token.ENUM:
		return false
	}
	return !p.idents[p.tok.Text]
}

// identNear returns the text DTrace quotes for an identifier name, ending
// at offset end of src, that its lexer peeked past. The peek reads the
// blanks after the name and the next character, and pushes them back as
// spaces, newlines last, which leaves the lexeme's text unterminated:
// DTrace then quotes the rest of the line from the name, the blanks
// turned into spaces.
func identNear(src []byte, end int, name string) string {
	i, spaces, newline := end, 0, false
	for ; i < len(src) && strings.IndexByte("\f\n\r\t\v ", src[i]) >= 0; i++ {
		if src[i] == '\n' {
			newline = true
		} else {
			spaces++
		}
	}
	if newline {
		return name + strings.Repeat(" ", spaces)
	}
	rest := src[i:]
	if nl := bytes.IndexByte(rest, '\n'); nl >= 0 {
		rest = rest[:nl]
	}
	return name + strings.Repeat(" ", spaces) + string(rest)
}

// enter guards recursion: it reports false, and stops the parse, when
// constructs are nested more deeply than any real program needs.
func (p *parser) enter() bool {
	p.nest++
	if p.nest > maxNest {
		p.error(p.tok.Pos, tag.SyntaxNested)
		p.aborted = true
		p.tok = p.scan()
		p.ahead = nil
		return false
	}
	return true
}

func (p *parser) leave() { p.nest-- }

// skipPast advances to the end of a statement-like construct after an
// error: past the next ';' at this brace level, or up to a '}' closing
// this level, or to the end of input.
func (p *parser) skipPast() {
	depth := 0
	for {
		switch p.tok.Kind {
		case token.EOF:
			return
		case token.SEMI:
			if depth == 0 {
				p.next()
				return
			}
		case token.LBRACE:
			depth++
		case token.RBRACE:
			if depth == 0 {
				return
			}
			depth--
		}
		p.next()
	}
}

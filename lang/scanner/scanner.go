// Package scanner turns D source text into tokens for the parser.
//
// D is lexed in modes, as DTrace's dt_lex.l does. Between top-level items
// a probe description such as syscall::read:entry, profile-97 or
// pid$target:libc.so.6:malloc:entry is one token.PROBE, because its
// characters (- : * ? [ ] ! ...) would otherwise be operators. A word that
// begins a declaration (int, self, struct, typedef, inline, translator, a
// known type name) switches the scanner to C tokens up to the
// declaration's closing ';'. Predicates and clause bodies are scanned as C
// tokens too. The Scanner follows these modes by itself from the tokens it
// returns; its user only says which identifiers name types.
//
// The closing slash of a predicate is token.EPRED. As in DTrace, a '/' in
// a predicate closes it when the next significant character is '{', ';',
// '/' or the end of input; any other '/' is division, so /x / 2 > 1/ works.
//
// Control lines are handled here, as DTrace's dt_pragma() handles them
// (see controlLine): "#pragma D name ..." becomes a token.PRAGMA wherever
// it appears; "#!" interpreter lines, "#ident" and the null directive "#"
// are skipped; "#error" is an error. Line directives ("#line", and
// "# 12 "file"" as the C preprocessor writes them) renumber the lines
// that follow (see token.File.AddLine), so that errors in preprocessed
// text name the user's lines.
//
// Tokens and errors are DTrace's: what its lexer (dt_lex.l) takes as one
// token is one here (12uu is 12u then u), and each error has DTrace's
// D_* tag and wording (D_SYNTAX for what dt_lex.l reports with
// yyerror()). The scanner never panics, and each call to Scan consumes
// input until the end, where it returns token.EOF forever. Lexical
// errors go to the ErrorHandler and scanning goes on.
package scanner

import (
	"strings"

	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/lang/token"
)

// Token is one lexical token.
type Token struct {
	Kind token.Kind
	Pos  token.Pos // first byte
	End  token.Pos // just past the last byte
	// Text is the name for IDENT and keywords (a scoped name keeps its
	// backquote: vmlinux`jiffies), the spelling for INT ("42ul") and CHAR
	// ("'a'"), the decoded value for STRING, the name without "$", "$$"
	// or "@" for MACRO, MACROSTR and AGG ("" for the anonymous @), the
	// whole description for PROBE, everything after "#pragma" for PRAGMA,
	// and the spelling of an operator.
	Text string
	// Value is the value of an INT or CHAR token ('ab' is 'a'<<8 | 'b').
	Value uint64
}

// mode is what the scanner expects next; see the package comment.
type mode int

const (
	modeTop  mode = iota // between top-level items, and in a probe-description list
	modePred             // between the slashes of a predicate
	modeBody             // inside the braces of a clause body
	modeDecl             // inside a top-level declaration, up to its ';'
)

// A Scanner holds the state of scanning one token.File.
type Scanner struct {
	file   *token.File
	src    []byte
	errh   ErrorHandler
	isType func(string) bool

	off                      int // next byte to read
	mode                     mode
	braces, parens, brackets int        // nesting in the current mode
	last                     token.Kind // kind of the previous token
	inList                   bool       // the previous tokens were probe descriptions and commas
	nparens, nbrackets       int        // open ( and [ of the whole program (see balance)

	// ErrorCount is the number of errors reported so far.
	ErrorCount int

	// PSpec is the pspec option: a top-level word that could begin a
	// declaration or a probe description (int*x, uint64_t) is a probe
	// description unless it is a declaration keyword as a whole.
	PSpec bool
}

// Init prepares s to scan f from the start. errh, if not nil, is called
// for each lexical error. isType, if not nil, reports whether a name is a
// type name (a typedef); at the top level it decides whether a word such
// as "uint64_t" begins a declaration or is a probe description.
func (s *Scanner) Init(f *token.File, errh ErrorHandler, isType func(name string) bool) {
	*s = Scanner{file: f, src: f.Src, errh: errh, isType: isType}
}

// error reports m at off, its wording filled in with args.
func (s *Scanner) error(off int, m tag.Msg, args ...any) {
	s.ErrorCount++
	if s.errh != nil {
		s.errh(s.file.Pos(off), m.Tag(), m.Text(args...))
	}
}

// at returns the byte i bytes past the current one, or 0 past the end.
func (s *Scanner) at(i int) byte {
	if s.off+i < len(s.src) {
		return s.src[s.off+i]
	}
	return 0
}

func (s *Scanner) token(kind token.Kind, start int, text string) Token {
	return Token{Kind: kind, Pos: s.file.Pos(start), End: s.file.Pos(s.off), Text: text}
}

// Scan returns the next token.
func (s *Scanner) Scan() Token {
	for {
		s.skipSpace()
		if s.off >= len(s.src) {
			return s.token(token.EOF, len(s.src), "")
		}
		if s.src[s.off] == '#' && s.atLineStart(s.off) {
			if t, ok := s.controlLine(); ok {
				return t
			}
			continue
		}
		break
	}
	var t Token
	if s.mode == modeTop {
		t = s.scanTop()
	} else {
		t = s.scanC()
	}
	s.track(t)
	return t
}

// track moves between modes after token t.
func (s *Scanner) track(t Token) {
	switch s.mode {
	case modeTop:
		s.inList = t.Kind == token.PROBE || t.Kind == token.INT || (t.Kind == token.COMMA && s.inList)
		switch t.Kind {
		case token.QUO:
			s.mode, s.parens, s.brackets = modePred, 0, 0
		case token.LBRACE:
			s.mode, s.braces = modeBody, 1
		}
	case modePred:
		s.trackPred(t.Kind)
	case modeBody:
		switch t.Kind {
		case token.LBRACE:
			s.braces++
		case token.RBRACE:
			if s.braces--; s.braces <= 0 {
				s.mode = modeTop
			}
		}
	case modeDecl:
		switch t.Kind {
		case token.LBRACE:
			s.braces++
		case token.RBRACE:
			if s.braces > 0 {
				s.braces--
			}
		case token.SEMI:
			if s.braces == 0 {
				s.mode = modeTop
			}
		}
	}
	s.last = t.Kind
}

func (s *Scanner) trackPred(k token.Kind) {
	switch k {
	case token.LPAREN:
		s.parens++
	case token.RPAREN:
		if s.parens > 0 {
			s.parens--
		}
	case token.LBRACK:
		s.brackets++
	case token.RBRACK:
		if s.brackets > 0 {
			s.brackets--
		}
	case token.EPRED:
		s.mode = modeTop
	case token.LBRACE:
		// A '{' cannot be part of a predicate: the closing slash is
		// missing. Scan the body as a body all the same, so that one
		// mistake does not garble the rest of the program.
		if s.parens == 0 && s.brackets == 0 {
			s.mode, s.braces = modeBody, 1
		}
	}
}

func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'
}

// skipSpace skips blanks, newlines and comments.
func (s *Scanner) skipSpace() {
	for s.off < len(s.src) {
		c := s.src[s.off]
		switch {
		case isSpace(c):
			s.off++
		case c == '\\' && s.at(1) == '\n' && s.mode != modeTop:
			s.off += 2 // line continuation
		case c == '/' && s.at(1) == '*':
			s.skipBlockComment()
		case c == '/' && s.at(1) == '/':
			for s.off < len(s.src) && s.src[s.off] != '\n' {
				s.off++
			}
		default:
			return
		}
	}
}

func (s *Scanner) skipBlockComment() {
	s.off += 2
	for s.off < len(s.src) {
		switch {
		case s.src[s.off] == '*' && s.at(1) == '/':
			s.off += 2
			return
		case s.src[s.off] == '/' && s.at(1) == '*':
			s.error(s.off, tag.SyntaxNestedComment)
			s.off += 2
		default:
			s.off++
		}
	}
	// DTrace reports it where it meets the end, not where the comment
	// starts.
	s.error(len(s.src), tag.SyntaxCommentEOF)
}

// atLineStart reports whether only blanks precede offset off on its line,
// which is where a control line ("#pragma ...") may start.
func (s *Scanner) atLineStart(off int) bool {
	for i := off - 1; i >= 0; i-- {
		switch s.src[i] {
		case '\n':
			return true
		case ' ', '\t', '\f', '\v':
		default:
			return false
		}
	}
	return true
}

// scanTop scans a token between top-level items.
func (s *Scanner) scanTop() Token {
	if isDigit(s.src[s.off]) {
		return s.scanProbeID()
	}
	if isProbeChar(s.src[s.off]) {
		return s.scanWord()
	}
	return s.scanC()
}

// scanC scans a C token: in predicates, bodies and declarations.
func (s *Scanner) scanC() Token {
	c := s.src[s.off]
	switch {
	case isLetter(c) || c == '`':
		return s.scanIdent()
	case isDigit(c), c == '.' && isDigit(s.at(1)):
		return s.scanNumber()
	case c == '"':
		return s.scanString()
	case c == '\'':
		return s.scanChar()
	case c == '@':
		return s.scanAgg()
	case c == '$':
		return s.scanMacro()
	}
	return s.scanOperator()
}

func isLetter(c byte) bool { return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c == '_' }
func isDigit(c byte) bool  { return '0' <= c && c <= '9' }
func isIdentChar(c byte) bool {
	return isLetter(c) || isDigit(c)
}

// scanIdent scans an identifier or keyword. A backquote scopes a name to
// a module (`jiffies, vmlinux`jiffies); the module part may contain dots
// (libc.so.6`malloc). Right after "." or "->" a name is a member, never a
// keyword.
func (s *Scanner) scanIdent() Token {
	start := s.off
	s.off = identEnd(s.src, start)
	text := string(s.src[start:s.off])
	kind := token.IDENT
	if s.last != token.DOT && s.last != token.ARROW {
		if k, ok := token.Keywords[text]; ok {
			kind = k
		}
	}
	return s.token(kind, start, text)
}

func identEnd(src []byte, i int) int {
	j := i
	for j < len(src) && (isIdentChar(src[j]) || src[j] == '`' || src[j] == '.') {
		j++
	}
	run := string(src[i:j])
	if k := strings.LastIndexByte(run, '`'); k >= 0 && strings.IndexByte(run[:k], '.') >= 0 {
		e := i + k + 1
		for e < len(src) && isIdentChar(src[e]) {
			e++
		}
		return e
	}
	e := i
	for e < len(src) && (isIdentChar(src[e]) || src[e] == '`') {
		e++
	}
	return e
}

// scanAgg scans @ or @name.
func (s *Scanner) scanAgg() Token {
	start := s.off
	s.off++
	if isLetter(s.at(0)) {
		for s.off < len(s.src) && isIdentChar(s.src[s.off]) {
			s.off++
		}
	}
	return s.token(token.AGG, start, string(s.src[start+1:s.off]))
}

// scanMacro scans $1, $target (MACRO) and $$1, $$target (MACROSTR).
func (s *Scanner) scanMacro() Token {
	start := s.off
	kind := token.MACRO
	s.off++
	if s.at(0) == '$' && isIdentChar(s.at(1)) {
		kind = token.MACROSTR
		s.off++
	}
	nameStart := s.off
	switch c := s.at(0); {
	case isDigit(c):
		for s.off < len(s.src) && isDigit(s.src[s.off]) {
			s.off++
		}
	case isLetter(c):
		for s.off < len(s.src) && isIdentChar(s.src[s.off]) {
			s.off++
		}
	default:
		s.off = start
		return s.invalidChar()
	}
	return s.token(kind, start, string(s.src[nameStart:s.off]))
}

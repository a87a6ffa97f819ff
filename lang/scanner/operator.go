package scanner

import (
	"unicode/utf8"

	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/lang/token"
)

// match consumes the current byte if it is c.
func (s *Scanner) match(c byte) bool {
	if s.off < len(s.src) && s.src[s.off] == c {
		s.off++
		return true
	}
	return false
}

// alt is a possible second character of an operator.
type alt struct {
	c byte
	k token.Kind
}

// choose consumes a second character if it is one of alts and returns its
// kind; otherwise it returns def.
func (s *Scanner) choose(def token.Kind, alts ...alt) token.Kind {
	for _, a := range alts {
		if s.match(a.c) {
			return a.k
		}
	}
	return def
}

var singles = map[byte]token.Kind{
	'~': token.TILDE, '?': token.QUEST, ':': token.COLON, ',': token.COMMA,
	';': token.SEMI, '(': token.LPAREN, ')': token.RPAREN, '[': token.LBRACK,
	']': token.RBRACK, '{': token.LBRACE, '}': token.RBRACE,
}

// scanOperator scans an operator or delimiter, longest match first.
func (s *Scanner) scanOperator() Token {
	start := s.off
	c := s.src[s.off]
	s.off++
	var kind token.Kind
	switch c {
	case '+':
		kind = s.choose(token.ADD, alt{'+', token.INC}, alt{'=', token.ADDEQ})
	case '-':
		kind = s.choose(token.SUB, alt{'-', token.DEC}, alt{'=', token.SUBEQ}, alt{'>', token.ARROW})
	case '*':
		kind = s.choose(token.MUL, alt{'=', token.MULEQ})
	case '%':
		kind = s.choose(token.REM, alt{'=', token.REMEQ})
	case '&':
		kind = s.choose(token.AND, alt{'&', token.LAND}, alt{'=', token.ANDEQ})
	case '|':
		kind = s.choose(token.OR, alt{'|', token.LOR}, alt{'=', token.OREQ})
	case '^':
		kind = s.choose(token.XOR, alt{'^', token.LXOR}, alt{'=', token.XOREQ})
	case '=':
		kind = s.choose(token.ASSIGN, alt{'=', token.EQL})
	case '!':
		kind = s.choose(token.NOT, alt{'=', token.NEQ})
	case '<':
		kind = s.choose(token.LSS, alt{'=', token.LEQ})
		if kind == token.LSS && s.match('<') {
			kind = s.choose(token.SHL, alt{'=', token.SHLEQ})
		}
	case '>':
		kind = s.choose(token.GTR, alt{'=', token.GEQ})
		if kind == token.GTR && s.match('>') {
			kind = s.choose(token.SHR, alt{'=', token.SHREQ})
		}
	case '.':
		kind = token.DOT
		if s.at(0) == '.' && s.at(1) == '.' {
			s.off += 2
			kind = token.ELLIPSIS
		}
	case '/':
		kind = s.choose(token.QUO, alt{'=', token.QUOEQ})
		if kind == token.QUO && s.mode == modePred && s.closesPredicate(start) {
			kind = token.EPRED
		}
	default:
		k, ok := singles[c]
		if !ok {
			s.off = start
			return s.invalidChar()
		}
		kind = k
	}
	if s.mode != modeTop {
		s.balance(kind, start)
	}
	return s.token(kind, start, string(s.src[start:s.off]))
}

// closesPredicate reports whether the '/' at start ends the predicate.
// Like DTrace, it looks past blanks and comments: a following '{', ';', '/'
// or end of input means the predicate is over; anything else makes the
// slash a division. A closing slash inside open parentheses or brackets
// is reported, and still closes the predicate; DTrace's lexer reports it
// having read ahead, so at the character that told it.
func (s *Scanner) closesPredicate(start int) bool {
	i := s.off
	for i < len(s.src) {
		c := s.src[i]
		switch {
		case isSpace(c):
			i++
			continue
		case c == '/' && i+1 < len(s.src) && s.src[i+1] == '*':
			end := indexFrom(s.src, i+2, "*/")
			if end < 0 {
				return true
			}
			i = end + 2
			continue
		case c == '/' && i+1 < len(s.src) && s.src[i+1] == '/':
			for i < len(s.src) && s.src[i] != '\n' {
				i++
			}
			continue
		}
		if c != '{' && c != ';' && c != '/' {
			return false
		}
		break
	}
	if s.parens > 0 {
		s.error(i, tag.SyntaxPredParen)
	} else if s.brackets > 0 {
		s.error(i, tag.SyntaxPredBracket)
	}
	s.nparens -= s.parens
	s.nbrackets -= s.brackets
	s.parens, s.brackets = 0, 0
	return true
}

func indexFrom(src []byte, from int, sep string) int {
	for i := from; i+len(sep) <= len(src); i++ {
		if string(src[i:i+len(sep)]) == sep {
			return i
		}
	}
	return -1
}

// invalidChar reports the byte at the current offset as DTrace's lexer
// does, `syntax error near "c"` with the byte as it is, consumes it (a
// whole UTF-8 sequence if valid, so that one character is one error) and
// returns an ILLEGAL token.
func (s *Scanner) invalidChar() Token {
	start := s.off
	_, size := utf8.DecodeRune(s.src[s.off:])
	s.off += max(size, 1)
	s.error(start, tag.Syntax, string(s.src[start:start+1]))
	return s.token(token.ILLEGAL, start, string(s.src[start:s.off]))
}

// balance counts the parentheses and brackets of C tokens as DTrace's
// lexer does, across the whole program, and reports a closing one that
// has no opening one before it. (At the top level DTrace's lexer knows no
// parentheses: the parser reports them.)
func (s *Scanner) balance(k token.Kind, off int) {
	switch k {
	case token.LPAREN:
		s.nparens++
	case token.LBRACK:
		s.nbrackets++
	case token.RPAREN:
		if s.nparens--; s.nparens < 0 {
			s.nparens = 0
			s.error(off, tag.SyntaxExtraParen)
		}
	case token.RBRACK:
		if s.nbrackets--; s.nbrackets < 0 {
			s.nbrackets = 0
			s.error(off, tag.SyntaxExtraBracket)
		}
	}
}

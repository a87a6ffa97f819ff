package scanner

import (
	"strings"

	"github.com/godtrace/godtrace/lang/token"
)

// isProbeChar reports whether c may appear in a probe description: name
// characters, the glob characters * ? [ ] ! \, and $ ` : - . ~ for macro
// variables, scoping and field separators.
func isProbeChar(c byte) bool {
	return isIdentChar(c) || strings.IndexByte("-.*?[]!\\$`:~", c) >= 0
}

// scanProbeID scans a probe identifier: at the top level, where a
// description cannot begin with a digit, DTrace's lexer reads a number
// as an INT (RGX_INT), which names the probe with that ID. A float is
// not a number here: "4.56" is the INT 4 and the description ".56".
func (s *Scanner) scanProbeID() Token {
	start := s.off
	s.off = intEnd(s.src, start)
	t := s.token(token.INT, start, string(s.src[start:s.off]))
	t.Value = s.intValue(start, t.Text)
	return t
}

// scanWord scans a word at the top level: a probe description, or the
// keyword or type name that begins a declaration.
func (s *Scanner) scanWord() Token {
	start := s.off
	for s.off < len(s.src) && isProbeChar(s.src[s.off]) {
		s.off++
	}
	word := string(s.src[start:s.off])
	// After "desc," only another description can follow.
	if s.last != token.COMMA || !s.inList {
		if kind, n := s.declStart(word); n > 0 {
			s.off = start + n
			s.mode, s.braces = modeDecl, 0
			return s.token(kind, start, word[:n])
		}
	}
	return s.token(token.PROBE, start, word)
}

// declStart decides, as DTrace does, whether a top-level word begins a
// declaration. It returns the kind and length of the first token of the
// declaration, or n == 0 for a probe description.
//
// A word containing a character that cannot be in a type name, and the
// special probes BEGIN, END and ERROR, are descriptions. Otherwise the word
// up to its first '*' is tried as a declaration keyword or a type name, so
// that "int*p;" declares p while "foo*" alone is a glob.
func (s *Scanner) declStart(word string) (kind token.Kind, n int) {
	if strings.ContainsAny(word, ":-.?!`") {
		return 0, 0
	}
	switch word {
	case "BEGIN", "END", "ERROR":
		return 0, 0
	}
	if s.PSpec {
		// DTrace's lexer then takes the longest match, the
		// description, unless a keyword is as long.
		if k, ok := token.Keywords[word]; ok && declKeywords[k] {
			return k, len(word)
		}
		return 0, 0
	}
	name := word
	if i := strings.IndexByte(word, '*'); i > 0 {
		name = word[:i]
	}
	if k, ok := token.Keywords[name]; ok && declKeywords[k] {
		return k, len(name)
	}
	if isIdentifier(name) && s.isType != nil && s.isType(name) {
		return token.IDENT, len(name)
	}
	return 0, 0
}

// declKeywords are the reserved words that begin a top-level declaration
// (DTrace's S2 keywords). Other reserved words there are probe names.
var declKeywords = map[token.Kind]bool{
	token.AUTO: true, token.CHARKW: true, token.CONST: true, token.COUNTER: true,
	token.DOUBLE: true, token.ENUM: true, token.EXTERN: true, token.FLOAT: true,
	token.IMPORT: true, token.INLINE: true, token.INTKW: true, token.LONG: true,
	token.PROVIDER: true, token.REGISTER: true, token.RESTRICT: true, token.SELF: true,
	token.SHORT: true, token.SIGNED: true, token.STATIC: true, token.STRINGKW: true,
	token.STRUCT: true, token.THIS: true, token.TRANSLATOR: true, token.TYPEDEF: true,
	token.UNION: true, token.UNSIGNED: true, token.VOID: true, token.VOLATILE: true,
	token.USERLAND: true,
}

func isIdentifier(s string) bool {
	if s == "" || !isLetter(s[0]) {
		return false
	}
	for i := 1; i < len(s); i++ {
		if !isIdentChar(s[i]) {
			return false
		}
	}
	return true
}

package scanner

import (
	"strings"

	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/lang/token"
)

// A control line is a line whose first non-blank character is '#'. It is
// split into words as DTrace's lexer does in its control-line state:
// quoted strings (decoded), integers (a word that is all RGX_INT), and
// identifiers (any other run of non-blanks: a comment on a control line
// is words too). dt_pragma() then reads the words, and so does
// controlLine.
type ctlWord struct {
	kind token.Kind // token.IDENT, token.INT or token.STRING
	text string     // as written for IDENT and INT; decoded for STRING
	val  uint64     // an INT's value
}

// controlLine consumes a control line. It returns a PRAGMA token for
// "#pragma D name ...", which the parser and checker handle, and
// ok == false for the lines the scanner handles itself, as dt_pragma()
// does:
//
//   - "#!..." interpreter lines and the null directive "#" are skipped;
//   - "# N ["file" [flags]]" (cpp's line markers), "#line" and
//     "#pragma [D] line" renumber the lines that follow;
//   - "#ident" and "#pragma [D] ident" are ignored;
//   - "#error", "#pragma [D] error" are D_PRAGERR errors;
//   - any other "#pragma name", without D, is ignored, as C ignores
//     unknown pragmas;
//   - any other "#name" is D_PRAGCTL_INVAL.
func (s *Scanner) controlLine() (t Token, ok bool) {
	start := s.off
	end := start
	for end < len(s.src) && s.src[end] != '\n' {
		end++
	}
	s.off = end
	if strings.HasPrefix(string(s.src[start+1:end]), "!") {
		return Token{}, false // #! interpreter line
	}
	if end >= len(s.src) {
		s.error(end, tag.SyntaxControlEOF)
		return Token{}, false
	}
	words, ok := s.controlWords(start+1, end)
	if !ok {
		return Token{}, false
	}
	return s.directive(start, end, words)
}

// Kinds of directive, by what precedes their name: "#", "#pragma" or
// "#pragma D" (dt_pragma.c's DT_PRAGMA_DIR, _SUB and _DCP).
const (
	dirPlain = iota
	dirPragma
	dirPragmaD
)

// directive applies the words of the control line src[start:end], as
// dt_pragma() does.
func (s *Scanner) directive(start, end int, words []ctlWord) (Token, bool) {
	kind := dirPlain
	for i, w := range words {
		if w.kind == token.INT {
			// DTrace has counted the line's newline: errors in the
			// directive are reported on the next line.
			s.lineDirective(words[i:], end+1, 0)
			break
		}
		if w.kind != token.IDENT {
			s.error(end+1, tag.PragctlInvalIdent)
			break
		}
		switch {
		case kind == dirPlain && w.text == "pragma":
			kind = dirPragma
			continue
		case kind == dirPragma && w.text == "D":
			kind = dirPragmaD
			continue
		}
		switch {
		case w.text == "error":
			s.error(start, tag.Pragerr, errorText(words[i+1:]))
		case w.text == "ident":
		case w.text == "line":
			s.lineDirective(words[i+1:], start, 1)
		case kind == dirPragmaD:
			return s.pragmaToken(start, end), true
		case kind == dirPlain:
			s.error(start, tag.PragctlInval, w.text)
		}
		break
	}
	return Token{}, false
}

// pragmaToken returns the PRAGMA token of the "#pragma D ..." line
// src[start:end]: its text after the word "pragma".
func (s *Scanner) pragmaToken(start, end int) Token {
	body := string(s.src[start+1 : end])
	i := strings.Index(body, "pragma")
	return s.token(token.PRAGMA, start, body[i+len("pragma"):])
}

// errorText is the message of #error: each identifier and string
// followed by a blank (integers are left out), as dt_pragma_error()
// writes it.
func errorText(words []ctlWord) string {
	var b strings.Builder
	for _, w := range words {
		if w.kind != token.INT {
			b.WriteString(w.text)
			b.WriteByte(' ')
		}
	}
	return b.String()
}

func isCtlBlank(c byte) bool { return c == ' ' || c == '\t' || c == '\f' || c == '\v' }

// controlWords splits src[i:end] into words. ok is false after an error
// in a word, which ends the line for DTrace.
func (s *Scanner) controlWords(i, end int) (words []ctlWord, ok bool) {
	for i < end {
		switch c := s.src[i]; {
		case isCtlBlank(c):
			i++
		case c == '"':
			w, next, ok := s.controlString(i, end)
			if !ok {
				return nil, false
			}
			words = append(words, w)
			i = next
		default:
			j := i
			for j < end && !isCtlBlank(s.src[j]) && s.src[j] != '"' {
				j++
			}
			w := ctlWord{kind: token.IDENT, text: string(s.src[i:j])}
			if isDigit(c) && intEnd(s.src[:j], i) == j {
				w.kind = token.INT
				n := s.ErrorCount
				w.val = s.intValue(i, w.text)
				if s.ErrorCount > n {
					return nil, false
				}
			}
			words = append(words, w)
			i = j
		}
	}
	return words, true
}

// controlString scans the string at src[i] on a control line ending at
// end (a newline).
func (s *Scanner) controlString(i, end int) (w ctlWord, next int, ok bool) {
	for j := i + 1; j < end; j++ {
		switch s.src[j] {
		case '"':
			return ctlWord{kind: token.STRING, text: string(unescape(s.src[i+1 : j]))}, j + 1, true
		case '\\':
			if j+1 == end {
				s.error(i, tag.Syntax, `"`)
				return ctlWord{}, 0, false
			}
			j++
		}
	}
	s.error(end+1, tag.StrNl)
	return ctlWord{}, 0, false
}

package scanner

import (
	"strconv"

	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/lang/token"
)

func isHex(c byte) bool {
	return isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

func isOctal(c byte) bool { return '0' <= c && c <= '7' }

// scanNumber scans an integer constant as DTrace's lexer does. A constant
// is what its regular expression RGX_INT matches: decimal or octal digits,
// or 0x and hex digits, then at most a u and an l or ll, in that order.
// Whatever follows starts the next token, so 12uu is 12u and u, a syntax
// error for the parser. Text that reads longer as a floating-point
// constant (1.5, 1e3, 1f, .5) is one, and D has none.
func (s *Scanner) scanNumber() Token {
	start := s.off
	end := intEnd(s.src, start)
	if f := floatEnd(s.src, start); f > end {
		s.off = f
		s.error(start, tag.SyntaxFloat)
		return s.token(token.INT, start, string(s.src[start:f]))
	}
	s.off = end
	t := s.token(token.INT, start, string(s.src[start:end]))
	t.Value = s.intValue(start, t.Text)
	return t
}

// intEnd returns where RGX_INT, ([0-9]+|0[xX][0-9A-Fa-f]+)[uU]?[lL]?[lL]?,
// stops matching src from i. It matches at least one digit.
func intEnd(src []byte, i int) int {
	at := func(j int) byte {
		if j < len(src) {
			return src[j]
		}
		return 0
	}
	if at(i) == '0' && (at(i+1) == 'x' || at(i+1) == 'X') && isHex(at(i+2)) {
		i += 2
		for isHex(at(i)) {
			i++
		}
	} else {
		for isDigit(at(i)) {
			i++
		}
	}
	if c := at(i); c == 'u' || c == 'U' {
		i++
	}
	for n := 0; n < 2 && (at(i) == 'l' || at(i) == 'L'); n++ {
		i++
	}
	return i
}

// floatEnd returns where RGX_FP, ([0-9]+"."?[0-9]*|"."[0-9]+)
// ((e|E)("+"|-)?[0-9]+)?[fFlL]?, stops matching src from i, or i if it
// does not match.
func floatEnd(src []byte, i int) int {
	at := func(j int) byte {
		if j < len(src) {
			return src[j]
		}
		return 0
	}
	start := i
	switch {
	case isDigit(at(i)):
		for isDigit(at(i)) {
			i++
		}
		if at(i) == '.' {
			i++
		}
		for isDigit(at(i)) {
			i++
		}
	case at(i) == '.' && isDigit(at(i+1)):
		i++
		for isDigit(at(i)) {
			i++
		}
	default:
		return start
	}
	if c := at(i); c == 'e' || c == 'E' {
		j := i + 1
		if at(j) == '+' || at(j) == '-' {
			j++
		}
		if isDigit(at(j)) {
			for isDigit(at(j)) {
				j++
			}
			i = j
		}
	}
	switch at(i) {
	case 'f', 'F', 'l', 'L':
		i++
	}
	return i
}

// intValue converts text as strtoull(text, &p, 0) does: 0x is hex, a
// leading 0 octal. Like DTrace, it reports a value wider than 64 bits,
// then a digit where the conversion stopped that is not a suffix (8 or 9
// in an octal constant).
func (s *Scanner) intValue(start int, text string) uint64 {
	base, digits := 10, text
	switch {
	case len(text) > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X'):
		base, digits = 16, text[2:]
	case text[0] == '0':
		base = 8
	}
	n := 0
	for n < len(digits) && digitOK(digits[n], base) {
		n++
	}
	v, err := strconv.ParseUint(digits[:n], base, 64)
	if err != nil {
		s.error(start, tag.IntOflow, text)
		return v
	}
	if rest := digits[n:]; rest != "" && !isSuffixChar(rest[0]) {
		s.error(start, tag.IntDigit, text, rest[0])
	}
	return v
}

func digitOK(c byte, base int) bool {
	switch base {
	case 16:
		return isHex(c)
	case 8:
		return isOctal(c)
	}
	return isDigit(c)
}

func isSuffixChar(c byte) bool { return c == 'u' || c == 'U' || c == 'l' || c == 'L' }

// scanString scans a string literal; Text is its decoded value.
func (s *Scanner) scanString() Token {
	start := s.off
	body, ok := s.scanQuoted('"', tag.StrNl)
	t := s.token(token.STRING, start, "")
	if ok {
		t.Text = string(unescape(body))
	}
	return t
}

// scanChar scans a character constant. As in C, 'ab' is a multi-character
// constant: the value of its bytes taken as a big-endian integer.
func (s *Scanner) scanChar() Token {
	start := s.off
	body, ok := s.scanQuoted('\'', tag.ChrNl)
	t := s.token(token.CHAR, start, string(s.src[start:s.off]))
	if !ok {
		return t
	}
	if len(body) == 0 {
		s.error(start, tag.ChrNull)
		return t
	}
	val := unescape(body)
	if len(val) > 8 {
		s.error(start, tag.ChrOflow)
		return t
	}
	for _, b := range val {
		t.Value = t.Value<<8 | uint64(b)
	}
	return t
}

// scanQuoted scans a quoted literal as DTrace's RGX_STR and RGX_CHR match
// it: a backslash escapes any character but a newline. It returns the
// text between the quotes, undecoded. ok is false, and the error
// reported, for a newline before the closing quote (nl: DTrace reports
// it on the line after, having read the newline) or for text that neither
// closes nor meets a newline (the end of input, or a backslash before a
// newline): then no rule of DTrace's matches, and its lexer rejects the
// quote itself.
func (s *Scanner) scanQuoted(quote byte, nl tag.Msg) (body []byte, ok bool) {
	start := s.off
	for i := start + 1; ; {
		if i >= len(s.src) || s.src[i] == '\\' && (i+1 >= len(s.src) || s.src[i+1] == '\n') {
			s.skipLine(i)
			s.error(start, tag.Syntax, string(quote))
			return nil, false
		}
		switch c := s.src[i]; {
		case c == quote:
			s.off = i + 1
			return s.src[start+1 : i], true
		case c == '\n':
			s.off = i + 1
			s.error(i+1, nl)
			return nil, false
		case c == '\\':
			i += 2
		default:
			i++
		}
	}
}

// skipLine moves past the rest of the line from offset i, keeping the
// newline, so that one bad literal does not garble the rest of the line.
func (s *Scanner) skipLine(i int) {
	for i < len(s.src) && s.src[i] != '\n' {
		i++
	}
	s.off = i
}

// Unescape decodes the C escape sequences of s as a string literal's
// are decoded; DTrace decodes a macro argument used as a string so.
func Unescape(s string) string { return string(unescape([]byte(s))) }

// unescape decodes C escape sequences as DTrace's stresc2chr() does:
// \a \b \f \n \r \t \v \" and \\, one to three octal digits, and \x with
// any number of hex digits (none means a NUL byte), each value truncated
// to a byte. Any other escape, \' and \? included, is kept as written,
// backslash and all.
func unescape(body []byte) []byte {
	out := make([]byte, 0, len(body))
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c != '\\' || i+1 >= len(body) {
			out = append(out, c)
			continue
		}
		i++
		c = body[i]
		if b, ok := simpleEscapes[c]; ok {
			out = append(out, b)
			continue
		}
		switch {
		case isOctal(c):
			v := c - '0'
			for n := 1; n < 3 && i+1 < len(body) && isOctal(body[i+1]); n++ {
				i++
				v = v<<3 | (body[i] - '0')
			}
			out = append(out, v)
		case c == 'x':
			var v byte
			for i+1 < len(body) && isHex(body[i+1]) {
				i++
				v = v<<4 | byte(hexVal(body[i]))
			}
			out = append(out, v)
		default:
			out = append(out, '\\', c)
		}
	}
	return out
}

var simpleEscapes = map[byte]byte{
	'a': '\a', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t', 'v': '\v',
	'"': '"', '\\': '\\',
}

func hexVal(c byte) int {
	switch {
	case isDigit(c):
		return int(c - '0')
	case 'a' <= c && c <= 'f':
		return int(c-'a') + 10
	}
	return int(c-'A') + 10
}

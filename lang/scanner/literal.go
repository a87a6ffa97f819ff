package scanner

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/godtrace/godtrace/lang/token"
)

func isHex(c byte) bool {
	return isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
}

// scanNumber scans an integer constant: decimal, octal (0...) or hex
// (0x...), with an optional u/l/ll suffix in any case and order. D has no
// floating-point constants; one is scanned whole and reported.
func (s *Scanner) scanNumber() Token {
	start := s.off
	base, digitsStart := 10, start
	if s.at(0) == '0' && (s.at(1) == 'x' || s.at(1) == 'X') {
		base, digitsStart = 16, start+2
		s.off += 2
		for s.off < len(s.src) && isHex(s.src[s.off]) {
			s.off++
		}
	} else {
		for s.off < len(s.src) && isDigit(s.src[s.off]) {
			s.off++
		}
		if s.atFloat() {
			return s.scanFloat(start)
		}
		if s.src[start] == '0' {
			base = 8
		}
	}
	digits := string(s.src[digitsStart:s.off])
	for s.off < len(s.src) && isIdentChar(s.src[s.off]) {
		s.off++
	}
	t := s.token(token.INT, start, string(s.src[start:s.off]))
	suffix := string(s.src[digitsStart+len(digits) : s.off])
	if s.checkDigits(start, t.Text, digits, suffix, base) {
		t.Value = s.intValue(start, t.Text, digits, base)
	}
	return t
}

// atFloat reports whether a decimal digit string continues as a
// floating-point constant: with a '.' or an exponent.
func (s *Scanner) atFloat() bool {
	switch s.at(0) {
	case '.':
		return s.at(1) != '.' // not 1...
	case 'e', 'E':
		c := s.at(1)
		if c == '+' || c == '-' {
			c = s.at(2)
		}
		return isDigit(c)
	}
	return false
}

func (s *Scanner) scanFloat(start int) Token {
	for s.off < len(s.src) && (isDigit(s.src[s.off]) || s.src[s.off] == '.') {
		s.off++
	}
	if c := s.at(0); c == 'e' || c == 'E' {
		s.off++
		if c := s.at(0); c == '+' || c == '-' {
			s.off++
		}
	}
	for s.off < len(s.src) && isIdentChar(s.src[s.off]) {
		s.off++
	}
	s.error(start, "floating-point constants are not permitted")
	return s.token(token.INT, start, string(s.src[start:s.off]))
}

// checkDigits validates the digits and suffix of an integer constant,
// using DTrace's wording for bad digits.
func (s *Scanner) checkDigits(start int, text, digits, suffix string, base int) bool {
	if base == 16 && digits == "" {
		s.error(start, fmt.Sprintf("invalid suffix %q on integer constant", text[1:]))
		return false
	}
	if base == 8 {
		if i := strings.IndexAny(digits, "89"); i >= 0 {
			s.error(start, fmt.Sprintf("constant %s contains invalid digit %c", text, digits[i]))
			return false
		}
	}
	if i := strings.IndexFunc(suffix, func(r rune) bool { return !strings.ContainsRune("uUlL", r) }); i >= 0 {
		s.error(start, fmt.Sprintf("constant %s contains invalid digit %c", text, suffix[i]))
		return false
	}
	if !validSuffix(suffix) {
		s.error(start, fmt.Sprintf("invalid suffix %q on integer constant", suffix))
		return false
	}
	return true
}

// validSuffix accepts at most one u and one l or ll, in any order and
// case: u, l, ul, lu, ll, ull, llu.
func validSuffix(suffix string) bool {
	l := strings.ToLower(suffix)
	switch l {
	case "", "u", "l", "ul", "lu", "ll", "ull", "llu":
		return true
	}
	return false
}

func (s *Scanner) intValue(start int, text, digits string, base int) uint64 {
	v, err := strconv.ParseUint(digits, base, 64)
	if errors.Is(err, strconv.ErrRange) {
		s.error(start, fmt.Sprintf("constant %s results in integer overflow", text))
	}
	return v
}

// scanString scans a string literal; Text is its decoded value.
func (s *Scanner) scanString() Token {
	start := s.off
	val, _ := s.scanQuoted('"', "unterminated string", "newline encountered in string literal")
	return s.token(token.STRING, start, string(val))
}

// scanChar scans a character constant. As in C, 'ab' is a multi-character
// constant: the value of its bytes taken as a big-endian integer.
func (s *Scanner) scanChar() Token {
	start := s.off
	val, ok := s.scanQuoted('\'', "unterminated character constant", "newline encountered in character constant")
	t := s.token(token.CHAR, start, string(s.src[start:s.off]))
	switch {
	case !ok:
	case len(val) == 0:
		s.error(start, "empty character constant")
	case len(val) > 8:
		s.error(start, "character constant is too long")
	default:
		for _, b := range val {
			t.Value = t.Value<<8 | uint64(b)
		}
	}
	return t
}

// scanQuoted scans text between quote characters, decoding escapes. ok
// is false if the closing quote is missing; a newline is never consumed.
func (s *Scanner) scanQuoted(quote byte, eofMsg, nlMsg string) (val []byte, ok bool) {
	start := s.off
	s.off++
	for {
		if s.off >= len(s.src) {
			s.error(start, eofMsg)
			return val, false
		}
		switch c := s.src[s.off]; c {
		case quote:
			s.off++
			return val, true
		case '\n':
			s.error(start, nlMsg)
			return val, false
		case '\\':
			val = s.escape(val)
		default:
			val = append(val, c)
			s.off++
		}
	}
}

var simpleEscapes = map[byte]byte{
	'n': '\n', 't': '\t', 'r': '\r', 'v': '\v', 'b': '\b', 'f': '\f', 'a': '\a',
	'\\': '\\', '"': '"', '\'': '\'', '?': '?',
}

// escape decodes the escape sequence at the current backslash and
// appends its byte to val. An unknown escape such as \q is kept as
// written, as DTrace does.
func (s *Scanner) escape(val []byte) []byte {
	start := s.off
	c := s.at(1)
	if c == 0 && s.off+1 >= len(s.src) || c == '\n' {
		s.off++ // the caller reports the unterminated literal
		return val
	}
	s.off += 2
	if b, ok := simpleEscapes[c]; ok {
		return append(val, b)
	}
	switch {
	case '0' <= c && c <= '7':
		v := int(c - '0')
		for n := 1; n < 3 && '0' <= s.at(0) && s.at(0) <= '7'; n++ {
			v = v*8 + int(s.at(0)-'0')
			s.off++
		}
		if v > 0xff {
			s.error(start, "octal escape sequence out of range")
		}
		return append(val, byte(v))
	case c == 'x':
		v, n := 0, 0
		for ; isHex(s.at(0)); n++ {
			if v <= 0xff {
				v = v*16 + hexVal(s.at(0))
			}
			s.off++
		}
		switch {
		case n == 0:
			s.error(start, "\\x used with no following hex digits")
		case v > 0xff:
			s.error(start, "hex escape sequence out of range")
		}
		return append(val, byte(v))
	}
	return append(val, '\\', c)
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

package format

import (
	"math"
	"strconv"
)

// spec is one C printf conversion specification after DTrace has built it:
// flags, a non-negative width and a precision (-1 for none). The methods
// below reproduce C's printf for the conversions DTrace hands to it; where
// C leaves things to the implementation ('0' with %s and %c, the spelling
// of infinity and NaN) they follow glibc, against which they were checked.
type spec struct {
	left, zero, plus, space, alt bool
	width                        int
	prec                         int
}

// field writes sign, prefix, lead zeros and body padded to the width:
// with spaces on the left, spaces on the right ('-'), or zeros between
// prefix and body ('0', honoured only where C honours it). The zeros are
// a count, not a string, because precisions can be huge.
func (o *out) field(s spec, sign, prefix string, zeros int, body string, zeroOK bool) {
	n := len(sign) + len(prefix) + zeros + len(body)
	fill := s.width - n
	if fill > 0 && !s.left {
		if s.zero && zeroOK {
			zeros += fill
		} else {
			o.pad(fill, ' ')
		}
	}
	o.str(sign)
	o.str(prefix)
	o.pad(zeros, '0')
	o.str(body)
	if fill > 0 && s.left {
		o.pad(fill, ' ')
	}
}

// cString is C's %s: the precision limits the bytes taken.
func (o *out) cString(s spec, str string) {
	if s.prec >= 0 && len(str) > s.prec {
		str = str[:s.prec]
	}
	o.field(s, "", "", 0, str, false)
}

// cChar is C's %c.
func (o *out) cChar(s spec, c byte) {
	var b [1]byte
	b[0] = c
	o.field(s, "", "", 0, string(b[:]), false)
}

// cInt is C's %d %i %u %o %x %X applied to a value of magnitude mag.
func (o *out) cInt(s spec, verb byte, neg bool, mag uint64) {
	var tmp [24]byte
	base := 10
	switch verb {
	case 'o':
		base = 8
	case 'x', 'X':
		base = 16
	}
	digits := strconv.AppendUint(tmp[:0], mag, base)
	if verb == 'X' {
		for i, c := range digits {
			if c >= 'a' && c <= 'f' {
				digits[i] = c - 'a' + 'A'
			}
		}
	}
	body := string(digits)
	zeros := 0
	if s.prec >= 0 {
		if s.prec == 0 && mag == 0 {
			body = ""
		}
		zeros = max(s.prec-len(body), 0)
	}
	prefix := ""
	if s.alt {
		switch {
		case verb == 'o' && zeros == 0 && (body == "" || body[0] != '0'):
			zeros = 1
		case verb == 'x' && mag != 0:
			prefix = "0x"
		case verb == 'X' && mag != 0:
			prefix = "0X"
		}
	}
	sign := ""
	switch {
	case neg:
		sign = "-"
	case verb != 'd' && verb != 'i':
	case s.plus:
		sign = "+"
	case s.space:
		sign = " "
	}
	o.field(s, sign, prefix, zeros, body, s.prec < 0)
}

// cSigned formats v with a signed conversion.
func (o *out) cSigned(s spec, verb byte, v int64) {
	if v < 0 {
		o.cInt(s, verb, true, uint64(-v)) // -MinInt64 wraps to its own magnitude
		return
	}
	o.cInt(s, verb, false, uint64(v))
}

// cFloat is C's %e %E %f %g %G.
func (o *out) cFloat(s spec, verb byte, v float64) {
	sign := ""
	switch {
	case math.Signbit(v):
		sign = "-"
		v = -v
	case s.plus:
		sign = "+"
	case s.space:
		sign = " "
	}
	upper := verb == 'E' || verb == 'G'
	if math.IsInf(v, 0) || math.IsNaN(v) {
		body := "inf"
		if math.IsNaN(v) {
			body = "nan"
		}
		if upper {
			body = map[string]string{"inf": "INF", "nan": "NAN"}[body]
		}
		o.field(s, sign, "", 0, body, false)
		return
	}
	prec := s.prec
	if prec < 0 {
		prec = 6
	}
	var body string
	switch verb {
	case 'f':
		body = strconv.FormatFloat(v, 'f', prec, 64)
		if s.alt && prec == 0 {
			body += "."
		}
	case 'e', 'E':
		body = expForm(v, prec, s.alt)
	default:
		body = gForm(v, prec, s.alt)
	}
	if upper {
		body = upperASCII(body)
	}
	o.field(s, sign, "", 0, body, true)
}

// expForm is %e of a non-negative finite v.
func expForm(v float64, prec int, alt bool) string {
	b := strconv.FormatFloat(v, 'e', prec, 64)
	if alt && prec == 0 {
		i := 0
		for i < len(b) && b[i] != 'e' {
			i++
		}
		b = b[:i] + "." + b[i:]
	}
	return b
}

// gForm is %g of a non-negative finite v: the style depends on the
// exponent the value has when rounded to the precision, and trailing zeros
// go unless '#' keeps them.
func gForm(v float64, prec int, alt bool) string {
	if prec == 0 {
		prec = 1
	}
	e := strconv.FormatFloat(v, 'e', prec-1, 64)
	x, _ := strconv.Atoi(e[indexByte(e, 'e')+1:])
	var b string
	if x < prec && x >= -4 {
		b = strconv.FormatFloat(v, 'f', prec-1-x, 64)
	} else {
		b = e
	}
	if alt {
		if indexByte(b, '.') < 0 {
			if i := indexByte(b, 'e'); i >= 0 {
				b = b[:i] + "." + b[i:]
			} else {
				b += "."
			}
		}
		return b
	}
	return trimZeros(b)
}

// trimZeros removes trailing zeros of the fraction, and the point if
// nothing follows it.
func trimZeros(b string) string {
	if indexByte(b, '.') < 0 {
		return b
	}
	exp := ""
	if i := indexByte(b, 'e'); i >= 0 {
		b, exp = b[:i], b[i:]
	}
	for len(b) > 0 && b[len(b)-1] == '0' {
		b = b[:len(b)-1]
	}
	if len(b) > 0 && b[len(b)-1] == '.' {
		b = b[:len(b)-1]
	}
	return b + exp
}

func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

func upperASCII(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'a' && c <= 'z' {
			b[i] = c - 'a' + 'A'
		}
	}
	return string(b)
}

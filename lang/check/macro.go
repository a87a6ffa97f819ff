package check

import (
	"errors"
	"math"
	"strconv"
	"strings"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/scanner"
	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/lang/token"
)

// MacroValue returns the text macro variable $name stands for: $0, $1 ...
// from args ($01 is $1, as DTrace's atoi() reads it), and $pid, $cwd,
// $target ... from vars.
func MacroValue(args []string, vars map[string]string, name string) (string, bool) {
	if n, err := strconv.Atoi(name); err == nil {
		if n < 0 || n >= len(args) {
			return "", false
		}
		return args[n], true
	}
	v, ok := vars[name]
	return v, ok
}

// macro checks a macro variable as DTrace's lexer reads $N: text that is
// neither an integer nor an identifier is a string (quotes around it
// dropped), an integer is an integer constant, and anything else is the
// identifier it spells (execname). $$N is always a string.
func (c *checker) macro(m *ast.MacroVar) Type {
	val, ok := MacroValue(c.cfg.Macros, c.cfg.MacroVars, m.Name)
	_, err := strconv.Atoi(m.Name)
	isArg := err == nil
	if !ok && isArg && c.cfg.DefaultArgs {
		// -x defaultargs: an argument not given is 0, or "" as $$n.
		val, ok = "0", true
		if m.Str {
			val = ""
		}
	}
	token := "$" + m.Name // as written, as DTrace's messages show it
	if m.Str {
		token = "$" + token
	}
	if !ok {
		if isArg {
			c.error(m.At, tag.MacroUndef, token)
		} else {
			c.error(m.At, tag.MacroUndefVar, token)
		}
		return TypeInvalid
	}
	if !isArg {
		return c.macroVar(m, token, val)
	}
	switch {
	case m.Str:
	case badIdentNum(val):
		if len(val) > 1 && val[0] == '"' && val[len(val)-1] == '"' {
			val = val[1 : len(val)-1]
		}
	case isDigit(val[0]) || val[0] == '+' || val[0] == '-':
		if lit, isInt := c.macroInt(m.At, token, val); isInt {
			if lit == nil {
				return TypeInvalid
			}
			c.info.Macros[m] = lit
			return c.intLit(lit)
		}
	default:
		id := &ast.Ident{At: m.At, Name: val}
		c.info.Macros[m] = id
		return c.expr(id)
	}
	return c.macroString(m, scanner.Unescape(val))
}

// macroVar checks a named macro variable: $pid and the like are
// integers, $$pid their text, and $cwd a string.
func (c *checker) macroVar(m *ast.MacroVar, token, val string) Type {
	if !m.Str {
		if lit, isInt := c.macroInt(m.At, token, val); isInt {
			if lit == nil {
				return TypeInvalid
			}
			c.info.Macros[m] = lit
			return c.intLit(lit)
		}
	}
	return c.macroString(m, val)
}

func (c *checker) macroString(m *ast.MacroVar, val string) Type {
	lit := &ast.StrLit{At: m.At, Value: val}
	c.info.Macros[m] = lit
	return StringType(len(val) + 1)
}

// badIdentNum reports whether text is neither an integer strtoull()
// reads whole nor an identifier, as DTrace's strbadidnum() does.
func badIdentNum(s string) bool {
	if s == "" {
		return true
	}
	r := strings.TrimLeft(s, " \t\n\v\f\r")
	if r != "" && (r[0] == '+' || r[0] == '-') {
		r = r[1:]
	}
	if _, n, _ := strtoull(r); n > 0 && n == len(r) {
		return false
	}
	return !identChars(s)
}

// macroInt reads the text of $N as DTrace's lexer does. Text that
// strtoull() reads whole, or that is letters and digits only, is an
// integer if it starts with a digit or a sign, with a suffix as in the
// source (10u); the rest is a string. lit is nil after an error: a value
// wider than 64 bits (D_MACRO_OFLOW), or a decimal one that only an
// unsigned type holds, without u (D_INT_OFLOW, as dt_node_int() reports
// it for a constant in the source).
func (c *checker) macroInt(at token.Pos, tok, val string) (lit *ast.IntLit, ok bool) {
	r := val
	neg := r != "" && r[0] == '-'
	if r != "" && (r[0] == '+' || r[0] == '-') {
		r = r[1:]
	}
	if r == "" || !isDigit(r[0]) {
		return nil, false
	}
	v, n, overflow := strtoull(r)
	if (n < len(r) || overflow) && !identChars(val) {
		return nil, false // strbadidnum(): a string
	}
	if overflow {
		c.error(at, tag.MacroOflow, tok, r)
		return nil, true
	}
	suffix := strings.ToLower(r[n:])
	lit = &ast.IntLit{At: at, Text: val, Value: v, Decimal: r[0] != '0', Unsigned: strings.Contains(suffix, "u")}
	switch strings.Count(suffix, "l") {
	case 0:
	case 1:
		lit.Long = true
	default:
		lit.LongLong = true
	}
	if lit.Decimal && !lit.Unsigned && v > math.MaxInt64 {
		c.error(at, tag.IntOflowType, v)
		return nil, true
	}
	if neg {
		// Negated as a constant: the bits of -v, typed by their value
		// as a decimal is.
		lit.Value, lit.Decimal, lit.Unsigned, lit.Long, lit.LongLong = -v, true, false, false, false
	}
	return lit, true
}

// strtoull reads an unsigned integer from the start of s as C's
// strtoull(s, &end, 0) does: 0x and hex digits, a leading 0 and octal
// digits, or decimal digits. n is how many bytes it read (0 if none).
func strtoull(s string) (v uint64, n int, overflow bool) {
	base, start := 10, 0
	switch {
	case len(s) > 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') && digitIn(s[2], 16):
		base, start = 16, 2
	case s != "" && s[0] == '0':
		base = 8
	}
	n = start
	for n < len(s) && digitIn(s[n], base) {
		n++
	}
	if n == start {
		return 0, 0, false
	}
	v, err := strconv.ParseUint(s[start:n], base, 64)
	return v, n, err != nil
}

func isDigit(c byte) bool { return '0' <= c && c <= '9' }

func digitIn(c byte, base int) bool {
	switch {
	case base == 16:
		return isDigit(c) || 'a' <= c && c <= 'f' || 'A' <= c && c <= 'F'
	case base == 8:
		return '0' <= c && c <= '7'
	}
	return isDigit(c)
}

// identChars reports whether s has only the characters of a D
// identifier, as strbadidnum() checks them.
func identChars(s string) bool {
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !isDigit(c) && !('a' <= c && c <= 'z') && !('A' <= c && c <= 'Z') && c != '_' && c != '`' {
			return false
		}
	}
	return s != ""
}

// ExpandMacros substitutes the macro variables in s, a probe
// description's text ($1, $$1, $target, $pid ...): their values are
// text there, whether written $ or $$. With defaultArgs (-x
// defaultargs) a missing $N is 0 ($$N ""). An undefined one is
// dtrace_xstr2desc()'s EDT_BADSPCV.
func ExpandMacros(s string, args []string, vars map[string]string, defaultArgs bool) (string, error) {
	if !strings.Contains(s, "$") {
		return s, nil
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] != '$' {
			b.WriteByte(s[i])
			continue
		}
		j := i + 1
		str := j < len(s) && s[j] == '$'
		if str {
			j++
		}
		start := j
		for j < len(s) && (s[j] >= '0' && s[j] <= '9' || s[j] >= 'a' && s[j] <= 'z') {
			j++
		}
		name := s[start:j]
		v, ok := MacroValue(args, vars, name)
		if _, err := strconv.Atoi(name); !ok && err == nil && defaultArgs {
			v, ok = "0", true
			if str {
				v = ""
			}
		}
		if !ok {
			return "", errors.New("Undefined macro variable in probe description")
		}
		b.WriteString(v)
		i = j - 1
	}
	return b.String(), nil
}

// macrosDefined reports the first of the program's macro variables that
// has no value, whether or not checking reaches it (an error before it
// in its statement would hide it): DTrace substitutes them as it reads
// the source, so that is the first error it meets (see ErrorList.sort).
func (c *checker) macrosDefined(ms []*ast.MacroVar) {
	for _, m := range ms {
		if _, ok := MacroValue(c.cfg.Macros, c.cfg.MacroVars, m.Name); ok {
			continue
		}
		n := len(c.errs)
		if c.macro(m).Kind == Invalid && len(c.errs) > n {
			c.errs = c.errs[:n+1]
			return
		}
	}
}

package check

import (
	"strconv"

	"github.com/godtrace/godtrace/lang/ast"
)

// MacroValue returns the text macro variable $name stands for: $0, $1 ...
// from args, and $pid, $cwd, $target ... from vars.
func MacroValue(args []string, vars map[string]string, name string) (string, bool) {
	if n, err := strconv.Atoi(name); err == nil {
		if n < 0 || n >= len(args) || strconv.Itoa(n) != name {
			return "", false
		}
		return args[n], true
	}
	v, ok := vars[name]
	return v, ok
}

// macro checks a macro variable: an integer constant if its text is one
// (and it is not written $$name), else a string.
func (c *checker) macro(m *ast.MacroVar) Type {
	val, ok := MacroValue(c.cfg.Macros, c.cfg.MacroVars, m.Name)
	if _, err := strconv.Atoi(m.Name); !ok && err == nil && c.cfg.DefaultArgs {
		// -x defaultargs: an argument not given is 0, or "" as $$n.
		val, ok = "0", true
		if m.Str {
			val = ""
		}
	}
	if !ok {
		if _, err := strconv.Atoi(m.Name); err == nil {
			c.errorf(m.At, "D_MACRO_UNDEF", "macro argument $%s is not defined", m.Name)
		} else {
			c.errorf(m.At, "D_MACRO_UNDEF", "macro variable $%s is not defined", m.Name)
		}
		return TypeInvalid
	}
	if !m.Str {
		if u, err := strconv.ParseInt(val, 0, 64); err == nil {
			lit := &ast.IntLit{At: m.At, Text: val, Value: uint64(u), Decimal: true}
			c.info.Macros[m] = lit
			return c.intLit(lit)
		}
	}
	lit := &ast.StrLit{At: m.At, Value: val}
	c.info.Macros[m] = lit
	return StringType(len(val) + 1)
}

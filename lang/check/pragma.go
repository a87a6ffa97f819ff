package check

import (
	"errors"
	"regexp"
	"slices"
	"strings"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/tag"
)

// pragma checks a "#pragma D name ..." line as dt_pragma.c does. The
// scanner has handled the lines DTrace's lexer handles itself (#pragma
// [D] error, ident and line) and dropped the #pragma lines without D,
// which DTrace ignores.
func (c *checker) pragma(p *ast.Pragma) {
	w := p.Words
	if len(w) < 2 || w[0] != "D" {
		return
	}
	switch args := w[2:]; w[1] {
	case "option":
		c.pragmaOption(p, args)
	case "attributes":
		switch {
		case len(args) < 2 || !pragmaIdent(args[0]) || !pragmaIdent(args[1]):
			c.error(p.At, tag.PragmaMalformAttr)
		case !attributesString(args[0]):
			c.error(p.At, tag.PragmaInvalAttr)
		default:
			c.pragmaTarget(p, "attributes", args[1:])
		}
	case "binding":
		switch {
		case len(args) < 2 || !strings.HasPrefix(args[0], `"`) || !pragmaIdent(args[1]):
			c.error(p.At, tag.PragmaMalformBinding)
		case !versionString(strings.Trim(args[0], `"`)):
			c.error(p.At, tag.PragmaInvalBinding)
		default:
			c.pragmaTarget(p, "binding", args[1:])
		}
	case "depends_on":
		// The dtrace library checks dependencies against the system.
	default:
		c.error(p.At, tag.PragmaInval, w[1])
	}
}

// pragmaOption records `#pragma D option name[=value]`: one option per
// line, as dt_pragma_option() takes it.
func (c *checker) pragmaOption(p *ast.Pragma, args []string) {
	switch {
	case len(args) == 0 || !pragmaIdent(args[0]):
		c.error(p.At, tag.PragmaMalformOption)
	case len(args) > 1:
		c.error(p.At, tag.PragmaMalformOptionExtra)
	default:
		name, value, _ := strings.Cut(args[0], "=")
		c.info.Options = append(c.info.Options, Option{p.At, name, value})
	}
}

// pragmaIdent reports whether a pragma word is an identifier for
// dt_pragma(): not a quoted string, and not an integer (DTrace's RGX_INT).
func pragmaIdent(word string) bool {
	return !strings.HasPrefix(word, `"`) && !intWord.MatchString(word)
}

var intWord = regexp.MustCompile(`^([0-9]+|0[xX][0-9A-Fa-f]+)[uU]?[lL]?[lL]?$`)

// attributesString reports whether dtrace_str2attr() takes s: up to
// name/data/class stabilities and class, each named in any case.
func attributesString(s string) bool {
	stabilities := []string{"Internal", "Private", "Obsolete", "External", "Unstable", "Evolving", "Stable", "Standard"}
	classes := []string{"Unknown", "CPU", "Platform", "Group", "ISA", "Common"}
	for i := 0; i < 3 && s != ""; i++ {
		part, rest, _ := strings.Cut(s, "/")
		names := stabilities
		if i == 2 {
			names = classes
		}
		if !slices.ContainsFunc(names, func(n string) bool { return strings.EqualFold(n, part) }) {
			return false
		}
		s = rest
	}
	return s == ""
}

// versionString reports whether dt_version_str2num() takes s: up to
// three dot-separated numbers (any may be empty) within 255.4095.4095.
func versionString(s string) bool {
	parts := strings.Split(s, ".")
	if len(parts) > 3 {
		return false
	}
	for i, part := range parts {
		n := 0
		for _, c := range part {
			if c < '0' || c > '9' {
				return false
			}
			if n = n*10 + int(c-'0'); n > 0xfff || i == 0 && n > 0xff {
				return false
			}
		}
	}
	return true
}

// PragmaError is the error DTrace reports for a #pragma line as its
// lexer reads it, before anything after the line is parsed: a malformed
// or invalid pragma. The compiler reports it in place of a syntax error
// later in the same source. It is nil for a pragma whose checking waits
// for the program (the identifier a pragma names).
func PragmaError(p *ast.Pragma) *Error {
	_, err := Check(&ast.Program{Decls: []ast.Decl{p}}, Config{})
	var list ErrorList
	if errors.As(err, &list) {
		for _, e := range list {
			if e.Tag == tag.PragmaMalformOption.Tag() || e.Tag == tag.PragmaInval.Tag() {
				return e
			}
		}
	}
	return nil
}

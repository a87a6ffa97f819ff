package check

import (
	"sort"

	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/lang/token"
)

// Error is one diagnostic: DTrace's D_* tag, its message and where.
type Error struct {
	Pos token.Pos
	Tag string // "D_IDENT_UNDEF"
	Msg string
	// parse marks an error DTrace finds while parsing (in a
	// declaration, or a call of what is not a function), before it
	// types any clause: such an error is reported first.
	parse bool
}

func (e *Error) Error() string { return e.Msg }

// ErrorList is every error of one check, sorted by position.
type ErrorList []*Error

func (l ErrorList) Error() string {
	if len(l) == 0 {
		return "no errors"
	}
	return l[0].Msg
}

// sort orders the errors by position, except that undefined macro
// variables come first: DTrace substitutes them as it reads the source,
// before it parses, so one is the first error it meets wherever it is.
//
// Then come the errors DTrace meets while parsing (Error.parse), before
// those it meets typing the clauses.
func (l ErrorList) sort() {
	sort.SliceStable(l, func(i, j int) bool {
		undef := tag.MacroUndef.Tag()
		mi, mj := l[i].Tag == undef, l[j].Tag == undef
		if mi != mj {
			return mi
		}
		if l[i].parse != l[j].parse {
			return l[i].parse
		}
		return l[i].Pos < l[j].Pos
	})
}

// error reports m at pos, its wording filled in with args.
func (c *checker) error(pos token.Pos, m tag.Msg, args ...any) {
	c.report(pos, m.Tag(), m.Text(args...))
}

// report is error for a message another package has worded (format's
// printf checks).
func (c *checker) report(pos token.Pos, tagName, msg string) {
	parse := c.clauseIn == nil && !c.typed || tagName == tag.FuncIdent.Tag()
	c.errs = append(c.errs, &Error{Pos: pos, Tag: tagName, Msg: msg, parse: parse})
}

// cgError reports m at pos as an error DTrace finds only when it
// generates code: it is reported only if checking finds nothing else.
func (c *checker) cgError(pos token.Pos, m tag.Msg, args ...any) {
	c.cgErrs = append(c.cgErrs, &Error{Pos: pos, Tag: m.Tag(), Msg: m.Text(args...)})
}

// line is the source line of p, for messages that cite another line.
func (c *checker) line(p token.Pos) int {
	if c.cfg.Line == nil {
		return 0
	}
	return c.cfg.Line(p)
}

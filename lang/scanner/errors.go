package scanner

import (
	"fmt"
	"sort"

	"github.com/godtrace/godtrace/lang/token"
)

// An ErrorHandler is told about each lexical error. pos is where the
// offending text starts; tag is the D_* tag DTrace reports it with
// (D_SYNTAX, D_INT_DIGIT, D_STR_NL ...) and msg DTrace's wording without
// a position ("newline encountered in string literal").
type ErrorHandler func(pos token.Pos, tag, msg string)

// Error is one diagnostic: a resolved position, DTrace's D_* tag and
// DTrace's wording.
//
// The dtrace command prints the first error of a list as
// "line <Pos.Line>: <Msg>" ("[<Tag>] line ..." under -xerrtags), so Msg
// carries no position and no trailing newline.
type Error struct {
	Pos token.Position
	Tag string
	Msg string
}

// Error formats e as "file:line:col: msg" (or "line:col: msg" for a
// source without a name).
func (e *Error) Error() string {
	if e.Pos.Filename != "" {
		return fmt.Sprintf("%s:%d:%d: %s", e.Pos.Filename, e.Pos.Line, e.Pos.Column, e.Msg)
	}
	return fmt.Sprintf("%d:%d: %s", e.Pos.Line, e.Pos.Column, e.Msg)
}

// ErrorList is a list of errors, sorted by position once Sort is called.
// The parser returns one as its error value.
type ErrorList []*Error

// Add appends an error.
func (l *ErrorList) Add(pos token.Position, tag, msg string) {
	*l = append(*l, &Error{Pos: pos, Tag: tag, Msg: msg})
}

func (l ErrorList) Len() int      { return len(l) }
func (l ErrorList) Swap(i, j int) { l[i], l[j] = l[j], l[i] }

// Less orders errors by where they are in the source text. Line numbers
// would do as well, except after line directives, which can name other
// files and jump back: the source order is the order DTrace meets them.
func (l ErrorList) Less(i, j int) bool { return l[i].Pos.Offset < l[j].Pos.Offset }

// Sort sorts l by position in the source text. Errors at the same
// position keep the order in which they were reported.
func (l ErrorList) Sort() { sort.Stable(l) }

// RemoveMultiples sorts l and keeps only the first error of each line:
// later errors on a line are nearly always consequences of the first.
func (l *ErrorList) RemoveMultiples() {
	l.Sort()
	var last token.Position
	out := (*l)[:0]
	for _, e := range *l {
		if e.Pos.Filename != last.Filename || e.Pos.Line != last.Line {
			last = e.Pos
			out = append(out, e)
		}
	}
	*l = out
}

// Error reports the first error, and how many more there are.
func (l ErrorList) Error() string {
	switch len(l) {
	case 0:
		return "no errors"
	case 1:
		return l[0].Error()
	}
	return fmt.Sprintf("%s (and %d more errors)", l[0], len(l)-1)
}

// Err returns l as an error, or nil if l is empty.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

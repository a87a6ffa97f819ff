package scanner

import (
	"math"

	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/lang/token"
)

// lineDirective applies a line directive whose arguments are args:
// `N ["file" [state]]`, as dt_pragma_line() reads them (words after the
// state are ignored). The line after it becomes line N (plus skew) of
// file, or of the current file when no name is given. cpp writes
// `# N "file" flags`, and the flags (entering or leaving an #include)
// need nothing here. A malformed directive is reported at offset errOff.
//
// skew is 1 for "#line N": DTrace's dt_pragma() steps its line counter
// back before running a named directive and forward after it, so the
// line after "#line N" is numbered N+1 in DTrace's messages, unlike in C.
// The cpp form "# N" is not named and gets no skew. Scripts rarely write
// #line, and matching DTrace's numbering matters more than matching C's.
func (s *Scanner) lineDirective(args []ctlWord, errOff, skew int) {
	if len(args) == 0 || args[0].kind != token.INT ||
		len(args) > 1 && args[1].kind != token.STRING ||
		len(args) > 2 && args[2].kind != token.INT {
		s.error(errOff, tag.PragmaMalformLine)
		return
	}
	name := ""
	if len(args) > 1 {
		name = args[1].text
	}
	n := int(min(args[0].val, math.MaxInt32-1))
	if end := s.off; end < len(s.src) {
		s.file.AddLine(end+1, name, n+skew)
	}
}

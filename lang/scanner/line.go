package scanner

import (
	"strconv"
	"strings"
)

// malformedLine is DTrace's D_PRAGMA_MALFORM message for a bad line
// directive (dt_pragma.c, dt_pragma_line).
const malformedLine = `malformed #line <line> [ ["file"] state ]`

// lineDirective handles the control line src[start:end], whose text after
// "#" or "#line" is args: `N ["file" [state...]]`. The line after it
// becomes line N (plus skew) of file, or of the current file when no
// name is given. cpp writes `# N "file" flags`, and the flags (entering
// or leaving an #include) need nothing here.
//
// skew is 1 for "#line N": DTrace's dt_pragma() steps its line counter
// back before running a named directive and forward after it, so the
// line after "#line N" is numbered N+1 in DTrace's messages, unlike in C.
// The cpp form "# N" is not named and gets no skew. Scripts rarely write
// #line, and matching DTrace's numbering matters more than matching C's.
func (s *Scanner) lineDirective(start, end int, args string, skew int) {
	fields, ok := lineFields(args)
	if !ok || len(fields) == 0 {
		s.error(start, malformedLine)
		return
	}
	// C allows lines up to 2147483647; a larger N would overflow.
	n, err := strconv.ParseInt(fields[0], 10, 32)
	if err != nil || n < 0 {
		s.error(start, malformedLine)
		return
	}
	name := ""
	if len(fields) > 1 {
		if !strings.HasPrefix(fields[1], `"`) {
			s.error(start, malformedLine)
			return
		}
		name = unquoteName(fields[1])
	}
	for _, f := range fields[min(len(fields), 2):] {
		if _, err := strconv.Atoi(f); err != nil {
			s.error(start, malformedLine)
			return
		}
	}
	if end < len(s.src) {
		s.file.AddLine(end+1, name, int(n)+skew)
	}
}

// lineFields splits a line directive's arguments on blanks, keeping a
// quoted file name (which may hold blanks and \" escapes) in one piece
// with its quotes. It fails on an unterminated string.
func lineFields(args string) ([]string, bool) {
	var out []string
	for i := 0; i < len(args); {
		switch c := args[i]; {
		case c == ' ' || c == '\t' || c == '\f' || c == '\v' || c == '\r':
			i++
		case c == '"':
			j := i + 1
			for j < len(args) && args[j] != '"' {
				if args[j] == '\\' {
					j++
				}
				j++
			}
			if j >= len(args) {
				return nil, false
			}
			out = append(out, args[i:j+1])
			i = j + 1
		default:
			j := i
			for j < len(args) && !strings.ContainsRune(" \t\f\v\r\"", rune(args[j])) {
				j++
			}
			out = append(out, args[i:j])
			i = j
		}
	}
	return out, true
}

// unquoteName decodes the C string escapes cpp uses in file names (\\,
// \" and octal). A name Go cannot decode is kept as written.
func unquoteName(q string) string {
	if name, err := strconv.Unquote(q); err == nil {
		return name
	}
	return q[1 : len(q)-1]
}

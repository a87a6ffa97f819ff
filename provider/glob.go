package provider

import "unicode/utf8"

// Glob reports whether s matches pattern, using the shell-style syntax of
// gmatch(3) that DTrace uses for probe descriptions:
//
//	pattern  matches
//	*        any string, including the empty one
//	?        any one character
//	[abc]    any one character in the set; a-z is a range, a leading !
//	         negates the set, and ] first in the set stands for itself
//	\c       the character c itself
//
// A set that is never closed matches nothing, as in gmatch(3); a trailing
// lone backslash stands for itself. The empty pattern matches only the
// empty string: the rule that an empty probe description field matches
// anything belongs to the caller (see Desc).
func Glob(pattern, s string) bool {
	// Classic backtracking over the most recent star only: each star can
	// only ever need to absorb more of s, so remembering the last one is
	// enough and the match runs in O(len(pattern)*len(s)) worst case.
	var starP, starS = -1, 0
	p, i := 0, 0
	for i < len(s) {
		if p < len(pattern) {
			switch c := pattern[p]; c {
			case '*':
				starP, starS = p+1, i
				p++
				continue
			case '?':
				_, n := utf8.DecodeRuneInString(s[i:])
				p++
				i += n
				continue
			case '[':
				r, n := utf8.DecodeRuneInString(s[i:])
				if ok, width := matchSet(pattern[p:], r); width > 0 && ok {
					p += width
					i += n
					continue
				}
			default:
				lit, width := literal(pattern[p:])
				if n := len(lit); n > 0 && len(s)-i >= n && s[i:i+n] == lit {
					p += width
					i += n
					continue
				}
			}
		}
		if starP < 0 {
			return false
		}
		// Let the last star absorb one more character and retry.
		_, n := utf8.DecodeRuneInString(s[starS:])
		starS += n
		p, i = starP, starS
	}
	for p < len(pattern) && pattern[p] == '*' {
		p++
	}
	return p == len(pattern)
}

// literal returns the text that the pattern element at the start of
// pattern matches, and the element's width in pattern. pattern must not
// be empty and must not start with a metacharacter other than \.
func literal(pattern string) (string, int) {
	if pattern[0] == '\\' && len(pattern) > 1 {
		_, n := utf8.DecodeRuneInString(pattern[1:])
		return pattern[1 : 1+n], 1 + n
	}
	_, n := utf8.DecodeRuneInString(pattern)
	return pattern[:n], n
}

// matchSet matches r against the bracket expression at the start of
// pattern (which begins with '['). It returns whether r is in the set and
// the width of the expression, or width 0 if the set is never closed.
func matchSet(pattern string, r rune) (ok bool, width int) {
	i := 1
	negate := i < len(pattern) && pattern[i] == '!'
	if negate {
		i++
	}
	first := true
	for i < len(pattern) {
		if pattern[i] == ']' && !first {
			return ok != negate, i + 1
		}
		first = false
		lo, n := setChar(pattern[i:])
		i += n
		hi := lo
		if i+1 < len(pattern) && pattern[i] == '-' && pattern[i+1] != ']' {
			hi, n = setChar(pattern[i+1:])
			i += 1 + n
		}
		if lo <= r && r <= hi {
			ok = true
		}
	}
	return false, 0
}

// setChar decodes one possibly escaped character inside a bracket
// expression.
func setChar(pattern string) (rune, int) {
	if pattern[0] == '\\' && len(pattern) > 1 {
		r, n := utf8.DecodeRuneInString(pattern[1:])
		return r, 1 + n
	}
	return utf8.DecodeRuneInString(pattern)
}

// IsGlob reports whether pattern contains a metacharacter (* ? [ \), that
// is, whether it must be matched with Glob rather than compared as a plain
// string. Providers that create probes on demand (profile-1234hz) only do
// so for names that are not globs.
func IsGlob(pattern string) bool {
	for i := 0; i < len(pattern); i++ {
		switch pattern[i] {
		case '*', '?', '[', '\\':
			return true
		}
	}
	return false
}

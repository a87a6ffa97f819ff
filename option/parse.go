package option

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"
	"time"
)

// The value parsers follow libdtrace's dt_opt_* functions, which build on
// C's strtoull(s, &end, 0). They differ only where the C code is undefined
// or silently wraps: these reject a value with no digits, an empty size, and
// any result that does not fit in an int64 (DTrace's dtrace_optval_t).

// cNumber reads the longest prefix of s that strtoull(s, &end, 0) would:
// leading white space, an optional '+', then 0x/0X hex, 0 octal or decimal
// digits. It returns the value and the unread rest. ok is false when there
// are no digits, the sign is '-' (which DTrace rejects as negative), or the
// value overflows.
func cNumber(s string) (v uint64, rest string, ok bool) {
	i := 0
	for i < len(s) && isCSpace(s[i]) {
		i++
	}
	if i < len(s) && (s[i] == '+' || s[i] == '-') {
		if s[i] == '-' {
			return 0, s, false
		}
		i++
	}
	base := uint64(10)
	if i+1 < len(s) && s[i] == '0' && (s[i+1] == 'x' || s[i+1] == 'X') &&
		i+2 < len(s) && digitVal(s[i+2]) < 16 {
		base, i = 16, i+2
	} else if i < len(s) && s[i] == '0' {
		base = 8
	}
	start := i
	for ; i < len(s); i++ {
		d := digitVal(s[i])
		if d >= base {
			break
		}
		hi, lo := bits.Mul64(v, base)
		if hi != 0 || lo+d < lo {
			return 0, s, false
		}
		v = lo + d
	}
	if i == start {
		return 0, s, false
	}
	return v, s[i:], true
}

func isCSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\v' || c == '\f' || c == '\r'
}

func digitVal(c byte) uint64 {
	switch {
	case '0' <= c && c <= '9':
		return uint64(c - '0')
	case 'a' <= c && c <= 'f':
		return uint64(c-'a') + 10
	case 'A' <= c && c <= 'F':
		return uint64(c-'A') + 10
	}
	return 99
}

// parseSize reads a byte count: a number with an optional k, m, g or t
// suffix, each a further factor of 1024 (dt_optval_parse).
func parseSize(s string) (uint64, error) {
	if s == "" {
		return 0, ErrValue
	}
	mul := uint64(1)
	switch s[len(s)-1] {
	case 't', 'T':
		mul <<= 10
		fallthrough
	case 'g', 'G':
		mul <<= 10
		fallthrough
	case 'm', 'M':
		mul <<= 10
		fallthrough
	case 'k', 'K':
		mul <<= 10
		s = s[:len(s)-1]
	}
	v, rest, ok := cNumber(s)
	if !ok || rest != "" {
		return 0, ErrValue
	}
	hi, v := bits.Mul64(v, mul)
	if hi != 0 || v > math.MaxInt64 {
		return 0, ErrValue
	}
	return v, nil
}

// rateSuffixes are dt_opt_rate's units, matched ignoring case against
// everything after the number. hz (0 here) means a frequency.
var rateSuffixes = []struct {
	name string
	mul  uint64
}{
	{"ns", 1}, {"nsec", 1},
	{"us", 1e3}, {"usec", 1e3},
	{"ms", 1e6}, {"msec", 1e6},
	{"s", 1e9}, {"sec", 1e9},
	{"m", 60e9}, {"min", 60e9},
	{"h", 3600e9}, {"hour", 3600e9},
	{"d", 86400e9}, {"day", 86400e9},
	{"hz", 0},
}

// parseRate reads an interval. A bare number is nanoseconds, as in DTrace
// (not hertz: "-x switchrate=10" is 10ns; write 10hz).
func parseRate(s string) (time.Duration, error) {
	v, rest, ok := cNumber(s)
	if !ok {
		return 0, ErrValue
	}
	mul := uint64(1)
	if rest != "" {
		found := false
		for _, u := range rateSuffixes {
			if strings.EqualFold(u.name, rest) {
				mul, found = u.mul, true
				break
			}
		}
		if !found {
			return 0, ErrValue
		}
	}
	if mul == 0 { // hz
		if v != 0 {
			v = uint64(time.Second) / v
		}
		return time.Duration(v), nil
	}
	hi, v := bits.Mul64(v, mul)
	if hi != 0 || v > math.MaxInt64 {
		return 0, ErrValue
	}
	return time.Duration(v), nil
}

// scalarWords are dt_opt_runtime's words for setting and unsetting.
var scalarWords = [...][2]string{
	{"yes", "no"},
	{"enable", "disable"},
	{"enabled", "disabled"},
	{"true", "false"},
	{"on", "off"},
	{"set", "unset"},
}

// parseScalar reads a run-time option's value. on is false when the value
// unsets the option (DTRACEOPT_UNSET): an empty value or a "no" word.
func parseScalar(s string) (n int64, on bool, err error) {
	if s == "" {
		return 0, false, nil
	}
	for _, w := range scalarWords {
		if strings.EqualFold(w[0], s) {
			return 1, true, nil
		}
		if strings.EqualFold(w[1], s) {
			return 0, false, nil
		}
	}
	v, rest, ok := cNumber(s)
	if !ok || rest != "" || v > math.MaxInt64 {
		return 0, false, ErrValue
	}
	return int64(v), true, nil
}

// parseInt reads a decimal count at least min. DTrace uses atoi(), which
// ignores trailing junk; this insists on a whole number.
func parseInt(s string, min int64) (int64, error) {
	n, err := strconv.ParseInt(strings.TrimLeft(s, " \t\n\v\f\r"), 10, 32)
	if err != nil || n < min {
		return 0, ErrValue
	}
	return n, nil
}

// Stability and class names, as dtrace_stability_name and
// dtrace_class_name spell them, for checking amin.
var (
	stabilityNames = []string{"Internal", "Private", "Obsolete", "External", "Unstable", "Evolving", "Stable", "Standard"}
	classNames     = []string{"Unknown", "CPU", "Platform", "Group", "ISA", "Common"}
)

// checkAttr accepts what dtrace_str2attr does: up to three '/'-separated
// parts naming a name stability, a data stability and a dependency class,
// ignoring case. An empty part ends the attribute early.
func checkAttr(s string) error {
	parts := strings.Split(s, "/")
	for i, p := range parts {
		if p == "" {
			return nil
		}
		names := stabilityNames
		if i == 2 {
			names = classNames
		} else if i > 2 {
			return ErrValue
		}
		if !containsFold(names, p) {
			return ErrValue
		}
	}
	return nil
}

func containsFold(list []string, s string) bool {
	for _, w := range list {
		if strings.EqualFold(w, s) {
			return true
		}
	}
	return false
}

// versions are the D language versions DTrace has defined, as
// "major.minor.micro"; -x version must name one of them.
var versions = []string{"1.0.0", "1.1.0", "1.2.0", "1.2.1", "1.2.2", "1.3.0", "1.4.0", "1.4.1",
	"1.5.0", "1.6.0", "1.6.1", "1.6.2", "1.6.3", "1.6.4", "2.0.0", "2.0.1"}

// checkVersion accepts a D version "major[.minor[.micro]]" within
// DTrace's limits (255.4095.4095) that DTrace has defined.
func checkVersion(s string) error {
	if err := checkVersionSyntax(s); err != nil {
		return err
	}
	full := s
	for strings.Count(full, ".") < 2 {
		full += ".0"
	}
	// Leading zeros do not make another version.
	var v [3]uint64
	for i, p := range strings.Split(full, ".") {
		v[i], _ = strconv.ParseUint(p, 10, 64)
	}
	if !slices.Contains(versions, fmt.Sprintf("%d.%d.%d", v[0], v[1], v[2])) {
		return ErrVersionUndef
	}
	return nil
}

// checkIregs accepts -x iregs as DTrace does: no more registers than
// the code generator has (8), and fewer are not enough.
func checkIregs(n int64) error {
	switch {
	case n > 8:
		return ErrValue
	case n < 8:
		return ErrNoReg
	}
	return nil
}

func checkVersionSyntax(s string) error {
	parts := strings.Split(s, ".")
	if len(parts) > 3 {
		return ErrVersion
	}
	max := []uint64{0xff, 0xfff, 0xfff}
	for i, p := range parts {
		if p == "" || strings.Trim(p, "0123456789") != "" {
			return ErrVersion
		}
		n, err := strconv.ParseUint(p, 10, 64)
		if err != nil || n > max[i] {
			return ErrVersion
		}
	}
	return nil
}

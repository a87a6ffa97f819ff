// Package option holds DTrace's consumer and compiler options: the table of
// every option name that dtrace -x, #pragma D option and the setopt() action
// accept, and Options, the set of values one consumer runs with.
//
// The package promises DTrace's behaviour for names and values: the same
// names, the same value syntax (size suffixes k/m/g/t, time suffixes
// ns..day and hz, yes/no words, C integer syntax with 0x and 0 prefixes),
// the same defaults as dtrace(1), and DTrace's error texts ("Invalid option
// name", "Invalid value for specified option"). Where DTrace's C parser has
// undefined or wrap-around behaviour (an empty size, a size that overflows
// 64 bits, a suffix with no digits) this package rejects the value instead.
//
// It does not act on options: it opens no files for ctypes/dtypes, runs no
// preprocessor, and knows nothing of buffers. Callers read values back with
// the typed getters and do the work themselves. Options is not safe for
// concurrent use.
package option

package option

import "errors"

// The reasons an option cannot be set, worded as libdtrace's
// dtrace_errmsg() words them (EDT_BADOPTNAME, EDT_BADOPTVAL, ...), since
// dtrace(1) prints them verbatim after "failed to set -x NAME: ".
var (
	ErrName         = errors.New("Invalid option name")
	ErrValue        = errors.New("Invalid value for specified option")
	ErrContext      = errors.New("Option cannot be used from within a D program")
	ErrActive       = errors.New("Operation illegal when tracing is active")
	ErrVersion      = errors.New("Version is not properly formatted or is too large")
	ErrVersionUndef = errors.New("Requested version is not supported by compiler")
	ErrNoReg        = errors.New("Insufficient registers to generate code")
	ErrOverflow     = errors.New("Value too large for defined data type") // strerror(EOVERFLOW)
)

// Error reports an option that could not be set.
//
// Error() is the text dtrace(1) prints after "dtrace: " for a bad -x:
// "failed to set -x NAME: REASON". DTrace names only the option, never the
// value. Callers reporting other routes (dtrace -b, #pragma D option) word
// their own message around Err.
type Error struct {
	Name  string // the option name as given
	Value string // the value as given, "" when there was none
	Err   error  // one of the Err* reasons above
}

func (e *Error) Error() string {
	return "failed to set -x " + e.Name + ": " + e.Err.Error()
}

func (e *Error) Unwrap() error { return e.Err }

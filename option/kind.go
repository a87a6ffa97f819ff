package option

// Kind says what values an option takes and which getter reads it.
type Kind int

const (
	// Flag takes no value: -x zdefs. A value is an error, except for the
	// few flags DTrace lets ignore one (lazyload, droptags). Read with Bool.
	Flag Kind = iota
	// Scalar is DTrace's run-time option: no value sets it (to 0), a
	// yes/no word sets or unsets it, and a number sets that number.
	// Read with Bool (set or not) or Int (the number).
	Scalar
	// Size is a byte count with an optional k, m, g or t suffix (powers of
	// 1024, either case). Read with Size.
	Size
	// Rate is what the Dynamic Tracing Guide calls "time": an interval with
	// a suffix ns, us, ms, s, m, h, d (and long forms) or a frequency with
	// hz. A bare number is nanoseconds. Read with Rate.
	Rate
	// Int is a decimal count that needs a value (iregs, tregs, tree,
	// pgmax). Read with Int.
	Int
	// Enum takes one of a fixed set of words. Read with String.
	Enum
	// String takes any text, which may have to pass a check (amin,
	// version). Read with String.
	String
	// List takes a value that is added to a list each time the option is
	// set (libdir, define, incdir, undef, setenv, unsetenv). Read with
	// Strings, CPPArgs or Environ.
	List
)

var kindNames = [...]string{
	Flag:   "flag",
	Scalar: "scalar",
	Size:   "size",
	Rate:   "rate",
	Int:    "int",
	Enum:   "enum",
	String: "string",
	List:   "list",
}

func (k Kind) String() string {
	if k >= 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(?)"
}

// Class says when an option may be set, mirroring libdtrace's three tables.
type Class int

const (
	// CompileTime options steer the D compiler and library; setting them
	// has no effect on a running enabling but is never refused.
	CompileTime Class = iota
	// RunTime options are handed to the tracing framework when tracing
	// starts and cannot change afterwards ("Operation illegal when tracing
	// is active").
	RunTime
	// Dynamic run-time options may also be changed while tracing, by the
	// setopt() action.
	Dynamic
)

func (c Class) String() string {
	switch c {
	case CompileTime:
		return "compile-time"
	case RunTime:
		return "run-time"
	case Dynamic:
		return "dynamic"
	}
	return "Class(?)"
}

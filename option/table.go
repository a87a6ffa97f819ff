package option

import "sort"

// Option describes one option name.
type Option struct {
	Name  string
	Kind  Kind
	Class Class
	// Default is the value dtrace(1) starts with, in the syntax -x takes;
	// "" means unset (off, or "let the framework choose"). Scalar defaults
	// are plain decimal integers and may be negative (cpu is -1: all CPUs).
	Default string
	// Values lists the words an Enum accepts.
	Values []string
	// Flag is the dtrace(1) command-line flag with the same effect, if any.
	Flag string
	// Origin names the DTraces that have the option when not all do; ""
	// means illumos, FreeBSD and Oracle Linux DTrace all accept it.
	Origin string
	// CommandLineOnly options are refused from #pragma D option
	// ("Option cannot be used from within a D program").
	CommandLineOnly bool

	check        func(string) error // String: what the value must look like
	fold         bool               // Enum: match words ignoring case
	ignoresValue bool               // Flag: a value is accepted and dropped
	inverts      string             // Flag: setting it clears this flag
	cpp          string             // prefix of the preprocessor argument it adds
	cppWords     bool               // List: its value's words are preprocessor arguments
	env          int                // List: +1 setenv, -1 unsetenv
	max          uint64             // Size: larger values are ErrOverflow
	unlimited    bool               // Size: the word "unlimited" is the largest size
	min          int64              // Int, Size: smallest value accepted
	checkInt     func(int64) error  // Int: what the value must be
}

// table is every option, sorted by name so lookup can binary-search.
// Sources: dt_options.c in illumos, FreeBSD and Oracle libdtrace (the three
// tables _dtrace_ctoptions, _dtrace_rtoptions, _dtrace_drtoptions), the
// defaults in the kernel's dtrace_state_create(), libdtrace's dt_open.c and
// dtrace(1)'s main(), and the Dynamic Tracing Guide's "Options and
// Tunables" chapter.
var table = []Option{
	{Name: "agghist", Kind: Scalar, Class: Dynamic, Origin: "illumos, FreeBSD"},
	{Name: "aggpack", Kind: Scalar, Class: Dynamic, Origin: "illumos, FreeBSD"},
	{Name: "aggpercpu", Kind: Flag, Class: CompileTime},
	{Name: "aggrate", Kind: Rate, Class: Dynamic, Default: "1hz"},
	{Name: "aggsize", Kind: Size, Class: RunTime, Default: "4m"},
	{Name: "aggsortkey", Kind: Scalar, Class: Dynamic},
	{Name: "aggsortkeypos", Kind: Scalar, Class: Dynamic},
	{Name: "aggsortpos", Kind: Scalar, Class: Dynamic},
	{Name: "aggsortrev", Kind: Scalar, Class: Dynamic},
	{Name: "aggzoom", Kind: Scalar, Class: Dynamic, Origin: "illumos, FreeBSD"},
	{Name: "amin", Kind: String, Class: CompileTime, check: checkAttr},
	{Name: "argref", Kind: Flag, Class: CompileTime},
	// Oracle's: print the BPF verifier's log of every program, and the
	// size its log buffer starts at (UINT32_MAX >> 8).
	{Name: "bpflog", Kind: Scalar, Class: RunTime, Origin: "Oracle Linux"},
	{Name: "bpflogsize", Kind: Size, Class: RunTime, Default: "16777215", Origin: "Oracle Linux"},
	{Name: "bufpolicy", Kind: Enum, Class: RunTime, Default: "switch", Values: []string{"ring", "fill", "switch"}},
	{Name: "bufresize", Kind: Enum, Class: RunTime, Default: "auto", Values: []string{"auto", "manual"}},
	{Name: "bufsize", Kind: Size, Class: RunTime, Default: "4m", Flag: "-b"},
	{Name: "cleanrate", Kind: Rate, Class: RunTime, Default: "101hz"},
	{Name: "core", Kind: Flag, Class: CompileTime},
	{Name: "cpp", Kind: Flag, Class: CompileTime, Flag: "-C"},
	{Name: "cppargs", Kind: List, Class: CompileTime, CommandLineOnly: true, cppWords: true, Origin: "Oracle Linux"},
	{Name: "cpphdrs", Kind: Flag, Class: CompileTime, Flag: "-H", CommandLineOnly: true, cpp: "-H"},
	{Name: "cpppath", Kind: String, Class: CompileTime, Default: "cpp", CommandLineOnly: true},
	{Name: "cpu", Kind: Scalar, Class: RunTime, Default: "-1"},
	{Name: "ctypes", Kind: String, Class: CompileTime},
	{Name: "debug", Kind: Flag, Class: CompileTime},
	{Name: "defaultargs", Kind: Flag, Class: CompileTime},
	{Name: "define", Kind: List, Class: CompileTime, Flag: "-D", CommandLineOnly: true, cpp: "-D"},
	{Name: "destructive", Kind: Scalar, Class: RunTime, Flag: "-w"},
	{Name: "droptags", Kind: Flag, Class: CompileTime, ignoresValue: true},
	{Name: "dtypes", Kind: String, Class: CompileTime},
	{Name: "dynvarsize", Kind: Size, Class: RunTime, Default: "1m"},
	{Name: "empty", Kind: Flag, Class: CompileTime},
	{Name: "encoding", Kind: Enum, Class: CompileTime, Values: []string{"ascii", "utf8"}, Origin: "illumos, FreeBSD"},
	{Name: "errtags", Kind: Flag, Class: CompileTime},
	{Name: "evaltime", Kind: Enum, Class: CompileTime, Default: "postinit", Values: []string{"exec", "preinit", "postinit", "main"}},
	// How fbt probes attach (provider/fbt.Mode), for diagnosis.
	{Name: "fbtattach", Kind: Enum, Class: CompileTime, Default: "auto", Values: []string{"auto", "fentry", "kprobe", "multi"}, Origin: "godtrace"},
	{Name: "flowindent", Kind: Scalar, Class: Dynamic, Flag: "-F"},
	{Name: "grabanon", Kind: Scalar, Class: RunTime, Flag: "-a"},
	{Name: "incdir", Kind: List, Class: CompileTime, Flag: "-I", CommandLineOnly: true, cpp: "-I"},
	{Name: "iregs", Kind: Int, Class: CompileTime, Default: "8", min: 1, checkInt: checkIregs},
	{Name: "jstackframes", Kind: Scalar, Class: RunTime, Default: "50"},
	{Name: "jstackstrsize", Kind: Size, Class: RunTime, Default: "512"},
	{Name: "kdefs", Kind: Flag, Class: CompileTime, inverts: "knodefs"},
	{Name: "knodefs", Kind: Flag, Class: CompileTime},
	{Name: "late", Kind: Enum, Class: CompileTime, Default: "static", Values: []string{"dynamic", "static"}},
	{Name: "lazyload", Kind: Flag, Class: CompileTime, ignoresValue: true},
	{Name: "ldpath", Kind: String, Class: CompileTime, Default: "ld", CommandLineOnly: true},
	{Name: "libdir", Kind: List, Class: CompileTime, Flag: "-L"},
	{Name: "linkmode", Kind: Enum, Class: CompileTime, Default: "kernel", Values: []string{"kernel", "primary", "dynamic", "static"}},
	{Name: "linktype", Kind: Enum, Class: CompileTime, Default: "elf", Values: []string{"elf", "dof"}, fold: true},
	// Where DTrace looks for kernel modules' type data; godtrace reads
	// BTF from /sys/kernel/btf, so it is accepted and has no effect.
	// Oracle's: the locked-memory limit (RLIMIT_MEMLOCK) dtrace sets
	// before creating maps; unset means unlimited.
	{Name: "lockmem", Kind: Size, Class: RunTime, CommandLineOnly: true, unlimited: true, Origin: "Oracle Linux"},
	// Oracle's: the most frames a stack(), ustack() or jstack() records
	// (unset: the kernel's perf_event_max_stack).
	{Name: "maxframes", Kind: Scalar, Class: RunTime, Origin: "Oracle Linux"},
	{Name: "modpath", Kind: String, Class: CompileTime, CommandLineOnly: true, Origin: "Oracle Linux"},
	{Name: "nolibs", Kind: Flag, Class: CompileTime},
	// Oracle's: user addresses print as an object and an offset
	// ("bash:0x2f1c0") rather than by symbol.
	{Name: "noresolve", Kind: Scalar, Class: RunTime, Origin: "Oracle Linux"},
	{Name: "nspec", Kind: Scalar, Class: RunTime, Default: "1"},
	{Name: "oformat", Kind: Enum, Class: CompileTime, Default: "none", Values: []string{"json", "xml", "html", "none"}, Origin: "FreeBSD"},
	{Name: "pgmax", Kind: Int, Class: CompileTime, Default: "8", min: 0},
	// The most bytes print() shows of an object (unset: all).
	{Name: "printsize", Kind: Size, Class: Dynamic, Origin: "Oracle Linux"},
	{Name: "pspec", Kind: Flag, Class: CompileTime},
	{Name: "quiet", Kind: Scalar, Class: Dynamic, Flag: "-q"},
	// Set: buffers lowered under bufresize=auto are not reported.
	{Name: "quietresize", Kind: Scalar, Class: RunTime},
	{Name: "rawbytes", Kind: Scalar, Class: Dynamic},
	// The size of alloca() memory (Oracle Linux DTrace's scratch memory).
	{Name: "scratchsize", Kind: Size, Class: RunTime, Default: "256", Origin: "Oracle Linux"},
	{Name: "setenv", Kind: List, Class: CompileTime, CommandLineOnly: true, env: +1, Origin: "illumos, FreeBSD"},
	{Name: "specsize", Kind: Size, Class: RunTime, Default: "32k"},
	{Name: "stackframes", Kind: Scalar, Class: RunTime, Default: "20"},
	{Name: "stackindent", Kind: Scalar, Class: Dynamic, Default: "14"},
	{Name: "statusrate", Kind: Rate, Class: RunTime, Default: "1hz"},
	{Name: "stdc", Kind: Enum, Class: CompileTime, Default: "a", Values: []string{"a", "c", "s", "t"}, Flag: "-X", CommandLineOnly: true},
	{Name: "strip", Kind: Flag, Class: CompileTime},
	// At least 2: room for the mark of a variable holding NULL.
	{Name: "strsize", Kind: Size, Class: RunTime, Default: "256", min: 2, max: 1<<32 - 1},
	{Name: "switchrate", Kind: Rate, Class: Dynamic, Default: "1hz"},
	{Name: "syslibdir", Kind: String, Class: CompileTime, Default: "/usr/lib/dtrace"},
	{Name: "temporal", Kind: Scalar, Class: RunTime, Default: "1", Origin: "illumos, FreeBSD"},
	{Name: "tree", Kind: Int, Class: CompileTime, min: 1},
	{Name: "tregs", Kind: Int, Class: CompileTime, Default: "8", min: 1},
	{Name: "udefs", Kind: Flag, Class: CompileTime, inverts: "unodefs"},
	{Name: "undef", Kind: List, Class: CompileTime, Flag: "-U", CommandLineOnly: true, cpp: "-U"},
	{Name: "unodefs", Kind: Flag, Class: CompileTime},
	{Name: "unsetenv", Kind: List, Class: CompileTime, CommandLineOnly: true, env: -1, Origin: "illumos, FreeBSD"},
	{Name: "ustackframes", Kind: Scalar, Class: RunTime, Default: "100"},
	{Name: "verbose", Kind: Flag, Class: CompileTime, Flag: "-S"},
	{Name: "version", Kind: String, Class: CompileTime, check: checkVersion},
	{Name: "zdefs", Kind: Flag, Class: CompileTime, Flag: "-Z"},
}

// Lookup returns the description of the named option.
func Lookup(name string) (Option, bool) {
	i := index(name)
	if i < 0 {
		return Option{}, false
	}
	return table[i], true
}

// All returns every option, sorted by name.
func All() []Option {
	return append([]Option(nil), table...)
}

func index(name string) int {
	i := sort.Search(len(table), func(i int) bool { return table[i].Name >= name })
	if i < len(table) && table[i].Name == name {
		return i
	}
	return -1
}

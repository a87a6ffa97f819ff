package main

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/godtrace/godtrace/option"
)

// implementedFlags lists the option letters godtrace acts on. Every other
// letter in optstring is still parsed exactly as DTrace parses it, then
// refused with "dtrace: -G is not supported yet", so a flag is never
// silently ignored or misread. Adding a letter here is the whole change
// needed to accept it ('3' and '6' stand for -32 and -64). -64 asks for
// the LP64 data model, which is the only one godtrace compiles for: the
// platforms it runs on are 64-bit.
const implementedFlags = "6bcCDefFGhHIilLmnopPqsSUVwxXZ"

// Mode is what the command line asks dtrace to do. The flags -A, -G, -h,
// -l and -V each select a mode, and at most one may be given.
type Mode int

const (
	ModeExec    Mode = iota // compile, enable and consume (the default; -e stops after compiling)
	ModeVersion             // -V: print the API version and exit
	ModeList                // -l: list matching probes
	ModeAnon                // -A: write anonymous-tracing configuration
	ModeLink                // -G: link an ELF object with the program
	ModeHeader              // -h: write a C header for USDT probes
)

// SourceKind says how one program source on the command line is read.
type SourceKind int

const (
	SourceName     SourceKind = iota // -n: [[[provider:]module:]function:]name [[predicate] action]
	SourceFile                       // -s: a D script file
	SourceProvider                   // -P: provider [[predicate] action]
	SourceModule                     // -m: [provider:]module [[predicate] action]
	SourceFunction                   // -f: [[provider:]module:]function [[predicate] action]
	SourceID                         // -i: probe-id [[predicate] action]; DTrace compiles it as -n
)

// Source is one probe description or script, in command-line order, which
// is the order DTrace compiles and enables them in.
type Source struct {
	Kind SourceKind
	Text string // the flag's argument; for SourceFile, the script's path
}

// Proc is one -c or -p, in command-line order.
type Proc struct {
	Grab bool     // -p: grab PID; otherwise -c: run Argv
	PID  int      // -p
	Argv []string // -c: the command split on white space, as DTrace does (no quoting)
}

// Invocation is what the command line asks for, in order.
type Invocation struct {
	Prog  string // basename of argv[0], used in messages
	Argv0 string // argv[0] as given: D's $0 for -n programs

	Mode    Mode
	Sources []Source
	// Args are the operands: macro arguments $1, $2, ... (with -G, the
	// object files to link).
	Args []string

	// Options holds every option the command line set, including those set
	// by flags: -q quiet, -F flowindent, -w destructive, -a grabanon,
	// -b bufsize, -C cpp, -S verbose (DIF listing, -x verbose), -Z zdefs,
	// -H cpphdrs, -D/-U/-I define/undef/incdir (see CPPArgs), -L libdir,
	// -X stdc. -l, -G and -h imply zdefs; -G sets linkmode=dynamic and
	// unodefs, -A linkmode=primary, before -x options are applied.
	Options *option.Options

	Procs       []Proc
	Output      string // -o; "" means standard output
	DataModel   int    // 32 or 64 for -32/-64; 0 means native
	CompileOnly bool   // -e: exit after compiling, before enabling probes
	Verbose     bool   // -v: report stability attributes and arguments
	Buffered    bool   // -B (undocumented): send output to a buffered handler
}

// parseArgs parses argv (os.Args, argv[0] included) as dtrace(1) does and
// refuses flags godtrace does not implement yet. Errors are *argError;
// print them with reportArgError.
func parseArgs(argv []string) (*Invocation, error) {
	return parseEnv(argv, implementedFlags, os.Environ())
}

// parse is parseArgs with the set of implemented flags as a parameter, so
// tests can parse every flag. It mirrors dtrace(1)'s passes over argv, which
// fix which error wins when there are several: bad flags and -32/-64 first,
// then conflicting modes, then option values in order, then -B
// combinations, then -p values.
func parse(argv []string, implemented string) (*Invocation, error) {
	return parseEnv(argv, implemented, nil)
}

// parseEnv is parse in an environment: as in Oracle's dtrace(1), options
// named there (DTRACE_OPT_CPPARGS) are set before the command line's.
func parseEnv(argv []string, implemented string, environ []string) (*Invocation, error) {
	inv := &Invocation{Prog: "dtrace", Options: option.New()}
	if len(argv) > 0 && argv[0] != "" {
		inv.Argv0 = argv[0]
		inv.Prog = filepath.Base(argv[0])
	}
	fail := func(e *argError) (*Invocation, error) {
		e.prog = inv.Prog
		return nil, e
	}
	if len(argv) <= 1 {
		return fail(&argError{usage: true, status: exitUsage})
	}

	flags, operands, scanErr := scan(argv[1:])
	if e := inv.setMode(flags); e != nil {
		return fail(e)
	}
	if scanErr != nil {
		return fail(scanErr)
	}
	if e := checkModes(flags); e != nil {
		return fail(e)
	}
	if inv.Mode == ModeVersion {
		return inv, nil // dtrace -V ignores everything else
	}
	for _, f := range flags {
		// -v is implemented for listings only: elsewhere it asks for
		// the program's stability report.
		listVerbose := f.c == 'v' && inv.Mode == ModeList
		if !strings.ContainsRune(implemented, rune(f.c)) && !listVerbose {
			return fail(&argError{msg: f.name() + " is not supported yet", status: exitUsage})
		}
	}
	inv.Args = operands

	inv.Options.SetEnv(environ, option.EnvPrefix)
	inv.modeOptions()
	for _, f := range flags {
		if e := inv.apply(f); e != nil {
			return fail(e)
		}
	}
	if inv.Buffered && inv.Mode != ModeExec {
		return fail(&argError{msg: "-B not valid in combination with [-AGl] options", status: exitUsage})
	}
	if inv.Buffered && inv.Output != "" {
		return fail(&argError{msg: "-B not valid in combination with -o option", status: exitUsage})
	}
	for _, f := range flags {
		if e := inv.proc(f); e != nil {
			return fail(e)
		}
	}
	return inv, nil
}

// setMode is dtrace's first pass: the data model, the mode and -e.
func (inv *Invocation) setMode(flags []flagArg) *argError {
	for _, f := range flags {
		switch f.c {
		case '3', '6':
			switch model := string(f.c) + f.arg; model {
			case "32", "64":
				inv.DataModel, _ = strconv.Atoi(model)
			default:
				return usageError("illegal option -- " + model)
			}
		case 'e':
			inv.CompileOnly = true
		case 'A':
			inv.Mode = ModeAnon
		case 'G':
			inv.Mode = ModeLink
		case 'h':
			inv.Mode = ModeHeader
		case 'l':
			inv.Mode = ModeList
		case 'V':
			inv.Mode = ModeVersion
		}
	}
	return nil
}

// checkModes refuses more than one mode flag. Like DTrace it counts
// occurrences, so even "-l -l" is refused.
func checkModes(flags []flagArg) *argError {
	n := 0
	for _, f := range flags {
		if strings.IndexByte("AGhlV", f.c) >= 0 {
			n++
		}
	}
	if n > 1 {
		return &argError{msg: "only one of the [-AGhlV] options can be specified at a time", status: exitUsage}
	}
	return nil
}

// modeOptions sets what a mode implies, before any -x can override it.
func (inv *Invocation) modeOptions() {
	o := inv.Options
	switch inv.Mode {
	case ModeList, ModeHeader:
		o.Set("zdefs", "")
	case ModeLink:
		o.Set("zdefs", "")
		o.Set("linkmode", "dynamic")
		o.Set("unodefs", "")
	case ModeAnon:
		o.Set("linkmode", "primary")
	}
}

// flagOption is the option each value-less flag sets.
var flagOption = map[byte]string{
	'a': "grabanon", 'C': "cpp", 'F': "flowindent", 'H': "cpphdrs",
	'q': "quiet", 'S': "verbose", 'w': "destructive", 'Z': "zdefs",
}

// argOption is the option each flag with an argument sets.
var argOption = map[byte]string{
	'b': "bufsize", 'D': "define", 'I': "incdir", 'L': "libdir",
	'U': "undef", 'X': "stdc",
}

// sourceKind is the program source each flag adds.
var sourceKind = map[byte]SourceKind{
	'n': SourceName, 's': SourceFile, 'P': SourceProvider,
	'm': SourceModule, 'f': SourceFunction, 'i': SourceID,
}

// apply is dtrace's second pass: options and program sources.
func (inv *Invocation) apply(f flagArg) *argError {
	if name, ok := flagOption[f.c]; ok {
		inv.Options.Set(name, "") // cannot fail: these take no value
		return nil
	}
	if name, ok := argOption[f.c]; ok {
		if err := inv.Options.SetArg(name + "=" + f.arg); err != nil {
			return &argError{msg: "failed to set " + f.name() + " " + f.arg + ": " + reason(err), status: exitError}
		}
		return nil
	}
	if kind, ok := sourceKind[f.c]; ok {
		inv.Sources = append(inv.Sources, Source{Kind: kind, Text: f.arg})
		return nil
	}
	switch f.c {
	case 'x':
		if err := inv.Options.SetArg(f.arg); err != nil {
			return &argError{msg: err.Error(), status: exitError}
		}
	case 'o':
		inv.Output = f.arg
	case 'v':
		inv.Verbose = true
	case 'B':
		inv.Buffered = true
	}
	return nil
}

// reason is the libdtrace message inside an option error.
func reason(err error) string {
	if u := errors.Unwrap(err); u != nil {
		return u.Error()
	}
	return err.Error()
}

// proc is dtrace's third pass: processes to create or grab.
func (inv *Invocation) proc(f flagArg) *argError {
	switch f.c {
	case 'c':
		inv.Procs = append(inv.Procs, Proc{Argv: splitCommand(f.arg)})
	case 'p':
		pid, ok := parsePID(f.arg)
		if !ok {
			return &argError{msg: "invalid pid: " + f.arg, status: exitError}
		}
		inv.Procs = append(inv.Procs, Proc{Grab: true, PID: pid})
	}
	return nil
}

// splitCommand splits a -c argument on white space as dtrace's
// make_argv() does: no quoting, and a command of only white space is kept
// whole.
func splitCommand(s string) []string {
	argv := strings.FieldsFunc(s, func(r rune) bool {
		return strings.ContainsRune("\f\n\r\t\v ", r)
	})
	if len(argv) == 0 {
		return []string{s}
	}
	return argv
}

// parsePID accepts what strtol(s, &end, 10) accepts in full: optional
// leading white space and sign, then decimal digits. Unlike DTrace, which
// truncates a long to pid_t, it refuses values that do not fit.
func parsePID(s string) (int, bool) {
	n, err := strconv.ParseInt(strings.TrimLeft(s, "\f\n\r\t\v "), 10, 32)
	return int(n), err == nil
}

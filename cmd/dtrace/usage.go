package main

import (
	"errors"
	"fmt"
	"io"
)

// Exit statuses, as dtrace(1) defines them.
const (
	exitError = 1 // E_ERROR: a fatal error (bad option value, bad pid)
	exitUsage = 2 // E_USAGE: the command line is malformed
)

// argError is the error parseArgs returns: the message dtrace(1) prints
// after "dtrace: ", whether the usage message follows it, and the exit
// status. Print it with reportArgError.
type argError struct {
	prog   string // program name for messages; set by parse
	msg    string // "" when DTrace prints the usage message alone
	usage  bool
	status int
}

func (e *argError) Error() string { return e.msg }

// usageError is a getopt-style complaint followed by the usage message.
func usageError(msg string) *argError {
	return &argError{msg: msg, usage: true, status: exitUsage}
}

// reportArgError writes err to w exactly as dtrace(1) would and returns the
// exit status to use. main calls it when parseArgs fails:
//
//	inv, err := parseArgs(os.Args)
//	if err != nil {
//		os.Exit(reportArgError(os.Stderr, err))
//	}
func reportArgError(w io.Writer, err error) int {
	var ae *argError
	if !errors.As(err, &ae) {
		fmt.Fprintf(w, "dtrace: %v\n", err)
		return exitError
	}
	prog := ae.prog
	if prog == "" {
		prog = "dtrace"
	}
	if ae.msg != "" {
		fmt.Fprintf(w, "%s: %s\n", prog, ae.msg)
	}
	if ae.usage {
		writeUsage(w, prog)
	}
	return ae.status
}

// usageFlags is the option summary of dtrace(1)'s usage message. The text
// is the command's interface, so it is reproduced as users see it.
var usageFlags = []struct{ flag, desc string }{
	{"-a", "claim anonymous tracing state"},
	{"-A", "generate driver.conf(5) directives for anonymous tracing"},
	{"-b", "set trace buffer size"},
	{"-c", "run specified command and exit upon its completion"},
	{"-C", "run cpp(1) preprocessor on script files"},
	{"-D", "define symbol when invoking preprocessor"},
	{"-e", "exit after compiling request but prior to enabling probes"},
	{"-f", "enable or list probes matching the specified function name"},
	{"-F", "coalesce trace output by function"},
	{"-G", "generate an ELF file containing embedded dtrace program"},
	{"-h", "generate a header file with definitions for static probes"},
	{"-H", "print included files when invoking preprocessor"},
	{"-i", "enable or list probes matching the specified probe id"},
	{"-I", "add include directory to preprocessor search path"},
	{"-l", "list probes matching specified criteria"},
	{"-L", "add library directory to library search path"},
	{"-m", "enable or list probes matching the specified module name"},
	{"-n", "enable or list probes matching the specified probe name"},
	{"-o", "set output file"},
	{"-p", "grab specified process-ID and cache its symbol tables"},
	{"-P", "enable or list probes matching the specified provider name"},
	{"-q", "set quiet mode (only output explicitly traced data)"},
	{"-s", "enable or list probes according to the specified D script"},
	{"-S", "print D compiler intermediate code"},
	{"-U", "undefine symbol when invoking preprocessor"},
	{"-v", "set verbose mode (report stability attributes, arguments)"},
	{"-V", "report DTrace API version"},
	{"-w", "permit destructive actions"},
	{"-x", "enable or modify compiler and tracing options"},
	{"-X", "specify ISO C conformance settings for preprocessor"},
	{"-Z", "permit probe descriptions that match zero probes"},
}

// writeUsage writes the usage message dtrace(1) prints for a bad command
// line or none, laid out as illumos dtrace prints it (tabs included).
func writeUsage(w io.Writer, prog string) {
	const predact = "[[ predicate ] action ]"
	fmt.Fprintf(w, "Usage: %s [-32|-64] [-aACeFGhHlqSvVwZ] [-b bufsz] [-c cmd] [-D name[=def]]\n", prog)
	fmt.Fprintf(w, "\t[-I path] [-L path] [-o output] [-p pid] [-s script] [-U name]\n")
	fmt.Fprintf(w, "\t[-x opt[=val]] [-X a|c|s|t]\n\n")
	fmt.Fprintf(w, "\t[-P provider %s]\n", predact)
	fmt.Fprintf(w, "\t[-m [ provider: ] module %s]\n", predact)
	fmt.Fprintf(w, "\t[-f [[ provider: ] module: ] func %s]\n", predact)
	fmt.Fprintf(w, "\t[-n [[[ provider: ] module: ] func: ] name %s]\n", predact)
	fmt.Fprintf(w, "\t[-i probe-id %s] [ args ... ]\n\n", predact)
	fmt.Fprintf(w, "\tpredicate -> '/' D-expression '/'\n")
	fmt.Fprintf(w, "\t   action -> '{' D-statements '}'\n\n")
	fmt.Fprintf(w, "\t-32 generate 32-bit D programs and ELF files\n")
	fmt.Fprintf(w, "\t-64 generate 64-bit D programs and ELF files\n\n")
	for _, f := range usageFlags {
		fmt.Fprintf(w, "\t%s  %s\n", f.flag, f.desc)
	}
}

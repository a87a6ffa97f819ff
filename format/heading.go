package format

import (
	"io"
	"strconv"
	"strings"
)

// Heading writes the column heading that dtrace(1) prints before the first
// record when not quiet: "%3s %6s %32s\n" of CPU, ID and FUNCTION:NAME.
// In testing mode (dtrace(1) under _DTRACE_TESTING) the CPU and ID
// columns, which differ from run to run, are left out, here and in the
// prefixes below.
func Heading(w io.Writer, testing bool) error {
	s := "CPU     ID                    FUNCTION:NAME\n"
	if testing {
		s = s[len("CPU     ID "):]
	}
	_, err := io.WriteString(w, s)
	return err
}

// ProbePrefix writes what dtrace(1) prints before a probe's records when
// not quiet: "%3d %6d %32s " of the CPU, the probe ID and
// "function:name". The records follow on the same line; the consumer ends
// the line with "\n" after the last one.
func ProbePrefix(w io.Writer, testing bool, cpu int, id uint32, function, name string) error {
	o := newOut(w)
	if !testing {
		o.rightInt(int64(cpu), 3)
		o.byte(' ')
		o.rightInt(int64(int32(id)), 6) // "%6d" of a uint32, as DTrace prints it
		o.byte(' ')
	}
	fn := function + ":" + name
	if n := 32 - len(fn); n > 0 {
		o.pad(n, ' ')
	}
	o.str(fn)
	o.byte(' ')
	return o.flush()
}

// FlowHeading writes the heading dtrace(1) prints under flowindent, even
// when quiet: "%3s %-41s\n" of CPU and FUNCTION.
func FlowHeading(w io.Writer, testing bool) error {
	s := "FUNCTION" + strings.Repeat(" ", 41-len("FUNCTION")) + "\n"
	if !testing {
		s = "CPU " + s
	}
	_, err := io.WriteString(w, s)
	return err
}

// FlowPrefix writes what dtrace(1) prints before a probe's records under
// flowindent: "%3d %-41s " of the CPU and the indented function column.
func FlowPrefix(w io.Writer, testing bool, cpu int, column string) error {
	o := newOut(w)
	if !testing {
		o.rightInt(int64(cpu), 3)
		o.byte(' ')
	}
	o.str(column)
	if n := 41 - len(column); n > 0 {
		o.pad(n, ' ')
	}
	o.byte(' ')
	return o.flush()
}

// ListHeading writes the heading of dtrace -l: "%5s %10s %17s %33s %s\n".
func ListHeading(w io.Writer) error {
	_, err := io.WriteString(w, "   ID   PROVIDER            MODULE                          FUNCTION NAME\n")
	return err
}

// ListProbe writes one line of dtrace -l: "%5d %10s %17s %33s %s\n".
// Fields longer than their column push the rest of the line right, as in
// DTrace.
func ListProbe(w io.Writer, id uint32, provider, module, function, name string) error {
	o := newOut(w)
	o.rightInt(int64(int32(id)), 5)
	for _, f := range []struct {
		s     string
		width int
	}{{provider, 10}, {module, 17}, {function, 33}} {
		o.byte(' ')
		if n := f.width - len(f.s); n > 0 {
			o.pad(n, ' ')
		}
		o.str(f.s)
	}
	o.byte(' ')
	o.str(name)
	o.byte('\n')
	return o.flush()
}

// Matched returns the notice dtrace(1) prints on stderr (unless quiet)
// after enabling a probe description given with -n, -P, -m, -f or -i:
// "dtrace: description 'BEGIN ' matched 1 probe". desc is the argument as
// given; like dtrace(1) this cuts it before the first '{', '/' or ';', which
// is why "BEGIN { exit(0); }" is reported as 'BEGIN '. There is no trailing
// newline.
func Matched(desc string, n int) string {
	if i := strings.IndexAny(desc, "{/;"); i >= 0 {
		desc = desc[:i]
	}
	return matched("description", desc, n)
}

// MatchedScript returns the notice for a script given with -s:
// "dtrace: script 'foo.d' matched 3 probes", the path as given.
func MatchedScript(path string, n int) string {
	return matched("script", path, n)
}

func matched(kind, name string, n int) string {
	s := "dtrace: " + kind + " '" + name + "' matched " + strconv.FormatUint(uint64(uint32(n)), 10) + " probe"
	if n != 1 {
		s += "s"
	}
	return s
}

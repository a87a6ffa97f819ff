package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/option"
)

// dump renders an Invocation compactly: the mode, then only what is not
// the default, options last as NAME=VALUE for those the command line set.
func dump(inv *Invocation) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s", [...]string{"exec", "version", "list", "anon", "link", "header"}[inv.Mode])
	for _, s := range inv.Sources {
		fmt.Fprintf(&b, " %s:%q", string("nsPmfi"[s.Kind]), s.Text)
	}
	if inv.Args != nil {
		fmt.Fprintf(&b, " args=%q", inv.Args)
	}
	for _, p := range inv.Procs {
		if p.Grab {
			fmt.Fprintf(&b, " p=%d", p.PID)
		} else {
			fmt.Fprintf(&b, " c=%q", p.Argv)
		}
	}
	if inv.Output != "" {
		fmt.Fprintf(&b, " o=%s", inv.Output)
	}
	if inv.DataModel != 0 {
		fmt.Fprintf(&b, " %d", inv.DataModel)
	}
	if inv.CompileOnly {
		b.WriteString(" e")
	}
	if inv.Verbose {
		b.WriteString(" v")
	}
	if inv.Buffered {
		b.WriteString(" B")
	}
	o := inv.Options
	for _, opt := range option.All() {
		if !o.IsSet(opt.Key()) {
			continue
		}
		var v any
		switch opt.Kind {
		case option.Flag:
			v = o.Bool(opt.Key())
		case option.Scalar:
			v = o.Bool(opt.Key())
			if o.Bool(opt.Key()) && o.Int(opt.Key()) > 1 {
				v = o.Int(opt.Key())
			}
		case option.Size:
			v = o.Size(opt.Key())
		case option.Rate:
			v = o.Rate(opt.Key())
		case option.Int:
			v = o.Int(opt.Key())
		case option.Enum, option.String:
			v = o.String(opt.Key())
		case option.List:
			v = o.Strings(opt.Key())
		}
		fmt.Fprintf(&b, " %s=%v", opt.Name, v)
	}
	return b.String()
}

const allFlags = optstring

func TestParse(t *testing.T) {
	tests := []struct {
		argv []string
		want string
	}{
		// Sources keep their order and kind.
		{[]string{"-n", "BEGIN"}, `exec n:"BEGIN"`},
		{[]string{"-nBEGIN"}, `exec n:"BEGIN"`},
		{[]string{"-n", "BEGIN", "-n", "END"}, `exec n:"BEGIN" n:"END"`},
		{[]string{"-s", "a.d", "-P", "syscall", "-m", "fbt:ext4", "-f", "vfs_read", "-i", "42", "-n", "tick-1s"},
			`exec s:"a.d" P:"syscall" m:"fbt:ext4" f:"vfs_read" i:"42" n:"tick-1s"`},
		{[]string{"-n", "syscall::read:entry /pid == $1/ { @[execname] = count(); }"},
			`exec n:"syscall::read:entry /pid == $1/ { @[execname] = count(); }"`},

		// Clustering, attached and detached arguments.
		{[]string{"-qn", "BEGIN{exit(0)}"}, `exec n:"BEGIN{exit(0)}" quiet=true`},
		{[]string{"-qnBEGIN"}, `exec n:"BEGIN" quiet=true`},
		{[]string{"-qwZF"}, `exec destructive=true flowindent=true quiet=true zdefs=true`},
		{[]string{"-xbufsize=8m", "-n", "BEGIN"}, `exec n:"BEGIN" bufsize=8388608`},
		{[]string{"-x", "bufsize=8m"}, `exec bufsize=8388608`},
		{[]string{"-b", "4k", "-n", "BEGIN"}, `exec n:"BEGIN" bufsize=4096`}, // -b is bufsize
		{[]string{"-x", "quiet"}, `exec quiet=true`},
		{[]string{"-qx", "switchrate=10hz"}, `exec quiet=true switchrate=100ms`},
		{[]string{"-n", "-q"}, `exec n:"-q"`}, // an argument may start with '-'
		{[]string{"-o", "--"}, `exec o=--`},

		// Options after probe descriptions and operands; operands in order.
		{[]string{"-n", "BEGIN", "-q"}, `exec n:"BEGIN" quiet=true`},
		{[]string{"-s", "x.d", "a", "-q", "b"}, `exec s:"x.d" args=["a" "b"] quiet=true`},
		{[]string{"a", "-n", "BEGIN", "b", "c"}, `exec n:"BEGIN" args=["a" "b" "c"]`},
		{[]string{"-s", "x.d", "-", "1"}, `exec s:"x.d" args=["-" "1"]`},
		{[]string{"-s", "x.d", "", "1"}, `exec s:"x.d" args=["" "1"]`},

		// "--" makes only the next word an operand, then options resume.
		{[]string{"-s", "x.d", "--", "-1", "-q"}, `exec s:"x.d" args=["-1"] quiet=true`},
		{[]string{"-s", "x.d", "--", "--", "-q"}, `exec s:"x.d" args=["--"] quiet=true`},
		{[]string{"-s", "x.d", "--"}, `exec s:"x.d"`},
		{[]string{"-s", "x.d", "--", "-5", "--", "-6"}, `exec s:"x.d" args=["-5" "-6"]`},

		// Repeated options: the last value wins; lists accumulate.
		{[]string{"-x", "bufsize=1m", "-b", "2m", "-x", "quiet", "-x", "quiet=no"}, `exec bufsize=2097152 quiet=false`},
		{[]string{"-b", "2m", "-x", "bufsize=1m"}, `exec bufsize=1048576`},
		{[]string{"-o", "a", "-o", "b"}, `exec o=b`},
		{[]string{"-L", "/a", "-x", "libdir=/b", "-L/c"}, `exec libdir=[/a /b /c]`},

		// Every remaining flag.
		{[]string{"-32", "-n", "BEGIN"}, `exec n:"BEGIN" 32`},
		{[]string{"-64"}, `exec 64`},
		{[]string{"-3", "2"}, `exec 32`}, // getopt takes "2" as -3's argument
		{[]string{"-32", "-64"}, `exec 64`},
		{[]string{"-a"}, `exec grabanon=true`},
		{[]string{"-A", "-s", "x.d"}, `anon s:"x.d" linkmode=primary`},
		{[]string{"-b", "16k"}, `exec bufsize=16384`},
		{[]string{"-B"}, `exec B`},
		{[]string{"-c", "ls -l  /tmp", "-c", "date"}, `exec c=["ls" "-l" "/tmp"] c=["date"]`},
		{[]string{"-c", "  "}, `exec c=["  "]`},
		{[]string{"-C", "-D", "X=1", "-DY", "-U", "Z", "-I", "/inc", "-H"},
			`exec cpp=true cpphdrs=true define=[X=1 Y] incdir=[/inc] undef=[Z]`},
		{[]string{"-e", "-n", "BEGIN"}, `exec n:"BEGIN" e`},
		{[]string{"-F"}, `exec flowindent=true`},
		{[]string{"-G", "-s", "p.d", "a.o", "b.o"}, `link s:"p.d" args=["a.o" "b.o"] linkmode=dynamic unodefs=true zdefs=true`},
		{[]string{"-G", "-xlinkmode=static"}, `link linkmode=static unodefs=true zdefs=true`},
		{[]string{"-h", "-s", "p.d"}, `header s:"p.d" zdefs=true`},
		{[]string{"-l"}, `list zdefs=true`},
		{[]string{"-l", "-n", "syscall:::"}, `list n:"syscall:::" zdefs=true`},
		{[]string{"-lv", "-P", "syscall"}, `list P:"syscall" v zdefs=true`},
		{[]string{"-L", "/lib/d"}, `exec libdir=[/lib/d]`},
		{[]string{"-p", "123", "-c", "x", "-p", " -4"}, `exec p=123 c=["x"] p=-4`},
		{[]string{"-p", "+7"}, `exec p=7`},
		{[]string{"-S"}, `exec verbose=true`},
		{[]string{"-v"}, `exec v`},
		{[]string{"-w"}, `exec destructive=true`},
		{[]string{"-X", "s"}, `exec stdc=s`},
		{[]string{"-Xc"}, `exec stdc=c`},
		{[]string{"-Z"}, `exec zdefs=true`},
		{[]string{"-q"}, `exec quiet=true`},

		// -V ignores everything else, even option values DTrace would reject.
		{[]string{"-V"}, `version`},
		{[]string{"-V", "-x", "wombats", "-n", "BEGIN"}, `version`},
		{[]string{"-qV"}, `version`},
	}
	for _, tt := range tests {
		argv := append([]string{"/usr/sbin/dtrace"}, tt.argv...)
		inv, err := parse(argv, allFlags)
		if err != nil {
			t.Errorf("parse(%q): %v", tt.argv, err)
			continue
		}
		if got := dump(inv); got != tt.want {
			t.Errorf("parse(%q)\n got %s\nwant %s", tt.argv, got, tt.want)
		}
		if inv.Prog != "dtrace" || inv.Argv0 != "/usr/sbin/dtrace" {
			t.Errorf("parse(%q): Prog %q, Argv0 %q", tt.argv, inv.Prog, inv.Argv0)
		}
	}
}

func TestParseCPPOrder(t *testing.T) {
	inv, err := parse([]string{"dtrace", "-D", "A", "-x", "undef=B", "-I/x", "-H", "-DC=1"}, allFlags)
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(inv.Options.CPPArgs(), " ")
	if want := "-DA -UB -I/x -H -DC=1"; got != want {
		t.Errorf("CPPArgs = %s, want %s", got, want)
	}
}

// TestParseEnv checks that options the environment names are set before
// the command line's, as Oracle's dtrace(1) does.
func TestParseEnv(t *testing.T) {
	inv, err := parseEnv([]string{"dtrace", "-DA", "-n", "BEGIN"}, allFlags, []string{"DTRACE_OPT_CPPARGS=-fno-show-column -DB", "DTRACE_OPT_QUIET="})
	if err != nil {
		t.Fatal(err)
	}
	got := strings.Join(inv.Options.CPPArgs(), " ")
	if want := "-fno-show-column -DB -DA"; got != want {
		t.Errorf("CPPArgs = %s, want %s", got, want)
	}
}

// TestParseErrors pins what dtrace(1) writes to stderr and its exit status.
func TestParseErrors(t *testing.T) {
	usage := usageText(t, "dtrace")
	tests := []struct {
		argv   []string
		stderr string // "USAGE" stands for the usage message
		status int
	}{
		{nil, "USAGE", 2},
		{[]string{"-k"}, "dtrace: illegal option -- k\nUSAGE", 2},
		{[]string{"-qk"}, "dtrace: illegal option -- k\nUSAGE", 2},
		{[]string{"-n", "BEGIN", "-:"}, "dtrace: illegal option -- :\nUSAGE", 2},
		{[]string{"-n"}, "dtrace: option requires an argument -- n\nUSAGE", 2},
		{[]string{"-q", "-x"}, "dtrace: option requires an argument -- x\nUSAGE", 2},
		{[]string{"-qs"}, "dtrace: option requires an argument -- s\nUSAGE", 2},
		{[]string{"-33"}, "dtrace: illegal option -- 33\nUSAGE", 2},
		{[]string{"-6"}, "dtrace: option requires an argument -- 6\nUSAGE", 2},
		{[]string{"-6x"}, "dtrace: illegal option -- 6x\nUSAGE", 2},
		{[]string{"-34", "-k"}, "dtrace: illegal option -- 34\nUSAGE", 2}, // first pass reaches -34 first
		{[]string{"-k", "-34"}, "dtrace: illegal option -- k\nUSAGE", 2},
		{[]string{"-l", "-V", "-k"}, "dtrace: illegal option -- k\nUSAGE", 2},

		{[]string{"-l", "-V"}, "dtrace: only one of the [-AGhlV] options can be specified at a time\n", 2},
		{[]string{"-l", "-l"}, "dtrace: only one of the [-AGhlV] options can be specified at a time\n", 2},
		{[]string{"-G", "-h"}, "dtrace: only one of the [-AGhlV] options can be specified at a time\n", 2},
		{[]string{"-Al"}, "dtrace: only one of the [-AGhlV] options can be specified at a time\n", 2},

		{[]string{"-x", "wombats=25"}, "dtrace: failed to set -x wombats: Invalid option name\n", 1},
		{[]string{"-x", "bufsize=100wombats"}, "dtrace: failed to set -x bufsize: Invalid value for specified option\n", 1},
		{[]string{"-xzdefs=1"}, "dtrace: failed to set -x zdefs: Invalid value for specified option\n", 1},
		{[]string{"-x", "strsize=8g"}, "dtrace: failed to set -x strsize: Value too large for defined data type\n", 1},
		{[]string{"-b", "8x"}, "dtrace: failed to set -b 8x: Invalid value for specified option\n", 1},
		{[]string{"-X", "q"}, "dtrace: failed to set -X q: Invalid value for specified option\n", 1},
		{[]string{"-x", "a", "-x", "b"}, "dtrace: failed to set -x a: Invalid option name\n", 1}, // the first wins
		{[]string{"-x", "wombats", "-l", "-l"}, "dtrace: only one of the [-AGhlV] options can be specified at a time\n", 2},

		{[]string{"-B", "-l"}, "dtrace: -B not valid in combination with [-AGl] options\n", 2},
		{[]string{"-B", "-o", "out"}, "dtrace: -B not valid in combination with -o option\n", 2},
		{[]string{"-B", "-x", "wombats", "-l"}, "dtrace: failed to set -x wombats: Invalid option name\n", 1},

		{[]string{"-p", "abc"}, "dtrace: invalid pid: abc\n", 1},
		{[]string{"-p", ""}, "dtrace: invalid pid: \n", 1},
		{[]string{"-p", "12x"}, "dtrace: invalid pid: 12x\n", 1},
		{[]string{"-p", "99999999999"}, "dtrace: invalid pid: 99999999999\n", 1},
		{[]string{"-p", "x", "-x", "wombats"}, "dtrace: failed to set -x wombats: Invalid option name\n", 1},
	}
	for _, tt := range tests {
		argv := append([]string{"dtrace"}, tt.argv...)
		_, err := parse(argv, allFlags)
		if err == nil {
			t.Errorf("parse(%q) succeeded", tt.argv)
			continue
		}
		var buf bytes.Buffer
		status := reportArgError(&buf, err)
		want := strings.Replace(tt.stderr, "USAGE", usage, 1)
		if buf.String() != want {
			t.Errorf("parse(%q) printed\n%s\nwant\n%s", tt.argv, buf.String(), want)
		}
		if status != tt.status {
			t.Errorf("parse(%q) status %d, want %d", tt.argv, status, tt.status)
		}
	}
}

// TestProgName: messages use the basename of argv[0], as DTrace's do.
func TestProgName(t *testing.T) {
	_, err := parse([]string{"/opt/bin/godtrace", "-k"}, allFlags)
	var buf bytes.Buffer
	reportArgError(&buf, err)
	if !strings.HasPrefix(buf.String(), "godtrace: illegal option -- k\nUsage: godtrace [-32|-64]") {
		t.Errorf("got %q", buf.String())
	}
	for _, argv := range [][]string{nil, {""}} {
		_, err := parse(argv, allFlags)
		buf.Reset()
		reportArgError(&buf, err)
		if !strings.HasPrefix(buf.String(), "Usage: dtrace ") {
			t.Errorf("parse(%q) printed %q", argv, buf.String())
		}
	}
}

func TestUnsupported(t *testing.T) {
	for i := 0; i < len(optstring); i++ {
		c := optstring[i]
		if c == ':' {
			continue
		}
		argv := []string{"dtrace", "-" + string(c)}
		name := "-" + string(c)
		switch c {
		case '3', '6':
			argv[1] += string("24"[strings.IndexByte("36", c)])
			name = argv[1]
		}
		if known, hasArg := optKind(c); !known {
			t.Fatalf("optKind(%c) unknown", c)
		} else if hasArg && c != '3' && c != '6' {
			arg := map[byte]string{'x': "quiet", 'X': "a"}[c]
			if arg == "" {
				arg = "1"
			}
			argv = append(argv, arg)
		}
		_, err := parseArgs(argv)
		implemented := strings.IndexByte(implementedFlags, c) >= 0
		switch {
		case implemented && err != nil:
			t.Errorf("parseArgs(%q): %v", argv, err)
		case !implemented && (err == nil || err.Error() != name+" is not supported yet"):
			t.Errorf("parseArgs(%q) = %v, want %s is not supported yet", argv, err, name)
		}
	}
	// An unsupported flag is refused before option values are looked at,
	// and not at all with -V, which ignores it as DTrace does.
	if _, err := parseArgs([]string{"dtrace", "-x", "wombats", "-A"}); err == nil || err.Error() != "-A is not supported yet" {
		t.Errorf("got %v", err)
	}
	if _, err := parseArgs([]string{"dtrace", "-V", "-G"}); err == nil || !strings.Contains(err.Error(), "only one of") {
		t.Errorf("got %v", err)
	}
	if inv, err := parseArgs([]string{"dtrace", "-V", "-F"}); err != nil || inv.Mode != ModeVersion {
		t.Errorf("got %v, %v", inv, err)
	}
	var buf bytes.Buffer
	_, err := parseArgs([]string{"dtrace", "-A"})
	if status := reportArgError(&buf, err); status != 2 || buf.String() != "dtrace: -A is not supported yet\n" {
		t.Errorf("printed %q, status %d", buf.String(), status)
	}
}

// TestUsage compares the usage message with testdata/usage.txt, typed in
// from illumos dtrace.c's usage(). DTRACE_UPDATE=1 rewrites the file.
func TestUsage(t *testing.T) {
	got := usageText(t, "dtrace")
	path := filepath.Join("testdata", "usage.txt")
	if os.Getenv("DTRACE_UPDATE") != "" {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("usage differs from %s:\n%s", path, got)
	}
}

func usageText(t *testing.T, prog string) string {
	t.Helper()
	var buf bytes.Buffer
	writeUsage(&buf, prog)
	return buf.String()
}

func TestSplitCommand(t *testing.T) {
	tests := map[string][]string{
		"ls":              {"ls"},
		" ls\t-l\n/tmp\v": {"ls", "-l", "/tmp"},
		`sh -c "a b"`:     {"sh", "-c", `"a`, `b"`},
		"":                {""},
	}
	for in, want := range tests {
		if got := splitCommand(in); fmt.Sprint(got) != fmt.Sprint(want) || len(got) != len(want) {
			t.Errorf("splitCommand(%q) = %q, want %q", in, got, want)
		}
	}
}

package option

import (
	"errors"
	"math"
	"reflect"
	"sort"
	"strconv"
	"testing"
	"time"
)

func TestTable(t *testing.T) {
	if !sort.SliceIsSorted(table, func(i, j int) bool { return table[i].Name < table[j].Name }) {
		t.Fatal("table is not sorted by name")
	}
	for i, opt := range table {
		if i > 0 && table[i-1].Name == opt.Name {
			t.Errorf("%s: listed twice", opt.Name)
		}
		if got, ok := Lookup(opt.Name); !ok || got.Name != opt.Name {
			t.Errorf("Lookup(%q) = %v, %v", opt.Name, got.Name, ok)
		}
		if opt.Default == "" {
			continue
		}
		// Every default must be something a user could have typed.
		switch opt.Kind {
		case Scalar:
			if _, err := strconv.ParseInt(opt.Default, 10, 64); err != nil {
				t.Errorf("%s: Scalar default %q is not an integer", opt.Name, opt.Default)
			}
		default:
			if _, err := opt.parse(opt.Default, true); err != nil {
				t.Errorf("%s: default %q does not parse: %v", opt.Name, opt.Default, err)
			}
		}
	}
	if _, ok := Lookup("wombats"); ok {
		t.Error("Lookup found wombats")
	}
}

// TestDefaults pins the defaults dtrace(1) runs with.
func TestDefaults(t *testing.T) {
	o := New()
	sizes := map[string]uint64{
		"bufsize": 4 << 20, "aggsize": 4 << 20, "dynvarsize": 1 << 20,
		"specsize": 32 << 10, "strsize": 256, "jstackstrsize": 512,
	}
	for name, want := range sizes {
		if got := o.Size(Name{name}); got != want {
			t.Errorf("Size(%s) = %d, want %d", name, got, want)
		}
	}
	rates := map[string]time.Duration{
		"switchrate": time.Second, "aggrate": time.Second,
		"statusrate": time.Second, "cleanrate": 9900990,
	}
	for name, want := range rates {
		if got := o.Rate(Name{name}); got != want {
			t.Errorf("Rate(%s) = %v, want %v", name, got, want)
		}
	}
	ints := map[string]int64{
		"nspec": 1, "stackframes": 20, "ustackframes": 100, "jstackframes": 50,
		"stackindent": 14, "cpu": -1, "iregs": 8, "tregs": 8, "pgmax": 8, "tree": 0,
		"aggsortkeypos": 0,
	}
	for name, want := range ints {
		if got := o.Int(Name{name}); got != want {
			t.Errorf("Int(%s) = %d, want %d", name, got, want)
		}
	}
	strs := map[string]string{
		"bufpolicy": "switch", "bufresize": "auto", "evaltime": "postinit",
		"linkmode": "kernel", "linktype": "elf", "late": "static", "stdc": "a",
		"encoding": "", "oformat": "none", "amin": "", "version": "",
		"cpppath": "cpp", "ldpath": "ld", "syslibdir": "/usr/lib/dtrace",
	}
	for name, want := range strs {
		if got := o.String(Name{name}); got != want {
			t.Errorf("String(%s) = %q, want %q", name, got, want)
		}
	}
	for _, name := range []string{"quiet", "flowindent", "destructive", "grabanon", "zdefs", "cpp", "rawbytes", "aggsortrev", "knodefs"} {
		if o.Bool(Name{name}) {
			t.Errorf("Bool(%s) = true by default", name)
		}
		if o.IsSet(Name{name}) {
			t.Errorf("IsSet(%s) = true by default", name)
		}
	}
	if !o.Bool(Temporal) || !o.Bool(KDefs) || !o.Bool(UDefs) {
		t.Error("temporal, kdefs, udefs should be on by default")
	}
	var zero Options
	if zero.Size(BufSize) != 4<<20 || zero.Bool(Quiet) {
		t.Error("zero Options does not hold the defaults")
	}
}

// TestSet drives every kind through SetArg, the -x syntax.
func TestSet(t *testing.T) {
	tests := []struct {
		arg  string
		name string
		want any // bool, int64, uint64, time.Duration, string or []string
	}{
		// Flag: presence turns it on.
		{"zdefs", "zdefs", true},
		{"lazyload=whatever", "lazyload", true},
		{"droptags", "droptags", true},
		{"knodefs", "knodefs", true},
		{"kdefs", "knodefs", false},

		// Scalar: no value is 0 but set; words; numbers in C syntax.
		{"quiet", "quiet", true},
		{"quiet", "quiet", int64(0)},
		{"quiet=0", "quiet", true},
		{"quiet=yes", "quiet", true},
		{"quiet=YES", "quiet", true},
		{"quiet=no", "quiet", false},
		{"quiet=", "quiet", false},
		{"flowindent=enabled", "flowindent", true},
		{"flowindent=Disabled", "flowindent", false},
		{"destructive=true", "destructive", true},
		{"destructive=off", "destructive", false},
		{"rawbytes=set", "rawbytes", true},
		{"rawbytes=unset", "rawbytes", false},
		{"aggsortrev=on", "aggsortrev", true},
		{"nspec=4", "nspec", int64(4)},
		{"nspec=0x10", "nspec", int64(16)},
		{"nspec=010", "nspec", int64(8)},
		{"nspec=+3", "nspec", int64(3)},
		{"nspec= 3", "nspec", int64(3)},
		{"stackframes=yes", "stackframes", int64(1)},
		{"stackframes=no", "stackframes", int64(20)}, // unset: the default
		{"cpu=3", "cpu", int64(3)},
		{"cpu=off", "cpu", int64(-1)},
		{"aggsortkeypos=2", "aggsortkeypos", int64(2)},

		// Size: k m g t, either case, powers of 1024.
		{"bufsize=8m", "bufsize", uint64(8 << 20)},
		{"bufsize=8M", "bufsize", uint64(8 << 20)},
		{"bufsize=512", "bufsize", uint64(512)},
		{"bufsize=2k", "bufsize", uint64(2048)},
		{"bufsize=2K", "bufsize", uint64(2048)},
		{"aggsize=1g", "aggsize", uint64(1 << 30)},
		{"aggsize=1G", "aggsize", uint64(1 << 30)},
		{"dynvarsize=2t", "dynvarsize", uint64(2 << 40)},
		{"lockmem=256k", "lockmem", uint64(256 << 10)},
		{"lockmem=unlimited", "lockmem", uint64(math.MaxUint64)},
		{"dynvarsize=2T", "dynvarsize", uint64(2 << 40)},
		{"specsize=0x10k", "specsize", uint64(16 << 10)},
		{"specsize=010", "specsize", uint64(8)},
		{"bufsize", "bufsize", uint64(0)},
		{"strsize=4294967295", "strsize", uint64(1<<32 - 1)},
		{"jstackstrsize=1k", "jstackstrsize", uint64(1024)},

		// Rate: bare numbers are nanoseconds; hz is a frequency.
		{"switchrate=10hz", "switchrate", 100 * time.Millisecond},
		{"switchrate=10HZ", "switchrate", 100 * time.Millisecond},
		{"switchrate=10", "switchrate", 10 * time.Nanosecond},
		{"switchrate=0hz", "switchrate", time.Duration(0)},
		{"switchrate", "switchrate", time.Duration(0)},
		{"aggrate=5ns", "aggrate", 5 * time.Nanosecond},
		{"aggrate=5nsec", "aggrate", 5 * time.Nanosecond},
		{"aggrate=100us", "aggrate", 100 * time.Microsecond},
		{"aggrate=100usec", "aggrate", 100 * time.Microsecond},
		{"aggrate=7ms", "aggrate", 7 * time.Millisecond},
		{"aggrate=7MSEC", "aggrate", 7 * time.Millisecond},
		{"statusrate=2s", "statusrate", 2 * time.Second},
		{"statusrate=2sec", "statusrate", 2 * time.Second},
		{"statusrate=3m", "statusrate", 3 * time.Minute},
		{"statusrate=3min", "statusrate", 3 * time.Minute},
		{"cleanrate=1h", "cleanrate", time.Hour},
		{"cleanrate=1hour", "cleanrate", time.Hour},
		{"cleanrate=2d", "cleanrate", 48 * time.Hour},
		{"cleanrate=2day", "cleanrate", 48 * time.Hour},
		{"cleanrate=101hz", "cleanrate", 9900990 * time.Nanosecond},
		{"cleanrate=0x1d", "cleanrate", 29 * time.Nanosecond}, // C reads d as a hex digit

		// Int: decimal, with a floor.
		{"iregs=8", "iregs", int64(8)}, // all the code generator has
		{"tree=1", "tree", int64(1)},
		{"pgmax=0", "pgmax", int64(0)},

		// Enum.
		{"bufpolicy=ring", "bufpolicy", "ring"},
		{"bufpolicy=fill", "bufpolicy", "fill"},
		{"bufpolicy=switch", "bufpolicy", "switch"},
		{"bufresize=manual", "bufresize", "manual"},
		{"evaltime=main", "evaltime", "main"},
		{"linkmode=dynamic", "linkmode", "dynamic"},
		{"linktype=DOF", "linktype", "dof"},
		{"late=dynamic", "late", "dynamic"},
		{"stdc=t", "stdc", "t"},
		{"encoding=utf8", "encoding", "utf8"},
		{"oformat=json", "oformat", "json"},

		// String.
		{"cpppath=/usr/bin/cpp", "cpppath", "/usr/bin/cpp"},
		{"amin=Stable/Evolving/Common", "amin", "Stable/Evolving/Common"},
		{"amin=private", "amin", "private"},
		{"amin=stable//x", "amin", "stable//x"}, // DTrace stops at an empty part
		{"version=1.6", "version", "1.6"},
		{"version=1.2.1", "version", "1.2.1"},
		{"version=2.0.01", "version", "2.0.01"},
		{"ctypes=/tmp/c", "ctypes", "/tmp/c"},

		// List.
		{"libdir=/a", "libdir", []string{"/a"}},
		{"define=X=1", "define", []string{"X=1"}},
		{"define=", "define", []string{""}},
		{"setenv=A=b", "setenv", []string{"A=b"}},
	}
	for _, tt := range tests {
		o := New()
		if err := o.SetArg(tt.arg); err != nil {
			t.Errorf("SetArg(%q): %v", tt.arg, err)
			continue
		}
		var got any
		switch want := tt.want.(type) {
		case bool:
			got = o.Bool(Name{tt.name})
		case int64:
			got = o.Int(Name{tt.name})
		case uint64:
			got = o.Size(Name{tt.name})
		case time.Duration:
			got = o.Rate(Name{tt.name})
		case string:
			got = o.String(Name{tt.name})
		case []string:
			got = o.Strings(Name{tt.name})
		default:
			t.Fatalf("bad want %T", want)
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("SetArg(%q): %s = %v, want %v", tt.arg, tt.name, got, tt.want)
		}
		if !o.IsSet(Name{tt.name}) {
			t.Errorf("SetArg(%q): IsSet(%s) = false", tt.arg, tt.name)
		}
	}
}

func TestSetNoValue(t *testing.T) {
	o := New()
	for _, name := range []string{"quiet", "zdefs", "bufsize", "switchrate"} {
		if err := o.Set(name, ""); err != nil {
			t.Errorf("Set(%s, \"\"): %v", name, err)
		}
	}
	if !o.Bool(Quiet) || !o.Bool(ZDefs) || o.Size(BufSize) != 0 || o.Rate(SwitchRate) != 0 {
		t.Error("Set with no value did not set")
	}
	if err := o.Set("bufsize", "16k"); err != nil || o.Size(BufSize) != 16<<10 {
		t.Errorf("Set(bufsize, 16k) = %v, %d", err, o.Size(BufSize))
	}
	// The last setting wins.
	o.Set("quiet", "no")
	if o.Bool(Quiet) {
		t.Error("quiet=no after quiet left quiet on")
	}
}

func TestErrors(t *testing.T) {
	tests := []struct {
		arg  string
		want error
	}{
		{"wombats=25", ErrName},
		{"wombats", ErrName},
		{"", ErrName},
		{"=5", ErrName},
		{"Quiet", ErrName},

		{"bufsize=100wombats", ErrValue},
		{"bufsize=", ErrValue},
		{"bufsize=m", ErrValue},
		{"bufsize=-1", ErrValue},
		{"bufsize=unlimited", ErrValue},
		{"lockmem=Unlimited", ErrValue},
		{"bufsize=1kk", ErrValue},
		{"bufsize=1.5m", ErrValue},
		{"bufsize=08", ErrValue},
		{"bufsize=0x", ErrValue},
		{"bufsize=9223372036854775808", ErrValue},
		{"bufsize=99999999999t", ErrValue},
		{"bufsize=18446744073709551616", ErrValue},
		{"bufsize=1p", ErrValue},
		{"strsize=4g", ErrOverflow},

		{"switchrate=10 hz", ErrValue},
		{"switchrate=hz", ErrValue},
		{"switchrate=", ErrValue},
		{"switchrate=1w", ErrValue},
		{"switchrate=-1s", ErrValue},
		{"switchrate=1.5s", ErrValue},
		{"switchrate=9223372036854775808", ErrValue},
		{"switchrate=999999999999d", ErrValue},

		{"quiet=maybe", ErrValue},
		{"quiet=-1", ErrValue},
		{"nspec=1k", ErrValue},
		{"nspec=18446744073709551615", ErrValue},

		{"zdefs=1", ErrValue},
		{"zdefs=", ErrValue},
		{"cpphdrs=x", ErrValue},
		{"kdefs=1", ErrValue},

		{"bufpolicy", ErrValue},
		{"bufpolicy=Ring", ErrValue},
		{"bufpolicy=", ErrValue},
		{"bufresize=automatic", ErrValue},
		{"evaltime=now", ErrValue},
		{"stdc=x", ErrValue},
		{"linkmode=Kernel", ErrValue},

		{"iregs=0", ErrValue},
		{"iregs=9", ErrValue},
		{"iregs=7", ErrNoReg},
		{"strsize=1", ErrValue},
		{"strsize=0", ErrValue},
		{"strsize", ErrValue},
		{"iregs=x", ErrValue},
		{"iregs", ErrValue},
		{"pgmax=-1", ErrValue},

		{"cpppath", ErrValue},
		{"amin=stable/stable/common/x", ErrValue},
		{"amin=solid", ErrValue},
		{"amin=stable/stable/stable", ErrValue},
		{"version=1.x", ErrVersion},
		{"version=256.0", ErrVersion},
		{"version=1.2.3.4", ErrVersion},
		{"version=", ErrVersion},
		{"version=1.13", ErrVersionUndef},
		{"version=99.1", ErrVersionUndef},

		{"define", ErrValue},
		{"libdir", ErrValue},
		{"unsetenv=A=b", ErrValue},
	}
	for _, tt := range tests {
		err := New().SetArg(tt.arg)
		if !errors.Is(err, tt.want) {
			t.Errorf("SetArg(%q) = %v, want %v", tt.arg, err, tt.want)
		}
		var oe *Error
		if err != nil && !errors.As(err, &oe) {
			t.Errorf("SetArg(%q) error is %T, want *Error", tt.arg, err)
		}
	}
}

// TestErrorText pins what dtrace(1) prints after "dtrace: ".
func TestErrorText(t *testing.T) {
	tests := []struct{ arg, want string }{
		{"wombats=25", "failed to set -x wombats: Invalid option name"},
		{"bufsize=100wombats", "failed to set -x bufsize: Invalid value for specified option"},
		{"strsize=5g", "failed to set -x strsize: Value too large for defined data type"},
		{"version=x", "failed to set -x version: Version is not properly formatted or is too large"},
	}
	for _, tt := range tests {
		err := New().SetArg(tt.arg)
		if err == nil || err.Error() != tt.want {
			t.Errorf("SetArg(%q) = %v, want %q", tt.arg, err, tt.want)
		}
	}
}

func TestFailedSetKeepsValue(t *testing.T) {
	o := New()
	o.SetArg("bufsize=1m")
	if o.SetArg("bufsize=junk") == nil {
		t.Fatal("junk accepted")
	}
	if o.Size(BufSize) != 1<<20 {
		t.Errorf("failed set changed bufsize to %d", o.Size(BufSize))
	}
}

func TestPragmaAndActive(t *testing.T) {
	o := New()
	for _, arg := range []string{"define=X", "incdir=/x", "undef=Y", "cpphdrs", "cpppath=/bin/cpp", "ldpath=ld", "stdc=t", "setenv=A=1", "unsetenv=A", "lockmem=1"} {
		if err := o.SetPragma(arg); !errors.Is(err, ErrContext) {
			t.Errorf("SetPragma(%q) = %v, want ErrContext", arg, err)
		}
	}
	if err := o.SetPragma("quiet"); err != nil {
		t.Errorf("SetPragma(quiet) = %v", err)
	}
	o.SetActive(true)
	if err := o.SetArg("bufsize=1m"); !errors.Is(err, ErrActive) {
		t.Errorf("bufsize while active = %v, want ErrActive", err)
	}
	if err := o.SetArg("quiet=no"); err != nil {
		t.Errorf("quiet while active = %v", err)
	}
	if err := o.SetArg("zdefs"); err != nil {
		t.Errorf("zdefs while active = %v", err)
	}
	o.SetActive(false)
	if err := o.SetArg("bufsize=1m"); err != nil {
		t.Errorf("bufsize after tracing = %v", err)
	}
}

func TestCPPArgs(t *testing.T) {
	o := New()
	for _, arg := range []string{"define=A=1", "incdir=/inc", "undef=B", "cpphdrs", "define=C"} {
		if err := o.SetArg(arg); err != nil {
			t.Fatal(err)
		}
	}
	want := []string{"-DA=1", "-I/inc", "-UB", "-H", "-DC"}
	if got := o.CPPArgs(); !reflect.DeepEqual(got, want) {
		t.Errorf("CPPArgs = %q, want %q", got, want)
	}
	if got := o.Strings(Define); !reflect.DeepEqual(got, []string{"A=1", "C"}) {
		t.Errorf("Strings(define) = %q", got)
	}
}

// TestSetEnv checks options named in the environment, as Oracle's
// dtrace_setoptenv() reads them: cppargs's words are preprocessor
// arguments, values an option refuses are ignored, and other variables
// are not options.
func TestSetEnv(t *testing.T) {
	o := New()
	o.SetEnv([]string{
		"DTRACE_OPT_CPPARGS=-fno-show-column\t -fno-diagnostics-show-caret",
		"DTRACE_OPT_STRSIZE=512", "DTRACE_OPT_BUFSIZE=nonsense",
		"DTRACE_OPT_quiet=1", "OTHER_OPT_NSPEC=4", "DTRACE_OPT_NOSUCH=1",
	}, EnvPrefix)
	want := []string{"-fno-show-column", "-fno-diagnostics-show-caret"}
	if got := o.CPPArgs(); !reflect.DeepEqual(got, want) {
		t.Errorf("CPPArgs = %q, want %q", got, want)
	}
	if got := o.Size(StrSize); got != 512 {
		t.Errorf("strsize = %d, want 512", got)
	}
	if got := o.Size(BufSize); got != 4<<20 {
		t.Errorf("bufsize = %d, want the default", got)
	}
	if o.IsSet(Quiet) || o.IsSet(NSpec) {
		t.Errorf("an option was set from a variable not named DTRACE_OPT_ and its name in upper case")
	}
	if err := o.SetPragma("cppargs=-DX"); err == nil {
		t.Errorf("cppargs set from a program")
	}
}

func TestEnviron(t *testing.T) {
	o := New()
	for _, arg := range []string{"setenv=A=1", "unsetenv=B", "setenv=C=3", "setenv=A=2", "unsetenv=C"} {
		if err := o.SetArg(arg); err != nil {
			t.Fatal(err)
		}
	}
	got := o.Environ([]string{"A=0", "B=0", "BB=0", "D=0"})
	want := []string{"BB=0", "D=0", "A=2"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Environ = %q, want %q", got, want)
	}
}

func TestGetterPanics(t *testing.T) {
	for _, f := range []func(*Options){
		func(o *Options) { o.Bool(Name{"wombats"}) },
		func(o *Options) { o.Size(Quiet) },
		func(o *Options) { o.Rate(BufSize) },
		func(o *Options) { o.String(NSpec) },
		func(o *Options) { o.Int(BufPolicy) },
		func(o *Options) { o.IsSet(Name{}) }, // the zero Name, which other packages can make
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("no panic")
				}
			}()
			f(New())
		}()
	}
}

package option

import (
	"strconv"
	"strings"
	"time"
)

// Options is the set of option values one consumer runs with. The zero
// value holds dtrace(1)'s defaults; New is a convenience.
type Options struct {
	vals   map[string]*value
	cpp    []string // preprocessor arguments, in the order they were set
	env    []envEdit
	active bool
}

// value is what Set stored for one option.
type value struct {
	on   bool // Flag: set; Scalar: not DTRACEOPT_UNSET
	n    int64
	s    string
	list []string
}

// envEdit is one setenv or unsetenv, kept in order for Environ.
type envEdit struct {
	kv  string // "NAME=VALUE" for setenv, "NAME" for unsetenv
	set bool
}

// New returns Options holding the defaults.
func New() *Options { return &Options{} }

// Set sets the named option as dtrace -x NAME[=VALUE] does, where value ""
// stands for no value at all (-x NAME). To pass an explicit empty value
// ("-x NAME="), which DTrace treats differently, use SetArg.
func (o *Options) Set(name, value string) error {
	return o.set(name, value, value != "", false)
}

// SetArg sets an option from "NAME" or "NAME=VALUE", the text that follows
// -x on the command line. Everything after the first '=' is the value.
func (o *Options) SetArg(arg string) error {
	name, value, has := strings.Cut(arg, "=")
	return o.set(name, value, has, false)
}

// SetPragma is SetArg for "#pragma D option NAME[=VALUE]" inside a D
// program, where options marked CommandLineOnly are refused.
func (o *Options) SetPragma(arg string) error {
	name, value, has := strings.Cut(arg, "=")
	return o.set(name, value, has, true)
}

// EnvPrefix is what names an option in the environment: dtrace(1) sets
// DTRACE_OPT_QUIET's value as -x quiet=VALUE (Oracle's
// dtrace_setoptenv()).
const EnvPrefix = "DTRACE_OPT_"

// SetEnv sets each option that environ (a list of "NAME=VALUE", like
// os.Environ) names as prefix and the option's name in upper case, in
// the table's order, as Oracle's dtrace_setoptenv() does. Like it, it
// ignores values the options refuse.
func (o *Options) SetEnv(environ []string, prefix string) {
	env := make(map[string]string)
	for _, kv := range environ {
		if name, val, ok := strings.Cut(kv, "="); ok && strings.HasPrefix(name, prefix) {
			env[name] = val
		}
	}
	for _, opt := range table {
		if val, ok := env[prefix+strings.ToUpper(opt.Name)]; ok {
			o.set(opt.Name, val, true, false)
		}
	}
}

// SetActive records whether tracing is running. While it is, RunTime
// options can no longer be set (ErrActive); CompileTime and Dynamic ones
// can, as through DTrace's setopt() action.
func (o *Options) SetActive(active bool) { o.active = active }

func (o *Options) set(name, val string, has, inProgram bool) error {
	fail := func(err error) error { return &Error{Name: name, Value: val, Err: err} }
	i := index(name)
	if i < 0 {
		return fail(ErrName)
	}
	opt := &table[i]
	if inProgram && opt.CommandLineOnly {
		return fail(ErrContext)
	}
	if o.active && opt.Class == RunTime {
		return fail(ErrActive)
	}
	v, err := opt.parse(val, has)
	if err != nil {
		return fail(err)
	}
	if o.vals == nil {
		o.vals = make(map[string]*value)
	}
	switch {
	case opt.inverts != "":
		o.vals[opt.inverts] = &value{}
	case opt.cpp != "":
		o.cpp = append(o.cpp, opt.cpp+val)
	case opt.cppWords:
		o.cpp = append(o.cpp, strings.Fields(val)...)
	case opt.env != 0:
		o.env = append(o.env, envEdit{kv: val, set: opt.env > 0})
	}
	if opt.Kind == List {
		if old := o.vals[name]; old != nil {
			v.list = append(old.list, val)
		} else {
			v.list = []string{val}
		}
	}
	o.vals[name] = v
	return nil
}

// parse turns the text given for opt into a value, or says why it cannot.
func (opt *Option) parse(s string, has bool) (*value, error) {
	if !has {
		switch {
		case opt.Kind == Size && opt.min > 0:
			return nil, ErrValue
		case opt.Kind == Flag, opt.Kind == Scalar, opt.Kind == Size, opt.Kind == Rate:
			// set, and numbers to 0, as in DTrace
			return &value{on: true}, nil
		}
		return nil, ErrValue
	}
	switch opt.Kind {
	case Flag:
		if !opt.ignoresValue {
			return nil, ErrValue
		}
		return &value{on: true}, nil
	case Scalar:
		n, on, err := parseScalar(s)
		return &value{on: on, n: n}, err
	case Size:
		if opt.unlimited && s == "unlimited" {
			return &value{on: true, n: -1}, nil // Size reads it as the largest uint64
		}
		n, err := parseSize(s)
		switch {
		case err != nil:
		case opt.max != 0 && n > opt.max:
			err = ErrOverflow
		case int64(n) < opt.min:
			err = ErrValue
		}
		return &value{on: true, n: int64(n)}, err
	case Rate:
		d, err := parseRate(s)
		return &value{on: true, n: int64(d)}, err
	case Int:
		n, err := parseInt(s, opt.min)
		if err == nil && opt.checkInt != nil {
			err = opt.checkInt(n)
		}
		return &value{on: true, n: n}, err
	case Enum:
		for _, w := range opt.Values {
			if w == s || opt.fold && strings.EqualFold(w, s) {
				return &value{on: true, s: w}, nil
			}
		}
		return nil, ErrValue
	case String:
		if opt.check != nil {
			if err := opt.check(s); err != nil {
				return nil, err
			}
		}
		return &value{on: true, s: s}, nil
	case List:
		if opt.env < 0 && strings.Contains(s, "=") {
			return nil, ErrValue
		}
		return &value{on: true, s: s}, nil
	}
	return nil, ErrValue
}

// IsSet reports whether the option has been set, as opposed to holding its
// default. An option set to "no" has been set.
func (o *Options) IsSet(n Name) bool {
	name := n.name
	mustLookup(name)
	return o.vals[name] != nil
}

// Bool reports whether a Flag or Scalar option is set to anything but
// "unset": this is how DTrace tests quiet, flowindent, destructive and the
// like, so "-x quiet=0" turns quiet on, as it does in DTrace.
func (o *Options) Bool(n Name) bool {
	name := n.name
	opt := mustKind(name, Flag, Scalar)
	if opt.inverts != "" {
		return !o.Bool(Name{opt.inverts})
	}
	if v := o.vals[name]; v != nil {
		return v.on
	}
	if opt.Kind == Scalar {
		return opt.Default != ""
	}
	return false
}

// Int returns a Scalar or Int option's number. An unset Scalar gives its
// default, as the framework substitutes it (stackframes 20, cpu -1).
func (o *Options) Int(n Name) int64 {
	name := n.name
	opt := mustKind(name, Scalar, Int)
	if v := o.vals[name]; v != nil && v.on {
		return v.n
	}
	d, _ := strconv.ParseInt(opt.Default, 10, 64)
	return d
}

// Size returns a Size option in bytes.
func (o *Options) Size(n Name) uint64 {
	name := n.name
	opt := mustKind(name, Size)
	if v := o.vals[name]; v != nil {
		return uint64(v.n)
	}
	d, _ := parseSize(opt.Default)
	return d
}

// Rate returns a Rate option as an interval. A frequency is converted:
// 101hz is 9900990ns.
func (o *Options) Rate(n Name) time.Duration {
	name := n.name
	opt := mustKind(name, Rate)
	if v := o.vals[name]; v != nil {
		return time.Duration(v.n)
	}
	d, _ := parseRate(opt.Default)
	return d
}

// String returns an Enum or String option; "" when unset with no default.
func (o *Options) String(n Name) string {
	name := n.name
	opt := mustKind(name, Enum, String)
	if v := o.vals[name]; v != nil {
		return v.s
	}
	return opt.Default
}

// Strings returns the values a List option was given, in order.
func (o *Options) Strings(n Name) []string {
	name := n.name
	mustKind(name, List)
	if v := o.vals[name]; v != nil {
		return append([]string(nil), v.list...)
	}
	return nil
}

// CPPArgs returns the preprocessor arguments that -D, -U, -I, -H and the
// define, undef, incdir and cpphdrs options asked for, in the order given:
// "-DNAME=DEF", "-UNAME", "-IDIR", "-H".
func (o *Options) CPPArgs() []string {
	return append([]string(nil), o.cpp...)
}

// Environ returns base (a list of "NAME=VALUE", like os.Environ) with the
// setenv and unsetenv options applied in the order they were set: the
// environment for processes that dtrace -c creates.
func (o *Options) Environ(base []string) []string {
	env := append([]string(nil), base...)
	for _, e := range o.env {
		name, _, _ := strings.Cut(e.kv, "=")
		kept := env[:0]
		for _, kv := range env {
			if n, _, _ := strings.Cut(kv, "="); n != name {
				kept = append(kept, kv)
			}
		}
		env = kept
		if e.set {
			env = append(env, e.kv)
		}
	}
	return env
}

func mustLookup(name string) *Option {
	i := index(name)
	if i < 0 {
		panic("option: unknown option " + strconv.Quote(name))
	}
	return &table[i]
}

// mustKind finds name and checks that its kind is one of kinds. Getters
// panic on a mismatch because the name is in the caller's code, not input.
func mustKind(name string, kinds ...Kind) *Option {
	opt := mustLookup(name)
	for _, k := range kinds {
		if opt.Kind == k {
			return opt
		}
	}
	panic("option: " + name + " is a " + opt.Kind.String() + " option")
}

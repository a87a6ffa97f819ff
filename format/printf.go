package format

import (
	"strings"

	"github.com/godtrace/godtrace/lang/tag"
)

// Want says what argument a conversion accepts. The checker maps D types
// onto these; the rules are those of libdtrace's pfcheck_*() functions.
type Want int

// The argument classes of DTrace's printf conversions.
const (
	WantNone         Want = iota // %%: consumes no argument
	WantInt                      // any integer (d i o u x X)
	WantCSI                      // an integer of at most 4 bytes (c C)
	WantFloat                    // float, double or long double (e E f g G)
	WantAddr                     // pointer or integer (p)
	WantKernelAddr               // pointer, integer or kernel symbol address (a)
	WantUserAddr                 // _usymaddr, or pointer or integer with -p/-c (A)
	WantString                   // string or char array (s S I)
	WantWString                  // array of 32-bit integers, wchar_t[] (ls ws)
	WantStack                    // stack() or ustack() (k)
	WantTime                     // a 64-bit integer (T Y)
	WantType                     // exactly the C type Conv.Type (hd lu Lf ...)
	WantShortName                // a type named short, signed short or unsigned short (hx hX)
	WantLongName                 // a type named long, signed long or unsigned long (lx lX)
	WantLongLongName             // [unsigned] long long, or a typedef chain through [u]int64_t (llx llX)
)

// printer selects how a conversion turns a record into text; the names
// follow libdtrace's pfprint_*() functions.
type printer int

const (
	prPct printer = iota
	prSint
	prUint
	prDint
	prFP
	prAddr
	prUAddr
	prStack
	prTime
	prTime822
	prCstr
	prEstr
	prEchr
	prWstr
	prPort
	prInet
)

// convInfo is one entry of DTrace's conversion dictionary.
type convInfo struct {
	verb  byte // the C conversion that finally prints: d i u o x X c e ... s
	proto string
	want  Want
	pr    printer
}

const (
	protoXint  = "char, short, int, long, or long long"
	protoCSI   = "char, short, or int"
	protoFP    = "float, double, or long double"
	protoAddr  = "pointer or integer"
	protoUAddr = "pointer or integer (with -p/-c) or _usymaddr (without -p/-c)"
	protoCstr  = "char [] or string (or use stringof)"
	protoWstr  = "wchar_t []"
)

// conversions is DTrace's printf dictionary (dt_printf.c). A conversion not
// listed here is "undefined", even where C's printf knows it (%F, %hhd,
// %zd, %n).
var conversions = map[string]convInfo{
	"a":   {'s', protoAddr, WantKernelAddr, prAddr},
	"A":   {'s', protoUAddr, WantUserAddr, prUAddr},
	"c":   {'c', protoCSI, WantCSI, prSint},
	"C":   {'s', protoCSI, WantCSI, prEchr},
	"d":   {'d', protoXint, WantInt, prDint},
	"e":   {'e', protoFP, WantFloat, prFP},
	"E":   {'E', protoFP, WantFloat, prFP},
	"f":   {'f', protoFP, WantFloat, prFP},
	"g":   {'g', protoFP, WantFloat, prFP},
	"G":   {'G', protoFP, WantFloat, prFP},
	"hd":  {'d', "short", WantType, prSint},
	"hi":  {'i', "short", WantType, prSint},
	"ho":  {'o', "unsigned short", WantType, prUint},
	"hu":  {'u', "unsigned short", WantType, prUint},
	"hx":  {'x', "short", WantShortName, prUint},
	"hX":  {'X', "short", WantShortName, prUint},
	"i":   {'i', protoXint, WantInt, prSint},
	"I":   {'s', protoCstr, WantString, prInet},
	"k":   {'s', "stack", WantStack, prStack},
	"lc":  {'c', "int", WantType, prSint},
	"ld":  {'d', "long", WantType, prSint},
	"li":  {'i', "long", WantType, prSint},
	"lo":  {'o', "unsigned long", WantType, prUint},
	"lu":  {'u', "unsigned long", WantType, prUint},
	"ls":  {'s', protoWstr, WantWString, prWstr},
	"lx":  {'x', "long", WantLongName, prUint},
	"lX":  {'X', "long", WantLongName, prUint},
	"lld": {'d', "long long", WantType, prSint},
	"lli": {'i', "long long", WantType, prSint},
	"llo": {'o', "unsigned long long", WantType, prUint},
	"llu": {'u', "unsigned long long", WantType, prUint},
	"llx": {'x', "long long", WantLongLongName, prUint},
	"llX": {'X', "long long", WantLongLongName, prUint},
	"Le":  {'e', "long double", WantType, prFP},
	"LE":  {'E', "long double", WantType, prFP},
	"Lf":  {'f', "long double", WantType, prFP},
	"Lg":  {'g', "long double", WantType, prFP},
	"LG":  {'G', "long double", WantType, prFP},
	"o":   {'o', protoXint, WantInt, prUint},
	"p":   {'x', protoAddr, WantAddr, prUint},
	"P":   {'s', "uint16_t", WantType, prPort},
	"s":   {'s', protoCstr, WantString, prCstr},
	"S":   {'s', protoCstr, WantString, prEstr},
	"T":   {'s', "int64_t", WantTime, prTime822},
	"u":   {'u', protoXint, WantInt, prUint},
	"wc":  {'c', "int", WantType, prSint},
	"ws":  {'s', protoWstr, WantWString, prWstr},
	"x":   {'x', protoXint, WantInt, prUint},
	"X":   {'X', protoXint, WantInt, prUint},
	"Y":   {'s', "int64_t", WantTime, prTime},
	"%":   {'%', "void", WantNone, prPct},
}

// Conv is one conversion of a format string, as the checker needs it.
type Conv struct {
	// Number is DTrace's conversion number, used in its messages: every
	// '%' of the format counts, %% included, from 1.
	Number int
	// Name is the conversion without flags, width or precision: "d",
	// "llx", "Y", "%".
	Name string
	// Want is the class of argument the conversion accepts; Type is the C
	// type for WantType; Proto is DTrace's wording of the prototype for
	// ErrArgType.
	Want  Want
	Type  string
	Proto string
	// DynWidth and DynPrec report '*' width and precision: each consumes
	// an integer argument before the value (precision first when the
	// checker counts them, width first when printing, as DTrace does).
	DynWidth, DynPrec bool
	// Agg reports %@: the value is the aggregation's, not an argument.
	Agg bool

	Left, Zero, Plus, Space, Alt, Group bool
	Width, Prec                         int // 0 means none, as in DTrace

	prefix string // literal text written before the conversion
	info   convInfo
}

// Consumes reports how many printf() arguments the conversion takes.
func (c *Conv) Consumes() int {
	if c.info.pr == prPct {
		return 0
	}
	n := 0
	if c.DynWidth {
		n++
	}
	if c.DynPrec {
		n++
	}
	if !c.Agg {
		n++
	}
	return n
}

// Format is a parsed D printf()/printa() format string.
type Format struct {
	text   string
	convs  []Conv
	suffix string // literal text after the last conversion
}

// String returns the format as written.
func (f *Format) String() string { return f.text }

// Convs returns the conversions in order, %% included.
func (f *Format) Convs() []Conv {
	c := make([]Conv, len(f.convs))
	copy(c, f.convs)
	return c
}

// ParseFormat parses a D format string as dt_printf_create() does. Errors
// are *Error with tag D_SYNTAX and DTrace's message.
func ParseFormat(s string) (*Format, error) {
	// libdtrace strdup()s the format, so nothing after a NUL exists.
	if i := strings.IndexByte(s, 0); i >= 0 {
		s = s[:i]
	}
	f := &Format{text: s}
	q := 0
	for {
		i := strings.IndexByte(s[q:], '%')
		if i < 0 {
			break
		}
		p := q + i
		c := Conv{Number: len(f.convs) + 1, prefix: s[q:p]}
		end, err := parseConv(s, p, &c)
		if err != nil {
			return nil, err
		}
		f.convs = append(f.convs, c)
		q = end
	}
	f.suffix = s[q:]
	return f, nil
}

// parseConv parses the conversion whose '%' is at s[p] and returns the
// index just past it. The state machine is dt_printf_create()'s, quirks
// included: '0' after '-' cancels left adjustment, digits may appear
// anywhere among the flags, and a second '*' for the width is reported as
// being for the precision.
func parseConv(s string, p int, c *Conv) (int, error) {
	var name []byte
	digits, dot := 0, false
	for {
		p++
		if p >= len(s) {
			return 0, newError(tag.SyntaxConvEnd, c.Number)
		}
		ch := s[p]
		switch {
		case ch >= '0' && ch <= '9':
			if !dot && digits == 0 && ch == '0' {
				c.Zero, c.Left = true, false
				continue
			}
			n := int32(0)
			for ; p < len(s) && s[p] >= '0' && s[p] <= '9'; p++ {
				n = n*10 + int32(s[p]-'0') // wraps like C's int
			}
			p--
			if dot {
				c.Prec = int(n)
			} else {
				c.Width = int(n)
			}
			digits++
		case ch == '#':
			c.Alt = true
		case ch == '*':
			if (dot && c.DynPrec) || (!dot && c.DynWidth) {
				// illumos says "precision" for both; Oracle names
				// the field.
				what := "width"
				if dot {
					what = "precision"
				}
				return 0, newError(tag.SyntaxConvStars, c.Number, what)
			}
			if dot {
				c.DynPrec = true
			} else {
				c.DynWidth = true
			}
		case ch == '+':
			c.Plus = true
		case ch == '-':
			c.Left, c.Zero = true, false
		case ch == '.':
			if dot {
				return 0, newError(tag.SyntaxConvDots, c.Number)
			}
			dot, digits = true, 0
		case ch == '?':
			c.Width = 16 // the width of a pointer in an LP64 program
		case ch == '@':
			c.Agg = true
		case ch == '\'':
			c.Group = true
		case ch == ' ':
			c.Space = true
		case ch == '$':
			return 0, newError(tag.SyntaxConvPositional, c.Number)
		case ch == '%' && s[p-1] != '%':
			return 0, newError(tag.SyntaxConvPercent, c.Number)
		case ch == 'h' || ch == 'l' || ch == 'L' || ch == 'w':
			if len(name) < 6 {
				name = append(name, ch)
			}
		default:
			name = append(name, ch)
			return p + 1, c.lookup(string(name))
		}
	}
}

func (c *Conv) lookup(name string) error {
	info, ok := conversions[name]
	if !ok {
		return newError(tag.SyntaxConvUndef, c.Number, name)
	}
	c.Name, c.info, c.Want, c.Proto = name, info, info.want, info.proto
	if info.want == WantType {
		c.Type = info.proto
	}
	return nil
}

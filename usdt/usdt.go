// Package usdt builds what a C or C++ program needs to define USDT
// probes from a D provider definition (provider shop { probe
// order(int, char *); };), as dtrace -h and dtrace -G do: a header
// whose macros place each probe (Header), and an object that defines
// the probes' semaphores (Object).
//
// The probes are SystemTap's stapsdt notes, the form Linux's tracers
// read (godtrace's USDT providers, bpftrace, perf, SystemTap): a nop
// where the probe fires, and a note in .note.stapsdt that names the
// provider and probe, the nop's address, the semaphore's, and where
// each argument is at the nop. A probe's semaphore is a 16-bit counter
// the kernel increments while a tracer has the probe enabled, which
// the _ENABLED() macro reads.
package usdt

import (
	"fmt"
	"strings"

	"github.com/godtrace/godtrace/lang/ast"
)

// Probe is a probe of a provider definition, as a C program fires it.
type Probe struct {
	Provider, Name string // as written: "shop", "order__done"
	Args           []Arg
}

// Arg is an argument of a probe: its C type and how a note describes
// its size (negative if signed).
type Arg struct {
	Type string // "char *"
	Size int    // -4 for int, 8 for a pointer
}

// Probes reads the probes of provider definitions. An argument must
// be an integer or a pointer: a note gives an argument's size and
// where it is, a register or memory, as the assembler has it.
func Probes(decls []*ast.ProviderDecl) ([]Probe, error) {
	var out []Probe
	for _, d := range decls {
		for _, pd := range d.Probes {
			p := Probe{Provider: d.Name, Name: pd.Name}
			for i, t := range pd.Args {
				a, err := argOf(t)
				if err != nil {
					return nil, fmt.Errorf("probe %s:%s: argument %d: %w", d.Name, pd.Name, i, err)
				}
				p.Args = append(p.Args, a)
			}
			if len(p.Args) > 12 {
				return nil, fmt.Errorf("probe %s:%s: %d arguments, more than the 12 a note may have", d.Name, pd.Name, len(p.Args))
			}
			out = append(out, p)
		}
	}
	return out, nil
}

// sizes are the integer types an argument may have, by their sizes in
// the LP64 model (negative: signed).
var sizes = map[string]int{
	"char": -1, "signed char": -1, "unsigned char": 1, "_Bool": 1, "bool": 1,
	"short": -2, "signed short": -2, "short int": -2, "unsigned short": 2, "unsigned short int": 2,
	"int": -4, "signed int": -4, "signed": -4, "unsigned": 4, "unsigned int": 4,
	"long": -8, "signed long": -8, "long int": -8, "unsigned long": 8, "unsigned long int": 8,
	"long long": -8, "long long int": -8, "unsigned long long": 8, "unsigned long long int": 8,
	"int8_t": -1, "int16_t": -2, "int32_t": -4, "int64_t": -8,
	"uint8_t": 1, "uint16_t": 2, "uint32_t": 4, "uint64_t": 8,
	"size_t": 8, "ssize_t": -8, "uintptr_t": 8, "intptr_t": -8, "off_t": -8,
	"pid_t": -4, "uid_t": 4, "gid_t": 4,
}

func argOf(t *ast.TypeExpr) (Arg, error) {
	if len(t.Arrays) > 0 {
		return Arg{}, fmt.Errorf("an array (pass a pointer)")
	}
	name := t.Name
	if t.Ptr > 0 {
		return Arg{Type: name + " " + strings.Repeat("*", t.Ptr), Size: 8}, nil
	}
	if name == "string" {
		// A D string: the program passes its address, as a char *.
		return Arg{Type: "char *", Size: 8}, nil
	}
	n, ok := sizes[name]
	if !ok {
		return Arg{}, fmt.Errorf("type %s is not an integer type or a pointer", name)
	}
	return Arg{Type: name, Size: n}, nil
}

// MacroName is the name of the macro that fires p: SHOP_ORDER_DONE for
// shop's order__done (DTrace's probe order-done).
func (p Probe) MacroName() string {
	return strings.ToUpper(p.Provider + "_" + strings.ReplaceAll(p.Name, "__", "_"))
}

// Semaphore is the name of p's semaphore.
func (p Probe) Semaphore() string {
	return p.Provider + "_" + p.Name + "_semaphore"
}

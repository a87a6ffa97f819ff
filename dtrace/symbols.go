package dtrace

import (
	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/ksym"
	"github.com/godtrace/godtrace/lang/check"
	"github.com/godtrace/godtrace/option"
	"github.com/godtrace/godtrace/spec"
)

// symbolizer names what the probes record: kernel addresses from
// kallsyms, user addresses from the processes' mappings and the objects
// they map, each read the first time one is needed.
type symbolizer struct {
	opts  *option.Options // stackindent and noresolve
	ksyms *ksym.Table     // the kernel's symbols
	env   *format.Env     // what printf needs to name symbols
	procs *procSyms       // user symbols for ustack() and usym()
}

// Resolve turns a recorded value into the one DTrace prints: a kernel
// address that func(), sym() or mod() recorded becomes its symbol's
// name, a user address that usym() and its kin recorded the name they
// print, and a kernel stack loses the frames of the tracing machinery.
// Other values are returned as they are. The kernel's symbol table and
// the processes' are read the first time one is needed.
func (h *Handle) Resolve(it spec.Item, d format.Datum) format.Datum {
	return h.symbols().resolve(it, d)
}

// FormatEnv lets printf's %a and %A conversions and stacks name
// symbols, as the handle's options say (stackindent, noresolve).
func (h *Handle) FormatEnv() *format.Env { return h.symbols().formatEnv() }

// Values returns what action a of record r recorded, resolved as
// Resolve does.
func (h *Handle) Values(r *consume.Record, a *spec.Action) []format.Datum {
	vals := r.Values(a)
	for i, it := range a.Items {
		vals[i] = h.symbols().resolve(it, vals[i])
	}
	return vals
}

func (s *symbolizer) resolve(it spec.Item, d format.Datum) format.Datum {
	if it.IsUserSym() {
		return s.userSymDatum(it, d)
	}
	if it.Stack != 0 {
		return s.stackDatum(it, d)
	}
	if it.Sym == "" {
		return d
	}
	name := s.kernel().Func(d.Int)
	if it.Sym == "mod" {
		name = s.kernel().Mod(d.Int)
	}
	return format.StringDatum(name, it.StrSize)
}

// kernel is the kernel's symbol table, read on first use.
func (s *symbolizer) kernel() *ksym.Table {
	if s.ksyms == nil {
		s.ksyms = ksym.New()
	}
	return s.ksyms
}

// kernelSymbol finds a kernel symbol a program names (`max_pfn).
func (s *symbolizer) kernelSymbol(module, name string) (check.KernelSymbol, error) {
	k, err := s.kernel().Named(module, name)
	return check.KernelSymbol{Module: k.Module, Name: k.Name, Addr: k.Addr, Func: k.Func}, err
}

func (s *symbolizer) formatEnv() *format.Env {
	if s.env == nil {
		indent := int(s.opts.Int(option.StackIndent))
		s.env = &format.Env{KernelSym: func(addr uint64) (format.Symbol, bool) {
			k, _, ok := s.kernel().Lookup(addr)
			return format.Symbol{Module: k.Module, Name: k.Name, Addr: k.Addr}, ok
		}, UserSym: s.userSym, StackIndent: &indent}
		if s.opts.Bool(option.NoResolve) {
			s.env.UserObject = s.userSyms().objectAt
		}
	}
	return s.env
}

// SetOption sets an option while tracing, as the setopt() action does
// (dt_setopt()): options that can be set only before tracing are
// refused. (setopt() without a value sets "1".)
func (h *Handle) SetOption(name, value string) error {
	h.Options.SetActive(true)
	if err := h.Options.Set(name, value); err != nil {
		return err
	}
	if name == option.StackIndent.String() && h.syms.env != nil {
		*h.syms.env.StackIndent = int(h.Options.Int(option.StackIndent))
	}
	return nil
}

// symbols is the handle's symbolizer, reading the handle's options.
func (h *Handle) symbols() *symbolizer {
	h.syms.opts = h.Options
	return &h.syms
}

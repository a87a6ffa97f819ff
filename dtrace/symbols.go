package dtrace

import (
	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/ksym"
	"github.com/godtrace/godtrace/lang/check"
	"github.com/godtrace/godtrace/option"
	"github.com/godtrace/godtrace/spec"
)

// Resolve turns a recorded value into the one DTrace prints: a kernel
// address that func(), sym() or mod() recorded becomes its symbol's
// name, a user address that usym() and its kin recorded the name they
// print, and a kernel stack loses the frames of the tracing machinery.
// Other values are returned as they are. The kernel's symbol table and
// the processes' are read the first time one is needed.
func (h *Handle) Resolve(it spec.Item, d format.Datum) format.Datum {
	if it.IsUserSym() {
		return h.userSymDatum(it, d)
	}
	if it.Stack != 0 {
		return h.stackDatum(it, d)
	}
	if it.Sym == "" {
		return d
	}
	name := h.kernelSyms().Func(d.Int)
	if it.Sym == "mod" {
		name = h.kernelSyms().Mod(d.Int)
	}
	return format.StringDatum(name, it.StrSize)
}

// kernelSyms is the kernel's symbol table, read on first use.
func (h *Handle) kernelSyms() *ksym.Table {
	if h.ksyms == nil {
		h.ksyms = ksym.New()
	}
	return h.ksyms
}

// kernelSymbol finds a kernel symbol a program names (`max_pfn).
func (h *Handle) kernelSymbol(module, name string) (check.KernelSymbol, error) {
	s, err := h.kernelSyms().Named(module, name)
	return check.KernelSymbol{Module: s.Module, Name: s.Name, Addr: s.Addr, Func: s.Func}, err
}

// FormatEnv lets printf's %a and %A conversions and stacks name
// symbols, as the handle's options say (stackindent, noresolve).
func (h *Handle) FormatEnv() *format.Env {
	if h.fmtEnv == nil {
		indent := int(h.Options.Int(option.StackIndent))
		h.fmtEnv = &format.Env{KernelSym: func(addr uint64) (format.Symbol, bool) {
			s, _, ok := h.kernelSyms().Lookup(addr)
			return format.Symbol{Module: s.Module, Name: s.Name, Addr: s.Addr}, ok
		}, UserSym: h.userSym, StackIndent: &indent}
		if h.Options.Bool(option.NoResolve) {
			h.fmtEnv.UserObject = h.userSyms().objectAt
		}
	}
	return h.fmtEnv
}

// Values returns what action a of record r recorded, resolved as
// Resolve does.
func (h *Handle) Values(r *consume.Record, a *spec.Action) []format.Datum {
	vals := r.Values(a)
	for i, it := range a.Items {
		vals[i] = h.Resolve(it, vals[i])
	}
	return vals
}

// SetOption sets an option while tracing, as the setopt() action does
// (dt_setopt()): options that can be set only before tracing are
// refused. (setopt() without a value sets "1".)
func (h *Handle) SetOption(name, value string) error {
	h.Options.SetActive(true)
	if err := h.Options.Set(name, value); err != nil {
		return err
	}
	if name == option.StackIndent.String() && h.fmtEnv != nil {
		*h.fmtEnv.StackIndent = int(h.Options.Int(option.StackIndent))
	}
	return nil
}

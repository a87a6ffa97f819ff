package dtrace

import (
	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/ksym"
	"github.com/godtrace/godtrace/lang/check"
	"github.com/godtrace/godtrace/option"
	"github.com/godtrace/godtrace/spec"
)

// symbolize turns a recorded kernel address that func(), sym() or mod()
// produced into the name DTrace prints for it. The kernel's symbol
// table is read the first time one is needed.
func (h *Handle) symbolize(it spec.Item, d format.Datum) format.Datum {
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

// env lets printf's %a and %A conversions and stacks name symbols.
func (h *Handle) env() *format.Env {
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

// values returns an action's recorded values, symbols resolved.
func (h *Handle) values(r *consume.Record, a *spec.Action) []format.Datum {
	vals := r.Values(a)
	for i, it := range a.Items {
		vals[i] = h.symbolize(it, vals[i])
	}
	return vals
}

package dtrace

import (
	"strconv"

	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/spec"
)

// userSymSize is the string size a usym() name is printed as: DTrace's
// default strsize, so that a key or a statement pads it to 50 columns.
const userSymSize = 256

// userSymDatum turns a usym(), ufunc(), uaddr() or umod() record (the
// pid, then the address) into the name DTrace prints for it.
func (s *symbolizer) userSymDatum(it spec.Item, d format.Datum) format.Datum {
	var pc uint64
	if len(d.PCs) > 0 {
		pc = d.PCs[0]
	}
	name := s.userSymName(it.Sym, d.Pid, pc)
	return format.StringDatum(name, max(len(name)+1, userSymSize))
}

// userSymName names address pc of process pid as the action kind
// does: usym() and ufunc() the function holding it, uaddr() the
// function and offset, umod() the object, as dt_print_usym() and
// dt_print_umod() do. What cannot be resolved prints in hex.
func (s *symbolizer) userSymName(kind string, pid, pc uint64) string {
	sym, ok := s.userSym(pid, pc)
	if pid == 0 {
		ok = false
	}
	switch kind {
	case spec.SymUmod:
		if ok {
			return sym.Module
		}
		return "0x" + strconv.FormatUint(pc, 16)
	case spec.SymUser:
		if ok && sym.Name != "" {
			pc = sym.Addr
		}
	}
	return s.formatEnv().UserAddr(pid, pc)
}

package format

import (
	"strconv"
	"time"
)

// Env supplies what formatting needs from outside the recorded data: the
// time zone of %Y and %T, and name lookups for %a, %A, %I and %P. A nil
// *Env, like the zero Env, uses time.Local and prints raw numbers, which is
// what DTrace prints when its lookups fail.
type Env struct {
	// Location is the time zone for %Y and %T (dtrace(1) honours TZ).
	Location *time.Location
	// KernelSym resolves a kernel address as dtrace_lookup_by_addr()
	// does: the containing symbol, or only the module (Name == "").
	KernelSym func(addr uint64) (Symbol, bool)
	// UserSym resolves a user address in process pid; Module should be
	// the object's base name ("libc.so.6").
	UserSym func(pid, addr uint64) (Symbol, bool)
	// UserObject, when set, stands in for UserSym, as under Oracle's
	// noresolve option: a user address is named by the base name of the
	// object mapped there and its offset in that mapping
	// ("bash:0x2f1c0").
	UserObject func(pid, addr uint64) (name string, off uint64, ok bool)
	// Target is the pid of -p/-c, used for %A of a bare address.
	Target uint64
	// Service names a port for %P (getservbyport); Host names an address
	// given as text for %I (gethostbyaddr).
	Service func(port uint16) (string, bool)
	Host    func(addr string) (string, bool)
	// StackIndent is the stackindent option: the blanks before each
	// frame of a stack printed outside printa(). Nil means DTrace's
	// default, DefaultStackIndent.
	StackIndent *int
}

// Symbol is the result of an address lookup.
type Symbol struct {
	Module string // "vmlinux", "ext4", "libc.so.6"
	Name   string // "" when only the containing module is known
	Addr   uint64 // the symbol's start address
}

func (e *Env) location() *time.Location {
	if e == nil || e.Location == nil {
		return time.Local
	}
	return e.Location
}

// KernelAddr renders addr as %a, sym() and stack frames do:
// "module`symbol+0xoff", "module`symbol", "module`0xaddr" or "0xaddr".
func (e *Env) KernelAddr(addr uint64) string {
	if e != nil && e.KernelSym != nil {
		if sym, ok := e.KernelSym(addr); ok {
			return symString(sym, addr, addr != sym.Addr)
		}
	}
	return "0x" + strconv.FormatUint(addr, 16)
}

// UserAddr renders addr in process pid as %A and usym() do. Without a
// process there is nothing to look in, and the address prints in hex.
func (e *Env) UserAddr(pid, addr uint64) string {
	if e != nil && e.UserObject != nil {
		if name, off, ok := e.UserObject(pid, addr); ok && pid != 0 {
			return name + ":0x" + strconv.FormatUint(off, 16)
		}
		return "0x" + strconv.FormatUint(addr, 16)
	}
	if e != nil && e.UserSym != nil && pid != 0 {
		if sym, ok := e.UserSym(pid, addr); ok {
			return symString(sym, addr, addr > sym.Addr)
		}
	}
	return "0x" + strconv.FormatUint(addr, 16)
}

func symString(sym Symbol, addr uint64, offset bool) string {
	switch {
	case sym.Name == "":
		return sym.Module + "`0x" + strconv.FormatUint(addr, 16)
	case offset:
		return sym.Module + "`" + sym.Name + "+0x" + strconv.FormatUint(addr-sym.Addr, 16)
	}
	return sym.Module + "`" + sym.Name
}

package check

import (
	"errors"
	"strings"

	"github.com/cilium/ebpf/btf"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/tag"
)

// KernelSymbol is a kernel symbol as the kernel's symbol table
// (/proc/kallsyms) gives it: where it is and which module defines it
// ("vmlinux" for the kernel itself).
type KernelSymbol struct {
	Module, Name string
	Addr         uint64
	Func         bool // a function, not a data object
}

// Symbol is a kernel symbol a program names with the scoping operator
// (`max_pfn, vmlinux`jiffies, ext4`ext4_fs_type), with its type. As in
// DTrace it is an object that can be read and whose address can be
// taken, but not assigned.
type Symbol struct {
	KernelSymbol
	Type Type
}

// funcType is the type DTrace gives every function symbol: a function
// returning int, which a program can only take the address of.
var funcType = Type{Kind: Func, Name: "int ()"}

// errNoSymbols is the failure to resolve any symbol when the program
// is compiled without a kernel symbol table.
var errNoSymbols = errors.New("Unknown symbol name")

// kernelSymbol checks a scoped identifier: it must name a kernel
// symbol, of a module that has one when a module is given, whose type
// the kernel's BTF knows.
func (c *checker) kernelSymbol(e *ast.Ident) Type {
	if s, ok := c.symbols[e.Name]; ok {
		c.info.Symbols[e] = s
		return s.Type
	}
	i := strings.LastIndexByte(e.Name, '`')
	scope, name, mark, undef := e.Name[:i], e.Name[i+1:], "`", tag.IdentUndefKernel
	if user := strings.HasSuffix(scope, "`"); user {
		scope, mark, undef = scope[:len(scope)-1], "``", tag.IdentUndefUser
	}
	var ks KernelSymbol
	err := errNoSymbols
	if c.cfg.KernelSymbol != nil && (mark == "`" || scope != "") {
		// ``name searches user objects only, of which godtrace knows
		// none: only an explicit module can find a kernel symbol.
		ks, err = c.cfg.KernelSymbol(scope, name)
	}
	if err != nil {
		c.error(e.At, undef, scope, name, err)
		return TypeInvalid
	}
	if mark == "``" {
		c.error(e.At, tag.SymBadref, "kernel", ks.Module, ks.Name, "user")
		return TypeInvalid
	}
	t, err := c.kernel.symbolType(ks)
	if err != nil {
		c.error(e.At, tag.SymNotypes, ks.Module, ks.Name, err)
		return TypeInvalid
	}
	s := &Symbol{KernelSymbol: ks, Type: t}
	c.symbols[e.Name] = s
	c.info.Symbols[e] = s
	return t
}

// symbolType is a kernel symbol's type: DTrace's function type for a
// function, and for a variable the type the kernel's BTF declares. BTF
// describes a kernel's per-CPU variables, and its other variables only
// when it was built with pahole's global_var feature; a module's
// variables are described by the module's own BTF.
func (k *kernelTypes) symbolType(s KernelSymbol) (Type, error) {
	if s.Func {
		return funcType, nil
	}
	spec, err := k.btf()
	if err == nil && s.Module != "vmlinux" {
		spec, err = k.module(s.Module)
	}
	if err != nil {
		return TypeInvalid, errors.New("Module does not contain any CTF data")
	}
	var v *btf.Var
	if spec.TypeByName(s.Name, &v) != nil {
		return TypeInvalid, errors.New("No type information available for symbol")
	}
	var percpu *btf.Datasec
	if spec.TypeByName(".data..percpu", &percpu) == nil {
		for _, sv := range percpu.Vars {
			if sv.Type == v {
				// Its address is an offset into each CPU's copy, which
				// generated code has no way to find.
				return TypeInvalid, errors.New("per-CPU variables are not supported")
			}
		}
	}
	return k.convert(v.Type), nil
}

// module loads a kernel module's BTF, once.
func (k *kernelTypes) module(name string) (*btf.Spec, error) {
	if s, ok := k.modules[name]; ok {
		return s, nil
	}
	if k.loadModule == nil {
		return nil, errors.New("no module types")
	}
	s, err := k.loadModule(name)
	if err != nil {
		return nil, err
	}
	if k.modules == nil {
		k.modules = map[string]*btf.Spec{}
	}
	k.modules[name] = s
	return s, nil
}

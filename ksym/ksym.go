// Package ksym resolves kernel addresses to symbols, from
// /proc/kallsyms, for func(), sym() and mod() and kernel stacks, and
// kernel symbols to addresses, for D's scoping operator (`jiffies).
//
// The table is read once, when first needed; reading it costs tens of
// milliseconds, which a program that prints no kernel symbol never pays.
package ksym

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"
)

// Symbol is a kernel symbol: where it starts, its name, and the module
// it belongs to ("vmlinux" for the kernel itself, as DTrace on Linux
// names it).
type Symbol struct {
	Addr   uint64
	Name   string
	Module string
	Func   bool // a function (text), not a data object
}

// Table is a sorted kernel symbol table.
type Table struct {
	once   sync.Once
	path   string
	syms   []Symbol // functions, sorted by address
	all    []Symbol // every symbol, in the file's order
	err    error
	byName map[string][]int // indexes into all, built on first Named
}

// New returns a table read lazily from /proc/kallsyms.
func New() *Table { return &Table{path: "/proc/kallsyms"} }

// NewFromFile returns a table read lazily from a kallsyms-format file.
func NewFromFile(path string) *Table { return &Table{path: path} }

func (t *Table) load() error {
	t.once.Do(func() {
		f, err := os.Open(t.path)
		if err != nil {
			t.err = err
			return
		}
		defer f.Close()
		t.all, t.err = parse(f)
		for _, s := range t.all {
			if s.Func {
				t.syms = append(t.syms, s)
			}
		}
		sort.SliceStable(t.syms, func(i, j int) bool { return t.syms[i].Addr < t.syms[j].Addr })
	})
	return t.err
}

// parse reads "address type name [module]" lines. Symbols whose address
// is hidden (kptr_restrict) are left out.
func parse(r io.Reader) ([]Symbol, error) {
	var syms []Symbol
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) < 3 {
			continue
		}
		addr, err := strconv.ParseUint(f[0], 16, 64)
		if err != nil || addr == 0 {
			continue
		}
		mod := "vmlinux"
		if len(f) > 3 {
			mod = strings.Trim(f[3], "[]")
		}
		syms = append(syms, Symbol{Addr: addr, Name: f[2], Module: mod, Func: f[1] == "t" || f[1] == "T"})
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return syms, nil
}

// ErrNoModule and ErrNoSymbol are Named's failures, worded as DTrace
// words them.
var (
	ErrNoModule = errors.New("Unknown module name")
	ErrNoSymbol = errors.New("Unknown symbol name")
)

// Named finds a symbol by name. With module "" it searches the kernel
// and then every loaded module, as DTrace does for `name; otherwise only
// the named module ("vmlinux" for the kernel itself). Where a name is
// defined more than once (static symbols of different files), the first
// in kallsyms order is taken.
func (t *Table) Named(module, name string) (Symbol, error) {
	if err := t.load(); err != nil {
		return Symbol{}, err
	}
	if t.byName == nil {
		t.byName = make(map[string][]int, len(t.all))
		for i, s := range t.all {
			t.byName[s.Name] = append(t.byName[s.Name], i)
		}
	}
	var first *Symbol
	for _, i := range t.byName[name] {
		s := &t.all[i]
		if s.Module == module || module == "" && s.Module == "vmlinux" {
			return *s, nil
		}
		if module == "" && first == nil {
			first = s
		}
	}
	if first != nil {
		return *first, nil
	}
	if module != "" && module != "vmlinux" && !t.hasModule(module) {
		return Symbol{}, ErrNoModule
	}
	return Symbol{}, ErrNoSymbol
}

// hasModule reports whether any symbol belongs to module.
func (t *Table) hasModule(module string) bool {
	for _, s := range t.all {
		if s.Module == module {
			return true
		}
	}
	return false
}

// Lookup finds the symbol containing addr and addr's offset in it.
func (t *Table) Lookup(addr uint64) (Symbol, uint64, bool) {
	if t.load() != nil || len(t.syms) == 0 {
		return Symbol{}, 0, false
	}
	i := sort.Search(len(t.syms), func(i int) bool { return t.syms[i].Addr > addr }) - 1
	if i < 0 {
		return Symbol{}, 0, false
	}
	return t.syms[i], addr - t.syms[i].Addr, true
}

// Func is what func() and sym() print: module`function, or the address
// in hex when no symbol holds it.
func (t *Table) Func(addr uint64) string {
	s, _, ok := t.Lookup(addr)
	if !ok {
		return fmt.Sprintf("0x%x", addr)
	}
	return s.Module + "`" + s.Name
}

// Mod is what mod() prints: the module holding addr.
func (t *Table) Mod(addr uint64) string {
	s, _, ok := t.Lookup(addr)
	if !ok {
		return fmt.Sprintf("0x%x", addr)
	}
	return s.Module
}

// Sym is a frame as a stack prints it: module`function+0xoffset.
func (t *Table) Sym(addr uint64) string {
	s, off, ok := t.Lookup(addr)
	switch {
	case !ok:
		return fmt.Sprintf("0x%x", addr)
	case off == 0:
		return s.Module + "`" + s.Name
	}
	return fmt.Sprintf("%s`%s+0x%x", s.Module, s.Name, off)
}

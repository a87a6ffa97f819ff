package uproc

import (
	"debug/elf"
	"debug/gosym"
	"errors"
	"io"
	"os"
	"sort"
	"sync"
)

// Object is an ELF object a process maps: its function symbols and
// its loadable segments, which relate addresses to file offsets.
type Object struct {
	Type  elf.Type
	Syms  []Sym // by address, one per address (see Read)
	named map[string][]Sym
	progs []elf.ProgHeader
	file  string
	mu    sync.Mutex
	text  map[int][]byte // executable segments' bytes, by index in progs, read when first needed
}

// Sym is a function symbol.
type Sym struct {
	Value, Size uint64
	Name        string
	Global      bool // STB_GLOBAL or STB_WEAK: other objects see it
	// Resolver: a GNU indirect function (STT_GNU_IFUNC), whose symbol
	// is the resolver that picks an implementation once, at binding,
	// not the function called.
	Resolver bool
}

// Read reads the object at path. Of the functions at one address, Syms
// keeps one name, as DTrace keeps one probe per
// address for a glob: a global name before a local one, one without a
// leading underscore before one with, then the shorter; Named finds
// every name.
func Read(path string) (*Object, error) {
	f, err := elf.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	o := &Object{Type: f.Type, named: map[string][]Sym{}, file: path}
	for _, p := range f.Progs {
		if p.Type == elf.PT_LOAD {
			o.progs = append(o.progs, p.ProgHeader)
		}
	}
	static, _ := f.Symbols()
	dynamic, _ := f.DynamicSymbols()
	best := map[uint64]Sym{}
	add := func(s Sym) {
		for _, n := range o.named[s.Name] {
			if n.Value == s.Value {
				return
			}
		}
		o.named[s.Name] = append(o.named[s.Name], s)
		if b, ok := best[s.Value]; !ok || better(s, b) {
			best[s.Value] = s
		}
	}
	for _, s := range append(static, dynamic...) {
		t := elf.ST_TYPE(s.Info)
		if t != elf.STT_FUNC && t != elf.STT_GNU_IFUNC || s.Value == 0 || s.Section == elf.SHN_UNDEF {
			continue
		}
		b := elf.ST_BIND(s.Info)
		add(Sym{Value: s.Value, Size: s.Size, Name: s.Name, Global: b == elf.STB_GLOBAL || b == elf.STB_WEAK,
			Resolver: t == elf.STT_GNU_IFUNC})
	}
	// A Go program built by go test has no static symbol table; one
	// linked with cgo still has dynamic symbols (its C imports), which
	// name none of its own functions.
	if len(static) == 0 {
		for _, s := range goFuncs(f) {
			add(s)
		}
	}
	for _, s := range best {
		o.Syms = append(o.Syms, s)
	}
	sort.Slice(o.Syms, func(i, j int) bool { return o.Syms[i].Value < o.Syms[j].Value })
	return o, nil
}

// better reports whether a is the name to keep for an address rather
// than b.
func better(a, b Sym) bool {
	if a.Global != b.Global {
		return a.Global
	}
	au, bu := len(a.Name) > 0 && a.Name[0] == '_', len(b.Name) > 0 && b.Name[0] == '_'
	if au != bu {
		return !au
	}
	if len(a.Name) != len(b.Name) {
		return len(a.Name) < len(b.Name)
	}
	return a.Name < b.Name
}

// goFuncs reads the functions of a Go program stripped of its ELF symbol
// table, as go test builds them, from the table the Go runtime keeps for
// itself. DTrace knows only ELF symbols and would print addresses.
func goFuncs(f *elf.File) []Sym {
	pcln, text := f.Section(".gopclntab"), f.Section(".text")
	if pcln == nil || text == nil {
		return nil
	}
	data, err := pcln.Data()
	if err != nil {
		return nil
	}
	tab, err := gosym.NewTable(nil, gosym.NewLineTable(data, text.Addr))
	if err != nil {
		return nil
	}
	syms := make([]Sym, 0, len(tab.Funcs))
	for _, fn := range tab.Funcs {
		syms = append(syms, Sym{Value: fn.Entry, Size: fn.End - fn.Entry, Name: fn.Name, Global: true})
	}
	return syms
}

// Named returns the functions of the name (a local name may be in
// several files).
func (o *Object) Named(name string) []Sym { return o.named[name] }

// Vaddr converts an offset in the file to the address the object's
// symbols use.
func (o *Object) Vaddr(off uint64) (uint64, bool) {
	for _, p := range o.progs {
		if off >= p.Off && off < p.Off+p.Filesz {
			return p.Vaddr + off - p.Off, true
		}
	}
	return 0, false
}

// FileOffset converts a symbol's address to its offset in the file,
// where a uprobe is placed: only in an executable segment.
func (o *Object) FileOffset(vaddr uint64) (uint64, bool) {
	for _, p := range o.progs {
		if p.Flags&elf.PF_X != 0 && vaddr >= p.Vaddr && vaddr < p.Vaddr+p.Filesz {
			return vaddr - p.Vaddr + p.Off, true
		}
	}
	return 0, false
}

// Find returns the function holding vaddr: the one that starts at or
// below it and is long enough to reach it.
func (o *Object) Find(vaddr uint64) (Sym, bool) {
	i := sort.Search(len(o.Syms), func(i int) bool { return o.Syms[i].Value > vaddr }) - 1
	if i < 0 {
		return Sym{}, false
	}
	s := o.Syms[i]
	if vaddr < s.Value+s.Size || vaddr == s.Value {
		return s, true
	}
	return Sym{}, false
}

// Code returns the bytes of function s, read from the file (each
// executable segment once: the pid provider reads thousands of
// functions of a library).
func (o *Object) Code(s Sym) ([]byte, error) {
	for i, p := range o.progs {
		if p.Flags&elf.PF_X == 0 || s.Value < p.Vaddr || s.Value >= p.Vaddr+p.Filesz {
			continue
		}
		seg, err := o.segment(i)
		if err != nil {
			return nil, err
		}
		start := s.Value - p.Vaddr
		end := min(start+s.Size, uint64(len(seg)))
		return seg[start:end], nil
	}
	return nil, errors.New("the function is not in an executable segment")
}

func (o *Object) segment(i int) ([]byte, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	if b, ok := o.text[i]; ok {
		return b, nil
	}
	f, err := os.Open(o.file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	p := o.progs[i]
	b := make([]byte, p.Filesz)
	if _, err := f.ReadAt(b, int64(p.Off)); err != nil && !errors.Is(err, io.EOF) {
		return nil, err
	}
	if o.text == nil {
		o.text = map[int][]byte{}
	}
	o.text[i] = b
	return b, nil
}

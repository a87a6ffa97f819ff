package dtrace

import (
	"bufio"
	"debug/elf"
	"debug/gosym"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/ksym"
	"github.com/godtrace/godtrace/spec"
)

// stackDatum turns a recorded stack into the one DTrace would have
// recorded. A kernel stack may start with the frames of the tracing
// machinery (the BPF programs and the kernel code that ran them, see
// compile's stackSlack): they are dropped, so that the first frame is
// where the probe fired, and the frames asked for are kept.
func (h *Handle) stackDatum(it spec.Item, d format.Datum) format.Datum {
	if d.Kind != format.Stack || d.User {
		return d
	}
	pcs := d.PCs
	for len(pcs) > 0 && pcs[0] != 0 && h.plumbing(pcs[0]) {
		pcs = pcs[1:]
	}
	kept := make([]uint64, it.Frames)
	copy(kept, pcs)
	return format.KernelStack(kept)
}

// plumbing reports whether a kernel address lies in the tracing
// machinery (ksym.Plumbing).
func (h *Handle) plumbing(pc uint64) bool {
	s, _, ok := h.kernelSyms().Lookup(pc)
	return ok && ksym.Plumbing(s)
}

// userSym resolves an address in process pid for ustack(): the
// function holding it and the base name of the object it is in, or the
// object alone, from the process's mappings and the objects' ELF symbol
// tables. A process that has exited can no longer be read, and its
// addresses print in hex, as in DTrace.
func (h *Handle) userSym(pid, addr uint64) (format.Symbol, bool) {
	if h.procs == nil {
		h.procs = &procSyms{procs: map[uint64][]mapping{}, objs: map[string]*elfSyms{}}
	}
	return h.procs.lookup(pid, addr)
}

// procSyms caches the mappings of the processes seen and the symbol
// tables of their objects, as libdtrace keeps the processes it grabs.
type procSyms struct {
	procs map[uint64][]mapping // nil when the process could not be read
	objs  map[string]*elfSyms  // nil when the object could not be read
}

// mapping is one file-backed line of /proc/PID/maps.
type mapping struct {
	start, end, off uint64
	path            string
}

func (p *procSyms) lookup(pid, addr uint64) (format.Symbol, bool) {
	maps, ok := p.procs[pid]
	if !ok {
		maps = readMaps(pid)
		p.procs[pid] = maps
	}
	i := sort.Search(len(maps), func(i int) bool { return maps[i].end > addr })
	if i == len(maps) || addr < maps[i].start {
		return format.Symbol{}, false
	}
	m := maps[i]
	obj := p.object(pid, m)
	sym := format.Symbol{Module: filepath.Base(m.path)}
	if obj == nil {
		return sym, true
	}
	vaddr, ok := obj.vaddr(m.off + (addr - m.start))
	if !ok {
		return sym, true
	}
	if s, ok := obj.find(vaddr); ok {
		sym.Name, sym.Addr = s.name, addr-(vaddr-s.value)
	}
	return sym, true
}

// object returns the symbols of the file m maps, read by its path or,
// when that is gone or not the same file, through the process.
func (p *procSyms) object(pid uint64, m mapping) *elfSyms {
	if o, ok := p.objs[m.path]; ok {
		return o
	}
	o, err := readELFSyms(m.path)
	if err != nil {
		o, _ = readELFSyms(fmt.Sprintf("/proc/%d/map_files/%x-%x", pid, m.start, m.end))
	}
	p.objs[m.path] = o
	return o
}

// readMaps reads the file-backed mappings of a process, sorted by
// address.
func readMaps(pid uint64) []mapping {
	f, err := os.Open(fmt.Sprintf("/proc/%d/maps", pid))
	if err != nil {
		return nil
	}
	defer f.Close()
	var out []mapping
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		// start-end perms offset dev inode path
		fields := strings.Fields(sc.Text())
		if len(fields) < 6 || !strings.HasPrefix(fields[5], "/") {
			continue
		}
		start, end, ok := strings.Cut(fields[0], "-")
		if !ok {
			continue
		}
		var m mapping
		var err1, err2, err3 error
		m.start, err1 = strconv.ParseUint(start, 16, 64)
		m.end, err2 = strconv.ParseUint(end, 16, 64)
		m.off, err3 = strconv.ParseUint(fields[2], 16, 64)
		if err1 != nil || err2 != nil || err3 != nil {
			continue
		}
		m.path = strings.Join(fields[5:], " ")
		out = append(out, m)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].start < out[j].start })
	return out
}

// elfSyms is an object's function symbols and loadable segments.
type elfSyms struct {
	syms  []elfSym // by address
	progs []elf.ProgHeader
}

type elfSym struct {
	value, size uint64
	name        string
}

func readELFSyms(path string) (*elfSyms, error) {
	f, err := elf.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	o := &elfSyms{}
	for _, p := range f.Progs {
		if p.Type == elf.PT_LOAD {
			o.progs = append(o.progs, p.ProgHeader)
		}
	}
	static, _ := f.Symbols()
	dynamic, _ := f.DynamicSymbols()
	seen := map[uint64]bool{}
	for _, s := range append(static, dynamic...) {
		t := elf.ST_TYPE(s.Info)
		if (t != elf.STT_FUNC && t != elf.STT_GNU_IFUNC) || s.Value == 0 || seen[s.Value] {
			continue
		}
		seen[s.Value] = true
		o.syms = append(o.syms, elfSym{value: s.Value, size: s.Size, name: s.Name})
	}
	// A Go program built by go test has no static symbol table; one
	// linked with cgo still has dynamic symbols (its C imports), which
	// name none of its own functions.
	if len(static) == 0 {
		for _, s := range goFuncs(f) {
			if !seen[s.value] {
				o.syms = append(o.syms, s)
			}
		}
	}
	sort.Slice(o.syms, func(i, j int) bool { return o.syms[i].value < o.syms[j].value })
	return o, nil
}

// goFuncs reads the functions of a Go program stripped of its ELF symbol
// table, as go test builds them, from the table the Go runtime keeps for
// itself. DTrace knows only ELF symbols and would print addresses.
func goFuncs(f *elf.File) []elfSym {
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
	syms := make([]elfSym, 0, len(tab.Funcs))
	for _, fn := range tab.Funcs {
		syms = append(syms, elfSym{value: fn.Entry, size: fn.End - fn.Entry, name: fn.Name})
	}
	return syms
}

// vaddr converts an offset in the file to the address the object's
// symbols use.
func (o *elfSyms) vaddr(off uint64) (uint64, bool) {
	for _, p := range o.progs {
		if off >= p.Off && off < p.Off+p.Filesz {
			return p.Vaddr + off - p.Off, true
		}
	}
	return 0, false
}

// find returns the function holding vaddr: the one that starts at or
// below it and is long enough to reach it.
func (o *elfSyms) find(vaddr uint64) (elfSym, bool) {
	i := sort.Search(len(o.syms), func(i int) bool { return o.syms[i].value > vaddr }) - 1
	if i < 0 {
		return elfSym{}, false
	}
	s := o.syms[i]
	if vaddr < s.value+s.size || vaddr == s.value {
		return s, true
	}
	return elfSym{}, false
}

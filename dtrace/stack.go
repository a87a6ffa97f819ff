package dtrace

import (
	"fmt"
	"path/filepath"

	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/ksym"
	"github.com/godtrace/godtrace/spec"
	"github.com/godtrace/godtrace/uproc"
)

// stackDatum turns a recorded stack into the one DTrace would have
// recorded. A kernel stack may start with the frames of the tracing
// machinery (the BPF programs and the kernel code that ran them, see
// compile's stackSlack): they are dropped, so that the first frame is
// where the probe fired, and the frames asked for are kept.
func (s *symbolizer) stackDatum(it spec.Item, d format.Datum) format.Datum {
	if d.Kind != format.Stack || d.User {
		return d
	}
	pcs := d.PCs
	for len(pcs) > 0 && pcs[0] != 0 && s.plumbing(pcs[0]) {
		pcs = pcs[1:]
	}
	kept := make([]uint64, it.Frames)
	copy(kept, pcs)
	return format.KernelStack(kept)
}

// plumbing reports whether a kernel address lies in the tracing
// machinery (ksym.Plumbing).
func (s *symbolizer) plumbing(pc uint64) bool {
	k, _, ok := s.kernel().Lookup(pc)
	return ok && ksym.Plumbing(k)
}

// userSym resolves an address in process pid for ustack(): the
// function holding it and the base name of the object it is in, or the
// object alone, from the process's mappings and the objects' ELF symbol
// tables. A process that has exited can no longer be read, and its
// addresses print in hex, as in DTrace.
func (s *symbolizer) userSym(pid, addr uint64) (format.Symbol, bool) {
	return s.userSyms().lookup(pid, addr)
}

// keepMaps reads a target process's mappings now, as libdtrace keeps
// those of the processes it grabs: its stacks then name its functions
// even once it has exited (a -c command often has by the time they are
// printed). A -c process is stopped with its libraries mapped.
func (s *symbolizer) keepMaps(pid int) {
	if maps, err := uproc.Maps(pid); err == nil {
		s.userSyms().procs[uint64(pid)] = maps
	}
}

// userSyms is the cache of processes and objects, made when first
// needed.
func (s *symbolizer) userSyms() *procSyms {
	if s.procs == nil {
		s.procs = &procSyms{procs: map[uint64][]uproc.Mapping{}, objs: map[string]*uproc.Object{}}
	}
	return s.procs
}

// procSyms caches the mappings of the processes seen and the symbol
// tables of their objects, as libdtrace keeps the processes it grabs.
type procSyms struct {
	procs map[uint64][]uproc.Mapping // nil when the process could not be read
	objs  map[string]*uproc.Object   // nil when the object could not be read
}

func (p *procSyms) lookup(pid, addr uint64) (format.Symbol, bool) {
	maps, ok := p.procs[pid]
	if !ok {
		maps, _ = uproc.Maps(int(pid))
		p.procs[pid] = maps
	}
	m, ok := uproc.Find(maps, addr)
	if !ok {
		return format.Symbol{}, false
	}
	obj := p.object(pid, m)
	sym := format.Symbol{Module: filepath.Base(m.Path)}
	if obj == nil {
		return sym, true
	}
	vaddr, ok := obj.Vaddr(m.Off + (addr - m.Start))
	if !ok {
		return sym, true
	}
	if s, ok := obj.Find(vaddr); ok {
		sym.Name, sym.Addr = s.Name, addr-(vaddr-s.Value)
	}
	return sym, true
}

// objectAt names the object process pid maps at addr, and the offset of
// addr in that mapping, for the noresolve option.
func (p *procSyms) objectAt(pid, addr uint64) (string, uint64, bool) {
	maps, ok := p.procs[pid]
	if !ok {
		maps, _ = uproc.Maps(int(pid))
		p.procs[pid] = maps
	}
	m, ok := uproc.Find(maps, addr)
	if !ok {
		return "", 0, false
	}
	return filepath.Base(m.Path), addr - m.Start, true
}

// object returns the symbols of the file m maps, read by its path or,
// when that is gone or not the same file, through the process.
func (p *procSyms) object(pid uint64, m uproc.Mapping) *uproc.Object {
	if o, ok := p.objs[m.Path]; ok {
		return o
	}
	o, err := uproc.Read(m.Path)
	if err != nil {
		o, _ = uproc.Read(fmt.Sprintf("/proc/%d/map_files/%x-%x", pid, m.Start, m.End))
	}
	p.objs[m.Path] = o
	return o
}

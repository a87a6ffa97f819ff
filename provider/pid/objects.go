package pid

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"

	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/uproc"
)

// object is an ELF object the process maps executable: its executable
// or a shared library.
type object struct {
	path   string // as the process maps it
	file   string // where this process opens it (uproc.FileIn)
	module string // the probes' module: the path's base name
	exe    bool   // the process's executable: module a.out too
	elf    *uproc.Object
}

// fn is a function of an object: a symbol with code to trace.
type fn struct {
	name        string
	value, size uint64
}

// objects reads the objects the process maps, once: a process created
// by dtrace -c is stopped once its libraries are mapped, and one
// grabbed by -p has them already. (A library it opens later with
// dlopen has no probes.)
func (pv *Provider) objects() ([]*object, error) {
	pv.mu.Lock()
	defer pv.mu.Unlock()
	if pv.objs == nil && pv.objsErr == nil {
		pv.objs, pv.objsErr = readObjects(pv.pid)
	}
	return pv.objs, pv.objsErr
}

func readObjects(pid int) ([]*object, error) {
	maps, err := uproc.Maps(pid)
	if err != nil {
		return nil, fmt.Errorf("failed to grab process %d: %w", pid, err)
	}
	exe, _ := os.Readlink(fmt.Sprintf("/proc/%d/exe", pid))
	var objs []*object
	byPath := map[string]*object{}
	// An object has probes if some mapping of it is executable.
	for _, m := range maps {
		if !m.Exec || byPath[m.Path] != nil {
			continue
		}
		file := uproc.FileIn(pid, m)
		e, err := uproc.Read(file)
		if err != nil {
			continue // not ELF (a mapped data file run as code is no object)
		}
		o := &object{path: m.Path, file: file, module: filepath.Base(m.Path), exe: m.Path == exe, elf: e}
		byPath[m.Path] = o
		objs = append(objs, o)
	}
	// The executable first, then the libraries in the order they are
	// mapped, as DTrace lists them.
	sort.SliceStable(objs, func(i, j int) bool { return objs[i].exe && !objs[j].exe })
	return objs, nil
}

// functions returns the object's functions that match pattern (all,
// for ""): a name's, or each traceable function once (one name per
// address, see uproc.Read) for a glob.
func (o *object) functions(pattern string) []fn {
	if pattern != "" && !provider.IsGlob(pattern) {
		for _, s := range o.elf.Named(pattern) {
			if traceable(s) {
				return []fn{{name: o.canonical(s), value: s.Value, size: s.Size}}
			}
		}
		return nil
	}
	var out []fn
	for _, s := range o.elf.Syms {
		if traceable(s) && (pattern == "" || provider.Glob(pattern, s.Name)) {
			out = append(out, fn{name: s.Name, value: s.Value, size: s.Size})
		}
	}
	return out
}

// canonical returns the name DTrace keeps for the function at s's
// address (see uproc.Read): go for a weak alias _go.
func (o *object) canonical(s uproc.Sym) string {
	if c, ok := o.elf.Find(s.Value); ok && c.Value == s.Value {
		return c.Name
	}
	return s.Name
}

// traceable says whether a symbol has code a probe can be put in: a
// function with a size (not a marker), in an executable segment, and
// not the resolver of an indirect function (which runs once, when the
// function is bound).
func traceable(s uproc.Sym) bool { return s.Size > 0 && !s.Resolver }

// fileOffset is where in the object's file the instruction at off in f
// is: where its uprobe goes.
func (o *object) fileOffset(f fn, off uint64) (uint64, error) {
	at, ok := o.elf.FileOffset(f.value + off)
	if !ok {
		return 0, fmt.Errorf("%s: %s is not in an executable segment", o.module, f.name)
	}
	return at, nil
}

// code returns f's instructions.
func (o *object) code(f fn) ([]byte, error) {
	return o.elf.Code(uproc.Sym{Name: f.name, Value: f.value, Size: f.size})
}

// checkOffset checks that off is the offset of an instruction of f.
func (o *object) checkOffset(f fn, off uint64) error {
	if off >= f.size {
		return provider.NewDescError(tag.ProcOff, off, f.name)
	}
	code, err := o.code(f)
	if err != nil {
		return err
	}
	starts, err := instructions(code)
	if err != nil {
		return err
	}
	i := sort.Search(len(starts), func(i int) bool { return starts[i] >= off })
	if i == len(starts) || starts[i] != off {
		return fmt.Errorf("offset %#x is not on an instruction boundary", off)
	}
	if !probeable(code[off:]) {
		return fmt.Errorf("the instruction at offset %#x cannot be probed (a lock or segment prefix)", off)
	}
	return nil
}

// offsets returns the offsets of f's instructions whose names (the
// offset in hex) match pattern ("" for all) and that can be probed.
// A function that cannot be decoded has none.
func (o *object) offsets(f fn, pattern string) []uint64 {
	code, err := o.code(f)
	if err != nil {
		return nil
	}
	starts, err := instructions(code)
	if err != nil {
		return nil
	}
	var out []uint64
	for _, at := range starts {
		if pattern != "" && !provider.Glob(pattern, strconv.FormatUint(at, 16)) {
			continue
		}
		if probeable(code[at:]) {
			out = append(out, at)
		}
	}
	return out
}

// probeableAt reports whether a uprobe can be put on the instruction
// at off in f.
func (o *object) probeableAt(f fn, off uint64) bool {
	code, err := o.code(f)
	return err == nil && off < uint64(len(code)) && probeable(code[off:])
}

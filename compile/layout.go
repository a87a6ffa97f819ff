package compile

import (
	"fmt"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/lang/check"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/spec"
)

// Scratch layout (per-CPU): the probe's arguments, clause-local
// variables (shared by all clauses of one firing, as DTrace's this->),
// the record being built, and the temporaries of the running clause.
const (
	scratchArgs      = 0   // arg0..arg9; 80..95 unused
	scratchTimestamp = 96  // the firing's timestamp, 0 until first read
	scratchLocals    = 120 // first this-> variable; before it, shared.go's slots
	stagingSize      = 8192
	tempsSize        = 8192
	maxScratchSize   = 32 << 10 // the kernel's limit on per-CPU values
	commLen          = 16       // the kernel's task comm (execname), NUL included
)

type layout struct {
	globalsSize int
	staging     int // scratch offset of the record being built
	temps       int // scratch offset of the temporaries
	tempsEnd    int
	scratchSize int
	zero        int // rodata offset of a zero block
	zeroSize    int
	areas       map[string]int // scratch offsets of the areas extend added
}

// Names of the scratch areas that code generation adds with extend.
const (
	areaAlloca = "alloca()" // alloca()'s memory
	areaStrtok = "strtok()" // strtok()'s saved state
	areaError  = "ERROR"    // a trampoline's arguments while ERROR runs
)

// extend returns the scratch offset of the named area, adding size bytes
// after the scratch planned so far the first time it is asked for. The
// areas a program needs are found only while generating its code, in any
// order and any mix; compile() checks the total against the kernel's
// limit once code generation is done.
func (l *layout) extend(name string, size int) int {
	if off, ok := l.areas[name]; ok {
		return off
	}
	if l.areas == nil {
		l.areas = map[string]int{}
	}
	off := roundUp(l.scratchSize, 8)
	l.scratchSize = off + size
	l.areas[name] = off
	return off
}

// varLoc is where a variable lives: an offset in the globals map or in
// scratch, or a map of its own for dynamic variables.
type varLoc struct {
	off     int // globals or scratch offset
	mapName string
	keySize int
	keys    []spec.Item // key tuple layout (after the thread key for self->)
	valSize int
}

// plan assigns every variable and aggregation its storage.
func (c *compiler) plan() {
	l := &c.layout
	off := spec.GlobalVars
	for _, v := range c.info.Globals {
		if v.IsAssoc() {
			c.dynVar(v, fmt.Sprintf("assoc_%s", v.Name), 0)
			continue
		}
		size := valueSize(v.Type)
		off = roundUp(off, 8)
		c.vars[v] = varLoc{off: off, valSize: size}
		off += roundUp(size, 8)
	}
	l.globalsSize = roundUp(off, 8)
	for _, v := range c.info.ThreadLocals {
		c.dynVar(v, fmt.Sprintf("self_%s", v.Name), 8)
	}
	soff := scratchLocals
	for _, v := range c.info.ClauseLocals {
		c.vars[v] = varLoc{off: soff, valSize: valueSize(v.Type)}
		soff += roundUp(valueSize(v.Type), 8)
	}
	l.staging = soff
	l.temps = l.staging + stagingSize
	l.tempsEnd = l.temps + tempsSize
	l.scratchSize = l.tempsEnd
	for _, a := range c.info.Aggs {
		c.aggs = append(c.aggs, c.planAgg(a))
	}
	zs := roundUp(c.cfg.StrSize+1, 8)
	for _, a := range c.aggs {
		zs = max(zs, a.ValueSize)
	}
	l.zero = c.alloc(make([]byte, zs))
	l.zeroSize = zs
}

// dynVar places a dynamic variable (self-> or associative array) in a
// hash map of its own, keyed by the thread (threadKey bytes) and the key
// tuple.
func (c *compiler) dynVar(v *check.Var, name string, threadKey int) {
	keys, size := keyLayout(threadKey, v.Keys, c.cfg.StrSize)
	if size == 0 {
		size = 8
	}
	c.vars[v] = varLoc{mapName: name, keySize: size, keys: keys, valSize: valueSize(v.Type)}
}

// keyLayout lays out a key tuple after start bytes: integers take 8
// bytes, strings their bound and structs their size, rounded to 8.
func keyLayout(start int, types []check.Type, strsize int) ([]spec.Item, int) {
	off := start
	var items []spec.Item
	for _, t := range types {
		// An integer occupies an 8-byte slot (it is stored normalized),
		// but is described by its type's size, which is how DTrace
		// records and prints it.
		it := intItem(off, t, strsize)
		slot := 8
		switch t.Kind {
		case check.String:
			it.String, it.Size, it.StrSize = true, roundUp(t.Size, 8), strsize
			slot = it.Size
		case check.Struct:
			// A struct or union is its bytes, the slot's rest zero.
			it.Bytes, it.Size, it.Signed = true, t.Def.Size, false
			slot = roundUp(it.Size, 8)
		}
		items = append(items, it)
		off += slot
	}
	return items, off
}

// intItem describes an integer at off; a symbol address also carries the
// string size it prints as.
func intItem(off int, t check.Type, strsize int) spec.Item {
	it := spec.Item{Off: off, Size: t.Size, Signed: t.Signed, TypeName: t.Name, Sym: symKind(t)}
	if it.Sym != "" {
		it.StrSize = strsize
	}
	return it
}

// symKind says how an integer of type t prints: as a kernel symbol or
// module for the types of func(), sym() and mod(), else as a number.
func symKind(t check.Type) string {
	switch t.Name {
	case check.TypeSymaddr.Name:
		return "func"
	case check.TypeModaddr.Name:
		return "mod"
	}
	return ""
}

func valueSize(t check.Type) int {
	if t.Kind == check.String || isAggregate(t) {
		return roundUp(t.Size, 8)
	}
	return 8
}

func (c *compiler) planAgg(a *check.Agg) *spec.Aggregation {
	keys, ksize := keyLayout(0, a.Keys, c.cfg.StrSize)
	keys, ksize = c.stackKeyItems(a, keys, ksize)
	keys, ksize = c.userSymKeyItems(a, keys, ksize)
	sa := &spec.Aggregation{ID: a.ID, Name: a.Name, Func: a.Func, Map: fmt.Sprintf("agg_%d", a.ID),
		Keys: keys, KeySize: ksize}
	if a.Func == abi.AggLquantize {
		sa.Base, sa.Step, sa.Levels = a.Base, a.Step, (a.Limit-a.Base)/a.Step
	}
	sa.Factor, sa.Low, sa.High, sa.Nsteps = a.Factor, a.Low, a.High, a.Nsteps
	if a.Func == abi.AggLlquantize {
		sa.NBuckets, sa.Bounds = llquantizeBounds(sa)
	}
	// Slot 0 counts the values aggregated on a CPU, so that the consumer
	// merges only CPUs that saw the key (the kernel zero-fills the others).
	slots := 1
	switch sa.Func {
	case abi.AggSum, abi.AggAvg, abi.AggMin, abi.AggMax:
		slots = 2
	case abi.AggStddev:
		slots = 4
	case abi.AggQuantize, abi.AggLquantize, abi.AggLlquantize:
		slots = 1 + sa.Buckets()
	}
	sa.ValueSize = 8 * slots
	return sa
}

// alloc appends b to rodata, 8-byte aligned, and returns its offset.
func (c *compiler) alloc(b []byte) int {
	off := len(c.rodata)
	c.rodata = append(c.rodata, b...)
	for len(c.rodata)%8 != 0 {
		c.rodata = append(c.rodata, 0)
	}
	return off
}

// literal returns the rodata offset of string s in a NUL-padded buffer
// of at least size bytes.
func (c *compiler) literal(s string, size int) int {
	size = roundUp(max(size, len(s)+1), 8)
	k := fmt.Sprintf("%d:%s", size, s)
	if off, ok := c.strs[k]; ok {
		return off
	}
	b := make([]byte, size)
	copy(b, s)
	off := c.alloc(b)
	c.strs[k] = off
	return off
}

// maps returns the specs of every map the program uses.
func (c *compiler) maps() map[string]*ebpf.MapSpec {
	m := map[string]*ebpf.MapSpec{
		spec.MapBuffer: {Name: spec.MapBuffer, Type: ebpf.RingBuf, MaxEntries: uint32(c.ringSize())},
		spec.MapGlobals: {Name: spec.MapGlobals, Type: ebpf.Array, KeySize: 4, ValueSize: uint32(c.layout.globalsSize), MaxEntries: 1,
			Flags: bpfMmapable},
		spec.MapScratch: {Name: spec.MapScratch, Type: ebpf.PerCPUArray, KeySize: 4, ValueSize: uint32(c.layout.scratchSize), MaxEntries: 1},
		spec.MapDrops: {Name: spec.MapDrops, Type: ebpf.Array, KeySize: 4, ValueSize: spec.DropsSize, MaxEntries: uint32(c.ncpu),
			Flags: bpfMmapable},
		spec.MapRodata: {Name: spec.MapRodata, Type: ebpf.Array, KeySize: 4, ValueSize: uint32(len(c.rodata)), MaxEntries: 1,
			Flags: bpfRdonlyProg, Contents: []ebpf.MapKV{{Key: uint32(0), Value: c.rodata}}},
	}
	for _, loc := range c.vars {
		if loc.mapName == "" {
			continue
		}
		entries := min(c.cfg.DynVarSize/(loc.keySize+loc.valSize+64), maxDynVars)
		m[loc.mapName] = &ebpf.MapSpec{Name: mapName(loc.mapName), Type: ebpf.Hash, KeySize: uint32(loc.keySize),
			ValueSize: uint32(loc.valSize), MaxEntries: uint32(max(entries, 16))}
	}
	for _, a := range c.aggs {
		ms := &ebpf.MapSpec{Name: mapName(a.Map), KeySize: uint32(a.KeySize), ValueSize: uint32(a.ValueSize)}
		if a.KeySize == 0 {
			ms.Type, ms.KeySize, ms.MaxEntries = ebpf.PerCPUArray, 4, 1
		} else {
			// Not preallocated: a preallocated per-CPU hash makes one
			// per-CPU allocation per element at creation, which took
			// ~800 ms for the default aggsize here. Tracing programs
			// may use such maps since Linux 6.1 (bpf_mem_alloc); older
			// kernels will need a smaller preallocated map.
			ms.Type, ms.Flags = ebpf.PerCPUHash, bpfNoPrealloc
			ms.MaxEntries = uint32(min(max(c.cfg.AggSize/(a.KeySize+a.ValueSize), 64), 1<<20))
		}
		m[a.Map] = ms
	}
	c.specMap(m)
	c.chillSpec(m)
	c.sharedMaps(m)
	return m
}

// bpfRdonlyProg is BPF_F_RDONLY_PROG: programs may only read the map,
// which lets the verifier treat its contents as constants.
const bpfRdonlyProg = 1 << 7

// bpfMmapable is BPF_F_MMAPABLE: the consumer maps the globals so that it
// can read and write one word of them without rewriting the others.
const bpfMmapable = 1 << 10

// bpfNoPrealloc is BPF_F_NO_PREALLOC.
const bpfNoPrealloc = 1

// mapName shortens a map name to what the kernel accepts (15 bytes).
func mapName(s string) string {
	if len(s) > 15 {
		return s[:15]
	}
	return s
}

// maxRing and maxDynVars bound the ring buffer and the elements of a
// dynamic variables' map whatever the configuration asks: the ring's
// size is a 32-bit power of two, and both are allocated as the program
// loads. dtrace lowers larger bufsize and dynvarsize options to less
// than these (resize.go in package dtrace).
const (
	maxRing    = 1 << 30
	maxDynVars = 1 << 24
)

func pow2(n int) int {
	p := 4096
	for p < n {
		p <<= 1
	}
	return p
}

// trampoline builds the program that fires for probe p: it loads the
// scratch area, checks the tracing state, captures the probe arguments,
// and calls each clause function in program order.
// maxInlineClause is the most instructions a clause run inline may
// have: the trampoline jumps past it to its end, and a jump's offset is
// a signed 16-bit count of instructions (an lddw counts twice), so some
// room is kept for the trampoline itself.
const maxInlineClause = 30000

// rawLen is the length of insns in 8-byte instruction slots, as jump
// offsets count them.
func rawLen(insns asm.Instructions) int {
	n := 0
	for _, ins := range insns {
		n += int(ins.Size()) / asm.InstructionSize
	}
	return n
}

func (c *compiler) trampoline(p *provider.Probe, funcs []*gen) (*spec.ProbeProgram, error) {
	g := &gen{c: c, probe: p}
	name := fmt.Sprintf("probe_%d", p.ID)
	out := g.newLabel()
	g.pending = name
	// Every function needs line info once any instruction has it.
	g.src = asm.Comment(fmt.Sprintf("trampoline for %s:%s:%s:%s", p.Provider, p.Module, p.Function, p.Name))
	// A single clause that cannot fire ERROR runs inline: its code
	// follows the trampoline's, and its return ends the program, which
	// saves the call and the return through the trampoline on every
	// firing. Its own return serves as the trampoline's way out, which
	// a jump must reach: a clause longer than a jump's 16-bit offset
	// allows is called instead.
	inline := len(funcs) == 1 && !c.firesError(p, funcs[0]) && rawLen(funcs[0].insns) < maxInlineClause
	if inline {
		out = funcs[0].ret
	}
	args, time := c.firingNeeds(p, funcs)
	// Loads that only fill the argument slots are skipped when no clause
	// reads them; those that may end the program (a probe that does not
	// fire although its event did) are its predicate, and always run.
	load := p.Owner().LoadArgs(p)
	loads := args || endsProgram(load)
	// A firing that needs no scratch area (`@ = count();`) is spared
	// the lookup that finds it, the costliest part of a trampoline.
	scratch := args || time || loads || c.clausesUseScratch(p, funcs)
	g.trampolineEntry(out, scratch)
	if args {
		for i := range provider.NArgs {
			g.emit(storeImm64(regScratch, int16(scratchArgs+8*i), 0))
		}
	}
	if time {
		g.emit(storeImm64(regScratch, scratchTimestamp, 0))
	}
	if loads {
		g.emit(asm.Mov.Reg(asm.R9, regScratch))
		g.emit(load...)
	}
	var ecbs []uint32
	for i, f := range funcs {
		if i > 0 && c.mayExit(p, funcs[i-1]) {
			g.activityCheck(out)
		}
		g.emit(asm.Mov.Reg(asm.R1, regCtx))
		if scratch {
			g.emit(asm.Mov.Reg(asm.R2, regScratch))
		} else {
			g.emit(asm.Mov.Imm(asm.R2, 0)) // the prologue copies it
		}
		ecbs = append(ecbs, f.ecb.EPID)
		if inline {
			break
		}
		g.emit(asm.Call.Label(clauseName(f.ecb)))
		g.fireError(f)
	}
	if !inline {
		g.mark(out)
		g.emit(asm.Mov.Imm(asm.R0, 0), asm.Return())
	}
	pt, at := p.Owner().ProgramType(p)
	ps := &ebpf.ProgramSpec{Name: mapName(name), Type: pt, AttachType: at, License: "GPL", Instructions: c.link(p, g, funcs)}
	if t, ok := p.Owner().(provider.Targeted); ok {
		ps.AttachTo = t.AttachTo(p)
	}
	return &spec.ProbeProgram{Probe: probeName(p), Program: ps, EPIDs: ecbs}, nil
}

// link returns the instructions of the program whose trampoline, for
// probe p, g generated: the trampoline, the clause functions funcs it
// calls (or runs inline, the first), then ERROR's clause functions if
// one of funcs fires ERROR, with BTF function descriptions if needed.
func (c *compiler) link(p *provider.Probe, g *gen, funcs []*gen) asm.Instructions {
	insns := g.insns
	for _, f := range funcs {
		insns = append(insns, f.insns...)
	}
	return withFuncInfo(c.withErrorFuncs(p, funcs, insns))
}

// trampolineEntry starts a trampoline: keep the context, go to out if
// the firing is on a CPU the cpu option excludes, find the CPU's scratch
// if the firing needs it, and go to out unless the tracing state lets the
// probe fire.
func (g *gen) trampolineEntry(out string, scratch bool) {
	g.emit(asm.Mov.Reg(regCtx, asm.R1))
	if g.c.cfg.OneCPU {
		// -x cpu: a firing on another CPU is no firing, as in
		// Oracle's trampoline prologue.
		g.emit(
			asm.FnGetSmpProcessorId.Call(),
			asm.JNE.Imm(asm.R0, int32(g.c.cfg.CPU), out),
		)
	}
	if !scratch {
		g.activityCheck(out)
		return
	}
	g.emit(
		asm.StoreImm(asm.R10, -4, 0, asm.Word),
		asm.LoadMapPtr(asm.R1, 0).WithReference(spec.MapScratch),
		asm.Mov.Reg(asm.R2, asm.R10),
		asm.Add.Imm(asm.R2, -4),
		asm.FnMapLookupElem.Call(),
		asm.JEq.Imm(asm.R0, 0, out),
		asm.Mov.Reg(regScratch, asm.R0),
	)
	g.activityCheck(out)
}

// firingNeeds reports what the clause functions funcs, run by the
// trampoline of probe p, need it to prepare: argument slots that read 0
// where p has no argument, and a timestamp slot at 0 (see timestamp).
// Most clauses need neither, and skipping the stores is measurable on a
// probe that fires a million times a second. ERROR's clauses get their
// arguments from fireError, but read the firing's timestamp.
func (c *compiler) firingNeeds(p *provider.Probe, funcs []*gen) (args, time bool) {
	for _, f := range funcs {
		args = args || f.readsArgs
		time = time || f.readsTime
		if c.firesError(p, f) {
			for _, e := range c.errorFuncs {
				time = time || e.readsTime
			}
		}
	}
	return args, time
}

// clausesUseScratch reports whether the clause functions funcs, run by
// the trampoline of probe p, use the scratch area: whether one names
// regScratch beyond its prologue (the register is reserved for the
// area, and a subprogram gets the area from it), or may fire ERROR,
// whose clauses get the firing's arguments there.
func (c *compiler) clausesUseScratch(p *provider.Probe, funcs []*gen) bool {
	for _, f := range funcs {
		if c.firesError(p, f) || usesScratch(f.insns) {
			return true
		}
	}
	return false
}

// usesScratch reports whether a clause function's instructions name
// regScratch other than where the prologue copies it from R2.
func usesScratch(insns asm.Instructions) bool {
	prologue := asm.Mov.Reg(regScratch, asm.R2)
	for i, ins := range insns {
		if i == 1 && ins.OpCode == prologue.OpCode && ins.Dst == prologue.Dst && ins.Src == prologue.Src {
			continue
		}
		if ins.Dst == regScratch || ins.Src == regScratch {
			return true
		}
	}
	return false
}

// mayExit reports whether clause function f, run by the trampoline of
// probe p, may call exit(), itself or through the ERROR clauses it
// fires. The trampoline checks the tracing state again after such a
// clause, as exit() stops the clauses after it; after others the check
// the trampoline made on entry still holds.
func (c *compiler) mayExit(p *provider.Probe, f *gen) bool {
	if f.exits {
		return true
	}
	if c.firesError(p, f) {
		for _, e := range c.errorFuncs {
			if e.exits {
				return true
			}
		}
	}
	return false
}

func clauseName(e *spec.ECB) string { return fmt.Sprintf("clause_%d", e.EPID) }

// activityCheck jumps to out unless the tracing state lets p fire:
// BEGIN fires in warmup, END and ERROR always, the rest while active.
func (g *gen) activityCheck(out string) {
	want := spec.Active
	if g.probe.IsDtrace("") {
		switch g.probe.Name {
		case "BEGIN":
			want = spec.Warmup
		default:
			return
		}
	}
	g.emit(
		asm.LoadMapValue(asm.R1, 0, spec.GlobalActivity).WithReference(spec.MapGlobals),
		asm.LoadMem(asm.R1, asm.R1, 0, asm.DWord),
		asm.JNE.Imm(asm.R1, int32(want), out),
	)
}

// endsProgram reports whether insns hold an exit.
func endsProgram(insns asm.Instructions) bool {
	for _, ins := range insns {
		if ins.OpCode.JumpOp() == asm.Exit {
			return true
		}
	}
	return false
}

// declareFilled declares the maps whose contents the loader writes
// (spec.CPUInfoMap, spec.PlumbingMap) if p's programs use them, so that
// the program names every map it is loaded with. Code a provider emits
// (provider/stable's cpuinfo_t arguments) uses cpuinfo too, hence the
// scan of the finished programs rather than a note at each use.
func declareFilled(p *spec.Program) {
	used := map[string]bool{}
	for _, pp := range p.Probes {
		mapRefs(pp.Program.Instructions, used)
	}
	for _, m := range []*ebpf.MapSpec{spec.CPUInfoMap(), spec.PlumbingMap()} {
		if used[m.Name] {
			p.Maps[m.Name] = m
		}
	}
}

package compile

import (
	"encoding/binary"
	"fmt"
	"slices"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/spec"
)

// A shared attachment serves many probes with one program (see
// provider.Shared): `syscall:::entry` is one raw_syscalls program, not
// 360 tracepoint programs. The ECBs stay one per (clause, probe), with
// their own EPIDs, so the consumer sees no difference; what changes is
// the code. Each clause enabled on probes of the group is generated
// once, and what differs between those probes is read at run time from
// scratch, where the trampoline puts it:
//
//	scratchEPID      the ECB's EPID (record headers, faults, epid)
//	scratchProbeID   the probe's ID (id)
//	scratchSelector  the selector, which keys the group's tables
//
// The trampoline looks the selector up in the group's table, an array
// map whose entry for an enabled probe holds its ID, its number of
// arguments, and the EPID of each of the group's clauses (0 where that
// clause does not enable the probe); a selector with no probe enabled
// returns at once. probefunc is read from a second array map of
// function names by selector, made only when a clause uses it.
// probeprov, probemod and probename are the same for every probe of a
// group, which the provider guarantees.
const (
	scratchEPID     = scratchTimestamp + 8
	scratchProbeID  = scratchEPID + 4
	scratchSelector = scratchProbeID + 4
)

// sharedEntry is the layout of a group table's value: probe ID, number
// of arguments, then one EPID per clause of the group.
const (
	sharedProbeID = 0
	sharedNArgs   = 4
	sharedEPIDs   = 8
)

// sharedGroup is a shared attachment a program uses.
type sharedGroup struct {
	prov    provider.Shared
	name    string
	probes  []*provider.Probe // in ID order; the first stands for all in code
	sel     map[*provider.Probe]uint32
	clauses []int                              // clauses enabling a probe of the group
	epids   map[*provider.Probe]map[int]uint32 // probe, clause -> EPID
	index   int                                // names its maps
	// nameSize is the size of the probefunc strings the clauses read,
	// 0 if none does.
	nameSize int
}

func (sg *sharedGroup) tableMap() string { return fmt.Sprintf("shared_%d", sg.index) }
func (sg *sharedGroup) namesMap() string { return fmt.Sprintf("sharedfn_%d", sg.index) }

// sharedGroups finds the shared attachments worth using for the
// enabled probes: those of which at least provider.MinShared probes (or
// the provider's own minimum, provider.Numbered) are
// enabled. It returns each such probe's group.
func (c *compiler) sharedGroups(probes [][]*provider.Probe) map[*provider.Probe]*sharedGroup {
	type key struct {
		prov provider.Shared
		name string
	}
	found := map[key]*sharedGroup{}
	var order []*sharedGroup
	for ci, ps := range probes {
		for _, p := range ps {
			sp, ok := p.Owner().(provider.Shared)
			if !ok {
				continue
			}
			name, sel, ok := sp.Share(p)
			if !ok {
				continue
			}
			k := key{sp, name}
			sg := found[k]
			if sg == nil {
				sg = &sharedGroup{prov: sp, name: name, sel: map[*provider.Probe]uint32{}, epids: map[*provider.Probe]map[int]uint32{}}
				found[k] = sg
				order = append(order, sg)
			}
			if _, seen := sg.sel[p]; !seen {
				sg.sel[p] = sel
				sg.probes = append(sg.probes, p)
				sg.epids[p] = map[int]uint32{}
			}
			if len(sg.clauses) == 0 || sg.clauses[len(sg.clauses)-1] != ci {
				sg.clauses = append(sg.clauses, ci)
			}
		}
	}
	of := map[*provider.Probe]*sharedGroup{}
	for _, sg := range order {
		least := provider.MinShared
		num, numbered := sg.prov.(provider.Numbered)
		if numbered {
			least = num.MinShared(sg.name)
		}
		if len(sg.probes) < least || !sg.prov.SharedUsable(sg.name) {
			continue
		}
		slices.SortFunc(sg.probes, func(a, b *provider.Probe) int { return int(a.ID) - int(b.ID) })
		if numbered {
			for i, p := range sg.probes {
				sg.sel[p] = uint32(i)
			}
		}
		sg.index = len(c.shared)
		c.shared = append(c.shared, sg)
		for _, p := range sg.probes {
			of[p] = sg
		}
	}
	return of
}

// sharedTrampoline is the program of a shared attachment: find the
// firing's probe by its selector, load the arguments, and call each
// clause enabled on that probe with its EPID in scratch. The attachment
// fires for every selector, many of them enabled on no probe
// (every system call of the machine, for `syscall::*read*:entry`), so
// the selector is tested first, before the scratch lookup and the
// tracing state; R8 holds the group table's entry throughout.
func (c *compiler) sharedTrampoline(sg *sharedGroup, funcs []*gen) (*spec.ProbeProgram, error) {
	rep := sg.probes[0]
	g := &gen{c: c, probe: rep}
	name := fmt.Sprintf("shared_%d", sg.index)
	out := g.newLabel()
	g.pending = name
	g.src = asm.Comment(fmt.Sprintf("shared trampoline for %d probes like %s:%s:%s:%s", len(sg.probes), rep.Provider, rep.Module, rep.Function, rep.Name))
	g.emit(asm.Mov.Reg(regCtx, asm.R1))
	g.emit(sg.prov.LoadSelector(sg.name)...)
	// Selectors outside the table (negative ones too, unsigned) have
	// no probe.
	g.emit(
		asm.JGE.Imm(asm.R0, int32(sg.tableSize()), out),
		asm.StoreMem(asm.R10, -8, asm.R0, asm.Word),
		asm.LoadMapPtr(asm.R1, 0).WithReference(sg.tableMap()),
		asm.Mov.Reg(asm.R2, asm.R10),
		asm.Add.Imm(asm.R2, -8),
		asm.FnMapLookupElem.Call(),
		asm.JEq.Imm(asm.R0, 0, out),
		asm.Mov.Reg(asm.R8, asm.R0),
		asm.LoadMem(asm.R1, asm.R8, sharedProbeID, asm.Word),
		asm.JEq.Imm(asm.R1, 0, out),
	)
	if guard := sg.prov.SharedGuard(sg.name); guard != nil {
		g.emit(guard...)
		g.emit(asm.JNE.Imm(asm.R0, 0, out))
	}
	// trampolineEntry takes the context from R1, and its key is at
	// R10-4: the selector waits at R10-8.
	g.emit(asm.Mov.Reg(asm.R1, regCtx))
	g.trampolineEntry(out, true)
	g.emit(
		asm.LoadMem(asm.R1, asm.R10, -8, asm.Word),
		asm.StoreMem(regScratch, scratchSelector, asm.R1, asm.DWord),
		asm.LoadMem(asm.R1, asm.R8, sharedProbeID, asm.Word),
		asm.StoreMem(regScratch, scratchProbeID, asm.R1, asm.Word),
		asm.Mov.Reg(asm.R9, regScratch),
	)
	args, time := c.firingNeeds(rep, funcs)
	if time {
		g.emit(storeImm64(regScratch, scratchTimestamp, 0))
	}
	if args {
		// The loads only read the context, so a program whose clauses
		// read no argument skips them.
		g.emit(sg.prov.LoadSharedArgs(sg.name)...)
		// Arguments the probe does not have read as 0, as with its own
		// attachment; those it has are all loaded (SharedArgCount).
		g.emit(asm.LoadMem(asm.R1, asm.R8, sharedNArgs, asm.Word))
		for i := 0; i < provider.NArgs; i++ {
			keep := g.newLabel()
			g.emit(
				asm.JGT.Imm(asm.R1, int32(i), keep),
				storeImm64(regScratch, int16(scratchArgs+8*i), 0),
			)
			g.mark(keep)
		}
	}
	var ecbs []uint32
	for k, f := range funcs {
		next := g.newLabel()
		if k > 0 && c.mayExit(rep, funcs[k-1]) {
			g.activityCheck(out)
		}
		g.emit(
			asm.LoadMem(asm.R1, asm.R8, int16(sharedEPIDs+4*k), asm.Word),
			asm.JEq.Imm(asm.R1, 0, next),
			asm.StoreMem(regScratch, scratchEPID, asm.R1, asm.Word),
			asm.Mov.Reg(asm.R1, regCtx),
			asm.Mov.Reg(asm.R2, regScratch),
			asm.Call.Label(clauseName(f.ecb)),
		)
		g.fireError(f)
		g.mark(next)
		ecbs = append(ecbs, f.ecb.EPID)
	}
	g.mark(out)
	g.emit(asm.Mov.Imm(asm.R0, 0), asm.Return())
	pt, at := sg.prov.SharedProgramType(sg.name)
	ps := &ebpf.ProgramSpec{Name: mapName(name), Type: pt, AttachType: at, License: "GPL", Instructions: c.link(rep, g, funcs)}
	if at == ebpf.AttachTraceRawTp {
		// A tp_btf program is loaded for its tracepoint, which the
		// group names.
		ps.AttachTo = sg.name
	}
	ids := make([]uint32, len(sg.probes))
	for i, p := range sg.probes {
		ids[i] = p.ID
	}
	return &spec.ProbeProgram{Probe: probeName(rep), Program: ps, EPIDs: ecbs,
		Shared: &spec.SharedAttachment{Group: sg.name, Probes: ids}}, nil
}

// tableSize is the number of entries of the group's tables: one past the
// largest selector.
func (sg *sharedGroup) tableSize() int {
	n := uint32(0)
	for _, s := range sg.sel {
		n = max(n, s+1)
	}
	return int(n)
}

// sharedMaps adds the tables of the shared attachments to m.
func (c *compiler) sharedMaps(m map[string]*ebpf.MapSpec) {
	for _, sg := range c.shared {
		size := sharedEPIDs + 4*len(sg.clauses)
		tab := &ebpf.MapSpec{Name: sg.tableMap(), Type: ebpf.Array, KeySize: 4, ValueSize: uint32(roundUp(size, 8)),
			MaxEntries: uint32(sg.tableSize()), Flags: bpfRdonlyProg}
		var names *ebpf.MapSpec
		if sg.nameSize > 0 {
			names = &ebpf.MapSpec{Name: sg.namesMap(), Type: ebpf.Array, KeySize: 4, ValueSize: uint32(roundUp(sg.nameSize, 8)),
				MaxEntries: uint32(sg.tableSize()), Flags: bpfRdonlyProg}
		}
		for _, p := range sg.probes {
			v := make([]byte, tab.ValueSize)
			binary.NativeEndian.PutUint32(v[sharedProbeID:], p.ID)
			binary.NativeEndian.PutUint32(v[sharedNArgs:], uint32(sg.prov.SharedArgCount(p)))
			for k, ci := range sg.clauses {
				binary.NativeEndian.PutUint32(v[sharedEPIDs+4*k:], sg.epids[p][ci])
			}
			tab.Contents = append(tab.Contents, ebpf.MapKV{Key: sg.sel[p], Value: v})
			if names != nil {
				fn := make([]byte, names.ValueSize)
				copy(fn[:sg.nameSize-1], p.Function)
				names.Contents = append(names.Contents, ebpf.MapKV{Key: sg.sel[p], Value: fn})
			}
		}
		m[sg.tableMap()] = tab
		if names != nil {
			m[sg.namesMap()] = names
		}
	}
}

// sharedEPID loads the running ECB's EPID into r.
func (g *gen) sharedEPID(r asm.Register) {
	g.emit(asm.LoadMem(r, regScratch, scratchEPID, asm.Word))
}

// sharedProbefunc points R0 at the firing probe's function name, size
// bytes with its NUL.
func (g *gen) sharedProbefunc(size int) {
	sg := g.shared
	sg.nameSize = max(sg.nameSize, size)
	found := g.newLabel()
	g.emit(
		asm.LoadMem(asm.R0, regScratch, scratchSelector, asm.DWord),
		asm.StoreMem(asm.R10, stackKey, asm.R0, asm.Word),
		asm.LoadMapPtr(asm.R1, 0).WithReference(sg.namesMap()),
		asm.Mov.Reg(asm.R2, asm.R10),
		asm.Add.Imm(asm.R2, stackKey),
		asm.FnMapLookupElem.Call(),
		asm.JNE.Imm(asm.R0, 0, found),
	)
	// Never taken: the trampoline only runs clauses for selectors in
	// the table. The verifier wants a pointer either way.
	g.stringLit("", size)
	g.mark(found)
}

package pid

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/uproc"
)

// USDT providers are the probes programs define statically (a
// <sys/sdt.h> DTRACE_PROBE, or what dtrace -h writes): PROVIDERPID:
// MODULE:FUNCTION:NAME for each stapsdt note of the objects process PID
// maps, python1234:libpython3.11.so.1.0:_PyEval_EvalFrameDefault:
// function-entry. A note's name writes DTrace's "-" as "__", and its
// arguments as the assembler placed them (usdtargs.go). A probe's
// semaphore, if it has one, is counted by the kernel while the probe
// is enabled (the uprobe's ref_ctr_offset), so that the program's
// is-enabled tests read true exactly while traced.

// USDTFamily is the family of USDT providers: a member per provider
// name and process.
type USDTFamily struct {
	mu      sync.Mutex
	members map[string]*USDT
	support *support
}

// NewUSDTFamily returns the USDT provider family.
func NewUSDTFamily() *USDTFamily {
	return &USDTFamily{members: map[string]*USDT{}, support: &support{}}
}

// Member implements provider.Family: python1234 is process 1234's
// python provider, if an object it maps has python's notes. A name
// that is not one (no such process, or no such notes) is not the
// family's: the description then matches no probes.
func (f *USDTFamily) Member(name string) (provider.Provider, error) {
	prov := strings.TrimRight(name, "0123456789")
	if prov == "" || prov == name || prov == familyName {
		return nil, nil
	}
	pid, err := strconv.Atoi(name[len(prov):])
	if err != nil || pid <= 0 {
		return nil, nil
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if m := f.members[name]; m != nil {
		return m, nil
	}
	objs, err := readObjects(pid)
	if err != nil {
		return nil, nil
	}
	m := &USDT{name: name, pid: pid, support: f.support}
	for _, o := range objs {
		notes, err := uproc.Notes(o.file)
		if err != nil {
			return nil, fmt.Errorf("%s: %s: %w", name, o.module, err)
		}
		if err := m.addNotes(o, notes, prov); err != nil {
			return nil, err
		}
	}
	if len(m.probes) == 0 {
		return nil, nil
	}
	f.members[name] = m
	return m, nil
}

// USDT is one provider's probes in one process, or, with pid 0, in
// every process that runs the objects it was made from (python*:
// those running now and those started later).
type USDT struct {
	name    string
	pid     int
	support *support
	probes  []*usdtProbe
}

// usdtProbe is a USDT probe: its sites, each a note of the same object,
// function and name.
type usdtProbe struct {
	obj            *object
	function, name string
	// provider and noteName are as the notes write them ("python",
	// "gc__start"), as a provider definition names the probe.
	provider, noteName string
	sites              []usdtSite
}

// usdtSite is one of a probe's places in the code.
type usdtSite struct {
	pc, sem uint64 // addresses in the object: the probe's nop, its semaphore
	args    []usdtArg
}

// addNotes adds the sites of the notes of provider prov, of object o.
func (m *USDT) addNotes(o *object, notes []uproc.Note, prov string) error {
	for _, n := range notes {
		if n.Provider != prov {
			continue
		}
		if err := m.add(o, n); err != nil {
			return fmt.Errorf("%s: %s: probe %s: %w", m.name, o.module, n.Name, err)
		}
	}
	return nil
}

// add adds the site of note n in object o to its probe.
func (m *USDT) add(o *object, n uproc.Note) error {
	args, err := parseUSDTArgs(n.Args)
	if err != nil {
		return err
	}
	for i := range args {
		if args[i].sym == "" {
			continue
		}
		v, ok := uproc.SymbolValue(o.file, args[i].sym)
		if !ok {
			return fmt.Errorf("argument %d: no symbol %s", i, args[i].sym)
		}
		// The variable is where it is from the probe's nop, in any
		// process, wherever the object is loaded.
		args[i].symFromPC = int64(v - n.PC)
	}
	function := ""
	if s, ok := o.elf.Find(n.PC); ok {
		function = s.Name
	}
	name := strings.ReplaceAll(n.Name, "__", "-")
	site := usdtSite{pc: n.PC, sem: n.Semaphore, args: args}
	for _, p := range m.probes {
		if p.obj == o && p.function == function && p.name == name {
			p.sites = append(p.sites, site)
			return nil
		}
	}
	m.probes = append(m.probes, &usdtProbe{obj: o, function: function, name: name,
		provider: n.Provider, noteName: n.Name, sites: []usdtSite{site}})
	return nil
}

// Name implements provider.Provider.
func (m *USDT) Name() string { return m.name }

// Provide implements provider.Provider: every probe (the registry
// filters).
func (m *USDT) Provide(provider.Desc) ([]provider.Offer, error) {
	offers := make([]provider.Offer, len(m.probes))
	for i, p := range m.probes {
		offers[i] = provider.Offer{Module: p.obj.module, Function: p.function, Name: p.name, Data: p}
	}
	return offers, nil
}

// MatchModule implements provider.Aliased, as for pid.
func (m *USDT) MatchModule(pattern, module string) bool {
	for _, p := range m.probes {
		if p.obj.module == module && aliases(pattern, p.obj) {
			return true
		}
	}
	return false
}

// Attributes implements provider.Attributed: DTrace's for USDT
// providers, whose names the program defines.
func (*USDT) Attributes() provider.Attributes { return provider.EvolvingISA }

func usdtProbeOf(p *provider.Probe) *usdtProbe {
	up, _ := p.Data.(*usdtProbe)
	return up
}

// ProgramType implements provider.Provider.
func (m *USDT) ProgramType(*provider.Probe) (ebpf.ProgramType, ebpf.AttachType) {
	return m.support.programType()
}

// LoadArgs implements provider.Provider: the arguments where the
// note says; where the sites of a probe place them differently, the
// site's number in the cookie chooses.
func (m *USDT) LoadArgs(p *provider.Probe) asm.Instructions {
	up := usdtProbeOf(p)
	if up == nil {
		return nil
	}
	loads := make([]asm.Instructions, len(up.sites))
	same := true
	for k, s := range up.sites {
		for i, a := range s.args {
			if i < provider.NArgs {
				loads[k] = append(loads[k], a.load(i)...)
			}
		}
		same = same && up.sites[k].sameArgs(up.sites[0])
	}
	if same {
		return loads[0]
	}
	// R0 = site; then "if R0 == k goto site k" for each, each site's
	// loads ending with a jump past the others. Offsets count
	// instruction slots (a 64-bit immediate load takes two).
	slots := func(insns asm.Instructions) int16 {
		n := 0
		for _, ins := range insns {
			n += int(ins.Size() / asm.InstructionSize)
		}
		return int16(n)
	}
	insns := asm.Instructions{
		asm.Mov.Reg(asm.R1, asm.R6),
		asm.FnGetAttachCookie.Call(),
		asm.RSh.Imm(asm.R0, 32),
	}
	// After the dispatch (one jump per site and one past them all),
	// site k's block starts at the sum of the blocks before it, each
	// ending in a jump to the end.
	var starts []int16
	at := int16(0)
	for k := range loads {
		starts = append(starts, at)
		at += slots(loads[k]) + 1
	}
	end := at
	n := int16(len(loads))
	for k := range loads {
		// From jump k (at dispatch slot k), the next slot is k+1; the
		// blocks start after the n jumps and the fallthrough jump.
		insns = append(insns, asm.Instruction{OpCode: asm.JEq.Op(asm.ImmSource), Dst: asm.R0, Constant: int64(k),
			Offset: (n - int16(k)) + starts[k]})
	}
	insns = append(insns, asm.Instruction{OpCode: asm.Ja.Op(asm.ImmSource), Offset: end})
	for k := range loads {
		insns = append(insns, loads[k]...)
		insns = append(insns, asm.Instruction{OpCode: asm.Ja.Op(asm.ImmSource), Offset: end - (starts[k] + slots(loads[k]) + 1)})
	}
	return insns
}

func (s usdtSite) sameArgs(t usdtSite) bool {
	if len(s.args) != len(t.args) {
		return false
	}
	for i := range s.args {
		if s.args[i] != t.args[i] {
			return false
		}
	}
	return true
}

// Attach implements provider.Provider: a uprobe at each site, for the
// process, its cookie the site's number, its semaphore counted.
func (m *USDT) Attach(p *provider.Probe, prog *ebpf.Program) (io.Closer, error) {
	up := usdtProbeOf(p)
	if up == nil {
		return nil, fmt.Errorf("%s is not a USDT probe", p.Desc())
	}
	var addrs, cookies, sems []uint64
	for k, s := range up.sites {
		at, ok := up.obj.elf.FileOffset(s.pc)
		if !ok {
			return nil, fmt.Errorf("%s: probe %s at %#x is not in an executable segment", up.obj.module, up.name, s.pc)
		}
		var sem uint64
		if s.sem != 0 {
			if sem, ok = up.obj.elf.DataOffset(s.sem); !ok {
				return nil, fmt.Errorf("%s: probe %s: its semaphore at %#x is not in the file", up.obj.module, up.name, s.sem)
			}
		}
		addrs = append(addrs, at)
		cookies = append(cookies, cookie(uint64(k), 0))
		sems = append(sems, sem)
	}
	return attachSites(up.obj, m.pid, m.support, prog, addrs, cookies, sems)
}

// Scan implements provider.Scanner for a glob. Where it matches a
// provider's own name (python* matches python), the member is the
// provider of every process: its probes are attached by file, with no
// process named, to each object a running process maps with that
// provider's notes, so that they fire in every process that runs one,
// now or later; its name is the provider's. Where the glob matches only
// per-process names (python1*), the members are those of the running
// processes it names. Each object's notes are read once.
func (f *USDTFamily) Scan(pattern string) ([]provider.Provider, error) {
	return f.scan(pattern, 0)
}

// ScanPID implements provider.PIDScanner: Scan of process pid only, for
// a glob ending in its ID (p*d1234).
func (f *USDTFamily) ScanPID(pattern string, pid int) ([]provider.Provider, error) {
	return f.scan(pattern, pid)
}

// scan is Scan, of process only if not 0.
func (f *USDTFamily) scan(pattern string, only int) ([]provider.Provider, error) {
	var pids []int
	if only != 0 {
		pids = []int{only}
	} else {
		dirs, err := os.ReadDir("/proc")
		if err != nil {
			return nil, err
		}
		for _, d := range dirs {
			if pid, err := strconv.Atoi(d.Name()); err == nil {
				pids = append(pids, pid)
			}
		}
	}
	type fileID struct{ dev, ino uint64 }
	type scanned struct {
		notes      []uproc.Note
		provs      []string // the provider names of its notes
		path, file string   // as mapped, and where to open it
	}
	objects := map[fileID]*scanned{}
	everywhere := map[string][]fileID{} // provider -> objects, for members of every process
	self := os.Getpid()
	var found []provider.Provider
	for _, pid := range pids {
		if pid == self {
			continue
		}
		maps, err := uproc.Maps(pid)
		if err != nil {
			continue // gone, or a kernel thread
		}
		names := map[string]bool{}
		for _, m := range maps {
			if !m.Exec {
				continue
			}
			file := uproc.FileIn(pid, m)
			var st unix.Stat_t
			if unix.Stat(file, &st) != nil {
				continue
			}
			id := fileID{st.Dev, st.Ino}
			o, ok := objects[id]
			if !ok {
				o = &scanned{path: m.Path, file: file}
				// The path itself outlives the process, if it is the
				// same file.
				var pst unix.Stat_t
				if unix.Stat(m.Path, &pst) == nil && pst.Dev == st.Dev && pst.Ino == st.Ino {
					o.file = m.Path
				}
				o.notes, _ = uproc.Notes(file)
				for _, n := range o.notes {
					if !slices.Contains(o.provs, n.Provider) {
						o.provs = append(o.provs, n.Provider)
					}
				}
				objects[id] = o
				for _, p := range o.provs {
					if provider.Glob(pattern, p) {
						everywhere[p] = append(everywhere[p], id)
					}
				}
			}
			for _, p := range o.provs {
				if !provider.Glob(pattern, p) {
					names[p+strconv.Itoa(pid)] = true
				}
			}
		}
		for name := range names {
			if !provider.Glob(pattern, name) {
				continue
			}
			m, err := f.Member(name)
			if err != nil {
				return nil, err
			}
			if m != nil {
				found = append(found, m)
			}
		}
	}
	for prov, ids := range everywhere {
		f.mu.Lock()
		m := f.members[prov]
		f.mu.Unlock()
		if m == nil {
			m = &USDT{name: prov, support: f.support}
			for _, id := range ids {
				o := objects[id]
				e, err := uproc.Read(o.file)
				if err != nil {
					continue
				}
				obj := &object{path: o.path, file: o.file, module: filepath.Base(o.path), elf: e}
				if err := m.addNotes(obj, o.notes, prov); err != nil {
					return nil, err
				}
			}
			if len(m.probes) == 0 {
				continue
			}
			f.mu.Lock()
			f.members[prov] = m
			f.mu.Unlock()
		}
		found = append(found, m)
	}
	return found, nil
}

// Definition implements provider.Defined: the note's provider and
// probe names.
func (m *USDT) Definition(p *provider.Probe) (string, string) {
	up := usdtProbeOf(p)
	if up == nil {
		return "", ""
	}
	return up.provider, up.noteName
}

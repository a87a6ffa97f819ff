package load

import (
	"errors"
	"fmt"
	"io"
	"maps"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/provider/ktypes"

	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/spec"
)

// Objects are the loaded maps and programs of one D program.
type Objects struct {
	coll       *ebpf.Collection
	programs   map[uint32]*ebpf.Program // by probe ID
	companions []*ebpf.Program          // as the program's Companions
	links      []io.Closer
	probes     []*spec.ProbeProgram // in load order
}

// Probes finds the probes a program names by ID: a provider.Registry,
// the one that matched them.
type Probes interface {
	ByID(id uint32) *provider.Probe
}

// addMap adds m to the maps of cs, in a copy: the program's own map specs
// stay as compiled.
func addMap(cs *ebpf.CollectionSpec, m *ebpf.MapSpec) {
	ms := maps.Clone(cs.Maps)
	ms[m.Name] = m
	cs.Maps = ms
}

// Options are how to load a program.
type Options struct {
	// VerifierLog asks the verifier for its log of every program,
	// with each instruction's state and the statistics (DTrace's
	// bpflog option), for Objects.VerifierLogs and RejectedError.Log.
	VerifierLog bool
	// LogSize is the size the log buffer starts at (bpflogsize); the
	// loader grows it until the log fits. 0 means cilium/ebpf's default.
	LogSize uint32
	// MemlockLimit, if not 0, is the locked-memory limit to load under
	// (the lockmem option). Kernels before 5.11 charged BPF memory to
	// it; those godtrace supports charge the memory cgroup, so 0 leaves
	// the process's limit alone.
	MemlockLimit uint64
}

// verboseLog is the verifier log level of the bpflog option: the
// statistics, every instruction's state, and the branches (4|2|1), as
// Oracle's dt_bpf_load_prog() asks.
const verboseLog = ebpf.LogLevelStats | ebpf.LogLevelInstruction | ebpf.LogLevelBranch

// Load creates the maps and loads the programs of p.
func Load(p *spec.Program, lo Options) (*Objects, error) {
	if lo.MemlockLimit != 0 {
		// As Oracle's dtrace_init(), which does not check either.
		unix.Setrlimit(unix.RLIMIT_MEMLOCK, &unix.Rlimit{Cur: lo.MemlockLimit, Max: lo.MemlockLimit})
	}
	cs := &ebpf.CollectionSpec{Maps: p.Maps, Programs: map[string]*ebpf.ProgramSpec{}}
	names := map[uint32]string{}
	for _, pp := range p.Probes {
		name := pp.Program.Name
		cs.Programs[name] = pp.Program
		names[pp.Probe.ID] = name
	}
	for i, c := range p.Companions {
		cs.Programs[companionName(i)] = c.Program
	}
	if err := fillCPUInfo(cs); err != nil {
		return nil, err
	}
	// The process's one copy of the kernel's BTF, for the attach
	// targets as well: cilium/ebpf would decode it again.
	opts := ebpf.CollectionOptions{Cache: ktypes.Cache()}
	if needsKernelTypes(cs) {
		kt, err := ktypes.Spec()
		if err != nil {
			return nil, err
		}
		opts.Programs.KernelTypes = kt
	}
	if lo.VerifierLog {
		opts.Programs.LogLevel = verboseLog
		opts.Programs.LogSizeStart = lo.LogSize
	}
	coll, err := ebpf.NewCollectionWithOptions(cs, opts)
	if err != nil {
		return nil, verifierError(p, err)
	}
	o := &Objects{coll: coll, programs: map[uint32]*ebpf.Program{}, probes: p.Probes}
	for id, name := range names {
		o.programs[id] = coll.Programs[name]
	}
	for i := range p.Companions {
		o.companions = append(o.companions, coll.Programs[companionName(i)])
	}
	return o, nil
}

// companionName is the collection's name for companion i, which no
// probe's program has.
func companionName(i int) string { return fmt.Sprintf("companion_%d", i) }

// VerifierLogs returns the verifier's log of each probe's program, in the
// order of the program's probes, when Options.VerifierLog asked for them.
// Probes that share a program share its log.
func (o *Objects) VerifierLogs() []string {
	var logs []string
	seen := map[*ebpf.Program]bool{}
	for _, pp := range o.probes {
		prog := o.programs[pp.Probe.ID]
		if prog == nil || seen[prog] {
			continue
		}
		seen[prog] = true
		logs = append(logs, prog.VerifierLog)
	}
	return logs
}

// Map returns the loaded map of the given spec name.
func (o *Objects) Map(name string) *ebpf.Map { return o.coll.Maps[name] }

// Program returns the trampoline of the probe with the given ID.
func (o *Objects) Program(probeID uint32) *ebpf.Program { return o.programs[probeID] }

// Attach attaches every enabled probe of p except the dtrace provider's,
// which the consumer fires itself, through the providers of the probes
// that probes finds. On error, what was attached is detached.
func (o *Objects) Attach(p *spec.Program, probes Probes) error {
	// Companions first: they keep the state the probes read.
	for i, c := range p.Companions {
		l, err := attachCompanion(c, o.companions[i], probes)
		if err != nil {
			o.Detach()
			return fmt.Errorf("could not enable %s: %w", c.Name, err)
		}
		o.links = append(o.links, l)
	}
	for _, pp := range p.Probes {
		if pp.Probe.IsDtrace("") {
			continue
		}
		l, err := attachProbe(pp, o.programs[pp.Probe.ID], probes)
		if err != nil {
			o.Detach()
			return fmt.Errorf("could not enable %s:%s:%s:%s: %w", pp.Probe.Provider, pp.Probe.Module, pp.Probe.Function, pp.Probe.Name, err)
		}
		o.links = append(o.links, l)
	}
	// The stack walks of stackdepth and caller pass through the
	// programs and, for fentry and fexit, their trampolines, which
	// kallsyms lists only once attached.
	if err := fillPlumbing(o.coll); err != nil {
		o.Detach()
		return err
	}
	return nil
}

// find returns the probe with the given ID, which must be the one the
// program names.
func find(probes Probes, want spec.Probe) (*provider.Probe, error) {
	p := probes.ByID(want.ID)
	if p == nil || p.Desc() != want.Desc() {
		return nil, fmt.Errorf("probe %d is not %s:%s:%s:%s in this registry", want.ID, want.Provider, want.Module, want.Function, want.Name)
	}
	return p, nil
}

// attachProbe attaches the program of one enabled probe, or of a shared
// attachment, through its provider.
func attachProbe(pp *spec.ProbeProgram, prog *ebpf.Program, probes Probes) (io.Closer, error) {
	p, err := find(probes, pp.Probe)
	if err != nil {
		return nil, err
	}
	if pp.Shared == nil {
		return p.Owner().Attach(p, prog)
	}
	if np, ok := p.Owner().(provider.Numbered); ok {
		served := make([]*provider.Probe, len(pp.Shared.Probes))
		for i, id := range pp.Shared.Probes {
			if served[i] = probes.ByID(id); served[i] == nil || served[i].Owner() != p.Owner() {
				return nil, fmt.Errorf("probe %d is not one of provider %s's", id, p.Provider)
			}
		}
		return np.AttachNumbered(pp.Shared.Group, served, prog)
	}
	sp, ok := p.Owner().(provider.Shared)
	if !ok {
		return nil, fmt.Errorf("provider %s cannot share attachments", p.Provider)
	}
	return sp.AttachShared(pp.Shared.Group, prog)
}

// attachCompanion attaches a companion program through the provider of
// the probe that asked for it.
func attachCompanion(c *spec.Companion, prog *ebpf.Program, probes Probes) (io.Closer, error) {
	p := probes.ByID(c.Probe)
	if p == nil {
		return nil, fmt.Errorf("no probe %d asked for it", c.Probe)
	}
	acc, ok := p.Owner().(provider.Accompanied)
	if !ok {
		return nil, fmt.Errorf("provider %s has no companions", p.Provider)
	}
	return acc.AttachCompanion(p, c.Name, prog)
}

// Detach detaches every attached probe.
func (o *Objects) Detach() {
	// Programs that can be detached apart from their events are
	// detached together first, so that the kernel's waits for each
	// overlap (see tracefs.Link); closing the events is serialized in
	// the kernel whatever is done here.
	var wg sync.WaitGroup
	sem := make(chan struct{}, unlinkers)
	for _, l := range o.links {
		if u, ok := l.(unlinker); ok {
			sem <- struct{}{}
			wg.Go(func() {
				u.Unlink()
				<-sem
			})
		}
	}
	wg.Wait()
	for _, l := range o.links {
		l.Close()
	}
	o.links = nil
}

// unlinker is an attachment whose program can be detached before it is
// closed.
type unlinker interface{ Unlink() error }

// unlinkers is how many programs Detach detaches at once.
const unlinkers = 64

// Close detaches and releases everything.
func (o *Objects) Close() {
	o.Detach()
	if o.coll != nil {
		o.coll.Close()
	}
}

var insnRE = regexp.MustCompile(`^(\d+): `)

// verifierError explains a program load failure. For a verifier
// rejection it finds the last instruction the verifier reached and the D
// source line generated it.
func verifierError(p *spec.Program, err error) error {
	var ve *ebpf.VerifierError
	if !errors.As(err, &ve) {
		return err
	}
	last, at := "", -1
	for _, l := range ve.Log {
		if m := insnRE.FindStringSubmatch(l); m != nil {
			at, _ = strconv.Atoi(m[1])
		}
		if l = strings.TrimSpace(l); l != "" && !isStats(l) {
			last = l
		}
	}
	where := ""
	for _, pp := range p.Probes {
		// cilium/ebpf names the program it failed to load so; the
		// colon keeps probe_1 from matching probe_12.
		if strings.Contains(err.Error(), "program "+pp.Program.Name+":") {
			if src := sourceAt(pp.Program.Instructions, at); src != "" {
				where = " at " + src
			}
		}
	}
	return &RejectedError{
		Msg: fmt.Sprintf("internal error: BPF verifier rejected the program%s: %s", where, strings.TrimSpace(last)),
		Log: ve.Log,
	}
}

// RejectedError is a program the verifier refused: Msg names the D line
// it stopped at and why, and Log is what the verifier said.
type RejectedError struct {
	Msg string
	Log []string
}

func (e *RejectedError) Error() string { return e.Msg }

// isStats reports whether a verifier log line is one of the summary
// lines that follow the reason for a rejection.
func isStats(l string) bool {
	for _, p := range []string{"processed ", "verification time", "stack depth", "max_states"} {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return false
}

// sourceAt returns the source annotation in force at raw instruction
// offset raw.
func sourceAt(insns asm.Instructions, raw int) string {
	src := ""
	iter := insns.Iterate()
	for iter.Next() {
		if s := iter.Ins.Source(); s != nil {
			src = s.String()
		}
		if int(iter.Offset) >= raw {
			break
		}
	}
	return src
}

// needsKernelTypes reports whether a program of cs is attached by BTF
// (tp_btf, fentry): loading it looks its target up in the kernel's types.
func needsKernelTypes(cs *ebpf.CollectionSpec) bool {
	for _, ps := range cs.Programs {
		if ps.Type == ebpf.Tracing {
			return true
		}
	}
	return false
}

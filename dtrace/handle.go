package dtrace

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"runtime"
	"strings"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/btf"
	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/internal/chunks"
	"github.com/godtrace/godtrace/internal/ring"
	"github.com/godtrace/godtrace/lang/token"
	"github.com/godtrace/godtrace/load"
	"github.com/godtrace/godtrace/option"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/dtraceprov"
	"github.com/godtrace/godtrace/provider/fbt"
	"github.com/godtrace/godtrace/provider/profile"
	"github.com/godtrace/godtrace/spec"
)

// Handle is one tracing session.
type Handle struct {
	Options *option.Options
	// Stderr receives what the C preprocessor writes (its diagnostics,
	// and the headers -H lists); nil means os.Stderr.
	Stderr io.Writer

	logger  *slog.Logger // WithLogger's, or nil
	reg     *provider.Registry
	fbt     *fbt.Provider // its attach mode follows -x fbtattach
	profile *profile.Provider
	cpu     int // the cpu option when compiled: the only CPU probes fire on, -1 for any
	// resized are the notices of buffers lowered under bufresize=auto,
	// resizeErr the refusal under manual (see resize.go).
	resized   []string
	resizeErr error
	files     []*token.File // the libraries, then the sources
	// srcFlags are the options as each file's compilation started,
	// before its own pragmas (see checkSource).
	srcFlags []compileFlags
	nlibs    int // how many of files are libraries
	prog     *spec.Program
	objs     *load.Objects
	rd       *ring.Reader
	arena    arena           // what records are read into
	dec      consume.Decoder // decodes the records read
	printed  map[int]bool    // aggregations printed by printa
	filled   map[int]bool    // keyless aggregations that have held a value
	normal   map[int]uint64  // normalize() factors
	syms     symbolizer
	status   int         // exit() status
	done     bool        // exit() was called
	specs    *specStatus // speculations, for a program with any
	drops    dropStatus  // the drop counts reported so far
	bufs     *principal  // the principal buffers (principal.go)
	// kernelBTF gives the kernel's types, loaded when a program first
	// needs them (ktypes.Spec; tests give others).
	kernelBTF func() (*btf.Spec, error)
	// next is the ECB of the record after the one being consumed, nil
	// if none is held (see Next).
	next    *spec.ECB
	exiting bool       // tracing should stop: exit() was called, or a buffer filled
	targets []*Process // processes created (-c) or grabbed (-p)
	target  int        // $target: the last of procs, 0 when none
	stopped bool

	// When the consumer last checked the status, reported aggregation
	// drops, and switched the buffers, as DTrace's dt_laststatus,
	// dt_lastagg and dt_lastswitch.
	lastStatus, lastAgg, lastSwitch interval
}

// Registry returns the probes known to the handle's providers.
func (h *Handle) Registry() *provider.Registry { return h.reg }

// probeCount is how many probes prog enables: its programs' and those
// their shared programs stand for.
func probeCount(prog *spec.Program) int {
	n := 0
	for _, pp := range prog.Probes {
		if pp.Shared != nil {
			n += len(pp.Shared.Probes)
		} else {
			n++
		}
	}
	return n
}

// Exec loads the compiled program into the kernel.
func (h *Handle) Exec() error {
	defer h.timed("exec", time.Now())
	if err := h.allowWriteUser(); err != nil {
		return err
	}
	if err := h.principalBuffers(); err != nil {
		return err
	}
	if h.resizeErr != nil {
		return h.resizeErr
	}
	if err := h.checkBufferSizes(); err != nil {
		return err
	}
	lo := load.Options{
		VerifierLog: h.Options.Bool(option.BPFLog),
		LogSize:     uint32(min(h.Options.Size(option.BPFLogSize), math.MaxUint32)),
	}
	if h.Options.IsSet(option.LockMem) {
		lo.MemlockLimit = h.Options.Size(option.LockMem)
	}
	objs, err := load.Load(h.prog, lo)
	if err != nil {
		var rej *load.RejectedError
		if lo.VerifierLog && errors.As(err, &rej) {
			h.printVerifierLog(rej.Log)
		}
		return err
	}
	h.objs = objs
	for _, pp := range h.prog.Probes {
		p := pp.Probe
		h.debugf("loaded program %s (%d instructions) for %s:%s:%s:%s", pp.Program.Name, len(pp.Program.Instructions), p.Provider, p.Module, p.Function, p.Name)
	}
	if lo.VerifierLog {
		for _, l := range objs.VerifierLogs() {
			h.printVerifierLog(strings.Split(strings.TrimRight(l, "\n\x00"), "\n"))
		}
	}
	rd, err := ring.NewReader(objs.Map(spec.MapBuffer))
	if err != nil {
		objs.Close()
		return fmt.Errorf("opening the principal buffer: %w", err)
	}
	h.rd = rd
	// Under the switch policy a record is done with once consumed,
	// unless a speculation keeps it (see Consumer).
	reuse := h.bufs.policy == policySwitch && h.prog.Maps[spec.MapSpeculations] == nil
	h.dec = consume.Decoder{Program: h.prog, Reuse: reuse}
	h.arena.chunks = chunks.Pool[byte]{Size: arenaChunk, Reuse: reuse}
	return nil
}

// printVerifierLog writes lines of the verifier's log to Stderr, each
// after "BPF: ", as Oracle's dtrace does under -x bpflog.
func (h *Handle) printVerifierLog(lines []string) {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString("BPF: ")
		b.WriteString(l)
		b.WriteByte('\n')
	}
	io.WriteString(h.stderr(), b.String())
}

// Go enables the probes: it attaches them (they fire but do nothing
// while the state is warmup), fires BEGIN, and makes the state active
// unless BEGIN called exit().
func (h *Handle) Go() error {
	defer h.timed("go", time.Now())
	if err := h.allowDestructive(); err != nil {
		return err
	}
	if err := h.setGlobal(spec.GlobalWallOffset, uint64(wallOffset())); err != nil {
		return err
	}
	h.warmSystem()
	if err := h.objs.Attach(h.prog, h.reg); err != nil {
		return err
	}
	h.debugf("attached %d probes", probeCount(h.prog))
	if err := h.fire("BEGIN"); err != nil {
		return err
	}
	act, err := h.global(spec.GlobalActivity)
	if err != nil {
		return err
	}
	if spec.Activity(act) == spec.Warmup {
		return h.setGlobal(spec.GlobalActivity, uint64(spec.Active))
	}
	return nil
}

// fire runs the trampoline of dtrace:::name, if enabled, in this process:
// under the cpu option, on a thread bound to that CPU, as Oracle's
// dtrace_go() fires BEGIN and END from such a thread.
func (h *Handle) fire(name string) error {
	for _, pp := range h.prog.Probes {
		if pp.Probe.IsDtrace(name) {
			prog := h.objs.Program(pp.Probe.ID)
			run := func() error { return dtraceprov.Fire(prog, [dtraceprov.NArgs]uint64{}) }
			h.debugf("firing %s", name)
			if h.cpu >= 0 {
				return onCPU(h.cpu, run)
			}
			return run()
		}
	}
	return nil
}

// onCPU calls f on a thread bound to cpu, and returns its error.
func onCPU(cpu int, f func() error) error {
	errc := make(chan error, 1)
	go func() {
		// The thread stays locked: it ends with the goroutine, and
		// its affinity with it.
		runtime.LockOSThread()
		var set unix.CPUSet
		set.Set(cpu)
		if !set.IsSet(cpu) { // beyond what the set holds
			errc <- fmt.Errorf("cannot run on cpu %d: %w", cpu, unix.EINVAL)
			return
		}
		if err := unix.SchedSetaffinity(0, &set); err != nil {
			errc <- fmt.Errorf("cannot run on cpu %d: %w", cpu, err)
			return
		}
		errc <- f()
	}()
	return <-errc
}

// Stop ends tracing as DTrace does: the state becomes draining, so that
// no clause runs again, END fires, and then, whatever the rates, the
// drops are reported (the status's, then the aggregations'), the
// buffers consumed, and their drops reported, as dtrace_stop() and the
// last dtrace_work() do. The probes stay attached, doing nothing, until
// Close: detaching many tracepoints takes the kernel a while (tens of
// milliseconds each), which is better spent after the output.
func (h *Handle) Stop(c Consumer) error {
	if h.stopped {
		return nil
	}
	defer h.timed("stop", time.Now())
	h.stopped = true
	if err := h.setGlobal(spec.GlobalActivity, uint64(spec.Draining)); err != nil {
		return err
	}
	// What came before END is in the buffers before END may use the
	// room kept for it.
	if _, err := h.read(0); err != nil {
		return err
	}
	h.bufs.cooldown = true
	if err := h.fire("END"); err != nil {
		return err
	}
	if _, err := h.read(0); err != nil {
		return err
	}
	if err := h.statusDrops(c); err != nil {
		return err
	}
	if err := h.aggDrops(c); err != nil {
		return err
	}
	if err := h.switchBuffers(c); err != nil {
		return err
	}
	// Speculative drops are counted as the records are consumed (see
	// speculation.go), where DTrace counts them as they are traced:
	// those of the last records are reported now.
	return h.statusDrops(c)
}

// Done reports whether exit() was called, and its status.
func (h *Handle) Done() (bool, int) { return h.done, h.status }

// Close releases everything.
func (h *Handle) Close() {
	for _, p := range h.targets {
		p.release()
	}
	if h.rd != nil {
		h.rd.Close()
	}
	if h.objs != nil {
		h.objs.Close()
	}
}

// The globals map is memory-mapped, so that the consumer reads and
// writes single 8-byte words of it while probes update others.
func (h *Handle) globalsMemory() (*ebpf.Memory, error) {
	mm, err := h.objs.Map(spec.MapGlobals).Memory()
	if err != nil {
		return nil, fmt.Errorf("mapping globals: %w", err)
	}
	return mm, nil
}

func (h *Handle) global(off int) (uint64, error) {
	mm, err := h.globalsMemory()
	if err != nil {
		return 0, err
	}
	var b [8]byte
	if _, err := mm.ReadAt(b[:], int64(off)); err != nil {
		return 0, fmt.Errorf("reading globals: %w", err)
	}
	return le64(b[:]), nil
}

func (h *Handle) setGlobal(off int, x uint64) error {
	mm, err := h.globalsMemory()
	if err != nil {
		return err
	}
	var b [8]byte
	putLe64(b[:], x)
	if _, err := mm.WriteAt(b[:], int64(off)); err != nil {
		return fmt.Errorf("writing globals: %w", err)
	}
	return nil
}

// wallOffset is what to add to CLOCK_MONOTONIC (bpf_ktime_get_ns) to get
// the time of day in nanoseconds.
func wallOffset() int64 {
	return time.Now().UnixNano() - int64(monotonic())
}

// Snapshot reads every aggregation.
func (h *Handle) Snapshot() (map[int][]*consume.AggEntry, error) {
	out := map[int][]*consume.AggEntry{}
	for _, a := range h.prog.Aggs {
		s, err := h.snapshot(a)
		if err != nil {
			return nil, err
		}
		out[a.ID] = s
	}
	return out, nil
}

// Printed reports whether printa() has printed aggregation id.
func (h *Handle) Printed(id int) bool { return h.printed[id] }

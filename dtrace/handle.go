// Package dtrace is godtrace's library: what libdtrace is to DTrace. A Go
// program opens a Handle, compiles D sources, enables them, consumes the
// records and aggregations they produce, and stops:
//
//	h, _ := dtrace.Open()
//	defer h.Close()
//	_ = h.Compile([]dtrace.Source{{Text: "syscall::openat:entry { @[execname] = count(); }"}}, nil)
//	_ = h.Exec()
//	_ = h.Go()
//	... h.Consume(consumer, time.Second) until done or interrupted ...
//	_ = h.Stop(consumer)
//	snap, _ := h.Snapshot()
//
// The dtrace command is a thin client of this package; Printer produces
// DTrace's textual output from what a Handle consumes.
package dtrace

import (
	"errors"
	"fmt"
	"time"

	"github.com/cilium/ebpf/ringbuf"

	"github.com/godtrace/godtrace/compile"
	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/lang/token"
	"github.com/godtrace/godtrace/load"
	"github.com/godtrace/godtrace/option"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/dtraceprov"
	"github.com/godtrace/godtrace/provider/profile"
	"github.com/godtrace/godtrace/provider/syscall"
	"github.com/godtrace/godtrace/spec"
)

// Source is one program source: a -n description (Name empty) or a
// script file (Name is its path), in command-line order.
type Source struct {
	Name string
	Text []byte
}

// Handle is one tracing session.
type Handle struct {
	Options *option.Options

	reg     *provider.Registry
	kernel  *kernelTypes
	files   []*token.File
	prog    *spec.Program
	objs    *load.Objects
	rd      *ringbuf.Reader
	printed map[int]bool // aggregations printed by printa
	filled  map[int]bool // keyless aggregations that have held a value
	status  int          // exit() status
	done    bool         // exit() was called
	stopped bool
}

// Open returns a Handle with the providers of this platform.
func Open() (*Handle, error) {
	return &Handle{
		Options: option.New(),
		reg:     provider.NewRegistry(dtraceprov.New(), profile.New(), syscall.New()),
		kernel:  &kernelTypes{},
		printed: map[int]bool{},
		filled:  map[int]bool{},
	}, nil
}

// Registry returns the probes known to the handle's providers.
func (h *Handle) Registry() *provider.Registry { return h.reg }

// CompileError is a compile error in one of the sources.
type CompileError struct {
	Source int // index into the sources given to Compile
	Line   int
	Tag    string // D_* tag
	Msg    string
}

func (e *CompileError) Error() string { return e.Msg }

// Compile compiles the sources as one program; macro arguments are
// args[0] ($0) onwards. Options set by #pragma D option take effect
// before compilation. The error, if any, is a *CompileError.
func (h *Handle) Compile(srcs []Source, args []string) error {
	h.files = nil
	for _, s := range srcs {
		h.files = append(h.files, token.NewFile(s.Name, s.Text))
	}
	for i, f := range h.files {
		opts, err := compile.Options(f)
		if err != nil {
			return compileError(i, err)
		}
		for _, o := range opts {
			arg := o.Name
			if o.Value != "" {
				arg += "=" + o.Value
			}
			if err := h.Options.SetPragma(arg); err != nil {
				return &CompileError{Source: i, Line: f.Position(o.Pos).Line, Tag: "D_PRAGMA_OPTSET", Msg: err.Error()}
			}
		}
	}
	cfg := compile.Config{
		Registry:    h.reg,
		StrSize:     int(h.Options.Size("strsize")),
		BufSize:     int(h.Options.Size("bufsize")),
		AggSize:     int(h.Options.Size("aggsize")),
		DynVarSize:  int(h.Options.Size("dynvarsize")),
		Macros:      args,
		ZeroMatches: h.Options.Bool("zdefs"),
		Kernel:      h.kernel,
	}
	prog, err := compile.Compile(h.files, cfg)
	if err != nil {
		return compileError(0, err)
	}
	h.prog = prog
	return nil
}

func compileError(src int, err error) error {
	var l compile.ErrorList
	if errors.As(err, &l) {
		e := l[0]
		return &CompileError{Source: max(src, e.File), Line: e.Line, Tag: e.Tag, Msg: e.Msg}
	}
	return &CompileError{Source: src, Msg: err.Error()}
}

// Program returns the compiled program.
func (h *Handle) Program() *spec.Program { return h.prog }

// Matches returns how many probes the clauses of each source matched.
func (h *Handle) Matches() []int {
	n := make([]int, len(h.files))
	for i, m := range h.prog.Matches {
		n[h.prog.ClauseFile[i]] += m
	}
	return n
}

// Exec loads the compiled program into the kernel.
func (h *Handle) Exec() error {
	objs, err := load.Load(h.prog)
	if err != nil {
		return err
	}
	h.objs = objs
	rd, err := ringbuf.NewReader(objs.Map(spec.MapBuffer))
	if err != nil {
		objs.Close()
		return fmt.Errorf("opening the principal buffer: %w", err)
	}
	h.rd = rd
	return nil
}

// Go enables the probes: it attaches them (they fire but do nothing
// while the state is warmup), fires BEGIN, and makes the state active
// unless BEGIN called exit().
func (h *Handle) Go() error {
	if err := h.setGlobal(spec.GlobalWallOffset, uint64(wallOffset())); err != nil {
		return err
	}
	if err := h.objs.Attach(h.prog); err != nil {
		return err
	}
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

// fire runs the trampoline of dtrace:::name, if enabled, in this process.
func (h *Handle) fire(name string) error {
	for _, pp := range h.prog.Probes {
		if pp.Probe.Provider == "dtrace" && pp.Probe.Name == name {
			return dtraceprov.Fire(h.objs.Program(pp.Probe.ID), [dtraceprov.NArgs]uint64{})
		}
	}
	return nil
}

// Stop ends tracing as DTrace does: probes are detached, the state
// becomes draining, END fires, and the buffer is drained by the consumer.
func (h *Handle) Stop(c Consumer) error {
	if h.stopped {
		return nil
	}
	h.stopped = true
	// Detach before writing the state: setGlobal rewrites the whole
	// globals value, which would undo what a probe firing meanwhile
	// stored there.
	h.objs.Detach()
	if err := h.setGlobal(spec.GlobalActivity, uint64(spec.Draining)); err != nil {
		return err
	}
	if err := h.fire("END"); err != nil {
		return err
	}
	_, err := h.Consume(c, 0)
	return err
}

// Done reports whether exit() was called, and its status.
func (h *Handle) Done() (bool, int) { return h.done, h.status }

// Close releases everything.
func (h *Handle) Close() {
	if h.rd != nil {
		h.rd.Close()
	}
	if h.objs != nil {
		h.objs.Close()
	}
}

func (h *Handle) global(off int) (uint64, error) {
	v, err := h.globals()
	if err != nil {
		return 0, err
	}
	return le64(v[off:]), nil
}

func (h *Handle) globals() ([]byte, error) {
	var v []byte
	if err := h.objs.Map(spec.MapGlobals).Lookup(uint32(0), &v); err != nil {
		return nil, fmt.Errorf("reading globals: %w", err)
	}
	return v, nil
}

func (h *Handle) setGlobal(off int, x uint64) error {
	v, err := h.globals()
	if err != nil {
		return err
	}
	putLe64(v[off:], x)
	return h.objs.Map(spec.MapGlobals).Update(uint32(0), v, 0)
}

// Drops returns the aggregation and dynamic variable drops so far.
func (h *Handle) Drops() (agg, dyn uint64, err error) {
	v, err := h.globals()
	if err != nil {
		return 0, 0, err
	}
	return le64(v[spec.GlobalAggDrops:]), le64(v[spec.GlobalDynDrops:]), nil
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

// BufferDrops returns, per CPU, how many records did not fit in the
// principal buffer so far.
func (h *Handle) BufferDrops() ([]uint64, error) {
	var per [][]byte
	if err := h.objs.Map(spec.MapScratch).Lookup(uint32(0), &per); err != nil {
		return nil, fmt.Errorf("reading drop counts: %w", err)
	}
	out := make([]uint64, len(per))
	for i, v := range per {
		out[i] = le64(v[spec.ScratchBufDrops:])
	}
	return out, nil
}

package dtrace

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/btf"
	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/compile"
	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/internal/chunks"
	"github.com/godtrace/godtrace/internal/ring"
	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/lang/token"
	"github.com/godtrace/godtrace/load"
	"github.com/godtrace/godtrace/option"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/dtraceprov"
	"github.com/godtrace/godtrace/provider/fbt"
	"github.com/godtrace/godtrace/provider/ktypes"
	"github.com/godtrace/godtrace/provider/profile"
	"github.com/godtrace/godtrace/spec"
)

// Source is one program source: a -n description (Name empty) or a
// script file (Name is its path), in command-line order.
type Source struct {
	Name string
	Text []byte
	// Spec is the field the source's probe descriptions end with: the
	// function for dtrace -f, say. The zero value, the name, is that of
	// scripts and -n.
	Spec ast.ProbeSpec
}

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

// CompileError is a compile error in one of the sources, or in a
// library compiled before them.
type CompileError struct {
	Source int    // index into the sources given to Compile (0 for a library)
	File   string // the library file the error is in; "" for the source itself
	Line   int    // 0 when the error has no line
	// Column (1-based, in bytes) and Text, the source line, say where
	// on the line the error is, when known: dtrace(1) shows them on a
	// terminal.
	Column int
	Text   string
	Tag    string // D_* tag; "" for errors that are not the compiler's
	Msg    string
}

func (e *CompileError) Error() string { return e.Msg }

// Compile compiles the sources as one program; macro arguments are
// args[0] ($0) onwards.
//
// As DTrace does, it first compiles the D libraries (see library.go),
// unless -x nolibs is set, and with -C (the cpp option) it runs each
// script file (a Source with a Name) through the C preprocessor.
// DTrace does not preprocess -n and other command-line descriptions,
// and neither does Compile. Options set by #pragma D option take effect
// before compilation. The error, if any, is a *CompileError.
func (h *Handle) Compile(srcs []Source, args []string) error {
	defer h.timed("compile", time.Now())
	parsed, err := h.parse(srcs, args)
	if err != nil {
		return err
	}
	if h.fbt != nil {
		if err := h.fbt.SetMode(fbt.Mode(h.Options.String(option.FBTAttach))); err != nil {
			return &CompileError{Msg: err.Error()}
		}
	}
	// The programs, the timers and BEGIN and END all follow the value
	// the program was compiled with.
	h.cpu = max(int(h.Options.Int(option.CPU)), -1)
	if h.profile != nil {
		h.profile.SetCPU(h.cpu)
	}
	h.resizeBuffers()
	prog, err := compile.CompileParsed(parsed, h.config(args, parsed))
	if err != nil {
		return h.compileError(0, err) // each error names its file
	}
	// DTrace compiles a library's clauses but never enables them; here
	// a library joins the program, so its clauses would be enabled, and
	// they are refused instead, once compiled: an error in one is
	// reported as DTrace reports it.
	for i := range h.nlibs {
		if line := parsed.FirstClause(i); line > 0 {
			return h.errorIn(i, line, tag.UnsupportedLibraryClause)
		}
	}
	h.prog = prog
	h.writeTypes()
	h.debugf("compiled %d clauses: %d enablings of %d probes in %d programs, %d maps", len(prog.Matches), len(prog.ECBs), probeCount(prog), len(prog.Probes), len(prog.Maps))
	return nil
}

// Describe compiles the sources as Compile does, as far as their probe
// descriptions, and returns those, in program order, without matching
// them: what dtrace -l lists. A description that is a probe identifier
// is the probe's. The error, if any, is a *CompileError.
func (h *Handle) Describe(srcs []Source, args []string) ([]provider.Desc, error) {
	parsed, err := h.parse(srcs, args)
	if err != nil {
		return nil, err
	}
	// Nothing is checked past the descriptions, so the sources' own
	// checks are made here.
	for i := range h.files {
		if err := h.checkParsed(parsed, i, args); err != nil {
			return nil, err
		}
	}
	descs, err := compile.Describe(parsed, h.config(args, parsed))
	if err != nil {
		return nil, h.compileError(0, err)
	}
	return descs, nil
}

// parse parses the libraries and the sources, with the checks DTrace
// makes of each source once it is parsed, and applies their pragmas.
func (h *Handle) parse(srcs []Source, args []string) (*compile.Parsed, error) {
	// Libraries on disk are read, and their errors reported, before the
	// sources are preprocessed, as DTrace does; the embedded libraries
	// alone only once the sources say whether they name them
	// (libnames.go).
	var dirs []libDir
	var libs []*token.File
	onDisk := false
	if !h.Options.Bool(option.NoLibs) {
		dirs = h.libraryDirs()
		onDisk = diskLibraries(dirs)
	}
	var err error
	if onDisk {
		if libs, err = h.libraries(dirs); err != nil {
			return nil, err
		}
	}
	texts := make([][]byte, len(srcs))
	for i, s := range srcs {
		texts[i] = s.Text
		if s.Name != "" && h.Options.Bool(option.CPP) {
			if texts[i], err = h.preprocess(s.Name, s.Text); err != nil {
				return nil, &CompileError{Source: i, Msg: err.Error()}
			}
		}
	}
	if dirs != nil && !onDisk && namesLibrary(texts, args) {
		if libs, err = h.libraries(dirs); err != nil {
			return nil, err
		}
	}
	h.files, h.nlibs = libs, len(libs)
	for _, f := range libs {
		h.debugf("loaded library %s", f.Name)
	}
	specs := make([]ast.ProbeSpec, len(libs), len(libs)+len(srcs))
	for i, s := range srcs {
		h.files = append(h.files, token.NewFile(s.Name, texts[i]))
		specs = append(specs, s.Spec)
	}
	parsed, err := compile.ParseSpecs(h.files, specs, h.kernelBTF, h.Options.Bool(option.PSpec))
	if err != nil {
		return nil, h.compileError(0, err) // each error names its file
	}
	// Each source's flags are the options as its compilation starts,
	// before its own pragmas.
	h.srcFlags = make([]compileFlags, len(h.files))
	for i, f := range h.files {
		h.srcFlags[i] = h.compileFlags()
		if err := h.pragmas(i, f, parsed); err != nil {
			return nil, err
		}
	}
	return parsed, nil
}

// checkParsed makes DTrace's checks of source i of parsed as a whole
// (see checkSource in program.go), with the options its compilation
// started with; libraries have none.
func (h *Handle) checkParsed(parsed *compile.Parsed, i int, args []string) error {
	if i < h.nlibs {
		return nil
	}
	// checkSource's *CompileError: a nil one must be a nil error.
	if err := h.checkSource(i, parsed.Program(i), args, h.srcFlags[i]); err != nil {
		return err
	}
	return nil
}

// config is the compiler's configuration from the handle's options,
// for the sources parsed.
func (h *Handle) config(args []string, parsed *compile.Parsed) compile.Config {
	return compile.Config{
		Registry:     h.reg,
		StrSize:      int(h.Options.Size(option.StrSize)),
		BufSize:      int(h.Options.Size(option.BufSize)),
		AggSize:      int(h.Options.Size(option.AggSize)),
		DynVarSize:   int(h.Options.Size(option.DynVarSize)),
		Macros:       args,
		MacroVars:    processMacros(h.target),
		DefaultArgs:  h.Options.Bool(option.DefaultArgs),
		Version:      h.Options.String(option.Version),
		Libraries:    h.nlibs,
		ZeroMatches:  h.Options.Bool(option.ZDefs),
		NSpec:        int(h.Options.Int(option.NSpec)),
		TupleRegs:    int(h.Options.Int(option.TRegs)),
		MaxFrames:    h.maxFrames(),
		LinkMode:     h.Options.String(option.LinkMode),
		KernelNoDefs: h.Options.Bool(option.KNoDefs),
		OneCPU:       h.cpu >= 0,
		CPU:          h.cpu,
		ScratchSize:  int(h.Options.Size(option.ScratchSize)),
		StackFrames:  int(h.Options.Int(option.StackFrames)),
		UstackFrames: int(h.Options.Int(option.UStackFrames)),
		JstackFrames: int(h.Options.Int(option.JStackFrames)),
		KernelBTF:    h.kernelBTF,
		KernelSymbol: h.symbols().kernelSymbol,
		ModuleBTF:    ktypes.Module,
		Parsed:       func(i int) error { return h.checkParsed(parsed, i, args) },
		Dump:         h.treeDump(),
	}
}

// maxFrames is the maxframes option, or where it is unset the most
// frames the kernel walks (perf_event_max_stack), as Oracle's DTrace
// takes it; 0 if that cannot be read. A value below 1 is 1.
func (h *Handle) maxFrames() int {
	if h.Options.Bool(option.MaxFrames) {
		return max(int(h.Options.Int(option.MaxFrames)), 1)
	}
	b, err := os.ReadFile("/proc/sys/kernel/perf_event_max_stack")
	if err != nil {
		return 0
	}
	n, _ := strconv.Atoi(strings.TrimSpace(string(b)))
	return max(n, 0)
}

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

// pragmas applies the #pragma D option lines of file i of h.files, and
// checks a source's depends_on pragmas (a library's were checked when it
// was chosen).
func (h *Handle) pragmas(i int, f *token.File, parsed *compile.Parsed) error {
	for _, o := range parsed.Options(i) {
		arg := o.Name
		if o.Value != "" {
			arg += "=" + o.Value
		}
		if err := h.Options.SetPragma(arg); err != nil {
			return h.pragmaOptionError(i, f.Position(o.Pos).Line, o.Name, o.Value, err)
		}
	}
	if i < h.nlibs {
		return nil
	}
	if e := h.checkDependencies(f); e != nil {
		return h.in(i, e)
	}
	return nil
}

// compileError converts an error of the compiler about file src of
// h.files, or about the file the error names if that comes later.
func (h *Handle) compileError(src int, err error) error {
	var ce *CompileError
	if errors.As(err, &ce) {
		return ce // the handle's own (checkSource)
	}
	var l compile.ErrorList
	if errors.As(err, &l) {
		e := l[0]
		if e.Line == 0 {
			// An error about the program as a whole (no room for it,
			// say), not about the file its zero index would name.
			return h.in(max(src, h.nlibs), &CompileError{Tag: e.Tag, Msg: e.Msg})
		}
		ce := h.in(max(src, e.File), &CompileError{Line: e.Line, Tag: e.Tag, Msg: e.Msg})
		if e.Filename != "" && e.Filename != cppStdin {
			// In a header the preprocessor included.
			ce.File = e.Filename
		}
		if e.Filename == "" {
			ce.Column, ce.Text = e.Column, e.Text
		}
		return ce
	}
	return h.in(max(src, h.nlibs), &CompileError{Msg: err.Error()})
}

// errorIn makes the CompileError for an error at line of file i of
// h.files. DTrace reports an error in a library as an error in the first
// source, naming the library file.
func (h *Handle) errorIn(i, line int, m tag.Msg, args ...any) *CompileError {
	return h.in(i, compileError(line, m, args...))
}

// in places e in file i of h.files, as errorIn does.
func (h *Handle) in(i int, e *CompileError) *CompileError {
	if i < h.nlibs {
		e.File = h.files[i].Name
	} else {
		e.Source = i - h.nlibs
	}
	return e
}

// compileError is the CompileError m reports at line for args.
func compileError(line int, m tag.Msg, args ...any) *CompileError {
	return &CompileError{Line: line, Tag: m.Tag(), Msg: m.Text(args...)}
}

// Program returns the compiled program.
func (h *Handle) Program() *spec.Program { return h.prog }

// Matches returns how many probes the clauses of each source matched.
// Libraries are not sources: they have no entry.
func (h *Handle) Matches() []int {
	n := make([]int, len(h.files)-h.nlibs)
	for i, m := range h.prog.Matches {
		if f := h.prog.ClauseFile[i]; f >= h.nlibs {
			n[f-h.nlibs] += m
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

// pragmaOptionError reports a #pragma D option that could not be set as
// dt_pragma_option() does: the option, its value if it has one, and
// libdtrace's reason.
func (h *Handle) pragmaOptionError(i, line int, name, value string, err error) *CompileError {
	var oe *option.Error
	switch {
	case !errors.As(err, &oe):
		return h.in(i, &CompileError{Line: line, Tag: tag.PragmaOptset.Tag(), Msg: err.Error()})
	case value == "":
		return h.errorIn(i, line, tag.PragmaOptsetName, name, oe.Err)
	}
	return h.errorIn(i, line, tag.PragmaOptset, name, value, oe.Err)
}

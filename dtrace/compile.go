package dtrace

import (
	"errors"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/godtrace/godtrace/compile"
	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/lang/token"
	"github.com/godtrace/godtrace/option"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/fbt"
	"github.com/godtrace/godtrace/provider/ktypes"
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

// compileError is the CompileError m reports at line for args.
func compileError(line int, m tag.Msg, args ...any) *CompileError {
	return &CompileError{Line: line, Tag: m.Tag(), Msg: m.Text(args...)}
}

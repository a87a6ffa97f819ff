package compile

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/btf"

	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/check"
	"github.com/godtrace/godtrace/lang/parser"
	"github.com/godtrace/godtrace/lang/scanner"
	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/lang/token"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/spec"
)

// Config is what compilation depends on besides the source.
type Config struct {
	Registry    *provider.Registry
	StrSize     int               // strsize option (bytes)
	BufSize     int               // bufsize option (bytes)
	AggSize     int               // aggsize option (bytes)
	DynVarSize  int               // dynvarsize option (bytes)
	Macros      []string          // $0 (script name), $1...
	MacroVars   map[string]string // $pid, $cwd, $target ...
	DefaultArgs bool              // -x defaultargs
	Version     string            // -x version: "" is the latest
	// Libraries is how many of the files given to Compile, at their
	// start, are D libraries rather than the user's program.
	Libraries   int
	ZeroMatches bool // -Z: a description may match no probe
	NSpec       int  // nspec option: how many speculations may be active; 0 means 1
	// OneCPU and CPU are the cpu option: when OneCPU is set, every probe
	// does nothing unless it fires on CPU CPU.
	OneCPU bool
	CPU    int
	// LinkMode is the linkmode option ("" is "kernel"): with "dynamic"
	// every kernel symbol a program names is left for the loader to
	// resolve, with "primary" those of modules; KernelNoDefs (knodefs)
	// lets them be, otherwise each is an error (D_ASRELO), as in DTrace.
	LinkMode     string
	KernelNoDefs bool
	// TupleRegs is the tregs option: a tuple (the keys of an aggregation
	// or associative array) may have one member more. 0 means 8.
	TupleRegs int
	// ScratchSize is the scratchsize option: how many bytes of alloca()
	// memory a clause may allocate. 0 means the default, 256.
	ScratchSize int
	// StackFrames, UstackFrames and JstackFrames are the stackframes,
	// ustackframes and jstackframes options: how many frames stack(),
	// ustack() and jstack() record when not told. 0 means the option's
	// default.
	StackFrames, UstackFrames, JstackFrames int
	// MaxFrames is the maxframes option: stacks asked for more frames
	// record this many. 0 means the kernel's default limit, 127.
	MaxFrames int
	// KernelBTF loads the running kernel's types, on first use; nil
	// means there are none.
	KernelBTF func() (*btf.Spec, error)
	// KernelSymbol finds the kernel symbols a program names with the
	// scoping operator, and ModuleBTF a module's types for them; see
	// check.Config.
	KernelSymbol func(module, name string) (check.KernelSymbol, error)
	ModuleBTF    func(module string) (*btf.Spec, error)
	// Dump, if not nil, is given a description of each pass's result
	// once the pass is done (see Pass), as -x tree asks.
	Dump func(p Pass, description string)
	// Parsed makes the caller's checks of file i once it is parsed and
	// its declarations are checked, before its clauses; an error it
	// returns is the compilation's, as it is. See check.Config.Parsed.
	Parsed func(i int) error
}

// ErrorList is the set of compile errors, each at a D source line.
type ErrorList []*Error

func (l ErrorList) Error() string { return l[0].Error() }

// Parsed is D sources parsed, ready to compile. A caller that needs
// what the sources declare before compiling (their #pragma D options)
// reads it here rather than parsing them again.
type Parsed struct {
	files []*token.File
	progs []*ast.Program
}

// Parse parses D sources (the -n, -s ... arguments, in order), giving
// each file its Base so that positions in different sources differ.
func Parse(files []*token.File) (*Parsed, error) { return ParseTypes(files, nil) }

// ParseTypes is Parse where kernelBTF (nil for none) gives the parser
// the kernel's type names, so that a cast to a kernel typedef parses.
func ParseTypes(files []*token.File, kernelBTF func() (*btf.Spec, error)) (*Parsed, error) {
	return ParsePSpec(files, kernelBTF, false)
}

// ParsePSpec is ParseTypes with the pspec option (-x pspec) given: an
// ambiguous top-level word is a probe description. Without it, a pspec
// pragma sets it for the rest of its source and the sources after, as
// DTrace's option outlives the compilation that sets it.
func ParsePSpec(files []*token.File, kernelBTF func() (*btf.Spec, error), pspec bool) (*Parsed, error) {
	return ParseSpecs(files, nil, kernelBTF, pspec)
}

// ParseSpecs is ParsePSpec where specs[i] says which field the probe
// descriptions of files[i] end with (dtrace -P, -m, -f); files past
// the end of specs have descriptions ending with the name.
func ParseSpecs(files []*token.File, specs []ast.ProbeSpec, kernelBTF func() (*btf.Spec, error), pspec bool) (*Parsed, error) {
	known := check.TypeNames(kernelBTF)
	// A typedef of an earlier source (a library's ipaddr_t) is a type
	// name in the later ones, as in DTrace, which compiles the
	// libraries first into the same type namespace.
	earlier := map[string]bool{}
	isType := func(name string) bool { return earlier[name] || known(name) }
	base := 0
	for _, f := range files {
		f.Base = base
		base += len(f.Src) + 1
	}
	p := &Parsed{files: files}
	for i, f := range files {
		spec := ast.SpecName
		if i < len(specs) {
			spec = specs[i]
		}
		prog, err := parser.ParseFileSpec(f, isType, pspec, spec)
		if err != nil {
			if e := pragmaFirst(f, prog, err); e != nil {
				err = e
			}
			return nil, parseErrors(files, i, err)
		}
		for _, d := range prog.Decls {
			if pr, ok := d.(*ast.Pragma); ok && slices.Equal(pr.Words, []string{"D", "option", "pspec"}) {
				pspec = true
			}
			if td, ok := d.(*ast.TypeDecl); ok && td.Typedef {
				for _, n := range td.Names {
					earlier[n.Name] = true
				}
			}
		}
		p.progs = append(p.progs, prog)
	}
	return p, nil
}

// Options returns the options set by #pragma D option lines in source i.
func (p *Parsed) Options(i int) []check.Option {
	var opts []check.Option
	for _, d := range p.progs[i].Decls {
		// One option per line: a line with more words is malformed,
		// which the checker reports (D_PRAGMA_MALFORM), and sets none.
		if pr, ok := d.(*ast.Pragma); ok && len(pr.Words) == 3 && pr.Words[0] == "D" && pr.Words[1] == "option" {
			name, value, _ := strings.Cut(pr.Words[2], "=")
			opts = append(opts, check.Option{Pos: pr.At, Name: name, Value: value})
		}
	}
	return opts
}

// Program returns source i as parsed.
func (p *Parsed) Program(i int) *ast.Program { return p.progs[i] }

// FirstClause returns the line of source i's first probe clause, or 0
// if it has none.
func (p *Parsed) FirstClause(i int) int {
	for _, d := range p.progs[i].Decls {
		if c, ok := d.(*ast.Clause); ok {
			return p.files[i].Position(c.Pos()).Line
		}
	}
	return 0
}

// Compile compiles D sources (the -n, -s ... arguments, in order) into
// one program: they share variables and aggregations, as the programs of
// one DTrace consumer do. It sets each file's Base.
func Compile(files []*token.File, cfg Config) (*spec.Program, error) {
	p, err := Parse(files)
	if err != nil {
		return nil, err
	}
	return CompileParsed(p, cfg)
}

// MaxStrSize is the largest strsize the generated code handles: string
// results are built in the clause's 8 KiB of scratch temporaries, their
// bytes reached by 16-bit offsets, and strings are copied by
// straight-line code, so that a larger size fails in the verifier (from
// 8 KiB on), after compiling for long in much memory (gigabytes at 1e9).
const MaxStrSize = 8000

// CompileParsed compiles sources Parse has parsed: it runs the passes
// (Match, then Matched.Check, Checked.Layout and LaidOut.Generate).
func CompileParsed(p *Parsed, cfg Config) (*spec.Program, error) {
	m, err := Match(p, cfg)
	if err != nil {
		return nil, err
	}
	k, err := m.Check()
	if err != nil {
		return nil, err
	}
	l, err := k.Layout()
	if err != nil {
		return nil, err
	}
	return l.Generate()
}

// Match runs the first pass over sources Parse has parsed, PassMatch:
// it resolves each clause's probe descriptions into probes. As in
// DTrace, a description that matches no probe is the error reported,
// whatever its clause's body does.
func Match(p *Parsed, cfg Config) (*Matched, error) {
	files := p.files
	if cfg.StrSize <= 0 {
		cfg.StrSize = 256
	}
	if cfg.StrSize > MaxStrSize {
		return nil, ErrorList{&Error{NoLine: true, Msg: fmt.Sprintf("strsize %d is larger than the %d bytes a string may have here", cfg.StrSize, MaxStrSize)}}
	}
	if cfg.BufSize <= 0 {
		cfg.BufSize = 4 << 20
	}
	if cfg.AggSize <= 0 {
		cfg.AggSize = 4 << 20
	}
	if cfg.DynVarSize <= 0 {
		cfg.DynVarSize = 1 << 20
	}
	all := &ast.Program{}
	for _, prog := range p.progs {
		all.Decls = append(all.Decls, prog.Decls...)
		all.Macros = append(all.Macros, prog.Macros...)
	}
	ccfg := check.Config{StrSize: cfg.StrSize, Macros: cfg.Macros, MacroVars: cfg.MacroVars, DefaultArgs: cfg.DefaultArgs,
		Version: cfg.Version,
		Line:    func(p token.Pos) int { return errorAt(files, p, "", "").Line },
		Library: func(p token.Pos) bool { return fileOf(files, p) < cfg.Libraries },
		Source:  func(p token.Pos) int { return fileOf(files, p) },
		Parsed:  cfg.Parsed, Sources: len(files)}
	ccfg.KernelBTF, ccfg.KernelSymbol, ccfg.ModuleBTF = cfg.KernelBTF, cfg.KernelSymbol, cfg.ModuleBTF
	c := &compiler{cfg: cfg, files: files, strs: map[string]int{}, vars: map[*check.Var]varLoc{},
		prog: &spec.Program{}}
	// The drops map has a value per CPU the kernel may bring up.
	ncpu, err := ebpf.PossibleCPU()
	if err != nil {
		return nil, fmt.Errorf("counting CPUs: %w", err)
	}
	c.ncpu = ncpu
	for _, d := range all.Decls {
		if cl, ok := d.(*ast.Clause); ok {
			c.clauses = append(c.clauses, cl)
		}
	}
	stmts, descs, err := c.match()
	if err != nil {
		return nil, err
	}
	c.ran = PassMatch
	c.dump(PassMatch, func(b *strings.Builder) { c.dumpMatch(b, stmts) })
	ccfg.ProbeArgs = probeArgs(descs, definitionsOf(all.Decls))
	return &Matched{c: c, all: all, ccfg: ccfg, stmts: stmts}, nil
}

// fileOf returns the index of the file holding p.
func fileOf(files []*token.File, p token.Pos) int {
	for i, f := range files {
		if f.Contains(p) {
			return i
		}
	}
	return 0
}

// errorOf makes an Error at position p: m's message for args.
func errorOf(files []*token.File, p token.Pos, m tag.Msg, args ...any) *Error {
	return errorAt(files, p, m.Tag(), m.Text(args...))
}

// errorAt makes an Error at position p with a message worded elsewhere
// (a provider's).
func errorAt(files []*token.File, p token.Pos, tagName, msg string) *Error {
	i := fileOf(files, p)
	pos := files[i].Position(p)
	e := &Error{File: i, Line: pos.Line, Tag: tagName, Msg: msg}
	if pos.Filename != files[i].Name {
		e.Filename = pos.Filename
	} else {
		e.Column, e.Text = pos.Column, lineText(files[i].Src, pos.Offset)
	}
	return e
}

// lineText returns the line of src that holds byte offset off, without
// its newline.
func lineText(src []byte, off int) string {
	if off < 0 || off > len(src) {
		return ""
	}
	start := bytes.LastIndexByte(src[:off], '\n') + 1
	end := bytes.IndexByte(src[off:], '\n')
	if end < 0 {
		return string(src[start:])
	}
	return string(src[start : off+end])
}

// positioned converts front-end errors into an ErrorList with lines.
func positioned(files []*token.File, err error) error {
	var out ErrorList
	var cl check.ErrorList
	switch {
	case errors.As(err, &cl):
		for _, e := range cl {
			out = append(out, errorAt(files, e.Pos, e.Tag, e.Msg))
		}
	}
	if len(out) == 0 {
		return err
	}
	return out
}

// parseErrors converts the parser's errors in source i.
// pragmaFirst returns the error of a #pragma line met before the first
// of a source's parse errors, as an error list, or nil. DTrace's lexer
// applies a pragma when it reads the line, so a bad one inside an
// unfinished declaration is the error, not the declaration's syntax.
func pragmaFirst(f *token.File, prog *ast.Program, err error) error {
	var sl scanner.ErrorList
	if prog == nil || !errors.As(err, &sl) || len(sl) == 0 {
		return nil
	}
	first := sl[0].Pos
	for _, d := range prog.Decls {
		pr, ok := d.(*ast.Pragma)
		if !ok {
			continue
		}
		at := f.Position(pr.At)
		if at.Filename != first.Filename || at.Line >= first.Line {
			continue
		}
		if e := check.PragmaError(pr); e != nil {
			var list scanner.ErrorList
			list.Add(at, e.Tag, e.Msg)
			return list
		}
	}
	return nil
}

func parseErrors(files []*token.File, i int, err error) error {
	var sl scanner.ErrorList
	if !errors.As(err, &sl) {
		return err
	}
	var out ErrorList
	for _, e := range sl {
		ce := &Error{File: i, Line: e.Pos.Line, Tag: e.Tag, Msg: e.Msg}
		if e.Pos.Filename != files[i].Name {
			ce.Filename = e.Pos.Filename
		} else if e.Pos.Line > 0 {
			ce.Column, ce.Text = e.Pos.Column, lineText(files[i].Src, e.Pos.Offset)
		}
		out = append(out, ce)
	}
	return out
}

type compiler struct {
	cfg     Config
	ran     Pass          // the last pass run
	clauses []*ast.Clause // in program order
	files   []*token.File
	info    *check.Info
	layout  layout
	prog    *spec.Program
	labels  int
	rodata  []byte
	// strs finds blocks already in rodata: string literals by size and
	// text, llquantize bound tables by parameters (llquantizeTable).
	strs map[string]int
	vars map[*check.Var]varLoc
	aggs []*spec.Aggregation
	// errorFuncs are the clause functions of dtrace:::ERROR's ECBs, and
	// errorArgs the scratch offset where a probe's arguments wait while
	// they run (see error_probe.go).
	errorFuncs []*gen
	errorArgs  int
	// nullAt is the rodata offset of the null string's block, once a
	// subroutine that can return NULL is used (see subr_search.go).
	nullAt int
	// nullVarAt is the rodata offset of a string variable's buffer
	// holding NULL, once an absent dynamic string may be read (see
	// nullstring.go).
	nullVarAt int
	// shared are the shared attachments the program uses (shared.go).
	shared []*sharedGroup
	// ncpu is the number of possible CPUs, which the drops map has a
	// value for each of.
	ncpu int
	// srcLines are each file's lines, split once for the annotations
	// of every statement (gen.annotate).
	srcLines map[*token.File][]string
}

// generate is PassCodegen.
func (c *compiler) generate(stmts []statement) (*spec.Program, error) {
	if err := c.enable(stmts, statementProbes(stmts)); err != nil {
		return nil, err
	}
	if err := c.scratchFits(); err != nil {
		return nil, err
	}
	c.prog.Aggs = c.aggs
	c.prog.Maps = c.maps()
	declareFilled(c.prog)
	c.addCompanions(stmts)
	c.dump(PassCodegen, c.dumpCodegen)
	return c.prog, nil
}

// scratchFits reports a program whose per-CPU scratch is larger than
// the kernel allows in a map value.
func (c *compiler) scratchFits() error {
	if c.layout.scratchSize <= maxScratchSize {
		return nil
	}
	return ErrorList{&Error{Tag: tag.Nospace.Tag(), Msg: tag.Nospace.Text(c.layout.scratchSize, maxScratchSize)}}
}

// statement is a clause as enabled for one of its probe descriptions:
// as in DTrace, a clause is compiled once per description, so that a
// probe two of its descriptions match runs it twice, and statements, not
// clauses, are numbered (dt_clause_N, ERROR's arg2).
type statement struct {
	clause *ast.Clause
	probes []*provider.Probe // those its description matched, by ID
}

// statementProbes returns the probes of each statement.
func statementProbes(stmts []statement) [][]*provider.Probe {
	out := make([][]*provider.Probe, len(stmts))
	for i, st := range stmts {
		out[i] = st.probes
	}
	return out
}

// match resolves each clause's probe descriptions, in program order,
// into statements. It also returns what each description matched, for
// args[].
func (c *compiler) match() ([]statement, map[*ast.Clause][]descMatch, error) {
	var out []statement
	descs := map[*ast.Clause][]descMatch{}
	var errs ErrorList
	for _, cl := range c.clauses {
		for _, pd := range cl.Probes {
			d, derr := c.describe(pd)
			if derr != nil {
				errs = append(errs, derr)
				continue
			}
			ps, err := c.cfg.Registry.Match(d)
			if err != nil {
				e := errorOf(c.files, pd.At, tag.PdescInvalMatch, err)
				if de := (*provider.DescError)(nil); errors.As(err, &de) {
					e = errorAt(c.files, pd.At, de.Tag, de.Msg)
				}
				errs = append(errs, e)
				continue
			}
			if len(ps) == 0 && !c.cfg.ZeroMatches {
				errs = append(errs, errorOf(c.files, pd.At, tag.PdescZero,
					d.Provider, d.Module, d.Function, d.Name))
			}
			descs[cl] = append(descs[cl], descMatch{d, ps})
			out = append(out, statement{clause: cl, probes: ps})
			c.prog.Matches = append(c.prog.Matches, len(ps))
			c.prog.ClauseFile = append(c.prog.ClauseFile, fileOf(c.files, cl.At))
		}
	}
	if len(errs) > 0 {
		return nil, nil, errs
	}
	return out, descs, nil
}

// describe is the description pd stands for: a probe identifier's
// probe's, or pd's fields with their macro variables expanded.
func (c *compiler) describe(pd *ast.ProbeDesc) (provider.Desc, *Error) {
	if pd.ByID {
		p := c.cfg.Registry.ByID(pd.ID)
		if p == nil {
			return provider.Desc{}, errorOf(c.files, pd.At, tag.PdescInvalID,
				pd.ID, "Unknown probe identifier")
		}
		return p.Desc(), nil
	}
	d, err := c.expandDesc(pd)
	if err != nil {
		return provider.Desc{}, errorOf(c.files, pd.At, tag.PdescInval, pd.Text, err)
	}
	return d, nil
}

// Describe returns the probe descriptions of the clauses of parsed
// sources, in program order, without matching them: what dtrace -l
// lists. Identifiers are resolved to their probes' descriptions and
// macro variables are expanded, with the errors Compile reports for
// them.
func Describe(p *Parsed, cfg Config) ([]provider.Desc, error) {
	c := &compiler{cfg: cfg, files: p.files}
	var out []provider.Desc
	var errs ErrorList
	for _, prog := range p.progs {
		for _, d := range prog.Decls {
			cl, ok := d.(*ast.Clause)
			if !ok {
				continue
			}
			for _, pd := range cl.Probes {
				desc, err := c.describe(pd)
				if err != nil {
					errs = append(errs, err)
					continue
				}
				out = append(out, desc)
			}
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return out, nil
}

// expandDesc substitutes macro variables ($1, $pid, ...) in a probe
// description's fields.
func (c *compiler) expandDesc(pd *ast.ProbeDesc) (provider.Desc, error) {
	fields := []string{pd.Provider, pd.Module, pd.Function, pd.Name}
	for i, f := range fields {
		s, err := c.expandMacros(f)
		if err != nil {
			return provider.Desc{}, err
		}
		fields[i] = s
	}
	return provider.Desc{Provider: fields[0], Module: fields[1], Function: fields[2], Name: fields[3]}, nil
}

func (c *compiler) expandMacros(s string) (string, error) {
	return check.ExpandMacros(s, c.cfg.Macros, c.cfg.MacroVars, c.cfg.DefaultArgs)
}

// enable creates the ECBs, statement by statement in program order, and
// the trampoline of every probe that any statement enables; probes are
// the statements' (statementProbes).
func (c *compiler) enable(stmts []statement, probes [][]*provider.Probe) error {
	type enabled struct {
		probe *provider.Probe
		funcs []*gen
		group *sharedGroup
	}
	var order []*enabled
	byID := map[uint32]*enabled{}
	groups := c.sharedGroups(probes)
	byGroup := map[*sharedGroup]*enabled{}
	// A clause is generated once per shared attachment; the ECBs of its
	// other probes copy what generation put in the first one.
	type groupClause struct {
		sg     *sharedGroup
		clause int
	}
	sharedFuncs := map[groupClause]*gen{}
	var copies [][2]*spec.ECB
	for ci, st := range stmts {
		cl := st.clause
		for _, p := range st.probes {
			ecb := &spec.ECB{EPID: uint32(len(c.prog.ECBs) + 1), Probe: probeName(p), Clause: ci, Record: c.recordsData(cl)}
			c.prog.ECBs = append(c.prog.ECBs, ecb)
			sg := groups[p]
			if sg != nil {
				sg.epids[p][ci] = ecb.EPID
				if f := sharedFuncs[groupClause{sg, ci}]; f != nil {
					copies = append(copies, [2]*spec.ECB{ecb, f.ecb})
					continue
				}
			}
			g := &gen{c: c, probe: p, ecb: ecb, shared: sg, at: cl.At}
			g.clause(cl)
			if g.err != nil {
				if g.err.Line == 0 && !g.err.NoLine {
					e := errorAt(c.files, cl.At, "", "")
					g.err.File, g.err.Line = e.File, e.Line
				}
				return ErrorList{g.err}
			}
			if sg != nil {
				sharedFuncs[groupClause{sg, ci}] = g
				e := byGroup[sg]
				if e == nil {
					e = &enabled{probe: sg.probes[0], group: sg}
					byGroup[sg] = e
					order = append(order, e)
				}
				e.funcs = append(e.funcs, g)
				continue
			}
			e := byID[p.ID]
			if e == nil {
				e = &enabled{probe: p}
				byID[p.ID] = e
				order = append(order, e)
			}
			e.funcs = append(e.funcs, g)
			if isErrorProbe(p) {
				c.errorFuncs = append(c.errorFuncs, g)
			}
		}
	}
	for _, cp := range copies {
		to, from := cp[0], cp[1]
		to.Record, to.Size, to.Actions, to.SpeculationTag, to.Destructive = from.Record, from.Size, from.Actions, from.SpeculationTag, from.Destructive
	}
	for _, e := range order {
		if err := c.checkSubprograms(e.probe, e.funcs); err != nil {
			return ErrorList{err}
		}
		for _, f := range e.funcs {
			if err := c.checkJumps(f); err != nil {
				return ErrorList{err}
			}
		}
		var pp *spec.ProbeProgram
		var err error
		if e.group != nil {
			pp, err = c.sharedTrampoline(e.group, e.funcs)
		} else {
			pp, err = c.trampoline(e.probe, e.funcs)
		}
		if err != nil {
			return err
		}
		if err := c.checkMaps(pp, e.funcs); err != nil {
			return ErrorList{err}
		}
		c.prog.Probes = append(c.prog.Probes, pp)
	}
	return nil
}

// recordsData reports whether firing the clause emits a record, by
// Oracle DTrace's rule: a clause records if it has no statements (the
// default action, which prints the probe), if it takes an action other
// than an aggregation or speculate(), or if speculate() is its only
// action; statements that only compute (assignments, increments,
// subroutine calls) and aggregations record nothing. commit() and
// discard() record so that the consumer can act on them. (illumos
// recorded every clause but those of aggregations alone.) A clause with
// an if statement records, as its branches are not looked into.
func (c *compiler) recordsData(cl *ast.Clause) bool {
	if len(cl.Body) == 0 {
		return true
	}
	speculate, others := false, 0
	for _, s := range cl.Body {
		es, ok := s.(*ast.ExprStmt)
		if !ok {
			return true
		}
		call, ok := ast.Unparen(es.X).(*ast.CallExpr)
		if !ok {
			continue
		}
		act, ok := c.info.Actions[call]
		if !ok {
			continue
		}
		if act.Kind == abi.ActSpeculate {
			speculate = true
			continue
		}
		others++
	}
	return others > 0 || speculate
}

package dtrace

import (
	"strconv"
	"strings"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/scanner"
	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/lang/token"
	"github.com/godtrace/godtrace/option"
)

// compileFlags are the options DTrace copies into a compilation's flags
// (pcb_cflags) when it starts compiling a source, so that a source's own
// #pragma D option lines do not change them for that source.
type compileFlags struct {
	argref      bool // -x argref: macro arguments need not be referenced
	empty       bool // -x empty: a program may be empty
	defaultargs bool // -x defaultargs: unset $N are 0 or ""
}

func (h *Handle) compileFlags() compileFlags {
	return compileFlags{
		argref:      h.Options.Bool(option.ArgRef),
		empty:       h.Options.Bool(option.Empty),
		defaultargs: h.Options.Bool(option.DefaultArgs),
	}
}

// checkSource makes the checks dt_compile() makes of a program source
// once it is parsed, before compiling its clauses: that the last macro
// argument is referenced (D_MACRO_UNUSED), then that the source is not
// empty (D_EMPTY). DTrace compiles each source with all the arguments,
// so each source must reference the last one. Both errors are reported
// where DTrace's lexer stands then, at the end of the source file. Libraries
// are compiled without arguments and may be empty, and are not checked.
func (h *Handle) checkSource(i int, prog *ast.Program, args []string, fl compileFlags) *CompileError {
	f := h.files[i]
	end := 0 // DTrace gives no line in a description given as text
	if f.Name != "" {
		end = f.Position(f.Pos(len(f.Src))).Line
	}
	if len(args) > 1 && !fl.argref {
		refs, undefined := macroRefs(f, len(args), processMacros(h.target), fl.defaultargs)
		// A reference to an argument or variable that does not exist,
		// or a probe identifier no probe has, stops DTrace's parser
		// before it gets here; the compiler reports them.
		if last := len(args) - 1; !undefined && !h.unknownID(prog) && !refs[last] {
			return h.errorIn(i, end, tag.MacroUnused, args[last], last)
		}
	}
	if !fl.empty && emptyProgram(prog) {
		return h.errorIn(i, end, tag.Empty)
	}
	return nil
}

// unknownID reports whether a probe description of prog is an
// identifier that no probe has.
func (h *Handle) unknownID(prog *ast.Program) bool {
	for _, d := range prog.Decls {
		if cl, ok := d.(*ast.Clause); ok {
			for _, pd := range cl.Probes {
				if pd.ByID && h.reg.ByID(pd.ID) == nil {
					return true
				}
			}
		}
	}
	return false
}

// emptyProgram reports whether prog is empty for DTrace: it has no
// clause, inline, translator or provider definition. Declarations and
// pragmas leave nothing in DTrace's parse tree.
func emptyProgram(prog *ast.Program) bool {
	for _, d := range prog.Decls {
		switch d.(type) {
		case *ast.Clause, *ast.InlineDecl, *ast.TranslatorDecl, *ast.ProviderDecl:
			return false
		}
	}
	return true
}

// macroRefs returns the macro arguments ($1, $$2) that f refers to, as
// DTrace's lexer marks them, in code and in probe descriptions. undefined
// is set if f refers to an argument beyond the argc given (unless
// defaultargs) or to a macro variable not in vars: DTrace rejects those.
func macroRefs(f *token.File, argc int, vars map[string]string, defaultargs bool) (refs map[int]bool, undefined bool) {
	refs = map[int]bool{}
	ref := func(name string, inDesc bool) {
		if !isDigits(name) {
			if _, ok := vars[name]; !ok {
				undefined = true
			}
			return
		}
		// DTrace reads $01 as $1. dtrace_xstr2desc() knows no
		// default arguments.
		if n, err := strconv.Atoi(name); err == nil && n < argc {
			refs[n] = true
		} else if inDesc || !defaultargs {
			undefined = true
		}
	}
	var s scanner.Scanner
	s.Init(f, nil, nil)
	for t := s.Scan(); t.Kind != token.EOF; t = s.Scan() {
		switch t.Kind {
		case token.MACRO, token.MACROSTR:
			ref(t.Text, false)
		case token.PROBE:
			for _, name := range descMacros(t.Text) {
				ref(name, true)
			}
		}
	}
	return refs, undefined
}

// descMacros returns the names of the macros a probe description refers
// to: in each field, the text after its first "$" (or "$$"), as
// dtrace_xstr2desc() reads it: a number's digits, or all the rest.
func descMacros(desc string) []string {
	var names []string
	for _, field := range strings.Split(desc, ":") {
		i := strings.IndexByte(field, '$')
		if i < 0 {
			continue
		}
		v := field[i+1:]
		if len(v) > 1 && v[0] == '$' {
			v = v[1:]
		}
		if j := strings.IndexFunc(v, func(r rune) bool { return r < '0' || r > '9' }); j > 0 {
			v = v[:j]
		}
		names = append(names, v)
	}
	return names
}

func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

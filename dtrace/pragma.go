package dtrace

import (
	"os"
	"strings"

	"github.com/godtrace/godtrace/lang/scanner"
	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/lang/token"
	"github.com/godtrace/godtrace/provider"
)

// dependency is one "#pragma D depends_on class name".
type dependency struct {
	class, name string // class is "provider", "module" or "library"
	line        int
	err         *CompileError // the pragma is malformed; class and name are unset
}

// dependencies returns the depends_on pragmas of f in order. It only
// scans f, as DTrace's control-directive pass over a library does, so it
// works whatever the rest of f holds.
func dependencies(f *token.File) []dependency {
	var out []dependency
	var s scanner.Scanner
	s.Init(f, nil, nil)
	for t := s.Scan(); t.Kind != token.EOF; t = s.Scan() {
		if t.Kind != token.PRAGMA {
			continue
		}
		w := strings.Fields(t.Text)
		if len(w) < 2 || w[0] != "D" || w[1] != "depends_on" {
			continue
		}
		line := f.Position(t.Pos).Line
		out = append(out, parseDependency(w[2:], line))
	}
	return out
}

// parseDependency checks a depends_on pragma's words as dt_pragma_depends()
// does. Quoted strings are not identifiers there, so they are malformed.
func parseDependency(w []string, line int) dependency {
	fail := func(m tag.Msg, args ...any) dependency {
		return dependency{line: line, err: compileError(line, m, args...)}
	}
	if len(w) < 2 || strings.HasPrefix(w[0], `"`) || strings.HasPrefix(w[1], `"`) {
		return fail(tag.PragmaMalformDepends)
	}
	switch w[0] {
	case "provider", "module", "library":
		return dependency{class: w[0], name: w[1], line: line}
	}
	return fail(tag.PragmaInvalDepends, w[0])
}

// checkDependencies applies the depends_on pragmas of a program source
// (not a library) as DTrace does: a missing provider or module is an
// error, and only libraries may depend on libraries.
func (h *Handle) checkDependencies(f *token.File) *CompileError {
	for _, d := range dependencies(f) {
		if d.err != nil {
			return d.err
		}
		switch {
		case d.class == "library":
			return compileError(d.line, tag.PragmaDependLibrary)
		case !h.present(d.class, d.name):
			return compileError(d.line, tag.PragmaDepend, d.class, d.name)
		}
	}
	return nil
}

// present reports whether the provider or kernel module a depends_on
// pragma names exists.
func (h *Handle) present(class, name string) bool {
	switch class {
	case "provider":
		return h.hasProvider(name)
	case "module":
		return hasModule(name)
	}
	return false
}

// hasProvider reports whether a provider of exactly this name offers
// probes. (Registry matching would take the name as a glob.)
func (h *Handle) hasProvider(name string) bool {
	ps, err := h.reg.List(provider.Desc{Provider: name})
	if err != nil {
		return false
	}
	for _, p := range ps {
		if p.Provider == name {
			return true
		}
	}
	return false
}

// hasModule reports whether the kernel has the module loaded with type
// information: where DTrace asks for a module's CTF, Linux has BTF, for
// vmlinux and for each module.
func hasModule(name string) bool {
	if name == "" || name == "." || name == ".." || strings.ContainsRune(name, '/') {
		return false
	}
	_, err := os.Stat("/sys/kernel/btf/" + name)
	return err == nil
}

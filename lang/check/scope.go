package check

import (
	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/lang/token"
)

// program checks each source in turn, as DTrace compiles each D library
// and program file on its own (dt_compile): the parser processes every
// declaration, pragma, inline and translator as it reads them, then the
// pragmas still waiting for their identifier are reported, the source as
// a whole is checked (Config.Parsed), and only then are the clauses
// cooked, in order. So a declaration after a clause already holds when
// the clause is checked.
func (c *checker) program(decls []ast.Decl) {
	for len(decls) > 0 {
		src := c.source(decls[0].Pos())
		n := 1
		for n < len(decls) && c.source(decls[n].Pos()) == src {
			n++
		}
		unit := decls[:n]
		decls = decls[n:]
		for _, d := range unit {
			if _, ok := d.(*ast.Clause); !ok {
				c.decl(d)
			}
		}
		c.unusedPragmas()
		if !c.parsed(src) {
			return
		}
		for _, d := range unit {
			if cl, ok := d.(*ast.Clause); ok {
				c.clause(cl)
			}
		}
	}
	c.parsed(c.cfg.Sources - 1)
}

// parsed makes Config.Parsed's checks of the sources up to last, those
// without declarations included, and reports whether checking goes on.
// Once an error is found, DTrace would not have come this far.
func (c *checker) parsed(last int) bool {
	for ; c.parsedNext <= last && c.parsedErr == nil; c.parsedNext++ {
		if c.cfg.Parsed == nil || len(c.errs) > 0 || len(c.cgErrs) > 0 {
			continue
		}
		c.parsedErr = c.cfg.Parsed(c.parsedNext)
	}
	return c.parsedErr == nil
}

// source numbers the source p lies in.
func (c *checker) source(p token.Pos) int {
	if c.cfg.Source == nil {
		return 0
	}
	return c.cfg.Source(p)
}

// pendingPragma is a `#pragma D attributes` or `binding` naming an
// identifier not declared yet: DTrace applies it when a declaration of
// the source defines the identifier (dt_pragma_apply), and reports it
// unused if none does.
type pendingPragma struct {
	at         token.Pos
	kind, name string // kind: "attributes" or "binding"
}

// pragmaTarget checks the identifier a well-formed #pragma D attributes
// or binding names (args, after the attributes or version), as
// dt_pragma_attributes() and dt_pragma_binding() do: a built-in, or an
// identifier another source defined, may not be modified; one not yet
// defined waits for its declaration. godtrace keeps neither stability
// attributes nor version bindings, so nothing else changes.
func (c *checker) pragmaTarget(p *ast.Pragma, kind string, args []string) {
	name := args[0]
	if kind == "attributes" && name == "provider" {
		return // a provider's attributes: godtrace keeps none
	}
	at, found := c.globalAt(name)
	switch {
	case !found:
		c.pending = append(c.pending, pendingPragma{at: p.At, kind: kind, name: name})
	case at == token.NoPos || c.source(at) != c.source(p.At):
		c.error(p.At, tag.PragmaScope, kind)
	}
}

// globalAt finds name among the identifiers of D's global scope, and
// where it was declared: token.NoPos for a built-in.
func (c *checker) globalAt(name string) (token.Pos, bool) {
	if _, ok := c.builtinKind(name); ok {
		return token.NoPos, true
	}
	if in, ok := c.inlines[name]; ok {
		return in.name.At, true
	}
	if ec, ok := c.enums[name]; ok {
		return ec.at, true
	}
	if v := c.globals[name]; v != nil && v.Type.Kind != Invalid {
		return v.Pos, true
	}
	return token.NoPos, false
}

// defined notes that a declaration defined the global identifier name,
// which the pragmas waiting for it apply to.
func (c *checker) defined(name string) {
	kept := c.pending[:0]
	for _, p := range c.pending {
		if p.name != name {
			kept = append(kept, p)
		}
	}
	c.pending = kept
}

// unusedPragmas reports the pragmas of a source whose identifier none of
// its declarations defined, as dt_idpragma() does.
func (c *checker) unusedPragmas() {
	for _, p := range c.pending {
		c.error(p.at, tag.PragmaUnused, p.kind)
	}
	c.pending = nil
}

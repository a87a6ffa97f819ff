package parser

import (
	"math"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/lang/token"
)

// Program = { Item } .
// Item = Clause | Declaration | InlineDecl | TranslatorDecl | ProviderDecl | pragma .
func (p *parser) program() *ast.Program {
	prog := &ast.Program{File: p.file}
	for p.tok.Kind != token.EOF {
		prog.Decls = p.flushPragmas(prog.Decls)
		n := p.ntok
		if d := p.item(); d != nil {
			prog.Decls = append(prog.Decls, d)
		}
		if p.ntok == n { // no progress: drop the offending token
			p.syntaxError()
			p.next()
		}
	}
	prog.Decls = p.flushPragmas(prog.Decls)
	prog.Macros = p.macros
	return prog
}

// flushPragmas appends the pragmas met so far: those before an item, and
// those inside the item just parsed, which DTrace has applied by the end
// of that item.
func (p *parser) flushPragmas(decls []ast.Decl) []ast.Decl {
	for _, pr := range p.pragmas {
		decls = append(decls, pr)
	}
	p.pragmas = p.pragmas[:0]
	return decls
}

func (p *parser) item() ast.Decl {
	switch p.tok.Kind {
	case token.PROBE, token.INT:
		return p.clause()
	case token.INLINE:
		return p.inlineDecl()
	case token.TRANSLATOR:
		return p.translatorDecl()
	case token.PROVIDER:
		return p.providerDecl()
	case token.LBRACE:
		// A body with no probe description: report it once and skip it.
		p.syntaxError()
		p.block()
		return nil
	}
	if p.startsDecl() {
		return p.declaration()
	}
	return nil // program reports the token
}

// Clause = ProbeDesc { "," ProbeDesc } [ "/" Expr "/" ] [ Block ] .
//
// A clause without a body takes the default action. DTrace accepts one
// only from the command line (dtrace -n BEGIN), which is a token.File
// without a name; in a script file it is an error.
func (p *parser) clause() *ast.Clause {
	c := &ast.Clause{At: p.tok.Pos}
	c.Probes = append(c.Probes, p.probeDesc())
	for p.got(token.COMMA) {
		if p.tok.Kind != token.PROBE && p.tok.Kind != token.INT {
			p.syntaxError()
			break
		}
		c.Probes = append(c.Probes, p.probeDesc())
	}
	if p.got(token.QUO) {
		c.Pred = p.predicate()
		if p.tok.Kind != token.LBRACE {
			p.error(c.Pred.Pos(), tag.SyntaxNoActions)
			return c
		}
	}
	if p.tok.Kind != token.LBRACE {
		if p.file.Name != "" {
			p.error(c.At, tag.SyntaxNoBody)
		}
		return c
	}
	c.Lbrace = p.tok.Pos
	p.next()
	c.Body = p.stmtList()
	c.Rbrace = p.tok.Pos
	p.expect(token.RBRACE)
	return c
}

// predicate parses the expression after the opening '/' and the closing
// EPRED. After an error it skips to the closing slash or the body.
func (p *parser) predicate() ast.Expr {
	n0 := p.nerr
	x := p.expr()
	if p.tok.Kind != token.EPRED && p.nerr == n0 {
		p.syntaxError()
	}
	for p.tok.Kind != token.EPRED && p.tok.Kind != token.LBRACE && p.tok.Kind != token.EOF {
		p.next()
	}
	p.got(token.EPRED)
	return x
}

// ProbeDesc = [ [ [ provider ":" ] module ":" ] function ":" ] name | int .
//
// The fields written are the rightmost of those the source's ProbeSpec
// allows: under dtrace -m, "a:b" is provider a, module b, and so is
// ":a:b". A number is a
// probe identifier, which only a description ending with the name may
// be; the compiler looks it up.
func (p *parser) probeDesc() *ast.ProbeDesc {
	t := p.tok
	p.next()
	d := &ast.ProbeDesc{At: t.Pos, Text: t.Text}
	if t.Kind == token.INT {
		switch {
		case t.Value > math.MaxUint32:
			p.error(t.Pos, tag.PdescInvalIDMax, t.Value)
		case p.spec != ast.SpecName:
			p.error(t.Pos, tag.PdescInvalIDSpec, t.Value, p.spec.Plural())
		}
		d.ByID, d.ID = true, uint32(t.Value)
		return d
	}
	fields := splitProbe(t.Text)
	if len(fields) > 1 && fields[0] == "" {
		// dtrace_xstr2desc() reads the fields from the right, each
		// with the colon before it, and stops at the start of the
		// text: a leading colon ends a field, and begins none.
		fields = fields[1:]
	}
	n := p.spec.Fields()
	if len(fields) > n {
		p.error(t.Pos, tag.PdescInval, t.Text, "Overspecified probe description")
		return d
	}
	dst := []*string{&d.Provider, &d.Module, &d.Function, &d.Name}[n-len(fields) : n]
	for i, f := range fields {
		*dst[i] = f
	}
	return d
}

// splitProbe splits a probe description at its colons. A colon inside a
// [...] glob class, or escaped with a backslash, does not separate fields.
func splitProbe(s string) []string {
	var fields []string
	start, inClass := 0, false
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '[':
			inClass = true
		case ']':
			inClass = false
		case ':':
			if !inClass {
				fields = append(fields, s[start:i])
				start = i + 1
			}
		}
	}
	return append(fields, s[start:])
}

package parser

import (
	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/lang/token"
)

// startsDecl reports whether the current token begins a top-level
// declaration. The scanner has already told declarations from probe
// descriptions, so any keyword or type name that can begin one counts.
func (p *parser) startsDecl() bool {
	k := p.tok.Kind
	return storageClasses[k] || k == token.IDENT || p.startsType(p.tok)
}

// failed reports whether errors were reported since n0 and, if so, skips
// the rest of the construct. It must be called before the construct's
// final ';' is consumed.
func (p *parser) failed(n0 int) bool {
	if p.nerr > n0 {
		p.skipPast()
		return true
	}
	return false
}

// finish consumes the closing tokens of a declaration, such as "}" ";".
// It reports whether the declaration parsed without errors since n0; if
// not, it skips the rest of the declaration.
func (p *parser) finish(n0 int, closers ...token.Kind) bool {
	if p.failed(n0) {
		return false
	}
	for _, k := range closers {
		if !p.got(k) {
			p.syntaxError()
			p.skipPast()
			return false
		}
	}
	return true
}

// Declaration = Specs [ Declarator { "," Declarator } ] ";" .
//
// It yields a VarDecl, or a TypeDecl for a typedef or for a type declared
// alone: a struct, union or enum, or, as DTrace's grammar allows, any
// other type, which declares nothing (the checker's D_DECL_USELESS).
// Typedef names are recorded at once, so that the scanner sees them when
// it scans the next item.
func (p *parser) declaration() ast.Decl {
	pos, n0 := p.tok.Pos, p.nerr
	typ := &ast.TypeExpr{}
	class, ok := p.specs(typ, declSpecs)
	if !ok || p.failed(n0) {
		return nil
	}
	var names []*ast.Declarator
	if p.tok.Kind != token.SEMI {
		names = p.declarators()
	}
	if class == token.TYPEDEF {
		for _, d := range names {
			p.typedefs[d.Name] = true
		}
	}
	if !p.finish(n0, token.SEMI) {
		return nil
	}
	switch {
	case class == token.TYPEDEF:
		return &ast.TypeDecl{At: pos, Typedef: true, Type: typ, Names: names}
	case len(names) == 0:
		return &ast.TypeDecl{At: pos, Type: typ}
	}
	return &ast.VarDecl{At: pos, Class: class, Type: typ, Names: names}
}

func (p *parser) declarators() []*ast.Declarator {
	var names []*ast.Declarator
	for {
		d := p.declarator()
		if d == nil {
			return names
		}
		names = append(names, d)
		if !p.got(token.COMMA) {
			return names
		}
	}
}

// Declarator = { "*" { TypeQualifier } } DirectDeclarator .
// DirectDeclarator = ( ident | "(" Declarator ")" ) { ArraySuffix | FuncSuffix } .
func (p *parser) declarator() *ast.Declarator {
	return p.directDeclarator(p.pointers())
}

// directDeclarator parses what follows a declarator's ptr leading stars.
func (p *parser) directDeclarator(ptr int) *ast.Declarator {
	var d *ast.Declarator
	switch p.tok.Kind {
	case token.IDENT:
		d = &ast.Declarator{At: p.tok.Pos, Name: p.tok.Text, Ptr: ptr}
		p.next()
	case token.LPAREN:
		if !p.enter() {
			return nil
		}
		p.next()
		inner := p.declarator()
		p.leave()
		if inner == nil {
			return nil
		}
		if !p.got(token.RPAREN) {
			p.syntaxError()
			return nil
		}
		d = &ast.Declarator{At: inner.At, Name: inner.Name, Ptr: ptr, Inner: inner}
	default:
		p.syntaxError()
		return nil
	}
	for {
		switch p.tok.Kind {
		case token.LBRACK:
			p.arraySuffix(d)
		case token.LPAREN:
			p.funcSuffix(d)
		default:
			return d
		}
	}
}

// ArraySuffix = "[" [ KeyList | CondExpr { "," CondExpr } ] "]" .
// KeyList     = "..." | Key { "," Key } [ "," "..." ] .
// Key         = [ StorageClass ] TypeName [ ident ] .
//
// Type names make an associative array's key signature (int a[string,
// int]), or an inline's parameters, which are named (inline int
// sq[int x]); expressions are array dimensions (int v[4]). A variable
// argument list is parsed here for the checker to refuse, as DTrace's
// grammar takes it in any parameter list.
func (p *parser) arraySuffix(d *ast.Declarator) {
	p.next()
	switch {
	case p.tok.Kind == token.RBRACK:
		d.Arrays = append(d.Arrays, []ast.Expr{})
	case p.startsParam():
		for {
			if p.tok.Kind == token.ELLIPSIS {
				d.KeyVarargs = p.tok.Pos
				p.next()
				break
			}
			class := p.paramClass()
			d.Keys = append(d.Keys, p.typeName())
			name := ""
			if p.tok.Kind == token.IDENT {
				name = p.tok.Text
				p.next()
			}
			p.checkParamClass(class)
			d.Params = append(d.Params, name)
			if !p.got(token.COMMA) {
				break
			}
		}
	default:
		var dims []ast.Expr
		for {
			dims = append(dims, p.condExpr())
			if !p.got(token.COMMA) {
				break
			}
		}
		d.Arrays = append(d.Arrays, dims)
	}
	p.expect(token.RBRACK)
}

// startsParam reports whether the current token begins a parameter
// list: a type, a storage class, or "...".
func (p *parser) startsParam() bool {
	k := p.tok.Kind
	return p.startsType(p.tok) || k == token.ELLIPSIS || paramClasses[k]
}

// paramClasses are the storage classes DTrace's grammar takes before a
// parameter's type (storage_class_specifier), which it then refuses all
// but register of.
var paramClasses = map[token.Kind]bool{
	token.AUTO: true, token.REGISTER: true, token.STATIC: true, token.EXTERN: true, token.TYPEDEF: true,
}

// paramClass consumes the storage classes before a parameter's type and
// returns the last, reporting a second one as declarations do.
func (p *parser) paramClass() token.Kind {
	var class token.Kind
	for paramClasses[p.tok.Kind] {
		if class != 0 {
			p.error(p.tok.Pos, tag.DeclClass)
		}
		class = p.tok.Kind
		p.next()
	}
	return class
}

// checkParamClass refuses a parameter's storage class other than
// register once the parameter is parsed, where DTrace checks it
// (dt_decl_pop_param).
func (p *parser) checkParamClass(class token.Kind) {
	if class != 0 && class != token.REGISTER {
		p.error(p.tok.Pos, tag.DeclParmclass)
	}
}

// FuncSuffix = "(" [ "..." | Param { "," Param } [ "," "..." ] ] ")" .
// Param      = [ StorageClass ] Specs ( Declarator | AbstractDeclarator ) .
func (p *parser) funcSuffix(d *ast.Declarator) {
	f := &ast.FuncParams{Lparen: p.tok.Pos}
	p.next()
	for p.tok.Kind != token.RPAREN {
		if p.tok.Kind == token.ELLIPSIS {
			f.Varargs = p.tok.Pos
			p.next()
			break
		}
		prm := p.param()
		if prm == nil {
			return
		}
		f.Params = append(f.Params, prm)
		if !p.got(token.COMMA) {
			break
		}
	}
	p.expect(token.RPAREN)
	d.Func = f
}

// param parses one parameter of a function declarator.
func (p *parser) param() *ast.Param {
	class := p.paramClass()
	t := &ast.TypeExpr{}
	if class != 0 && !p.startsType(p.tok) {
		t.At, t.Name = p.tok.Pos, "int" // register x: an int, as declarations
	} else if _, ok := p.specs(t, memberSpecs); !ok {
		return nil
	}
	prm := &ast.Param{Type: t}
	ptr := p.pointers()
	if p.tok.Kind == token.IDENT || p.tok.Kind == token.LPAREN && (p.peek().Kind == token.MUL || p.peek().Kind == token.IDENT) {
		if prm.Decl = p.directDeclarator(ptr); prm.Decl == nil {
			return nil
		}
	} else {
		t.Ptr = ptr
		p.abstractArrays(t)
	}
	p.checkParamClass(class)
	return prm
}

// StructBody = "{" MemberDecl { MemberDecl } "}" .
func (p *parser) structBody() []*ast.Member {
	p.next()
	if p.tok.Kind == token.RBRACE {
		p.syntaxError() // D has no empty struct or union
	}
	members := []*ast.Member{}
	for p.tok.Kind != token.RBRACE && p.tok.Kind != token.EOF {
		n, n0 := p.ntok, p.nerr
		members = append(members, p.memberDecl()...)
		p.failed(n0)
		if p.ntok == n {
			p.syntaxError()
			p.next()
		}
	}
	p.expect(token.RBRACE)
	return members
}

// MemberDecl = Specs MemberDeclarator { "," MemberDeclarator } ";" .
// MemberDeclarator = Declarator [ ":" CondExpr ] | ":" CondExpr .
func (p *parser) memberDecl() []*ast.Member {
	typ := &ast.TypeExpr{}
	if _, ok := p.specs(typ, memberSpecs); !ok {
		return nil
	}
	var members []*ast.Member
	for {
		m := &ast.Member{At: p.tok.Pos, Type: typ}
		if p.tok.Kind != token.COLON {
			if m.Decl = p.declarator(); m.Decl == nil {
				return members
			}
		}
		if p.got(token.COLON) {
			m.Width = p.condExpr()
		}
		members = append(members, m)
		if !p.got(token.COMMA) {
			break
		}
	}
	p.expect(token.SEMI)
	return members
}

// EnumBody = "{" Enumerator { "," Enumerator } "}" .
// Enumerator = ident [ "=" CondExpr ] .
//
// As in DTrace's grammar, an enum has an enumerator, and no comma
// follows the last.
func (p *parser) enumBody() []*ast.Enumerator {
	p.next()
	enums := []*ast.Enumerator{}
	for {
		if p.tok.Kind != token.IDENT {
			p.syntaxError()
			return enums
		}
		e := &ast.Enumerator{At: p.tok.Pos, Name: p.tok.Text}
		p.next()
		if p.got(token.ASSIGN) {
			e.Value = p.condExpr()
		}
		e.End = p.tok.Pos
		enums = append(enums, e)
		if !p.got(token.COMMA) {
			break
		}
	}
	p.expect(token.RBRACE)
	return enums
}

// InlineDecl = "inline" Specs Declarator "=" AssignExpr ";" .
func (p *parser) inlineDecl() ast.Decl {
	pos, n0 := p.tok.Pos, p.nerr
	p.next()
	typ := &ast.TypeExpr{}
	if _, ok := p.specs(typ, declSpecs); !ok || p.failed(n0) {
		return nil
	}
	d := p.declarator()
	if d == nil || p.failed(n0) {
		return nil
	}
	p.expect(token.ASSIGN)
	if p.failed(n0) {
		return nil
	}
	d.Init = p.assignExpr()
	if !p.finish(n0, token.SEMI) {
		return nil
	}
	return &ast.InlineDecl{At: pos, Type: typ, Decl: d, Init: d.Init}
}

// TranslatorDecl = "translator" TypeName "<" TypeName ident ">"
//
//	"{" { XlateMember } "}" ";" .
func (p *parser) translatorDecl() ast.Decl {
	x := &ast.TranslatorDecl{At: p.tok.Pos}
	n0 := p.nerr
	p.next()
	x.Out = p.typeName()
	p.expect(token.LSS)
	if p.failed(n0) {
		return nil
	}
	x.In = p.typeName()
	if p.tok.Kind == token.IDENT {
		x.InName = p.tok.Text
		p.next()
	} else {
		p.syntaxError()
	}
	p.expect(token.GTR)
	p.expect(token.LBRACE)
	if p.failed(n0) {
		return nil
	}
	x.Members = p.xlateMembers() // recovers from its own errors
	if !p.finish(p.nerr, token.RBRACE) {
		return nil
	}
	x.End = p.tok.Pos
	if !p.finish(p.nerr, token.SEMI) || p.nerr > n0 {
		return nil
	}
	return x
}

// XlateMember = ident "=" AssignExpr ";" .
func (p *parser) xlateMembers() []*ast.XlateMember {
	var members []*ast.XlateMember
	for p.tok.Kind != token.RBRACE && p.tok.Kind != token.EOF {
		n, n0 := p.ntok, p.nerr
		if p.tok.Kind != token.IDENT {
			p.syntaxError()
		} else {
			m := &ast.XlateMember{At: p.tok.Pos, Name: p.tok.Text}
			p.next()
			p.expect(token.ASSIGN)
			m.X = p.assignExpr()
			p.expect(token.SEMI)
			members = append(members, m)
		}
		p.failed(n0)
		if p.ntok == n {
			p.next()
		}
	}
	return members
}

// ProviderDecl = "provider" ident "{" { ProbeDecl } "}" ";" .
// ProbeDecl = "probe" ident Params [ ":" Params ] ";" .
func (p *parser) providerDecl() ast.Decl {
	d := &ast.ProviderDecl{At: p.tok.Pos}
	n0 := p.nerr
	p.next()
	if p.tok.Kind != token.IDENT {
		p.syntaxError()
		p.skipPast()
		return nil
	}
	d.Name = p.tok.Text
	p.next()
	p.expect(token.LBRACE)
	if p.failed(n0) {
		return nil
	}
	for p.tok.Kind == token.PROBEKW {
		pr := &ast.ProbeDecl{At: p.tok.Pos}
		p.next()
		if p.tok.Kind != token.IDENT {
			p.syntaxError()
			break
		}
		pr.Name = p.tok.Text
		p.next()
		pr.Args = p.params()
		if p.got(token.COLON) {
			pr.XArgs = p.params()
			if pr.XArgs == nil {
				pr.XArgs = []*ast.TypeExpr{}
			}
		}
		p.expect(token.SEMI)
		if p.failed(n0) {
			return nil
		}
		d.Probes = append(d.Probes, pr)
	}
	if !p.finish(p.nerr, token.RBRACE, token.SEMI) || p.nerr > n0 {
		return nil
	}
	return d
}

// Params = "(" [ "void" | Param { "," Param } ] ")" .
// Param = TypeName [ ident ] .
func (p *parser) params() []*ast.TypeExpr {
	p.expect(token.LPAREN)
	var args []*ast.TypeExpr
	for p.tok.Kind != token.RPAREN && p.tok.Kind != token.EOF {
		t := p.typeName()
		if p.tok.Kind == token.IDENT {
			p.next() // the parameter's name, which says nothing here
		}
		if !(t.Name == "void" && t.Ptr == 0 && len(args) == 0 && p.tok.Kind == token.RPAREN) {
			args = append(args, t)
		}
		if !p.got(token.COMMA) {
			break
		}
	}
	p.expect(token.RPAREN)
	return args
}

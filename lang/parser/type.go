package parser

import (
	"strings"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/scanner"
	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/lang/token"
)

// wellKnownTypes are typedef names that a D program may use in casts
// without declaring them: C's fixed-width integers and the system
// typedefs that DTrace's own headers provide.
var wellKnownTypes = map[string]bool{
	"int8_t": true, "int16_t": true, "int32_t": true, "int64_t": true,
	"uint8_t": true, "uint16_t": true, "uint32_t": true, "uint64_t": true,
	"intptr_t": true, "uintptr_t": true, "size_t": true, "ssize_t": true,
	"pid_t": true, "uid_t": true, "gid_t": true, "id_t": true, "off_t": true,
	"caddr_t": true, "boolean_t": true, "dev_t": true, "ino_t": true,
	"mode_t": true, "time_t": true, "hrtime_t": true, "processorid_t": true,
	"zoneid_t": true, "taskid_t": true, "projid_t": true, "lwpid_t": true,
}

// isTypeName reports whether name is a type name: a typedef declared
// earlier in the program, a well-known one, or one the environment knows
// (D's built-in typedefs, the kernel's).
func (p *parser) isTypeName(name string) bool {
	return p.declaredTypeName(name) || p.isType != nil && p.isType(name)
}

// declaredTypeName is isTypeName without asking the environment, which
// may have to load the kernel's types to answer.
func (p *parser) declaredTypeName(name string) bool {
	return p.typedefs[name] || wellKnownTypes[name]
}

// startsCast reports whether the tokens after the current "(" begin a
// type name. An identifier the program does not know as a type is asked
// of the environment only when ")" or "*" follows it, the only way a
// cast to a typedef can go on, so that "(x + 1)" costs no kernel types.
func (p *parser) startsCast() bool {
	t := p.peek()
	if t.Kind != token.IDENT || p.declaredTypeName(t.Text) {
		return p.startsType(t)
	}
	switch p.peekAt(1).Kind {
	case token.RPAREN, token.MUL:
		return p.isTypeName(t.Text)
	}
	return false
}

// startsType reports whether t begins a type name. With startsCast it is
// where the parser tells types from expressions: whether "(" starts a
// cast or sizeof(type) rather than a parenthesized expression. An
// identifier starts a type only if it is a known type name, so "(x)"
// stays an expression while "(uint64_t)x" is a cast.
func (p *parser) startsType(t scanner.Token) bool {
	if basicTypes[t.Kind] || qualifiers[t.Kind] {
		return true
	}
	switch t.Kind {
	case token.STRUCT, token.UNION, token.ENUM:
		return true
	case token.IDENT:
		return p.isTypeName(t.Text)
	}
	return false
}

var basicTypes = map[token.Kind]bool{
	token.VOID: true, token.CHARKW: true, token.SHORT: true, token.INTKW: true,
	token.LONG: true, token.FLOAT: true, token.DOUBLE: true, token.SIGNED: true,
	token.UNSIGNED: true, token.STRINGKW: true,
}

var qualifiers = map[token.Kind]bool{
	token.CONST: true, token.VOLATILE: true, token.RESTRICT: true, token.USERLAND: true,
}

var storageClasses = map[token.Kind]bool{
	token.AUTO: true, token.REGISTER: true, token.STATIC: true, token.EXTERN: true,
	token.TYPEDEF: true, token.SELF: true, token.THIS: true,
}

// specMode says where specifiers are parsed, which changes what an
// identifier means.
type specMode int

const (
	// typeNameSpecs: where a type is required (casts, sizeof, xlate,
	// offsetof, translators). An identifier in first place is the type.
	typeNameSpecs specMode = iota
	// memberSpecs: struct and union members. An identifier in first
	// place is a type if it is known, or if a declarator follows it.
	memberSpecs
	// declSpecs: declarations, which also take storage classes.
	declSpecs
)

// Specs = { StorageClass | TypeQualifier | TypeSpecifier } .
// StorageClass = "auto" | "register" | "static" | "extern" | "typedef" | "self" | "this" .
// TypeQualifier = "const" | "volatile" | "restrict" | "userland" .
// TypeSpecifier = "void" | "char" | "short" | "int" | "long" | "float" | "double"
//
//	| "signed" | "unsigned" | "string" | TaggedType | typedef_name .
//
// specs fills in t.At, t.Name and t.Quals and returns the storage class.
// It reports false, after a syntax error, if there is no type specifier.
func (p *parser) specs(t *ast.TypeExpr, mode specMode) (class token.Kind, ok bool) {
	var words []string // basic type words, as written: "unsigned long"
	named := false     // a tagged type or typedef name was seen
	var a declAttrs
loop:
	for {
		k := p.tok.Kind
		if !t.At.IsValid() && !(storageClasses[k] && mode == declSpecs) {
			t.At = p.tok.Pos // the type starts after any storage class
		}
		switch {
		case storageClasses[k] && mode == declSpecs:
			if class != 0 {
				p.error(p.tok.Pos, tag.DeclClass)
			}
			class = k
		case qualifiers[k]:
			t.Quals = append(t.Quals, k)
		case basicTypes[k] && !named:
			words = append(words, p.tok.Text)
			p.declAttr(&a, p.tok)
		case k == token.STRUCT || k == token.UNION || k == token.ENUM:
			combo := named || a.kind != ""
			at := p.tagged(t)
			if combo {
				p.error(at, tag.DeclCombo)
				return class, false
			}
			named = true
			a.kind = "tag"
			p.checkAttrs(&a, at)
			continue
		case k == token.IDENT && !named && len(words) == 0 && p.identIsType(mode):
			t.Name = p.tok.Text
			named = true
			a.kind = "typedef"
		case basicTypes[k]: // after a tagged type or typedef name
			p.declAttr(&a, p.tok)
		default:
			break loop
		}
		p.next()
	}
	if !named {
		switch {
		case len(words) > 0:
			t.Name = strings.Join(words, " ")
		case class != 0:
			// Storage class alone: self x; declares an int, as
			// dt_decl_top makes a declaration without a type.
			t.Name = "int"
		default:
			p.syntaxError()
			return class, false
		}
	}
	return class, true
}

// declAttrs is what DTrace's dt_decl_spec and dt_decl_attr record of a
// declaration's specifiers, to check them as dt_decl_check does: the
// type's kind word, and the attributes (short, long, signed, unsigned).
type declAttrs struct {
	kind                    string // "void", "char", "int", "float", "double", "string", "tag", "typedef", "" while none
	short, signed, unsigned bool
	long                    int
	bad                     bool // an error was reported
}

// declAttr adds a basic type word to a, reporting a second type word
// (int char) as DTrace does, then checks the combination.
func (p *parser) declAttr(a *declAttrs, tok scanner.Token) {
	switch tok.Kind {
	case token.SHORT:
		a.short = true
	case token.LONG:
		a.long++
	case token.SIGNED:
		a.signed = true
	case token.UNSIGNED:
		a.unsigned = true
	default:
		if a.kind != "" && !a.bad {
			a.bad = true
			p.error(tok.Pos, tag.DeclCombo)
			return
		}
		a.kind = tok.Text
	}
	p.checkAttrs(a, tok.Pos)
}

// checkAttrs reports attributes that do not go with the type's kind,
// in dt_decl_check's order. DTrace makes these checks as each specifier
// is reduced, so a tagged type's are at its "{" or the token after its
// name.
func (p *parser) checkAttrs(a *declAttrs, pos token.Pos) {
	if a.kind == "" || a.bad {
		return
	}
	sign := a.signed || a.unsigned
	integer := a.kind == "void" || a.kind == "char" || a.kind == "int"
	var m tag.Msg
	switch {
	case a.kind == "char" && (a.short || a.long > 0):
		m = tag.DeclCharattr
	case a.kind == "void" && (a.short || a.long > 0 || sign):
		m = tag.DeclVoidattr
	case !integer && sign:
		m = tag.DeclSignint
	case !integer && a.kind != "float" && a.kind != "double" && a.long > 0:
		m = tag.DeclLongint
	default:
		return
	}
	a.bad = true
	p.error(pos, m)
}

// identIsType decides whether the identifier at the start of specifiers
// names a type. With the environment's type names (ParseFileTypes), a
// name that is not one is not a type, as DTrace's lexer makes it an
// identifier: a syntax error where a type must be, the declarator's name
// after a storage class ("typedef pint new_int;" errs at new_int).
// Without them, unknown names are accepted where nothing else could
// follow, and left to the checker to resolve.
func (p *parser) identIsType(mode specMode) bool {
	if p.isTypeName(p.tok.Text) {
		return true
	}
	if p.isType != nil {
		return false
	}
	if mode == typeNameSpecs {
		return true
	}
	next := p.peek()
	return next.Kind == token.IDENT || next.Kind == token.MUL
}

// TaggedType = ( "struct" | "union" ) [ ident ] [ StructBody ]
//
//	| "enum" [ ident ] [ EnumBody ] .
//
// tagged returns the position of the "{" that opens the body, or of the
// token after the name: where DTrace's grammar declares the type.
func (p *parser) tagged(t *ast.TypeExpr) token.Pos {
	kw := p.tok
	p.next()
	t.Name = kw.Text
	if p.tok.Kind == token.IDENT {
		t.Name += " " + p.tok.Text
		p.next()
	}
	at := p.tok.Pos
	if p.tok.Kind != token.LBRACE {
		if t.Name == kw.Text { // neither a tag nor a body
			p.syntaxError()
		}
		return at
	}
	if t.Name != kw.Text {
		// Redefined within the file; the checker finds a type an
		// earlier source defined.
		if p.defined[t.Name] {
			p.error(at, tag.DeclTypered, t.Name)
		}
		p.defined[t.Name] = true
	}
	if kw.Kind == token.ENUM {
		t.Enums = p.enumBody()
	} else {
		t.Members = p.structBody()
	}
	return at
}

// TypeName = Specs AbstractDeclarator .
// AbstractDeclarator = { "*" { TypeQualifier } } [ DirectAbstract ] .
// DirectAbstract = [ "(" AbstractDeclarator ")" ] { "[" [ CondExpr ] "]" | FuncSuffix } .
//
// As in DTrace's grammar, a type name may be a function type (int (int))
// or a pointer to one (int (*)(void)). Without a parenthesis the type
// is kept in Ptr and Arrays; with one, in Abstract.
func (p *parser) typeName() *ast.TypeExpr {
	t := &ast.TypeExpr{}
	if _, ok := p.specs(t, typeNameSpecs); !ok {
		return t
	}
	ptr := p.pointers()
	if p.tok.Kind != token.LPAREN {
		t.Ptr = ptr
		p.abstractArrays(t)
		return t
	}
	t.Abstract = p.abstractDeclarator(ptr)
	return t
}

// abstractDeclarator parses a DirectAbstract after ptr leading stars,
// returning a declarator without a name, or nil after a syntax error.
func (p *parser) abstractDeclarator(ptr int) *ast.Declarator {
	d := &ast.Declarator{At: p.tok.Pos, Ptr: ptr}
	if p.tok.Kind == token.LPAREN {
		switch p.peek().Kind {
		case token.MUL, token.LPAREN, token.LBRACK:
			if !p.enter() {
				return nil
			}
			p.next()
			inner := p.abstractDeclarator(p.pointers())
			p.leave()
			if inner == nil {
				return nil
			}
			if !p.got(token.RPAREN) {
				p.syntaxError()
				return nil
			}
			d.Inner = inner
		}
	}
	for {
		switch p.tok.Kind {
		case token.LBRACK:
			p.next()
			dims := []ast.Expr{}
			if p.tok.Kind != token.RBRACK {
				dims = append(dims, p.condExpr())
			}
			d.Arrays = append(d.Arrays, dims)
			p.expect(token.RBRACK)
		case token.LPAREN:
			p.funcSuffix(d)
		default:
			return d
		}
	}
}

// abstractArrays parses an abstract declarator's { "[" [ CondExpr ] "]" }.
func (p *parser) abstractArrays(t *ast.TypeExpr) {
	for p.tok.Kind == token.LBRACK {
		p.next()
		var dim ast.Expr
		if p.tok.Kind != token.RBRACK {
			dim = p.condExpr()
		}
		t.Arrays = append(t.Arrays, dim)
		p.expect(token.RBRACK)
	}
}

// pointers parses { "*" { TypeQualifier } } and returns the number of
// stars. Qualifiers of the pointer itself are not recorded.
func (p *parser) pointers() int {
	n := 0
	for p.got(token.MUL) {
		n++
		for qualifiers[p.tok.Kind] {
			p.next()
		}
	}
	return n
}

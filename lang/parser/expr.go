package parser

import (
	"math"
	"strings"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/scanner"
	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/lang/token"
)

// bad returns a placeholder for an expression that could not be parsed.
func (p *parser) bad(pos token.Pos) ast.Expr { return &ast.Ident{At: pos} }

// Expr = AssignExpr { "," AssignExpr } .
func (p *parser) expr() ast.Expr {
	x := p.assignExpr()
	for p.tok.Kind == token.COMMA {
		pos := p.tok.Pos
		p.next()
		x = &ast.BinaryExpr{Op: token.COMMA, OpPos: pos, X: x, Y: p.assignExpr()}
	}
	return x
}

// AssignExpr = CondExpr | UnaryExpr AssignOp AssignExpr .
// AssignOp = "=" | "+=" | "-=" | "*=" | "/=" | "%=" | "&=" | "|=" | "^=" | "<<=" | ">>=" .
func (p *parser) assignExpr() ast.Expr {
	if !p.enter() {
		return p.bad(p.tok.Pos)
	}
	defer p.leave()
	x := p.condExpr()
	op := p.tok.Kind
	if !isAssignOp(op) {
		return x
	}
	if !isUnaryExpr(x) {
		p.syntaxError() // a + b = c: the grammar wants a unary expression on the left
	}
	pos := p.tok.Pos
	p.next()
	return &ast.AssignExpr{Op: op, OpPos: pos, X: x, Y: p.assignExpr()}
}

func isAssignOp(k token.Kind) bool {
	switch k {
	case token.ASSIGN, token.ADDEQ, token.SUBEQ, token.MULEQ, token.QUOEQ, token.REMEQ,
		token.ANDEQ, token.OREQ, token.XOREQ, token.SHLEQ, token.SHREQ:
		return true
	}
	return false
}

func isUnaryExpr(x ast.Expr) bool {
	switch x.(type) {
	case *ast.BinaryExpr, *ast.CondExpr, *ast.AssignExpr, *ast.CastExpr:
		return false
	}
	return true
}

// CondExpr = BinaryExpr [ "?" Expr ":" CondExpr ] .
func (p *parser) condExpr() ast.Expr {
	x := p.binaryExpr(1)
	if p.tok.Kind != token.QUEST {
		return x
	}
	if !p.enter() {
		return x
	}
	defer p.leave()
	p.next()
	t := p.expr()
	p.expect(token.COLON)
	return &ast.CondExpr{C: x, T: t, F: p.condExpr()}
}

// precedence returns the binding power of binary operator k, or 0.
// D puts ^^ between || and &&.
func precedence(k token.Kind) int {
	switch k {
	case token.LOR:
		return 1
	case token.LXOR:
		return 2
	case token.LAND:
		return 3
	case token.OR:
		return 4
	case token.XOR:
		return 5
	case token.AND:
		return 6
	case token.EQL, token.NEQ:
		return 7
	case token.LSS, token.GTR, token.LEQ, token.GEQ:
		return 8
	case token.SHL, token.SHR:
		return 9
	case token.ADD, token.SUB:
		return 10
	case token.MUL, token.QUO, token.REM:
		return 11
	}
	return 0
}

// BinaryExpr = UnaryExpr { binary_op UnaryExpr } .
// Operators of equal precedence associate to the left.
func (p *parser) binaryExpr(prec1 int) ast.Expr {
	x := p.unaryExpr()
	for {
		prec := precedence(p.tok.Kind)
		if prec < prec1 {
			return x
		}
		op, pos := p.tok.Kind, p.tok.Pos
		p.next()
		x = &ast.BinaryExpr{Op: op, OpPos: pos, X: x, Y: p.binaryExpr(prec + 1)}
	}
}

// UnaryExpr = PostfixExpr
//
//	| ( "++" | "--" | "-" | "+" | "!" | "~" | "*" | "&" ) UnaryExpr
//	| "sizeof" UnaryExpr | "sizeof" "(" TypeName ")"
//	| "stringof" UnaryExpr
//	| "(" TypeName ")" UnaryExpr .
func (p *parser) unaryExpr() ast.Expr {
	if !p.enter() {
		return p.bad(p.tok.Pos)
	}
	defer p.leave()
	pos := p.tok.Pos
	switch k := p.tok.Kind; k {
	case token.INC, token.DEC, token.SUB, token.ADD, token.NOT, token.TILDE, token.MUL, token.AND:
		p.next()
		return &ast.UnaryExpr{At: pos, Op: k, X: p.unaryExpr()}
	case token.SIZEOF:
		return p.sizeofExpr()
	case token.STRINGOF:
		p.next()
		return &ast.StringofExpr{At: pos, X: p.unaryExpr()}
	case token.LPAREN:
		if p.startsCast() {
			return p.castExpr()
		}
	}
	return p.postfixExpr()
}

// castExpr parses "(" TypeName ")" UnaryExpr.
func (p *parser) castExpr() ast.Expr {
	pos := p.tok.Pos
	p.next()
	t := p.typeName()
	p.expect(token.RPAREN)
	return &ast.CastExpr{At: pos, Type: t, X: p.unaryExpr()}
}

func (p *parser) sizeofExpr() ast.Expr {
	pos := p.tok.Pos
	p.next()
	if p.tok.Kind == token.LPAREN && p.startsCast() {
		p.next()
		t := p.typeName()
		p.expect(token.RPAREN)
		return &ast.SizeofExpr{At: pos, Type: t}
	}
	return &ast.SizeofExpr{At: pos, X: p.unaryExpr()}
}

// PostfixExpr = PrimaryExpr { "[" ArgList "]" | "(" [ ArgList ] ")" | "." ident | "->" ident | "++" | "--" } .
func (p *parser) postfixExpr() ast.Expr {
	x := p.primaryExpr()
	for {
		switch p.tok.Kind {
		case token.LBRACK:
			keys, _ := p.argList(token.RBRACK)
			if agg, ok := x.(*ast.AggExpr); ok && agg.Keys == nil {
				agg.Keys = keys // @name[keys] indexes the aggregation itself
			} else {
				x = &ast.IndexExpr{X: x, Keys: keys}
			}
		case token.LPAREN:
			x = p.call(x)
		case token.DOT, token.ARROW:
			x = p.selector(x)
		case token.INC, token.DEC:
			x = &ast.PostfixExpr{Op: p.tok.Kind, X: x}
			p.next()
		default:
			return x
		}
	}
}

func (p *parser) call(fun ast.Expr) ast.Expr {
	lparen := p.tok.Pos
	args, rparen := p.argList(token.RPAREN)
	id, ok := fun.(*ast.Ident)
	if !ok {
		return &ast.FuncExprCall{Fun: fun, Lparen: lparen, Args: args, Rparen: rparen}
	}
	return &ast.CallExpr{Fun: id, Args: args, Rparen: rparen}
}

func (p *parser) selector(x ast.Expr) ast.Expr {
	op := p.tok.Kind
	p.next()
	if p.tok.Kind != token.IDENT {
		p.syntaxError()
		return x
	}
	s := &ast.SelectorExpr{X: x, Op: op, Sel: p.tok.Text, SelAt: p.tok.Pos}
	p.next()
	return s
}

// ArgList = AssignExpr { "," AssignExpr } .
//
// argList parses the list between the current '(' or '[' and close, and
// returns the position of close. Keys in [ ] may not be empty.
func (p *parser) argList(close token.Kind) ([]ast.Expr, token.Pos) {
	p.next()
	var args []ast.Expr
	if p.tok.Kind != close || close == token.RBRACK {
		for {
			args = append(args, p.assignExpr())
			if !p.got(token.COMMA) {
				break
			}
		}
	}
	return args, p.expect(close)
}

// PrimaryExpr = ident | "self" | "this" | int | char | string | macro | agg
//
//	| "(" Expr ")"
//	| "offsetof" "(" TypeName "," ident ")"
//	| "xlate" "<" TypeName ">" "(" Expr ")" .
func (p *parser) primaryExpr() ast.Expr {
	t := p.tok
	switch t.Kind {
	case token.IDENT, token.SELF, token.THIS:
		p.next()
		return &ast.Ident{At: t.Pos, Name: t.Text}
	case token.INT, token.CHAR:
		p.next()
		return p.intLit(t)
	case token.STRING:
		p.next()
		return &ast.StrLit{At: t.Pos, Value: t.Text}
	case token.MACRO, token.MACROSTR:
		p.next()
		m := &ast.MacroVar{At: t.Pos, Name: t.Text, Str: t.Kind == token.MACROSTR}
		p.macros = append(p.macros, m)
		return m
	case token.AGG:
		p.next()
		return &ast.AggExpr{At: t.Pos, Name: t.Text}
	case token.LPAREN:
		p.next()
		x := &ast.ParenExpr{At: t.Pos, X: p.expr()}
		p.expect(token.RPAREN)
		return x
	case token.OFFSETOF:
		return p.offsetof()
	case token.XLATE:
		return p.xlate()
	}
	p.syntaxError()
	if !closesConstruct(t.Kind) {
		p.next()
	}
	return p.bad(t.Pos)
}

// closesConstruct reports whether k ends some enclosing construct, so that
// a missing operand should not consume it.
func closesConstruct(k token.Kind) bool {
	switch k {
	case token.SEMI, token.COMMA, token.COLON, token.RPAREN, token.RBRACK,
		token.LBRACE, token.RBRACE, token.EPRED, token.EOF:
		return true
	}
	return false
}

func (p *parser) offsetof() ast.Expr {
	x := &ast.OffsetofExpr{At: p.tok.Pos}
	p.next()
	n0 := p.nerr
	p.expect(token.LPAREN)
	if p.nerr > n0 {
		return x
	}
	x.Type = p.typeName()
	p.expect(token.COMMA)
	if p.tok.Kind == token.IDENT {
		x.Member = p.tok.Text
		p.next()
	} else if p.nerr == n0 {
		p.syntaxError()
	}
	p.expect(token.RPAREN)
	return x
}

func (p *parser) xlate() ast.Expr {
	x := &ast.XlateExpr{At: p.tok.Pos}
	p.next()
	n0 := p.nerr
	p.expect(token.LSS)
	if p.nerr > n0 {
		x.X = p.bad(x.At)
		return x
	}
	x.Type = p.typeName()
	p.expect(token.GTR)
	p.expect(token.LPAREN)
	x.X = p.expr()
	p.expect(token.RPAREN)
	return x
}

// intLit builds an integer literal, with the flags the checker needs to
// give it a C type. Like DTrace's dt_node_int(), it rejects a constant
// that no type its suffix allows can hold: an unsuffixed or l-suffixed
// decimal above LONG_MAX may only be signed (octal and hex constants
// fall back to unsigned types, as in C).
func (p *parser) intLit(t scanner.Token) *ast.IntLit {
	lit := &ast.IntLit{At: t.Pos, Text: t.Text, Value: t.Value}
	if t.Kind == token.CHAR {
		lit.Char, lit.Decimal = true, true
		return lit
	}
	lit.Decimal = t.Text != "" && t.Text[0] != '0'
	suffix := strings.ToLower(t.Text[len(strings.TrimRight(t.Text, "uUlL")):])
	lit.Unsigned = strings.Contains(suffix, "u")
	switch strings.Count(suffix, "l") {
	case 1:
		lit.Long = true
	case 2:
		lit.LongLong = true
	}
	if lit.Decimal && !lit.Unsigned && lit.Value > math.MaxInt64 {
		p.error(t.Pos, tag.IntOflowType, lit.Value)
	}
	return lit
}

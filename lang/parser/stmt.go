package parser

import (
	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/lang/token"
)

// Block = "{" StmtList "}" .
func (p *parser) block() []ast.Stmt {
	p.expect(token.LBRACE)
	list := p.stmtList()
	p.expect(token.RBRACE)
	return list
}

// StmtList = { Stmt } .
//
// Statements are separated by ';', which D allows to be left out after
// the last one: { trace(1) }.
func (p *parser) stmtList() []ast.Stmt {
	list := []ast.Stmt{}
	for p.tok.Kind != token.RBRACE && p.tok.Kind != token.EOF {
		n := p.ntok
		if s := p.stmt(); s != nil {
			list = append(list, s)
		}
		if p.ntok == n {
			p.syntaxError()
			p.next()
		}
	}
	return list
}

// Stmt = ";" | IfStmt | ExprStmt .
func (p *parser) stmt() ast.Stmt {
	if !p.enter() {
		return nil
	}
	defer p.leave()
	switch p.tok.Kind {
	case token.SEMI:
		s := &ast.EmptyStmt{At: p.tok.Pos}
		p.next()
		return s
	case token.IF:
		return p.ifStmt()
	}
	if p.startsDeclStmt() {
		return p.declStmt()
	}
	return p.exprStmt()
}

// ExprStmt = Expr ( ";" | /* before "}" */ ) .
func (p *parser) exprStmt() ast.Stmt {
	n0 := p.nerr
	x := p.expr()
	if p.nerr == n0 {
		switch p.tok.Kind {
		case token.SEMI:
			p.next()
			return &ast.ExprStmt{X: x}
		case token.RBRACE:
			return &ast.ExprStmt{X: x}
		}
		p.syntaxError()
	}
	p.skipPast()
	return &ast.ExprStmt{X: x}
}

// IfStmt = "if" "(" Expr ")" Branch [ "else" Branch ] .
func (p *parser) ifStmt() ast.Stmt {
	s := &ast.IfStmt{At: p.tok.Pos}
	p.next()
	n0 := p.nerr
	p.expect(token.LPAREN)
	if p.nerr == n0 {
		s.Cond = p.expr()
		p.expect(token.RPAREN)
	}
	if p.nerr > n0 {
		if s.Cond == nil {
			s.Cond = p.bad(s.At)
		}
		p.skipPast()
		return s
	}
	s.Then = p.branch()
	if p.got(token.ELSE) {
		s.Else = p.branch()
	}
	return s
}

// Branch = Block | Stmt .
func (p *parser) branch() []ast.Stmt {
	if p.tok.Kind == token.LBRACE {
		return p.block()
	}
	if s := p.stmt(); s != nil {
		return []ast.Stmt{s}
	}
	return []ast.Stmt{}
}

// startsDeclStmt reports whether a statement is a declaration:
// `this int x;`, `int y;`, `uint64_t *z;`. As in DTrace, an identifier starts one only if it is a
// known type name; after self or this, any identifier is a type.
func (p *parser) startsDeclStmt() bool {
	switch p.tok.Kind {
	case token.SELF, token.THIS:
		next := p.peek()
		return next.Kind == token.IDENT || p.startsType(next)
	case token.EXTERN, token.STATIC, token.REGISTER, token.AUTO:
		return true
	case token.IDENT:
		next := p.peek()
		return (next.Kind == token.IDENT || next.Kind == token.MUL) && p.isTypeName(p.tok.Text)
	}
	return p.startsType(p.tok)
}

// declStmt rejects a declaration inside a clause, as DTrace's grammar
// does (a statement is an expression, and declarations of clause-local
// and thread-local variables go outside clauses): "syntax error near"
// its first token that cannot begin an expression. It resumes after the
// declaration.
func (p *parser) declStmt() ast.Stmt {
	if p.tok.Kind == token.SELF || p.tok.Kind == token.THIS {
		p.next() // an expression may begin so: self->x
	}
	p.error(p.tok.Pos, tag.Syntax, p.tok.Text)
	p.skipPast()
	return nil
}

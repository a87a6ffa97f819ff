package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/tag"
)

// call generates a subroutine call, leaving its result in R0, with the
// subroutine's generator.
func (g *gen) call(e *ast.CallExpr) {
	gen := generators[e.Fun.Name]
	if gen == nil {
		// The checker accepts only subroutines with a generator
		// (TestSubroutineGenerators).
		g.failTag(e, tag.InternalSubr, e.Fun.Name)
		return
	}
	gen(g, e)
}

// generators generate each subroutine the checker accepts
// (check.Subroutines), by name. It is filled by init: the generators
// call g.call through the expressions they generate.
var generators map[string]func(*gen, *ast.CallExpr)

func init() {
	generators = map[string]func(*gen, *ast.CallExpr){
		"copyin":      (*gen).copyin,
		"copyinstr":   (*gen).copyinstr,
		"copyout":     (*gen).copyout,
		"copyoutstr":  (*gen).copyoutstr,
		"d_path":      (*gen).dpath,
		"strlen":      (*gen).strlen,
		"speculation": (*gen).speculation,
		// String subroutines (subr_string.go, subr_path.go,
		// subr_search.go, subr_conv.go).
		"strjoin":   (*gen).strjoin,
		"substr":    (*gen).substr,
		"toupper":   func(g *gen, e *ast.CallExpr) { g.changeCase(e, true) },
		"tolower":   func(g *gen, e *ast.CallExpr) { g.changeCase(e, false) },
		"basename":  func(g *gen, e *ast.CallExpr) { g.pathPart(e, false) },
		"dirname":   func(g *gen, e *ast.CallExpr) { g.pathPart(e, true) },
		"strchr":    func(g *gen, e *ast.CallExpr) { g.strchr(e, false) },
		"strrchr":   func(g *gen, e *ast.CallExpr) { g.strchr(e, true) },
		"index":     func(g *gen, e *ast.CallExpr) { g.search(e, searchIndex) },
		"rindex":    func(g *gen, e *ast.CallExpr) { g.search(e, searchRindex) },
		"strstr":    func(g *gen, e *ast.CallExpr) { g.search(e, searchStrstr) },
		"lltostr":   (*gen).lltostr,
		"strtoll":   (*gen).strtoll,
		"strtok":    (*gen).strtok,
		"cleanpath": (*gen).cleanpath,
		"json":      (*gen).json,
		// Network addresses (subr_net.go).
		"inet_ntoa": func(g *gen, e *ast.CallExpr) { g.inetNtoa(e, e.Args, afINET, false) },
		"inet_ntoa6": func(g *gen, e *ast.CallExpr) {
			// Not strict, an IPv4-mapped or -compatible address is
			// its IPv4 part alone (Oracle's inet_ntoa6.S); strict, it
			// is written as inet_ntop() writes it.
			strict := false
			if len(e.Args) > 1 {
				v, _ := g.constInt(e.Args[1])
				strict = v != 0
			}
			g.inetNtoa(e, e.Args[:1], afINET6, !strict)
		},
		"inet_ntop": func(g *gen, e *ast.CallExpr) { g.inetNtoa(e, e.Args, 0, false) },
		"link_ntop": (*gen).linkNtop,
		// Stacks and user symbols: recorded only as statements and
		// keys (action_act.go).
		"stack":  (*gen).stackExpr,
		"ustack": (*gen).stackExpr,
		"jstack": (*gen).stackExpr,
		"usym":   (*gen).stackExpr,
		"ufunc":  (*gen).stackExpr,
		"uaddr":  (*gen).stackExpr,
		"umod":   (*gen).stackExpr,
		// The address itself; the consumer prints its symbol.
		"func": symbolAddress,
		"sym":  symbolAddress,
		"mod":  symbolAddress,
		// Integers (subr_int.go), locks (subr_lock.go) and alloca()
		// memory (subr_mem.go).
		"htons":               func(g *gen, e *ast.CallExpr) { g.byteOrder(e, asm.Half) },
		"ntohs":               func(g *gen, e *ast.CallExpr) { g.byteOrder(e, asm.Half) },
		"htonl":               func(g *gen, e *ast.CallExpr) { g.byteOrder(e, asm.Word) },
		"ntohl":               func(g *gen, e *ast.CallExpr) { g.byteOrder(e, asm.Word) },
		"htonll":              func(g *gen, e *ast.CallExpr) { g.byteOrder(e, asm.DWord) },
		"ntohll":              func(g *gen, e *ast.CallExpr) { g.byteOrder(e, asm.DWord) },
		"rand":                func(g *gen, _ *ast.CallExpr) { g.rand() },
		"getmajor":            (*gen).getmajor,
		"getminor":            (*gen).getminor,
		"progenyof":           (*gen).progenyof,
		"mutex_owned":         (*gen).mutexOwned,
		"mutex_owner":         (*gen).mutexOwner,
		"mutex_type_adaptive": func(g *gen, e *ast.CallExpr) { g.mutexType(e, true) },
		"mutex_type_spin":     func(g *gen, e *ast.CallExpr) { g.mutexType(e, false) },
		"rw_read_held":        (*gen).rwHeld,
		"rw_write_held":       (*gen).rwHeld,
		"rw_iswriter":         (*gen).rwHeld,
		"alloca":              (*gen).alloca,
		"bcopy":               (*gen).bcopy,
		"copyinto":            (*gen).copyinto,
	}
}

// symbolAddress generates func(), sym() and mod(): the address itself,
// whose symbol the consumer prints.
func symbolAddress(g *gen, e *ast.CallExpr) { g.expr(e.Args[0]) }

// copyinstr(addr [, maxlen]) reads a NUL-terminated string from user
// memory into a strsize buffer; with maxlen, at most maxlen bytes, the
// NUL included, as Oracle DTrace reads them (maxlen-1 characters).
func (g *gen) copyinstr(e *ast.CallExpr) {
	size := g.typeOf(e).Size
	if len(e.Args) == 1 {
		g.expr(e.Args[0])
		g.stringFrom(size, true)
		return
	}
	// The length goes through a temporary; the verifier needs the read
	// size bounded by the buffer, so it is clamped to [1, size].
	g.expr(e.Args[1])
	lenSlot := g.push()
	g.expr(e.Args[0])
	buf := g.tmp(size)
	for i := 0; i < roundUp(size, 8); i += 8 {
		g.emit(storeImm64(regScratch, int16(buf+i), 0))
	}
	g.emit(asm.Mov.Reg(asm.R8, asm.R0), asm.LoadMem(asm.R2, asm.R10, lenSlot, asm.DWord))
	g.temps--
	small, ok := g.newLabel(), g.newLabel()
	// Beyond the buffer (a negative maxlen too, unsigned) is the
	// buffer, as in Oracle; 0 reads "".
	g.emit(asm.JLE.Imm(asm.R2, int32(size), small), asm.Mov.Imm(asm.R2, int32(size)))
	g.mark(small)
	g.emit(asm.JNE.Imm(asm.R2, 0, ok), asm.Mov.Imm(asm.R2, 1))
	g.mark(ok)
	g.copyUser(buf, asm.FnProbeReadUserStr)
}

// strlen(s) counts the bytes before the NUL: a loop bounded by the
// string's buffer, which always holds a NUL, and by strsize, where
// DTrace stops counting.
func (g *gen) strlen(e *ast.CallExpr) {
	n := g.strBound(roundUp(g.typeOf(e.Args[0]).Size, 8))
	g.expr(e.Args[0])
	g.emit(asm.Mov.Reg(asm.R8, asm.R0))
	g.scanNul(asm.R8, n)
}

// scanNul leaves in R0 the index of the first NUL byte at the address in
// base, or limit if none comes before it.
func (g *gen) scanNul(base asm.Register, limit int) {
	loop, done := g.newLabel(), g.newLabel()
	g.emit(asm.Mov.Imm(asm.R0, 0))
	g.mark(loop)
	g.emit(
		asm.JGE.Imm(asm.R0, int32(limit), done),
		asm.Mov.Reg(asm.R1, base),
		asm.Add.Reg(asm.R1, asm.R0),
		asm.LoadMem(asm.R1, asm.R1, 0, asm.Byte),
		asm.JEq.Imm(asm.R1, 0, done),
		asm.Add.Imm(asm.R0, 1),
		asm.Ja.Label(loop),
	)
	g.mark(done)
}

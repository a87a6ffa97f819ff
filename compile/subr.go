package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
)

// call generates a subroutine call, leaving its result in R0. There is
// a case for every subroutine the checker accepts (lang/check/subr.go).
func (g *gen) call(e *ast.CallExpr) {
	switch e.Fun.Name {
	case "copyin":
		g.copyin(e)
	case "copyinstr":
		g.copyinstr(e)
	case "copyout":
		g.copyout(e)
	case "copyoutstr":
		g.copyoutstr(e)
	case "d_path":
		g.dpath(e)
	case "strlen":
		g.strlen(e)
	case "speculation":
		g.speculation(e)
	// String subroutines (subr_string.go, subr_path.go, subr_search.go,
	// subr_conv.go).
	case "strjoin":
		g.strjoin(e)
	case "substr":
		g.substr(e)
	case "toupper", "tolower":
		g.changeCase(e, e.Fun.Name == "toupper")
	case "basename", "dirname":
		g.pathPart(e, e.Fun.Name == "dirname")
	case "strchr", "strrchr":
		g.strchr(e, e.Fun.Name == "strrchr")
	case "index":
		g.search(e, searchIndex)
	case "rindex":
		g.search(e, searchRindex)
	case "strstr":
		g.search(e, searchStrstr)
	case "lltostr":
		g.lltostr(e)
	case "strtoll":
		g.strtoll(e)
	case "strtok":
		g.strtok(e)
	case "cleanpath":
		g.cleanpath(e)
	case "json":
		g.json(e)
	// Network addresses (subr_net.go).
	case "inet_ntoa":
		g.inetNtoa(e, e.Args, afINET, false)
	case "inet_ntoa6":
		// Not strict, an IPv4-mapped or -compatible address is its
		// IPv4 part alone (Oracle's inet_ntoa6.S); strict, it is
		// written as inet_ntop() writes it.
		strict := false
		if len(e.Args) > 1 {
			v, _ := g.constInt(e.Args[1])
			strict = v != 0
		}
		g.inetNtoa(e, e.Args[:1], afINET6, !strict)
	case "inet_ntop":
		g.inetNtoa(e, e.Args, 0, false)
	case "link_ntop":
		g.linkNtop(e)
	case "stack", "ustack", "jstack":
		g.stackExpr(e)
	case "usym", "ufunc", "uaddr", "umod":
		// Recorded only as statements and keys (action_act.go), like
		// stacks.
		g.stackExpr(e)
	case "func", "sym", "mod":
		// The address itself; the consumer prints its symbol.
		g.expr(e.Args[0])
	// Integers (subr_int.go), locks (subr_lock.go) and alloca()
	// memory (subr_mem.go).
	case "htons", "ntohs":
		g.byteOrder(e, asm.Half)
	case "htonl", "ntohl":
		g.byteOrder(e, asm.Word)
	case "htonll", "ntohll":
		g.byteOrder(e, asm.DWord)
	case "rand":
		g.rand()
	case "getmajor":
		g.getmajor(e)
	case "getminor":
		g.getminor(e)
	case "progenyof":
		g.progenyof(e)
	case "mutex_owned":
		g.mutexOwned(e)
	case "mutex_owner":
		g.mutexOwner(e)
	case "mutex_type_adaptive", "mutex_type_spin":
		g.mutexType(e, e.Fun.Name == "mutex_type_adaptive")
	case "rw_read_held", "rw_write_held", "rw_iswriter":
		g.rwHeld(e)
	case "alloca":
		g.alloca(e)
	case "bcopy":
		g.bcopy(e)
	case "copyinto":
		g.copyinto(e)
	default:
		g.fail(e, "subroutine %s( ) is not supported yet", e.Fun.Name)
	}
}

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

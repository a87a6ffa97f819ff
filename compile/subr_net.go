package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
)

// Network addresses as text, as DTrace writes them:
//
//   - IPv4: dotted decimal, "192.168.1.23".
//   - IPv6: groups of lower-case hex without leading zeros, the longest
//     run of zero groups written "::" as illumos picks it, counting zero
//     bytes (of two runs of as many groups, the later one wins if more
//     of its bytes are zero: 1:0:0:2::3:4); an IPv4-mapped (::ffff:a.b.c.d) or
//     IPv4-compatible (::a.b.c.d, not :: or ::1) address ends in
//     dotted decimal, and inet_ntoa6() gives only that IPv4 part.
//   - link_ntop(): two hex digits per byte, separated by ":", for
//     Ethernet (ARPHRD_ETHER, 6 bytes) and InfiniBand (ARPHRD_INFINIBAND,
//     20 bytes).
//
// inet_ntop() and link_ntop() with another family or hardware type are
// an illegal operation. The text is built backwards from the end of a
// work buffer, as DTrace builds it, then copied into a strsize string
// (and so cut to strsize - 1 bytes).

// Address families and hardware types, as Linux numbers them (illumos's
// AF_INET6 is 26).
const (
	afINET           = 2
	afINET6          = 10
	arphrdEther      = 1
	arphrdInfiniBand = 32
)

// netWork is the size of the work buffer: the longest address text is
// 45 bytes, and 3 bytes of digits may be written before its start.
const netWork = 64

// inetNtoa generates inet_ntoa(p) (af afINET), inet_ntoa6(p [, strict])
// (afINET6, onlyV4 unless strict) and inet_ntop(af, p) (af 0: from the
// first argument); args are the arguments that are evaluated, the address
// last.
func (g *gen) inetNtoa(e *ast.CallExpr, args []ast.Expr, af int, onlyV4 bool) {
	size := g.typeOf(e).Size
	addrArg := args[len(args)-1]
	user := g.typeOf(addrArg).Userland
	slots := g.evalArgs(args)
	dst := g.newString(size)
	defer g.releaseTemps(g.tmpOff)
	work := g.newString(netWork)
	addr := g.newString(16)
	endSlot := g.tmp(8)
	done := g.newLabel()
	v4 := func() {
		g.netRead(slots[len(slots)-1], addr, 4, user)
		g.emit(asm.Mov.Imm(asm.R5, netWork-2))
		g.dottedQuad(work, addr, done)
		g.emit(asm.StoreMem(regScratch, int16(endSlot), asm.R5, asm.DWord))
	}
	v6 := func() {
		g.netRead(slots[len(slots)-1], addr, 16, user)
		g.inet6(work, addr, endSlot, onlyV4, done)
	}
	switch af {
	case afINET:
		v4()
	case afINET6:
		v6()
	default:
		six, bad := g.newLabel(), g.newLabel()
		g.loadSlot(asm.R0, slots[0])
		g.emit(
			asm.LSh.Imm(asm.R0, 32), // an int
			asm.ArSh.Imm(asm.R0, 32),
			asm.JEq.Imm(asm.R0, afINET6, six),
			asm.JNE.Imm(asm.R0, afINET, bad),
		)
		v4()
		g.emit(asm.Ja.Label(done))
		g.mark(bad)
		g.raise(faultIllOp)
		g.mark(six)
		v6()
	}
	g.freeArgs(slots)
	g.mark(done)
	g.netResult(work, endSlot, dst, size)
}

// netRead reads n bytes from the address in the stack slot into the
// scratch buffer at off, faulting on a bad address.
func (g *gen) netRead(slot int16, off, n int, user bool) {
	g.loadSlot(asm.R0, slot)
	g.read(func() { g.emit(asm.Mov.Reg(asm.R1, regScratch), asm.Add.Imm(asm.R1, int32(off))) }, n, user, false)
}

// netResult copies the text, which starts after the position in endSlot
// and ends at the NUL ending the work buffer, into dst.
func (g *gen) netResult(work, endSlot, dst, size int) {
	g.emit(
		asm.LoadMem(asm.R3, regScratch, int16(endSlot), asm.DWord),
		asm.Add.Imm(asm.R3, 1),
		asm.Mov.Reg(asm.R8, regScratch),
		asm.Add.Imm(asm.R8, int32(work)),
		asm.Mov.Imm(asm.R4, netWork),
	)
	g.copyOut(asm.R8, asm.R3, asm.R4, netWork, dst, size-1)
	g.result(dst)
}

// room leaves the way on if the work buffer has n bytes before the
// position R5 (and R5 is inside it), and goes to out if not: never at
// run time, but it bounds R5 for the verifier.
func (g *gen) room(n int, out string) {
	g.stay(asm.JLT.Imm(asm.R5, netWork, ""), out)
	g.stay(asm.JGE.Imm(asm.R5, int32(n), ""), out)
}

// putBack writes the byte in r at position R5 of the work buffer and
// moves R5 back by one. It uses R3.
func (g *gen) putBack(work int, r asm.Register) {
	g.emit(
		asm.Mov.Reg(asm.R3, regScratch),
		asm.Add.Reg(asm.R3, asm.R5),
		asm.StoreMem(asm.R3, int16(work), r, asm.Byte),
		asm.Sub.Imm(asm.R5, 1),
	)
}

// dottedQuad writes the IPv4 address in the 4 bytes at scratch offset
// addr backwards, ending at position R5, and leaves R5 before it. It
// uses R0-R3.
func (g *gen) dottedQuad(work, addr int, out string) {
	for k := 3; k >= 0; k-- {
		g.room(4, out)
		g.emit(asm.LoadMem(asm.R1, regScratch, int16(addr+k), asm.Byte))
		g.decimalBack(work)
		if k > 0 {
			g.emit(asm.Mov.Imm(asm.R0, '.'))
			g.putBack(work, asm.R0)
		}
	}
}

// decimalBack writes the byte in R1 in decimal, without leading zeros,
// backwards from position R5, which needs 3 bytes of room: all three
// digits are written, and R5 moves back over those that count. It uses
// R0, R2 and R3.
func (g *gen) decimalBack(work int) {
	g.emit(asm.Mov.Reg(asm.R3, regScratch), asm.Add.Reg(asm.R3, asm.R5))
	for i, div := range []int32{1, 10, 100} {
		g.emit(
			asm.Mov.Reg(asm.R0, asm.R1),
			asm.Div.Imm(asm.R0, div),
			asm.Mod.Imm(asm.R0, 10),
			asm.Add.Imm(asm.R0, '0'),
			asm.StoreMem(asm.R3, int16(work-i), asm.R0, asm.Byte),
		)
	}
	// R5 -= 1 + (R1 > 9) + (R1 > 99)
	g.emit(asm.Sub.Imm(asm.R5, 1))
	for _, lim := range []int32{9, 99} {
		g.emit(
			asm.Mov.Imm(asm.R0, lim),
			asm.Sub.Reg(asm.R0, asm.R1),
			asm.RSh.Imm(asm.R0, 63),
			asm.Sub.Reg(asm.R5, asm.R0),
		)
	}
}

// hexBack writes the value in R1 (at most 16 bits) in lower-case hex
// without leading zeros, backwards from position R5, which needs 4
// bytes of room, like decimalBack. It uses R0, R2 and R3.
func (g *gen) hexBack(work int) {
	g.emit(asm.Mov.Reg(asm.R3, regScratch), asm.Add.Reg(asm.R3, asm.R5))
	for i := 0; i < 4; i++ {
		g.emit(
			asm.Mov.Reg(asm.R0, asm.R1),
			asm.RSh.Imm(asm.R0, int32(4*i)),
			asm.And.Imm(asm.R0, 0xf),
		)
		g.hexDigit()
		g.emit(asm.StoreMem(asm.R3, int16(work-i), asm.R0, asm.Byte))
	}
	g.emit(asm.Sub.Imm(asm.R5, 1))
	for _, lim := range []int32{0xf, 0xff, 0xfff} {
		g.emit(
			asm.Mov.Imm(asm.R0, lim),
			asm.Sub.Reg(asm.R0, asm.R1),
			asm.RSh.Imm(asm.R0, 63),
			asm.Sub.Reg(asm.R5, asm.R0),
		)
	}
}

// hexDigit turns the value 0-15 in R0 into its lower-case hex digit. It
// uses R2.
func (g *gen) hexDigit() {
	g.emit(
		asm.Mov.Imm(asm.R2, 9),
		asm.Sub.Reg(asm.R2, asm.R0),
		asm.RSh.Imm(asm.R2, 63),
		asm.Mul.Imm(asm.R2, 'a'-'0'-10),
		asm.Add.Reg(asm.R0, asm.R2),
		asm.Add.Imm(asm.R0, '0'),
	)
}

// inet6 writes the IPv6 address in the 16 bytes at scratch offset addr
// into the work buffer, leaving in endSlot the position before it.
func (g *gen) inet6(work, addr, endSlot int, onlyV4 bool, out string) {
	zeroSlot, numSlot, iSlot := g.tmp(8), g.tmp(8), g.tmp(8)
	g.zeroRun(addr, zeroSlot, numSlot)
	g.emit(
		asm.Mov.Imm(asm.R5, netWork-2),
		asm.StoreMem(regScratch, int16(endSlot), asm.R5, asm.DWord),
		storeImm64(regScratch, int16(iSlot), 14),
	)
	// An IPv4-mapped or -compatible address ends in dotted decimal.
	groups := g.newLabel()
	g.emit(
		asm.LoadMem(asm.R0, regScratch, int16(addr), asm.DWord),
		asm.JNE.Imm(asm.R0, 0, groups),
		asm.LoadMem(asm.R0, regScratch, int16(addr+8), asm.Word),
		asm.LoadMem(asm.R1, regScratch, int16(addr+12), asm.Word),
	)
	v4 := g.newLabel()
	g.emit(
		loadImm(asm.R2, 0xffff0000), // bytes 0, 0, 0xff, 0xff
		asm.JEq.Reg(asm.R0, asm.R2, v4),
		asm.JNE.Imm(asm.R0, 0, groups),
		asm.JEq.Imm(asm.R1, 0, groups),
		asm.JEq.Imm(asm.R1, 0x01000000, groups), // bytes 0, 0, 0, 1: ::1
	)
	g.mark(v4)
	g.dottedQuad(work, addr+12, out)
	g.emit(asm.StoreMem(regScratch, int16(endSlot), asm.R5, asm.DWord))
	if onlyV4 {
		g.emit(asm.Ja.Label(out))
	} else {
		g.emit(storeImm64(regScratch, int16(iSlot), 10))
	}
	g.mark(groups)
	// The groups, from the last (i is the offset of its first byte).
	// R4 counts the steps (at most 8); R5 is the position, from endSlot.
	loop, next, step, run := g.newLabel(), g.newLabel(), g.newLabel(), g.newLabel()
	g.emit(asm.Mov.Imm(asm.R4, 0), asm.Ja.Label(loop))
	g.mark(next)
	g.emit(asm.Add.Imm(asm.R4, 1))
	g.loopHead(loop)
	g.stay(asm.JLT.Imm(asm.R4, 8, ""), out)
	g.emit(
		asm.LoadMem(asm.R5, regScratch, int16(endSlot), asm.DWord),
		asm.LoadMem(asm.R1, regScratch, int16(iSlot), asm.DWord),
	)
	g.stay(asm.JSGE.Imm(asm.R1, 0, ""), out)
	g.stay(asm.JLE.Imm(asm.R1, 14, ""), out)
	g.room(6, out)
	// The group ending the run of zeros is written "::", and the run
	// skipped.
	g.emit(
		asm.LoadMem(asm.R0, regScratch, int16(zeroSlot), asm.DWord),
		asm.LoadMem(asm.R2, regScratch, int16(numSlot), asm.DWord),
		asm.Add.Reg(asm.R0, asm.R2),
		asm.Sub.Imm(asm.R0, 2),
		asm.JEq.Reg(asm.R0, asm.R1, run),
	)
	// A ":" after every group but the last and the one before "::":
	// R5 -= (i < 14) & (i != zero - 2), writing it regardless.
	g.emit(
		asm.Mov.Imm(asm.R0, ':'),
		asm.Mov.Reg(asm.R3, regScratch),
		asm.Add.Reg(asm.R3, asm.R5),
		asm.StoreMem(asm.R3, int16(work), asm.R0, asm.Byte),
		asm.LoadMem(asm.R0, regScratch, int16(zeroSlot), asm.DWord),
		asm.Sub.Imm(asm.R0, 2),
		asm.Sub.Reg(asm.R0, asm.R1),
		asm.Mov.Reg(asm.R2, asm.R0),
		asm.Neg.Imm(asm.R2, 0),
		asm.Or.Reg(asm.R0, asm.R2),
		asm.RSh.Imm(asm.R0, 63),
		asm.Mov.Reg(asm.R2, asm.R1),
		asm.Sub.Imm(asm.R2, 14),
		asm.RSh.Imm(asm.R2, 63),
		asm.And.Reg(asm.R0, asm.R2),
		asm.Sub.Reg(asm.R5, asm.R0),
	)
	// The group's value, big-endian, in hex.
	g.emit(
		asm.Add.Reg(asm.R1, regScratch),
		asm.LoadMem(asm.R0, asm.R1, int16(addr), asm.Byte),
		asm.LoadMem(asm.R1, asm.R1, int16(addr+1), asm.Byte),
		asm.LSh.Imm(asm.R0, 8),
		asm.Or.Reg(asm.R1, asm.R0),
	)
	g.hexBack(work)
	g.emit(asm.Ja.Label(step))
	g.mark(run)
	g.emit(
		asm.Mov.Imm(asm.R0, ':'),
		asm.Mov.Reg(asm.R3, regScratch),
		asm.Add.Reg(asm.R3, asm.R5),
		asm.StoreMem(asm.R3, int16(work), asm.R0, asm.Byte),
		asm.StoreMem(asm.R3, int16(work-1), asm.R0, asm.Byte),
		asm.Sub.Imm(asm.R5, 2),
		asm.LoadMem(asm.R0, regScratch, int16(iSlot), asm.DWord),
		asm.Sub.Reg(asm.R0, asm.R2),
		asm.Add.Imm(asm.R0, 2),
		asm.StoreMem(regScratch, int16(iSlot), asm.R0, asm.DWord),
	)
	g.mark(step)
	g.emit(
		asm.StoreMem(regScratch, int16(endSlot), asm.R5, asm.DWord),
		asm.LoadMem(asm.R0, regScratch, int16(iSlot), asm.DWord),
		asm.Sub.Imm(asm.R0, 2),
		asm.StoreMem(regScratch, int16(iSlot), asm.R0, asm.DWord),
		asm.Ja.Label(next),
	)
}

// zeroRun finds the run of zeros that "::" stands for, as illumos does:
// a run starts at a zero byte at an even offset and ends at the next
// byte that is not zero (or at the last byte); it is taken if it has
// more zero bytes than the length (rounded down to whole groups) of
// the run taken so far, initially 1. The run's first byte offset goes
// to zeroSlot (-1 if none) and its length in bytes to numSlot.
//
// The 16 steps are unrolled and free of branches: R1 is the start of
// the run being tried plus one (0 if none), R2 the run's start, R3 its
// length; R0, R4, R5, R8 and R9 are temporaries.
func (g *gen) zeroRun(addr, zeroSlot, numSlot int) {
	g.emit(asm.Mov.Imm(asm.R1, 0), asm.Mov.Imm(asm.R2, -1), asm.Mov.Imm(asm.R3, 1))
	for i := 0; i < 16; i++ {
		g.emit(
			// R0: the byte is 0. R4: no run is being tried.
			asm.LoadMem(asm.R0, regScratch, int16(addr+i), asm.Byte),
			asm.Sub.Imm(asm.R0, 1),
			asm.RSh.Imm(asm.R0, 63),
			asm.Mov.Reg(asm.R4, asm.R1),
			asm.Sub.Imm(asm.R4, 1),
			asm.RSh.Imm(asm.R4, 63),
		)
		// R5: the run being tried ends here.
		g.emit(asm.Mov.Reg(asm.R5, asm.R4), asm.Xor.Imm(asm.R5, 1))
		if i != 15 {
			g.emit(asm.Mov.Reg(asm.R8, asm.R0), asm.Xor.Imm(asm.R8, 1), asm.And.Reg(asm.R5, asm.R8))
		}
		// R8: it is taken, having more zero bytes (i - start) than R3.
		g.emit(
			asm.Mov.Reg(asm.R8, asm.R3),
			asm.Add.Reg(asm.R8, asm.R1),
			asm.Sub.Imm(asm.R8, int32(i)+1),
			asm.RSh.Imm(asm.R8, 63),
			asm.And.Reg(asm.R8, asm.R5),
			// R2 += (start - R2) * taken
			asm.Mov.Reg(asm.R9, asm.R1),
			asm.Sub.Imm(asm.R9, 1),
			asm.Sub.Reg(asm.R9, asm.R2),
			asm.Mul.Reg(asm.R9, asm.R8),
			asm.Add.Reg(asm.R2, asm.R9),
			// R3 += (i - i%2 - start [+ 2 at a zero last byte] - R3) * taken
			asm.Mov.Imm(asm.R9, int32(i-i%2)+1),
			asm.Sub.Reg(asm.R9, asm.R1),
		)
		if i == 15 {
			g.emit(asm.Add.Reg(asm.R9, asm.R0), asm.Add.Reg(asm.R9, asm.R0))
		}
		g.emit(
			asm.Sub.Reg(asm.R9, asm.R3),
			asm.Mul.Reg(asm.R9, asm.R8),
			asm.Add.Reg(asm.R3, asm.R9),
			// A run that ends is no longer tried: R1 *= 1 - ends.
			asm.Xor.Imm(asm.R5, 1),
			asm.Mul.Reg(asm.R1, asm.R5),
		)
		if i%2 == 0 {
			// A run starts at a zero at an even offset if none is
			// being tried: R1 += (i + 1) * zero * none.
			g.emit(
				asm.And.Reg(asm.R0, asm.R4),
				asm.Mul.Imm(asm.R0, int32(i)+1),
				asm.Add.Reg(asm.R1, asm.R0),
			)
		}
	}
	g.emit(
		asm.StoreMem(regScratch, int16(zeroSlot), asm.R2, asm.DWord),
		asm.StoreMem(regScratch, int16(numSlot), asm.R3, asm.DWord),
	)
}

// linkNtop generates link_ntop(type, p).
func (g *gen) linkNtop(e *ast.CallExpr) {
	size := g.typeOf(e).Size
	user := g.typeOf(e.Args[1]).Userland
	// The address is a void *: an array (uint8_t[20]) names its bytes,
	// which are not read as a string.
	g.expr(e.Args[0])
	slots := []int16{g.push(), 0}
	g.pointerArg(e.Args[1])
	slots[1] = g.push()
	dst := g.newString(size)
	defer g.releaseTemps(g.tmpOff)
	addr := g.newString(20)
	ib, bad, done := g.newLabel(), g.newLabel(), g.newLabel()
	g.loadSlot(asm.R0, slots[0])
	g.emit(
		asm.LSh.Imm(asm.R0, 32), // an int
		asm.ArSh.Imm(asm.R0, 32),
		asm.JEq.Imm(asm.R0, arphrdInfiniBand, ib),
		asm.JNE.Imm(asm.R0, arphrdEther, bad),
	)
	// hw writes n bytes as hex pairs joined by ":", cut at strsize - 1.
	hw := func(n int) {
		g.netRead(slots[1], addr, n, user)
		put := func(pos int, r asm.Register) {
			if pos < size-1 {
				g.emit(asm.StoreMem(regScratch, int16(dst+pos), r, asm.Byte))
			}
		}
		for i := 0; i < n; i++ {
			for d := 0; d < 2; d++ {
				g.emit(
					asm.LoadMem(asm.R0, regScratch, int16(addr+i), asm.Byte),
					asm.RSh.Imm(asm.R0, int32(4-4*d)),
					asm.And.Imm(asm.R0, 0xf),
				)
				g.hexDigit()
				put(3*i+d, asm.R0)
			}
			if i < n-1 {
				g.emit(asm.Mov.Imm(asm.R0, ':'))
				put(3*i+2, asm.R0)
			}
		}
		g.emit(asm.Ja.Label(done))
	}
	hw(6)
	g.mark(ib)
	hw(20)
	g.mark(bad)
	g.raise(faultIllOp)
	g.mark(done)
	g.freeArgs(slots)
	g.result(dst)
}

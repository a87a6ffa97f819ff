package compile

import (
	"fmt"
	"strings"

	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/check"
	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/lang/token"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/spec"
)

// Register conventions inside a clause function. R6 and R7 hold the
// program context and the per-CPU scratch base for the whole clause; R8
// and R9 are free for leaf operations that evaluate no subexpression
// while they hold a value. Expression results are left in R0;
// intermediate values wait in stack slots, so helper calls never clobber
// them.
const (
	regCtx     = asm.R6
	regScratch = asm.R7
)

// Stack layout of a clause function: two fixed slots for helper
// arguments, then a stack of temporaries.
const (
	stackKey   = -8  // 8-byte scratch slot (ppid; the faulting value on the way to the fault handler)
	stackValue = -16 // 8-byte value to store in a map
	stackTemps = -24 // first temporary
	stackLimit = 512
)

// gen generates the code of one clause function (one ECB).
type gen struct {
	c       *compiler
	probe   *provider.Probe
	ecb     *spec.ECB
	at      token.Pos    // the clause's
	shared  *sharedGroup // the shared attachment whose probes the clause serves, if any
	insns   asm.Instructions
	pending string                           // label for the next instruction
	src     fmt.Stringer                     // source annotation for the next instruction
	temps   int                              // temporaries in use
	action  int                              // 1-based index of the current action statement
	recOff  int                              // next free byte in the record
	tmpOff  int                              // next free byte of the clause's temporary area
	fault   string                           // label of the clause's fault handler, once used
	conds   int                              // depth of if statements around the code
	xlate   map[*check.Translator][]ast.Expr // inputs of the translations being generated
	inlines map[*check.Inline][][]int16      // stack slots of the arguments of the inline uses being generated
	flags   []int                            // record offsets of the flags of conditional actions
	flagsAt int                              // where the code clearing the flags goes
	nullOK  bool                             // the next expr may leave the null string (see nullable)
	err     *Error

	// The clause's bpf_loop() callbacks, appended after its code: their
	// names, in order, and what emits each body.
	callbacks   []string
	callbackFor map[string]func()

	// What the trampoline must prepare for the clause, or check after
	// it: reads arg0..arg9 (which must then read 0 where the probe has
	// none), reads the firing's timestamp (whose slot must start at 0),
	// may call exit() (so the clauses after it must see the new state).
	readsArgs, readsTime, exits bool
	ret                         string // the label of the clause's return (R0 = 0, exit)
}

func (g *gen) emit(ins ...asm.Instruction) {
	for _, in := range ins {
		if g.pending != "" {
			in = in.WithSymbol(g.pending)
			g.pending = ""
		}
		if g.src != nil {
			in = in.WithSource(g.src)
			g.src = nil
		}
		g.insns = append(g.insns, in)
	}
}

// callback arranges for body to be emitted after the clause's code as
// the function name, a callback for bpf_loop(): it is given the loop
// index in R1 and the context pointer in R2, and returns 0 to go on or
// 1 to stop. Registering a name again is a no-op.
func (g *gen) callback(name string, body func()) {
	if _, ok := g.callbackFor[name]; ok {
		return
	}
	if g.callbackFor == nil {
		g.callbackFor = map[string]func(){}
	}
	g.callbacks = append(g.callbacks, name)
	g.callbackFor[name] = body
}

// emitCallbacks appends the clause's callbacks.
func (g *gen) emitCallbacks() {
	for _, name := range g.callbacks {
		g.pending = name
		// Every function needs line info once any instruction has it.
		g.src = asm.Comment(name)
		g.callbackFor[name]()
	}
}

// callbackRef loads into r the address of the callback name, for
// bpf_loop(); the linker resolves the -1.
func callbackRef(r asm.Register, name string) asm.Instruction {
	fn := asm.LoadImm(r, -1, asm.DWord)
	fn.Src = asm.PseudoFunc
	return fn.WithReference(name)
}

// newLabel returns a label unique in the program.
func (g *gen) newLabel() string {
	g.c.labels++
	return fmt.Sprintf("L%d", g.c.labels)
}

// mark places label l on the next instruction emitted.
func (g *gen) mark(l string) {
	if g.pending != "" {
		// An instruction carries one symbol: give the earlier label a
		// jump to the next instruction (a no-op).
		g.emit(asm.Instruction{OpCode: asm.Ja.Op(asm.ImmSource)})
	}
	g.pending = l
}

// loopHead marks the test of a loop that is entered by a jump to it
// ("ja loop; next: step; loop: test ...; jxx next"), ending the step with
// a jump to the test. Verifiers before Linux 6.4 refuse to reach, by
// falling through, an instruction that their walk entered by a jump and
// has not yet left, even where bounded loops are allowed; the kernel
// removes the jump as a no-op after verification.
func (g *gen) loopHead(l string) {
	g.emit(asm.Ja.Label(l))
	g.mark(l)
}

// annotate attaches the source line of n to the next instruction, for -S
// and for verifier messages.
func (g *gen) annotate(n ast.Node) {
	f := g.c.files[fileOf(g.c.files, n.Pos())]
	p := f.Position(n.Pos())
	// The text is the line as it stands in the source compiled (after
	// cpp, under -C); the number is the user's.
	raw := f.PositionFor(n.Pos(), false)
	lines, ok := g.c.srcLines[f]
	if !ok {
		lines = strings.Split(string(f.Src), "\n")
		if g.c.srcLines == nil {
			g.c.srcLines = make(map[*token.File][]string)
		}
		g.c.srcLines[f] = lines
	}
	line := ""
	if raw.Line > 0 && raw.Line <= len(lines) {
		line = strings.TrimSpace(lines[raw.Line-1])
	}
	g.src = asm.Comment(fmt.Sprintf("line %d: %s", p.Line, line))
}

// failTag records the first code generation error, m with args: one of
// DTrace's diagnostics, or a limit of godtrace's code generation, which
// lang/tag words under D_UNKNOWN.
func (g *gen) failTag(n ast.Node, m tag.Msg, args ...any) {
	if g.err == nil {
		g.err = errorAt(g.c.files, n.Pos(), m.Tag(), m.Text(args...))
	}
}

// push saves R0 in a new temporary and returns its stack offset.
func (g *gen) push() int16 {
	off := stackTemps - 8*g.temps
	g.temps++
	if -off > stackLimit {
		g.err = &Error{Msg: "expression too complex: out of BPF stack"}
		off = stackTemps
	}
	g.emit(asm.StoreMem(asm.R10, int16(off), asm.R0, asm.DWord))
	return int16(off)
}

// pop releases the most recent temporary, loading it into r.
func (g *gen) pop(r asm.Register) {
	g.temps--
	g.emit(asm.LoadMem(r, asm.R10, int16(stackTemps-8*g.temps), asm.DWord))
}

// tmp allocates n bytes (rounded to 8) of the clause's scratch area and
// returns their offset from the scratch base.
func (g *gen) tmp(n int) int {
	off := g.c.layout.temps + g.tmpOff
	g.tmpOff += roundUp(n, 8)
	if g.c.layout.temps+g.tmpOff > g.c.layout.tempsEnd {
		g.err = &Error{Msg: fmt.Sprintf("clause needs more than %d bytes of scratch space", g.c.layout.tempsEnd-g.c.layout.temps)}
		return g.c.layout.temps
	}
	return off
}

// normalize sign- or zero-extends R0 from t's size, keeping every
// integer in a register in its canonical 64-bit form.
func (g *gen) normalize(r asm.Register, t check.Type) {
	if t.Kind != check.Int || t.Size >= 8 {
		return
	}
	shift := int32(64 - 8*t.Size)
	g.emit(asm.LSh.Imm(r, shift))
	if t.Signed {
		g.emit(asm.ArSh.Imm(r, shift))
	} else {
		g.emit(asm.RSh.Imm(r, shift))
	}
}

// loadImm loads a 64-bit constant, using the short form when it fits.
func loadImm(r asm.Register, v int64) asm.Instruction {
	if v >= -1<<31 && v < 1<<31 {
		return asm.Mov.Imm(r, int32(v))
	}
	return asm.LoadImm(r, v, asm.DWord)
}

func sizeOf(n int) asm.Size {
	switch n {
	case 1:
		return asm.Byte
	case 2:
		return asm.Half
	case 4:
		return asm.Word
	}
	return asm.DWord
}

func roundUp(n, a int) int { return (n + a - 1) / a * a }

// Error is a compile error at a line of one of the sources.
type Error struct {
	File int // index of the source in Compile's files
	// Filename names the file the line is in when that is not the
	// source itself: a header the C preprocessor included.
	Filename string
	Line     int
	// Column (1-based, in bytes) and Text, the line's source, say where
	// on the line, when known and the line is the source's own.
	Column int
	Text   string
	Tag    string // D_* tag
	Msg    string
	// NoLine marks an error DTrace reports without a line, although
	// code generation met it in a clause.
	NoLine bool
}

func (e *Error) Error() string { return e.Msg }

// faultBadAddr is spec.FaultBadAddr, typed for raiseWith.
const faultBadAddr = spec.FaultBadAddr

// storeImm64 stores the sign-extended 32-bit v as a 64-bit value; cilium's
// asm.StoreImm refuses DWord, although BPF_ST|BPF_DW is valid.
func storeImm64(dst asm.Register, off int16, v int32) asm.Instruction {
	return asm.Instruction{OpCode: asm.StoreImmOp(asm.DWord), Dst: dst, Offset: off, Constant: int64(v)}
}

package pid

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/cilium/ebpf/asm"
)

// A USDT probe's arguments are described in its note as the assembler
// saw them, one per space: "SIZE@OPERAND", SIZE the bytes (negative for
// a signed value), OPERAND in AT&T syntax: a register (%eax), an
// immediate ($5), or memory (-8(%rbp), 16(%rax,%rbx,8), sym(%rip),
// sym+8(%rip)). Each compiles to the instructions that load it.

// usdtArg is one argument's location.
type usdtArg struct {
	size   int  // 1, 2, 4 or 8 bytes
	signed bool // sign-extend to 64 bits
	// kind of operand, and its parts
	kind      argKind
	reg       string // argReg, the base of argMem
	index     string // argMem: "" or the index register
	scale     int64
	disp      int64  // argMem's displacement, argImm's value
	sym       string // argMem: a symbol whose address is added (sym(%rip))
	symOffset int64  // sym+N's N
	// symFromPC is the symbol's distance from the probe's nop, once
	// resolved: where the nop is, the program counter says.
	symFromPC int64
}

type argKind int

const (
	argReg argKind = iota
	argImm
	argMem
)

// parseUSDTArgs parses a note's argument description.
func parseUSDTArgs(s string) ([]usdtArg, error) {
	var args []usdtArg
	for _, f := range strings.Fields(s) {
		a, err := parseUSDTArg(f)
		if err != nil {
			return nil, fmt.Errorf("argument %q: %w", f, err)
		}
		args = append(args, a)
	}
	return args, nil
}

func parseUSDTArg(s string) (usdtArg, error) {
	a := usdtArg{size: 8}
	if size, op, ok := strings.Cut(s, "@"); ok && !strings.HasPrefix(s, "%") {
		n, err := strconv.Atoi(size)
		if err != nil {
			return a, fmt.Errorf("size %q", size)
		}
		if n < 0 {
			a.signed, n = true, -n
		}
		if n != 1 && n != 2 && n != 4 && n != 8 {
			return a, fmt.Errorf("size %d", n)
		}
		a.size, s = n, op
	}
	switch {
	case strings.HasPrefix(s, "%"):
		a.kind = argReg
		a.reg = s[1:]
		if _, _, ok := regOf(a.reg); !ok {
			return a, fmt.Errorf("unknown register %s", s)
		}
		return a, nil
	case strings.HasPrefix(s, "$"):
		a.kind = argImm
		v, err := strconv.ParseInt(s[1:], 0, 64)
		if err != nil {
			return a, fmt.Errorf("immediate %s", s)
		}
		a.disp = v
		return a, nil
	}
	// Memory: DISP(BASE,INDEX,SCALE), any part but one optional, or an
	// absolute address or symbol.
	a.kind = argMem
	outer, inner, paren := strings.Cut(s, "(")
	if paren {
		inner, ok := strings.CutSuffix(inner, ")")
		if !ok {
			return a, fmt.Errorf("no closing parenthesis")
		}
		parts := strings.Split(inner, ",")
		if len(parts) > 3 {
			return a, fmt.Errorf("memory operand %s", s)
		}
		if parts[0] != "" {
			a.reg = strings.TrimPrefix(parts[0], "%")
			if _, _, ok := regOf(a.reg); !ok && a.reg != "rip" {
				return a, fmt.Errorf("unknown register %s", parts[0])
			}
		}
		if len(parts) > 1 {
			a.index = strings.TrimPrefix(parts[1], "%")
			if _, _, ok := regOf(a.index); !ok {
				return a, fmt.Errorf("unknown register %s", parts[1])
			}
			a.scale = 1
		}
		if len(parts) > 2 {
			n, err := strconv.ParseInt(parts[2], 10, 64)
			if err != nil || n != 1 && n != 2 && n != 4 && n != 8 {
				return a, fmt.Errorf("scale %q", parts[2])
			}
			a.scale = n
		}
	}
	if outer != "" {
		if v, err := strconv.ParseInt(outer, 0, 64); err == nil {
			a.disp = v
		} else {
			// sym, sym+N, sym-N
			sym, off := outer, int64(0)
			if i := strings.LastIndexAny(outer, "+-"); i > 0 {
				n, err := strconv.ParseInt(outer[i:], 0, 64)
				if err != nil {
					return a, fmt.Errorf("displacement %q", outer)
				}
				sym, off = outer[:i], n
			}
			a.sym, a.symOffset = sym, off
		}
	}
	if a.reg == "rip" {
		if a.sym == "" {
			// A displacement from the probe's own instruction, which
			// the assembler has no reason to write.
			return a, fmt.Errorf("%%rip without a symbol")
		}
		a.reg = "" // the symbol's address is absolute
	}
	return a, nil
}

// The x86-64 registers in struct pt_regs, by their 64-bit names.
var ptRegs = map[string]int16{
	"r15": 0, "r14": 8, "r13": 16, "r12": 24, "rbp": 32, "rbx": 40, "r11": 48, "r10": 56,
	"r9": 64, "r8": 72, "rax": 80, "rcx": 88, "rdx": 96, "rsi": 104, "rdi": 112,
	"rip": 128, "rsp": 152,
}

// regOf finds a register by any of its names (rax, eax, ax, al, ah,
// r8d, r8w, r8b, sil ...): its place in pt_regs, and whether it is a
// high byte.
func regOf(name string) (off int16, high bool, ok bool) {
	if o, ok := ptRegs[name]; ok {
		return o, false, true
	}
	legacy := map[string]string{
		"eax": "rax", "ax": "rax", "al": "rax", "ah": "rax",
		"ebx": "rbx", "bx": "rbx", "bl": "rbx", "bh": "rbx",
		"ecx": "rcx", "cx": "rcx", "cl": "rcx", "ch": "rcx",
		"edx": "rdx", "dx": "rdx", "dl": "rdx", "dh": "rdx",
		"esi": "rsi", "si": "rsi", "sil": "rsi",
		"edi": "rdi", "di": "rdi", "dil": "rdi",
		"ebp": "rbp", "bp": "rbp", "bpl": "rbp",
		"esp": "rsp", "sp": "rsp", "spl": "rsp",
	}
	if r, ok := legacy[name]; ok {
		return ptRegs[r], strings.HasSuffix(name, "h") && len(name) == 2, true
	}
	// r8d, r8w, r8b (and r8l) ... r15
	for _, suffix := range []string{"d", "w", "b", "l"} {
		if r, ok := strings.CutSuffix(name, suffix); ok && strings.HasPrefix(r, "r") {
			if o, ok := ptRegs[r]; ok {
				return o, false, true
			}
		}
	}
	return 0, false, false
}

// load returns the instructions that store argument i at [R9 + 8*i],
// with the context in R6; they use R0-R3.
func (a usdtArg) load(i int) asm.Instructions {
	slot := int16(8 * i)
	var insns asm.Instructions
	switch a.kind {
	case argImm:
		return asm.Instructions{
			asm.LoadImm(asm.R0, a.disp, asm.DWord),
			asm.StoreMem(asm.R9, slot, asm.R0, asm.DWord),
		}
	case argReg:
		off, high, _ := regOf(a.reg)
		insns = append(insns, asm.LoadMem(asm.R0, asm.R6, off, asm.DWord))
		if high {
			insns = append(insns, asm.RSh.Imm(asm.R0, 8))
		}
	case argMem:
		// R3 = base + index*scale + disp, or the symbol's address (the
		// pc, at the nop, plus its distance) + disp
		insns = append(insns, asm.LoadImm(asm.R3, a.disp+a.symOffset+a.symFromPC, asm.DWord))
		if a.sym != "" {
			off, _, _ := regOf("rip")
			insns = append(insns, asm.LoadMem(asm.R0, asm.R6, off, asm.DWord), asm.Add.Reg(asm.R3, asm.R0))
		}
		if a.reg != "" {
			off, _, _ := regOf(a.reg)
			insns = append(insns, asm.LoadMem(asm.R0, asm.R6, off, asm.DWord), asm.Add.Reg(asm.R3, asm.R0))
		}
		if a.index != "" {
			off, _, _ := regOf(a.index)
			insns = append(insns, asm.LoadMem(asm.R0, asm.R6, off, asm.DWord))
			if a.scale > 1 {
				insns = append(insns, asm.Mul.Imm(asm.R0, int32(a.scale)))
			}
			insns = append(insns, asm.Add.Reg(asm.R3, asm.R0))
		}
		// bpf_probe_read_user(&slot, size, R3), the slot zeroed
		// first (a failed read leaves it 0), then loaded at its size.
		insns = append(insns,
			asm.Mov.Imm(asm.R0, 0),
			asm.StoreMem(asm.R9, slot, asm.R0, asm.DWord),
			asm.Mov.Reg(asm.R1, asm.R9),
			asm.Add.Imm(asm.R1, int32(slot)),
			asm.Mov.Imm(asm.R2, int32(a.size)),
			asm.FnProbeReadUser.Call(),
			asm.LoadMem(asm.R0, asm.R9, slot, sizeOf(a.size)),
		)
	}
	if a.size < 8 {
		shift := int32(64 - 8*a.size)
		insns = append(insns, asm.LSh.Imm(asm.R0, shift))
		if a.signed {
			insns = append(insns, asm.ArSh.Imm(asm.R0, shift))
		} else {
			insns = append(insns, asm.RSh.Imm(asm.R0, shift))
		}
	}
	return append(insns, asm.StoreMem(asm.R9, slot, asm.R0, asm.DWord))
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

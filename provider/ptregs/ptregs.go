// Package ptregs says where the kernel's struct pt_regs, the context of
// kprobe and uprobe programs, keeps the registers of the calling
// convention: fbt and pid load a function's arguments and return value
// from there.
package ptregs

import "github.com/cilium/ebpf/asm"

// LoadArgs returns instructions that store the first n arguments of a
// function, at its first instruction, from the registers (the context
// in R6) to 64-bit slots at R9: those the calling convention passes in
// registers, then those it passes on the stack, read from there with
// read (bpf_probe_read_kernel for a kernel function, _user for a user
// one). They use R0-R3.
func LoadArgs(n int, read asm.BuiltinFunc) asm.Instructions {
	var insns asm.Instructions
	for i := range n {
		if i < len(Args) {
			insns = append(insns,
				asm.LoadMem(asm.R0, asm.R6, Args[i], asm.DWord),
				asm.StoreMem(asm.R9, int16(8*i), asm.R0, asm.DWord))
			continue
		}
		if SP < 0 {
			break
		}
		// read(&slot[i], 8, sp + StackArg0 + 8*k)
		k := i - len(Args)
		insns = append(insns,
			asm.Mov.Reg(asm.R1, asm.R9),
			asm.Add.Imm(asm.R1, int32(8*i)),
			asm.Mov.Imm(asm.R2, 8),
			asm.LoadMem(asm.R3, asm.R6, SP, asm.DWord),
			asm.Add.Imm(asm.R3, int32(StackArg0+8*k)),
			read.Call())
	}
	return insns
}

package fbt

// Where a kprobe's struct pt_regs keeps the x86-64 calling convention's
// registers: the first six integer arguments (rdi, rsi, rdx, rcx, r8,
// r9), the return value (rax) and the stack pointer.
var argRegs = []int16{112, 104, 96, 88, 72, 64}

const (
	retReg = 80
	spReg  = 152
	// stackArg0 is the offset from the stack pointer, at a function's
	// first instruction, of its first argument passed on the stack:
	// above the return address.
	stackArg0 = 8
)

package ptregs

// Where struct pt_regs keeps the x86-64 calling convention's registers:
// the first six integer arguments (rdi, rsi, rdx, rcx, r8, r9), the
// return value (rax), the instruction and the stack pointers.
var Args = []int16{112, 104, 96, 88, 72, 64}

const (
	Ret = 80
	PC  = 128
	SP  = 152
	// StackArg0 is the offset from the stack pointer, at a function's
	// first instruction, of its first argument passed on the stack:
	// above the return address.
	StackArg0 = 8
)

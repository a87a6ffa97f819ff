package fbt

// Where a kprobe's struct pt_regs keeps the arm64 calling convention's
// registers: arguments in x0-x7, the return value in x0, then the stack
// pointer after the 31 general registers.
var argRegs = []int16{0, 8, 16, 24, 32, 40, 48, 56}

const (
	retReg = 0
	spReg  = 31 * 8
	// stackArg0: the first stack argument is at the stack pointer; the
	// return address is in the link register.
	stackArg0 = 0
)

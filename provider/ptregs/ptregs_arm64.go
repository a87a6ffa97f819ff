package ptregs

// Where struct pt_regs keeps the arm64 calling convention's registers:
// arguments in x0-x7, the return value in x0, then the stack pointer
// and the pc after the 31 general registers.
var Args = []int16{0, 8, 16, 24, 32, 40, 48, 56}

const (
	Ret = 0
	SP  = 31 * 8
	PC  = 32 * 8
	// StackArg0: the first stack argument is at the stack pointer; the
	// return address is in the link register.
	StackArg0 = 0
)

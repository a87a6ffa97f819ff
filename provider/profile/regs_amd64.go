package profile

// Where struct pt_regs keeps the PC and the privilege level on x86_64.
// The code segment's low two bits are the privilege level; 3 is user.
const (
	haveRegs   = true
	pcOffset   = 16 * 8 // ip
	modeOffset = 17 * 8 // cs
	modeMask   = 3
	userMode   = 3
)

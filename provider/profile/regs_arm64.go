package profile

// Where struct user_pt_regs (regs[31], sp, pc, pstate) keeps the PC and
// the exception level on arm64; mode bits of pstate 0 mean EL0, user mode
// (also for 32-bit tasks, whose mode has bit 4 set outside the mask).
// Not yet tested on arm64 hardware.
const (
	haveRegs   = true
	pcOffset   = 32 * 8 // pc
	modeOffset = 33 * 8 // pstate
	modeMask   = 0xf
	userMode   = 0
)

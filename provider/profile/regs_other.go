//go:build !amd64 && !arm64

package profile

// On other architectures the register layout is not known yet, and
// profile probes have all-zero arguments.
const (
	haveRegs   = false
	pcOffset   = 0
	modeOffset = 0
	modeMask   = 0
	userMode   = 0
)

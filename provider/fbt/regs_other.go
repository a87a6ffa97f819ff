//go:build !amd64 && !arm64

package fbt

// Other architectures have no kprobe register map yet: their fbt probes
// load no arguments.
var argRegs []int16

const (
	retReg    = -1
	spReg     = -1
	stackArg0 = 0
)

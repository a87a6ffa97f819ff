//go:build !amd64 && !arm64

package ptregs

// Other architectures have no register map yet: their probes load no
// arguments.
var Args []int16

const (
	Ret       = -1
	PC        = -1
	SP        = -1
	StackArg0 = 0
)

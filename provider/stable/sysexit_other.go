//go:build !amd64 && !arm64

package stable

// regsNr is empty where the system call probes (exec-failure, start,
// lwp-start) do not know how to find the system call's number.
const regsNr = ""

var execCalls, forkCalls []int32

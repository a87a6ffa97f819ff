//go:build !amd64

package syscall

// sysnum is empty where no table has been generated: every probe then
// attaches its own tracepoint.
var sysnum = map[string]uint32{}

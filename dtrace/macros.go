package dtrace

import (
	"os"
	"strconv"

	"golang.org/x/sys/unix"
)

// processMacros returns the values of D's named macro variables, which
// describe the dtrace process itself, and $target, the process created
// or grabbed last (-c, -p), or 0 when there is none, as in DTrace.
func processMacros(target int) map[string]string {
	itoa := strconv.Itoa
	m := map[string]string{
		"target": itoa(target),
		"pid":    itoa(os.Getpid()), "ppid": itoa(os.Getppid()),
		"uid": itoa(os.Getuid()), "gid": itoa(os.Getgid()),
		"euid": itoa(os.Geteuid()), "egid": itoa(os.Getegid()),
	}
	if pgid, err := unix.Getpgid(0); err == nil {
		m["pgid"] = itoa(pgid)
	}
	if sid, err := unix.Getsid(0); err == nil {
		m["sid"] = itoa(sid)
	}
	if cwd, err := os.Getwd(); err == nil {
		m["cwd"] = cwd
	}
	return m
}

package dtrace

import (
	"errors"
	"io/fs"
	"os"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/provider/tracefs"
)

// PrivilegeError is libdtrace's EDT_ACCESS: the process lacks what
// tracing needs. Missing names the capabilities it lacks.
type PrivilegeError struct {
	Missing []string
}

func (e *PrivilegeError) Error() string {
	return "DTrace requires additional privileges: run as root, or with CAP_BPF, CAP_PERFMON and CAP_DAC_READ_SEARCH (missing " +
		strings.Join(e.Missing, ", ") + ")"
}

// Capabilities (linux/capability.h).
const (
	capDACOverride   = 1
	capDACReadSearch = 2
	capSysAdmin      = 21
	capPerfmon       = 38
	capBPF           = 39
)

// CheckPrivileges returns a *PrivilegeError when the process cannot
// trace: loading BPF programs needs CAP_BPF, attaching them to perf
// events and reading kernel memory CAP_PERFMON (CAP_SYS_ADMIN grants
// both, as it did before Linux 5.8), and listing tracepoints reading
// tracefs, which is root's alone unless CAP_DAC_READ_SEARCH bypasses
// its permissions. Without this check the first thing to fail is
// whichever provider lists its probes first, for a program that may
// not use it.
func CheckPrivileges() error {
	hdr := unix.CapUserHeader{Version: unix.LINUX_CAPABILITY_VERSION_3}
	var data [2]unix.CapUserData
	if err := unix.Capget(&hdr, &data[0]); err != nil {
		return nil // unknown: let the operations themselves say
	}
	has := func(c uint) bool { return data[c/32].Effective&(1<<(c%32)) != 0 }
	var missing []string
	if !has(capSysAdmin) {
		if !has(capBPF) {
			missing = append(missing, "CAP_BPF")
		}
		if !has(capPerfmon) {
			missing = append(missing, "CAP_PERFMON")
		}
	}
	if !has(capDACReadSearch) && !has(capDACOverride) {
		if _, err := os.ReadDir(tracefs.DefaultDir); errors.Is(err, fs.ErrPermission) {
			missing = append(missing, "CAP_DAC_READ_SEARCH")
		}
	}
	if len(missing) > 0 {
		return &PrivilegeError{Missing: missing}
	}
	return nil
}

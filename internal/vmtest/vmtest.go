package vmtest

import (
	"fmt"
	"os"
	"testing"

	"golang.org/x/sys/unix"
)

// Environment of init inside the virtual machine: the kernel passes
// unknown name=value parameters of its command line to init this way.
const (
	envInside = "GODTRACE_VMTEST"     // set inside the virtual machine
	envDir    = "GODTRACE_VMTEST_DIR" // the package's directory there
)

// exitMarker precedes the tests' exit status on the console, so that Run
// tells a finished run from a crash or a hang.
const exitMarker = "vmtest: exit status "

// Inside reports whether the tests run inside the virtual machine.
func Inside() bool {
	return os.Getenv(envInside) == "1" && os.Getpid() == 1
}

// Main runs the package's tests. Inside the virtual machine, as init, it
// first mounts what the tests expect of a Linux system, and afterwards
// reports the exit status on the console and turns the machine off:
// init must never return.
func Main(m *testing.M) {
	if !Inside() {
		os.Exit(m.Run())
	}
	code := 1
	if err := setUp(); err != nil {
		fmt.Println("vmtest:", err)
	} else {
		code = m.Run()
	}
	powerOff(code)
}

// powerOff reports the exit status on the console and ends the machine.
func powerOff(code int) {
	fmt.Printf("%s%d\n", exitMarker, code)
	unix.Sync()
	// With qemu's -no-reboot a restart ends qemu; it needs no ACPI.
	unix.Reboot(unix.LINUX_REBOOT_CMD_RESTART)
	select {}
}

// setUp mounts the pseudo file systems probes need and enters the
// package's directory, so that tests find their files by relative paths
// as they do under go test. Packages' initialization ran before Main
// with no /proc (cilium/ebpf reads /proc/self/mountinfo then, once), so
// the first init mounts and starts the binary again, still as pid 1.
func setUp() error {
	if _, err := os.Stat("/proc/self/mountinfo"); err == nil {
		return os.Chdir(os.Getenv(envDir))
	}
	mounts := []struct{ fs, dir string }{
		{"proc", "/proc"},
		{"sysfs", "/sys"},
		{"tracefs", "/sys/kernel/tracing"},
		{"debugfs", "/sys/kernel/debug"},
		{"tmpfs", "/tmp"},
		// /dev/null, which os/exec gives a command's absent stdin.
		{"devtmpfs", "/dev"},
	}
	for _, m := range mounts {
		if err := os.MkdirAll(m.dir, 0o755); err != nil {
			return err
		}
		if err := unix.Mount(m.fs, m.dir, m.fs, 0, ""); err != nil {
			return fmt.Errorf("mounting %s on %s: %w", m.fs, m.dir, err)
		}
	}
	return unix.Exec("/init", os.Args, os.Environ())
}

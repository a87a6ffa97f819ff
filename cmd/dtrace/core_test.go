package main

import (
	"bytes"
	"errors"
	"os/exec"
	"strings"
	"syscall"
	"testing"
)

// TestCoreOption checks that -x core, given on the command line or as a
// pragma, makes dtrace say so and abort when it is done, and that
// without it dtrace exits normally. Whether a core file appears, and
// under which name, is the system's core_pattern's business.
func TestCoreOption(t *testing.T) {
	for _, tc := range []struct {
		name  string
		args  []string
		abort bool
	}{
		{"option", []string{"-x", "core", "-e", "-n", "BEGIN"}, true},
		{"pragma", []string{"-e", "-s", "/dev/stdin"}, true},
		{"off", []string{"-e", "-n", "BEGIN"}, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cmd := exec.Command(dtraceBin, tc.args...)
			cmd.Dir = t.TempDir() // for the core file, if any
			cmd.Stdin = strings.NewReader("#pragma D option core\nBEGIN {}\n")
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			err := cmd.Run()
			var ee *exec.ExitError
			aborted := errors.As(err, &ee) && ee.Sys().(syscall.WaitStatus).Signal() == syscall.SIGABRT
			if aborted != tc.abort || !tc.abort && err != nil {
				t.Fatalf("aborted %v, want %v (%v, stderr %q)", aborted, tc.abort, err, stderr.String())
			}
			if want := "libdtrace DEBUG: [ forcing coredump ]\n"; tc.abort && stderr.String() != want {
				t.Errorf("stderr %q, want %q", stderr.String(), want)
			}
		})
	}
}

// Package testenv lets kernel tests say what they need from the machine.
//
// A kernel test that cannot run here skips, naming the missing feature;
// under CI (CI=true) the same condition fails the test instead, so that a
// CI machine that silently lost BPF cannot pass by skipping everything.
package testenv

import (
	"errors"
	"os"
	"testing"

	"github.com/cilium/ebpf"
)

// RequireBPF stops the test unless it runs as root on a kernel that lets
// it create a BPF map.
func RequireBPF(t testing.TB) {
	t.Helper()
	if os.Geteuid() != 0 {
		skip(t, "BPF: test needs root (euid is %d)", os.Geteuid())
		return
	}
	m, err := ebpf.NewMap(&ebpf.MapSpec{
		Type:       ebpf.Array,
		KeySize:    4,
		ValueSize:  8,
		MaxEntries: 1,
	})
	if err != nil {
		reason := "BPF: cannot create a map: %v"
		if errors.Is(err, ebpf.ErrNotSupported) {
			reason = "BPF: not supported by this kernel: %v"
		}
		skip(t, reason, err)
		return
	}
	m.Close()
}

// skip skips the test, or fails it under CI.
func skip(t testing.TB, format string, args ...any) {
	t.Helper()
	if os.Getenv("CI") == "true" {
		t.Fatalf("CI=true forbids skipping: "+format, args...)
		return
	}
	t.Skipf(format, args...)
}

// Missing stops a test whose machine lacks a tool or file it needs,
// naming it: a skip, or a failure under CI, as for RequireBPF.
func Missing(t testing.TB, format string, args ...any) {
	t.Helper()
	skip(t, format, args...)
}

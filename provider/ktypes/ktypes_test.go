package ktypes

import (
	"testing"

	"github.com/godtrace/godtrace/internal/testenv"
)

// TestOffsetOf finds members through nested structures, and misses
// those the kernel does not have.
func TestOffsetOf(t *testing.T) {
	testenv.RequireBPF(t)
	k, err := Kernel()
	if err != nil {
		t.Fatal(err)
	}
	if m, err := k.OffsetOf("k_sigaction", "sa", "sa_handler"); err != nil || m.Size != 8 {
		t.Errorf("k_sigaction.sa.sa_handler = %+v, %v", m, err)
	}
	if _, err := k.OffsetOf("task_struct", "no_such_member"); err == nil {
		t.Error("a missing member was found")
	}
}

package dtrace

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/godtrace/godtrace/option"
	"github.com/godtrace/godtrace/spec"
)

func usymTestTarget() {}

// usym() and ufunc() name the function holding an address, uaddr() adds
// the offset, umod() names the object; what cannot be resolved (no
// process, no mapping) prints in hex, as libdtrace prints it.
func TestUserSymName(t *testing.T) {
	h := &symbolizer{opts: option.New()}
	pid := uint64(os.Getpid())
	pc := uint64(reflect.ValueOf(usymTestTarget).Pointer())
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	exe, _ = filepath.EvalSymlinks(exe)
	mod := filepath.Base(exe)
	fn := mod + "`github.com/godtrace/godtrace/dtrace.usymTestTarget"
	tests := []struct {
		kind    string
		pid, pc uint64
		want    string
	}{
		{spec.SymUser, pid, pc + 1, fn},
		{spec.SymUser, pid, pc, fn},
		{spec.SymUaddr, pid, pc + 1, fn + "+0x1"},
		{spec.SymUaddr, pid, pc, fn},
		{spec.SymUmod, pid, pc + 1, mod},
		{spec.SymUser, pid, 8, "0x8"},
		{spec.SymUmod, pid, 8, "0x8"},
		{spec.SymUaddr, 0, pc, fmt.Sprintf("0x%x", pc)},
		{spec.SymUmod, 0, pc, fmt.Sprintf("0x%x", pc)},
	}
	for _, tc := range tests {
		if got := h.userSymName(tc.kind, tc.pid, tc.pc); got != tc.want {
			t.Errorf("%s(%d, %#x) = %q, want %q", tc.kind, tc.pid, tc.pc, got, tc.want)
		}
	}
}

package consume

import (
	"encoding/binary"
	"slices"
	"testing"

	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/spec"
)

// A kernel stack decodes whole; a user stack's first word is the pid.
func TestDecodeStacks(t *testing.T) {
	le := binary.LittleEndian
	raw := make([]byte, 8+24+24)
	for i, v := range []uint64{0xffff0001, 0xffff0002, 0, 42, 0x401000, 0} {
		le.PutUint64(raw[8+8*i:], v)
	}
	r := &Record{Data: raw}
	k := r.Datum(spec.Item{Off: 8, Size: 24, Stack: spec.KernelStack, Frames: 1})
	if k.Kind != format.Stack || k.User || k.Size != 24 || !slices.Equal(k.PCs, []uint64{0xffff0001, 0xffff0002, 0}) {
		t.Errorf("kernel stack %+v", k)
	}
	u := r.Datum(spec.Item{Off: 32, Size: 24, Stack: spec.UserStack, Frames: 2})
	if u.Kind != format.Stack || !u.User || u.Pid != 42 || u.Size != 24 || !slices.Equal(u.PCs, []uint64{0x401000, 0}) {
		t.Errorf("user stack %+v", u)
	}
}

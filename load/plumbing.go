package load

import (
	"encoding/binary"
	"fmt"

	"github.com/cilium/ebpf"

	"github.com/godtrace/godtrace/ksym"
	"github.com/godtrace/godtrace/spec"
)

// fillPlumbing writes the plumbing ranges into the map, once the programs
// are attached: kallsyms lists a JITed program only once it is loaded,
// and a fentry program's trampoline only once it is attached, and the
// stack walk passes through both.
func fillPlumbing(coll *ebpf.Collection) error {
	m := coll.Maps[spec.MapPlumbing]
	if m == nil {
		return nil
	}
	ranges, err := ksym.New().PlumbingRanges()
	if err != nil {
		return fmt.Errorf("reading kernel symbols for stackdepth and caller: %w", err)
	}
	if len(ranges) > spec.PlumbingMax {
		return fmt.Errorf("stackdepth and caller: %d ranges of tracing functions, more than %d", len(ranges), spec.PlumbingMax)
	}
	v := make([]byte, spec.PlumbingSize)
	binary.LittleEndian.PutUint64(v[spec.PlumbingCount:], uint64(len(ranges)))
	for i, r := range ranges {
		binary.LittleEndian.PutUint64(v[spec.PlumbingRanges+16*i:], r[0])
		binary.LittleEndian.PutUint64(v[spec.PlumbingRanges+16*i+8:], r[1])
	}
	return m.Put(uint32(0), v)
}

package stable

import (
	"errors"
	"fmt"
	"sync"

	"github.com/cilium/ebpf/btf"
)

// layout holds the kernel structure offsets the probes read at, and the
// errors of those the kernel's BTF lacks, reported by the probes that
// need them.
type layout struct {
	spec *btf.Spec
	err  error
}

var (
	kernelOnce sync.Once
	kernel     layout
)

// kernelLayout returns the running kernel's layout, loading its BTF on
// first use (cilium/ebpf keeps it, so the compiler's use shares it).
func kernelLayout() (*layout, error) {
	kernelOnce.Do(func() {
		kernel.spec, kernel.err = btf.LoadKernelSpec()
		if kernel.err != nil {
			kernel.err = fmt.Errorf("kernel BTF: %w", kernel.err)
		}
	})
	return &kernel, kernel.err
}

// member is where a structure member is and how large it is.
type member struct {
	off, size int32
}

// offsetOf finds the member path in struct typ, looking through
// anonymous structures and unions as C does.
func (l *layout) offsetOf(typ string, path ...string) (member, error) {
	var s btf.Type
	var st *btf.Struct
	if err := l.spec.TypeByName(typ, &st); err != nil {
		return member{}, fmt.Errorf("struct %s: %w", typ, err)
	}
	s = st
	var off uint32
	for _, name := range path {
		m, moff, ok := findMember(s, name)
		if !ok {
			return member{}, fmt.Errorf("struct %s has no member %s", typ, name)
		}
		off += moff
		s = btf.UnderlyingType(m.Type)
		if m.BitfieldSize != 0 {
			return member{}, fmt.Errorf("struct %s: member %s is a bit-field", typ, name)
		}
	}
	size, err := btf.Sizeof(s)
	if err != nil {
		return member{}, fmt.Errorf("struct %s: %w", typ, err)
	}
	return member{int32(off / 8), int32(size)}, nil
}

// findMember returns the member called name of a structure or union,
// and its offset in bits, searching anonymous members depth first.
func findMember(t btf.Type, name string) (btf.Member, uint32, bool) {
	var members []btf.Member
	switch t := t.(type) {
	case *btf.Struct:
		members = t.Members
	case *btf.Union:
		members = t.Members
	}
	for _, m := range members {
		if m.Name == name {
			return m, uint32(m.Offset), true
		}
		if m.Name == "" {
			if inner, off, ok := findMember(btf.UnderlyingType(m.Type), name); ok {
				return inner, uint32(m.Offset) + off, true
			}
		}
	}
	return btf.Member{}, 0, false
}

// errNoArch is the error of probes this architecture's table lacks.
var errNoArch = errors.New("not supported on this architecture")

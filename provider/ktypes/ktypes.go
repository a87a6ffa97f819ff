// Package ktypes finds where the running kernel keeps structure
// members, from its BTF, for providers whose programs read kernel
// structures at fixed offsets.
package ktypes

import (
	"fmt"
	"sync"

	"github.com/cilium/ebpf/btf"
)

// Types are the running kernel's types.
type Types struct {
	spec *btf.Spec
}

var (
	kernelOnce sync.Once
	kernel     Types
	kernelErr  error
	// cache holds the kernel's and its modules' BTF, each decoded once
	// for the whole process. cilium/ebpf decodes the kernel's BTF again
	// for each program it loads with an attach target unless given a
	// cache (half a second under emulation; dozens of fentry programs
	// are loaded at a time).
	cache = btf.NewCache()
)

// Kernel returns the running kernel's types, loading its BTF on first
// use (cilium/ebpf maps the file and decodes types as they are looked
// up, so a few lookups cost little).
func Kernel() (*Types, error) {
	kernelOnce.Do(func() {
		kernel.spec, kernelErr = cache.Kernel()
		if kernelErr != nil {
			kernelErr = fmt.Errorf("kernel BTF: %w", kernelErr)
		}
	})
	return &kernel, kernelErr
}

// Cache is the BTF cache Spec and Module use, for cilium/ebpf's loads
// (ebpf.CollectionOptions.Cache).
func Cache() *btf.Cache { return cache }

// Module returns a kernel module's BTF, loaded once.
func Module(name string) (*btf.Spec, error) { return cache.Module(name) }

// Spec returns the running kernel's BTF, loaded once for the whole
// process: the compiler's types, the providers' layouts and the
// loader's attach targets all use this one copy (each load costs about
// 15 ms).
func Spec() (*btf.Spec, error) {
	t, err := Kernel()
	return t.spec, err
}

// Member is where a structure member is and how large it is, in bytes.
type Member struct {
	Off, Size int32
}

// OffsetOf finds the member path in struct typ, looking through
// anonymous structures and unions as C does.
func (t *Types) OffsetOf(typ string, path ...string) (Member, error) {
	var st *btf.Struct
	if err := t.spec.TypeByName(typ, &st); err != nil {
		return Member{}, fmt.Errorf("struct %s: %w", typ, err)
	}
	var s btf.Type = st
	var off uint32
	for _, name := range path {
		m, moff, ok := findMember(s, name)
		if !ok {
			return Member{}, fmt.Errorf("struct %s has no member %s", typ, name)
		}
		off += moff
		s = btf.UnderlyingType(m.Type)
		if m.BitfieldSize != 0 {
			return Member{}, fmt.Errorf("struct %s: member %s is a bit-field", typ, name)
		}
	}
	size, err := btf.Sizeof(s)
	if err != nil {
		return Member{}, fmt.Errorf("struct %s: %w", typ, err)
	}
	return Member{int32(off / 8), int32(size)}, nil
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

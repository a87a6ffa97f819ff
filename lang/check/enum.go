package check

import (
	"sort"
	"strings"

	"github.com/cilium/ebpf/btf"
)

// Enumerator is one name of an enum type and its value.
type Enumerator struct {
	Name  string
	Value int64
}

// enumerators lists the enumerators of enum type t, in declaration
// order: those a D declaration defined, or a kernel enum's from BTF.
// It returns nil for any other type, and for an enum without a tag.
func (c *checker) enumerators(t Type) []Enumerator {
	tag, ok := strings.CutPrefix(t.Name, "enum ")
	if t.Kind != Int || !ok {
		return nil
	}
	if d, ok := c.tags[t.Name]; ok && d == t {
		return c.declaredEnumerators(t)
	}
	spec, err := c.kernel.btf()
	if err != nil {
		return nil
	}
	types, err := spec.AnyTypesByName(tag)
	if err != nil {
		return nil
	}
	for _, bt := range types {
		if e, ok := bt.(*btf.Enum); ok && int(e.Size) == t.Size {
			var list []Enumerator
			for _, v := range e.Values {
				val := int64(v.Value)
				if e.Signed {
					val = signExtend(v.Value, t.Size)
				}
				list = append(list, Enumerator{Name: v.Name, Value: val})
			}
			return list
		}
	}
	return nil
}

// declaredEnumerators lists the enumerators a D program gave type t,
// in declaration order.
func (c *checker) declaredEnumerators(t Type) []Enumerator {
	var list []Enumerator
	type at struct {
		e   Enumerator
		pos int
	}
	var found []at
	for name, e := range c.enums {
		if e.t == t {
			found = append(found, at{Enumerator{Name: name, Value: e.v}, int(e.at)})
		}
	}
	sort.Slice(found, func(i, j int) bool { return found[i].pos < found[j].pos })
	for _, f := range found {
		list = append(list, f.e)
	}
	return list
}

// signExtend reads the low size bytes of v as a signed integer.
func signExtend(v uint64, size int) int64 {
	shift := 64 - 8*uint(size)
	return int64(v<<shift) >> shift
}

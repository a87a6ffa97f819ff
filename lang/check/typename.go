package check

import "github.com/cilium/ebpf/btf"

// TypeNames returns the parser's question "is this identifier a type
// name?" for the names a program may use without declaring them: D's
// built-in types, and the typedefs and base types of the kernel's BTF,
// which kernelBTF loads on the first name D does not know (nil means
// there are none). DTrace's lexer asks every type container it has
// loaded, the kernel's among them, so "(rwlock_t *)arg0" is a cast.
func TypeNames(kernelBTF func() (*btf.Spec, error)) func(name string) bool {
	k := &kernelTypes{load: kernelBTF}
	return func(name string) bool {
		if _, ok := typeNames[name]; ok {
			return true
		}
		spec, err := k.btf()
		if err != nil {
			return false
		}
		types, err := spec.AnyTypesByName(name)
		if err != nil {
			return false
		}
		for _, t := range types {
			switch t.(type) {
			case *btf.Typedef, *btf.Int, *btf.Float:
				return true
			}
		}
		return false
	}
}

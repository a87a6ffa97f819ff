package check

import (
	"errors"
	"strings"

	"github.com/cilium/ebpf/btf"
)

// kernelTypes resolves type names in the kernel's BTF. The BTF is loaded
// only when a program first names a type D does not know (parsing vmlinux
// BTF takes tens of milliseconds), and types are converted lazily: a
// struct's members only when a member is first looked up.
type kernelTypes struct {
	load func() (*btf.Spec, error)
	// loadModule loads a module's BTF (split on top of the kernel's).
	loadModule func(module string) (*btf.Spec, error)
	modules    map[string]*btf.Spec
	spec       *btf.Spec
	err        error
	loaded     bool
	memo       map[btf.Type]Type
	// pending is the struct an awaited definition is completing: the
	// conversion of its BTF definition fills it, not a new one.
	pending map[string]*StructDef
}

// await makes def, a struct or union a D library's type declaration
// names, complete itself from the kernel's types when first needed.
// dlib's declarations name kernel structs (net.d's struct iphdr *), and
// a program that uses none of them must not pay for loading the
// kernel's BTF (about 15 ms and 2 MB).
func (k *kernelTypes) await(def *StructDef) {
	def.fill = func() {
		if k.pending == nil {
			k.pending = map[string]*StructDef{}
		}
		k.pending[def.Name] = def
		k.lookup(def.Name)
		delete(k.pending, def.Name)
	}
}

func (k *kernelTypes) btf() (*btf.Spec, error) {
	if !k.loaded {
		k.loaded = true
		if k.load == nil {
			k.err = errors.New("kernel types are not available")
		} else {
			k.spec, k.err = k.load()
		}
		k.memo = map[btf.Type]Type{}
	}
	return k.spec, k.err
}

// lookup finds a kernel type by its D name: "struct task_struct",
// "union u", "enum e", or a typedef or base type name ("u64").
func (k *kernelTypes) lookup(name string) (Type, bool) {
	spec, err := k.btf()
	if err != nil {
		return TypeInvalid, false
	}
	kind, bare := "", name
	for _, p := range []string{"struct ", "union ", "enum "} {
		if rest, ok := strings.CutPrefix(name, p); ok {
			kind, bare = strings.TrimSpace(p), rest
		}
	}
	types, err := spec.AnyTypesByName(bare)
	if err != nil {
		return TypeInvalid, false
	}
	// Prefer a complete definition over a forward declaration.
	var found btf.Type
	for _, t := range types {
		if kindOf(t) != kind {
			continue
		}
		if _, fwd := t.(*btf.Fwd); fwd && found != nil {
			continue
		}
		found = t
	}
	if found == nil {
		return TypeInvalid, false
	}
	return k.convert(found), true
}

// kindOf is the D keyword that names t's kind, "" for typedefs and base
// types.
func kindOf(t btf.Type) string {
	switch t := t.(type) {
	case *btf.Struct:
		return "struct"
	case *btf.Union:
		return "union"
	case *btf.Enum:
		return "enum"
	case *btf.Fwd:
		if t.Kind == btf.FwdUnion {
			return "union"
		}
		return "struct"
	case *btf.Typedef, *btf.Int, *btf.Float:
		return ""
	}
	return "?"
}

// convert turns a BTF type into a D type.
func (k *kernelTypes) convert(t btf.Type) Type {
	if d, ok := k.memo[t]; ok {
		return d
	}
	d := k.convert1(t)
	k.memo[t] = d
	return d
}

func (k *kernelTypes) convert1(t btf.Type) Type {
	switch t := t.(type) {
	case *btf.Int:
		signed := t.Encoding&btf.Signed != 0 || t.Encoding == btf.Char
		return Type{Kind: Int, Size: int(t.Size), Signed: signed, Name: t.Name}
	case *btf.Pointer:
		return PointerTo(k.convert(t.Target))
	case *btf.Array:
		return ArrayOf(k.convert(t.Type), int(t.Nelems))
	case *btf.Typedef:
		u := k.convert(t.Type)
		u.Name = t.Name
		return u
	case *btf.Const:
		return k.convert(t.Type)
	case *btf.Volatile:
		return k.convert(t.Type)
	case *btf.Restrict:
		return k.convert(t.Type)
	case *btf.TypeTag:
		return k.convert(t.Type)
	case *btf.Enum:
		return Type{Kind: Int, Size: int(t.Size), Signed: t.Signed, Name: "enum " + t.Name}
	case *btf.Struct:
		return k.structType("struct", t.Name, int(t.Size), t.Members, false)
	case *btf.Union:
		return k.structType("union", t.Name, int(t.Size), t.Members, true)
	case *btf.Fwd:
		kind := kindOf(t)
		return Type{Kind: Struct, Name: kind + " " + t.Name, Def: &StructDef{Name: kind + " " + t.Name, Union: kind == "union"}}
	case *btf.Float:
		return Type{Kind: Float, Size: int(t.Size), Name: t.Name}
	case *btf.FuncProto:
		return Type{Kind: Func, Name: "function"}
	}
	return TypeVoid
}

// structType makes a struct or union whose members are converted when
// first needed.
func (k *kernelTypes) structType(kind, name string, size int, ms []btf.Member, union bool) Type {
	full := kind
	if name != "" {
		full += " " + name
	}
	def := k.pending[full]
	if def == nil {
		def = &StructDef{}
	}
	delete(k.pending, full)
	*def = StructDef{Name: full, Union: union, Size: size, Complete: true}
	def.load = func() []Member {
		out := make([]Member, len(ms))
		for i, m := range ms {
			bits := int(m.Offset)
			out[i] = Member{Name: m.Name, Type: k.convert(m.Type), Off: bits / 8}
			if m.BitfieldSize > 0 {
				out[i].BitOff, out[i].BitSize = bits%8, int(m.BitfieldSize)
			}
		}
		return out
	}
	return Type{Kind: Struct, Size: size, Name: full, Def: def}
}

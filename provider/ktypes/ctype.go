package ktypes

import (
	"fmt"
	"strings"

	"github.com/cilium/ebpf/btf"
)

// CType writes t as a C type name ("struct task_struct *",
// "const char *", "unsigned int"), as dtrace -l -v lists argument types.
func CType(t btf.Type) string {
	return strings.TrimSpace(declare(t, ""))
}

// declare writes the declaration of an unnamed object of type t, with
// inner the part of the declarator already written ("*" for a pointer to
// t): C's inside-out declarators, for the types tracepoints have.
func declare(t btf.Type, inner string) string {
	switch t := t.(type) {
	case *btf.Pointer:
		switch t.Target.(type) {
		case *btf.Array, *btf.FuncProto:
			return declare(t.Target, "(*"+inner+")")
		}
		return declare(t.Target, "*"+inner)
	case *btf.Const:
		return qualify("const", t.Type, inner)
	case *btf.Volatile:
		return qualify("volatile", t.Type, inner)
	case *btf.Restrict:
		return declare(t.Type, inner)
	case *btf.TypeTag:
		return declare(t.Type, inner)
	case *btf.Array:
		return declare(t.Type, fmt.Sprintf("%s[%d]", inner, t.Nelems))
	case *btf.FuncProto:
		var ps []string
		for _, p := range t.Params {
			ps = append(ps, CType(p.Type))
		}
		if len(ps) == 0 {
			ps = []string{"void"}
		}
		return declare(t.Return, inner+"("+strings.Join(ps, ", ")+")")
	}
	return join(baseName(t), inner)
}

// qualify writes a qualified type: before the type it qualifies
// ("const char"), but after the star of a pointer ("char *const").
func qualify(q string, t btf.Type, inner string) string {
	if _, ok := t.(*btf.Pointer); ok {
		return declare(t, strings.TrimSpace(q+" "+inner))
	}
	return q + " " + declare(t, inner)
}

// baseName is the name of a type that is not built from another.
func baseName(t btf.Type) string {
	switch t := t.(type) {
	case *btf.Void:
		return "void"
	case *btf.Struct:
		return tagged("struct", t.Name)
	case *btf.Union:
		return tagged("union", t.Name)
	case *btf.Enum:
		return tagged("enum", t.Name)
	case *btf.Fwd:
		return tagged(t.Kind.String(), t.Name)
	}
	if n := t.TypeName(); n != "" {
		return n
	}
	return "void"
}

func tagged(kind, name string) string {
	if name == "" {
		return kind + " <anon>"
	}
	return kind + " " + name
}

// join puts a declarator after a type name: "char" and "*" make
// "char *".
func join(base, inner string) string {
	if inner == "" {
		return base
	}
	return base + " " + inner
}

package rawtp

import (
	"fmt"
	"strings"

	"github.com/cilium/ebpf/btf"

	"github.com/godtrace/godtrace/provider"
)

// protoArgs returns the arguments a raw tracepoint program sees for the
// tracepoint called event, from types, the kernel's BTF. The kernel
// declares, for every tracepoint, the typedef btf_trace_EVENT: a pointer
// to the prototype of the function that calls BPF programs, whose
// parameters are a private pointer (void *__data), which programs do not
// see, then the tracepoint's own (TP_PROTO) parameters, one 64-bit
// context slot each.
func protoArgs(types *btf.Spec, event string) ([]provider.Arg, error) {
	name := "btf_trace_" + event
	var td *btf.Typedef
	if err := types.TypeByName(name, &td); err != nil {
		return nil, fmt.Errorf("raw tracepoint %s: no type %s in the kernel's BTF: %w", event, name, err)
	}
	ptr, ok := td.Type.(*btf.Pointer)
	if !ok {
		return nil, fmt.Errorf("raw tracepoint %s: %s is not a function pointer", event, name)
	}
	proto, ok := ptr.Target.(*btf.FuncProto)
	if !ok || len(proto.Params) == 0 {
		return nil, fmt.Errorf("raw tracepoint %s: %s is not a function pointer", event, name)
	}
	params := proto.Params[1:]
	args := make([]provider.Arg, 0, len(params))
	for i, p := range params {
		args = append(args, provider.Arg{Native: cType(p.Type), Mapping: i})
	}
	return args, nil
}

// cType writes t as a C type name ("struct task_struct *",
// "const char *", "unsigned int"), as dtrace -l -v lists argument types.
func cType(t btf.Type) string {
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
			ps = append(ps, cType(p.Type))
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

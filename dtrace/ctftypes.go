package dtrace

import (
	"os"
	"runtime"

	"github.com/godtrace/godtrace/ctf"
	"github.com/godtrace/godtrace/option"
)

// The types of DTrace's C and D type containers, which the ctypes and
// dtypes options write out as CTF after each compile, as Oracle's
// dt_compile() does. The C container holds C's intrinsic types and
// pointers to void, char and int; the D container the typedefs D
// predefines and its own types (string, the function and pointer types
// of D's built-ins, and the void typedefs that stand for stacks, symbols
// and dynamic values). Here each file stands alone: the D container
// repeats the C types its typedefs name, where DTrace's D container
// refers to its C container as its parent.

// cIntrinsics are C's integer types, by name, with their size and CTF
// encoding; char's signedness is the architecture's.
var cIntrinsics = []struct {
	name     string
	size     int
	encoding uint32
}{
	{"void", 0, ctf.IntSigned},
	{"signed", 4, ctf.IntSigned},
	{"unsigned", 4, 0},
	{"char", 1, ctf.IntChar | ctf.IntSigned}, // unsigned on arm64: see intrinsicChar
	{"short", 2, ctf.IntSigned},
	{"int", 4, ctf.IntSigned},
	{"long", 8, ctf.IntSigned},
	{"long long", 8, ctf.IntSigned},
	{"signed char", 1, ctf.IntSigned | ctf.IntChar},
	{"signed short", 2, ctf.IntSigned},
	{"signed int", 4, ctf.IntSigned},
	{"signed long", 8, ctf.IntSigned},
	{"signed long long", 8, ctf.IntSigned},
	{"unsigned char", 1, ctf.IntChar},
	{"unsigned short", 2, 0},
	{"unsigned int", 4, 0},
	{"unsigned long", 8, 0},
	{"unsigned long long", 8, 0},
	{"_Bool", 1, ctf.IntBool},
}

// cFloats are C's floating-point types.
var cFloats = []struct {
	name     string
	size     int
	encoding uint32
}{
	{"float", 4, ctf.FloatSingle},
	{"double", 8, ctf.FloatDouble},
	{"long double", 16, ctf.FloatLong},
}

// dTypedefs are the typedefs D predefines on LP64, and the C types they
// name.
var dTypedefs = []struct{ name, of string }{
	{"int8_t", "signed char"}, {"int16_t", "short"}, {"int32_t", "int"}, {"int64_t", "long"},
	{"intptr_t", "long"}, {"ssize_t", "long"},
	{"uint8_t", "unsigned char"}, {"uint16_t", "unsigned short"}, {"uint32_t", "unsigned"}, {"uint64_t", "unsigned long"},
	{"uchar_t", "unsigned char"}, {"ushort_t", "unsigned short"}, {"uint_t", "unsigned"}, {"ulong_t", "unsigned long"},
	{"u_longlong_t", "unsigned long long"}, {"ptrdiff_t", "long"}, {"uintptr_t", "unsigned long"},
	{"size_t", "unsigned long"}, {"id_t", "int"}, {"pid_t", "int"},
}

// intrinsics adds C's intrinsic types to d and returns them by name.
func intrinsics(d *ctf.Dict) map[string]ctf.TypeID {
	ids := map[string]ctf.TypeID{}
	for _, t := range cIntrinsics {
		enc := t.encoding
		if t.name == "char" && runtime.GOARCH == "arm64" {
			enc = ctf.IntChar
		}
		ids[t.name] = d.Integer(t.name, t.size, enc)
	}
	for _, t := range cFloats {
		ids[t.name] = d.Float(t.name, t.size, t.encoding)
	}
	return ids
}

// cContainer is DTrace's C type container.
func cContainer() *ctf.Dict {
	d := ctf.NewDict()
	ids := intrinsics(d)
	for _, name := range []string{"void", "char", "int"} {
		d.Pointer(ids[name])
	}
	return d
}

// dContainer is DTrace's D type container, for strings of strsize bytes.
func dContainer(strsize int) *ctf.Dict {
	d := ctf.NewDict()
	ids := intrinsics(d)
	for _, t := range dTypedefs {
		d.Typedef(t.name, ids[t.of])
	}
	d.Pointer(d.Function(ids["int"]))
	d.Typedef("string", d.Array(ids["char"], ids["long"], strsize))
	for _, name := range []string{"<DYN>", "stack", "_symaddr", "_usymaddr"} {
		d.Typedef(name, ids["void"])
	}
	return d
}

// writeTypes writes the type containers the ctypes and dtypes options
// name. As in DTrace, a file that cannot be written is only a debug
// message.
func (h *Handle) writeTypes() {
	for _, c := range []struct {
		option option.Name
		dict   func() *ctf.Dict
	}{
		{option.CTypes, cContainer},
		{option.DTypes, func() *ctf.Dict { return dContainer(int(h.Options.Size(option.StrSize))) }},
	} {
		path := h.Options.String(c.option)
		if path == "" {
			continue
		}
		if err := os.WriteFile(path, c.dict().Bytes(), 0o666); err != nil {
			h.debugf("failed to update CTF cache: %v", err)
		}
	}
}

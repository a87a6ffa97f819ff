package format

import (
	"bytes"
	"testing"

	dspec "github.com/godtrace/godtrace/spec"
)

// The expected texts follow dtrace_print()'s rules in illumos
// (dt_print.c), worked through by hand for each layout.
func TestPrintTyped(t *testing.T) {
	i32 := &dspec.PrintType{Kind: dspec.PrintInt, Name: "int", Size: 4, Signed: true}
	u32 := &dspec.PrintType{Kind: dspec.PrintInt, Name: "unsigned int", Size: 4}
	i16 := &dspec.PrintType{Kind: dspec.PrintInt, Name: "short", Size: 2, Signed: true}
	char := &dspec.PrintType{Kind: dspec.PrintInt, Name: "char", Size: 1, Signed: true, Char: true}
	foo := &dspec.PrintType{Kind: dspec.PrintStruct, Name: "struct foo", Size: 20, Members: []dspec.PrintMember{
		{Name: "c", Off: 0, Type: char},
		{Name: "a", Off: 32, Type: i32},
		{Name: "bf", Off: 64, Bits: 3, Type: u32},
		{Name: "sbf", Off: 67, Bits: 4, Type: i32},
		{Name: "name", Off: 72, Type: &dspec.PrintType{Kind: dspec.PrintArray, Name: "char [8]", Size: 8, Elem: char, Len: 8}},
	}}
	in := &dspec.PrintType{Kind: dspec.PrintStruct, Name: "struct in", Size: 2, Members: []dspec.PrintMember{{Name: "s", Type: i16}}}
	bar := &dspec.PrintType{Kind: dspec.PrintStruct, Name: "struct bar", Size: 24, Members: []dspec.PrintMember{
		{Name: "x", Off: 0, Type: i32},
		{Name: "in", Off: 32, Type: in},
		{Name: "s", Off: 48, Type: &dspec.PrintType{Kind: dspec.PrintArray, Name: "char [4]", Size: 4, Elem: char, Len: 4}},
		{Name: "p", Off: 128, Type: &dspec.PrintType{Kind: dspec.PrintPointer, Name: "int *", Size: 8}},
	}}
	pt := &dspec.PrintType{Kind: dspec.PrintStruct, Name: "struct pt", Size: 4, Members: []dspec.PrintMember{{Name: "x", Type: i32}}}
	pts := &dspec.PrintType{Kind: dspec.PrintStruct, Name: "struct s", Size: 8, Members: []dspec.PrintMember{
		{Name: "pts", Type: &dspec.PrintType{Kind: dspec.PrintArray, Name: "struct pt [2]", Size: 8, Elem: pt, Len: 2}},
	}}
	tests := []struct {
		name string
		t    *dspec.PrintType
		b    []byte
		want string
	}{
		{"int", i32, []byte{1, 0, 0, 0}, "int 0x1\n"},
		{"zero", i32, []byte{0, 0, 0, 0}, "int 0\n"},
		{"negative", &dspec.PrintType{Kind: dspec.PrintInt, Name: "long", Size: 8, Signed: true},
			bytes.Repeat([]byte{0xff}, 8), "long 0xffffffffffffffff\n"},
		{"char", char, []byte{'x'}, "char 'x'\n"},
		{"char nul", char, []byte{0}, "char '\\0'\n"},
		{"char high", char, []byte{0x81}, "char '\\37777777601'\n"},
		{"char control", char, []byte{1}, "char '\\001'\n"},
		{"string", &dspec.PrintType{Kind: dspec.PrintString, Name: "string", Size: 8}, []byte("foo\x00\x00\x00\x00\x00"), "string \"foo\"\n"},
		{"int array", &dspec.PrintType{Kind: dspec.PrintArray, Name: "int [3]", Size: 12, Elem: i32, Len: 3},
			[]byte{1, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0}, "int [3] [ 0x1, 0x2, 0 ]\n"},
		{"pointer", &dspec.PrintType{Kind: dspec.PrintPointer, Name: "char *", Size: 8},
			[]byte{0x10, 0x32, 0, 0, 0, 0, 0, 0}, "char * 0x3210\n"},
		{"float", &dspec.PrintType{Kind: dspec.PrintFloat, Name: "double", Size: 8},
			[]byte{0, 0, 0, 0, 0, 0, 0xf8, 0x3f}, "double +1.5000000e+00\n"},
		{"long double", &dspec.PrintType{Kind: dspec.PrintFloat, Name: "long double", Size: 16},
			[]byte{0, 0, 0, 0, 0, 0, 0, 0xc0, 0xff, 0x3f, 0, 0, 0, 0, 0, 0}, "long double +1.5000000000000000E+00\n"},
		{"struct", foo, []byte("ABCDEFGHIJKLMNOPQRST"), "struct foo {\n" +
			"    char c = 'A'\n" +
			"    int a = 0x48474645\n" +
			"    unsigned int bf :3 = 0x1\n" +
			"    int sbf :4 = 0x9\n" +
			"    char [8] name = [ 'J', 'K', 'L', 'M', 'N', 'O', 'P', 'Q' ]\n" +
			"}"},
		{"nested", bar, []byte{1, 0, 0, 0, 2, 0, 'a', 'b', 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0}, "struct bar {\n" +
			"    int x = 0x1\n" +
			"    struct in in = {\n" +
			"        short s = 0x2\n" +
			"    }\n" +
			"    char [4] s = [ \"ab\" ]\n" +
			"    int *p = 0\n" +
			"}"},
		{"nested last", &dspec.PrintType{Kind: dspec.PrintStruct, Name: "struct o", Size: 2, Members: []dspec.PrintMember{{Name: "in", Type: in}}},
			[]byte{7, 0}, "struct o {\n    struct in in = {\n        short s = 0x7\n    }\n}"},
		{"struct array", pts, []byte{1, 0, 0, 0, 2, 0, 0, 0}, "struct s {\n" +
			"    struct pt [2] pts = [ \n" +
			"        struct pt {\n" +
			"            int x = 0x1\n" +
			"        }, \n" +
			"        struct pt {\n" +
			"            int x = 0x2\n" +
			"        }\n" +
			"    ]\n" +
			"}"},
	}
	for _, tc := range tests {
		var buf bytes.Buffer
		if err := PrintTyped(&buf, tc.t, tc.b); err != nil {
			t.Fatal(err)
		}
		if got := buf.String(); got != tc.want {
			t.Errorf("%s:\ngot  %q\nwant %q", tc.name, got, tc.want)
		}
	}
}

func TestSymbolic(t *testing.T) {
	var buf bytes.Buffer
	Symbolic(&buf, "a.out`main")
	if want := "  a.out`main" + string(bytes.Repeat([]byte{' '}, 40)); buf.String() != want {
		t.Errorf("got %q, want %q", buf.String(), want)
	}
}

// dt_print_enum(): the enumerator of the value read at the enum's size
// (1 and 2 bytes unsigned), else the number; sizes CTF cannot give an
// enum are refused.
func TestPrintTypedEnum(t *testing.T) {
	names := []dspec.PrintEnumerator{{Name: "RED", Value: 0}, {Name: "NEG", Value: -1}, {Name: "BIG", Value: 255}}
	enum := func(size int) *dspec.PrintType {
		return &dspec.PrintType{Kind: dspec.PrintEnum, Name: "enum e", Size: size, Enums: names}
	}
	for _, c := range []struct {
		size int
		b    []byte
		want string
	}{
		{4, []byte{0, 0, 0, 0}, "enum e RED\n"},
		{4, []byte{0xff, 0xff, 0xff, 0xff}, "enum e NEG\n"},
		{4, []byte{7, 0, 0, 0}, "enum e 7\n"},
		{1, []byte{0xff}, "enum e BIG\n"},
		{2, []byte{0xfe, 0xff}, "enum e 65534\n"},
		{8, make([]byte, 8), "enum e <invalid enum size 8>\n"},
	} {
		var b bytes.Buffer
		if err := PrintTyped(&b, enum(c.size), c.b); err != nil {
			t.Fatal(err)
		}
		if b.String() != c.want {
			t.Errorf("size %d % x: got %q, want %q", c.size, c.b, b.String(), c.want)
		}
	}
}

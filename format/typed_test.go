package format

import (
	"bytes"
	"strconv"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/abi"
)

// lines builds print()'s expected text: the address line, then each
// item indented 44 columns plus its depth, written "depth|text".
func lines(items ...string) string {
	out := "0x1000 = *\n"
	for _, it := range items {
		depth, text, _ := strings.Cut(it, "|")
		n, _ := strconv.Atoi(depth)
		out += strings.Repeat(" ", 44+n) + text + "\n"
	}
	return out
}

// The expected texts follow Oracle's dt_print_visit() (its tests'
// outputs, print/tst.print.local*.r), worked through by hand for each
// layout.
func TestPrintTyped(t *testing.T) {
	i32 := &abi.PrintType{Kind: abi.PrintInt, Name: "int", Size: 4, Signed: true}
	u32 := &abi.PrintType{Kind: abi.PrintInt, Name: "unsigned int", Size: 4}
	u8 := &abi.PrintType{Kind: abi.PrintInt, Name: "__u8", Size: 1}
	u64 := &abi.PrintType{Kind: abi.PrintInt, Name: "uint64_t", Size: 8}
	i64 := &abi.PrintType{Kind: abi.PrintInt, Name: "long long", Size: 8, Signed: true}
	char := &abi.PrintType{Kind: abi.PrintInt, Name: "char", Size: 1, Signed: true, Char: true}
	schar := &abi.PrintType{Kind: abi.PrintInt, Name: "signed char", Size: 1, Signed: true}
	vp := &abi.PrintType{Kind: abi.PrintPointer, Name: "void *", Size: 8}
	color := &abi.PrintType{Kind: abi.PrintEnum, Name: "enum color", Size: 4,
		Enums: []abi.PrintEnumerator{{Name: "RED", Value: 0}, {Name: "GREEN", Value: 1}, {Name: "NEG", Value: -1}}}
	char5 := &abi.PrintType{Kind: abi.PrintArray, Name: "char [5]", Size: 5, Elem: char, Len: 5}
	// struct test_struct of tst.print.local.d.
	local := &abi.PrintType{Kind: abi.PrintStruct, Name: "struct test_struct", Size: 48, Members: []abi.PrintMember{
		{Name: "a", Off: 0, Type: i32},
		{Name: "b", Off: 32, Type: char5},
		{Name: "u", Off: 128, Type: &abi.PrintType{Kind: abi.PrintUnion, Name: "union ", Size: 8, Members: []abi.PrintMember{
			{Name: "c", Type: u8},
			{Name: "d", Type: &abi.PrintType{Kind: abi.PrintInt, Name: "__u64", Size: 8}},
		}}},
		{Name: "s", Off: 192, Type: &abi.PrintType{Kind: abi.PrintStruct, Name: "struct ", Size: 16, Members: []abi.PrintMember{
			{Name: "e", Type: vp},
			{Name: "f", Off: 64, Type: u64},
		}}},
		{Name: "h", Off: 320, Type: color},
	}}
	localData := make([]byte, 48)
	copy(localData, []byte{1, 0, 0, 0, 't', 'e', 's', 't', 0})
	copy(localData[16:], []byte{0x15, 0xcd, 0x5b, 0x07})
	copy(localData[24:], []byte{0, 0, 0x7e, 0xca, 0x7a, 0x9b, 0xff, 0xff})
	copy(localData[32:], []byte{0xb1, 0x68, 0xde, 0x3a})
	copy(localData[40:], []byte{1})
	localLines := []string{
		"0|(struct test_struct) {",
		"1|.a = (int)1,",
		"1|.b = (char [5]) [",
		"2|(char)'t',", "2|(char)'e',", "2|(char)'s',", "2|(char)'t',",
		"1|],",
		"1|.u = (union) {",
		"2|.c = (__u8)21,",
		"2|.d = (__u64)123456789,",
		"1|},",
		"1|.s = (struct) {",
		"2|.e = (void *)0xffff9b7aca7e0000,",
		"2|.f = (uint64_t)987654321,",
		"1|},",
		"1|.h = (enum color)GREEN,",
		"0|}",
	}
	bits := &abi.PrintType{Kind: abi.PrintStruct, Name: "struct bits", Size: 4, Members: []abi.PrintMember{
		{Name: "lo", Off: 0, Bits: 3, Type: u32},
		{Name: "mid", Off: 3, Bits: 6, Type: u32},
		{Name: "hi", Off: 9, Bits: 4, Type: i32},
	}}
	pt := &abi.PrintType{Kind: abi.PrintStruct, Name: "struct pt", Size: 4, Members: []abi.PrintMember{{Name: "x", Type: i32}}}
	nest := func(name string, inner *abi.PrintType) *abi.PrintType {
		m := []abi.PrintMember{{Name: "x", Type: i64}}
		size := 8
		if inner != nil {
			m = append(m, abi.PrintMember{Name: "in", Off: 64, Type: inner})
			size += inner.Size
		}
		return &abi.PrintType{Kind: abi.PrintStruct, Name: name, Size: size, Members: m}
	}
	deep := nest("struct d0", nest("struct", nest("struct", nil)))
	tests := []struct {
		name  string
		t     *abi.PrintType
		b     []byte
		limit int
		want  string
	}{
		{"int", i32, []byte{0xff, 0xff, 0xff, 0xff}, 0, lines("0|(int)-1,")},
		{"zero at the top", i32, []byte{0, 0, 0, 0}, 0, lines("0|(int)0,")},
		{"unsigned", u32, []byte{0xff, 0xff, 0xff, 0xff}, 0, lines("0|(unsigned int)4294967295,")},
		{"uint64", u64, bytes.Repeat([]byte{0xff}, 8), 0, lines("0|(uint64_t)18446744073709551615,")},
		{"char", char, []byte{'x'}, 0, lines("0|(char)'x',")},
		{"signed char", schar, []byte{0xff}, 0, lines("0|(signed char)-1,")},
		{"pointer", vp, []byte{0x10, 0x32, 0, 0, 0, 0, 0, 0}, 0, lines("0|(void *)0x3210,")},
		{"null pointer", vp, make([]byte, 8), 0, lines("0|(void *)0x0,")},
		{"enum", color, []byte{1, 0, 0, 0}, 0, lines("0|(enum color)GREEN,")},
		{"enum negative", color, []byte{0xff, 0xff, 0xff, 0xff}, 0, lines("0|(enum color)NEG,")},
		{"enum unnamed", color, []byte{7, 0, 0, 0}, 0, lines("0|(enum color)7,")},
		{"int128", &abi.PrintType{Kind: abi.PrintInt, Name: "__int128", Size: 16, Signed: true}, make([]byte, 16), 0,
			lines("0|(__int128)?(128 bit value),")},
		{"float", &abi.PrintType{Kind: abi.PrintFloat, Name: "double", Size: 8}, []byte{0, 0, 0, 0, 0, 0, 0xf8, 0x3f}, 0, lines()},
		{"struct", local, localData, 0, lines(localLines...)},
		// printsize 8: .b starts within, .u does not.
		{"truncated", local, localData, 8, lines(localLines[:8]...) + lines("1|...", "0|}")[len("0x1000 = *\n"):]},
		// printsize 24: .s starts at 24, inside .u's members' level.
		{"truncated in a union", local, localData, 24,
			lines(append(localLines[:11:11], "1|...", "1|},", "0|}")...)},
		{"zeroed", local, append([]byte{0, 0, 0, 0, 0, 'e', 's', 't', 0}, make([]byte, 39)...), 0,
			lines("0|(struct test_struct) {", "1|.b = (char [5]) [", "1|],", "0|}")},
		{"empty", local, make([]byte, 48), 0, lines("0|(struct test_struct) {", "0|}")},
		{"bit-fields", bits, []byte{0xfd, 0x1e, 0, 0}, 0,
			lines("0|(struct bits) {", "1|.lo = (unsigned int)5,", "1|.mid = (unsigned int)31,", "1|.hi = (int)15,", "0|}")},
		{"zero bit-field", bits, []byte{0x00, 0x1e, 0, 0}, 0,
			lines("0|(struct bits) {", "1|.hi = (int)15,", "0|}")},
		{"int array", &abi.PrintType{Kind: abi.PrintArray, Name: "int [3]", Size: 12, Elem: i32, Len: 3},
			[]byte{1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0}, 0,
			lines("0|(int [3]) [", "1|(int)1,", "1|(int)2,", "0|],")},
		{"struct array", &abi.PrintType{Kind: abi.PrintArray, Name: "struct pt [2]", Size: 8, Elem: pt, Len: 2},
			[]byte{1, 0, 0, 0, 2, 0, 0, 0}, 0,
			lines("0|(struct pt [2]) [", "1|(struct pt) {", "2|.x = (int)1,", "1|},", "1|(struct pt) {", "2|.x = (int)2,", "1|},", "0|],")},
		{"string", &abi.PrintType{Kind: abi.PrintString, Name: "string", Size: 4}, []byte("ab\x00c"), 0,
			lines("0|(string) [", "1|(char)'a',", "1|(char)'b',", "0|],")},
		{"nested", deep, []byte{1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0}, 0,
			lines("0|(struct d0) {", "1|.x = (long long)1,", "1|.in = (struct) {", "2|.x = (long long)2,",
				"2|.in = (struct) {", "3|.x = (long long)3,", "2|},", "1|},", "0|}")},
		{"nested truncated", deep, []byte{1, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 3, 0, 0, 0, 0, 0, 0, 0}, 16,
			lines("0|(struct d0) {", "1|.x = (long long)1,", "1|.in = (struct) {", "2|.x = (long long)2,",
				"2|...", "1|},", "0|}")},
	}
	for _, tc := range tests {
		var buf bytes.Buffer
		if err := PrintTyped(&buf, 0x1000, tc.t, tc.b, tc.limit); err != nil {
			t.Fatal(err)
		}
		if got := buf.String(); got != tc.want {
			t.Errorf("%s:\ngot\n%s\nwant\n%s", tc.name, got, tc.want)
		}
	}
}

// An object nested ten levels deep is cut there, as DT_PRINT_DEPTH does.
func TestPrintTypedDepth(t *testing.T) {
	in := &abi.PrintType{Kind: abi.PrintInt, Name: "char", Size: 1, Char: true}
	for i := 0; i < 11; i++ {
		in = &abi.PrintType{Kind: abi.PrintStruct, Name: "struct", Size: 1, Members: []abi.PrintMember{{Name: "m", Type: in}}}
	}
	var buf bytes.Buffer
	if err := PrintTyped(&buf, 0x1000, in, []byte{'x'}, 0); err != nil {
		t.Fatal(err)
	}
	want := []string{"0|(struct) {"}
	for d := 1; d < 10; d++ {
		want = append(want, strconv.Itoa(d)+"|.m = (struct) {")
	}
	want = append(want, "10|...")
	for d := 9; d > 0; d-- {
		want = append(want, strconv.Itoa(d)+"|},")
	}
	want = append(want, "0|}")
	if got := buf.String(); got != lines(want...) {
		t.Errorf("got\n%s\nwant\n%s", got, lines(want...))
	}
}

func TestSymbolic(t *testing.T) {
	var buf bytes.Buffer
	Symbolic(&buf, "a.out`main")
	if want := "  a.out`main" + string(bytes.Repeat([]byte{' '}, 40)); buf.String() != want {
		t.Errorf("got %q, want %q", buf.String(), want)
	}
}

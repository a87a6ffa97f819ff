package compile

import (
	"testing"

	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/spec"
)

// usym() and its kin record the pid and the address, 16 bytes, as a
// statement and as a key; keys after them move accordingly, and each
// key prints as its first use says.
func TestUserSymRecords(t *testing.T) {
	p, err := compileSrc(t, "", `BEGIN { uaddr(arg0); @m[pid, umod(arg0), ufunc(arg0), 1] = count(); @m[pid, umod(arg1), uaddr(arg1), 2] = count(); }`)
	if err != nil {
		t.Fatal(err)
	}
	it := p.ECBs[0].Actions[0].Items[0]
	if want := (spec.Item{Off: 8, Size: 16, Stack: spec.UserStack, Frames: 1, Sym: spec.SymUaddr, TypeName: "_usymaddr"}); it != want {
		t.Errorf("uaddr() records %+v, want %+v", it, want)
	}
	want := []spec.Item{
		{Off: 0, Size: 4, Signed: true, TypeName: "pid_t"},
		{Off: 8, Size: 16, Stack: spec.UserStack, Frames: 1, Sym: spec.SymUmod, TypeName: "_umodaddr"},
		{Off: 24, Size: 16, Stack: spec.UserStack, Frames: 1, Sym: spec.SymUser, TypeName: "_usymaddr"},
		{Off: 40, Size: 4, Signed: true, TypeName: "int"},
	}
	a := p.Aggs[0]
	for i := range want {
		if a.Keys[i] != want[i] {
			t.Errorf("key %d is %+v, want %+v", i, a.Keys[i], want[i])
		}
	}
	if a.KeySize != 48 {
		t.Errorf("key size %d, want 48", a.KeySize)
	}
}

// Anywhere but a statement or a key, usym() and its kin are DTrace's
// code generation error, as stacks are.
func TestUserSymInExpression(t *testing.T) {
	for _, src := range []string{
		"BEGIN\n{\n\ttrace(ufunc(arg0));\n}",
		"BEGIN\n{\n\tx = umod(arg0);\n}",
	} {
		_, err := compileSrc(t, "", src)
		l, ok := err.(ErrorList)
		if !ok {
			t.Fatalf("%q: error %v, want an ErrorList", src, err)
		}
		if e := l[0]; e.Line != 3 || e.Tag != "D_CG_EXPR" {
			t.Errorf("%q: line %d %s %q", src, e.Line, e.Tag, e.Msg)
		}
	}
}

// tracemem() records the memory, then the dynamic size if any; print()
// records the address it was given, then the object there with the type
// to print it by (an array's first element).
func TestTracememPrintRecords(t *testing.T) {
	p, err := compileSrc(t, "", `struct s { int a; char n[3]; }; BEGIN { tracemem(arg0, 20, arg1); print((struct s *)arg0); print(((struct s *)arg0)->n); }`)
	if err != nil {
		t.Fatal(err)
	}
	acts := p.ECBs[0].Actions
	mem, dsize := acts[0].Items[0], acts[0].Items[1]
	if mem.Size != 20 || !mem.Bytes || dsize.Size != 8 || dsize.Off >= mem.Off {
		t.Errorf("tracemem() records %+v and %+v", mem, dsize)
	}
	addr, st := acts[1].Items[0], acts[1].Items[1]
	if addr.Size != 8 || addr.Bytes || addr.TypeName != "struct s *" {
		t.Errorf("print() records the address as %+v", addr)
	}
	if st.Size != 8 || !st.Bytes || st.Off <= addr.Off || st.Print == nil || st.Print.Kind != abi.PrintStruct || len(st.Print.Members) != 2 {
		t.Fatalf("print(struct s *) records %+v", st)
	}
	if m := st.Print.Members[1]; m.Name != "n" || m.Off != 32 || m.Type.Kind != abi.PrintArray || m.Type.Len != 3 || !m.Type.Elem.Char {
		t.Errorf("member n is %+v, type %+v", m, m.Type)
	}
	if el := acts[2].Items[1]; el.Size != 1 || el.Print.Kind != abi.PrintInt || el.Print.Name != "char" || !el.Print.Char {
		t.Errorf("print() of a char array records %+v, type %+v", el, el.Print)
	}
}

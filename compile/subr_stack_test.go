package compile

import (
	"testing"

	"github.com/godtrace/godtrace/lang/token"
	"github.com/godtrace/godtrace/spec"
)

// Stack records: kernel stacks hold the frames asked for (the
// stackframes option by default) and stackSlack more for the consumer to
// drop; user stacks hold the pid and the frames (ustackframes, or
// jstackframes for jstack()); none more than maxframes (127 unless set).
func TestStackRecords(t *testing.T) {
	kernel := func(off, frames int) spec.Item {
		return spec.Item{Off: off, Size: 8 * (frames + stackSlack), TypeName: "stack", Stack: spec.KernelStack, Frames: frames}
	}
	user := func(off, frames int) spec.Item {
		return spec.Item{Off: off, Size: 8 * (frames + 1), TypeName: "stack", Stack: spec.UserStack, Frames: frames}
	}
	for _, c := range []struct {
		src          string
		stackframes  int
		ustackframes int
		maxframes    int
		want         []spec.Item
	}{
		{src: "stack(); stack(3);", want: []spec.Item{kernel(8, 20), kernel(8+8*28, 3)}},
		{src: "stack();", stackframes: 5, want: []spec.Item{kernel(8, 5)}},
		{src: "ustack(); ustack(4, 100); jstack();", want: []spec.Item{user(8, 100), user(8+808, 4), user(8+808+40, 50)}},
		{src: "ustack();", ustackframes: 7, want: []spec.Item{user(8, 7)}},
		{src: "trace(1); stack(1);", want: []spec.Item{{Off: 8, Size: 4, Signed: true, TypeName: "int"}, kernel(16, 1)}},
		// maxframes cuts down what is asked for, explicitly or not.
		{src: "stack(); stack(200); ustack(3);", maxframes: 4, want: []spec.Item{kernel(8, 4), kernel(8+8*12, 4), user(8+8*24, 3)}},
		{src: "ustack(); jstack(200);", want: []spec.Item{user(8, 100), user(8+808, 127)}},
	} {
		cfg := config(t)
		cfg.StackFrames, cfg.UstackFrames, cfg.MaxFrames = c.stackframes, c.ustackframes, c.maxframes
		p, err := Compile([]*token.File{token.NewFile("", []byte("BEGIN { "+c.src+" }"))}, cfg)
		if err != nil {
			t.Fatalf("%s: %v", c.src, err)
		}
		var got []spec.Item
		for _, a := range p.ECBs[0].Actions {
			got = append(got, a.Items...)
		}
		if len(got) != len(c.want) {
			t.Fatalf("%s: items %+v, want %+v", c.src, got, c.want)
		}
		for i := range got {
			if got[i] != c.want[i] {
				t.Errorf("%s: item %d is %+v, want %+v", c.src, i, got[i], c.want[i])
			}
		}
	}
}

// A stack key takes the room of its stack, and the keys after it move.
func TestStackKeys(t *testing.T) {
	p, err := compileSrc(t, "", `BEGIN { @a[execname, stack(2), pid] = count(); @b[ustack(3)] = count(); }`)
	if err != nil {
		t.Fatal(err)
	}
	a, b := p.Aggs[0], p.Aggs[1]
	wantA := []spec.Item{
		{Off: 0, Size: 16, String: true, TypeName: "string", StrSize: 256},
		{Off: 16, Size: 8 * (2 + stackSlack), TypeName: "stack", Stack: spec.KernelStack, Frames: 2},
		{Off: 16 + 8*(2+stackSlack), Size: 4, Signed: true, TypeName: "pid_t"},
	}
	for i := range wantA {
		if a.Keys[i] != wantA[i] {
			t.Errorf("@a key %d is %+v, want %+v", i, a.Keys[i], wantA[i])
		}
	}
	if want := 16 + 8*(2+stackSlack) + 8; a.KeySize != want {
		t.Errorf("@a key size %d, want %d", a.KeySize, want)
	}
	if b.Keys[0].Stack != spec.UserStack || b.KeySize != 32 {
		t.Errorf("@b keys %+v, size %d", b.Keys, b.KeySize)
	}
}

// Anywhere but a statement or a key, a stack is DTrace's code generation
// error.
func TestStackInExpression(t *testing.T) {
	for _, src := range []string{
		"BEGIN\n{\n\tx = stack();\n}",
		"BEGIN\n{\n\ta[ustack()] = 1;\n}",
	} {
		_, err := compileSrc(t, "", src)
		l, ok := err.(ErrorList)
		if !ok {
			t.Fatalf("%q: error %v, want an ErrorList", src, err)
		}
		e := l[0]
		if e.Line != 3 || e.Tag != "D_CG_EXPR" || e.Msg[:len("tracing function ")] != "tracing function " {
			t.Errorf("%q: line %d %s %q", src, e.Line, e.Tag, e.Msg)
		}
	}
}

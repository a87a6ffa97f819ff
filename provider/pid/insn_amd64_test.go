package pid

import (
	"slices"
	"testing"
)

// price from testdata/app.c at -O1: two rets, and a call that is no
// return.
var priceCode = []byte{
	0x48, 0x83, 0xff, 0x0a, // 0: cmp $0xa,%rdi
	0x7f, 0x08, // 4: jg 0xe
	0x48, 0x89, 0xf8, // 6: mov %rdi,%rax
	0x48, 0x0f, 0xaf, 0xc6, // 9: imul %rsi,%rax
	0xc3,                   // d: ret
	0x48, 0x83, 0xec, 0x08, // e: sub $0x8,%rsp
	0x48, 0x0f, 0xaf, 0xfe, // 12: imul %rsi,%rdi
	0xe8, 0x00, 0x00, 0x00, 0x00, // 16: call
	0x48, 0x83, 0xc4, 0x08, // 1b: add $0x8,%rsp
	0xc3, // 1f: ret
}

func TestInstructions(t *testing.T) {
	got, err := instructions(priceCode)
	if err != nil {
		t.Fatal(err)
	}
	want := []uint64{0, 4, 6, 9, 0xd, 0xe, 0x12, 0x16, 0x1b, 0x1f}
	if !slices.Equal(got, want) {
		t.Errorf("instructions at %x, want %x", got, want)
	}
}

// A function returns by each ret and by each jump out of it: a tail
// call, direct or through the GOT; a jump within it, or through a
// register (a switch's table), is no return.
func TestReturnSites(t *testing.T) {
	for _, c := range []struct {
		name string
		code []byte
		want []uint64
	}{
		{"price", priceCode, []uint64{0xd, 0x1f}},
		{"tail call", []byte{
			0x85, 0xff, // 0: test %edi,%edi
			0x74, 0x02, // 2: je 6 (inside)
			0xeb, 0x05, // 4: jmp 0xb (beyond its 8 bytes: a tail call)
			0xff, 0xe0, // 6: jmp *%rax (a switch)
		}, []uint64{4}},
		{"got", []byte{
			0xff, 0x25, 0x00, 0x10, 0x00, 0x00, // 0: jmp *0x1000(%rip)
		}, []uint64{0}},
		{"repz ret", []byte{0xf3, 0xc3}, []uint64{0}},
	} {
		got, err := returnSites(c.code)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%s: returns at %x, want %x", c.name, got, c.want)
		}
	}
	if _, err := returnSites([]byte{0x0f, 0x01, 0xef, 0xc3}); err == nil {
		t.Error("wrpkru, which the decoder does not know: no error")
	}
}

// The kernel refuses uprobes on instructions with a lock prefix or an
// ES, CS, DS or SS segment prefix.
func TestProbeable(t *testing.T) {
	for _, c := range []struct {
		code []byte
		want bool
	}{
		{[]byte{0x55}, true},                                        // push %rbp
		{[]byte{0xf3, 0x0f, 0x1e, 0xfa}, true},                      // endbr64
		{[]byte{0xf0, 0xff, 0x0f}, false},                           // lock decl (%rdi)
		{[]byte{0x3e, 0xff, 0xe0}, false},                           // notrack jmp *%rax
		{[]byte{0x64, 0x48, 0x8b, 0x04, 0x25, 0x28, 0, 0, 0}, true}, // mov %fs:0x28,%rax
		{[]byte{0x0f, 0x01, 0xef}, false},                           // wrpkru: not decoded
	} {
		if got := probeable(c.code); got != c.want {
			t.Errorf("% x: probeable %v, want %v", c.code, got, c.want)
		}
	}
}

package format

import (
	"bytes"
	"errors"
	"strings"
	"testing"
)

// stackEnv knows a few kernel symbols and one process, 42.
func stackEnv(indent *int) *Env {
	return &Env{
		KernelSym: func(addr uint64) (Symbol, bool) {
			switch {
			case addr >= 0xffff0000 && addr < 0xffff1000:
				return Symbol{Module: "vmlinux", Name: "do_syscall_64", Addr: 0xffff0000}, true
			case addr >= 0xffff1000 && addr < 0xffff2000:
				return Symbol{Module: "vmlinux", Name: "entry_SYSCALL_64", Addr: 0xffff1000}, true
			case addr >= 0xffffa000 && addr < 0xffffb000:
				return Symbol{Module: "ext4"}, true
			}
			return Symbol{}, false
		},
		UserSym: func(pid, addr uint64) (Symbol, bool) {
			switch {
			case pid != 42:
			case addr >= 0x401000 && addr < 0x402000:
				return Symbol{Module: "a.out", Name: "main", Addr: 0x401000}, true
			case addr >= 0x7f0000 && addr < 0x800000:
				return Symbol{Module: "libc.so.6"}, true
			}
			return Symbol{}, false
		},
		StackIndent: indent,
	}
}

var kstack = KernelStack([]uint64{0xffff0100, 0xffff1000, 0xffffa123, 0x1234, 0, 0xffff0200})

func TestPrintStack(t *testing.T) {
	two := 2
	for _, c := range []struct {
		name string
		env  *Env
		d    Datum
		want string
	}{
		// dt_print_stack: a newline, then each frame indented by
		// stackindent (14 by default): symbol+offset, the symbol alone at
		// its first byte, module`address, or the address; a zero ends the
		// stack.
		{"kernel", stackEnv(nil), kstack, "\n" +
			"              vmlinux`do_syscall_64+0x100\n" +
			"              vmlinux`entry_SYSCALL_64\n" +
			"              ext4`0xffffa123\n" +
			"              0x1234\n"},
		{"stackindent", stackEnv(&two), KernelStack([]uint64{0xffff0001}), "\n  vmlinux`do_syscall_64+0x1\n"},
		{"no symbols", nil, KernelStack([]uint64{0xffff0100}), "\n              0xffff0100\n"},
		{"empty", stackEnv(nil), KernelStack(make([]uint64, 4)), "\n"},
		// dt_print_ustack: the same, in the process whose pid the record
		// holds; with no process to look in, addresses.
		{"user", stackEnv(nil), UserStack(42, []uint64{0x401010, 0x401000, 0x7f1234, 0x9999, 0}), "\n" +
			"              a.out`main+0x10\n" +
			"              a.out`main\n" +
			"              libc.so.6`0x7f1234\n" +
			"              0x9999\n"},
		{"user gone", stackEnv(nil), UserStack(7, []uint64{0x401010}), "\n              0x401010\n"},
	} {
		var b bytes.Buffer
		if err := PrintStack(&b, c.env, c.d); err != nil {
			t.Fatal(err)
		}
		if b.String() != c.want {
			t.Errorf("%s: got %q, want %q", c.name, b.String(), c.want)
		}
	}
	if err := PrintStack(&bytes.Buffer{}, nil, i64(1)); !errors.Is(err, ErrMismatch) {
		t.Errorf("integer: err = %v, want ErrMismatch", err)
	}
}

// An aggregation keyed by a stack prints each key as the action does,
// frames on lines of their own, so the value (and any key after the
// stack) starts the line after the last frame.
func TestPrintAggregationStackKeys(t *testing.T) {
	env := stackEnv(nil)
	a := KernelStack([]uint64{0xffff0100, 0xffff1000})
	b := KernelStack([]uint64{0xffff0200, 0})
	var buf bytes.Buffer
	recs := []AggRecord{rec(AggValue{Count: 12}, a), rec(AggValue{Count: 3}, b)}
	if err := PrintAggregation(&buf, &AggDesc{Func: Count}, recs, PrintOptions{Env: env}); err != nil {
		t.Fatal(err)
	}
	want := "\n" +
		"\n" +
		"              vmlinux`do_syscall_64+0x200\n" +
		"                3\n" +
		"\n" +
		"              vmlinux`do_syscall_64+0x100\n" +
		"              vmlinux`entry_SYSCALL_64\n" +
		"               12\n"
	if buf.String() != want {
		t.Errorf("got %q, want %q", buf.String(), want)
	}

	buf.Reset()
	u := UserStack(42, []uint64{0x401010})
	err := PrintRecords(&buf, &AggDesc{Func: Sum}, []AggRecord{rec(AggValue{Sum: -5}, u, StringDatum("sh", 256))}, PrintOptions{Env: env})
	if err != nil {
		t.Fatal(err)
	}
	want = "\n" +
		"              a.out`main+0x10\n" +
		"  sh" + strings.Repeat(" ", 48) + "               -5\n"
	if buf.String() != want {
		t.Errorf("user key then string: got %q, want %q", buf.String(), want)
	}
}

// printa()'s %k (pfprint_stack): no indent, unless the conversion is
// left-adjusted: then the width is the indent and frames are not padded.
// A right-adjusted width pads each frame.
func TestPrintaStack(t *testing.T) {
	env := stackEnv(nil)
	row := []AggRow{{Keys: []Datum{KernelStack([]uint64{0xffff0100, 0x1234})}, Values: []AggValue{{Count: 7}}}}
	for _, c := range []struct{ format, want string }{
		{"%k|%@u\n", "\nvmlinux`do_syscall_64+0x100\n0x1234\n|7\n"},
		{"%-4k|%@u\n", "\n    vmlinux`do_syscall_64+0x100\n    0x1234\n|7\n"},
		{"%8k|%@u\n", "\nvmlinux`do_syscall_64+0x100\n  0x1234\n|7\n"},
		{"%.7k|%@u\n", "\nvmlinux\n0x1234\n|7\n"},
	} {
		f, err := ParseFormat(c.format)
		if err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if err := Printa(&b, f, []*AggDesc{{Func: Count}}, append([]AggRow(nil), row...), PrintOptions{Env: env}); err != nil {
			t.Fatal(err)
		}
		if b.String() != c.want {
			t.Errorf("%q: got %q, want %q", c.format, b.String(), c.want)
		}
	}
	f, _ := ParseFormat("%k")
	if err := f.Fprint(&bytes.Buffer{}, []Datum{i64(1)}); !errors.Is(err, ErrMismatch) {
		t.Errorf("%%k of an integer: err = %v, want ErrMismatch", err)
	}
}

// Stack keys compare as DTrace compares records it has no type for: by
// size, then byte by byte as stored, program counters little-endian.
// So 0x100 (00 01 ...) sorts before 0x1 (01 00 ...), and a user stack's
// pid counts first.
func TestSortStackKeys(t *testing.T) {
	d := &AggDesc{Func: Count}
	recs := []AggRecord{
		rec(AggValue{Count: 1}, KernelStack([]uint64{0x1, 0})),
		rec(AggValue{Count: 1}, KernelStack([]uint64{0x100, 0})),
		rec(AggValue{Count: 1}, KernelStack([]uint64{0x100})), // smaller record
	}
	SortRecords(d, recs, SortOptions{Key: true})
	if recs[0].Keys[0].Size != 8 || recs[1].Keys[0].PCs[0] != 0x100 || recs[2].Keys[0].PCs[0] != 0x1 {
		t.Errorf("kernel order = %v %v %v", recs[0].Keys[0].PCs, recs[1].Keys[0].PCs, recs[2].Keys[0].PCs)
	}
	urecs := []AggRecord{
		rec(AggValue{Count: 1}, UserStack(2, []uint64{0x1})),
		rec(AggValue{Count: 1}, UserStack(1, []uint64{0x2})),
	}
	SortRecords(d, urecs, SortOptions{Key: true})
	if urecs[0].Keys[0].Pid != 1 {
		t.Errorf("user stacks should sort by pid first: %+v", urecs)
	}
	rows := Join([][]AggRecord{
		{rec(AggValue{Count: 1}, KernelStack([]uint64{0x1, 0}))},
		{rec(AggValue{Sum: 2}, KernelStack([]uint64{0x1, 0})), rec(AggValue{Sum: 3}, KernelStack([]uint64{0x1, 0x2}))},
	})
	if len(rows) != 2 {
		t.Errorf("join: %d rows, want 2", len(rows))
	}
}

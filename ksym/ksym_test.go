package ksym

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestLookup(t *testing.T) {
	tab := NewFromFile("testdata/kallsyms")
	for _, tt := range []struct {
		addr         uint64
		fn, mod, sym string
	}{
		{0xffffffff81002000, "vmlinux`do_sys_open", "vmlinux", "vmlinux`do_sys_open"},
		{0xffffffff81002043, "vmlinux`do_sys_open", "vmlinux", "vmlinux`do_sys_open+0x43"},
		{0xffffffff81001fff, "vmlinux`helper_fn", "vmlinux", "vmlinux`helper_fn+0xfff"},
		{0xffffffffc0000010, "ext4`ext4_read", "ext4", "ext4`ext4_read+0x10"},
		{0x1000, "0x1000", "0x1000", "0x1000"},
	} {
		if got := tab.Func(tt.addr); got != tt.fn {
			t.Errorf("Func(%#x) = %s, want %s", tt.addr, got, tt.fn)
		}
		if got := tab.Mod(tt.addr); got != tt.mod {
			t.Errorf("Mod(%#x) = %s, want %s", tt.addr, got, tt.mod)
		}
		if got := tab.Sym(tt.addr); got != tt.sym {
			t.Errorf("Sym(%#x) = %s, want %s", tt.addr, got, tt.sym)
		}
	}
}

// TestNamed checks lookups by name: `x searches the kernel first, then
// the modules in kallsyms order; mod`x only that module.
func TestNamed(t *testing.T) {
	tab := NewFromFile("testdata/kallsyms")
	for _, tt := range []struct {
		module, name string
		want         Symbol
		err          error
	}{
		{"", "some_data", Symbol{Addr: 0xffffffff81002100, Name: "some_data", Module: "vmlinux"}, nil},
		{"vmlinux", "some_data", Symbol{Addr: 0xffffffff81002100, Name: "some_data", Module: "vmlinux"}, nil},
		{"xfs", "some_data", Symbol{Addr: 0xffffffffc0001000, Name: "some_data", Module: "xfs"}, nil},
		{"", "dup", Symbol{Addr: 0xffffffffc0000200, Name: "dup", Module: "ext4"}, nil},
		{"xfs", "dup", Symbol{Addr: 0xffffffffc0001100, Name: "dup", Module: "xfs"}, nil},
		{"", "do_sys_open", Symbol{Addr: 0xffffffff81002000, Name: "do_sys_open", Module: "vmlinux", Func: true}, nil},
		{"", "ext4_state", Symbol{Addr: 0xffffffffc0000100, Name: "ext4_state", Module: "ext4"}, nil},
		{"vmlinux", "ext4_state", Symbol{}, ErrNoSymbol},
		{"ext4", "xfs_only", Symbol{}, ErrNoSymbol},
		{"nosuchmod", "dup", Symbol{}, ErrNoModule},
		{"", "nosuchsym", Symbol{}, ErrNoSymbol},
	} {
		got, err := tab.Named(tt.module, tt.name)
		if got != tt.want || err != tt.err {
			t.Errorf("Named(%q, %q) = %+v, %v; want %+v, %v", tt.module, tt.name, got, err, tt.want, tt.err)
		}
	}
	// Address lookups still see functions only.
	if got := tab.Func(0xffffffff81002101); got != "vmlinux`do_sys_open" {
		t.Errorf("Func inside some_data = %s, want vmlinux`do_sys_open", got)
	}
}

// The plumbing ranges are the runs of plumbing functions in address
// order, each ending where the next other function starts.
func TestPlumbingRanges(t *testing.T) {
	text := strings.Join([]string{
		"0000000000001000 T do_syscall_64",
		"0000000000002000 T perf_trace_sys_enter",
		"0000000000002800 T __traceiter_sys_enter",
		"0000000000003000 T syscall_trace_enter",
		"0000000000004000 t bpf_prog_0123456789abcdef_F\t[bpf]",
		"0000000000004000 D some_data",
		"0000000000005000 T ext4_read\t[ext4]",
		"0000000000006000 T trace_call_bpf",
	}, "\n") + "\n"
	path := filepath.Join(t.TempDir(), "kallsyms")
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := NewFromFile(path).PlumbingRanges()
	if err != nil {
		t.Fatal(err)
	}
	want := [][2]uint64{{0x2000, 0x3000}, {0x4000, 0x5000}, {0x6000, 0x7000}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("ranges %x, want %x", got, want)
	}
}

package ksym

import "testing"

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

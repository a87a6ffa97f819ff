package uproc

import (
	"os"
	"path/filepath"
	"testing"
)

func TestParseMapping(t *testing.T) {
	for line, want := range map[string]Mapping{
		"7f1c2a400000-7f1c2a428000 r--p 00000000 fe:01 1835 /usr/lib/x86_64-linux-gnu/libc.so.6": {Start: 0x7f1c2a400000, End: 0x7f1c2a428000, Path: "/usr/lib/x86_64-linux-gnu/libc.so.6"},
		"7f1c2a428000-7f1c2a5ad000 r-xp 00028000 fe:01 1835 /usr/lib/x86_64-linux-gnu/libc.so.6": {Start: 0x7f1c2a428000, End: 0x7f1c2a5ad000, Off: 0x28000, Exec: true, Path: "/usr/lib/x86_64-linux-gnu/libc.so.6"},
		"55d0c8a00000-55d0c8a01000 r-xp 00001000 fe:01 99 /tmp/my app (deleted)":                 {Start: 0x55d0c8a00000, End: 0x55d0c8a01000, Off: 0x1000, Exec: true, Path: "/tmp/my app (deleted)"},
	} {
		got, ok := parseMapping(line)
		if !ok || got != want {
			t.Errorf("%q: %+v, %v; want %+v", line, got, ok, want)
		}
	}
	for _, line := range []string{
		"7ffd8d5f0000-7ffd8d611000 rw-p 00000000 00:00 0 [stack]",
		"7f1c2a5ad000-7f1c2a5b0000 rw-p 00000000 00:00 0",
		"garbage",
	} {
		if m, ok := parseMapping(line); ok {
			t.Errorf("%q: %+v, want no file mapping", line, m)
		}
	}
}

// libc: malloc is found by name and at its address, one name kept per
// address (malloc, not its alias __libc_malloc), and its code is the
// file's bytes at its offset.
func TestLibc(t *testing.T) {
	found, _ := filepath.Glob("/usr/lib/*/libc.so.6")
	if len(found) == 0 {
		t.Skip("no libc.so.6 in /usr/lib")
	}
	libc := found[0]
	o, err := Read(libc)
	if err != nil {
		t.Fatal(err)
	}
	ms := o.Named("malloc")
	if len(ms) != 1 || !ms[0].Global || ms[0].Size == 0 {
		t.Fatalf("malloc: %+v", ms)
	}
	if s, ok := o.Find(ms[0].Value + 1); !ok || s.Name != "malloc" {
		t.Errorf("the function at malloc+1: %+v, %v", s, ok)
	}
	if aliases := o.Named("__libc_malloc"); len(aliases) == 1 && aliases[0].Value != ms[0].Value {
		t.Errorf("__libc_malloc is not malloc's alias here: %+v", aliases)
	}
	code, err := o.Code(ms[0])
	if err != nil || uint64(len(code)) != ms[0].Size {
		t.Fatalf("malloc's code: %d bytes, %v; want %d", len(code), err, ms[0].Size)
	}
	off, ok := o.FileOffset(ms[0].Value)
	if !ok {
		t.Fatal("malloc has no file offset")
	}
	b, err := os.ReadFile(libc)
	if err != nil {
		t.Fatal(err)
	}
	if string(b[off:off+uint64(len(code))]) != string(code) {
		t.Error("malloc's code is not the file's bytes at its offset")
	}
	if v, ok := o.Vaddr(off); !ok || v != ms[0].Value {
		t.Errorf("Vaddr(FileOffset(malloc)) = %#x, %v; want %#x", v, ok, ms[0].Value)
	}
}

// Of names at one address, a global one is kept before a local one, one
// without a leading underscore before one with, then the shorter.
func TestBetter(t *testing.T) {
	for _, c := range []struct{ a, b Sym }{
		{Sym{Name: "_x", Global: true}, Sym{Name: "x"}},
		{Sym{Name: "malloc", Global: true}, Sym{Name: "__libc_malloc", Global: true}},
		{Sym{Name: "ab", Global: true}, Sym{Name: "abc", Global: true}},
	} {
		if !better(c.a, c.b) || better(c.b, c.a) {
			t.Errorf("%+v is not better than %+v alone", c.a, c.b)
		}
	}
}

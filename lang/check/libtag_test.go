package check

import (
	"testing"

	"github.com/cilium/ebpf/btf"

	"github.com/godtrace/godtrace/internal/testenv"
	"github.com/godtrace/godtrace/lang/token"
)

// TestLibraryKernelTags checks that the kernel structs a library's type
// declarations name are looked up only when a program needs them: the
// kernel's BTF is not loaded for a program that uses none, and a
// program that does sees the library's struct and the kernel's as one.
func TestLibraryKernelTags(t *testing.T) {
	lib := "struct holder { struct iphdr *hdr; union { int a; } u; };\ntypedef struct in6_addr in6_t;\n"
	for _, tc := range []struct {
		prog  string
		loads int
	}{
		{"BEGIN { exit(0); }", 0},
		{"struct holder *h; BEGIN { trace(sizeof (in6_t)); }", 1},
		{"struct holder *h; BEGIN { trace(h->hdr->ttl); trace(sizeof (*h->hdr)); }", 1},
		// A cast names the library's tag, completed then: its
		// pointer is the member's type.
		{"struct holder *h; BEGIN { self->p = (struct iphdr *)0; self->p = h->hdr; trace(self->p->protocol); }", 1},
	} {
		src := []byte(lib + tc.prog)
		f, prog := parse(t, "lib.d", src)
		cfg := config(t, f)
		loads := 0
		cfg.KernelBTF = func() (*btf.Spec, error) {
			loads++
			return testenv.SavedBTF(t, "testdata/vmlinux.btf.gz"), nil
		}
		cfg.Library = func(p token.Pos) bool { return f.Position(p).Line <= 2 }
		if _, err := Check(prog, cfg); err != nil {
			t.Errorf("%s: %v", tc.prog, err)
		}
		if loads != tc.loads {
			t.Errorf("%s: kernel types loaded %d times, want %d", tc.prog, loads, tc.loads)
		}
	}
}

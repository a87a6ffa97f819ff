package dtrace_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/godtrace/godtrace/dtrace"
)

// TestTypeContainers checks that -x ctypes and -x dtypes write the C and
// D type containers as CTF when a program is compiled: C's intrinsic
// types in one, D's typedefs and string (of strsize bytes) in the other.
func TestTypeContainers(t *testing.T) {
	dir := t.TempDir()
	cfile, dfile := filepath.Join(dir, "c.ctf"), filepath.Join(dir, "d.ctf")
	h, err := dtrace.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	for _, o := range []string{"ctypes=" + cfile, "dtypes=" + dfile, "strsize=300"} {
		if err := h.Options.SetArg(o); err != nil {
			t.Fatal(err)
		}
	}
	if err := h.Compile([]dtrace.Source{{Text: []byte("BEGIN { exit(0); }")}}, nil); err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		file      string
		has, lack []string
	}{
		{cfile, []string{"\x00long double\x00", "\x00unsigned long long\x00", "\x00_Bool\x00"}, []string{"\x00string\x00", "\x00int32_t\x00"}},
		{dfile, []string{"\x00string\x00", "\x00int32_t\x00", "\x00uintptr_t\x00", "\x00_usymaddr\x00"}, nil},
	} {
		b, err := os.ReadFile(tc.file)
		if err != nil {
			t.Fatal(err)
		}
		if len(b) < 4 || b[0] != 0xf2 || b[1] != 0xdf {
			t.Errorf("%s: no CTF magic number: % x", tc.file, b[:min(len(b), 4)])
		}
		for _, s := range tc.has {
			if !bytes.Contains(b, []byte(s)) {
				t.Errorf("%s: no type %q", tc.file, s)
			}
		}
		for _, s := range tc.lack {
			if bytes.Contains(b, []byte(s)) {
				t.Errorf("%s: type %q", tc.file, s)
			}
		}
	}
	// strsize 300, as a 32-bit little-endian array length.
	if b, _ := os.ReadFile(dfile); !bytes.Contains(b, []byte{44, 1, 0, 0}) {
		t.Errorf("no string of 300 bytes in the D container")
	}
}

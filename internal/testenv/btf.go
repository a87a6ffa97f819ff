package testenv

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"sync"
	"testing"

	"github.com/cilium/ebpf/btf"
)

// The saved kernel BTF is parsed once per test binary.
var (
	btfOnce sync.Once
	btfSpec *btf.Spec
	btfErr  error
)

// SavedBTF returns the kernel types saved in the gzipped BTF file at
// path (lang/check/testdata/vmlinux.btf.gz, a Linux 6.18 x86_64 kernel's),
// so that type tests run without a kernel.
func SavedBTF(t testing.TB, path string) *btf.Spec {
	t.Helper()
	btfOnce.Do(func() {
		f, err := os.Open(path)
		if err != nil {
			btfErr = err
			return
		}
		defer f.Close()
		zr, err := gzip.NewReader(f)
		if err != nil {
			btfErr = err
			return
		}
		raw, err := io.ReadAll(zr)
		if err != nil {
			btfErr = err
			return
		}
		btfSpec, btfErr = btf.LoadSpecFromReader(bytes.NewReader(raw))
	})
	if btfErr != nil {
		t.Fatalf("loading %s: %v", path, btfErr)
	}
	return btfSpec
}

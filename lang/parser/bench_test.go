package parser

import (
	"io/fs"
	"testing"

	"github.com/godtrace/godtrace/dlib"
	"github.com/godtrace/godtrace/lang/token"
)

// BenchmarkParseLibrary parses godtrace's D library, which dtrace parses
// before every program: most of what BEGIN { exit(0); } costs to compile.
func BenchmarkParseLibrary(b *testing.B) {
	ents, err := fs.ReadDir(dlib.FS(), ".")
	if err != nil {
		b.Fatal(err)
	}
	var srcs [][]byte
	size := 0
	for _, e := range ents {
		src, err := fs.ReadFile(dlib.FS(), e.Name())
		if err != nil {
			b.Fatal(err)
		}
		srcs = append(srcs, src)
		size += len(src)
	}
	b.SetBytes(int64(size))
	b.ReportAllocs()
	for b.Loop() {
		for _, src := range srcs {
			if _, err := ParseFile(token.NewFile("lib.d", src)); err != nil {
				b.Fatal(err)
			}
		}
	}
}

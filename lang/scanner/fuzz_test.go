package scanner

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/godtrace/godtrace/lang/token"
)

// FuzzScan checks that scanning any input terminates without panicking,
// and that tokens advance through the source in order.
func FuzzScan(f *testing.F) {
	for _, tt := range scanTests {
		f.Add(tt.src)
	}
	for _, tt := range scanErrorTests {
		f.Add(tt.src)
	}
	for _, tt := range lineTests {
		f.Add(tt.src)
	}
	files, _ := filepath.Glob("../parser/testdata/*.d")
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(string(b))
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		file := token.NewFile("fuzz.d", []byte(src))
		var s Scanner
		s.Init(file, func(token.Pos, string, string) {}, wellKnown)
		prevEnd := file.Pos(0)
		for n := 0; ; n++ {
			if n > len(src)+1 {
				t.Fatalf("no EOF after %d tokens", n)
			}
			tok := s.Scan()
			if tok.Pos < prevEnd || tok.End < tok.Pos {
				t.Fatalf("token %v at [%d,%d) after end %d", tok.Kind, tok.Pos, tok.End, prevEnd)
			}
			if p := file.Position(tok.Pos); p.Line < 0 {
				t.Fatalf("token %v at line %d", tok.Kind, p.Line)
			}
			if tok.Kind == token.EOF {
				break
			}
			if tok.End == tok.Pos {
				t.Fatalf("empty %v token at %d", tok.Kind, tok.Pos)
			}
			if tok.Kind == token.IDENT && tok.Text != src[file.Offset(tok.Pos):file.Offset(tok.End)] {
				t.Fatalf("IDENT text %q differs from source", tok.Text)
			}
			prevEnd = tok.End
		}
	})
}

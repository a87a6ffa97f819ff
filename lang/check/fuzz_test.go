package check

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/godtrace/godtrace/lang/parser"
	"github.com/godtrace/godtrace/lang/token"
)

// frontEndBudget is the most time the front end may take over one fuzz
// input. Inputs are at most a few kilobytes, which the scanner, parser
// and checker take well under a millisecond over; a budget this large
// only fails on super-linear work (checking `1+1+...+1` once took time
// doubling with each term), not on a busy machine.
const frontEndBudget = 2 * time.Second

// FuzzFrontEnd runs the whole front end, scanner, parser and checker,
// over D source: it must never panic, must report an error or none
// (never a nil program), and must stay within frontEndBudget. It is
// seeded with the checker's and the parser's test programs. Crashers
// belong in testdata/fuzz/FuzzFrontEnd, where go test runs them.
func FuzzFrontEnd(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.d")
	more, _ := filepath.Glob("../parser/testdata/*.d")
	for _, name := range append(files, more...) {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(string(b))
		}
	}
	f.Add("BEGIN { x = " + strings.Repeat("1+", 30) + "1; }")
	f.Add(`syscall::read:entry /pid == $target/ { self->t = timestamp; @[probefunc] = quantize(arg2); }`)
	f.Fuzz(func(t *testing.T, src string) {
		start := time.Now()
		file := token.NewFile("fuzz.d", []byte(src))
		prog, err := parser.ParseFile(file)
		if prog == nil {
			t.Fatal("nil program")
		}
		if err == nil {
			info, err := Check(prog, config(t, file))
			if err == nil && info == nil {
				t.Fatal("no error and no info")
			}
		}
		if d := time.Since(start); d > frontEndBudget {
			t.Fatalf("front end took %v over %d bytes", d, len(src))
		}
	})
}

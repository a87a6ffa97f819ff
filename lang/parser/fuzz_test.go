package parser

import (
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"testing"

	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/token"
)

// FuzzParse checks that parsing any input terminates without panicking,
// that errors come sorted and at most one per line, and that in a program
// without errors every node has a position. It is seeded with every test
// input. Crashers belong in testdata/fuzz/FuzzParse, where go test runs
// them as regression cases.
func FuzzParse(f *testing.F) {
	for _, tt := range programTests {
		f.Add(tt.src)
	}
	for _, tt := range exprTests {
		f.Add("BEGIN { " + tt.src + "; }")
	}
	for _, tt := range realPrograms {
		f.Add(tt.src)
	}
	for _, tt := range errorTests {
		f.Add(tt.src)
	}
	files, _ := filepath.Glob("testdata/*.d")
	for _, name := range files {
		if b, err := os.ReadFile(name); err == nil {
			f.Add(string(b))
		}
	}
	f.Fuzz(func(t *testing.T, src string) {
		prog, err := ParseFile(token.NewFile("fuzz.d", []byte(src)))
		if prog == nil {
			t.Fatal("nil program")
		}
		if err == nil {
			DumpProgram(prog)
			for _, d := range prog.Decls {
				checkPositions(t, d, len(src))
			}
			return
		}
		list := errorList(t, err)
		if len(list) == 0 || len(list) > maxErrors {
			t.Fatalf("%d errors", len(list))
		}
		if !sort.IsSorted(list) {
			t.Fatalf("errors not sorted: %v", list)
		}
		for i, e := range list {
			if e.Msg == "" {
				t.Fatalf("empty message at %v", e.Pos)
			}
			// A #line directive starts another file's lines: line 1
			// of fuzz.d and line 1 of the file it names are two lines.
			if i > 0 && list[i-1].Pos.Line == e.Pos.Line && list[i-1].Pos.Filename == e.Pos.Filename {
				t.Fatalf("two errors on line %d of %s: %v", e.Pos.Line, e.Pos.Filename, list)
			}
		}
	})
}

// checkPositions walks the tree under n by reflection and checks that
// every node has a position inside the source: a node with a nil field
// that its Pos method needs would panic here.
func checkPositions(t *testing.T, n ast.Node, size int) {
	t.Helper()
	if pos := n.Pos(); !pos.IsValid() || int(pos) > size+1 {
		t.Fatalf("%T at invalid position %d", n, pos)
	}
	walkFields(t, reflect.ValueOf(n).Elem(), size)
}

var nodeType = reflect.TypeOf((*ast.Node)(nil)).Elem()

func walkFields(t *testing.T, v reflect.Value, size int) {
	t.Helper()
	switch v.Kind() {
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			walkFields(t, v.Field(i), size)
		}
	case reflect.Slice:
		for i := 0; i < v.Len(); i++ {
			walkFields(t, v.Index(i), size)
		}
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			return
		}
		if v.Type().Implements(nodeType) {
			checkPositions(t, v.Interface().(ast.Node), size)
			return
		}
		walkFields(t, v.Elem(), size)
	}
}

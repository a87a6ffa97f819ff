package compile

import (
	"errors"
	"testing"
)

// TestErrorColumn checks that errors say where on their line they are,
// with the line's text, for dtrace(1)'s caret: the parser's and the
// checker's.
func TestErrorColumn(t *testing.T) {
	for _, tc := range []struct {
		src, text string
		line, col int
	}{
		{"BEGIN\n{\n\tx = ;\n}", "\tx = ;", 3, 6},
		{"BEGIN\n{\n\ty = nosuch->a;\n}", "\ty = nosuch->a;", 3, 6},
	} {
		_, err := compileSrc(t, "t.d", tc.src)
		var l ErrorList
		if !errors.As(err, &l) {
			t.Fatalf("%q: error %v", tc.src, err)
		}
		if e := l[0]; e.Line != tc.line || e.Column != tc.col || e.Text != tc.text {
			t.Errorf("%q: line %d column %d text %q, want %d, %d, %q", tc.src, e.Line, e.Column, e.Text, tc.line, tc.col, tc.text)
		}
	}
}

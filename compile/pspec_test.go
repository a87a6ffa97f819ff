package compile

import (
	"strings"
	"testing"

	"github.com/godtrace/godtrace/lang/token"
)

// TestPSpecCarries checks that the pspec option, given or set by a
// pragma in an earlier source, makes int*x a probe description in the
// sources after; without it int*x; declares x.
func TestPSpecCarries(t *testing.T) {
	files := func() []*token.File {
		return []*token.File{
			token.NewFile("a.d", []byte("int*y;\n")),
			token.NewFile("b.d", []byte("#pragma D option pspec\n")),
			token.NewFile("c.d", []byte("int*x;\n")),
		}
	}
	if _, err := ParsePSpec(files()[:1], nil, false); err != nil {
		t.Errorf("without pspec: %v", err)
	}
	if _, err := ParsePSpec(files()[:1], nil, true); err == nil || !strings.Contains(err.Error(), "probe description") {
		t.Errorf("-x pspec: got %v, want an error after a description", err)
	}
	if _, err := ParsePSpec(files(), nil, false); err == nil || !strings.Contains(err.Error(), "probe description") {
		t.Errorf("pragma in an earlier source: got %v, want an error after a description in c.d", err)
	}
}

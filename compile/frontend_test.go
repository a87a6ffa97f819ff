package compile

import (
	"fmt"
	"testing"

	"github.com/godtrace/godtrace/lang/token"
)

// TestSourceUnits checks that each source is checked as DTrace compiles
// it, on its own: its declarations before its clauses, but after the
// sources before it, and a pragma may not modify what another source
// declared.
func TestSourceUnits(t *testing.T) {
	tests := []struct {
		srcs []string
		want string // "" or the first error as "source:line: tag message"
	}{
		// Within a source, the declaration holds for the earlier clause.
		{[]string{"BEGIN { x = \"a\"; }\nint x;"},
			`0:1: D_OP_INCOMPAT operands have incompatible types: "int" = "string"`},
		// The second source's declaration comes after the first's
		// clauses, which typed x.
		{[]string{"BEGIN { x = \"a\"; }", "int x;"},
			"1:1: D_DECL_IDRED identifier redeclared: x\n\t current: scalar int\n\tprevious: scalar string"},
		{[]string{"int x;", "#pragma D binding \"1.0\" x\nBEGIN { }"},
			"1:1: D_PRAGMA_SCOPE #pragma binding cannot modify entity defined outside program scope"},
		{[]string{"#pragma D binding \"1.0\" x\nBEGIN { }", "int x;"},
			"0:1: D_PRAGMA_UNUSED unused #pragma binding"},
		{[]string{"#pragma D binding \"1.0\" x\nint x;\nBEGIN { }"}, ""},
	}
	for _, tt := range tests {
		var files []*token.File
		for i, s := range tt.srcs {
			files = append(files, token.NewFile(fmt.Sprintf("s%d.d", i), []byte(s)))
		}
		_, err := Compile(files, config(t))
		got := ""
		if l, ok := err.(ErrorList); ok {
			got = fmt.Sprintf("%d:%d: %s %s", l[0].File, l[0].Line, l[0].Tag, l[0].Msg)
		} else if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("%q:\n got %s\nwant %s", tt.srcs, got, tt.want)
		}
	}
}

// TestInlineParams checks the code of inlines with parameters: it
// assembles, nested uses included, and a use whose value is a struct
// that is not translated is refused rather than given a meaning.
func TestInlineParams(t *testing.T) {
	src := `inline int sq[int x] = x * x;
inline int len[string s] = strlen(s);
BEGIN { trace(sq[sq[arg0]] + len["a"] + len[execname]); }`
	if _, err := compileSrc(t, "", src); err != nil {
		t.Fatal(err)
	}
	src = `struct pt { int x; };
inline struct pt pts[int i] = *(struct pt *)i;
BEGIN { trace(pts[arg0]); }`
	_, err := compileSrc(t, "", src)
	if l, ok := err.(ErrorList); !ok || l[0].Line != 3 {
		t.Errorf("struct-valued inline: %v, want an error at line 3", err)
	}
}

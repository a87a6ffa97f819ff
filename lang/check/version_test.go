package check

import (
	"strings"
	"testing"
)

// TestVersion checks that the version option decides which identifiers
// are built in: under 1.0 the subroutines of 1.1 may name variables and
// are undefined as functions; from 1.1 on they are built-ins.
func TestVersion(t *testing.T) {
	for _, tt := range []struct {
		version, src, want string
	}{
		{"1.0", "int strstr; int substr; BEGIN { strstr = 1; }", ""},
		{"1.1", "int strstr;", "D_DECL_IDRED: built-in identifier redeclared: strstr"},
		{"", "int freopen;", "D_DECL_IDRED: built-in identifier redeclared: freopen"},
		{"1.0", `BEGIN { x = strstr("a", "b"); }`, "D_FUNC_UNDEF: undefined function name: strstr"},
		{"1.1", `BEGIN { x = strstr("a", "b"); }`, ""},
		{"1.2", `BEGIN { x = htons(1); }`, "D_FUNC_UNDEF: undefined function name: htons"},
		{"1.6.3", `BEGIN { @ = llquantize(1, 10, 0, 3, 10); }`, "D_FUNC_UNDEF: undefined function name: llquantize"},
		{"1.6.4", `BEGIN { @ = llquantize(1, 10, 0, 3, 10); }`, ""},
		{"1.6.4", `BEGIN { print(1); }`, "D_FUNC_UNDEF: undefined function name: print"},
		{"2.0", `BEGIN { print(1); }`, "D_PROTO_ARG: print( ) argument #1"},
	} {
		f, prog := parse(t, "", []byte(tt.src))
		cfg := config(t, f)
		cfg.Version = tt.version
		_, err := Check(prog, cfg)
		got := ""
		if err != nil {
			var el ErrorList
			if e, ok := err.(ErrorList); ok {
				el = e
			}
			if len(el) > 0 {
				got = el[0].Tag + ": " + el[0].Msg
			} else {
				got = err.Error()
			}
		}
		if !strings.HasPrefix(got, tt.want) || (tt.want == "") != (got == "") {
			t.Errorf("version %q, %s: got %q, want %q", tt.version, tt.src, got, tt.want)
		}
	}
}

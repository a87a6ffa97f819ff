package dtrace_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/dtrace"
)

// compileSrc compiles one -n style source, or a script when name is set,
// with -x options. Compiling needs no kernel.
func compileSrc(t *testing.T, name, text string, opts ...string) (*dtrace.Handle, error) {
	t.Helper()
	h, err := dtrace.Open()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(h.Close)
	for _, o := range opts {
		if err := h.Options.SetArg(o); err != nil {
			t.Fatal(err)
		}
	}
	return h, h.Compile([]dtrace.Source{{Name: name, Text: []byte(text)}}, []string{"test"})
}

// TestEmbeddedLibraries compiles a program that uses the embedded
// errno.d and signal.d.
func TestEmbeddedLibraries(t *testing.T) {
	h, err := compileSrc(t, "", "BEGIN { x = EPERM + ENOENT * 100 + SIGKILL * 10000 + EWOULDBLOCK; }")
	if err != nil {
		t.Fatal(err)
	}
	if m := h.Matches(); len(m) != 1 || m[0] != 1 {
		t.Errorf("Matches() = %v, want [1]: libraries are not sources", m)
	}
	_, err = compileSrc(t, "", "BEGIN { x = EPERM; }", "nolibs")
	if err == nil || !strings.Contains(err.Error(), "EPERM") {
		t.Errorf("with -x nolibs, EPERM compiled (error %v)", err)
	}
}

// TestLibraryError checks that an error in a library is reported against
// the first source, naming the library file and its line.
// The D library's typedefs are type names in a program, in casts and
// sizeof as in declarations: the program's parser knows the typedefs of
// the sources compiled before it.
func TestLibraryTypedefs(t *testing.T) {
	for _, typ := range []string{"ipaddr_t", "in6_addr_t", "psinfo_t", "timestruc_t", "netstackid_t"} {
		src := fmt.Sprintf("BEGIN { x = sizeof(%s); y = (%s *)0; }", typ, typ)
		if _, err := compileSrc(t, "", src); err != nil {
			t.Errorf("%s: %v", src, err)
		}
	}
}

func TestLibraryError(t *testing.T) {
	dir := t.TempDir()
	lib := filepath.Join(dir, "bad.d")
	if err := os.WriteFile(lib, []byte("inline int OK = 1;\n\nint x = ;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err := compileSrc(t, "", "BEGIN { }", "libdir="+dir)
	ce, ok := err.(*dtrace.CompileError)
	if !ok {
		t.Fatalf("error %v, want a *CompileError", err)
	}
	if ce.Source != 0 || ce.File != dir+"/bad.d" || ce.Line != 3 || ce.Tag != "D_SYNTAX" {
		t.Errorf("got %+v, want source 0, file %s/bad.d, line 3, D_SYNTAX", *ce, dir)
	}

	// A type error, found by the checker rather than the parser. A
	// library's inlines are checked when a program uses them (checking
	// them all would load kernel types on every run).
	if err := os.WriteFile(lib, []byte("\n\ninline int BAD = \"text\";\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := compileSrc(t, "", "BEGIN { }", "libdir="+dir); err != nil {
		t.Errorf("an unused library inline was checked: %v", err)
	}
	_, err = compileSrc(t, "", "BEGIN { x = BAD; }", "libdir="+dir)
	if ce, ok := err.(*dtrace.CompileError); !ok || ce.Source != 0 || ce.File != lib || ce.Line != 3 {
		t.Errorf("type error in a library: error %#v, want %s line 3", err, lib)
	}

	// A library declares; its probe clauses would be enabled.
	if err := os.WriteFile(lib, []byte("\nBEGIN { }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = compileSrc(t, "", "BEGIN { }", "libdir="+dir)
	if ce, ok := err.(*dtrace.CompileError); !ok || ce.File != lib || ce.Line != 2 {
		t.Errorf("clause in a library: error %#v", err)
	}

	// -L libraries see the embedded ones.
	if err := os.WriteFile(lib, []byte("inline int MYERR = EPERM + 1000;\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = compileSrc(t, "", "BEGIN { x = MYERR; }", "libdir="+dir)
	if err != nil {
		t.Errorf("library using errno.d: %v", err)
	}
}

func TestProgramDependsOn(t *testing.T) {
	tests := []struct{ src, want string }{
		{"#pragma D depends_on provider dtrace\nBEGIN { }", ""},
		{"\n#pragma D depends_on provider nosuch\nBEGIN { }", "2 D_PRAGMA_DEPEND program requires provider nosuch"},
		{"#pragma D depends_on module no_such_module\nBEGIN { }", "1 D_PRAGMA_DEPEND program requires module no_such_module"},
		{"#pragma D depends_on library errno.d\nBEGIN { }", "1 D_PRAGMA_DEPEND main program may not explicitly depend on a library"},
		{"#pragma D depends_on provider\nBEGIN { }", "1 D_PRAGMA_MALFORM malformed #pragma depends_on <class> <name>"},
	}
	for _, tt := range tests {
		_, err := compileSrc(t, "x.d", tt.src, "nolibs")
		got := ""
		if ce, ok := err.(*dtrace.CompileError); ok {
			got = fmt.Sprintf("%d %s %s", ce.Line, ce.Tag, ce.Msg)
		} else if err != nil {
			got = err.Error()
		}
		if got != tt.want {
			t.Errorf("%q: got %q, want %q", tt.src, got, tt.want)
		}
	}
}

// TestPreprocessedLines checks that with -C an error after an #include
// is reported at the user's line, and that -n text is not preprocessed.
func TestPreprocessedLines(t *testing.T) {
	if _, err := exec.LookPath("cpp"); err != nil {
		t.Skip("no cpp on PATH (Debian package cpp)")
	}
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "defs.h"), []byte("#define A 1\n#define B 2\n\n\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	src := "#include \"defs.h\"\n\nBEGIN\n{\n\tx = A + ;\n}\n"
	_, err := compileSrc(t, "x.d", src, "cpp", "incdir="+dir, "nolibs")
	ce, ok := err.(*dtrace.CompileError)
	if !ok || ce.Line != 5 || ce.Msg != `syntax error near ";"` {
		t.Errorf("error %#v, want line 5: syntax error near \";\"", err)
	}
	if _, err := compileSrc(t, "", "BEGIN { x = B; }", "cpp", "incdir="+dir, "define=B=3", "nolibs"); err == nil {
		t.Errorf("-n text was preprocessed: B resolved")
	}
	if _, err := compileSrc(t, "x.d", "BEGIN { x = B; }", "cpp", "define=B=3", "nolibs"); err != nil {
		t.Errorf("-D B=3: %v", err)
	}
}

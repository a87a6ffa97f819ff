package check

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/cilium/ebpf/btf"

	"github.com/godtrace/godtrace/internal/testenv"
	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/parser"
	"github.com/godtrace/godtrace/lang/token"
)

func parse(t *testing.T, name string, src []byte) (*token.File, *ast.Program) {
	t.Helper()
	f := token.NewFile(name, src)
	// The parser knows the saved kernel's typedefs, as dtrace's does.
	prog, err := parser.ParseFileTypes(f, TypeNames(func() (*btf.Spec, error) {
		return testenv.SavedBTF(t, "testdata/vmlinux.btf.gz"), nil
	}))
	if err != nil {
		t.Fatalf("%s: parse: %v", name, err)
	}
	return f, prog
}

// config is the checker's configuration in tests: kernel types from the
// saved BTF of a 6.18 kernel, and lines from f.
func config(t *testing.T, f *token.File) Config {
	return Config{
		StrSize: 256, Macros: []string{"script", "42", "word"},
		MacroVars:    map[string]string{"pid": "4242", "cwd": "/tmp"},
		KernelBTF:    func() (*btf.Spec, error) { return testenv.SavedBTF(t, "testdata/vmlinux.btf.gz"), nil },
		KernelSymbol: fakeSymbols,
		ModuleBTF:    fakeModuleBTF,
		ProbeArgs:    fakeProbeArgs,
		Line: func(p token.Pos) int {
			if f == nil {
				return 0
			}
			return f.Position(p).Line
		},
	}
}

var unescape = strings.NewReplacer(`\"`, `"`, `\n`, "\n", `\t`, "\t")

var errorRE = regexp.MustCompile(`/\* ERROR (D_[A-Z_]+) "((?:[^"\\]|\\.)*)" \*/`)

// TestAnnotated checks every testdata/*.d file: each line carrying
// `/* ERROR D_TAG "message" */` must get exactly that error, and no
// other line may get one. Files without annotations must check cleanly.
func TestAnnotated(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.d")
	if len(files) == 0 {
		t.Fatal("no test files")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			want := map[int][2]string{}
			for i, line := range strings.Split(string(src), "\n") {
				if m := errorRE.FindStringSubmatch(line); m != nil {
					want[i+1] = [2]string{m[1], unescape.Replace(m[2])}
				}
			}
			f, prog := parse(t, file, src)
			_, err = Check(prog, config(t, f))
			got := map[int][2]string{}
			if err != nil {
				for _, e := range err.(ErrorList) {
					line := f.Position(e.Pos).Line
					if _, dup := got[line]; !dup {
						got[line] = [2]string{e.Tag, e.Msg}
					}
				}
			}
			for line, w := range want {
				if g, ok := got[line]; !ok {
					t.Errorf("line %d: no error, want %s %q", line, w[0], w[1])
				} else if g != w {
					t.Errorf("line %d: got %s %q, want %s %q", line, g[0], g[1], w[0], w[1])
				}
			}
			for line, g := range got {
				if _, ok := want[line]; !ok {
					t.Errorf("line %d: unexpected error %s %q", line, g[0], g[1])
				}
			}
		})
	}
}

// TestTypes checks the type the checker gives expressions.
func TestTypes(t *testing.T) {
	for _, tt := range []struct{ expr, want string }{
		{"1", "int"},
		{"1u", "unsigned int"},
		{"1l", "long"},
		{"0xffffffff", "unsigned int"},
		{"4294967296", "long"},
		{"'a'", "int"}, // DTrace's lexer makes it an integer constant
		{`"abc"`, "string"},
		{"pid", "pid_t"},
		{"(u_longlong_t)1", "u_longlong_t"},
		{"pid + 1", "pid_t"},                            // equal ranks: the left operand's type, as in DTrace
		{"(unsigned char)1 + (char)2", "unsigned char"}, // no promotion to int in D
		{"(short)1 * 1", "int"},
		{"(char)1 << 9", "char"},
		{"arg0", "int64_t"},
		{"arg0 + 1", "int64_t"},
		{"timestamp - 1", "uint64_t"},
		{"uid + 1l", "long"},
		{"execname", "string"},
		{"cpu > 1", "int"},
		{`execname == "x"`, "int"},
		{"(char)arg0", "char"},
		{"(unsigned short int)arg0", "unsigned short"},
		{"(long unsigned)arg0", "unsigned long"},
		{"(int long)arg0", "long"},
		{"(long long unsigned int)arg0", "unsigned long long"},
		{"(signed char)arg0", "char"},
		{"sizeof (long double)", "size_t"},
		{"1 ? 2 : 3l", "long"},
		{"-1", "int"},
		{"!arg0", "int"},
		{"1 << 40l", "int"},
		{"$1", "int"},
		{"$$2", "string"},
		{"$pid", "int"},
		{"$$pid", "string"},
		{"$cwd", "string"},
	} {
		src := []byte("BEGIN { x = " + tt.expr + "; }")
		_, prog := parse(t, "", src)
		info, err := Check(prog, config(t, nil))
		if err != nil {
			t.Errorf("%s: %v", tt.expr, err)
			continue
		}
		rhs := prog.Decls[0].(*ast.Clause).Body[0].(*ast.ExprStmt).X.(*ast.AssignExpr).Y
		if got := info.Types[rhs].String(); got != tt.want {
			t.Errorf("%s: type %s, want %s", tt.expr, got, tt.want)
		}
	}
}

// TestLongSum checks a chain of additions, each checked once: were
// each operand checked twice, as a regression once made them, the 64
// terms here would take 2^64 steps and the test would never end.
func TestLongSum(t *testing.T) {
	src := "BEGIN { x = 1" + strings.Repeat(" + 1 - arg0", 64) + "; }"
	_, prog := parse(t, "", []byte(src))
	info, err := Check(prog, config(t, nil))
	if err != nil {
		t.Fatal(err)
	}
	rhs := prog.Decls[0].(*ast.Clause).Body[0].(*ast.ExprStmt).X.(*ast.AssignExpr).Y
	if got := info.Types[rhs].String(); got != "int64_t" {
		t.Errorf("type %s, want int64_t", got)
	}
}

// TestStringBounds checks that aggregation string keys take the widest
// bound stored under them, and variables strsize characters and a NUL.
func TestStringBounds(t *testing.T) {
	_, prog := parse(t, "", []byte(`BEGIN { @[execname] = count(); @["a much longer literal key"] = count(); s = execname; }`))
	info, err := Check(prog, Config{StrSize: 128})
	if err != nil {
		t.Fatal(err)
	}
	if got := info.Aggs[0].Keys[0].Size; got != len("a much longer literal key")+1 {
		t.Errorf("key bound %d", got)
	}
	if got := info.Globals[0].Type.Size; got != 128+1 {
		t.Errorf("string variable bound %d, want strsize+1", got)
	}
}

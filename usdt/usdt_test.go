package usdt

import (
	"bytes"
	"debug/elf"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/internal/testenv"
	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/lang/parser"
	"github.com/godtrace/godtrace/lang/token"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// probesOf parses a D file's provider definitions.
func probesOf(t *testing.T, path string) []Probe {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := parser.ParseFile(token.NewFile(path, b))
	if err != nil {
		t.Fatal(err)
	}
	var decls []*ast.ProviderDecl
	for _, d := range prog.Decls {
		if pd, ok := d.(*ast.ProviderDecl); ok {
			decls = append(decls, pd)
		}
	}
	ps, err := Probes(decls)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

func TestProbes(t *testing.T) {
	ps := probesOf(t, "testdata/shop.d")
	if len(ps) != 4 {
		t.Fatalf("%d probes, want 4", len(ps))
	}
	order := ps[0]
	if order.MacroName() != "SHOP_ORDER" || order.Semaphore() != "shop_order_semaphore" ||
		len(order.Args) != 2 || order.Args[0] != (Arg{"int", -4}) || order.Args[1] != (Arg{"char *", 8}) {
		t.Errorf("order: %+v", order)
	}
	if ps[1].MacroName() != "SHOP_ORDER_DONE" || ps[1].Args[0] != (Arg{"long", -8}) {
		t.Errorf("order__done: %+v", ps[1])
	}
	// A translated argument is passed as its native type.
	if ps[3].Args[0] != (Arg{"int", -4}) {
		t.Errorf("weigh: %+v", ps[3])
	}
	src := "provider p { probe x(string); };"
	prog, err := parser.ParseFile(token.NewFile("p.d", []byte(src)))
	if err != nil {
		t.Fatal(err)
	}
	if ps, err := Probes([]*ast.ProviderDecl{prog.Decls[0].(*ast.ProviderDecl)}); err != nil || ps[0].Args[0] != (Arg{"char *", 8}) {
		t.Errorf("%s: %+v, %v; want a char * argument", src, ps, err)
	}
	for _, bad := range []string{"struct s", "float", "char[4]"} {
		src := "provider p { probe x(" + bad + "); };"
		prog, err := parser.ParseFile(token.NewFile("p.d", []byte(src)))
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Probes([]*ast.ProviderDecl{prog.Decls[0].(*ast.ProviderDecl)}); err == nil {
			t.Errorf("%s: no error", src)
		}
	}
}

// The header for shop.d, against testdata/shop.h (go test -update
// rewrites it).
func TestHeader(t *testing.T) {
	var b bytes.Buffer
	if err := Header(&b, "testdata/shop.d", probesOf(t, "testdata/shop.d")); err != nil {
		t.Fatal(err)
	}
	if *update {
		if err := os.WriteFile("testdata/shop.h", b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile("testdata/shop.h")
	if err != nil {
		t.Fatal(err)
	}
	if b.String() != string(want) {
		t.Errorf("header differs from testdata/shop.h:\n%s", b.String())
	}
}

// The header is self-contained: a C file that includes only it compiles,
// with probes whose argument types come from <inttypes.h>.
func TestHeaderSelfContained(t *testing.T) {
	if _, err := exec.LookPath("gcc"); err != nil {
		testenv.Missing(t, "no C compiler (gcc)")
	}
	dir := t.TempDir()
	src := "provider p {\n\tprobe one(uintptr_t);\n\tprobe two(uint64_t, int8_t *);\n};\n"
	prog, err := parser.ParseFile(token.NewFile("p.d", []byte(src)))
	if err != nil {
		t.Fatal(err)
	}
	ps, err := Probes([]*ast.ProviderDecl{prog.Decls[0].(*ast.ProviderDecl)})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := Header(&b, "p.d", ps); err != nil {
		t.Fatal(err)
	}
	c := "#include \"p.h\"\nint main(void) { P_ONE(1); P_TWO(2, 0); return 0; }\n"
	for name, text := range map[string][]byte{"p.h": b.Bytes(), "t.c": []byte(c)} {
		if err := os.WriteFile(filepath.Join(dir, name), text, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	cmd := exec.Command("gcc", "-Wall", "-Werror", "-c", "t.c")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("gcc -c t.c: %v\n%s", err, out)
	}
}

// The object is ELF that debug/elf reads back: a global 2-byte
// semaphore per probe in a writable .probes section.
func TestObject(t *testing.T) {
	var b bytes.Buffer
	if err := Object(&b, elf.EM_X86_64, probesOf(t, "testdata/shop.d")); err != nil {
		t.Fatal(err)
	}
	f, err := elf.NewFile(bytes.NewReader(b.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if f.Type != elf.ET_REL || f.Machine != elf.EM_X86_64 {
		t.Errorf("type %v machine %v", f.Type, f.Machine)
	}
	sec := f.Section(".probes")
	if sec == nil || sec.Flags != elf.SHF_ALLOC|elf.SHF_WRITE || sec.Size != 8 {
		t.Fatalf(".probes: %+v", sec)
	}
	syms, err := f.Symbols()
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range syms {
		if s.Size != 2 || elf.ST_BIND(s.Info) != elf.STB_GLOBAL || f.Sections[s.Section] != sec {
			t.Errorf("symbol %+v", s)
		}
		names = append(names, s.Name)
	}
	if got := strings.Join(names, " "); got != "shop_order_semaphore shop_order__done_semaphore shop_tick_semaphore shop_weigh_semaphore" {
		t.Errorf("symbols %s", got)
	}
	if f.Section(".note.GNU-stack") == nil {
		t.Error("no .note.GNU-stack: linkers warn of an executable stack")
	}
}

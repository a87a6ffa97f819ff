package compile

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/cilium/ebpf/btf"

	"github.com/godtrace/godtrace/internal/testenv"
	"github.com/godtrace/godtrace/lang/token"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/dtraceprov"
	"github.com/godtrace/godtrace/provider/profile"
	"github.com/godtrace/godtrace/provider/syscall"
	"github.com/godtrace/godtrace/spec"
)

// registry offers the real providers, the syscall one reading a saved
// tracefs tree, so that compiling needs no kernel.
func registry() *provider.Registry {
	return provider.NewRegistry(dtraceprov.New(), profile.New(),
		syscall.NewFS(os.DirFS("../provider/syscall/testdata/tracefs")))
}

// config compiles with the kernel types saved in testdata.
func config(t testing.TB) Config {
	saved := func() (*btf.Spec, error) {
		return testenv.SavedBTF(t, "../lang/check/testdata/vmlinux.btf.gz"), nil
	}
	return Config{Registry: registry(), KernelBTF: saved, Macros: []string{"script", "42", "word"}}
}

func compileSrc(t *testing.T, name, src string) (*spec.Program, error) {
	t.Helper()
	return Compile([]*token.File{token.NewFile(name, []byte(src))}, config(t))
}

// dump renders a program's instructions, for comparing two compilations.
func dump(p *spec.Program) string {
	var b strings.Builder
	for _, pp := range p.Probes {
		fmt.Fprintf(&b, "%s\n%v", pp.Program.Name, pp.Program.Instructions)
	}
	return b.String()
}

// corpus is the compiler's test programs, with the checker's program
// that uses every construct the checker accepts.
func corpus() []string {
	files, _ := filepath.Glob("testdata/*.d")
	return append(files, "../lang/check/testdata/ok.d")
}

// TestCorpus compiles every testdata program, checks that compilation is
// deterministic, and that every program assembles.
func TestCorpus(t *testing.T) {
	files := corpus()
	if len(files) < 3 {
		t.Fatal("no test programs")
	}
	for _, file := range files {
		t.Run(filepath.Base(file), func(t *testing.T) {
			src, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			p1, err := compileSrc(t, file, string(src))
			if err != nil {
				t.Fatal(err)
			}
			p2, err := compileSrc(t, file, string(src))
			if err != nil {
				t.Fatal(err)
			}
			if dump(p1) != dump(p2) {
				t.Error("two compilations differ")
			}
			for _, pp := range p1.Probes {
				var buf strings.Builder
				if err := pp.Program.Instructions.Marshal(&nopWriter{&buf}, nativeEndian); err != nil {
					t.Errorf("%s: %v", pp.Program.Name, err)
				}
			}
			checkMapsDeclared(t, p1)
		})
	}
}

type nopWriter struct{ b *strings.Builder }

func (w *nopWriter) Write(p []byte) (int, error) { return w.b.Write(p) }

// TestECBs checks the enabling: one ECB per statement (a clause for one
// of its descriptions, numbered in program order, as DTrace numbers
// them) and probe, with records only where a clause records data. A
// probe two descriptions of a clause match runs it twice.
func TestECBs(t *testing.T) {
	p, err := compileSrc(t, "", `
		syscall::read:entry, syscall::openat:entry { @[probefunc] = count(); }
		syscall::read:entry { self->t = timestamp; }
		BEGIN { printf("%d %s\n", 1, "x"); exit(0); }
		BEGIN { }
		syscall::read:entry, syscall::rea?:entry { }`)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range p.ECBs {
		got = append(got, fmt.Sprintf("%d:%s:%s clause=%d record=%v size=%d", e.EPID, e.Probe.Function, e.Probe.Name, e.Clause, e.Record, e.Size))
	}
	// Within a clause, probes are enabled in the order of its
	// descriptions. BEGIN's record: header 8, int 1 at 8, "x" (8 bytes)
	// at 16, exit's int at 24: 28 bytes, rounded to 32.
	want := []string{
		"1:read:entry clause=0 record=false size=0",
		"2:openat:entry clause=1 record=false size=0",
		"3:read:entry clause=2 record=false size=0", // assignments record nothing (Oracle)
		"4::BEGIN clause=3 record=true size=32",
		"5::BEGIN clause=4 record=true size=8",
		"6:read:entry clause=5 record=true size=8",
		"7:read:entry clause=6 record=true size=8",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("ECBs:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if len(p.Probes) != 3 {
		t.Errorf("%d trampolines, want 3 (openat, read, BEGIN)", len(p.Probes))
	}
	for _, pp := range p.Probes {
		if pp.Probe.Function == "read" && fmt.Sprint(pp.EPIDs) != "[1 3 6 7]" {
			t.Errorf("read runs ECBs %v, want [1 3 6 7] in program order", pp.EPIDs)
		}
	}
	if fmt.Sprint(p.Matches) != "[1 1 1 1 1 1 1]" {
		t.Errorf("matches %v", p.Matches)
	}
}

// TestRecordLayout checks where printf's data lies in a record.
func TestRecordLayout(t *testing.T) {
	p, err := compileSrc(t, "", `BEGIN { printf("%d %s %d\n", (char)1, execname, 2l); }`)
	if err != nil {
		t.Fatal(err)
	}
	a := p.ECBs[0].Actions[0]
	want := []spec.Item{
		{Off: 8, Size: 1, Signed: true, TypeName: "char"},
		{Off: 16, Size: 16, String: true, TypeName: "string", StrSize: 256},
		{Off: 32, Size: 8, Signed: true, TypeName: "long"},
	}
	if !slices.Equal(a.Items, want) {
		t.Errorf("items %+v, want %+v", a.Items, want)
	}
	if p.ECBs[0].Size != 40 {
		t.Errorf("record size %d, want 40", p.ECBs[0].Size)
	}
}

func TestErrors(t *testing.T) {
	for _, tt := range []struct{ src, want string }{
		{"BEGIN { x = ; }", `line 1: syntax error near ";"`},
		// A pragma is checked as it is read, inside an unfinished
		// declaration too, so its error comes before the syntax error.
		{"inline int foo\n#pragma D attributes bad foo\nBEGIN { }", "line 2: invalid attributes specified by #pragma attributes"},
		{"inline int foo\n#pragma D attributes Stable/Stable/Common foo\nBEGIN { }", `line 3: syntax error near "BEGIN { }"`},
		{"syscall::nosuch:entry { }", "line 1: probe description syscall::nosuch:entry does not match any probes"},
		{"BEGIN { x = y; }", "line 1: failed to resolve y: Unknown variable name"},
		// A code generation error, at its line.
		{"struct b { int f:3; } v;\nBEGIN\n{\n\tv.f += 1;\n}", "line 4: assignment to a bit-field of a variable is not supported yet"},
		{"tick-0 { }", "line 1: probe description :::tick-0 does not match any probes"},
	} {
		_, err := compileSrc(t, "", tt.src)
		l, ok := err.(ErrorList)
		if !ok {
			t.Errorf("%q: error %v, want an ErrorList", tt.src, err)
			continue
		}
		if got := fmt.Sprintf("line %d: %s", l[0].Line, l[0].Msg); !strings.HasPrefix(got, tt.want) {
			t.Errorf("%q: %s, want %s", tt.src, got, tt.want)
		}
	}
}

// TestZeroMatches checks -Z: a description matching nothing is allowed.
func TestZeroMatches(t *testing.T) {
	cfg := config(t)
	cfg.ZeroMatches = true
	p, err := Compile([]*token.File{token.NewFile("", []byte("syscall::nosuch:entry { } BEGIN { }"))}, cfg)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(p.Matches) != "[0 1]" {
		t.Errorf("matches %v", p.Matches)
	}
}

// TestSources checks that several sources share variables and that
// errors name the right source and line.
func TestSources(t *testing.T) {
	files := []*token.File{
		token.NewFile("", []byte("BEGIN { x = 1; }")),
		token.NewFile("b.d", []byte("BEGIN\n{\n\ty = x + 1;\n\tz = q;\n}")),
	}
	_, err := Compile(files, config(t))
	l, ok := err.(ErrorList)
	if !ok || l[0].File != 1 || l[0].Line != 4 {
		t.Fatalf("error %v, want one in source 1 at line 4", err)
	}
}

// TestPointerPlusPointer checks that p += q and p -= q, which DTrace's
// checker accepts for compatible pointers, are refused with a message
// rather than given a meaning.
func TestPointerPlusPointer(t *testing.T) {
	for _, op := range []string{"+=", "-="} {
		src := "BEGIN\n{\n\tp = (int *)arg0;\n\tp " + op + " p;\n}"
		_, err := compileSrc(t, "", src)
		l, ok := err.(ErrorList)
		want := "line 4: operator " + op + " on two pointers is not supported"
		if !ok {
			t.Errorf("%s: error %v, want %q", op, err, want)
			continue
		}
		if got := fmt.Sprintf("line %d: %s", l[0].Line, l[0].Msg); got != want {
			t.Errorf("%s: %s, want %s", op, got, want)
		}
	}
}

package main

import (
	"debug/elf"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/internal/testenv"
)

// A C program with USDT probes, built as DTrace's documentation builds
// one: dtrace -h writes the header it includes, dtrace -G the object it
// links with the system linker; then dtrace traces its probes. The
// arguments are a register or memory operand each (the program is
// built at -O0 and -O2) or a variable's (sym(%rip), wherever the
// program is loaded), a string read with copyinstr, and the count
// of orders during which SHOP_ORDER_ENABLED() was true: every one while
// traced. With shop.d compiled beside the program, args[] is typed as
// the definition declares.
func TestUSDTHeaderAndObject(t *testing.T) {
	testenv.RequireBPF(t)
	if _, err := exec.LookPath("gcc"); err != nil {
		testenv.Missing(t, "no C compiler (gcc)")
	}
	dir := t.TempDir()
	src, err := filepath.Abs("../../usdt/testdata")
	if err != nil {
		t.Fatal(err)
	}
	dtrace := func(args ...string) string {
		t.Helper()
		out, err := exec.Command(dtraceBin, args...).CombinedOutput()
		if err != nil {
			t.Fatalf("dtrace %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		return string(out)
	}
	gcc := func(args ...string) {
		t.Helper()
		if out, err := exec.Command("gcc", args...).CombinedOutput(); err != nil {
			t.Fatalf("gcc %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	header := filepath.Join(dir, "shop.h")
	dtrace("-h", "-s", filepath.Join(src, "shop.d"), "-o", header)
	for _, opt := range []string{"-O0", "-O2"} {
		obj, prov, app := filepath.Join(dir, "shop.o"), filepath.Join(dir, "provider.o"), filepath.Join(dir, "shop"+opt)
		gcc(opt, "-Wall", "-Werror", "-I", dir, "-c", "-o", obj, filepath.Join(src, "shop.c"))
		dtrace("-G", "-s", filepath.Join(src, "shop.d"), "-o", prov, obj)
		gcc("-o", app, obj, prov)
		out := dtrace("-q", "-n", `shop$target:::order { @[copyinstr(arg1)] = sum(arg0); }
			shop$target:::order-done { printf("total %d enabled %d\n", arg0, arg1); }
			shop$target:::tick { printf("tick\n"); }
			shop$target:::total { printf("variable %d\n", arg0); }`, "-c", app+" 5")
		for _, want := range []string{"total 150 enabled 5\n", "tick\n", "variable 150\n", "apple", "pear"} {
			if !strings.Contains(out, want) {
				t.Errorf("%s: printed %q, want %q", opt, out, want)
			}
		}
		var sums []string
		for _, l := range strings.Split(out, "\n") {
			if f := strings.Fields(l); len(f) == 2 && (f[0] == "apple" || f[0] == "pear") {
				sums = append(sums, f[0]+"="+f[1])
			}
		}
		if got := strings.Join(sums, " "); got != "pear=6 apple=9" {
			t.Errorf("%s: quantities by item %q, want pear=6 apple=9", opt, got)
		}
		// With the provider definition, args[] has its types.
		out = dtrace("-q", "-s", filepath.Join(src, "shop.d"), "-n", `shop$target:::order /args[0] == 1/ {
			printf("%d %s\n", sizeof(args[0]), copyinstr((uintptr_t)args[1])); }`, "-c", app+" 2")
		if !strings.Contains(out, "4 apple\n") {
			t.Errorf("%s: args[] of order: printed %q, want 4 apple", opt, out)
		}
		// weigh's int is translated to the parcelinfo_t shop.d declares.
		out = dtrace("-q", "-s", filepath.Join(src, "shop.d"), "-n", `shop$target:::weigh { printf("kilos %d\n", args[0]->kilos); }`, "-c", app+" 1")
		if !strings.Contains(out, "kilos 2\n") {
			t.Errorf("%s: translated args[0] of weigh: printed %q, want kilos 2", opt, out)
		}
		// Untraced, the semaphore reads 0.
		if out, err := exec.Command(app, "3").CombinedOutput(); err != nil || string(out) != "60 0\n" {
			t.Errorf("%s alone: %v, printed %q, want 60 0", app, err, out)
		}
	}
	if _, err := os.Stat(header); err != nil {
		t.Error(err)
	}
}

// Without -o, -h and -G name their output as DTrace does: the script's
// base name with .d replaced by .h or .o, in the current directory;
// -G falls back to d.out, and -h needs -o unless there is one *.d script.
func TestUSDTOutputNames(t *testing.T) {
	src, err := filepath.Abs("../../usdt/testdata/shop.d")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	b, err := os.ReadFile(src)
	if err != nil {
		t.Fatal(err)
	}
	noSuffix := filepath.Join(dir, "sub", "provider")
	if err := os.MkdirAll(filepath.Dir(noSuffix), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(noSuffix, b, 0o644); err != nil {
		t.Fatal(err)
	}
	// An object -G accepts: any x86-64 ELF file.
	obj, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) (string, int) {
		cmd := exec.Command(dtraceBin, args...)
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		code := 0
		if ee, ok := err.(*exec.ExitError); ok {
			code = ee.ExitCode()
		} else if err != nil {
			t.Fatal(err)
		}
		return string(out), code
	}
	for _, tt := range []struct {
		args []string
		file string
	}{
		{[]string{"-h", "-s", src}, "shop.h"},
		{[]string{"-G", "-s", src, obj}, "shop.o"},
		{[]string{"-G", "-s", noSuffix, obj}, "d.out"},
	} {
		if out, code := run(tt.args...); code != 0 {
			t.Errorf("dtrace %s: exit %d: %s", strings.Join(tt.args, " "), code, out)
		}
		if _, err := os.Stat(filepath.Join(dir, tt.file)); err != nil {
			t.Errorf("dtrace %s: %v", strings.Join(tt.args, " "), err)
		}
	}
	for _, tt := range []struct {
		args []string
		msg  string
	}{
		{[]string{"-h", "-s", noSuffix}, "dtrace: -h requires an output file if no scripts are specified\n"},
		{[]string{"-h", "-s", src, "-s", src}, "dtrace: -h requires an output file if multiple scripts are specified\n"},
	} {
		if out, code := run(tt.args...); code != 2 || out != tt.msg {
			t.Errorf("dtrace %s: exit %d, %q; want exit 2, %q", strings.Join(tt.args, " "), code, out, tt.msg)
		}
	}
}

// TestLinkOutput checks where -G writes without -o, as dtrace(1) names
// the object: a script's name with .o for .d, in the current directory,
// else d.out; and that a script defining no provider still gets one,
// with no semaphores.
func TestLinkOutput(t *testing.T) {
	for _, tt := range []struct{ script, want string }{
		{"sub/prog.d", "prog.o"},
		{"prog.dd", "d.out"},
		{"/dev/stdin", "d.out"},
	} {
		if got := linkOutput(tt.script); got != tt.want {
			t.Errorf("linkOutput(%s) = %s, want %s", tt.script, got, tt.want)
		}
	}
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "sub"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "sub", "prog.d"), []byte("BEGIN { exit(0); }\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(dtraceBin, "-G", "-s", "sub/prog.d")
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("dtrace -G: %v\n%s", err, out)
	}
	f, err := elf.Open(filepath.Join(dir, "prog.o"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	syms, err := f.Symbols()
	if err != nil && err != elf.ErrNoSymbols {
		t.Fatal(err)
	}
	if len(syms) != 0 {
		t.Errorf("object of a script without providers defines %v", syms)
	}
}

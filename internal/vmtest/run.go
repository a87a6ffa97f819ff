package vmtest

import (
	"bytes"
	"context"
	"debug/elf"
	"fmt"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// timeout bounds one boot: under TCG the kernel boots in about 4 s, and
// the tests run some 10 to 50 times slower than on the host.
const timeout = 15 * time.Minute

// Run boots kernel with the calling package's test binary as init, runs
// the tests matching the -test.run pattern there, and fails t with the
// console output if they fail or the machine never reports. files are
// globs, relative to the package directory like the tests' own paths,
// of the files the tests read; they keep their relative places. An
// absolute path is a file from elsewhere (Module's), found in ExtraDir
// by its base name.
func Run(t *testing.T, kernel, pattern string, files ...string) {
	t.Helper()
	RunArgs(t, kernel, []string{"-test.run=" + pattern, "-test.v"}, files...)
}

// RunArgs is Run with the test binary's arguments given whole
// ("-test.bench=." to run benchmarks); they may hold no spaces.
func RunArgs(t *testing.T, kernel string, args []string, files ...string) {
	t.Helper()
	boot(t, kernel, nil, args, files)
}

// RunCounted is RunArgs in a machine whose clock counts instructions
// (qemu's -icount shift=0: each guest instruction advances it by 1 ns),
// for benchmarks that compare programs: under emulation wall-clock
// time varies with the host from one run to the next, instructions
// executed do not.
func RunCounted(t *testing.T, kernel string, args []string, files ...string) {
	t.Helper()
	boot(t, kernel, []string{"-icount", "shift=0,sleep=off"}, args, files)
}

func boot(t *testing.T, kernel string, qemuArgs, args, files []string) {
	t.Helper()
	if Inside() {
		t.Fatal("vmtest.Run inside the virtual machine")
	}
	dir := t.TempDir()
	bin, err := staticTestBinary(dir)
	if err != nil {
		t.Fatal(err)
	}
	root := newInitramfs()
	root.add("/init", bin)
	// The package directory sits deep enough that ../x paths stay
	// inside /src.
	const pkgDir = "/src/pkg"
	root.mkdir(pkgDir)
	for _, g := range files {
		if filepath.IsAbs(g) {
			// A file from outside the tree (a kernel module).
			root.add(path.Join(ExtraDir, filepath.Base(g)), g)
			continue
		}
		matches, err := filepath.Glob(g)
		if err != nil || len(matches) == 0 {
			t.Fatalf("vmtest: %q matches no files", g)
		}
		for _, m := range matches {
			name := path.Join(pkgDir, filepath.ToSlash(m))
			if !strings.HasPrefix(name, "/src/") {
				t.Fatalf("vmtest: %s is outside the tree the machine gets", m)
			}
			root.add(name, m)
		}
	}
	initrd := filepath.Join(dir, "initrd")
	f, err := os.Create(initrd)
	if err != nil {
		t.Fatal(err)
	}
	err = root.write(f)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		t.Fatal(err)
	}

	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	// Kernel parameters after "--" are init's arguments; unknown
	// name=value ones before it are its environment.
	// CI=true: a test that cannot run in the machine fails, never skips.
	// DTRACE_* settings (DTRACE_OPT_BPFLOG=1) go in too.
	env := []string{"CI=true", envInside + "=1", envDir + "=" + pkgDir}
	for _, kv := range os.Environ() {
		if strings.HasPrefix(kv, "DTRACE_") && !strings.ContainsAny(kv, " \t\"") {
			env = append(env, kv)
		}
	}
	cmdline := fmt.Sprintf("console=ttyS0 panic=-1 quiet %s -- %s",
		strings.Join(env, " "), strings.Join(args, " "))
	qemu := append([]string{
		"-accel", "tcg", "-cpu", "max", "-m", "1024", "-smp", "1",
		"-nographic", "-no-reboot", "-nodefaults", "-serial", "stdio",
		"-kernel", kernel, "-initrd", initrd, "-append", cmdline}, qemuArgs...)
	cmd := exec.CommandContext(ctx, "qemu-system-x86_64", qemu...)
	start := time.Now()
	out, err := cmd.CombinedOutput()
	t.Logf("vmtest: %s booted and ran %q in %v", filepath.Base(kernel), args, time.Since(start).Round(time.Millisecond))
	status, ok := exitStatus(out)
	switch {
	case ctx.Err() != nil:
		t.Fatalf("vmtest: no result within %v:\n%s", timeout, out)
	case !ok:
		t.Fatalf("vmtest: the machine stopped without a result (qemu: %v):\n%s", err, out)
	case status != 0:
		t.Fatalf("vmtest: tests failed in %s:\n%s", filepath.Base(kernel), out)
	}
	if testing.Verbose() {
		t.Logf("console:\n%s", out)
	}
}

// exitStatus finds the status Main reported on the console.
func exitStatus(console []byte) (int, bool) {
	i := bytes.LastIndex(console, []byte(exitMarker))
	if i < 0 {
		return 0, false
	}
	rest := console[i+len(exitMarker):]
	if j := bytes.IndexAny(rest, "\r\n"); j >= 0 {
		rest = rest[:j]
	}
	n, err := strconv.Atoi(string(rest))
	return n, err == nil
}

// staticTestBinary returns a test binary of the calling package that can
// run as init in an empty root: the running one if it is statically
// linked, else one built again without cgo.
func staticTestBinary(dir string) (string, error) {
	self, err := os.Executable()
	if err != nil {
		return "", err
	}
	if static(self) {
		return self, nil
	}
	bin := filepath.Join(dir, "init")
	if err := goStatic("test", "-c", "-o", bin); err != nil {
		return "", fmt.Errorf("building a static test binary: %w", err)
	}
	return bin, nil
}

// Command builds a command of this module (pkg an import path, as
// "github.com/godtrace/godtrace/cmd/dtrace") as a static binary in a
// temporary directory of t's, for Run to take into the machine, where
// it is ExtraDir/ and its base name.
func Command(t testing.TB, pkg string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), path.Base(pkg))
	if err := goStatic("build", "-o", bin, pkg); err != nil {
		t.Fatalf("vmtest: building %s: %v", pkg, err)
	}
	return bin
}

// goStatic runs the go command without cgo, so that what it builds
// runs in the machine's empty root.
func goStatic(args ...string) error {
	goTool := filepath.Join(runtime.GOROOT(), "bin", "go")
	if p, err := exec.LookPath("go"); err == nil {
		goTool = p
	}
	cmd := exec.Command(goTool, args...)
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%v: %s", err, out)
	}
	return nil
}

// static reports whether an ELF executable needs no dynamic loader.
func static(file string) bool {
	f, err := elf.Open(file)
	if err != nil {
		return false
	}
	defer f.Close()
	for _, p := range f.Progs {
		if p.Type == elf.PT_INTERP {
			return false
		}
	}
	return true
}

package pid_test

import (
	"debug/elf"
	"errors"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/godtrace/godtrace/dtrace"
	"github.com/godtrace/godtrace/internal/dtracetest"
	"github.com/godtrace/godtrace/internal/testenv"
)

// app builds testdata/app.c and its library, libshop.so, with the
// system's C compiler into a fresh directory, and returns the program.
func app(t *testing.T) string {
	t.Helper()
	testenv.RequireBPF(t)
	if _, err := exec.LookPath("gcc"); err != nil {
		testenv.Missing(t, "no C compiler (gcc) to build the test program")
	}
	dir := t.TempDir()
	for _, args := range [][]string{
		// Frame pointers, so that user stacks can be walked.
		{"-O1", "-fno-omit-frame-pointer", "-shared", "-fPIC", "-o", filepath.Join(dir, "libshop.so"), "testdata/shop.c"},
		{"-O1", "-fno-omit-frame-pointer", "-o", filepath.Join(dir, "app"), "testdata/app.c", "-L" + dir, "-lshop", "-Wl,-rpath," + dir},
	} {
		if out, err := exec.Command("gcc", args...).CombinedOutput(); err != nil {
			t.Fatalf("gcc %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	return filepath.Join(dir, "app")
}

// run runs src with app N as $target.
func run(t *testing.T, src string, n int) string {
	t.Helper()
	return dtracetest.RunTarget(t, src, []string{app(t), strconv.Itoa(n)}, 30*time.Second)
}

// fields returns the lines of out, each cut into fields.
func fields(out string) [][]string {
	var rows [][]string
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if f := strings.Fields(l); len(f) > 0 {
			rows = append(rows, f)
		}
	}
	return rows
}

// Entry probes see the arguments; return probes the offset of the
// instruction that returned (price has two: one where it multiplies,
// one after calling discount) and the return value. app 4 calls
// price(4, 25), (8, 25), (12, 25) and (16, 25): 100 and 200 returned
// by one ret, 270 and 360 by the other.
func TestEntryReturn(t *testing.T) {
	out := run(t, `
		pid$target:a.out:price:entry { @entry = sum(arg0 * 1000 + arg1); }
		pid$target:a.out:price:return { @ret[arg0] = sum(arg1); @calls[arg0] = count(); }
		END { printa("entry %@d\n", @entry); printa("ret %d %@d\n", @ret); printa("calls %d %@d\n", @calls); }`, 4)
	rows := fields(out)
	var entry string
	sums := map[string]string{}
	calls := map[string]string{}
	for _, r := range rows {
		switch {
		case r[0] == "entry" && len(r) == 2:
			entry = r[1]
		case r[0] == "ret" && len(r) == 3:
			sums[r[1]] = r[2]
		case r[0] == "calls" && len(r) == 3:
			calls[r[1]] = r[2]
		}
	}
	if entry != "40100" {
		t.Errorf("entry: sum of arg0*1000+arg1 %q, want 40100\n%s", entry, out)
	}
	var got []string
	for off, s := range sums {
		if calls[off] != "2" {
			t.Errorf("return at offset %s: %s calls, want 2", off, calls[off])
		}
		if off == "0" || off == "-1" {
			t.Errorf("return at offset %s: want the ret's offset in price", off)
		}
		got = append(got, s)
	}
	slices.Sort(got)
	if !slices.Equal(got, []string{"300", "630"}) {
		t.Errorf("return values by returning instruction %v, want 300 and 630\n%s", sums, out)
	}
}

// Arguments beyond the sixth are read from the stack.
func TestStackArgs(t *testing.T) {
	out := run(t, `pid$target:a.out:sum8:entry { printf("%d %d %d %d\n", arg0, arg5, arg6, arg7); }`, 1)
	if strings.TrimSpace(out) != "1 6 7 8" {
		t.Errorf("sum8(1..8): printed %q, want 1 6 7 8", out)
	}
}

// A wide description shares one program and link among the functions
// of an object (more than provider.MinShared here: the program's own
// and the C runtime's); each probe still counts its own calls.
func TestWide(t *testing.T) {
	out := run(t, `pid$target:a.out::entry { @[probefunc] = count(); }`, 5)
	got := map[string]string{}
	for _, r := range fields(out) {
		if len(r) == 2 {
			got[r[0]] = r[1]
		}
	}
	for fn, n := range map[string]string{"main": "1", "price": "5", "sum8": "1"} {
		if got[fn] != n {
			t.Errorf("%s called %s times, want %s\n%s", fn, got[fn], n, out)
		}
	}
}

// A library's functions, by its name and by DTrace's shorthand
// (libshop for libshop.so), and libc's, mapped by the dynamic linker
// before dtrace -c lets the program start.
func TestLibraries(t *testing.T) {
	out := run(t, `
		pid$target:libshop::entry { @calls[probemod, probefunc] = count(); }
		pid$target:libshop.so:discount:return { @ret = sum(arg1); }
		pid$target:libc.so.6:malloc:entry /arg0 == 1234/ { @malloc = count(); }
		END { printa("calls %s %s %@d\n", @calls); printa("ret %@d\n", @ret); printa("malloc %@d\n", @malloc); }`, 4)
	want := []string{"calls libshop.so discount 2", "ret 630", "malloc 1"}
	for _, w := range want {
		if !strings.Contains(out, w) {
			t.Errorf("printed %q, want a line %q", out, w)
		}
	}
}

// An offset probe fires at the instruction at that offset in the
// function: price's second instruction (found by objdump) runs once per
// call. An offset inside an instruction, or past the function, is
// refused.
func TestOffsetProbe(t *testing.T) {
	bin := app(t)
	second := instructionOffsets(t, bin, "price")[1]
	out := dtracetest.RunTarget(t, "pid$target:a.out:price:"+strconv.FormatUint(second, 16)+` { @ = count(); } END { printa("%@d\n", @); }`,
		[]string{bin, "3"}, 30*time.Second)
	if strings.TrimSpace(out) != "3" {
		t.Errorf("price:%x fired %q times, want 3", second, out)
	}
	for _, c := range []struct{ off, want string }{
		{strconv.FormatUint(second-1, 16), "instruction boundary"},
		{"fff", "offset 0xfff outside of function 'price'"},
	} {
		h, err := dtrace.Open()
		if err != nil {
			t.Fatal(err)
		}
		proc, err := h.CreateProcess([]string{bin})
		if err != nil {
			t.Fatal(err)
		}
		err = h.Compile([]dtrace.Source{{Text: []byte("pid$target:a.out:price:" + c.off + " {}")}}, []string{"test"})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("price:%s: %v, want an error saying %q", c.off, err, c.want)
		}
		proc.Continue()
		<-proc.Exited()
		h.Close()
	}
}

// A description whose name is a glob, or empty, also matches a probe at
// each of the function's instructions, named by its offset, and each
// fires under its own name: price's first instruction once per call.
func TestOffsetGlob(t *testing.T) {
	bin := app(t)
	offs := instructionOffsets(t, bin, "price")
	out := dtracetest.RunTarget(t, `pid$target:a.out:price: { @[probename] = count(); } END { printa("%s %@d\n", @); }`,
		[]string{bin, "3"}, 30*time.Second)
	counts := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		if f := strings.Fields(l); len(f) == 2 {
			counts[f[0]] = f[1]
		}
	}
	if counts["entry"] != "3" || counts["0"] != "3" || counts[strconv.FormatUint(offs[1], 16)] != "3" {
		t.Errorf("price: counts by probe name %v, want entry, 0 and %x 3 times", counts, offs[1])
	}
	known := map[string]bool{"entry": true, "return": true}
	for _, off := range offs {
		known[strconv.FormatUint(off, 16)] = true
	}
	for name := range counts {
		if !known[name] {
			t.Errorf("probe price:%s fired: no instruction at that offset (%x)", name, offs)
		}
	}
	if len(counts) < 4 {
		t.Errorf("price: %d probe names fired, want entry, return and several offsets: %v", len(counts), counts)
	}
}

// A function named by a weak alias is the probe of the name DTrace
// keeps for its address: _price is price, which a description naming
// both enables.
func TestWeakAlias(t *testing.T) {
	bin := app(t)
	out := dtracetest.RunTarget(t, `pid$target:a.out:_price:entry { @[probefunc] = count(); } END { printa("%s %@d\n", @); }`,
		[]string{bin, "3"}, 30*time.Second)
	if strings.TrimSpace(out) != "price 3" {
		t.Errorf("pid$target:a.out:_price:entry: printed %q, want price 3", out)
	}
}

// Descriptions the pid provider refuses are reported under DTrace's
// tags and in its words.
func TestDescErrors(t *testing.T) {
	bin := app(t)
	for _, c := range []struct{ desc, tag, msg string }{
		{"pid$target:a.out:price:fff", "D_PROC_OFF", "offset 0xfff outside of function 'price'"},
		{"pid$target:a.out:nosuchfunc:entry", "D_PROC_FUNC", "failed to lookup 'nosuchfunc' in module 'a.out'"},
		{"pid$target:a.out:price:beginning", "D_PROC_NAME", "'beginning' is an invalid probe name"},
		{"pid$target::-:", "D_PROC_NAME", "only individual addresses may be specified with the '-' function"},
		{"pid$target:libc:-:800", "D_PROC_LIB", "only the a.out module is valid with the '-' function"},
		{"pid0:::entry", "D_PROC_BADPID", "pid0 does not contain a valid pid"},
	} {
		h, err := dtrace.Open()
		if err != nil {
			t.Fatal(err)
		}
		proc, err := h.CreateProcess([]string{bin})
		if err != nil {
			t.Fatal(err)
		}
		err = h.Compile([]dtrace.Source{{Text: []byte(c.desc + " {}")}}, []string{"test"})
		var ce *dtrace.CompileError
		if !errors.As(err, &ce) || ce.Tag != c.tag || ce.Msg != c.msg {
			t.Errorf("%s: %#v, want %s %q", c.desc, err, c.tag, c.msg)
		}
		proc.Continue()
		<-proc.Exited()
		h.Close()
	}
}

// A library answers to its name up to a version or ".so", and the
// function "-" takes an address in the executable: the address of
// price's second instruction is the offset probe price:N.
func TestModuleAliasAndAddress(t *testing.T) {
	bin := app(t)
	second := instructionOffsets(t, bin, "price")[1]
	for _, mod := range []string{"libc", "libc.so"} {
		out := dtracetest.RunTarget(t, "pid$target:"+mod+":exit:entry { printf(\"%s\\n\", probemod); }", []string{bin, "1"}, 30*time.Second)
		if !strings.Contains(out, "libc.so") {
			t.Errorf("module %s: printed %q, want libc.so.6", mod, out)
		}
	}
	f, err := elf.Open(bin)
	if err != nil {
		t.Fatal(err)
	}
	syms, err := f.Symbols()
	f.Close()
	if err != nil {
		t.Fatal(err)
	}
	var addr uint64
	for _, s := range syms {
		if s.Name == "price" {
			addr = s.Value + second
		}
	}
	if addr == 0 {
		t.Fatal("no symbol price")
	}
	out := dtracetest.RunTarget(t, "pid$target::-:"+strconv.FormatUint(addr, 16)+` { @ = count(); } END { printa("%@d\n", @); }`,
		[]string{bin, "3"}, 30*time.Second)
	if strings.TrimSpace(out) != "3" {
		t.Errorf("-:%x fired %q times, want 3", addr, out)
	}
}

// instructionOffsets returns the offsets of the instructions of fn in
// the program bin, as objdump disassembles them.
func instructionOffsets(t *testing.T, bin, fn string) []uint64 {
	t.Helper()
	out, err := exec.Command("objdump", "-d", "--no-show-raw-insn", bin).Output()
	if err != nil {
		testenv.Missing(t, "objdump: %v", err)
	}
	var offs []uint64
	var start uint64
	in := false
	for _, l := range strings.Split(string(out), "\n") {
		if strings.HasSuffix(l, "<"+fn+">:") {
			in = true
			start, _ = strconv.ParseUint(strings.Fields(l)[0], 16, 64)
			continue
		}
		if !in {
			continue
		}
		addr, _, ok := strings.Cut(strings.TrimSpace(l), ":")
		a, err := strconv.ParseUint(addr, 16, 64)
		if !ok || err != nil {
			break
		}
		offs = append(offs, a-start)
	}
	if len(offs) < 2 {
		t.Fatalf("objdump shows %d instructions in %s", len(offs), fn)
	}
	return offs
}

// ustack() at an entry probe starts at the function and goes on with
// its caller, as DTrace's does, though the function has not pushed its
// frame yet; the frames are named after the process has exited (dtrace
// keeps the mappings of its target).
func TestUstackAtEntry(t *testing.T) {
	out := run(t, `pid$target:a.out:price:entry /arg0 == 4/ { ustack(2); }
		pid$target:libshop.so:discount:entry { ustack(3); }`, 3)
	var frames []string
	for _, r := range fields(out) {
		frames = append(frames, r[0])
	}
	want := []string{"app`price", "app`main+0x", "libshop.so`discount", "app`price+0x", "app`main+0x"}
	if len(frames) != len(want) {
		t.Fatalf("stacks %q, want frames like %q", out, want)
	}
	for i, w := range want {
		if !strings.HasPrefix(frames[i], w) || strings.HasSuffix(w, "+0x") == (frames[i] == w) {
			t.Errorf("frame %d: %s, want %s", i, frames[i], w)
		}
	}
}

// uregs[] reads the registers where the probe fired, by the D library's
// names: the arguments' registers at entry, rax at return, and the pc,
// which at an offset probe is that far past the entry's.
func TestURegs(t *testing.T) {
	bin := app(t)
	second := instructionOffsets(t, bin, "price")[1]
	out := dtracetest.RunTarget(t, `
		pid$target:a.out:price:entry { @args = sum(uregs[R_RDI] * 1000 + uregs[R_RSI]); self->pc = uregs[R_PC]; }
		pid$target:a.out:price:return { @ret = sum(uregs[R_RAX]); }
		pid$target:a.out:price:`+strconv.FormatUint(second, 16)+` /self->pc/ { @off = max(uregs[R_PC] - self->pc); }
		END { printa("args %@d\n", @args); printa("ret %@d\n", @ret); printa("off %@d\n", @off); }`,
		[]string{bin, "4"}, 30*time.Second)
	for _, want := range []string{"args 40100\n", "ret 930\n", "off " + strconv.FormatUint(second, 10) + "\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("printed %q, want %q", out, want)
		}
	}
}

package fbt_test

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/cilium/ebpf/features"
	"github.com/cilium/ebpf/link"
	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/dtrace"
	"github.com/godtrace/godtrace/internal/dtracetest"
	"github.com/godtrace/godtrace/internal/testenv"
	"github.com/godtrace/godtrace/internal/vmtest"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/fbt"
)

func TestMain(m *testing.M) {
	vmtest.Main(m)
}

// TestDebian runs the kernel tests (TestKernel*) in Debian's cloud
// kernels, booted under qemu: this machine's kernel has no kprobes and
// refuses fentry; bookworm's 6.1 has both but no kprobe.multi (its
// groups attach a kprobe per function), trixie's 6.12 has all three.
func TestDebian(t *testing.T) {
	vmtest.EachRelease(t, func(t *testing.T, k string) {
		vmtest.Run(t, k, "^TestKernel", vmtest.Module(t, k, "drivers/block/loop.ko"))
	})
}

// requireFbt skips a kernel test on a kernel that cannot attach fbt
// probes (TestDebian runs it in one that can); without BPF it fails
// under CI like every kernel test.
func requireFbt(t *testing.T) {
	t.Helper()
	testenv.RequireBPF(t)
	if vmtest.Inside() {
		return
	}
	if _, err := os.Stat("/sys/bus/event_source/devices/kprobe"); err != nil {
		t.Skip("this kernel has no kprobes; TestDebian runs the test in one that has")
	}
}

// modes are the attach mechanisms every behaviour is checked with.
var modes = []fbt.Mode{fbt.ModeFentry, fbt.ModeKprobe, fbt.ModeMulti}

// run runs src in fbt's attach mode, for up to a minute.
func run(t *testing.T, mode fbt.Mode, src string, work func()) string {
	t.Helper()
	return dtracetest.Run(t, map[string]string{"fbtattach": string(mode)}, src, work, time.Minute)
}

// readFile is the workload: it reads the n bytes of a file named name
// in a fresh directory with read(2), so that vfs_read runs once for it.
func readFile(t *testing.T, name string, n int) func() {
	dir := t.TempDir()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, bytes.Repeat([]byte{'x'}, n), 0o644); err != nil {
		t.Fatal(err)
	}
	return func() {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		buf := make([]byte, 4096)
		if got, err := f.Read(buf); got != n || err != nil {
			t.Fatalf("read %d bytes, %v", got, err)
		}
	}
}

// Entry probes see the function's arguments, raw and typed from BTF:
// args[0] of vfs_read is a struct file *, whose path names the file.
func TestKernelEntryArgs(t *testing.T) {
	requireFbt(t)
	for _, mode := range modes {
		src := `fbt::vfs_read:entry /pid == $1 && stringof(args[0]->f_path.dentry->d_name.name) == "fbt-entry"/ {
			printf("%s %d %d\n", stringof(args[0]->f_path.dentry->d_name.name), arg2, args[2]); exit(0); }`
		got := run(t, mode, src, readFile(t, "fbt-entry", 7))
		if want := "fbt-entry 4096 4096"; strings.TrimSpace(got) != want {
			t.Errorf("%s: printed %q, want %q", mode, got, want)
		}
	}
}

// Return probes have arg0 -1 (the return offset is unknown) and the
// return value in arg1 and args[1]; thread-locals carry a value from
// entry to return, the latency idiom works, and what entry speculated
// return commits.
func TestKernelReturn(t *testing.T) {
	requireFbt(t)
	for _, mode := range modes {
		src := `fbt::vfs_read:entry /pid == $1 && stringof(args[0]->f_path.dentry->d_name.name) == "fbt-return"/ {
			self->ts = timestamp; self->spec = speculation(); }
		fbt::vfs_read:entry /self->spec/ { speculate(self->spec); printf("count %d\n", arg2); }
		fbt::vfs_read:return /self->spec && arg1 == 11/ { commit(self->spec); }
		fbt::vfs_read:return /self->ts/ {
			printf("%d %d %d %d\n", (int)arg0, arg1, args[1], timestamp > self->ts);
			self->ts = 0; exit(0); }`
		got := run(t, mode, src, readFile(t, "fbt-return", 11))
		if want := "count 4096\n-1 11 11 1"; strings.TrimSpace(got) != want {
			t.Errorf("%s: printed %q, want %q", mode, got, want)
		}
	}
}

// stack(), caller and stackdepth start at the traced function's caller,
// without the tracing machinery's frames or the function's own, at
// entry and at return: read(2) reaches vfs_read from ksys_read.
func TestKernelStack(t *testing.T) {
	requireFbt(t)
	frame := regexp.MustCompile(`^\s+(\S+)\+0x[0-9a-f]+$`)
	for _, mode := range modes {
		for _, name := range []string{"entry", "return"} {
			src := `fbt::vfs_read:entry /pid == $1 && stringof(args[0]->f_path.dentry->d_name.name) == "fbt-stack"/ { self->in = 1; }
			fbt::vfs_read:` + name + ` /self->in/ {
				printf("%a %d\n", caller, stackdepth); stack(); self->in = 0; exit(0); }`
			got := run(t, mode, src, readFile(t, "fbt-stack", 3))
			lines := strings.Split(strings.TrimSpace(got), "\n")
			if len(lines) < 3 {
				t.Errorf("%s %s: printed %q", mode, name, got)
				continue
			}
			head := strings.Fields(lines[0])
			var frames []string
			for _, l := range lines[1:] {
				if m := frame.FindStringSubmatch(l); m != nil {
					frames = append(frames, m[1])
				}
			}
			if len(frames) == 0 || !strings.HasSuffix(frames[0], "ksys_read") {
				t.Errorf("%s %s: stack starts at %q, not ksys_read:\n%s", mode, name, frames, got)
				continue
			}
			if len(head) != 2 || !strings.HasPrefix(head[0], frames[0]+"+") || head[1] != strconv.Itoa(len(frames)) {
				t.Errorf("%s %s: caller and stackdepth %q, stack() %d frames from %s:\n%s", mode, name, head, len(frames), frames[0], got)
			}
		}
	}
}

// ustack() at an fbt probe is the user stack of the thread that entered
// the kernel: here the Go code that called read(2).
func TestKernelUstack(t *testing.T) {
	requireFbt(t)
	for _, mode := range modes {
		src := `fbt::vfs_read:entry /pid == $1 && stringof(args[0]->f_path.dentry->d_name.name) == "fbt-ustack"/ { ustack(); exit(0); }`
		got := run(t, mode, src, readFile(t, "fbt-ustack", 2))
		if !strings.Contains(got, "os.(*File).Read") {
			t.Errorf("%s: ustack() holds no os.(*File).Read:\n%s", mode, got)
		}
	}
}

// A bad pointer read in an fbt clause ends the clause in ERROR, as
// anywhere else, and the probe goes on firing.
func TestKernelError(t *testing.T) {
	requireFbt(t)
	for _, mode := range modes {
		src := `fbt::vfs_read:entry /pid == $1 && stringof(args[0]->f_path.dentry->d_name.name) == "fbt-error"/ { trace(*(int *)8); }
			ERROR { printf("%d %d", arg4, arg5); exit(0); }`
		got, errs := dtracetest.RunErr(t, map[string]string{"fbtattach": string(mode)}, src, readFile(t, "fbt-error", 2), time.Minute)
		if want := "1 8"; strings.TrimSpace(got) != want || !strings.Contains(errs, "invalid address (0x8) at BPF pc") {
			t.Errorf("%s: printed %q and %q, want %q and the fault", mode, got, errs, want)
		}
	}
}

// A wide description attaches as one kprobe.multi program per module
// and probe name (auto mode), and each firing is told apart by its
// cookie: probefunc, probename and the counts are per function.
func TestKernelWide(t *testing.T) {
	requireFbt(t)
	src := `fbt::vfs_*:entry, fbt::vfs_*:return /pid == $1/ { @[probefunc, probename] = count(); }
		fbt::ksys_read:entry /pid == $1/ { @reads = count(); }
		fbt::ksys_read:return /pid == $1/ { @rets = count(); exit(0); }`
	read := readFile(t, "fbt-wide", 5)
	var links map[link.Type]int
	var multi uint32
	got := run(t, fbt.ModeAuto, src, func() {
		if links == nil {
			links, multi = attached(t)
		}
		read()
	})
	count := func(re string) int {
		m := regexp.MustCompile(`(?m)^\s*` + re + `\s+(\d+)$`).FindStringSubmatch(got)
		if m == nil {
			t.Fatalf("no %s in:\n%s", re, got)
		}
		n, _ := strconv.Atoi(m[1])
		return n
	}
	entries, returns := count(`vfs_read\s+entry`), count(`vfs_read\s+return`)
	if entries < 1 || entries != returns {
		t.Errorf("vfs_read entered %d times, returned %d:\n%s", entries, returns, got)
	}
	// The vfs_* groups attach as one kprobe.multi link each where the
	// kernel has them, else as a kprobe (a perf event link) per function.
	functions := len(match(t, provider.Desc{Provider: "fbt", Module: "vmlinux", Function: "vfs_*", Name: "entry"}))
	if functions < fbt.MinMulti {
		t.Fatalf("fbt::vfs_*:entry matches %d functions, fewer than a group", functions)
	}
	if features.HaveBPFLinkKprobeMulti() == nil {
		if links[link.KprobeMultiType] != 2 || multi < 2*uint32(functions) {
			t.Errorf("%d kprobe.multi links on %d functions, want 2 on %d or more", links[link.KprobeMultiType], multi, 2*functions)
		}
	} else if links[link.PerfEventType] < 2*functions {
		t.Errorf("%d kprobe links, want one for each of the %d vfs_* entries and returns", links[link.PerfEventType], functions)
	}
}

// match lists the probes matching d.
func match(t testing.TB, d provider.Desc) []*provider.Probe {
	t.Helper()
	h, err := dtrace.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	ps, err := h.Registry().Match(d)
	if err != nil {
		t.Fatal(err)
	}
	return ps
}

// fbt:::entry enables every function the listing offers, as on illumos,
// and each must attach: the listing must hold only what the kernel
// lets a kprobe.multi link attach to. Without kprobe.multi, a kprobe a
// function would take most of an hour under emulation.
func TestKernelEverything(t *testing.T) {
	requireFbt(t)
	if features.HaveBPFLinkKprobeMulti() != nil {
		t.Skip("no kprobe.multi in this kernel: enabling a kprobe per function takes most of an hour under emulation")
	}
	functions := len(match(t, provider.Desc{Provider: "fbt", Name: "entry"}))
	src := `fbt:::entry { @calls = count(); } fbt::vfs_read:return /pid == $1/ { exit(0); }`
	var links map[link.Type]int
	var multi uint32
	read := readFile(t, "fbt-everything", 3)
	got := run(t, fbt.ModeAuto, src, func() {
		if links == nil {
			links, multi = attached(t)
		}
		read()
	})
	if n, err := strconv.Atoi(strings.TrimSpace(got)); err != nil || n < 1 {
		t.Errorf("fbt:::entry counted %q calls", got)
	}
	if int(multi) < functions {
		t.Errorf("kprobe.multi links attach to %d functions, fewer than the %d fbt lists", multi, functions)
	}
}

// A function whose name the kernel has several of (a static function
// in several files) attaches by address: a kprobe at each copy, as
// perf events of the process, not links.
func TestKernelAmbiguous(t *testing.T) {
	requireFbt(t)
	names, _ := ambiguousNames(t, 10)
	var descs []string
	for _, n := range names {
		descs = append(descs, "fbt:vmlinux:"+n+":entry", "fbt:vmlinux:"+n+":return")
	}
	src := strings.Join(descs, ",\n") + ` { @[probefunc] = count(); }
		fbt::vfs_read:entry /pid == $1/ { exit(0); }`
	events := 0
	run(t, fbt.ModeAuto, src, func() {
		if events == 0 {
			events = perfEvents(t)
		}
		readFile(t, "fbt-ambiguous", 1)()
	})
	if events <= 2*len(names) {
		t.Errorf("%d perf events for the entry and return of %d functions with several copies each: %s", events, len(names), names)
	}
}

// A copy of an ambiguous name fires as its function's probe in every
// mode: m_show, which shows each line of /proc/self/mounts, has
// namesakes in other files. In multi mode it shares a kprobe.multi
// program by address with other ambiguous functions, listed before it
// so that its probe is not the group's first: a firing whose address
// the link did not know would get cookie 0, the first probe.
func TestKernelAmbiguousFires(t *testing.T) {
	requireFbt(t)
	names, count := ambiguousNames(t, 10)
	if count["m_show"] < 2 {
		t.Skip("m_show is this kernel's only function of the name")
	}
	names = append(slices.DeleteFunc(names, func(n string) bool { return n == "m_show" }), "m_show")
	var descs []string
	for _, n := range names {
		descs = append(descs, "fbt:vmlinux:"+n+":entry")
	}
	src := strings.Join(descs, ",\n") + ` /pid == $1/ { @[probefunc] = count(); }
		fbt::vfs_read:return /pid == $1/ { exit(0); }`
	for _, mode := range modes {
		got := run(t, mode, src, func() {
			if _, err := os.ReadFile("/proc/self/mounts"); err != nil {
				t.Fatal(err)
			}
		})
		f := strings.Fields(got)
		if i := slices.Index(f, "m_show"); i < 0 || i+1 >= len(f) || f[i+1] == "0" {
			t.Errorf("%s: reading /proc/self/mounts counted %q, want m_show", mode, got)
		}
	}
}

// ambiguousNames returns up to n functions of the core kernel that fbt
// lists and kallsyms has several of, in the listing's order, and
// kallsyms's count of functions by name.
func ambiguousNames(t *testing.T, n int) ([]string, map[string]int) {
	t.Helper()
	textSyms := map[string]int{}
	b, err := os.ReadFile("/proc/kallsyms")
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if f := strings.Fields(line); len(f) == 3 && (f[1] == "t" || f[1] == "T") {
			textSyms[f[2]]++
		}
	}
	var names []string
	for _, p := range match(t, provider.Desc{Provider: "fbt", Module: "vmlinux", Name: "entry"}) {
		if textSyms[p.Function] > 1 && len(names) < n {
			names = append(names, p.Function)
		}
	}
	if len(names) == 0 {
		t.Fatal("fbt lists no function of a name kallsyms has several of")
	}
	return names, textSyms
}

// perfEvents counts the process's open perf events.
func perfEvents(t *testing.T) int {
	fds, err := os.ReadDir("/proc/self/fd")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, fd := range fds {
		if l, err := os.Readlink(filepath.Join("/proc/self/fd", fd.Name())); err == nil && l == "anon_inode:[perf_event]" {
			n++
		}
	}
	return n
}

// attached counts the kernel's BPF links by type, and the functions
// their kprobe.multi links attach to.
func attached(t *testing.T) (map[link.Type]int, uint32) {
	n := map[link.Type]int{}
	var multi uint32
	var it link.Iterator
	defer it.Close()
	for it.Next() {
		info, err := it.Link.Info()
		if err != nil {
			t.Fatal(err)
		}
		n[info.Type]++
		if km := info.KprobeMulti(); km != nil {
			multi += km.Count
		}
	}
	if err := it.Err(); err != nil {
		t.Fatal(err)
	}
	return n, multi
}

// A module's functions are probes of the module, typed from the
// module's BTF: loading loop.ko and asking /dev/loop-control for a free
// device runs loop_control_ioctl(file, cmd, parm).
func TestKernelModule(t *testing.T) {
	requireFbt(t)
	if !vmtest.Inside() {
		t.Skip("loads a module: TestDebian runs it in a machine of its own")
	}
	mod, err := os.Open(filepath.Join(vmtest.ExtraDir, "loop.ko"))
	if err != nil {
		t.Fatal(err)
	}
	err = unix.FinitModule(int(mod.Fd()), "", 0)
	mod.Close()
	if err != nil && !errors.Is(err, unix.EEXIST) {
		t.Fatal("loading loop.ko:", err)
	}
	ctl := filepath.Join(t.TempDir(), "loop-control")
	if err := unix.Mknod(ctl, unix.S_IFCHR|0o600, int(unix.Mkdev(10, 237))); err != nil {
		t.Fatal(err)
	}
	work := func() {
		fd, err := unix.Open(ctl, unix.O_RDWR, 0)
		if err != nil {
			t.Fatal(err)
		}
		defer unix.Close(fd)
		if _, err := unix.IoctlRetInt(fd, unix.LOOP_CTL_GET_FREE); err != nil {
			t.Fatal("LOOP_CTL_GET_FREE:", err)
		}
	}
	for _, mode := range modes {
		src := `fbt:loop:loop_control_ioctl:entry /pid == $1/ { printf("%s %s %x", probemod, probefunc, args[1]); exit(0); }`
		got := run(t, mode, src, work)
		if want := fmt.Sprintf("loop loop_control_ioctl %x", unix.LOOP_CTL_GET_FREE); strings.TrimSpace(got) != want {
			t.Errorf("%s: printed %q, want %q", mode, got, want)
		}
	}
}

// The listing has both probes of traceable functions and none of the
// machinery's.
func TestKernelList(t *testing.T) {
	requireFbt(t)
	ps := match(t, provider.Desc{Provider: "fbt"})
	seen := map[string]bool{}
	for _, p := range ps {
		seen[p.Function+":"+p.Name] = true
	}
	t.Logf("%d fbt probes", len(ps))
	for _, want := range []string{"vfs_read:entry", "vfs_read:return", "do_sys_openat2:entry"} {
		if !seen[want] {
			t.Errorf("no fbt::%s among %d probes", want, len(ps))
		}
	}
	for _, not := range []string{"trace_call_bpf:entry", "migrate_disable:entry", "kprobe_ftrace_handler:entry"} {
		if seen[not] {
			t.Errorf("fbt::%s listed", not)
		}
	}
}

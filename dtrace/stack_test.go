package dtrace

import (
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/internal/testenv"
	"github.com/godtrace/godtrace/ksym"
	"github.com/godtrace/godtrace/spec"
)

// The frames of the BPF programs and of the tracepoint code that ran
// them are dropped from the front of a kernel stack, and the frames asked
// for kept; a frame of the same functions further up stays.
func TestStackDropsPlumbing(t *testing.T) {
	kallsyms := strings.Join([]string{
		"ffff0000 T __bpf_get_task_stack",
		"ffff1000 t bpf_prog_8d4b0dc6f8ef3735_F\t[bpf]",
		"ffff2000 T trace_call_bpf",
		"ffff3000 T perf_syscall_enter",
		"ffff4000 T syscall_trace_enter",
		"ffff5000 T do_syscall_64",
		"ffff6000 T ext4_read\t[ext4]",
	}, "\n") + "\n"
	path := filepath.Join(t.TempDir(), "kallsyms")
	if err := os.WriteFile(path, []byte(kallsyms), 0o644); err != nil {
		t.Fatal(err)
	}
	h := &symbolizer{ksyms: ksym.NewFromFile(path)}
	pcs := []uint64{0xffff0010, 0xffff1010, 0xffff2010, 0xffff3010, 0xffff4010, 0xffff2020, 0xffff5010, 0}
	it := spec.Item{Stack: spec.KernelStack, Frames: 3, Size: 8 * len(pcs)}
	got := h.stackDatum(it, format.KernelStack(pcs))
	if want := []uint64{0xffff4010, 0xffff2020, 0xffff5010}; !slices.Equal(got.PCs, want) || got.Size != 24 {
		t.Errorf("kept %x (size %d), want %x", got.PCs, got.Size, want)
	}
	// A stack that starts where the probe fired (a perf event's) keeps
	// its first frame, and a short one is padded with zeros.
	got = h.stackDatum(spec.Item{Stack: spec.KernelStack, Frames: 3}, format.KernelStack([]uint64{0xffff6010, 0xffff5010, 0, 0}))
	if want := []uint64{0xffff6010, 0xffff5010, 0}; !slices.Equal(got.PCs, want) {
		t.Errorf("kept %x, want %x", got.PCs, want)
	}
}

func stackTestTarget() {}

// ustack() frames name functions of the running process and the base
// name of the file mapping them. go test strips the test binary's ELF
// symbols, so this reads the Go runtime's table.
func TestUserSymbols(t *testing.T) {
	h := &symbolizer{}
	pc := uint64(reflect.ValueOf(stackTestTarget).Pointer())
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	exe, _ = filepath.EvalSymlinks(exe)
	s, ok := h.userSym(uint64(os.Getpid()), pc+1)
	want := format.Symbol{Module: filepath.Base(exe), Name: "github.com/godtrace/godtrace/dtrace.stackTestTarget", Addr: pc}
	if !ok || s != want {
		t.Errorf("userSym = %+v, %v; want %+v", s, ok, want)
	}
	if _, ok := h.userSym(uint64(os.Getpid()), 8); ok {
		t.Error("an unmapped address resolved")
	}
}

// stackdepth and caller outside a profile probe describe the stack that
// stack() prints there: as many frames, the first being caller. The BPF
// code skips the tracing machinery's frames by address (the plumbing
// map), the consumer by name; both must agree.
func TestStackdepthCaller(t *testing.T) {
	testenv.RequireBPF(t)
	h, err := Open()
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	src := `syscall::getppid:entry /pid == $1/ { trace(stackdepth); trace(caller); stack(); exit(0); }`
	if err := h.Compile([]Source{{Text: []byte(src)}}, []string{"test", strconv.Itoa(syscall.Getpid())}); err != nil {
		t.Fatal(err)
	}
	if err := h.Exec(); err != nil {
		t.Fatal(err)
	}
	if err := h.Go(); err != nil {
		t.Fatal(err)
	}
	syscall.Getppid()
	c := &stackRecords{}
	if _, err := h.Consume(c, 10*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if err := h.Stop(c); err != nil {
		t.Fatal(err)
	}
	if c.r == nil {
		t.Fatal("no record")
	}
	acts := c.r.ECB.Actions
	depth, caller := c.r.Values(&acts[0])[0].Int, c.r.Values(&acts[1])[0].Int
	st := h.symbols().stackDatum(acts[2].Items[0], c.r.Values(&acts[2])[0])
	n := slices.Index(st.PCs, 0)
	if n < 0 {
		n = len(st.PCs)
	}
	if n == 0 || depth != uint64(n) || caller != st.PCs[0] {
		t.Errorf("stackdepth %d, caller %x; stack() has %d frames from %x", depth, caller, n, st.PCs)
	}
}

// stackRecords keeps the first record.
type stackRecords struct{ r *consume.Record }

func (c *stackRecords) Record(_ *Handle, r *consume.Record) error {
	if c.r == nil {
		c.r = r
	}
	return nil
}

func (c *stackRecords) Fault(*Handle, *consume.Fault) error { return nil }

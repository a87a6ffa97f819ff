package dtrace

import (
	"reflect"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/internal/testenv"
)

// A wide syscall description runs through one shared raw_syscalls
// program; what its clauses see must be what a probe of its own gives:
// the record's ECB (so the consumer's probe name), id, epid, probefunc,
// probename, and the arguments, with those the call does not have
// reading 0.
func TestSharedSyscallProbe(t *testing.T) {
	testenv.RequireBPF(t)
	h, err := Open()
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	src := `syscall:::entry, syscall:::return /pid == $1 && (probefunc == "getppid" || probefunc == "pread64")/ {
		trace(id); trace(epid); trace(probefunc); trace(probename); trace(arg0); trace(arg2); trace(arg5);
	}`
	startShared(t, h, src)
	ppid := syscall.Getppid()
	var buf [3]byte
	fd, err := syscall.Open("/dev/zero", syscall.O_RDONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer syscall.Close(fd)
	if n, err := syscall.Pread(fd, buf[:], 77); n != 3 || err != nil {
		t.Fatal(n, err)
	}
	c := &allRecords{}
	if _, err := h.Consume(c, 10*time.Millisecond); err != nil {
		t.Fatal(err)
	}
	if err := h.Stop(c); err != nil {
		t.Fatal(err)
	}
	type want struct {
		fn, name         string
		arg0, arg2, arg5 uint64
	}
	wants := []want{
		{"getppid", "entry", 0, 0, 0},
		{"getppid", "return", uint64(ppid), 0, 0},
		{"pread64", "entry", uint64(fd), 3, 0},
		{"pread64", "return", 3, 0, 0},
	}
	if len(c.rs) != len(wants) {
		t.Fatalf("%d records, want %d", len(c.rs), len(wants))
	}
	for i, r := range c.rs {
		w := wants[i]
		acts := r.ECB.Actions
		v := func(i int) uint64 { return r.Values(&acts[i])[0].Int }
		s := func(i int) string { return r.Values(&acts[i])[0].Str }
		p := r.ECB.Probe
		if p.Function != w.fn || p.Name != w.name || v(0) != uint64(p.ID) || v(1) != uint64(r.ECB.EPID) ||
			s(2) != w.fn || s(3) != w.name || v(4) != w.arg0 || v(5) != w.arg2 || v(6) != w.arg5 {
			t.Errorf("record %d from %s:%s (ID %d, EPID %d): id %d epid %d %q %q args %d %d %d; want %+v",
				i, p.Function, p.Name, p.ID, r.ECB.EPID, v(0), v(1), s(2), s(3), v(4), v(5), v(6), w)
		}
	}
}

// The shared program reads a call's arguments from its registers
// (pt_regs), the per-call tracepoint from the record the kernel fills:
// on a call with six arguments, each with bits in both halves, and
// again at its return, both must give the same arg0..arg6 and errno
// (args[] is refused with a wide description). copy_file_range fails at
// once on its first argument, a bad descriptor as an int, without
// reading the others.
func TestSharedSyscallArgsMatchTracepoint(t *testing.T) {
	testenv.RequireBPF(t)
	const clauses = `syscall:::entry /pid == $1 && probefunc == "copy_file_range"/ {
		trace(arg0); trace(arg1); trace(arg2); trace(arg3); trace(arg4); trace(arg5); trace(arg6);
	}
	syscall:::return /pid == $1 && probefunc == "copy_file_range"/ {
		trace(arg0); trace(arg1); trace(arg2); trace(errno);
	}`
	shared, err := Open()
	if err != nil {
		t.Fatal(err)
	}
	defer shared.Close()
	startShared(t, shared, clauses)
	own, err := Open()
	if err != nil {
		t.Fatal(err)
	}
	defer own.Close()
	narrow := strings.ReplaceAll(clauses, "syscall:::", "syscall::copy_file_range:")
	if err := own.Compile([]Source{{Text: []byte(narrow)}}, []string{"test", strconv.Itoa(syscall.Getpid())}); err != nil {
		t.Fatal(err)
	}
	for _, pp := range own.Program().Probes {
		if pp.Shared != nil {
			t.Fatal("copy_file_range alone shares a program")
		}
	}
	if err := own.Exec(); err != nil {
		t.Fatal(err)
	}
	if err := own.Go(); err != nil {
		t.Fatal(err)
	}
	args := [6]uint64{0x0123_4567_ffff_ffff, 0x1111_2222_3333_4444, 0xaaaa_bbbb_ffff_fffe,
		0x5555_6666_7777_8888, 0x9999_0000_aaaa_bbbb, 0xcccc_dddd_0000_0001}
	_, _, errno := unix.Syscall6(unix.SYS_COPY_FILE_RANGE, uintptr(args[0]), uintptr(args[1]),
		uintptr(args[2]), uintptr(args[3]), uintptr(args[4]), uintptr(args[5]))
	if errno != unix.EBADF {
		t.Fatalf("copy_file_range: %v, want EBADF", errno)
	}
	ebadf := int64(unix.EBADF)
	ret := uint64(-ebadf)
	wantEntry := []uint64{args[0], args[1], args[2], args[3], args[4], args[5], 0}
	wantReturn := []uint64{ret, ret, 0, uint64(unix.EBADF)}
	var got [2][][]uint64
	for i, h := range []*Handle{shared, own} {
		c := &allRecords{}
		if _, err := h.Consume(c, 10*time.Millisecond); err != nil {
			t.Fatal(err)
		}
		if err := h.Stop(c); err != nil {
			t.Fatal(err)
		}
		for _, r := range c.rs {
			var vs []uint64
			for j := range r.ECB.Actions {
				vs = append(vs, r.Values(&r.ECB.Actions[j])[0].Int)
			}
			got[i] = append(got[i], vs)
		}
	}
	want := [][]uint64{wantEntry, wantReturn}
	for i, name := range []string{"shared program", "own tracepoints"} {
		if !reflect.DeepEqual(got[i], want) {
			t.Errorf("%s: records %#x, want %#x", name, got[i], want)
		}
	}
}

// allRecords keeps every record.
type allRecords struct{ rs []*consume.Record }

func (c *allRecords) Record(_ *Handle, r *consume.Record) error {
	c.rs = append(c.rs, r)
	return nil
}

func (c *allRecords) Fault(*Handle, *consume.Fault) error { return nil }

// startShared compiles src, with this process's pid as $1, checks that
// its syscall entry and return probes share one program each, and
// starts tracing.
func startShared(t *testing.T, h *Handle, src string) {
	t.Helper()
	if err := h.Compile([]Source{{Text: []byte(src)}}, []string{"test", strconv.Itoa(syscall.Getpid())}); err != nil {
		t.Fatal(err)
	}
	shared := 0
	for _, pp := range h.Program().Probes {
		if pp.Shared != nil {
			shared++
		}
	}
	if shared != 2 {
		t.Fatalf("%d shared programs, want 2 (entry and return)", shared)
	}
	if err := h.Exec(); err != nil {
		t.Fatal(err)
	}
	if err := h.Go(); err != nil {
		t.Fatal(err)
	}
}

package syscall

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unsafe"

	"github.com/cilium/ebpf"
	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/internal/testenv"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/providertest"
)

// testdata is a copy of part of a 6.18 kernel's tracefs, without
// sys_exit_read to have a call with only an entry tracepoint.
var testdata = os.DirFS("testdata/tracefs")

// dump prints offers one per line with the record offsets of their
// arguments (read from the format files as enabling reads them):
// "openat:entry 16 24 32 40".
func dump(pv *Provider, offers []provider.Offer) string {
	var b strings.Builder
	for _, s := range offers {
		fmt.Fprintf(&b, "%s:%s:%s", s.Module, s.Function, s.Name)
		ev := s.Data.(*event)
		pv.parse(ev)
		for _, f := range ev.args {
			fmt.Fprintf(&b, " %d", f.Offset)
		}
		b.WriteByte('\n')
	}
	return b.String()
}

func TestProvide(t *testing.T) {
	const all = `:exit_group:entry 16
:exit_group:return 16 16
:getpid:entry
:getpid:return 16 16
:mmap:entry 16 24 32 40 48 56
:mmap:return 16 16
:openat:entry 16 24 32 40
:openat:return 16 16
:read:entry 16 24 32
`
	for _, tt := range []struct {
		d    provider.Desc
		want string
	}{
		{provider.Desc{}, all},
		{provider.Desc{Module: "*"}, all},
		{provider.Desc{Module: "vmlinux"}, ""},
		{provider.Desc{Function: "openat"}, ":openat:entry 16 24 32 40\n:openat:return 16 16\n"},
		{provider.Desc{Function: "*e*", Name: "return"}, ":exit_group:return 16 16\n:getpid:return 16 16\n:openat:return 16 16\n"},
		{provider.Desc{Function: "read", Name: "return"}, ""}, // our copy has no sys_exit_read
		{provider.Desc{Name: "entry", Function: "[gm]*"}, ":getpid:entry\n:mmap:entry 16 24 32 40 48 56\n"},
		{provider.Desc{Function: "nosuch"}, ""},
	} {
		pv := NewFS(testdata)
		offers, err := pv.Provide(tt.d)
		if err != nil {
			t.Errorf("Provide(%s): %v", tt.d, err)
			continue
		}
		if got := dump(pv, offers); got != tt.want {
			t.Errorf("Provide(%s):\n%s\nwant:\n%s", tt.d, got, tt.want)
		}
	}
}

func TestProvideErrors(t *testing.T) {
	if _, err := NewFS(os.DirFS("testdata/nosuch")).Provide(provider.Desc{}); !errors.Is(err, ebpf.ErrNotSupported) {
		t.Errorf("tracefs without syscalls: error %v, want ErrNotSupported", err)
	}
}

func TestRegistry(t *testing.T) {
	reg := provider.NewRegistry(NewFS(testdata))
	ps, err := reg.List(provider.Desc{Provider: "syscall", Function: "openat"})
	if err != nil || len(ps) != 2 {
		t.Fatalf("List = %v, %v", ps, err)
	}
	// A probe is numbered by its place in the listing:
	// exit_group, getpid and mmap come first.
	if ps[0].ID != 7 || ps[0].Desc().String() != "syscall::openat:entry" ||
		ps[1].ID != 8 || ps[1].Desc().String() != "syscall::openat:return" {
		t.Errorf("List = %d %s, %d %s", ps[0].ID, ps[0].Desc(), ps[1].ID, ps[1].Desc())
	}
	for _, p := range ps {
		providertest.CheckPreserves(t, p.Owner().LoadArgs(p))
	}
}

// TestLiveTracefs reads the running kernel's system call tracepoints.
func TestLiveTracefs(t *testing.T) {
	testenv.RequireBPF(t)
	offers, err := New().Provide(provider.Desc{})
	if err != nil {
		t.Fatal(err)
	}
	if len(offers) < 100 {
		t.Errorf("only %d syscall probes", len(offers))
	}
	pv := New()
	offers, err = pv.Provide(provider.Desc{Function: "read", Name: "entry"})
	if err == nil && len(offers) == 1 {
		pv.parse(offers[0].Data.(*event))
	}
	if err != nil || len(offers) != 1 || len(offers[0].Data.(*event).args) != 3 {
		t.Errorf("syscall::read:entry = %s, %v; want 3 arguments", dump(pv, offers), err)
	}
}

func BenchmarkProvideAll(b *testing.B) {
	testenv.RequireBPF(b)
	for b.Loop() {
		// A new provider each time: the format files are read again.
		if _, err := New().Provide(provider.Desc{}); err != nil {
			b.Fatal(err)
		}
	}
}

// probe returns the live syscall::function:name probe, and a recorder of
// its firings in this process.
func probe(t *testing.T, function, name string) (*provider.Probe, *providertest.Recorder) {
	t.Helper()
	testenv.RequireBPF(t)
	ps, err := provider.NewRegistry(New()).Match(provider.Desc{Provider: "syscall", Function: function, Name: name})
	if err != nil || len(ps) != 1 {
		t.Fatalf("Match(syscall::%s:%s) = %v, %v", function, name, ps, err)
	}
	rec := providertest.Load(t, ps[0], providertest.Options{PID: uint32(os.Getpid())})
	c, err := ps[0].Owner().Attach(ps[0], rec.Prog)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := c.Close(); err != nil {
			t.Error(err)
		}
	})
	return ps[0], rec
}

// openat calls openat(2) directly, so that the test knows the pointer it
// passed.
func openat(t *testing.T, path *byte, flags int, mode uint32) (int, unix.Errno) {
	t.Helper()
	dfd := unix.AT_FDCWD // a variable, as a negative constant cannot become a uintptr
	fd, _, errno := unix.Syscall6(unix.SYS_OPENAT, uintptr(dfd), uintptr(unsafe.Pointer(path)), uintptr(flags), uintptr(mode), 0, 0)
	if errno == 0 {
		t.Cleanup(func() { unix.Close(int(fd)) })
	}
	return int(fd), errno
}

func TestOpenatEntry(t *testing.T) {
	_, rec := probe(t, "openat", "entry")
	path, err := unix.BytePtrFromString(filepath.Join(t.TempDir(), "f"))
	if err != nil {
		t.Fatal(err)
	}
	const flags = unix.O_CREAT | unix.O_WRONLY | unix.O_CLOEXEC
	if _, errno := openat(t, path, flags, 0o640); errno != 0 {
		t.Fatal(errno)
	}
	dfd := int64(unix.AT_FDCWD)
	want := [providertest.NArgs]uint64{
		uint64(dfd), // the whole register, sign-extended
		uint64(uintptr(unsafe.Pointer(path))),
		flags,
		0o640,
	}
	if got := rec.Args(t); got != want {
		t.Errorf("args = %#x,\nwant %#x", got, want)
	}
	if rec.Total(t) == 0 {
		t.Error("did not fire")
	}
}

func TestOpenatReturn(t *testing.T) {
	_, rec := probe(t, "openat", "return")
	dir := t.TempDir()
	path, err := unix.BytePtrFromString(filepath.Join(dir, "f"))
	if err != nil {
		t.Fatal(err)
	}
	fd, errno := openat(t, path, unix.O_CREAT|unix.O_RDONLY|unix.O_CLOEXEC, 0o600)
	if errno != 0 {
		t.Fatal(errno)
	}
	if got := rec.Args(t); got[0] != uint64(fd) || got[1] != uint64(fd) || got[2] != 0 {
		t.Errorf("args = %v, want %d twice", got, fd)
	}

	// A failure returns -errno.
	missing, _ := unix.BytePtrFromString(filepath.Join(dir, "missing"))
	if _, errno := openat(t, missing, unix.O_RDONLY, 0); errno != unix.ENOENT {
		t.Fatalf("open missing file: %v", errno)
	}
	if got, want := int64(rec.Args(t)[0]), -int64(unix.ENOENT); got != want {
		t.Errorf("arg0 = %#x, want %#x", got, want)
	}
}

func TestGetpidEntry(t *testing.T) {
	_, rec := probe(t, "getpid", "entry")
	for range 3 {
		unix.Getpid()
	}
	if n := rec.Total(t); n < 3 {
		t.Errorf("fired %d times for 3 getpid calls", n)
	}
	if got := rec.Args(t); got != [providertest.NArgs]uint64{} {
		t.Errorf("args = %v, want none", got)
	}
	if got := rec.PidTgid(t) >> 32; got != uint64(os.Getpid()) {
		t.Errorf("pid = %d, want %d", got, os.Getpid())
	}
}

// countingFS counts the directories read from an fs.FS.
type countingFS struct {
	fs.FS
	reads int
}

func (c *countingFS) ReadDir(name string) ([]fs.DirEntry, error) {
	c.reads++
	return fs.ReadDir(c.FS, name)
}

// TestListedOnce: the tracepoints are listed once, however many
// descriptions ask for probes (the Registry's listing, then each
// description naming the provider).
func TestListedOnce(t *testing.T) {
	root := &countingFS{FS: testdata}
	pv := NewFS(root)
	for _, d := range []provider.Desc{{Provider: "syscall"}, {Function: "read", Name: "entry"}, {Function: "open*"}} {
		if _, err := pv.Provide(d); err != nil {
			t.Fatal(err)
		}
	}
	if root.reads != 1 {
		t.Errorf("the tracepoints were listed %d times", root.reads)
	}
}

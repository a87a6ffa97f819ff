package lockstat_test

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"
	"unsafe"

	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/internal/dtracetest"
	"github.com/godtrace/godtrace/internal/testenv"
	"github.com/godtrace/godtrace/internal/vmtest"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/fbt"
	"github.com/godtrace/godtrace/provider/lockstat"
)

func TestMain(m *testing.M) {
	vmtest.Main(m)
}

// TestDebian runs the tests in Debian's kernels under qemu, which have
// the kprobes the acquire and release probes need (this machine's
// kernel runs the block and spin ones, on tracepoints).
func TestDebian(t *testing.T) {
	vmtest.EachRelease(t, func(t *testing.T, k string) {
		vmtest.Run(t, k, "^TestKernel|^TestContention")
	})
}

func run(t *testing.T, src string, work func()) string {
	t.Helper()
	return strings.TrimSpace(dtracetest.Run(t, nil, src, work, time.Minute))
}

// The ioctls of userfaultfd(2) (linux/userfaultfd.h).
const (
	uffdioAPI      = 0xc018aa3f
	uffdioRegister = 0xc020aa00
	uffdioZeropage = 0xc020aa04
	uffdAPI        = 0xaa
	uffdMissing    = 1
)

// contend makes a lock contended for hold: a thread writes to fds[0]
// from a page whose first touch waits on userfaultfd, which happens in
// the kernel with the lock held (a pipe's mutex, a file's i_rwsem);
// another thread then writes to fds[1] and blocks on the lock until the
// page is given and the first write ends. (Two writes to one open file
// would meet first on the file position's mutex.) It reports whether
// the second writer was seen asleep on the lock: on a machine busy
// enough that it reached the lock only after the hold, nothing was
// contended (contended tries again).
func contend(t *testing.T, fds [2]int, hold time.Duration) bool {
	uffd, _, errno := unix.Syscall(unix.SYS_USERFAULTFD, unix.O_CLOEXEC, 0, 0)
	if errno != 0 {
		t.Fatal("userfaultfd:", errno)
	}
	defer unix.Close(int(uffd))
	api := [3]uint64{uffdAPI, 0, 0}
	if err := ioctl(int(uffd), uffdioAPI, unsafe.Pointer(&api)); err != nil {
		t.Fatal("UFFDIO_API:", err)
	}
	page, err := unix.Mmap(-1, 0, 4096, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_PRIVATE|unix.MAP_ANONYMOUS)
	if err != nil {
		t.Fatal(err)
	}
	defer unix.Munmap(page)
	addr := uint64(uintptr(unsafe.Pointer(&page[0])))
	reg := [4]uint64{addr, 4096, uffdMissing, 0}
	if err := ioctl(int(uffd), uffdioRegister, unsafe.Pointer(&reg)); err != nil {
		t.Fatal("UFFDIO_REGISTER:", err)
	}
	tids := make(chan int, 2)
	write := func(fd int, b []byte, done chan<- error) {
		runtime.LockOSThread()
		tids <- unix.Gettid()
		_, err := unix.Write(fd, b)
		done <- err
	}
	first, second := make(chan error, 1), make(chan error, 1)
	go write(fds[0], page, first)
	<-tids
	var msg [32]byte // the fault: the first writer holds the lock now
	if _, err := unix.Read(int(uffd), msg[:]); err != nil {
		t.Fatal("reading userfaultfd:", err)
	}
	go write(fds[1], []byte("x"), second)
	// On a busy machine the second writer may reach the lock late: the
	// hold starts once it sleeps there (state D, mutex_lock's
	// uninterruptible wait), not when it was started.
	tid := <-tids
	asleep := false
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline) && !asleep; {
		time.Sleep(time.Millisecond)
		asleep = sleeping(tid)
	}
	time.Sleep(hold)
	zero := [4]uint64{addr, 4096, 0, 0}
	if err := ioctl(int(uffd), uffdioZeropage, unsafe.Pointer(&zero)); err != nil {
		t.Fatal("UFFDIO_ZEROPAGE:", err)
	}
	if err := <-first; err != nil {
		t.Fatal(err)
	}
	if err := <-second; err != nil {
		t.Fatal(err)
	}
	return asleep
}

// contended makes the lock contended, trying up to three times until
// the second writer is seen asleep on it.
func contended(t *testing.T, fds [2]int, hold time.Duration) {
	for i := 0; i < 3 && !contend(t, fds, hold); i++ {
	}
}

// sleeping reports whether thread tid of the process is in an
// uninterruptible sleep.
func sleeping(tid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/self/task/%d/stat", tid))
	if err != nil {
		return false
	}
	// "tid (comm) S ...": the state follows the last ')'.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	return i >= 0 && strings.HasPrefix(s[i+1:], " D")
}

func ioctl(fd int, req uintptr, arg unsafe.Pointer) error {
	if _, _, errno := unix.Syscall(unix.SYS_IOCTL, uintptr(fd), req, uintptr(arg)); errno != 0 {
		return errno
	}
	return nil
}

const hold = 200 * time.Millisecond

// A thread blocked on a pipe's mutex fires adaptive-block when it gets
// the lock, with the lock and the time it waited; one blocked on a
// file's i_rwsem as a writer fires rw-block.
func TestContention(t *testing.T) {
	testenv.RequireBPF(t)
	for _, c := range []struct {
		name, src, want string
		open            func(t *testing.T) [2]int
	}{
		{"adaptive-block", `lockstat:::adaptive-block /pid == $1/ {
			printf("%d %d", arg1 >= 100000000, args[0] == (struct mutex *)arg0); exit(0); }`, "1 1", openPipe},
		{"rw-block", `lockstat:::rw-block /pid == $1/ {
			printf("%d %d %d", arg1 >= 100000000, arg2, args[0] == (struct rw_semaphore *)arg0); exit(0); }`, "1 0 1", openFile},
	} {
		fds := c.open(t)
		got := run(t, c.src, func() { contended(t, fds, hold) })
		if got != c.want {
			t.Errorf("%s: printed %q, want %q", c.name, got, c.want)
		}
	}
}

// openPipe returns a pipe's write end twice.
// The one-liner: where threads block on mutexes, by stack. The
// contending write reached the pipe's mutex from pipe_write.
func TestContentionStack(t *testing.T) {
	testenv.RequireBPF(t)
	fds := openPipe(t)
	got := run(t, `lockstat:::adaptive-block /pid == $1/ { @[stack(5)] = sum(arg1); exit(0); }`, func() { contended(t, fds, hold) })
	if !strings.Contains(got, "pipe_write+") {
		t.Errorf("adaptive-block's stack(5) does not reach pipe_write:\n%s", got)
	}
}

func openPipe(t *testing.T) [2]int {
	var p [2]int
	if err := unix.Pipe2(p[:], unix.O_CLOEXEC); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { unix.Close(p[0]); unix.Close(p[1]) })
	return [2]int{p[1], p[1]}
}

// openFile returns a new file, opened twice.
func openFile(t *testing.T) [2]int {
	path := filepath.Join(t.TempDir(), "contended")
	var fds [2]int
	for i := range fds {
		fd, err := unix.Open(path, unix.O_WRONLY|unix.O_CREAT|unix.O_CLOEXEC, 0o600)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { unix.Close(fd) })
		fds[i] = fd
	}
	return fds
}

// requireKprobes skips where the acquire and release probes cannot
// attach; TestDebian runs them in a kernel that has kprobes.
func requireKprobes(t *testing.T) {
	t.Helper()
	testenv.RequireBPF(t)
	if _, err := os.Stat("/sys/bus/event_source/devices/kprobe"); err != nil && !vmtest.Inside() {
		t.Skip("this kernel has no kprobes; TestDebian runs the test in one that has")
	}
}

// Acquire fires at the lock function's return with the lock its entry
// was given, release at the unlock function's entry: a pipe's I/O takes
// and drops its mutex, setpgid(2) the tasklist rwlock as a writer.
func TestKernelAcquireRelease(t *testing.T) {
	requireKprobes(t)
	pipeIO := func() {
		fds := openPipe(t)
		if _, err := unix.Write(fds[0], []byte("x")); err != nil {
			t.Fatal(err)
		}
	}
	setpgid := func() { unix.Setpgid(0, 0) }
	for _, c := range []struct {
		name, src, want string
		work            func()
	}{
		{"adaptive", `lockstat:::adaptive-acquire /pid == $1/ { self->m = arg0; }
			lockstat:::adaptive-release /pid == $1 && self->m && arg0 == self->m/ { printf("ok"); exit(0); }`, "ok", pipeIO},
		{"spin", `lockstat:::spin-acquire /pid == $1/ { self->s = arg0; }
			lockstat:::spin-release /pid == $1 && self->s && arg0 == self->s/ { printf("ok"); exit(0); }`, "ok", pipeIO},
		{"rw", `lockstat:::rw-acquire /pid == $1 && arg1 == 0/ { self->w = arg0; }
			lockstat:::rw-release /pid == $1 && self->w && arg0 == self->w/ { printf("%d", arg1); exit(0); }`, "0", setpgid},
	} {
		if got := run(t, c.src, c.work); got != c.want {
			t.Errorf("%s: printed %q, want %q", c.name, got, c.want)
		}
	}
}

// TestKernelListed checks that lockstat lists what the kernel can
// enable: the acquire and release probes only where kprobes work (here
// they did not, and ':::' failed on them), and that naming one where
// they do not says why.
func TestKernelListed(t *testing.T) {
	testenv.RequireBPF(t)
	kf := fbt.New()
	pv := lockstat.New(kf)
	specs, err := pv.Provide(provider.Desc{})
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, s := range specs {
		names = append(names, s.Name)
	}
	if got, want := slices.Contains(names, "adaptive-acquire"), kf.Kprobes(); got != want {
		t.Errorf("adaptive-acquire listed: %v; kprobes work: %v (listed %v)", got, want, names)
	}
	if !slices.Contains(names, "adaptive-block") {
		t.Errorf("adaptive-block not listed: %v", names)
	}
	_, err = pv.Provide(provider.Desc{Provider: "lockstat", Name: "*-acquire"})
	if kf.Kprobes() != (err == nil) || err != nil && !strings.Contains(err.Error(), "need kprobes") {
		t.Errorf("lockstat:::*-acquire: %v, with kprobes %v", err, kf.Kprobes())
	}
}

package tracefs

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"unsafe"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/link"
	"golang.org/x/sys/unix"
)

// FS returns the running kernel's tracefs tree, found or mounted by Dir.
func FS() (fs.FS, error) {
	dir, err := Dir()
	if err != nil {
		return nil, err
	}
	return os.DirFS(dir), nil
}

// Attach makes the kernel run prog, a TracePoint program, at the
// tracepoint group:event.
func Attach(group, event string, prog *ebpf.Program) (io.Closer, error) {
	// cilium finds tracefs by itself but does not mount it, and
	// remembers the first answer: make sure there is one to find.
	if _, err := Dir(); err != nil {
		return nil, err
	}
	l, err := link.Tracepoint(group, event, prog, nil)
	if errors.Is(err, unix.EPERM) {
		// A tracepoint may refuse sampling perf events, which the BPF
		// library opens: x86's irq_vectors:irq_work_exit does, since a
		// sample there raises the irq_work it traces. A program runs
		// at a tracepoint whatever its perf event counts, so a counting
		// one serves.
		var c io.Closer
		if c, err = attachCounting(group, event, prog); err == nil {
			return c, nil
		}
	}
	if err != nil {
		return nil, fmt.Errorf("attach to tracepoint %s/%s: %w", group, event, err)
	}
	return l, nil
}

// attachCounting attaches prog at group:event through a counting (not
// sampling) perf event and a BPF link.
func attachCounting(group, event string, prog *ebpf.Program) (io.Closer, error) {
	fsys, err := FS()
	if err != nil {
		return nil, err
	}
	f, err := ReadFormat(fsys, group, event)
	if err != nil {
		return nil, err
	}
	attr := unix.PerfEventAttr{
		Type:   unix.PERF_TYPE_TRACEPOINT,
		Size:   uint32(unsafe.Sizeof(unix.PerfEventAttr{})),
		Config: uint64(f.ID),
	}
	fd, err := unix.PerfEventOpen(&attr, -1, 0, -1, unix.PERF_FLAG_FD_CLOEXEC)
	if err != nil {
		return nil, fmt.Errorf("opening a counting perf event: %w", err)
	}
	l, err := link.AttachRawLink(link.RawLinkOptions{Target: fd, Program: prog, Attach: ebpf.AttachPerfEvent})
	if err != nil {
		unix.Close(fd)
		return nil, err
	}
	return &countingLink{link: l, fd: fd}, nil
}

// countingLink owns the perf event its link attaches to.
type countingLink struct {
	link *link.RawLink
	fd   int
}

func (c *countingLink) Close() error {
	err := c.link.Close()
	return errors.Join(err, unix.Close(c.fd))
}

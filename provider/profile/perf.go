package profile

import (
	"errors"
	"fmt"
	"time"
	"unsafe"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/link"
	"golang.org/x/sys/unix"
)

// timers is a set of attached cpu-clock perf events, one per CPU.
type timers struct {
	fds   []int
	links []*link.RawLink // nil where the program was attached by ioctl

	ioctlOnly bool // skip the BPF link, to test the fallback
}

// attachTimers opens a cpu-clock perf event with the given sample
// period on each of cpus, attaches prog to each, and only then enables
// them all, so that the CPUs start sampling together.
func attachTimers(prog *ebpf.Program, interval time.Duration, cpus []int) (*timers, error) {
	ts := &timers{}
	if err := ts.start(prog, interval, cpus); err != nil {
		return nil, err
	}
	return ts, nil
}

// start opens, attaches and enables the timers; on failure it closes
// what it opened.
func (ts *timers) start(prog *ebpf.Program, interval time.Duration, cpus []int) (err error) {
	defer func() {
		if err != nil {
			ts.Close()
		}
	}()
	for _, cpu := range cpus {
		if err := ts.add(prog, interval, cpu); err != nil {
			return fmt.Errorf("CPU %d: %w", cpu, err)
		}
	}
	for _, fd := range ts.fds {
		if err := unix.IoctlSetInt(fd, unix.PERF_EVENT_IOC_ENABLE, 0); err != nil {
			return fmt.Errorf("enable perf event: %w", err)
		}
	}
	return nil
}

// add opens the timer of one CPU and attaches prog to it.
func (ts *timers) add(prog *ebpf.Program, interval time.Duration, cpu int) error {
	attr := unix.PerfEventAttr{
		Type:   unix.PERF_TYPE_SOFTWARE,
		Config: unix.PERF_COUNT_SW_CPU_CLOCK,
		Size:   uint32(unsafe.Sizeof(unix.PerfEventAttr{})),
		// cpu-clock counts nanoseconds, so the sample period is the
		// interval in nanoseconds.
		Sample: uint64(interval.Nanoseconds()),
		Bits:   unix.PerfBitDisabled,
	}
	fd, err := unix.PerfEventOpen(&attr, -1, cpu, -1, unix.PERF_FLAG_FD_CLOEXEC)
	if err != nil {
		if errors.Is(err, unix.ENOENT) || errors.Is(err, unix.EOPNOTSUPP) {
			return fmt.Errorf("perf_event_open cpu-clock: %w: %w", ebpf.ErrNotSupported, err)
		}
		return fmt.Errorf("perf_event_open cpu-clock: %w", err)
	}
	ts.fds = append(ts.fds, fd)

	// A BPF link (Linux 5.15) is the modern way and reports errors
	// properly; older kernels only have the ioctl, whose attachment ends
	// when the event's fd is closed.
	linkErr := errors.New("not tried")
	if !ts.ioctlOnly {
		var l *link.RawLink
		l, linkErr = link.AttachRawLink(link.RawLinkOptions{
			Target:  fd,
			Program: prog,
			Attach:  ebpf.AttachPerfEvent,
		})
		if linkErr == nil {
			ts.links = append(ts.links, l)
			return nil
		}
	}
	if err := unix.IoctlSetInt(fd, unix.PERF_EVENT_IOC_SET_BPF, prog.FD()); err != nil {
		return fmt.Errorf("attach program: %w (and by BPF link: %w)", err, linkErr)
	}
	ts.links = append(ts.links, nil)
	return nil
}

// Close stops and closes all the timers.
func (ts *timers) Close() error {
	var errs []error
	for _, fd := range ts.fds {
		// Disable first so that no CPU fires while the others are being
		// torn down.
		if err := unix.IoctlSetInt(fd, unix.PERF_EVENT_IOC_DISABLE, 0); err != nil {
			errs = append(errs, err)
		}
	}
	for _, l := range ts.links {
		if l != nil {
			errs = append(errs, l.Close())
		}
	}
	for _, fd := range ts.fds {
		errs = append(errs, unix.Close(fd))
	}
	ts.fds, ts.links = nil, nil
	return errors.Join(errs...)
}

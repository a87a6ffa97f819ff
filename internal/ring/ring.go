// Package ring reads a BPF ring buffer map (BPF_MAP_TYPE_RINGBUF), the
// transport of a D program's records.
//
// The kernel lets user space map a ring's data area twice in a row, so
// that a record wrapping past its end reads as one piece, and
// cilium/ebpf's reader maps it so. But the kernel installs every page
// of a ring mapping when it is made, and counts each mapped page in the
// process's resident set: a 4 MiB buffer (DTrace's default bufsize)
// showed as 8 MiB of RSS before any record was written. This reader
// maps the data area once and copies a wrapping record in two parts.
//
// Records are read in the order the kernel committed their space. A
// Reader is safe for one reading goroutine; Flush and Close may be
// called from others.
package ring

import (
	"errors"
	"fmt"
	"os"
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"github.com/cilium/ebpf"
	"golang.org/x/sys/unix"
)

// The record header the kernel writes before each record: a 32-bit
// length with two flag bits, then the record's page offset, which a
// reader has no use for.
const (
	headerSize  = 8
	busyBit     = 1 << 31 // reserved, not yet committed or discarded
	discardBit  = 1 << 30 // discarded: skip it
	lengthMask  = discardBit - 1
	recordAlign = 8
)

// ErrFlushed is what Read returns, once the records before it are
// read, after Flush.
var ErrFlushed = errors.New("ring buffer flushed")

// Reader reads the records of one ring buffer map.
type Reader struct {
	mu       sync.Mutex
	consPage []byte // the consumer position, which the reader writes
	prodPage []byte // the producer position, then the data area
	data     []byte
	consPos  *uintptr
	prodPos  *uintptr
	mask     uintptr

	epfd    int
	flushFD int // eventfd: Flush's wake-ups
	closeFD int // eventfd: Close's
	closed  atomic.Bool
	events  [3]unix.EpollEvent // what epoll_wait(2) reports

	deadline time.Time
	// pending is a deadline or flush seen while waiting, returned once
	// the records that were there with it are read.
	pending error
}

// NewReader maps m, which must be a ring buffer map, for reading.
func NewReader(m *ebpf.Map) (r *Reader, err error) {
	if m.Type() != ebpf.RingBuf {
		return nil, fmt.Errorf("ring: map type %s is not a ring buffer", m.Type())
	}
	size := int(m.MaxEntries())
	if size == 0 || size&(size-1) != 0 {
		return nil, fmt.Errorf("ring: size %d is not a power of two", size)
	}
	page := os.Getpagesize()
	r = &Reader{epfd: -1, flushFD: -1, closeFD: -1, mask: uintptr(size - 1)}
	defer func() {
		if err != nil {
			r.release()
		}
	}()
	if r.consPage, err = unix.Mmap(m.FD(), 0, page, unix.PROT_READ|unix.PROT_WRITE, unix.MAP_SHARED); err != nil {
		return nil, fmt.Errorf("ring: mapping the consumer page: %w", err)
	}
	// The producer page and the data area, once.
	if r.prodPage, err = unix.Mmap(m.FD(), int64(page), page+size, unix.PROT_READ, unix.MAP_SHARED); err != nil {
		return nil, fmt.Errorf("ring: mapping the data: %w", err)
	}
	r.consPos = (*uintptr)(unsafe.Pointer(&r.consPage[0]))
	r.prodPos = (*uintptr)(unsafe.Pointer(&r.prodPage[0]))
	r.data = r.prodPage[page:]
	if r.epfd, err = unix.EpollCreate1(unix.EPOLL_CLOEXEC); err != nil {
		return nil, fmt.Errorf("ring: %w", err)
	}
	if r.flushFD, err = unix.Eventfd(0, unix.EFD_CLOEXEC|unix.EFD_NONBLOCK); err != nil {
		return nil, fmt.Errorf("ring: %w", err)
	}
	if r.closeFD, err = unix.Eventfd(0, unix.EFD_CLOEXEC|unix.EFD_NONBLOCK); err != nil {
		return nil, fmt.Errorf("ring: %w", err)
	}
	// The map's fd polls readable while the ring holds data.
	for _, fd := range []int{m.FD(), r.flushFD, r.closeFD} {
		ev := unix.EpollEvent{Events: unix.EPOLLIN, Fd: int32(fd)}
		if err := unix.EpollCtl(r.epfd, unix.EPOLL_CTL_ADD, fd, &ev); err != nil {
			return nil, fmt.Errorf("ring: %w", err)
		}
	}
	return r, nil
}

// Size is the size of the ring's data area.
func (r *Reader) Size() int { return len(r.data) }

// SetDeadline sets when Read stops waiting for a record; the zero time
// waits for ever.
func (r *Reader) SetDeadline(t time.Time) {
	r.mu.Lock()
	r.deadline = t
	r.mu.Unlock()
}

// AvailableBytes is how many bytes of records, headers included, the
// ring holds unread.
func (r *Reader) AvailableBytes() int {
	return int(atomic.LoadUintptr(r.prodPos) - atomic.LoadUintptr(r.consPos))
}

// Read returns the next record, in buf if it has the capacity, waiting
// for one until the deadline (os.ErrDeadlineExceeded), a Flush
// (ErrFlushed) or Close (os.ErrClosed).
func (r *Reader) Read(buf []byte) ([]byte, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.closed.Load() {
		return nil, os.ErrClosed
	}
	for {
		rec, ok, err := r.next(buf)
		if ok || err != nil {
			return rec, err
		}
		if err := r.pending; err != nil {
			r.pending = nil
			return nil, err
		}
		if err := r.wait(); err != nil {
			// Records may have come with it: read them first.
			r.pending = err
		}
	}
}

// next reads the next committed record, if there is one.
func (r *Reader) next(buf []byte) ([]byte, bool, error) {
	cons := atomic.LoadUintptr(r.consPos)
	for {
		prod := atomic.LoadUintptr(r.prodPos)
		if prod == cons {
			return nil, false, nil
		}
		if prod-cons < headerSize {
			return nil, false, fmt.Errorf("ring: %d bytes are not a record header", prod-cons)
		}
		// The length is read atomically: the kernel commits a record
		// by clearing its busy bit, after writing it.
		hdr := atomic.LoadUint32((*uint32)(unsafe.Pointer(&r.data[cons&r.mask])))
		if hdr&busyBit != 0 {
			// Reserved but not yet committed: records after it wait
			// for it. The producer is mid-copy on another CPU.
			continue
		}
		n := uintptr(hdr & lengthMask)
		padded := (n + recordAlign - 1) &^ (recordAlign - 1)
		if prod-cons-headerSize < padded {
			return nil, false, fmt.Errorf("ring: a record of %d bytes where %d remain", n, prod-cons-headerSize)
		}
		start := (cons + headerSize) & r.mask
		cons += headerSize + padded
		if hdr&discardBit != 0 {
			atomic.StoreUintptr(r.consPos, cons)
			continue
		}
		rec := buf[:0]
		if uintptr(cap(buf)) < n {
			rec = make([]byte, 0, n)
		}
		// A record runs past the end of the data area onto its start.
		first := min(n, uintptr(len(r.data))-start)
		rec = append(rec, r.data[start:start+first]...)
		rec = append(rec, r.data[:n-first]...)
		atomic.StoreUintptr(r.consPos, cons)
		return rec, true, nil
	}
}

// wait waits until the ring may hold a record (nil), or for the
// deadline, a Flush or Close.
func (r *Reader) wait() error {
	for {
		timeout := -1
		if !r.deadline.IsZero() {
			timeout = int(max(time.Until(r.deadline).Milliseconds(), 0))
		}
		n, err := unix.EpollWait(r.epfd, r.events[:], timeout)
		if err == unix.EINTR {
			continue
		}
		if err != nil {
			return fmt.Errorf("ring: %w", err)
		}
		if n == 0 {
			return os.ErrDeadlineExceeded
		}
		var woke error
		for _, ev := range r.events[:n] {
			switch int(ev.Fd) {
			case r.closeFD:
				return os.ErrClosed
			case r.flushFD:
				var b [8]byte
				unix.Read(r.flushFD, b[:])
				woke = ErrFlushed
			}
		}
		return woke
	}
}

// Flush makes a waiting Read, or the next to wait, return ErrFlushed
// once it has read what the ring holds.
func (r *Reader) Flush() error {
	return signal(r.flushFD)
}

// signal adds 1 to an eventfd, which makes it readable.
func signal(fd int) error {
	one := [8]byte{1}
	if _, err := unix.Write(fd, one[:]); err != nil && err != unix.EAGAIN {
		return fmt.Errorf("ring: %w", err)
	}
	return nil
}

// Close wakes a waiting Read, which returns os.ErrClosed, and unmaps
// the ring.
func (r *Reader) Close() error {
	if r.closed.Swap(true) {
		return nil
	}
	if err := signal(r.closeFD); err != nil {
		return err
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.release()
}

// release unmaps the ring and closes the descriptors.
func (r *Reader) release() error {
	var errs []error
	for _, m := range [][]byte{r.prodPage, r.consPage} {
		if m != nil {
			errs = append(errs, unix.Munmap(m))
		}
	}
	r.prodPage, r.consPage, r.data = nil, nil, nil
	for _, fd := range []*int{&r.epfd, &r.flushFD, &r.closeFD} {
		if *fd >= 0 {
			errs = append(errs, unix.Close(*fd))
			*fd = -1
		}
	}
	return errors.Join(errs...)
}

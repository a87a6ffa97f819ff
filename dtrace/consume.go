package dtrace

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"time"

	"github.com/cilium/ebpf/ringbuf"
	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/spec"
)

// Consumer receives what the probes produce, in buffer order.
type Consumer interface {
	// Record is called for every ECB firing that emitted a record.
	Record(h *Handle, r *consume.Record) error
	// Fault is called for every probe-time error.
	Fault(h *Handle, f *consume.Fault) error
}

// Consume reads records until the buffer is empty and wait has passed
// (wait 0 drains what is there), passing each to c. It returns true once
// exit() has been called.
func (h *Handle) Consume(c Consumer, wait time.Duration) (bool, error) {
	if err := h.statusDrops(c, false); err != nil {
		return h.done, err
	}
	deadline := time.Now().Add(wait)
	var rec ringbuf.Record
	for {
		h.rd.SetDeadline(deadline)
		err := h.rd.ReadInto(&rec)
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return h.done, nil
		}
		if err != nil {
			return h.done, fmt.Errorf("reading buffer: %w", err)
		}
		v, err := consume.Decode(h.prog, rec.RawSample)
		if err != nil {
			return h.done, err
		}
		switch v := v.(type) {
		case *consume.Record:
			if err := h.deliver(c, v); err != nil {
				return h.done, err
			}
		case *consume.Fault:
			if err := c.Fault(h, v); err != nil {
				return h.done, err
			}
		}
		if h.done && wait > 0 {
			// exit() ends waiting; what follows is drained by Stop.
			deadline = time.Now()
		}
	}
}

// noteExit records an exit() action's status.
func (h *Handle) noteExit(r *consume.Record) {
	for i := range r.ECB.Actions {
		a := &r.ECB.Actions[i]
		if a.Kind == spec.ActExit && a.Ran(r.Data) && !h.done {
			h.done = true
			h.status = int(int32(r.Datum(a.Items[0]).Int))
		}
	}
}

// MarkPrinted notes that printa() printed aggregation id, so that it is
// not printed again at exit.
func (h *Handle) MarkPrinted(id int) { h.printed[id] = true }

func monotonic() time.Duration {
	var ts unix.Timespec
	unix.ClockGettime(unix.CLOCK_MONOTONIC, &ts)
	return time.Duration(ts.Nano())
}

func le64(b []byte) uint64       { return binary.LittleEndian.Uint64(b) }
func putLe64(b []byte, v uint64) { binary.LittleEndian.PutUint64(b, v) }

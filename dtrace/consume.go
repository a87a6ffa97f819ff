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
	"github.com/godtrace/godtrace/provider/dtraceprov"
	"github.com/godtrace/godtrace/spec"
)

// Consumer receives what the probes produce, in buffer order.
type Consumer interface {
	// Record is called for every ECB firing that emitted a record.
	Record(h *Handle, r *consume.Record) error
	// Fault is called for every probe-time error.
	Fault(h *Handle, f *consume.Fault) error
}

// Consume waits up to wait for records, moving them from the ring
// buffer into the principal buffers (principal.go) as they arrive; an
// exit() record or Wake ends the wait early. Then it does what is due,
// as dtrace_work() does: each statusrate it reports the status's drops
// and learns whether exit() was called or, under the fill policy, a
// buffer filled; under the switch policy, each aggrate it reports the
// aggregation drops, and each switchrate it passes the buffers' records
// to c and reports their drops. Under the ring and fill policies nothing
// is consumed before Stop. It returns true once tracing should stop.
func (h *Handle) Consume(c Consumer, wait time.Duration) (bool, error) {
	if err := h.read(wait); err != nil {
		return false, err
	}
	now := time.Now()
	if h.lastStatus.due(now, h.Options.Rate("statusrate")) {
		if err := h.checkStatus(c); err != nil {
			return false, err
		}
	}
	if h.exiting || h.bufs.policy != policySwitch {
		// Stop consumes everything, whatever the rates.
		return h.exiting, nil
	}
	if h.lastAgg.due(now, h.Options.Rate("aggrate")) {
		if err := h.aggDrops(c); err != nil {
			return false, err
		}
	}
	if h.lastSwitch.due(now, h.Options.Rate("switchrate")) {
		if err := h.switchBuffers(c); err != nil {
			return false, err
		}
	}
	return h.exiting, nil
}

// Due returns how long until Consume has something due, as
// dtrace_sleep() computes it: the next status check and, under the
// switch policy, the next aggregation snapshot and buffer switch.
func (h *Handle) Due() time.Duration {
	d := time.Until(h.lastStatus.next(h.Options.Rate("statusrate")))
	if h.bufs.policy == policySwitch {
		d = min(d, time.Until(h.lastAgg.next(h.Options.Rate("aggrate"))),
			time.Until(h.lastSwitch.next(h.Options.Rate("switchrate"))))
	}
	return max(d, 0)
}

// Wake ends the wait of a Consume, from another goroutine: the command
// calls it when a signal arrives or a traced process exits, as DTrace's
// dtrace_sleep() wakes for process events.
func (h *Handle) Wake() { h.rd.Flush() }

// checkStatus checks the status, as dtrace_status() does: it reports the drop
// table's drops and learns whether tracing should stop, because exit()
// was called (the state is draining even if its record found no room)
// or, under the fill policy, a buffer is full.
func (h *Handle) checkStatus(c Consumer) error {
	if err := h.statusDrops(c); err != nil {
		return err
	}
	act, err := h.global(spec.GlobalActivity)
	if err != nil {
		return err
	}
	if spec.Activity(act) == spec.Draining || h.bufs.policy == policyFill && h.bufs.filled() {
		h.exiting = true
	}
	return nil
}

// read moves records from the ring buffer into the principal buffers
// until wait has passed (wait 0 takes what is there), an exit() record
// arrives, or Wake is called.
func (h *Handle) read(wait time.Duration) error {
	h.rd.SetDeadline(time.Now().Add(wait))
	for {
		// A new record each time: the principal buffers keep its data.
		var rec ringbuf.Record
		err := h.rd.ReadInto(&rec)
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return nil
		}
		if errors.Is(err, ringbuf.ErrFlushed) {
			if wait == 0 {
				continue // a Wake meant for an earlier wait
			}
			return nil
		}
		if err != nil {
			return fmt.Errorf("reading buffer: %w", err)
		}
		v, err := consume.Decode(h.prog, rec.RawSample)
		if err != nil {
			return err
		}
		if h.hold(v, len(rec.RawSample)) && wait > 0 {
			// exit() ends waiting; what follows is consumed by Stop.
			h.rd.SetDeadline(time.Now())
			wait = 0
		}
	}
}

// hold offers a decoded record of size bytes to its CPU's principal
// buffer, and reports whether exit() has been called: its record, once
// a buffer took it, gives the status and ends the wait.
func (h *Handle) hold(v any, size int) bool {
	switch v := v.(type) {
	case *consume.Record:
		if h.bufs.add(v.CPU, size, v) {
			h.noteExit(v)
		}
	case *consume.Fault:
		h.bufs.add(v.CPU, size, v)
	}
	if h.done {
		h.exiting = true
	}
	return h.done
}

// switchBuffers consumes what the principal buffers hold, in the order
// it arrived, then reports their drops per CPU, as dtrace_consume() does
// at each switch.
func (h *Handle) switchBuffers(c Consumer) error {
	held := h.bufs.take()
	for i, v := range held {
		var err error
		switch v := v.(type) {
		case *consume.Record:
			h.nextEPID = 0
			if i+1 < len(held) {
				if n, ok := held[i+1].(*consume.Record); ok {
					h.nextEPID = n.ECB.EPID
				}
			}
			err = h.deliver(c, v)
		case *consume.Fault:
			err = c.Fault(h, v)
		}
		if err != nil {
			return err
		}
	}
	return h.bufferDrops(c)
}

// probeOfEPID returns the ID of the probe of an enabling, 0 if unknown.
func (h *Handle) probeOfEPID(epid uint32) uint32 {
	if e := h.prog.ECB(epid); e != nil {
		return e.Probe.ID
	}
	return 0
}

// principalBuffers sets up the principal buffers from the bufpolicy and
// bufsize options. Under the fill policy the buffers keep room for END's
// records, which must fit in bufsize, as DTrace's dts_reserve.
func (h *Handle) principalBuffers() error {
	policy, err := parseBufPolicy(h.Options.String("bufpolicy"))
	if err != nil {
		return err
	}
	size := int(h.Options.Size("bufsize"))
	reserve := 0
	if policy == policyFill {
		for _, e := range h.prog.ECBs {
			if e.Record && e.Probe.Provider == "dtrace" && e.Probe.Name == dtraceprov.End {
				reserve += e.Size
			}
		}
		if reserve > size&^7 {
			return errors.New("END enablings exceed size of principal buffer")
		}
	}
	h.bufs = newPrincipal(policy, size, reserve)
	return nil
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

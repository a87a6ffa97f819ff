package dtrace

import (
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"time"

	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/internal/ring"
	"github.com/godtrace/godtrace/option"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/spec"
)

// Consumer receives what the probes produce, in buffer order.
type Consumer interface {
	// Record is called for every ECB firing that emitted a record. r
	// and its Data are valid only during the call: a Consumer that
	// keeps them copies what it keeps.
	Record(h *Handle, r *consume.Record) error
	// Fault is called for every probe-time error.
	Fault(h *Handle, f *consume.Fault) error
}

// Consume waits up to wait for records and moves them from the ring
// buffer into the principal buffers (principal.go) in one pass (see
// read); an exit() record or Wake ends the wait early. Then it does
// what is due, as dtrace_work() does: each statusrate it reports the
// status's drops and learns whether exit() was called or, under the
// fill policy, a buffer filled; under the switch policy, each aggrate it
// reports the aggregation drops, and after a pass that read records, or
// each switchrate if none came, it switches the buffers: passes their
// records to c and reports their drops. Under the ring and fill
// policies nothing is consumed before Stop. It returns true once
// tracing should stop.
func (h *Handle) Consume(c Consumer, wait time.Duration) (bool, error) {
	n, err := h.read(wait)
	if err != nil {
		return false, err
	}
	now := time.Now()
	if h.lastStatus.due(now, h.Options.Rate(option.StatusRate)) {
		if err := h.checkStatus(c); err != nil {
			return false, err
		}
	}
	if h.exiting || h.bufs.policy != policySwitch {
		// Stop consumes everything, whatever the rates.
		return h.exiting, nil
	}
	if h.lastAgg.due(now, h.Options.Rate(option.AggRate)) {
		if err := h.aggDrops(c); err != nil {
			return false, err
		}
	}
	if h.lastSwitch.due(now, h.Options.Rate(option.SwitchRate)) || n > 0 {
		if err := h.switchBuffers(c); err != nil {
			return false, err
		}
	}
	return h.exiting, nil
}

// Due returns how long until Consume has something due, as
// dtrace_sleep() computes it: the next status check and, under the
// switch policy, the next aggregation snapshot and buffer switch,
// rounded up (see wholeMillis).
func (h *Handle) Due() time.Duration {
	d := time.Until(h.lastStatus.next(h.Options.Rate(option.StatusRate)))
	if h.bufs.policy == policySwitch {
		d = min(d, time.Until(h.lastAgg.next(h.Options.Rate(option.AggRate))),
			time.Until(h.lastSwitch.next(h.Options.Rate(option.SwitchRate))))
	}
	return wholeMillis(d)
}

// wholeMillis lengthens the wait so that it does not end before the
// work is due. The ring buffer's reader waits in epoll_wait(2), whose
// timeout is in whole milliseconds, and it truncates what is left of the
// wait to them: a wait of 999.9 ms would end 0.9 ms early, and that
// remainder would be spent in a loop of zero-timeout waits, over a
// hundred system calls a second while idle. A wait rounded up to whole
// milliseconds, plus one for the time that passes before the reader
// truncates it, ends at most 2 ms late. A wait of 0 (work due now)
// stays 0.
func wholeMillis(d time.Duration) time.Duration {
	if d <= 0 {
		return 0
	}
	return (d + time.Millisecond - 1).Truncate(time.Millisecond) + time.Millisecond
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

// drainDelay is how long read lets a burst of records gather after the
// first one wakes it, before it takes what the ring holds. The probes
// wake the consumer only for a record that finds the ring empty
// (bpf_ringbuf_output's adaptive wake-up), so while records keep coming
// there is one wake-up per pass, not one per record: at most 50 a
// second however fast they come. The ring must hold what arrives in
// that time: 2.5 million small records a second (24 bytes each in the
// ring) fill 1.2 MiB of the default 4 MiB.
const drainDelay = 20 * time.Millisecond

// ringHeaderSize is the size of the kernel's header on each record in
// the ring (BPF_RINGBUF_HDR_SZ); records are padded to 8 bytes.
const ringHeaderSize = 8

// read moves records from the ring buffer into the principal buffers,
// in one pass, and returns how many it moved. If the ring is empty it
// first waits up to wait for a record (wait 0 takes what is there),
// then drainDelay more. A pass takes what the ring held when it began
// and no more, so that it ends even while the probes produce as fast as
// it reads. An exit() record or Wake ends the wait early.
func (h *Handle) read(wait time.Duration) (int, error) {
	n := 0
	if wait > 0 && h.rd.AvailableBytes() == 0 {
		deadline := time.Now().Add(wait)
		h.rd.SetDeadline(deadline)
		_, ok, err := h.readOne(true)
		if err != nil || !ok {
			return 0, err
		}
		n++
		if !h.done {
			time.Sleep(min(drainDelay, time.Until(deadline)))
		}
	}
	h.rd.SetDeadline(time.Now())
	for left := h.rd.AvailableBytes(); left > 0; {
		size, ok, err := h.readOne(false)
		if err != nil || !ok {
			return n, err
		}
		n++
		left -= ringHeaderSize + (size+7)&^7
	}
	return n, nil
}

// readOne moves the next record of the ring into its principal buffer
// and returns its size. ok is false if there was none before the
// reader's deadline or, when woken is true, before a Wake.
func (h *Handle) readOne(woken bool) (size int, ok bool, err error) {
	for {
		raw, err := h.rd.Read(h.arena.next())
		if errors.Is(err, os.ErrDeadlineExceeded) {
			return 0, false, nil
		}
		if errors.Is(err, ring.ErrFlushed) {
			if woken {
				return 0, false, nil
			}
			continue // a Wake meant for an earlier wait
		}
		if err != nil {
			return 0, false, fmt.Errorf("reading buffer: %w", err)
		}
		raw = h.arena.took(raw)
		v, err := h.dec.Decode(raw)
		if err != nil {
			return 0, false, err
		}
		h.hold(v, len(raw))
		return len(raw), true, nil
	}
}

// hold offers a decoded record of size bytes to its CPU's principal
// buffer. An exit() record, once a buffer took it, gives the status and
// sets h.done.
func (h *Handle) hold(v any, size int) {
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
			h.next = nil
			if i+1 < len(held) {
				if n, ok := held[i+1].(*consume.Record); ok {
					h.next = n.ECB
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
	h.dec.Reset()
	h.arena.reset()
	return h.bufferDrops(c)
}

// Next is the ECB of the record a Consumer is given after the one it is
// being given, nil if none is held yet: flowindent looks ahead at it,
// as DTrace's does.
func (h *Handle) Next() *spec.ECB { return h.next }

// principalBuffers sets up the principal buffers from the bufpolicy and
// bufsize options. Under the fill policy the buffers keep room for END's
// records, which must fit in bufsize, as DTrace's dts_reserve.
func (h *Handle) principalBuffers() error {
	policy, err := parseBufPolicy(h.Options.String(option.BufPolicy))
	if err != nil {
		return err
	}
	size := int(h.Options.Size(option.BufSize))
	reserve := 0
	if policy == policyFill {
		for _, e := range h.prog.ECBs {
			if e.Record && e.Probe.IsDtrace(provider.End) {
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

// noteExit records an exit() action's status. As in DTrace, the last
// exit() consumed sets it: an END clause's exit() overrides the one that
// ended tracing.
func (h *Handle) noteExit(r *consume.Record) {
	for i := range r.ECB.Actions {
		a := &r.ECB.Actions[i]
		if a.Kind == abi.ActExit && a.Ran(r.Data) {
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

package main

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"strconv"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/ringbuf"
)

// consume drains the ring buffer every interval until stop, then once
// more, and prints the events read, the drops the program counted and
// the events per second over the run. The program never wakes the
// consumer: a wake-up per event is what makes a streaming tracer slow
// down the thread it traces.
func consume(rb, drops *ebpf.Map, stop <-chan struct{}, start time.Time, interval time.Duration, lines bool) error {
	rd, err := ringbuf.NewReader(rb)
	if err != nil {
		return err
	}
	defer rd.Close()
	out := bufio.NewWriterSize(os.Stdout, 64<<10)
	var events uint64
	var rec ringbuf.Record
	var line []byte
	drain := func() error {
		// A deadline already past makes ReadInto return every record
		// in the ring, then os.ErrDeadlineExceeded, without sleeping.
		rd.SetDeadline(time.Now())
		for {
			err := rd.ReadInto(&rec)
			if errors.Is(err, os.ErrDeadlineExceeded) {
				return nil
			}
			if err != nil {
				return err
			}
			events++
			if lines && len(rec.RawSample) >= recordSize {
				line = strconv.AppendUint(line[:0], binary.NativeEndian.Uint64(rec.RawSample[8:]), 10)
				out.Write(append(line, '\n'))
			}
		}
	}
	tick := time.NewTicker(interval)
	defer tick.Stop()
	for done := false; !done; {
		select {
		case <-stop:
			done = true
		case <-tick.C:
		}
		if err := drain(); err != nil {
			return err
		}
	}
	secs := time.Since(start).Seconds()
	if err := out.Flush(); err != nil {
		return err
	}
	lost, err := sumSlot(drops)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "events %d lost %d seconds %.3f events/s %.0f\n", events, lost, secs, float64(events)/secs)
	return nil
}

package dtrace

import (
	"context"
)

// ProcessReporter is a Consumer that is told when a target process (see
// CreateProcess and GrabProcess) exits, as dtrace(1) reports it
// ("dtrace: pid 1234 has exited").
type ProcessReporter interface {
	ProcessExited(p *Process) error
}

// Flusher is a Consumer that buffers its output: Run flushes it after
// each piece of work, as dtrace(1) flushes its output.
type Flusher interface {
	Flush() error
}

// Run consumes what the enabled program records until it calls exit(),
// ctx is done, or every target process has exited, and then stops
// tracing as Stop does: END fires and the last records and drops are
// consumed. Between pieces of work it sleeps until one is due (the
// status, aggregation and switch rates), as dtrace_sleep() does; ctx
// ending or a target exiting wakes it at once. It does not print the
// aggregations that remain (output.Printer.PrintAggregations does).
//
// The caller turns signals into ctx's end: dtrace(1) stops at its
// first SIGINT or SIGTERM.
func (h *Handle) Run(ctx context.Context, c Consumer) error {
	quit := make(chan struct{})
	defer close(quit)
	go func() {
		select {
		case <-ctx.Done():
			h.Wake()
		case <-quit:
		}
	}()
	left := append([]*Process(nil), h.targets...)
	for _, pr := range left {
		go func() {
			select {
			case <-pr.Exited():
				h.Wake()
			case <-quit:
			}
		}()
	}
	for {
		done, err := h.Consume(c, h.Due())
		if err != nil {
			return err
		}
		if done {
			break
		}
		if f, ok := c.(Flusher); ok {
			if err := f.Flush(); err != nil {
				return err
			}
		}
		all, err := exited(left, c)
		if err != nil {
			return err
		}
		if all || ctx.Err() != nil {
			break
		}
	}
	return h.Stop(c)
}

// exited reports the processes of procs that have exited since the
// last call to c, removing them, and whether all have (false when there
// were none).
func exited(procs []*Process, c Consumer) (bool, error) {
	n, gone := 0, 0
	for i, pr := range procs {
		if pr == nil {
			gone++
			continue
		}
		n++
		select {
		case <-pr.Exited():
			procs[i] = nil
			gone++
			if r, ok := c.(ProcessReporter); ok {
				if err := r.ProcessExited(pr); err != nil {
					return false, err
				}
			}
		default:
		}
	}
	return len(procs) > 0 && gone == len(procs), nil
}

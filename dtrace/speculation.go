package dtrace

import (
	"fmt"
	"time"

	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/spec"
)

// DropHandler is implemented by a Consumer that is told of drops as
// DTrace's drop handler is: the failed speculations and speculative
// drops since the last report, at the status rate and when tracing
// stops. The message is DTrace's, without "dtrace: " and the newline.
type DropHandler interface {
	Drop(h *Handle, msg string) error
}

// specStatus is what the consumer knows of speculations: the records it
// holds, and what it last reported.
type specStatus struct {
	held           *consume.Speculations
	last           time.Time // of the last status report
	unavail, drops uint64    // reported so far
}

// deliver passes a record to c. A speculative record is held until its
// speculation is committed, and a commit() passes on what it commits.
func (h *Handle) deliver(c Consumer, r *consume.Record) error {
	recs := []*consume.Record{r}
	if s := h.speculations(); s != nil {
		recs = s.held.Route(r)
	}
	for _, x := range recs {
		h.noteExit(x)
		if err := c.Record(h, x); err != nil {
			return err
		}
	}
	return nil
}

// speculations returns the consumer's speculation state, nil for a
// program without speculations.
func (h *Handle) speculations() *specStatus {
	if h.specs == nil && h.prog.Maps[spec.MapSpecs] != nil {
		h.specs = &specStatus{held: &consume.Speculations{Size: int(h.Options.Size("specsize"))}}
	}
	return h.specs
}

// statusDrops reports drops, as dtrace_status() does: once per statusrate
// while tracing, and always once stopped (force).
func (h *Handle) statusDrops(c Consumer, force bool) error {
	s := h.speculations()
	if s == nil {
		return nil
	}
	now := time.Now()
	if !force && !s.last.IsZero() && now.Sub(s.last) < h.Options.Rate("statusrate") {
		return nil
	}
	s.last = now
	d, ok := c.(DropHandler)
	if !ok {
		return nil
	}
	unavail, err := h.failedSpeculations()
	if err != nil {
		return err
	}
	// In the order of DTrace's drop table: speculative drops, then
	// failed speculations.
	if n := s.held.Drops - s.drops; n > 0 {
		s.drops = s.held.Drops
		if err := d.Drop(h, fmt.Sprintf("%d speculative drop%s", n, plural(n))); err != nil {
			return err
		}
	}
	if n := unavail - s.unavail; n > 0 {
		s.unavail = unavail
		return d.Drop(h, fmt.Sprintf("%d failed speculation%s (no speculative buffer available)", n, plural(n)))
	}
	return nil
}

// failedSpeculations returns how many speculation() calls found no
// speculation free.
func (h *Handle) failedSpeculations() (uint64, error) {
	mm, err := h.objs.Map(spec.MapSpecs).Memory()
	if err != nil {
		return 0, fmt.Errorf("mapping speculations: %w", err)
	}
	var b [8]byte
	if _, err := mm.ReadAt(b[:], spec.SpecUnavail); err != nil {
		return 0, fmt.Errorf("reading speculations: %w", err)
	}
	return le64(b[:]), nil
}

func plural(n uint64) string {
	if n == 1 {
		return ""
	}
	return "s"
}

// onlyEndsSpeculations reports whether an ECB's actions record nothing
// but the ending of speculations: DTrace gives such a clause no record
// (dtrace_ecb_resize()), so it prints nothing. A clause whose one action
// is speculate() does record, speculatively: its probe.
func onlyEndsSpeculations(ecb *spec.ECB) bool {
	if len(ecb.Actions) == 0 || len(ecb.Actions) == 1 && ecb.Actions[0].Kind == spec.ActSpeculate {
		return false
	}
	for _, a := range ecb.Actions {
		switch a.Kind {
		case spec.ActSpeculate, spec.ActCommit, spec.ActDiscard:
		default:
			return false
		}
	}
	return true
}

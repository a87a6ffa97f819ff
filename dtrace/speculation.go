package dtrace

import (
	"fmt"

	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/option"
	"github.com/godtrace/godtrace/spec"
)

// specStatus is what the consumer knows of speculations: the records it
// holds.
type specStatus struct {
	held *consume.Speculations
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
		if onlyEndsSpeculations(x.ECB) {
			continue
		}
		if err := c.Record(h, x); err != nil {
			return err
		}
	}
	return nil
}

// speculations returns the consumer's speculation state, nil for a
// program without speculations.
func (h *Handle) speculations() *specStatus {
	if h.specs == nil && h.prog.Maps[spec.MapSpeculations] != nil {
		h.specs = &specStatus{held: &consume.Speculations{Size: int(h.Options.Size(option.SpecSize))}}
	}
	return h.specs
}

// failedSpeculations returns how many speculation() calls found no
// speculation free.
func (h *Handle) failedSpeculations() (uint64, error) {
	mm, err := h.objs.Map(spec.MapSpeculations).Memory()
	if err != nil {
		return 0, fmt.Errorf("mapping speculations: %w", err)
	}
	var b [8]byte
	if _, err := mm.ReadAt(b[:], spec.SpeculationUnavail); err != nil {
		return 0, fmt.Errorf("reading speculations: %w", err)
	}
	return le64(b[:]), nil
}

// onlyEndsSpeculations reports whether an ECB's actions record nothing
// but the ending of speculations: DTrace gives such a clause no record
// (dtrace_ecb_resize()), so a Consumer is not given it. A clause whose one action
// is speculate() does record, speculatively: its probe.
func onlyEndsSpeculations(ecb *spec.ECB) bool {
	if len(ecb.Actions) == 0 || len(ecb.Actions) == 1 && ecb.Actions[0].Kind == abi.ActSpeculate {
		return false
	}
	for _, a := range ecb.Actions {
		switch a.Kind {
		case abi.ActSpeculate, abi.ActCommit, abi.ActDiscard:
		default:
			return false
		}
	}
	return true
}

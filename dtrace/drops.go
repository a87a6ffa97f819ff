package dtrace

import (
	"fmt"
	"time"
)

// DropHandler is implemented by a Consumer that is told of drops as
// DTrace's drop handler is: what each drop counter gained since the last
// report, at the status rate while tracing and once more when tracing
// stops. The message is DTrace's, without "dtrace: " and the newline.
type DropHandler interface {
	Drop(h *Handle, msg string) error
}

// dropKind names a drop counter the status report covers, in the order
// of DTrace's drop table (dt_handle.c), which is the order of the
// report. The table's other rows cannot happen here: dynamic variables
// have no dirty or rinsing lists (a full map simply refuses), a
// speculation is never busy (see compile/speculation.go), and no string
// table is built for ustack(). A fault in an ERROR clause is reported as
// it is consumed (Printer.Fault). Aggregation drops, which DTrace reports
// per CPU when it snapshots the aggregations, come last, as that
// snapshot follows the status in dtrace_work().
type dropKind int

const (
	dropDynamic     dropKind = iota // a store found the dynamic variable space full
	dropSpeculative                 // a speculative record exceeded specsize
	dropSpecUnavail                 // speculation() found no speculation free
	dropAggregation                 // an aggregation's map was full
	numDropKinds
)

// dropWords are DTrace's words for each kind: the noun, pluralized by
// count, and what follows it.
var dropWords = [numDropKinds]struct{ noun, suffix string }{
	dropDynamic:     {"dynamic variable drop", ""},
	dropSpeculative: {"speculative drop", ""},
	dropSpecUnavail: {"failed speculation", " (no speculative buffer available)"},
	dropAggregation: {"aggregation drop", ""},
}

// dropStatus is what the consumer last reported of the drop counters.
type dropStatus struct {
	last     time.Time // of the last status report
	reported [numDropKinds]uint64
}

// statusDrops reports drops, as dtrace_status() does: once per statusrate
// while tracing, and always once stopped (force).
func (h *Handle) statusDrops(c Consumer, force bool) error {
	s := &h.drops
	now := time.Now()
	if !force && !s.last.IsZero() && now.Sub(s.last) < h.Options.Rate("statusrate") {
		return nil
	}
	s.last = now
	d, ok := c.(DropHandler)
	if !ok {
		return nil
	}
	counts, err := h.dropCounts()
	if err != nil {
		return err
	}
	for _, msg := range s.since(counts) {
		if err := d.Drop(h, msg); err != nil {
			return err
		}
	}
	return nil
}

// since returns the messages for what each counter gained since the
// last report, given their totals, and remembers the totals.
func (s *dropStatus) since(counts [numDropKinds]uint64) []string {
	var msgs []string
	for k, total := range counts {
		n := total - s.reported[k]
		if n == 0 {
			continue
		}
		s.reported[k] = total
		w := dropWords[k]
		msgs = append(msgs, fmt.Sprintf("%d %s%s%s", n, w.noun, plural(n), w.suffix))
	}
	return msgs
}

// dropCounts reads every drop counter's total so far.
func (h *Handle) dropCounts() ([numDropKinds]uint64, error) {
	var counts [numDropKinds]uint64
	agg, dyn, err := h.Drops()
	if err != nil {
		return counts, err
	}
	counts[dropDynamic], counts[dropAggregation] = dyn, agg
	if s := h.speculations(); s != nil {
		unavail, err := h.failedSpeculations()
		if err != nil {
			return counts, err
		}
		counts[dropSpeculative], counts[dropSpecUnavail] = s.held.Drops, unavail
	}
	return counts, nil
}

func plural(n uint64) string {
	if n == 1 {
		return ""
	}
	return "s"
}

package dtrace

import (
	"fmt"
	"time"

	"github.com/godtrace/godtrace/spec"
)

// DropHandler is implemented by a Consumer that is told of drops as
// DTrace's drop handler is: what each drop counter gained since the last
// report. The message is DTrace's, without "dtrace: " and the newline.
type DropHandler interface {
	Drop(h *Handle, msg string) error
}

// dropKind names a drop counter the status report covers, in the order
// of DTrace's drop table (dt_handle.c), which is the order of the
// report. The table's other rows cannot happen here: dynamic variables
// have no dirty or rinsing lists (a full map simply refuses), a
// speculation is never busy (see compile/speculation.go), and no string
// table is built for ustack(). A fault in an ERROR clause is reported as
// it is consumed (Printer.Fault). Aggregation drops are not in the
// table: DTrace reports them per CPU (cpuDrops) when it snapshots the
// aggregations, which follows the status in dtrace_work(); so are the
// principal buffer's drops, after the records consumed.
type dropKind int

const (
	dropDynamic     dropKind = iota // a store found the dynamic variable space full
	dropSpeculative                 // a speculative record exceeded specsize
	dropSpecUnavail                 // speculation() found no speculation free
	dropAggregation                 // an aggregation's map was full (per CPU)
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
	reported [numDropKinds]uint64
	// The per-CPU counters of the kernel: records the ring buffer had
	// no room for, and aggregation updates that found a map full.
	bufReported, aggReported []uint64
	lost                     []uint64 // per CPU, every record reported dropped
}

// interval is one of the consumer's rates (statusrate, aggrate,
// switchrate), kept as DTrace keeps its dt_laststatus and the like: the
// first check is due at once, and each later one an interval after the
// time the previous one was due.
type interval struct{ last time.Time }

// due reports whether the interval every has passed at now, and if so
// starts the next one.
func (iv *interval) due(now time.Time, every time.Duration) bool {
	if iv.last.IsZero() {
		iv.last = now
		return true
	}
	if now.Sub(iv.last) < every {
		return false
	}
	iv.last = iv.last.Add(every)
	return true
}

// next is when the interval every is next due.
func (iv *interval) next(every time.Duration) time.Time { return iv.last.Add(every) }

// statusDrops reports the drop table's counters, as dtrace_status() does.
func (h *Handle) statusDrops(c Consumer) error {
	counts, err := h.dropCounts()
	if err != nil {
		return err
	}
	return report(h, c, h.drops.since(counts))
}

// aggDrops reports, per CPU, the aggregation updates that found their
// map full since the last report, as DTrace does when it snapshots the
// aggregations (dt_aggregate_snap_cpu).
func (h *Handle) aggDrops(c Consumer) error {
	per, err := h.cpuCounters(spec.DropsAgg)
	if err != nil {
		return err
	}
	return report(h, c, cpuDrops(dropWords[dropAggregation].noun, gained(&h.drops.aggReported, per)))
}

// bufferDrops reports, per CPU, the records that found no room since
// the last report: in the principal buffer, or before that in the ring
// buffer that carries them. DTrace reports these after the records it
// consumed from the CPU's buffer (dt_consume_cpu).
func (h *Handle) bufferDrops(c Consumer) error {
	per, err := h.cpuCounters(spec.DropsBuf)
	if err != nil {
		return err
	}
	n := gained(&h.drops.bufReported, per)
	for cpu, d := range h.bufs.takeDrops() {
		for len(n) <= cpu {
			n = append(n, 0)
		}
		n[cpu] += d
	}
	for len(h.drops.lost) < len(n) {
		h.drops.lost = append(h.drops.lost, 0)
	}
	for cpu, d := range n {
		h.drops.lost[cpu] += d
	}
	return report(h, c, cpuDrops("drop", n))
}

// BufferDrops returns, per CPU, how many records were reported dropped
// so far (see bufferDrops).
func (h *Handle) BufferDrops() ([]uint64, error) {
	return append([]uint64(nil), h.drops.lost...), nil
}

func report(h *Handle, c Consumer, msgs []string) error {
	d, ok := c.(DropHandler)
	if !ok {
		return nil
	}
	for _, msg := range msgs {
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

// gained returns what each CPU's counter gained since *reported, given
// the totals, and remembers the totals.
func gained(reported *[]uint64, totals []uint64) []uint64 {
	n := make([]uint64, len(totals))
	for cpu, t := range totals {
		if cpu < len(*reported) {
			n[cpu] = t - (*reported)[cpu]
		} else {
			n[cpu] = t
		}
	}
	*reported = totals
	return n
}

// cpuDrops words per-CPU drop counts as dt_handle_cpudrop() does: "N
// drops on CPU C" or "N aggregation drops on CPU C", given the noun.
func cpuDrops(noun string, per []uint64) []string {
	var msgs []string
	for cpu, n := range per {
		if n > 0 {
			msgs = append(msgs, fmt.Sprintf("%d %s%s on CPU %d", n, noun, plural(n), cpu))
		}
	}
	return msgs
}

// dropCounts reads every drop counter's total so far.
func (h *Handle) dropCounts() ([numDropKinds]uint64, error) {
	var counts [numDropKinds]uint64
	dyn, err := h.global(spec.GlobalDynDrops)
	if err != nil {
		return counts, err
	}
	counts[dropDynamic] = dyn
	if s := h.speculations(); s != nil {
		unavail, err := h.failedSpeculations()
		if err != nil {
			return counts, err
		}
		counts[dropSpeculative], counts[dropSpecUnavail] = s.held.Drops, unavail
	}
	return counts, nil
}

// cpuCounters reads, for every CPU, the counter at offset off of its
// value in the drops map, mapped into memory: the check made at every
// wake-up costs no system call (reading the counters from the per-CPU
// scratch value copied all of it, 16 KiB a CPU, twice a wake-up).
func (h *Handle) cpuCounters(off int) ([]uint64, error) {
	m := h.objs.Map(spec.MapDrops)
	mm, err := m.Memory()
	if err != nil {
		return nil, fmt.Errorf("mapping drop counts: %w", err)
	}
	out := make([]uint64, m.MaxEntries())
	var b [8]byte
	for cpu := range out {
		if _, err := mm.ReadAt(b[:], int64(cpu*spec.DropsSize+off)); err != nil {
			return nil, fmt.Errorf("reading drop counts: %w", err)
		}
		out[cpu] = le64(b[:])
	}
	return out, nil
}

func plural(n uint64) string {
	if n == 1 {
		return ""
	}
	return "s"
}

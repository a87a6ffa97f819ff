package dtrace

import (
	"fmt"
	"time"

	"github.com/godtrace/godtrace/spec"
)

// DropHandler is implemented by a Consumer that is told of drops as
// DTrace's drop handler is: what each drop counter gained since the last
// report.
type DropHandler interface {
	Drop(h *Handle, d Drop) error
}

// Drop is a count of things lost since the last report of its kind.
type Drop struct {
	Kind  DropKind
	Count uint64
	// CPU is the CPU the drops happened on, for the kinds DTrace
	// counts per CPU (buffer and aggregation drops), else -1.
	CPU int
}

// String is DTrace's message for the drop, without "dtrace: " and the
// newline: "5 dynamic variable drops", "1 drop on CPU 0".
func (d Drop) String() string {
	w := dropWords[d.Kind]
	s := fmt.Sprintf("%d %s%s%s", d.Count, w.noun, plural(d.Count), w.suffix)
	if d.CPU >= 0 {
		s += fmt.Sprintf(" on CPU %d", d.CPU)
	}
	return s
}

// DropKind says what was lost. The status reports the kinds up to
// DropAggregation in the order of DTrace's drop table (dt_handle.c),
// which is the order of the report. The table's other rows cannot
// happen here: dynamic variables have no dirty or rinsing lists (a full
// map simply refuses), a speculation is never busy (see
// compile/speculation.go), and no string table is built for ustack().
// Aggregation drops are not in the table: DTrace reports them per CPU
// when it snapshots the aggregations, which follows the status in
// dtrace_work(); so are the principal buffer's drops, after the records
// consumed. A fault in an ERROR clause is a DropError, which the
// Consumer reports as it consumes the fault, as DTrace counts it
// (dtst_dblerrors).
type DropKind int

const (
	DropDynamic     DropKind = iota // a store found the dynamic variable space full
	DropSpeculative                 // a speculative record exceeded specsize
	DropSpecUnavail                 // speculation() found no speculation free
	DropAggregation                 // an aggregation's map was full (per CPU)
	DropBuffer                      // a record found no room in the buffers (per CPU)
	DropError                       // a fault in an ERROR clause
	numDropKinds

	numStatusDrops = DropAggregation // the kinds the status reports
)

// dropWords are DTrace's words for each kind: the noun, pluralized by
// count, and what follows it.
var dropWords = [numDropKinds]struct{ noun, suffix string }{
	DropDynamic:     {"dynamic variable drop", ""},
	DropSpeculative: {"speculative drop", ""},
	DropSpecUnavail: {"failed speculation", " (no speculative buffer available)"},
	DropAggregation: {"aggregation drop", ""},
	DropBuffer:      {"drop", ""},
	DropError:       {"error", " in ERROR probe enabling"},
}

// dropNames are the kinds' names in the JSON output (docs/json.md).
var dropNames = [numDropKinds]string{
	DropDynamic: "dynamic", DropSpeculative: "speculative", DropSpecUnavail: "speculation",
	DropAggregation: "aggregation", DropBuffer: "buffer", DropError: "error",
}

// String names the kind in one word, as the JSON output does.
func (k DropKind) String() string {
	if k < 0 || k >= numDropKinds {
		return "other"
	}
	return dropNames[k]
}

// dropStatus is what the consumer last reported of the drop counters.
type dropStatus struct {
	reported [numStatusDrops]uint64
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
	return report(h, c, cpuDrops(DropAggregation, gained(&h.drops.aggReported, per)))
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
	return report(h, c, cpuDrops(DropBuffer, n))
}

// BufferDrops returns, per CPU, how many records were reported dropped
// so far (see bufferDrops).
func (h *Handle) BufferDrops() ([]uint64, error) {
	return append([]uint64(nil), h.drops.lost...), nil
}

func report(h *Handle, c Consumer, drops []Drop) error {
	dh, ok := c.(DropHandler)
	if !ok {
		return nil
	}
	for _, d := range drops {
		if err := dh.Drop(h, d); err != nil {
			return err
		}
	}
	return nil
}

// since returns what each counter gained since the last report, given
// their totals, and remembers the totals.
func (s *dropStatus) since(counts [numStatusDrops]uint64) []Drop {
	var drops []Drop
	for k, total := range counts {
		n := total - s.reported[k]
		if n == 0 {
			continue
		}
		s.reported[k] = total
		drops = append(drops, Drop{Kind: DropKind(k), Count: n, CPU: -1})
	}
	return drops
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

// cpuDrops are the per-CPU drops of a kind, one for each CPU that had
// any, as dt_handle_cpudrop() reports them.
func cpuDrops(kind DropKind, per []uint64) []Drop {
	var drops []Drop
	for cpu, n := range per {
		if n > 0 {
			drops = append(drops, Drop{Kind: kind, Count: n, CPU: cpu})
		}
	}
	return drops
}

// dropCounts reads every drop counter's total so far.
func (h *Handle) dropCounts() ([numStatusDrops]uint64, error) {
	var counts [numStatusDrops]uint64
	dyn, err := h.global(spec.GlobalDynDrops)
	if err != nil {
		return counts, err
	}
	counts[DropDynamic] = dyn
	if s := h.speculations(); s != nil {
		unavail, err := h.failedSpeculations()
		if err != nil {
			return counts, err
		}
		counts[DropSpeculative], counts[DropSpecUnavail] = s.held.Drops, unavail
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

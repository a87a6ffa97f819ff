package dtrace

import "fmt"

// DTrace gives each CPU a principal buffer of bufsize bytes, and the
// bufpolicy option says what happens when one is full. godtrace's probes
// write into one BPF ring buffer shared by all CPUs, which the consumer
// drains in passes (Handle.read): the kernel ring is only the
// transport. The principal buffers are modelled here, on the consumer's
// side, so that bufsize and bufpolicy mean what they mean in DTrace
// (the Dynamic Tracing Guide, "Buffers and Buffering"):
//
//   - switch: a CPU's buffer holds what it produced since the last
//     switch; a record that does not fit is dropped and counted, and the
//     drops are reported after the switch's records. The consumer
//     switches after every pass that read records, as Oracle's DTrace
//     consumes its per-CPU perf buffers whenever it is woken, and at
//     the latest each switchrate: a buffer fills only when a CPU
//     produces more than bufsize within one pass, about 20 ms, where
//     illumos switches once a second. So the default 4 MiB streams
//     millions of small records a second without loss.
//   - fill: a CPU's buffer takes records until one does not fit in
//     bufsize less the room kept for END (the sum of END's record
//     sizes); then it is full and takes nothing more, and the consumer
//     stops tracing at the next status check, as if exit() had been
//     called. END's records may use the kept room. Nothing is printed
//     before tracing stops.
//   - ring: a CPU's buffer keeps the newest bufsize bytes of records,
//     the oldest overwritten; it is printed when tracing stops.
//
// A record's size is its size in the ring (spec.ECB.Size, header
// included), which is not the size DTrace's record would have, so the
// counts of records that fit are close to DTrace's, not equal.

// bufPolicy is the bufpolicy option.
type bufPolicy int

const (
	policySwitch bufPolicy = iota
	policyFill
	policyRing
)

func parseBufPolicy(s string) (bufPolicy, error) {
	switch s {
	case "switch":
		return policySwitch, nil
	case "fill":
		return policyFill, nil
	case "ring":
		return policyRing, nil
	}
	return 0, fmt.Errorf("invalid bufpolicy %q", s)
}

// principal is the set of per-CPU principal buffers. What they hold is
// kept in one list in arrival order, so that consuming it needs no
// merge of the CPUs' lists: the ring buffer gives the records in the
// order they were written.
type principal struct {
	policy  bufPolicy
	size    int // bufsize, 8-byte aligned as DTrace aligns it
	reserve int // fill: room kept for END's records
	// cooldown is set while END fires: its records may use the room
	// kept for them, even in a full buffer (DTrace's
	// DTRACE_ACTIVITY_COOLDOWN).
	cooldown bool
	held     []heldRecord // every CPU's records, oldest first
	out      []any        // what take returned last, reused
	dead     int          // ring: records of held overwritten
	cpus     []*cpuBuffer
}

type cpuBuffer struct {
	used  int
	full  bool   // fill: the buffer took its last record
	drops uint64 // records dropped since the drops were last taken
	// ring: the indexes in held of this CPU's records, oldest first.
	ring []int
}

// heldRecord is a *consume.Record or *consume.Fault waiting to be
// consumed, with its size and CPU; v is nil once overwritten.
type heldRecord struct {
	cpu, size int
	v         any
}

func newPrincipal(policy bufPolicy, bufsize, reserve int) *principal {
	return &principal{policy: policy, size: bufsize &^ 7, reserve: reserve}
}

func (p *principal) cpu(c int) *cpuBuffer {
	for len(p.cpus) <= c {
		p.cpus = append(p.cpus, &cpuBuffer{})
	}
	return p.cpus[c]
}

// add offers a record of size bytes produced on CPU c, and reports
// whether the buffer took it.
func (p *principal) add(c, size int, v any) bool {
	b := p.cpu(c)
	switch p.policy {
	case policyFill:
		limit := p.size - p.reserve
		if p.cooldown {
			limit = p.size
		} else if b.full {
			return false
		}
		if b.used+size > limit {
			// DTrace marks the buffer full without counting a drop.
			b.full = true
			return false
		}
	case policyRing:
		if size > p.size {
			b.drops++
			return false
		}
		for b.used+size > p.size {
			old := &p.held[b.ring[0]]
			b.ring = b.ring[1:]
			b.used -= old.size
			old.v = nil
			p.dead++
		}
		b.ring = append(b.ring, len(p.held))
	default:
		if b.used+size > p.size {
			b.drops++
			return false
		}
	}
	p.held = append(p.held, heldRecord{cpu: c, size: size, v: v})
	b.used += size
	if p.dead > len(p.held)/2 {
		p.compact()
	}
	return true
}

// compact drops the overwritten records from held, which under the ring
// policy would otherwise grow for as long as tracing runs.
func (p *principal) compact() {
	for _, b := range p.cpus {
		b.ring = b.ring[:0]
	}
	n := 0
	for _, h := range p.held {
		if h.v != nil {
			p.cpus[h.cpu].ring = append(p.cpus[h.cpu].ring, n)
			p.held[n] = h
			n++
		}
	}
	clear(p.held[n:])
	p.held, p.dead = p.held[:n], 0
}

// filled reports whether some CPU's buffer is full (fill policy).
func (p *principal) filled() bool {
	for _, b := range p.cpus {
		if b.full {
			return true
		}
	}
	return false
}

// take empties the buffers, returning what they held in arrival order,
// in a slice that is valid until the next take. A full buffer stays
// full: under the fill policy it is taken once, when tracing has
// stopped.
func (p *principal) take() []any {
	clear(p.out)
	p.out = p.out[:0]
	for _, h := range p.held {
		if h.v != nil {
			p.out = append(p.out, h.v)
		}
	}
	clear(p.held)
	p.held, p.dead = p.held[:0], 0
	for _, b := range p.cpus {
		b.used, b.ring = 0, b.ring[:0]
	}
	return p.out
}

// takeDrops returns, per CPU, the records dropped since the last call.
func (p *principal) takeDrops() []uint64 {
	out := make([]uint64, len(p.cpus))
	for i, b := range p.cpus {
		out[i], b.drops = b.drops, 0
	}
	return out
}

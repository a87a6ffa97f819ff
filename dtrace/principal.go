package dtrace

import (
	"cmp"
	"fmt"
	"slices"
)

// DTrace gives each CPU a principal buffer of bufsize bytes, and the
// bufpolicy option says what happens when one is full. godtrace's probes
// write into one BPF ring buffer shared by all CPUs, which the consumer
// drains as records arrive: the kernel ring is only the transport. The
// principal buffers are modelled here, on the consumer's side, so that
// bufsize and bufpolicy mean what they mean in DTrace (the Dynamic
// Tracing Guide, "Buffers and Buffering"):
//
//   - switch: a CPU's buffer holds what arrived since the last switch
//     (switchrate); a record that does not fit is dropped and counted,
//     and the drops are reported after the switch's records.
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

// principal is the set of per-CPU principal buffers.
type principal struct {
	policy  bufPolicy
	size    int // bufsize, 8-byte aligned as DTrace aligns it
	reserve int // fill: room kept for END's records
	// cooldown is set while END fires: its records may use the room
	// kept for them, even in a full buffer (DTrace's
	// DTRACE_ACTIVITY_COOLDOWN).
	cooldown bool
	seq      uint64 // arrival order across CPUs
	cpus     []*cpuBuffer
}

type cpuBuffer struct {
	held  []heldRecord // oldest first
	used  int
	full  bool   // fill: the buffer took its last record
	drops uint64 // records dropped since the drops were last taken
}

// heldRecord is a *consume.Record or *consume.Fault waiting to be
// consumed, with its size and place in arrival order.
type heldRecord struct {
	seq  uint64
	size int
	v    any
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
			b.used -= b.held[0].size
			b.held = b.held[1:]
		}
	default:
		if b.used+size > p.size {
			b.drops++
			return false
		}
	}
	p.seq++
	b.held = append(b.held, heldRecord{seq: p.seq, size: size, v: v})
	b.used += size
	return true
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

// take empties the buffers, returning what they held in arrival order.
// A full buffer stays full: under the fill policy it is taken once,
// when tracing has stopped.
func (p *principal) take() []any {
	var all []heldRecord
	for _, b := range p.cpus {
		all = append(all, b.held...)
		b.held, b.used = nil, 0
	}
	slices.SortFunc(all, func(x, y heldRecord) int { return cmp.Compare(x.seq, y.seq) })
	out := make([]any, len(all))
	for i, h := range all {
		out[i] = h.v
	}
	return out
}

// takeDrops returns, per CPU, the records dropped since the last call.
func (p *principal) takeDrops() []uint64 {
	out := make([]uint64, len(p.cpus))
	for i, b := range p.cpus {
		out[i], b.drops = b.drops, 0
	}
	return out
}

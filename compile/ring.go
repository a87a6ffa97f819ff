package compile

import (
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/spec"
)

// ringHeader is the kernel's header on each record in the ring buffer
// (BPF_RINGBUF_HDR_SZ); a record takes its size plus the header, rounded
// up to 8.
const ringHeader = 8

// faultRecord is the size of a fault record (see faultHandler).
const faultRecord = 32

// ringSize is the ring buffer's size: bufsize rounded up to a power of
// two, or less when every enabled probe is the dtrace provider's.
// Those fire only when the consumer runs them (BEGIN, END; ERROR from
// their clauses), one at a time, the ring drained before each, so the
// ring need only hold what one firing can write: nothing DTrace would
// keep is lost, and BEGIN { exit(0); } does not make, zero and map
// 4 MiB of ring (a millisecond, and that much resident memory).
func (c *compiler) ringSize() int {
	size := min(c.cfg.BufSize, maxRing)
	errorRoom := 0 // the most ERROR's clauses write after a fault
	for _, e := range c.prog.ECBs {
		if !e.Probe.IsDtrace("") {
			return pow2(size)
		}
		if e.Probe.IsDtrace(provider.Error) {
			// ERROR never fires for a fault of its own clauses.
			errorRoom += max(recordRoom(e), ringHeader+faultRecord)
		}
	}
	firing := map[string]int{} // the most a firing of BEGIN or END writes
	for _, e := range c.prog.ECBs {
		if !e.Probe.IsDtrace(provider.Error) {
			// A clause writes its record, or faults: a fault record
			// in its place, then what the ERROR clauses write.
			firing[e.Probe.Name] += max(recordRoom(e), ringHeader+faultRecord+errorRoom)
		}
	}
	need := 0
	for _, n := range firing {
		need = max(need, n)
	}
	return pow2(min(size, need))
}

// recordRoom is the room e's record takes in the ring, 0 if its clause
// records nothing.
func recordRoom(e *spec.ECB) int {
	if !e.Record {
		return 0
	}
	return ringHeader + roundUp(e.Size, 8)
}

package compile

import (
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/lang/tag"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/spec"
)

// The kernel's limits on one program that D source can reach. Past them
// the verifier, or the BPF library assembling the program, refused it
// with text about instructions; these checks refuse it at compile time
// with the limit and the clause's line instead.
const (
	// maxSubprograms is BPF_MAX_SUBPROGS: the most functions one
	// program may have, itself included.
	maxSubprograms = 256
	// maxUsedMaps is MAX_USED_MAPS: the most maps one program may use.
	maxUsedMaps = 64
	// A jump's offset is a signed 16-bit count of instruction slots.
	minJump, maxJump = -1 << 15, 1<<15 - 1
)

// checkSubprograms refuses a probe whose program would have more
// functions than the kernel allows: the trampoline, a function per
// clause the probe enables, each clause's bpf_loop() callbacks, and
// ERROR's clauses where one may fire it. The error names the clause
// that passes the limit.
func (c *compiler) checkSubprograms(p *provider.Probe, funcs []*gen) *Error {
	n := 1
	errorFuncs := 0
	for _, f := range funcs {
		n += 1 + len(f.callbacks)
		if c.firesError(p, f) && errorFuncs == 0 {
			for _, e := range c.errorFuncs {
				errorFuncs += 1 + len(e.callbacks)
			}
			n += errorFuncs
		}
		if n > maxSubprograms {
			return errorOf(c.files, f.at, tag.LimitFuncs, p.Desc(), n, maxSubprograms)
		}
	}
	return nil
}

// checkMaps refuses a program that uses more maps than the kernel
// allows (each aggregation, associative array and thread-local
// variable has a map of its own), naming the clause that passes the
// limit.
func (c *compiler) checkMaps(pp *spec.ProbeProgram, funcs []*gen) *Error {
	all := mapRefs(pp.Program.Instructions, nil)
	if len(all) <= maxUsedMaps {
		return nil
	}
	clauses := map[string]bool{}
	for _, f := range funcs {
		mapRefs(f.insns, clauses)
	}
	fixed := len(all) - len(clauses) // the trampoline's and ERROR's own
	seen := map[string]bool{}
	for _, f := range funcs {
		mapRefs(f.insns, seen)
		if n := fixed + len(seen); n > maxUsedMaps {
			return errorOf(c.files, f.at, tag.LimitMaps, pp.Probe.Desc(), n, maxUsedMaps)
		}
	}
	return nil
}

// mapRefs adds to seen (a new set if nil) the maps insns use, and
// returns it.
func mapRefs(insns asm.Instructions, seen map[string]bool) map[string]bool {
	if seen == nil {
		seen = map[string]bool{}
	}
	for _, ins := range insns {
		if ins.IsLoadFromMap() && ins.Reference() != "" {
			seen[ins.Reference()] = true
		}
	}
	return seen
}

// checkJumps refuses a clause whose code is too long for a jump within
// it to reach its target (a jump to its fault handler, at its end, say).
func (c *compiler) checkJumps(f *gen) *Error {
	at := map[string]int{}
	n := 0
	for _, ins := range f.insns {
		if sym := ins.Symbol(); sym != "" {
			at[sym] = n
		}
		n += int(ins.Size()) / asm.InstructionSize
	}
	pos := 0
	for _, ins := range f.insns {
		next := pos + int(ins.Size())/asm.InstructionSize
		if op := ins.OpCode.JumpOp(); ins.OpCode.Class().IsJump() && op != asm.Call && op != asm.Exit {
			if to, ok := at[ins.Reference()]; ok {
				if d := to - next; d < minJump || d > maxJump {
					return errorOf(c.files, f.at, tag.LimitJump, n, maxJump)
				}
			}
		}
		pos = next
	}
	return nil
}

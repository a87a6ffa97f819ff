package rawtp

import (
	"fmt"
	"io"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/link"
)

// ProgramType is the program type raw tracepoint probes fire.
const ProgramType = ebpf.RawTracepoint

// Attach makes the kernel run prog at the raw tracepoint event (the
// event's name without its group: "sched_switch").
func Attach(event string, prog *ebpf.Program) (io.Closer, error) {
	l, err := link.AttachRawTracepoint(link.RawTracepointOptions{Name: event, Program: prog})
	if err != nil {
		return nil, fmt.Errorf("attach to raw tracepoint %s: %w", event, err)
	}
	return l, nil
}

// LoadArgs returns instructions that copy the first n raw arguments
// (n <= 10) from the context in R6 to the slots at R9, as
// provider.Provider's LoadArgs is specified. Reading past the
// tracepoint's real parameters would be refused by the verifier, so n
// must not exceed their number.
func LoadArgs(n int) asm.Instructions {
	var insns asm.Instructions
	for i := range min(n, 10) {
		insns = append(insns,
			asm.LoadMem(asm.R0, asm.R6, int16(8*i), asm.DWord),
			asm.StoreMem(asm.R9, int16(8*i), asm.R0, asm.DWord),
		)
	}
	return insns
}

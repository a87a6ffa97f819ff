package ksym

import "strings"

// Plumbing reports whether s is part of the tracing machinery that runs
// between a probe's firing and a stack walk: a BPF program, trampoline or
// dispatcher (module "bpf"), or the kernel functions that run BPF
// programs for tracepoints, raw tracepoints, perf events and
// BPF_PROG_TEST_RUN and that walk the stack. A kernel stack taken from a
// BPF program starts with such frames, which DTrace's stacks do not have.
func Plumbing(s Symbol) bool {
	if s.Module == "bpf" {
		return true
	}
	if s.Module != "vmlinux" {
		return false
	}
	for _, p := range plumbingPrefixes {
		if strings.HasPrefix(s.Name, p) {
			return true
		}
	}
	return false
}

var plumbingPrefixes = []string{
	"bpf_prog_", "__bpf_prog_", "bpf_dispatcher_", "bpf_trampoline_",
	"trace_call_bpf", "bpf_trace_run", "__bpf_trace_", "perf_trace_",
	"perf_syscall_", "perf_call_bpf_", "__traceiter_", "__perf_event_overflow",
	"bpf_overflow_handler", "bpf_test_run", "bpf_get_stack", "bpf_get_task_stack",
	"__bpf_get_stack", "__bpf_get_task_stack", "get_callchain_entry_for_task", "stack_trace_save",
	"arch_stack_walk",
}

// PlumbingRanges returns the address ranges of the plumbing functions,
// sorted and disjoint: each run of plumbing functions in address order
// is one range, ending where the next function that is not plumbing
// starts (the last function of the table is taken to end a page on).
func (t *Table) PlumbingRanges() ([][2]uint64, error) {
	if err := t.load(); err != nil {
		return nil, err
	}
	var out [][2]uint64
	in := false
	for i, s := range t.syms {
		switch p := Plumbing(s); {
		case p && !in:
			out = append(out, [2]uint64{s.Addr, 0})
			in = true
		case !p && in && s.Addr > out[len(out)-1][0]:
			// (Another name at a plumbing function's own address
			// leaves the run open.)
			out[len(out)-1][1] = s.Addr
			in = false
		}
		if in && i == len(t.syms)-1 {
			out[len(out)-1][1] = s.Addr + 4096
		}
	}
	return out, nil
}

package dtraceprov

import (
	"fmt"

	"github.com/cilium/ebpf"
)

// Fire runs prog, a program loaded for one of this provider's probes,
// once, with args as its context, and waits for it to finish.
//
// It uses BPF_PROG_TEST_RUN without BPF_F_TEST_RUN_ON_CPU: the kernel
// then runs a raw tracepoint program right there in the bpf(2) call, on
// the current CPU and in the calling task, so the program's
// bpf_get_current_pid_tgid() and bpf_get_current_comm() are the caller's.
// The program's return value is ignored, as it is for a real probe.
func Fire(prog *ebpf.Program, args [NArgs]uint64) error {
	// Repeat must stay 0: the raw tracepoint test runner refuses any
	// other value, as it refuses data in or out and a context out.
	_, err := prog.Run(&ebpf.RunOptions{Context: args})
	if err != nil {
		return fmt.Errorf("fire %s: %w", prog, err)
	}
	return nil
}

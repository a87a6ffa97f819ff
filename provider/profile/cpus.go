package profile

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// TickCPU returns the CPU that tick-N probes fire on: the first online
// CPU, which on Linux is CPU 0 unless it was taken offline.
//
// DTrace only promises that a tick probe fires on one CPU. Which one
// matters under a hypervisor that lets idle vCPUs sleep through their
// timers. Measured on a 2-vCPU Firecracker VM (Linux 6.18) with a BPF
// program counting firings of a cpu-clock perf event per CPU, idle
// machine:
//
//	period 1s, 10s:    CPU 0: 10 firings   CPU 1: 0
//	period 10ms, 2s:   CPU 0: 199-200      CPU 1: 0
//	period ~1ms, 2s:   CPU 0: ~1990        CPU 1: 1-2
//	same, a thread spinning on CPU 1: CPU 1: 200 of 200 at 10ms, 5 of 5 at 1s
//
// CPU 1 fires only while something runs on it. Following the consumer's
// CPU would not help: the consumer sleeps between buffer reads, and with
// it pinned to CPU 1 a 1s timer there fired 0 times in 5s, while one on
// CPU 0 fired 5 times. CPU 0 keeps its timer firing because it does the
// machine's housekeeping, so tick-N goes there.
func TickCPU() (int, error) {
	cpus, err := onlineCPUs()
	if err != nil {
		return 0, err
	}
	return cpus[0], nil
}

// onlineCPUs returns the CPUs that are online, in increasing order.
func onlineCPUs() ([]int, error) {
	const file = "/sys/devices/system/cpu/online"
	b, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	cpus, err := parseCPUList(string(b))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return cpus, nil
}

// parseCPUList parses the kernel's CPU list format: "0-3,5,7-8\n".
func parseCPUList(s string) ([]int, error) {
	var cpus []int
	for _, r := range strings.Split(strings.TrimSpace(s), ",") {
		lo, hi, isRange := strings.Cut(r, "-")
		first, err := strconv.Atoi(lo)
		if err != nil {
			return nil, fmt.Errorf("bad CPU list %q", s)
		}
		last := first
		if isRange {
			if last, err = strconv.Atoi(hi); err != nil || last < first {
				return nil, fmt.Errorf("bad CPU list %q", s)
			}
		}
		for cpu := first; cpu <= last; cpu++ {
			if len(cpus) > 0 && cpu <= cpus[len(cpus)-1] {
				return nil, fmt.Errorf("bad CPU list %q", s)
			}
			cpus = append(cpus, cpu)
		}
	}
	return cpus, nil
}

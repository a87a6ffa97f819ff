package fbt

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"
	"sync"

	"golang.org/x/sys/unix"

	"github.com/cilium/ebpf"
)

// A function whose name the kernel has several of is attached by
// address: the kernel refuses a kprobe by an ambiguous name, and
// cilium/ebpf opens kprobes by name only. perf_event_open on the kprobe
// PMU takes an address instead (config1 0, config2 the address).

// The kprobe PMU's perf event type and the config bit that makes a
// kretprobe, read once.
var (
	pmuOnce   sync.Once
	pmuType   uint32
	pmuRetBit uint64
	pmuErr    error
)

func kprobePMU() (uint32, uint64, error) {
	pmuOnce.Do(func() {
		const dir = "/sys/bus/event_source/devices/kprobe/"
		b, err := os.ReadFile(dir + "type")
		if err != nil {
			pmuErr = fmt.Errorf("kprobe PMU: %w", err)
			return
		}
		t, err := strconv.ParseUint(strings.TrimSpace(string(b)), 10, 32)
		if err != nil {
			pmuErr = fmt.Errorf("kprobe PMU type %q: %w", b, err)
			return
		}
		pmuType = uint32(t)
		// "config:0"
		b, err = os.ReadFile(dir + "format/retprobe")
		if err != nil {
			pmuErr = fmt.Errorf("kprobe PMU: %w", err)
			return
		}
		bit, err := strconv.ParseUint(strings.TrimPrefix(strings.TrimSpace(string(b)), "config:"), 10, 6)
		if err != nil {
			pmuErr = fmt.Errorf("kprobe PMU retprobe format %q: %w", b, err)
			return
		}
		pmuRetBit = bit
	})
	return pmuType, pmuRetBit, pmuErr
}

// attachAt attaches prog as a kprobe (a kretprobe if ret) at each
// address of addrs, the copies of one function. The kernel refuses
// (EINVAL) a kprobe on a function ftrace cannot patch (a notrace copy:
// kallsyms lists every copy, ftrace only those it patches, and before
// 6.5 nothing tells which are which): such a copy is not traceable and
// is skipped. Another error, or no copy attached, detaches what was
// attached.
func attachAt(prog *ebpf.Program, ret bool, addrs []uint64) (Links, error) {
	typ, retBit, err := kprobePMU()
	if err != nil {
		return nil, err
	}
	raiseFileLimit(len(addrs))
	ls := make(Links, 0, len(addrs))
	var refused error
	for _, addr := range addrs {
		attr := unix.PerfEventAttr{Type: typ, Size: unix.PERF_ATTR_SIZE_VER1, Ext2: addr}
		if ret {
			attr.Config = 1 << retBit
		}
		fd, err := unix.PerfEventOpen(&attr, -1, 0, -1, unix.PERF_FLAG_FD_CLOEXEC)
		if errors.Is(err, unix.EINVAL) {
			refused = fmt.Errorf("kprobe at %#x: %w", addr, err)
			continue
		}
		if err == nil {
			ls = append(ls, perfEvent(fd))
			err = unix.IoctlSetInt(fd, unix.PERF_EVENT_IOC_SET_BPF, prog.FD())
			if err == nil {
				err = unix.IoctlSetInt(fd, unix.PERF_EVENT_IOC_ENABLE, 0)
			}
		}
		if err != nil {
			ls.Close()
			return nil, fmt.Errorf("kprobe at %#x: %w", addr, err)
		}
	}
	if len(ls) == 0 {
		return nil, refused
	}
	return ls, nil
}

// perfEvent is an open perf event; closing it detaches its program.
type perfEvent int

func (fd perfEvent) Close() error { return unix.Close(int(fd)) }

// Command floor is the hand-written minimal BPF program the benchmarks
// compare dtrace and bpftrace with: for each job, the least a tracer has
// to load and run on this kernel. It attaches, runs until SIGINT or
// SIGTERM or for -d, detaches and prints what it counted on stderr.
//
//	floor -mode count-rawtp|count-tp|comm|printf|begin [-d duration] [-ready file]
//	floor -mode count-uprobe -binary path -symbol name -pid pid [-ready file]
//
// Modes:
//
//	count-rawtp  raw tracepoint sys_enter, filtered on getppid's number,
//	             adds one to a per-CPU array slot (@ = count() on raw_syscalls)
//	count-tp     tracepoint syscalls:sys_enter_getppid, the same increment
//	comm         the same tracepoint, a per-CPU hash keyed by
//	             bpf_get_current_comm, incremented in place (@[execname] = count())
//	printf       the same tracepoint, a 16-byte ring buffer record per event
//	             written without wake-up; the consumer drains every
//	             -interval and counts events and drops (printf("%d\n", pid))
//	begin        create a map, load a program, run it once and exit: the
//	             floor of BEGIN { exit(0); }
//	count-uprobe a uprobe on -symbol of -binary for process -pid, the same
//	             increment (pid$target:a.out:FUNC:entry { @ = count(); })
package main

import (
	"flag"
	"fmt"
	"os"
	"os/signal"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/link"
	"golang.org/x/sys/unix"
)

func main() {
	mode := flag.String("mode", "count-tp", "count-rawtp, count-tp, comm, printf or begin")
	dur := flag.Duration("d", 0, "run this long (0: until SIGINT or SIGTERM)")
	ready := flag.String("ready", "", "create this file once the program is attached")
	lines := flag.Bool("lines", false, "printf: write each event as a line on stdout, as printf(\"%d\\n\", pid) would")
	interval := flag.Duration("interval", 10*time.Millisecond, "printf: drain the ring buffer this often")
	bufsize := flag.Int("bufsize", 4<<20, "printf: ring buffer bytes (DTrace's default bufsize)")
	flag.StringVar(&uprobeAt.binary, "binary", "", "count-uprobe: the executable")
	flag.StringVar(&uprobeAt.symbol, "symbol", "", "count-uprobe: the function")
	flag.IntVar(&uprobeAt.pid, "pid", 0, "count-uprobe: the process")
	flag.Parse()
	if err := run(*mode, *dur, *ready, *lines, *interval, *bufsize); err != nil {
		fmt.Fprintln(os.Stderr, "floor:", err)
		os.Exit(1)
	}
}

// uprobeAt is where count-uprobe attaches.
var uprobeAt struct {
	binary, symbol string
	pid            int
}

func run(mode string, dur time.Duration, ready string, lines bool, interval time.Duration, bufsize int) error {
	if mode == "begin" {
		return runBegin()
	}
	counts, err := newCounts(mode)
	if err != nil {
		return err
	}
	defer counts.Close()
	var rb *ebpf.Map
	var spec *ebpf.ProgramSpec
	switch mode {
	case "count-rawtp":
		spec = countRawTP(counts)
	case "count-tp":
		spec = countTP(counts)
	case "count-uprobe":
		spec = countUprobe(counts)
	case "comm":
		spec = comm(counts)
	case "printf":
		rb, err = ebpf.NewMap(&ebpf.MapSpec{Type: ebpf.RingBuf, MaxEntries: uint32(bufsize)})
		if err != nil {
			return fmt.Errorf("ring buffer: %w", err)
		}
		defer rb.Close()
		spec = printf(rb, counts)
	default:
		return fmt.Errorf("unknown mode %q", mode)
	}
	prog, err := ebpf.NewProgram(spec)
	if err != nil {
		return fmt.Errorf("loading %s: %w", spec.Name, err)
	}
	defer prog.Close()
	var l link.Link
	switch {
	case mode == "count-uprobe":
		var ex *link.Executable
		if ex, err = link.OpenExecutable(uprobeAt.binary); err == nil {
			l, err = ex.Uprobe(uprobeAt.symbol, prog, &link.UprobeOptions{PID: uprobeAt.pid})
		}
	case spec.Type == ebpf.RawTracepoint:
		l, err = link.AttachRawTracepoint(link.RawTracepointOptions{Name: "sys_enter", Program: prog})
	default:
		l, err = link.Tracepoint("syscalls", "sys_enter_getppid", prog, nil)
	}
	if err != nil {
		return fmt.Errorf("attaching %s: %w", spec.Name, err)
	}
	defer l.Close()
	if ready != "" {
		if err := os.WriteFile(ready, nil, 0o644); err != nil {
			return err
		}
	}
	stop := stopper(dur)
	start := time.Now()
	if mode == "printf" {
		return consume(rb, counts, stop, start, interval, lines)
	}
	<-stop
	if mode == "comm" {
		return printComms(counts)
	}
	n, err := sumSlot(counts)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "count %d seconds %.3f\n", n, time.Since(start).Seconds())
	return nil
}

// newCounts makes the map the mode counts in: a per-CPU hash of comms
// for comm, else one per-CPU slot (the drop count, for printf).
func newCounts(mode string) (*ebpf.Map, error) {
	spec := &ebpf.MapSpec{Type: ebpf.PerCPUArray, KeySize: 4, ValueSize: 8, MaxEntries: 1}
	if mode == "comm" {
		spec = &ebpf.MapSpec{Type: ebpf.PerCPUHash, KeySize: 16, ValueSize: 8, MaxEntries: 1024}
	}
	return ebpf.NewMap(spec)
}

// stopper is closed on SIGINT or SIGTERM, or after dur if it is not 0.
func stopper(dur time.Duration) <-chan struct{} {
	stop := make(chan struct{})
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt, unix.SIGTERM)
	go func() {
		var after <-chan time.Time
		if dur > 0 {
			after = time.After(dur)
		}
		select {
		case <-sig:
		case <-after:
		}
		close(stop)
	}()
	return stop
}

// sumSlot is slot 0 of a per-CPU array, summed over the CPUs.
func sumSlot(m *ebpf.Map) (uint64, error) {
	var per []uint64
	if err := m.Lookup(uint32(0), &per); err != nil {
		return 0, err
	}
	var n uint64
	for _, v := range per {
		n += v
	}
	return n, nil
}

// printComms prints the comm-keyed counts, summed over the CPUs.
func printComms(m *ebpf.Map) error {
	var key [16]byte
	var per []uint64
	it := m.Iterate()
	for it.Next(&key, &per) {
		var n uint64
		for _, v := range per {
			n += v
		}
		fmt.Fprintf(os.Stderr, "%-16s %d\n", unix.ByteSliceToString(key[:]), n)
	}
	return it.Err()
}

// runBegin creates a map, loads a program and runs it once, as a tracer
// must to fire BEGIN, then reads the map and exits.
func runBegin() error {
	counts, err := newCounts("begin")
	if err != nil {
		return err
	}
	defer counts.Close()
	prog, err := ebpf.NewProgram(begin(counts))
	if err != nil {
		return fmt.Errorf("loading begin: %w", err)
	}
	defer prog.Close()
	if _, err := prog.Run(&ebpf.RunOptions{}); err != nil {
		return fmt.Errorf("running begin: %w", err)
	}
	n, err := sumSlot(counts)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "count %d\n", n)
	return nil
}

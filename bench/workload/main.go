// Command workload is the traced program of the benchmarks: it makes one
// system call in a loop on a locked thread and prints the thread's CPU
// time per call in nanoseconds (CLOCK_THREAD_CPUTIME_ID, so time the
// machine gives to other work does not count); with -wall, the wall time
// per call after it.
//
//	workload [-n calls] [-call getppid|pread] [-wall] [-hold]
//
// -hold waits for a line on standard input before the loop, so that a
// script can start a tracer that names the workload's pid first.
package main

import (
	"flag"
	"fmt"
	"os"
	"runtime"

	"golang.org/x/sys/unix"
)

func main() {
	n := flag.Int("n", 1000000, "number of system calls")
	call := flag.String("call", "getppid", "system call to make: getppid or pread")
	wall := flag.Bool("wall", false, "also print the wall time per call")
	hold := flag.Bool("hold", false, "wait for a line on stdin before starting")
	flag.Parse()
	runtime.LockOSThread()
	var do func()
	switch *call {
	case "getppid":
		do = func() { unix.Getppid() }
	case "pread":
		fd, err := unix.Open("/dev/zero", unix.O_RDONLY, 0)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		var buf [8]byte
		do = func() { unix.Pread(fd, buf[:], 0) }
	default:
		fmt.Fprintf(os.Stderr, "workload: unknown call %q\n", *call)
		os.Exit(2)
	}
	if *hold {
		var line [1]byte
		os.Stdin.Read(line[:])
	}
	var t0, t1, w0, w1 unix.Timespec
	unix.ClockGettime(unix.CLOCK_MONOTONIC, &w0)
	unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &t0)
	for range *n {
		do()
	}
	unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &t1)
	unix.ClockGettime(unix.CLOCK_MONOTONIC, &w1)
	if *wall {
		fmt.Printf("%.1f %.1f\n", float64(t1.Nano()-t0.Nano())/float64(*n), float64(w1.Nano()-w0.Nano())/float64(*n))
		return
	}
	fmt.Printf("%.1f\n", float64(t1.Nano()-t0.Nano())/float64(*n))
}

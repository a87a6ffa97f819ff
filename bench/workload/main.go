// Command workload is the traced program of the benchmarks: it makes one
// system call in a loop on a locked thread and prints the thread's CPU
// time per call in nanoseconds (CLOCK_THREAD_CPUTIME_ID, so time the
// machine gives to other work does not count).
//
//	workload [-n calls] [-call getppid|pread]
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
	var t0, t1 unix.Timespec
	unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &t0)
	for range *n {
		do()
	}
	unix.ClockGettime(unix.CLOCK_THREAD_CPUTIME_ID, &t1)
	fmt.Printf("%.1f\n", float64(t1.Nano()-t0.Nano())/float64(*n))
}

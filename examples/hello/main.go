// Command hello embeds godtrace: it counts the system calls each program
// makes for the seconds given (default 3), reads the counts as Go values
// and prints the busiest programs, through the library's public API
// alone. Run it as root:
//
//	cd examples && go run ./hello 5
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"sort"

	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/dtrace"
)

func main() {
	seconds := "3"
	if len(os.Args) > 1 {
		seconds = os.Args[1]
	}
	// ^C stops early, with what was counted, as dtrace does.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	counts, err := countSyscalls(ctx, seconds)
	if err != nil {
		fmt.Fprintln(os.Stderr, "hello:", err)
		os.Exit(1)
	}
	for i, c := range counts {
		if i == 10 {
			break
		}
		fmt.Printf("%-20s %8d\n", c.Program, c.Calls)
	}
}

// programCount is how many system calls a program made.
type programCount struct {
	Program string
	Calls   int64
}

// countSyscalls traces every system call for the seconds given, or
// until ctx ends, and returns the calls of each program, most first.
func countSyscalls(ctx context.Context, seconds string) ([]programCount, error) {
	if err := dtrace.CheckPrivileges(); err != nil {
		return nil, err
	}
	h, err := dtrace.Open()
	if err != nil {
		return nil, err
	}
	defer h.Close()
	// $1 is the first macro argument after $0, the program's name.
	src := `syscall:::entry { @calls[execname] = count(); }
		tick-1s /++n == $1/ { exit(0); }`
	if err := h.Compile([]dtrace.Source{{Text: []byte(src)}}, []string{"hello", seconds}); err != nil {
		return nil, err
	}
	if err := h.Exec(); err != nil {
		return nil, err
	}
	if err := h.Go(); err != nil {
		return nil, err
	}
	if err := h.Run(ctx, faults{}); err != nil {
		return nil, err
	}
	agg, err := h.Aggregation(0) // @calls, the program's only aggregation
	if err != nil {
		return nil, err
	}
	var counts []programCount
	for _, r := range agg.Records {
		counts = append(counts, programCount{Program: r.Keys[0].Str, Calls: r.Value.Count})
	}
	sort.Slice(counts, func(i, j int) bool { return counts[i].Calls > counts[j].Calls })
	return counts, nil
}

// faults is a dtrace.Consumer for a program that traces nothing but
// its aggregation: it reports probe errors.
type faults struct{}

func (faults) Record(*dtrace.Handle, *consume.Record) error { return nil }

func (faults) Fault(_ *dtrace.Handle, f *consume.Fault) error {
	return fmt.Errorf("probe error (kind %d) in %v", f.Kind, f.ECB.Probe)
}

// Command hello embeds godtrace: it counts the system calls each program
// makes for the seconds given (default 3), and prints them as dtrace
// prints an aggregation, through the library's public API alone. Run it
// as root:
//
//	cd examples && go run ./hello 5
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"time"

	"github.com/godtrace/godtrace/dtrace"
)

func main() {
	seconds := "3"
	if len(os.Args) > 1 {
		seconds = os.Args[1]
	}
	if err := run(seconds); err != nil {
		fmt.Fprintln(os.Stderr, "hello:", err)
		os.Exit(1)
	}
}

func run(seconds string) error {
	if err := dtrace.CheckPrivileges(); err != nil {
		return err
	}
	h, err := dtrace.Open()
	if err != nil {
		return err
	}
	defer h.Close()
	// $1 is the first macro argument after $0, the program's name.
	src := `syscall:::entry { @[execname] = count(); }
		tick-1s /++n == $1/ { exit(0); }`
	if err := h.Compile([]dtrace.Source{{Text: []byte(src)}}, []string{"hello", seconds}); err != nil {
		return err
	}
	if err := h.Exec(); err != nil {
		return err
	}
	p := dtrace.NewPrinter(os.Stdout, os.Stderr, true)
	if err := h.Go(); err != nil {
		return err
	}
	// ^C stops early, printing what was counted, as dtrace does.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	start := time.Now()
	if err := h.Run(ctx, p); err != nil {
		return err
	}
	if err := p.PrintAggregations(h); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "traced for %v\n", time.Since(start).Round(time.Millisecond))
	return p.Flush()
}

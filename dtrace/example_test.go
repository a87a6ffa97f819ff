package dtrace_test

import (
	"context"
	"errors"
	"fmt"
	"os"

	"github.com/godtrace/godtrace/dtrace"
	"github.com/godtrace/godtrace/output"
)

// Compiling needs no privileges: a program's errors are found before
// anything reaches the kernel, with DTrace's message and tag.
func ExampleHandle_Compile() {
	h, err := dtrace.Open()
	if err != nil {
		panic(err)
	}
	defer h.Close()
	err = h.Compile([]dtrace.Source{{Text: []byte("BEGIN { x = ; }")}}, nil)
	var ce *dtrace.CompileError
	if errors.As(err, &ce) {
		fmt.Println(ce.Tag, ce.Msg)
	}
	// Output: D_SYNTAX syntax error near ";"
}

// A whole session, as dtrace -q -n 'BEGIN { ... }' runs it: compile,
// load, enable, consume until exit(), and print the aggregations left.
// It needs the privileges tracing needs (see CheckPrivileges), so it is
// compiled but not run by go test.
func ExampleHandle_Run() {
	if err := dtrace.CheckPrivileges(); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return
	}
	h, err := dtrace.Open()
	if err != nil {
		panic(err)
	}
	defer h.Close()
	src := `BEGIN { printf("hello, world\n"); @n = count(); exit(0); }`
	if err := h.Compile([]dtrace.Source{{Text: []byte(src)}}, nil); err != nil {
		panic(err)
	}
	if err := h.Exec(); err != nil {
		panic(err)
	}
	p := output.NewPrinter(os.Stdout, os.Stderr, true)
	if err := h.Go(); err != nil {
		panic(err)
	}
	if err := h.Run(context.Background(), p); err != nil {
		panic(err)
	}
	if err := p.PrintAggregations(h); err != nil {
		panic(err)
	}
	p.Flush()
}

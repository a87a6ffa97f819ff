// Package dtracetest runs D programs in tests, through the dtrace
// library as dtrace(1) does, and returns what they print.
package dtracetest

import (
	"bytes"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/godtrace/godtrace/dtrace"
	"github.com/godtrace/godtrace/output"
)

// Run compiles src with the options given (-x name=value) and $1 the
// test process's pid, enables it, runs work, and returns what dtrace -q
// prints once the program exits, or after timeout, the aggregations
// included. Anything on stderr fails the test.
func Run(t testing.TB, options map[string]string, src string, work func(), timeout time.Duration) string {
	t.Helper()
	out, errs := RunErr(t, options, src, work, timeout)
	if errs != "" {
		t.Errorf("%v: stderr: %s", options, errs)
	}
	return out
}

// RunErr is Run for a program that may print errors: it returns what
// dtrace prints on stderr as well.
func RunErr(t testing.TB, options map[string]string, src string, work func(), timeout time.Duration) (stdout, stderr string) {
	t.Helper()
	h, err := dtrace.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	for name, v := range options {
		if err := h.Options.Set(name, v); err != nil {
			t.Fatal(err)
		}
	}
	if err := h.Compile([]dtrace.Source{{Text: []byte(src)}}, []string{"test", strconv.Itoa(os.Getpid())}); err != nil {
		t.Fatalf("%v: %v", options, err)
	}
	if err := h.Exec(); err != nil {
		t.Fatalf("%v: %v", options, err)
	}
	if err := h.Go(); err != nil {
		t.Fatalf("%v: %v", options, err)
	}
	var out, errs bytes.Buffer
	p := output.NewPrinter(&out, &errs, true)
	work()
	for deadline := time.Now().Add(timeout); time.Now().Before(deadline); {
		done, err := h.Consume(p, 10*time.Millisecond)
		if err != nil {
			t.Fatal(err)
		}
		if done {
			break
		}
	}
	if err := h.Stop(p); err != nil {
		t.Fatal(err)
	}
	if err := p.PrintAggregations(h); err != nil {
		t.Fatal(err)
	}
	p.Flush()
	return out.String(), errs.String()
}

// RunTarget runs src as dtrace -q -c does: argv is started stopped,
// before its program's first instruction with its libraries mapped, as
// $target; src is compiled and enabled, the process continued, and
// what dtrace prints returned once the program exits or the process
// has exited, or after timeout. Anything on stderr fails the test.
func RunTarget(t testing.TB, src string, argv []string, timeout time.Duration) string {
	t.Helper()
	h, err := dtrace.Open()
	if err != nil {
		t.Fatal(err)
	}
	defer h.Close()
	proc, err := h.CreateProcess(argv)
	if err != nil {
		t.Fatal(err)
	}
	if err := h.Compile([]dtrace.Source{{Text: []byte(src)}}, []string{"test"}); err != nil {
		t.Fatal(err)
	}
	if err := h.Exec(); err != nil {
		t.Fatal(err)
	}
	if err := h.Go(); err != nil {
		t.Fatal(err)
	}
	var out, errs bytes.Buffer
	p := output.NewPrinter(&out, &errs, true)
	proc.Continue()
	exited := false
	for deadline := time.Now().Add(timeout); time.Now().Before(deadline); {
		done, err := h.Consume(p, 10*time.Millisecond)
		if err != nil {
			t.Fatal(err)
		}
		if done || exited {
			break
		}
		select {
		case <-proc.Exited():
			exited = true // one more pass for what it left in the buffers
		default:
		}
	}
	if err := h.Stop(p); err != nil {
		t.Fatal(err)
	}
	if err := p.PrintAggregations(h); err != nil {
		t.Fatal(err)
	}
	p.Flush()
	if errs.Len() > 0 {
		t.Errorf("stderr: %s", errs.String())
	}
	return out.String()
}

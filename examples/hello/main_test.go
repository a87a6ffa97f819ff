package main

import (
	"context"
	"os"
	"testing"

	"github.com/godtrace/godtrace/dtrace"
)

// TestCountSyscalls traces for a second: the library's public API must
// carry a whole session, and the counts come back as Go values. The test
// makes system calls of its own, so its program must be among them.
// Without the privileges tracing needs it skips, except under CI=true,
// where that is a failure (as the module's own kernel tests do; this
// module cannot import its internal/testenv).
func TestCountSyscalls(t *testing.T) {
	if err := dtrace.CheckPrivileges(); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	done := make(chan struct{})
	go func() { // calls to count while tracing
		for {
			select {
			case <-done:
				return
			default:
				os.Getwd()
			}
		}
	}()
	counts, err := countSyscalls(context.Background(), "1")
	close(done)
	if err != nil {
		t.Fatal(err)
	}
	self := false
	for i, c := range counts {
		if i > 0 && c.Calls > counts[i-1].Calls {
			t.Errorf("not sorted: %v after %v", c, counts[i-1])
		}
		self = self || c.Program == "hello.test" && c.Calls > 0
	}
	if !self {
		t.Errorf("hello.test is not among the programs counted: %v", counts)
	}
}

package main

import (
	"os"
	"testing"

	"github.com/godtrace/godtrace/dtrace"
)

// TestRun runs the example for a second: the library's public API must
// carry a whole session. Without the privileges tracing needs it skips,
// except under CI=true, where that is a failure (as the module's own
// kernel tests do; this module cannot import its internal/testenv).
func TestRun(t *testing.T) {
	if err := dtrace.CheckPrivileges(); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal(err)
		}
		t.Skip(err)
	}
	if err := run("1"); err != nil {
		t.Fatal(err)
	}
}

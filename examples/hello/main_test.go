package main

import (
	"testing"

	"github.com/godtrace/godtrace/internal/testenv"
)

// TestRun runs the example for a second: the library's public API must
// carry a whole session.
func TestRun(t *testing.T) {
	testenv.RequireBPF(t)
	if err := run("1"); err != nil {
		t.Fatal(err)
	}
}

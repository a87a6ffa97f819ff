package main

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/godtrace/godtrace/internal/testenv"
)

// TestManyKeys prints an aggregation of 100,000 keys at exit: one per
// getppid call, numbered by a counter. All counts are 1, so the keys come
// out in ascending order, each on a line of its own after the blank line
// that opens the aggregation. A golden file of 100,000 lines would be
// too large, so the lines are checked here.
func TestManyKeys(t *testing.T) {
	testenv.RequireBPF(t)
	const n = 100000
	c := &e2eCase{
		// The workload is this test's child: other tests' workloads,
		// running at the same time, are not counted.
		run:       []string{"-qn", `BEGIN { i = 0; } syscall::getppid:entry /execname == "e2eload" && ppid == @pid/ { @[i++] = count(); }`},
		workload:  fmt.Sprintf("getppid:%d", n),
		interrupt: true,
	}
	start := time.Now()
	stdout, stderr, code := runCase(t, c)
	t.Logf("dtrace ran for %v", time.Since(start))
	if code != 0 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	lines := strings.Split(stdout, "\n")
	if len(lines) != n+2 || lines[0] != "" || lines[n+1] != "" {
		t.Fatalf("%d lines, want a blank line, %d keys and a final newline", len(lines), n)
	}
	for i, l := range lines[1 : n+1] {
		if want := fmt.Sprintf("%9d %16d", i, 1); l != want {
			t.Fatalf("line %d: %q, want %q", i+2, l, want)
		}
	}
}

package main

import (
	"runtime"
	"testing"

	"github.com/godtrace/godtrace/internal/testenv"
)

// TestCPUOption runs dtrace pinned to CPU 0 (as every end-to-end case)
// with -x cpu=1: BEGIN and END fire on CPU 1 all the same, and a system
// call made on CPU 0 fires nothing, while -x cpu=0 sees it. It needs a
// second CPU, so it is not a golden file.
func TestCPUOption(t *testing.T) {
	testenv.RequireBPF(t)
	if runtime.NumCPU() < 2 {
		t.Skip("needs two CPUs")
	}
	// The workload runs as -c's process, pinned to CPU 0 as dtrace is.
	const calls = `syscall::getppid:entry /pid == $target/ { @[cpu] = count(); }`
	for _, tc := range []struct {
		name string
		c    *e2eCase
		want string
	}{
		{"BEGIN and END", &e2eCase{run: []string{"-x", "cpu=1", "-qn", `BEGIN { printf("%d\n", cpu); exit(0); } END { printf("%d\n", cpu); }`}},
			"1\n1\n\n"},
		{"other CPU", &e2eCase{run: []string{"-x", "cpu=1", "-c", "@e2eload getppid:10", "-qn", calls}},
			"\n"},
		{"same CPU", &e2eCase{run: []string{"-x", "cpu=0", "-c", "@e2eload getppid:10", "-qn", calls}},
			"\n        0               10\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			stdout, stderr, code := runCase(t, tc.c)
			if stdout != tc.want || stderr != "" || code != 0 {
				t.Errorf("got stdout %q, stderr %q, exit %d; want stdout %q", stdout, stderr, code, tc.want)
			}
		})
	}
}

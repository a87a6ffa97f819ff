package dtrace_test

import (
	"context"
	"testing"
	"time"

	"github.com/godtrace/godtrace/dtrace"
	"github.com/godtrace/godtrace/internal/testenv"
)

// TestRun checks that Run stops when the program calls exit() and when
// its context ends, and that END's records reach the consumer either way.
func TestRun(t *testing.T) {
	testenv.RequireBPF(t)
	for _, tc := range []struct {
		name, src string
		cancel    bool
		want      [][]int64
	}{
		// exit(0) records its status, as an action: the 0.
		{"exit", `BEGIN { printf("%d", 1); exit(0); } END { printf("%d", 2); }`, false, [][]int64{{1}, {0}, {2}}},
		{"cancel", `BEGIN { printf("%d", 1); } END { printf("%d", 3); }`, true, [][]int64{{1}, {3}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h, err := dtrace.Open()
			if err != nil {
				t.Fatal(err)
			}
			defer h.Close()
			if err := h.Compile([]dtrace.Source{{Text: []byte(tc.src)}}, []string{"test"}); err != nil {
				t.Fatal(err)
			}
			if err := h.Exec(); err != nil {
				t.Fatal(err)
			}
			if err := h.Go(); err != nil {
				t.Fatal(err)
			}
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tc.cancel {
				time.AfterFunc(100*time.Millisecond, cancel)
			}
			c := &collector{}
			done := make(chan error, 1)
			go func() { done <- h.Run(ctx, c) }()
			select {
			case err := <-done:
				if err != nil {
					t.Fatal(err)
				}
			case <-time.After(10 * time.Second):
				t.Fatal("Run did not return")
			}
			if len(c.printfs) != len(tc.want) {
				t.Fatalf("printfs %v, want %v", c.printfs, tc.want)
			}
			for i := range tc.want {
				if len(c.printfs[i]) != 1 || c.printfs[i][0] != tc.want[i][0] {
					t.Errorf("printfs %v, want %v", c.printfs, tc.want)
				}
			}
		})
	}
}

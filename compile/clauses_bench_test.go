package compile

import (
	"fmt"
	"strings"
	"testing"
)

// clauses is a D program of n clauses that differ only in a constant:
// all enable the same probe, so the trampoline that runs them grows with
// n, as in a script generated per process.
func clauses(n int) []byte {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "syscall::read:entry /pid == %d/ { @[execname] = count(); }\n", 1000+i)
	}
	return []byte(b.String())
}

// BenchmarkCompileClauses compiles 10, 100 and 1,000 clauses without the
// kernel (parse, check, match, generate). The ns/clause metric shows
// whether compile time grows linearly with script size: it should stay
// about the same from one size to the next.
func BenchmarkCompileClauses(b *testing.B) {
	cfg := config(b)
	for _, n := range []int{10, 100, 1000} {
		src := clauses(n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			benchCompile(b, cfg, src)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/clause")
		})
	}
}

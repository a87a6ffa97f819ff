package consume

import (
	"testing"

	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/spec"
)

// Under aggpercpu each CPU's value is kept apart, and the merged value is
// what it is without the option.
func TestSplitCPUs(t *testing.T) {
	a := &spec.Aggregation{Func: abi.AggMin}
	per := [][]byte{cpuValue(2, 7), cpuValue(0, 0), cpuValue(1, -4)}
	cpus := splitCPUs(a, per)
	if len(cpus) != 3 {
		t.Fatalf("%d CPUs, want 3", len(cpus))
	}
	for i, want := range []AggEntry{{N: 2, Min: 7}, {}, {N: 1, Min: -4}} {
		if c := cpus[i]; c.N != want.N || c.Min != want.Min {
			t.Errorf("CPU %d: %+v, want %+v", i, c, want)
		}
	}
	var e AggEntry
	merge(a, &e, per)
	if e.N != 3 || e.Min != -4 {
		t.Errorf("merged %+v", e)
	}
	q := &spec.Aggregation{Func: abi.AggLquantize, Levels: 1}
	cpus = splitCPUs(q, [][]byte{cpuValue(1, 0, 1, 0), cpuValue(2, 2, 0, 0)})
	if cpus[0].Buckets[1] != 1 || cpus[1].Buckets[0] != 2 || cpus[0].Buckets[0] != 0 {
		t.Errorf("lquantize per CPU: %v %v", cpus[0].Buckets, cpus[1].Buckets)
	}
}

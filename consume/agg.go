package consume

import (
	"fmt"

	"github.com/cilium/ebpf"

	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/spec"
)

// AggEntry is one key of an aggregation with its value merged over CPUs.
type AggEntry struct {
	Keys []format.Datum
	// N is the number of values aggregated; Sum, Min and Max as the
	// function keeps them; Buckets for the quantizations.
	N, Sum, Min, Max int64
	Buckets          []int64
}

// Snapshot reads aggregation a from its per-CPU map and merges the CPUs.
// Keys that no CPU aggregated into are left out.
func Snapshot(m *ebpf.Map, a *spec.Aggregation) ([]*AggEntry, error) {
	var out []*AggEntry
	key := make([]byte, max(a.KeySize, 4))
	var per [][]byte
	it := m.Iterate()
	for it.Next(&key, &per) {
		e := &AggEntry{}
		if a.KeySize > 0 {
			for _, k := range a.Keys {
				e.Keys = append(e.Keys, datum(key, k))
			}
		}
		if merge(a, e, per) {
			out = append(out, e)
		}
	}
	if err := it.Err(); err != nil {
		return nil, fmt.Errorf("reading aggregation @%s: %w", a.Name, err)
	}
	return out, nil
}

// merge folds each CPU's value into e; it reports whether any CPU had
// aggregated a value.
func merge(a *spec.Aggregation, e *AggEntry, per [][]byte) bool {
	nb := a.Buckets()
	if nb > 0 {
		e.Buckets = make([]int64, nb)
	}
	for _, v := range per {
		n := int64(le.Uint64(v))
		if n == 0 {
			continue
		}
		first := e.N == 0
		e.N += n
		switch a.Func {
		case spec.AggSum, spec.AggAvg:
			e.Sum += int64(le.Uint64(v[8:]))
		case spec.AggMin:
			if x := int64(le.Uint64(v[8:])); first || x < e.Min {
				e.Min = x
			}
		case spec.AggMax:
			if x := int64(le.Uint64(v[8:])); first || x > e.Max {
				e.Max = x
			}
		case spec.AggQuantize, spec.AggLquantize:
			for i := range e.Buckets {
				e.Buckets[i] += int64(le.Uint64(v[8+8*i:]))
			}
		}
	}
	return e.N > 0
}

// Clear zeroes every value of an aggregation, keeping its keys, as
// DTrace's clear().
func Clear(m *ebpf.Map, a *spec.Aggregation) error {
	zero := make([]byte, a.ValueSize)
	ncpu, err := ebpf.PossibleCPU()
	if err != nil {
		return err
	}
	vals := make([][]byte, ncpu)
	for i := range vals {
		vals[i] = zero
	}
	key := make([]byte, max(a.KeySize, 4))
	var keys [][]byte
	var per [][]byte
	it := m.Iterate()
	for it.Next(&key, &per) {
		keys = append(keys, append([]byte(nil), key...))
	}
	for _, k := range keys {
		if err := m.Update(k, vals, ebpf.UpdateExist); err != nil {
			return err
		}
	}
	return it.Err()
}

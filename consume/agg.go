package consume

import (
	"errors"
	"fmt"
	"math/bits"

	"github.com/cilium/ebpf"

	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/spec"
)

// AggEntry is one key of an aggregation with its value merged over CPUs.
type AggEntry struct {
	Key  []byte // the map key, as stored
	Keys []format.Datum
	// N is the number of values aggregated; Sum, Min and Max as the
	// function keeps them; Buckets for the quantizations.
	N, Sum, Min, Max int64
	SumSq            [2]uint64 // stddev: the 128-bit sum of squares, low word first
	Buckets          []int64
	// PerCPU holds each CPU's own value, by CPU number, when the
	// snapshot keeps them (SnapshotPerCPU); Key and Keys are empty
	// there. A CPU that never updated the entry has N == 0 and the
	// zeros the kernel holds for it.
	PerCPU []*AggEntry
}

// Snapshot reads aggregation a from its per-CPU map and merges the CPUs.
// Every key of a keyed aggregation is kept, cleared or not, as DTrace
// keeps cleared keys. The entry of a keyless aggregation is kept only if
// a CPU aggregated into it, or if keepEmpty says it did before a clear().
func Snapshot(m *ebpf.Map, a *spec.Aggregation, keepEmpty bool) ([]*AggEntry, error) {
	return snapshot(m, a, keepEmpty, false)
}

// SnapshotPerCPU is Snapshot that also keeps each CPU's value apart in
// the entries' PerCPU, as libdtrace keeps dtada_percpu under the
// aggpercpu option. The merged values are the same as Snapshot's.
func SnapshotPerCPU(m *ebpf.Map, a *spec.Aggregation, keepEmpty bool) ([]*AggEntry, error) {
	return snapshot(m, a, keepEmpty, true)
}

func snapshot(m *ebpf.Map, a *spec.Aggregation, keepEmpty, perCPU bool) ([]*AggEntry, error) {
	var out []*AggEntry
	key := make([]byte, max(a.KeySize, 4))
	var per [][]byte
	it := iterate(m)
	for it.Next(&key, &per) {
		if e, keep := entry(a, key, per, perCPU); keep || keepEmpty {
			out = append(out, e)
		}
	}
	if err := it.Err(); err != nil {
		return nil, fmt.Errorf("reading aggregation @%s: %w", a.Name, err)
	}
	return out, nil
}

// entry makes the snapshot's entry for one key from its per-CPU values,
// and reports whether to keep it: every key of a keyed aggregation, the
// entry of a keyless one only if a CPU aggregated into it.
func entry(a *spec.Aggregation, key []byte, per [][]byte, perCPU bool) (*AggEntry, bool) {
	e := &AggEntry{Key: append([]byte(nil), key...)}
	if a.KeySize > 0 {
		e.Keys = make([]format.Datum, len(a.Keys))
		for i, k := range a.Keys {
			e.Keys[i] = datum(key, k)
		}
	}
	if perCPU {
		e.PerCPU = splitCPUs(a, per)
	}
	return e, merge(a, e, per) || a.KeySize > 0
}

// merge folds each CPU's value into e; it reports whether any CPU had
// aggregated a value.
func merge(a *spec.Aggregation, e *AggEntry, per [][]byte) bool {
	nb := a.Buckets()
	if nb > 0 {
		e.Buckets = make([]int64, nb)
	}
	for _, v := range per {
		fold(a, e, v)
	}
	return e.N > 0
}

// splitCPUs decodes each CPU's value on its own.
func splitCPUs(a *spec.Aggregation, per [][]byte) []*AggEntry {
	out := make([]*AggEntry, len(per))
	for i, v := range per {
		c := &AggEntry{}
		if nb := a.Buckets(); nb > 0 {
			c.Buckets = make([]int64, nb)
		}
		fold(a, c, v)
		out[i] = c
	}
	return out
}

// fold adds one CPU's value v into e. A CPU whose count is zero never
// touched the key, and its zeros would corrupt min() and max().
func fold(a *spec.Aggregation, e *AggEntry, v []byte) {
	n := int64(le.Uint64(v))
	if n == 0 {
		return
	}
	first := e.N == 0
	e.N += n
	switch a.Func {
	case abi.AggSum, abi.AggAvg:
		e.Sum += int64(le.Uint64(v[8:]))
	case abi.AggStddev:
		e.Sum += int64(le.Uint64(v[8:]))
		var c uint64
		e.SumSq[0], c = bits.Add64(e.SumSq[0], le.Uint64(v[16:]), 0)
		e.SumSq[1], _ = bits.Add64(e.SumSq[1], le.Uint64(v[24:]), c)
	case abi.AggMin:
		if x := int64(le.Uint64(v[8:])); first || x < e.Min {
			e.Min = x
		}
	case abi.AggMax:
		if x := int64(le.Uint64(v[8:])); first || x > e.Max {
			e.Max = x
		}
	case abi.AggQuantize, abi.AggLquantize, abi.AggLlquantize:
		// Walked so that the compiler drops the bounds checks: quantize's
		// 127 buckets are most of a merge's work.
		src, dst := v[8:], e.Buckets
		for len(src) >= 8 && len(dst) > 0 {
			dst[0] += int64(le.Uint64(src))
			src, dst = src[8:], dst[1:]
		}
	}
}

// Clear zeroes the values of an aggregation's entries (a Snapshot),
// keeping their keys, as DTrace's clear().
func Clear(m *ebpf.Map, a *spec.Aggregation, entries []*AggEntry) error {
	ncpu, err := ebpf.PossibleCPU()
	if err != nil {
		return err
	}
	zero := make([][]byte, ncpu)
	for i := range zero {
		zero[i] = make([]byte, a.ValueSize)
	}
	for _, e := range entries {
		if err := m.Update(e.Key, zero, ebpf.UpdateExist); err != nil {
			return fmt.Errorf("clearing @%s: %w", a.Name, err)
		}
	}
	return nil
}

// Remove deletes entries from an aggregation, as trunc() does. The entry
// of a keyless aggregation is zeroed instead.
func Remove(m *ebpf.Map, a *spec.Aggregation, entries []*AggEntry) error {
	if a.KeySize == 0 {
		return Clear(m, a, entries)
	}
	for _, e := range entries {
		if err := m.Delete(e.Key); err != nil && !errors.Is(err, ebpf.ErrKeyNotExist) {
			return fmt.Errorf("truncating @%s: %w", a.Name, err)
		}
	}
	return nil
}

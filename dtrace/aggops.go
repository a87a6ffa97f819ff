package dtrace

import (
	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/spec"
)

// snapshot reads one aggregation, remembering whether a keyless one has
// ever held a value (it then prints, as zero, after clear()).
func (h *Handle) snapshot(a *spec.Aggregation) ([]*consume.AggEntry, error) {
	s, err := consume.Snapshot(h.objs.Map(a.Map), a, h.filled[a.ID])
	if err != nil {
		return nil, err
	}
	if len(s) > 0 {
		h.filled[a.ID] = true
	}
	return s, nil
}

// Normalize sets the factor aggregation id's values are divided by when
// printed, as normalize() does; 1 undoes it, as denormalize() does.
func (h *Handle) Normalize(id int, factor uint64) {
	if h.normal == nil {
		h.normal = map[int]uint64{}
	}
	h.normal[id] = factor
}

// Clear zeroes aggregation id's values and keeps its keys, as clear().
func (h *Handle) Clear(id int) error {
	a := h.prog.Aggs[id]
	entries, err := h.snapshot(a)
	if err != nil {
		return err
	}
	return consume.Clear(h.objs.Map(a.Map), a, entries)
}

// Trunc removes all of aggregation id's entries but the n largest (n >
// 0) or the -n smallest (n < 0), in DTrace's sort order, as trunc().
func (h *Handle) Trunc(id int, n int64) error {
	a := h.prog.Aggs[id]
	entries, err := h.snapshot(a)
	if err != nil {
		return err
	}
	if n != 0 {
		order := h.sorted(a, entries)
		switch {
		case n > 0 && int(n) < len(order):
			entries = order[:len(order)-int(n)]
		case n < 0 && int(-n) < len(order):
			entries = order[-n:]
		default:
			entries = nil
		}
	}
	if a.KeySize == 0 && len(entries) > 0 {
		h.filled[a.ID] = false
	}
	return consume.Remove(h.objs.Map(a.Map), a, entries)
}

// sorted returns entries in DTrace's default order (by value, then key).
func (h *Handle) sorted(a *spec.Aggregation, entries []*consume.AggEntry) []*consume.AggEntry {
	// One record per entry, keys resolved but not merged (aggRecords
	// merges entries that print alike), each carrying its index as a
	// last key, to map the order back to the entries; keys are unique,
	// so it never decides.
	recs := make([]format.AggRecord, len(entries))
	for i, e := range entries {
		keys := make([]format.Datum, 0, len(e.Keys)+1)
		for j, it := range a.Keys {
			keys = append(keys, h.Resolve(it, e.Keys[j]))
		}
		recs[i] = format.AggRecord{Keys: append(keys, format.IntDatum(int64(i), 8, false)), Value: aggValue(a, e)}
	}
	format.SortRecords(&format.AggDesc{Func: a.Func, Base: a.Base, Step: a.Step, Levels: a.Levels}, recs, format.SortOptions{})
	out := make([]*consume.AggEntry, len(recs))
	for i, r := range recs {
		out[i] = entries[r.Keys[len(r.Keys)-1].Int]
	}
	return out
}

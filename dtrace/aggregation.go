package dtrace

import (
	"fmt"
	"math/bits"

	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/option"
	"github.com/godtrace/godtrace/spec"
)

// Aggregation is a snapshot of one aggregation, as printa() and the
// output at exit print it: its description, with the factor normalize()
// set, and its records, unsorted, their keys resolved as DTrace prints
// them (func() of a kernel address is the function's name), and records
// whose keys resolve alike merged into one, as DTrace folds an address
// to its symbol before aggregating.
type Aggregation struct {
	Spec    *spec.Aggregation // as the program declared it
	Desc    *format.AggDesc
	Records []format.AggRecord
}

// Aggregation reads aggregation id (an index of Program().Aggs). A
// keyless aggregation that has held a value has one record, zero after
// clear(), as DTrace prints it.
func (h *Handle) Aggregation(id int) (*Aggregation, error) {
	a := h.prog.Aggs[id]
	entries, err := h.snapshot(a)
	if err != nil {
		return nil, err
	}
	return &Aggregation{Spec: a, Desc: h.aggDesc(a), Records: h.aggRecords(a, entries)}, nil
}

// aggDesc describes an aggregation to the formatter, with the factor
// normalize() set for it.
func (h *Handle) aggDesc(a *spec.Aggregation) *format.AggDesc {
	return &format.AggDesc{
		Name: a.Name, Func: a.Func,
		Base: a.Base, Step: a.Step, Levels: a.Levels,
		Factor: a.Factor, Low: a.Low, High: a.High, Steps: a.Nsteps,
		Normal: h.normal[a.ID],
	}
}

// aggValue converts a merged entry to the formatter's representation.
func aggValue(a *spec.Aggregation, e *consume.AggEntry) format.AggValue {
	return format.AggValue{Count: e.N, Sum: e.Sum, Min: e.Min, Max: e.Max, SumSq: e.SumSq, Buckets: e.Buckets}
}

// aggRecords converts merged entries for the formatter, resolving keys
// that are kernel symbols. Entries whose keys resolve alike (two
// addresses in one function, for func()) become one, as DTrace folds an
// address to its symbol before aggregating.
func (h *Handle) aggRecords(a *spec.Aggregation, entries []*consume.AggEntry) []format.AggRecord {
	symbolic := false
	for _, it := range a.Keys {
		symbolic = symbolic || it.Sym != "" || it.Stack != 0
	}
	recs := make([]format.AggRecord, 0, len(entries))
	index := map[string]int{}
	for _, e := range entries {
		keys := e.Keys
		if symbolic {
			keys = append([]format.Datum(nil), e.Keys...)
			for j, it := range a.Keys {
				keys[j] = h.Resolve(it, keys[j])
			}
			k := fmt.Sprint(keys)
			if i, ok := index[k]; ok {
				mergeValue(&recs[i].Value, aggValue(a, e))
				continue
			}
			index[k] = len(recs)
		}
		recs = append(recs, format.AggRecord{Keys: keys, Value: aggValue(a, e)})
	}
	return recs
}

// mergeValue folds v into into, both values of one aggregation.
func mergeValue(into *format.AggValue, v format.AggValue) {
	if v.Count == 0 {
		return
	}
	if into.Count == 0 || v.Min < into.Min {
		into.Min = v.Min
	}
	if into.Count == 0 || v.Max > into.Max {
		into.Max = v.Max
	}
	into.Count += v.Count
	into.Sum += v.Sum
	var c uint64
	into.SumSq[0], c = bits.Add64(into.SumSq[0], v.SumSq[0], 0)
	into.SumSq[1], _ = bits.Add64(into.SumSq[1], v.SumSq[1], c)
	for i := range v.Buckets {
		into.Buckets[i] += v.Buckets[i]
	}
}

// SnapshotPerCPU reads aggregation id as Snapshot does and, when the
// aggpercpu option is set, keeps each CPU's value in the entries' PerCPU,
// as libdtrace keeps dtada_percpu for its consumers. Printing ignores
// them: illumos dtrace(1) prints aggregations alike with or without it.
func (h *Handle) SnapshotPerCPU(id int) ([]*consume.AggEntry, error) {
	a := h.prog.Aggs[id]
	if !h.Options.Bool(option.AggPerCPU) {
		return h.snapshot(a)
	}
	s, err := consume.SnapshotPerCPU(h.objs.Map(a.Map), a, h.filled[a.ID])
	if err == nil && len(s) > 0 {
		h.filled[a.ID] = true
	}
	return s, err
}

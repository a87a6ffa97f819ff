package dtrace

import (
	"fmt"
	"math/bits"

	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/option"
	"github.com/godtrace/godtrace/spec"
)

// aggDesc describes an aggregation to the formatter, with the factor
// normalize() set for it.
func (h *Handle) aggDesc(a *spec.Aggregation) *format.AggDesc {
	return &format.AggDesc{
		Name: a.Name, Func: aggFunc[a.Func],
		Base: a.Base, Step: a.Step, Levels: a.Levels,
		Factor: a.Factor, Low: a.Low, High: a.High, Steps: a.Nsteps,
		Normal: h.normal[a.ID],
	}
}

var aggFunc = map[spec.AggFunc]format.AggFunc{
	spec.AggCount: format.Count, spec.AggSum: format.Sum, spec.AggAvg: format.Avg,
	spec.AggMin: format.Min, spec.AggMax: format.Max, spec.AggStddev: format.Stddev,
	spec.AggQuantize: format.Quantize, spec.AggLquantize: format.Lquantize,
	spec.AggLlquantize: format.Llquantize,
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
				keys[j] = h.symbolize(it, keys[j])
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

// printAgg prints one aggregation without a format, sorted as DTrace
// sorts it. An aggregation with no data prints only a blank line.
func (p *Printer) printAgg(h *Handle, a *spec.Aggregation, entries []*consume.AggEntry) error {
	if len(entries) == 0 {
		// Oracle's dt_printa() writes the blank line that starts an
		// aggregation's output even when it has no entries.
		return p.Out.WriteByte('\n')
	}
	return format.PrintAggregation(p.Out, h.aggDesc(a), h.aggRecords(a, entries), p.printOptions(h))
}

// printOptions reads the options that shape aggregation output; they are
// dynamic, so setopt() may have changed them since the last printa().
func (p *Printer) printOptions(h *Handle) format.PrintOptions {
	o := h.Options
	return format.PrintOptions{
		Sort: p.sortOptions(h), Env: h.env(),
		Hist: o.Bool(option.AggHist), Pack: o.Bool(option.AggPack), Zoom: o.Bool(option.AggZoom),
		Packing:  format.Packing{UTF8: packUTF8(o.String(option.Encoding), p.Term)},
		UTF8:     o.String(option.Encoding) == "utf8",
		RawBytes: o.Bool(option.RawBytes),
	}
}

// packUTF8 is libdtrace's choice of characters for packed aggregations:
// the encoding option if set, else UTF-8 unless the terminal is one known
// not to show it. (libdtrace reads a missing TERM as a NULL pointer; here
// it means a terminal of unknown abilities, given ASCII.)
func packUTF8(encoding, term string) bool {
	switch encoding {
	case "ascii":
		return false
	case "utf8":
		return true
	}
	switch term {
	case "", "sun", "sun-color", "dumb":
		return false
	}
	return true
}

func (p *Printer) sortOptions(h *Handle) format.SortOptions {
	o := h.Options
	return format.SortOptions{
		Key:    o.Bool(option.AggSortKey),
		KeyPos: int(o.Int(option.AggSortKeyPos)),
		Pos:    int(o.Int(option.AggSortPos)),
		Rev:    o.Bool(option.AggSortRev),
	}
}

// printaFormat prints aggregations with a printa() format, joined on
// their keys.
func (p *Printer) printaFormat(h *Handle, f *format.Format, ids []int, snap map[int][]*consume.AggEntry) error {
	var descs []*format.AggDesc
	var sets [][]format.AggRecord
	for _, id := range ids {
		a := h.prog.Aggs[id]
		descs = append(descs, h.aggDesc(a))
		sets = append(sets, h.aggRecords(a, snap[id]))
	}
	return format.Printa(p.Out, f, descs, format.Join(sets), p.printOptions(h))
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

package output

import (
	"math"

	"github.com/godtrace/godtrace/dtrace"
	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/spec"
)

// jsonAgg is a snapshot of one aggregation: its entries in the order
// dtrace prints them (by value unless the aggsort options say otherwise).
type jsonAgg struct {
	Name     string      `json:"name"` // "" for @
	Function string      `json:"function"`
	Entries  []jsonEntry `json:"entries"`
}

// jsonAggLine is an aggregation printed when tracing ends.
type jsonAggLine struct {
	Type string `json:"type"` // "aggregation"
	jsonAgg
}

// jsonEntry is one key of an aggregation and its value, normalized as
// dtrace prints it: Value for every function but the quantizations,
// which have Buckets; avg() and stddev() also give the count and sum
// they are computed from.
type jsonEntry struct {
	Keys    []any         `json:"keys"`
	Value   any           `json:"value,omitempty"` // int64, or uint64 for stddev
	Count   *int64        `json:"count,omitempty"`
	Sum     *int64        `json:"sum,omitempty"`
	Buckets *[]jsonBucket `json:"buckets,omitempty"` // present, maybe empty, for quantizations
}

// jsonBucket is a quantization bucket holding values from Min to Max,
// both included. Only buckets with a count are written.
type jsonBucket struct {
	Min   int64 `json:"min"`
	Max   int64 `json:"max"`
	Count int64 `json:"count"`
}

// aggregation describes a snapshot of an aggregation, its entries sorted
// as dtrace prints them.
func (j *JSON) aggregation(h *dtrace.Handle, agg *dtrace.Aggregation) jsonAgg {
	a, desc := agg.Spec, agg.Desc
	recs := append([]format.AggRecord(nil), agg.Records...)
	format.SortRecords(desc, recs, j.text.sortOptions(h))
	out := jsonAgg{Name: a.Name, Function: desc.Func.String(), Entries: make([]jsonEntry, 0, len(recs))}
	for _, r := range recs {
		e := jsonEntry{Keys: make([]any, len(r.Keys))}
		for i, k := range r.Keys {
			e.Keys[i] = jsonKey(h, a.Keys[i], k)
		}
		jsonAggValue(desc, &r.Value, &e)
		out.Entries = append(out.Entries, e)
	}
	return out
}

// jsonKey describes a key that Handle.Aggregation resolved: a symbol is its
// name, and a kernel stack has lost the tracing machinery's frames.
func jsonKey(h *dtrace.Handle, it spec.Item, d format.Datum) any {
	switch {
	case it.Sym != "":
		return jsonSymbol{Type: "symbol", Kind: it.Sym, Value: d.Str}
	case d.Kind == format.Stack:
		return stackObject(h, d)
	}
	return jsonDatum(d)
}

// jsonAggValue fills in an entry's value as dtrace prints it: divided by
// the normalize() factor, the scalars in unsigned arithmetic as
// libdtrace divides them.
func jsonAggValue(desc *format.AggDesc, v *format.AggValue, e *jsonEntry) {
	normal := max(desc.Normal, 1)
	scalar := func(x int64) int64 { return int64(uint64(x) / normal) }
	switch desc.Func {
	case format.Count:
		e.Value = scalar(v.Count)
	case format.Sum:
		e.Value = scalar(v.Sum)
	case format.Min:
		e.Value = scalar(v.Min)
	case format.Max:
		e.Value = scalar(v.Max)
	case format.Avg, format.Stddev:
		if desc.Func == format.Avg {
			e.Value = format.AvgValue(desc, v)
		} else {
			e.Value = format.StddevValue(desc, v)
		}
		n, s := v.Count, v.Sum
		e.Count, e.Sum = &n, &s
	default:
		bs := []jsonBucket{}
		for i, c := range v.Buckets {
			if c == 0 {
				continue
			}
			lo, hi, _ := bucketRange(desc, i, len(v.Buckets))
			bs = append(bs, jsonBucket{Min: lo, Max: hi, Count: c / int64(normal)})
		}
		e.Buckets = &bs
	}
}

// bucketRange returns the least and greatest values bucket i of n can
// hold. The labels dtrace prints are the bounds nearer zero: a negative
// quantize() bucket holds its label and the values below it down to the
// next label; every other bucket holds its label and the values up to
// the next one. The first and last buckets are open-ended. llquantize()
// buckets come from its bucket function, and some hold no value (ghost
// buckets, and magnitudes beyond 2^63): for those ok is false (their
// counts are always zero).
func bucketRange(d *format.AggDesc, i, n int) (lo, hi int64, ok bool) {
	if d.Func == format.Llquantize {
		return format.LlquantizeBucketRange(i, d)
	}
	lo, hi = linearBucketRange(d, i, n)
	return lo, hi, true
}

// linearBucketRange is bucketRange for quantize() and lquantize(),
// whose buckets follow from their labels.
func linearBucketRange(d *format.AggDesc, i, n int) (lo, hi int64) {
	label := func(i int) int64 {
		if d.Func == format.Quantize {
			return format.QuantizeBucketValue(i)
		}
		return format.LquantizeBucketValue(i, d)
	}
	if d.Func == format.Quantize && i < format.QuantizeZeroBucket {
		lo, hi = math.MinInt64, label(i)
		if i > 0 {
			lo = label(i-1) + 1
		}
		return lo, hi
	}
	lo, hi = label(i), math.MaxInt64
	if i == 0 && d.Func != format.Quantize {
		// The underflow bucket is labelled with the bound it lies below.
		lo, hi = math.MinInt64, label(0)-1
	}
	if i > 0 && i+1 < n {
		hi = label(i+1) - 1
	}
	return lo, hi
}

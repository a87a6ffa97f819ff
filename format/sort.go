package format

import (
	"sort"
	"strings"
)

// SortOptions are the options that order aggregation output.
type SortOptions struct {
	Key    bool // aggsortkey: by key rather than by value
	KeyPos int  // aggsortkeypos: the key compared first; keys wrap around
	Pos    int  // aggsortpos: for joined printa(), the aggregation compared first
	Rev    bool // aggsortrev: descending
}

// SortRecords puts the records of one aggregation in the order DTrace
// prints them (dt_aggregate_varvalcmp(), or dt_aggregate_varkeycmp() under
// aggsortkey): by value ascending, ties broken by key; or by key alone.
//
// What "value" means depends on the function: the count, sum, minimum or
// maximum; the integer average; the standard deviation; and for the
// quantizations the sum of each bucket's label times its count (in long
// double), ties broken by the zero bucket's count. Keys compare one by
// one from KeyPos, integers as unsigned numbers of their recorded size (so
// -1 sorts after 1), strings and memory byte by byte, a smaller record
// before a larger. Rev reverses every comparison.
func SortRecords(d *AggDesc, recs []AggRecord, o SortOptions) {
	s := &recSorter{d: d, recs: recs, opt: o}
	if !o.Key {
		s.vals = make([]sortValue, len(recs))
		for i := range recs {
			s.vals[i] = valueOf(d, &recs[i].Value)
		}
	}
	sort.Sort(s)
}

type recSorter struct {
	d    *AggDesc
	recs []AggRecord
	vals []sortValue
	opt  SortOptions
}

func (s *recSorter) Len() int { return len(s.recs) }

func (s *recSorter) Swap(i, j int) {
	s.recs[i], s.recs[j] = s.recs[j], s.recs[i]
	if s.vals != nil {
		s.vals[i], s.vals[j] = s.vals[j], s.vals[i]
	}
}

func (s *recSorter) Less(i, j int) bool {
	c := 0
	if !s.opt.Key {
		c = compareValues(s.d.Func, &s.vals[i], &s.vals[j])
	}
	if c == 0 {
		c = compareKeys(s.recs[i].Keys, s.recs[j].Keys, s.opt.KeyPos)
	}
	if s.opt.Rev {
		c = -c
	}
	return c < 0
}

// SortRows orders joined rows as dtrace_aggregate_walk_joined() does
// (dt_aggregate_bundlecmp()): by the values of the aggregations in turn,
// starting with the one at Pos, then by key; under aggsortkey by key first.
func SortRows(descs []*AggDesc, rows []AggRow, o SortOptions) {
	n := len(descs)
	pos := o.Pos
	if pos < 0 || pos >= n {
		pos = 0
	}
	vals := make([][]sortValue, len(rows))
	for i := range rows {
		vals[i] = make([]sortValue, n)
		for k := 0; k < n && k < len(rows[i].Values); k++ {
			vals[i][k] = valueOf(descs[k], &rows[i].Values[k])
		}
	}
	s := &rowSorter{descs: descs, rows: rows, vals: vals, opt: o, pos: pos}
	sort.Sort(s)
}

type rowSorter struct {
	descs []*AggDesc
	rows  []AggRow
	vals  [][]sortValue
	opt   SortOptions
	pos   int
}

func (s *rowSorter) Len() int { return len(s.rows) }

func (s *rowSorter) Swap(i, j int) {
	s.rows[i], s.rows[j] = s.rows[j], s.rows[i]
	s.vals[i], s.vals[j] = s.vals[j], s.vals[i]
}

func (s *rowSorter) Less(i, j int) bool {
	c := s.compare(i, j)
	if s.opt.Rev {
		c = -c
	}
	return c < 0
}

func (s *rowSorter) compare(i, j int) int {
	if s.opt.Key {
		if c := compareKeys(s.rows[i].Keys, s.rows[j].Keys, s.opt.KeyPos); c != 0 {
			return c
		}
	}
	n := len(s.descs)
	for k := 0; k < n; k++ {
		a := (k + s.pos) % n
		if c := compareValues(s.descs[a].Func, &s.vals[i][a], &s.vals[j][a]); c != 0 {
			return c
		}
	}
	if s.opt.Key {
		return 0
	}
	return compareKeys(s.rows[i].Keys, s.rows[j].Keys, s.opt.KeyPos)
}

// sortValue is what dt_aggregate_valcmp() compares, computed once per
// entry rather than once per comparison.
type sortValue struct {
	i    int64       // count, sum, min, max, avg
	u    uint64      // stddev
	sum  *longDouble // quantizations: the weighted sum...
	zero int64       // ...and the count at zero
}

func valueOf(d *AggDesc, v *AggValue) sortValue {
	switch d.Func {
	case Count:
		return sortValue{i: v.Count}
	case Sum:
		return sortValue{i: v.Sum}
	case Min:
		return sortValue{i: v.Min}
	case Max:
		return sortValue{i: v.Max}
	case Avg:
		if v.Count == 0 {
			return sortValue{}
		}
		return sortValue{i: v.Sum / v.Count}
	case Stddev:
		return sortValue{u: stddev(v, 1)}
	case Quantize:
		return quantizeSortValue(buckets(v.Buckets, QuantizeNBuckets))
	case Lquantize:
		_, _, levels := d.lparams()
		return lquantizeSortValue(d, buckets(v.Buckets, levels+2))
	case Llquantize:
		return llquantizeSortValue(d, buckets(v.Buckets, LlquantizeNBuckets(d)))
	}
	return sortValue{}
}

func compareValues(f AggFunc, a, b *sortValue) int {
	switch f {
	case Stddev:
		return cmpUint(a.u, b.u)
	case Quantize, Lquantize, Llquantize:
		if c := a.sum.cmp(b.sum); c != 0 {
			return c
		}
		return cmpInt(a.zero, b.zero)
	}
	return cmpInt(a.i, b.i)
}

// quantizeSortValue is dt_aggregate_quantizedcmp()'s sum.
func quantizeSortValue(b []int64) sortValue {
	total := ldInt(0)
	for i, n := range b {
		total.addMul(QuantizeBucketValue(i), n)
	}
	return sortValue{sum: total, zero: b[QuantizeZeroBucket]}
}

// lquantizeSortValue is dt_aggregate_lquantizedsum() and ..zero(): the
// underflow bucket weighs base-1 and the overflow bucket limit+1, in C's
// 32-bit int arithmetic.
func lquantizeSortValue(d *AggDesc, b []int64) sortValue {
	base, step, levels := d.lparams()
	total := ldInt(0)
	total.addMul(b[0], int64(base-1))
	zero, found := int64(0), false
	if base-1 == 0 {
		zero, found = b[0], true
	}
	for i := 0; i < levels; i++ {
		total.addMul(b[i+1], int64(base))
		if base == 0 && !found {
			zero, found = b[i+1], true
		}
		base += int32(step)
	}
	total.addMul(b[levels+1], int64(base+1))
	if base+1 == 0 && !found {
		zero = b[levels+1]
	}
	return sortValue{sum: total, zero: zero}
}

// compareKeys is dt_aggregate_keycmp(): fewer keys first, then key by key
// starting at keypos (which wraps; an out-of-range keypos means 0).
func compareKeys(a, b []Datum, keypos int) int {
	if c := cmpInt(int64(len(a)), int64(len(b))); c != 0 {
		return c
	}
	n := len(a)
	if keypos < 0 || keypos >= n {
		keypos = 0
	}
	for j := 0; j < n; j++ {
		k := (j + keypos) % n
		if c := compareDatum(&a[k], &b[k]); c != 0 {
			return c
		}
	}
	return 0
}

// compareDatum compares two key records: the smaller record first, then
// records of 1, 2, 4 or 8 bytes as unsigned integers and others byte by
// byte.
func compareDatum(a, b *Datum) int {
	if c := cmpInt(int64(a.Size), int64(b.Size)); c != 0 {
		return c
	}
	switch a.Size {
	case 1, 2, 4, 8:
		return cmpUint(a.asUint(), b.asUint())
	}
	if a.Kind == String && b.Kind == String {
		// Equal sizes and NUL padding make this plain string order.
		return strings.Compare(a.Str, b.Str)
	}
	ra, rb := a.raw(), b.raw()
	for i := range ra {
		if c := cmpUint(uint64(ra[i]), uint64(rb[i])); c != 0 {
			return c
		}
	}
	return 0
}

// asUint reads a 1-, 2-, 4- or 8-byte record as libdtrace does when it
// compares or prints keys: by size, whatever the record holds.
func (d *Datum) asUint() uint64 {
	if d.Kind == Int {
		return d.uint()
	}
	b := d.raw()
	var v uint64
	for i := len(b) - 1; i >= 0; i-- {
		v = v<<8 | uint64(b[i])
	}
	return v
}

func cmpInt(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

func cmpUint(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

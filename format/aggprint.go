package format

import (
	"io"
	"strconv"
)

// PrintOptions control aggregation output.
type PrintOptions struct {
	Sort SortOptions
	Env  *Env // for keys and values printed with %a, %Y and the like
	// Hist is agghist: count() and sum() entries print as histogram
	// rows (see hist.go). Pack is aggpack: quantize() and lquantize()
	// entries print on one line each (see pack.go), drawn as Packing
	// says. Zoom is aggzoom: bars are scaled to the largest value
	// rather than the total.
	Hist, Pack, Zoom bool
	Packing          Packing
	// UTF8 is encoding=utf8 set explicitly: the bars of unpacked graphs
	// with no negative rows are drawn in block elements, to an eighth
	// of a character (libdtrace does this only when asked).
	UTF8 bool
	// RawBytes is rawbytes: string and memory keys print as hex dumps.
	RawBytes bool
}

// Aggregation is one aggregation and its records.
type Aggregation struct {
	Desc    *AggDesc
	Records []AggRecord
}

// PrintAggregation writes an aggregation as printa(@a) does: a newline,
// then each record on its own line, keys first. It sorts recs in place.
//
// Integer keys print " %16lld", " %8d", " %5d" or " %3d" by size (the
// 1- and 2-byte ones unsigned), strings and other memory as "  %-50s" when
// they look like a string and as a hex dump otherwise. Values print
// " %16lld" (avg included, stddev unsigned); quantizations print their
// graph after the keys, and a record with a graph ends with a blank line.
func PrintAggregation(w io.Writer, d *AggDesc, recs []AggRecord, o PrintOptions) error {
	p := newOut(w)
	p.byte('\n')
	printRecords(p, d, recs, o)
	return p.flush()
}

// PrintRecords writes the records of an aggregation sorted, without the
// newline that printa() writes first. It sorts recs in place.
func PrintRecords(w io.Writer, d *AggDesc, recs []AggRecord, o PrintOptions) error {
	p := newOut(w)
	printRecords(p, d, recs, o)
	return p.flush()
}

// PrintExit writes what dtrace(1) writes once tracing has stopped: a
// newline, then each aggregation's records with nothing between the
// aggregations. aggs should hold the aggregations not yet printed by an
// unformatted printa(), in the order of their variable IDs (the order in
// which the program first mentions them). libdtrace sorts all entries at
// once, variable ID first, so aggsortrev reverses the order of the
// aggregations too. It sorts the records in place.
func PrintExit(w io.Writer, aggs []Aggregation, o PrintOptions) error {
	p := newOut(w)
	p.byte('\n')
	for i := range aggs {
		a := aggs[i]
		if o.Sort.Rev {
			a = aggs[len(aggs)-1-i]
		}
		printRecords(p, a.Desc, a.Records, o)
	}
	return p.flush()
}

// PrintJoined writes several aggregations as printa(@a, @b) does without a
// format: a newline, then for each key the keys and each aggregation's
// value. It sorts rows in place.
func PrintJoined(w io.Writer, descs []*AggDesc, rows []AggRow, o PrintOptions) error {
	SortRows(descs, rows, o.Sort)
	p := newOut(w)
	p.byte('\n')
	for i := range rows {
		printRecordKeys(p, o, rows[i].Keys)
		for k, d := range descs {
			var v AggValue
			if k < len(rows[i].Values) {
				v = rows[i].Values[k]
			}
			printValue(p, d, &v, o.bars())
		}
		p.byte('\n')
	}
	return p.flush()
}

// printRecords is dt_print_agg() over the sorted records of one
// aggregation. Histogram and packed lines end themselves; the others get
// a newline after the value.
func printRecords(p *out, d *AggDesc, recs []AggRecord, o PrintOptions) {
	SortRecords(d, recs, o.Sort)
	switch {
	case o.Hist && histogrammed(d.Func):
		printHist(p, d, recs, o)
		return
	case o.Pack && packable(d.Func):
		printPacked(p, d, recs, o)
		return
	}
	for i := range recs {
		printRecordKeys(p, o, recs[i].Keys)
		printValue(p, d, &recs[i].Value, o.bars())
		p.byte('\n')
	}
}

// printRecordKeys prints the keys of a line; under rawbytes what would
// print as a string prints as a hex dump.
func printRecordKeys(p *out, o PrintOptions, keys []Datum) {
	if !o.RawBytes {
		printKeys(p, o.Env, keys)
		return
	}
	for i := range keys {
		if k := &keys[i]; k.Kind != Stack && !k.sized() {
			printBytes(p, k.raw(), -50, false, true)
			continue
		}
		printKeys(p, o.Env, keys[i:i+1])
	}
}

// sized reports whether libdtrace prints a key of d's size as an
// integer: it goes by the size alone, whatever the key holds.
func (d *Datum) sized() bool {
	return d.Size == 1 || d.Size == 2 || d.Size == 4 || d.Size == 8
}

// printKeys is dt_print_datum() for the key records: a stack as the
// stack() action prints it, anything else by size, whatever the record
// holds.
func printKeys(p *out, env *Env, keys []Datum) {
	for i := range keys {
		k := &keys[i]
		if k.Kind == Stack {
			printStack(p, env, k, env.stackIndent(), spec{prec: -1})
			continue
		}
		switch k.Size {
		case 8:
			p.byte(' ')
			p.rightInt(int64(k.asUint()), 16)
		case 4:
			p.byte(' ')
			p.rightInt(int64(int32(k.asUint())), 8)
		case 2:
			p.byte(' ')
			p.rightInt(int64(k.asUint()), 5)
		case 1:
			p.byte(' ')
			p.rightInt(int64(k.asUint()), 3)
		default:
			printKeyBytes(p, k)
		}
	}
}

// printKeyBytes prints a string or memory key, sparing the common case of
// a printable string the copy of its buffer.
func printKeyBytes(p *out, k *Datum) {
	if k.Kind == String && k.Size > len(k.Str) && k.Str != "" && printableString(k.Str) {
		p.str("  ")
		p.str(k.Str)
		if n := 50 - len(k.Str); n > 0 {
			p.pad(n, ' ')
		}
		return
	}
	printBytes(p, k.raw(), -50, false, false)
}

func printableString(s string) bool {
	for i := 0; i < len(s); i++ {
		if !isPrintable(s[i]) {
			return false
		}
	}
	return true
}

// printValue is dt_print_datum() for the aggregation's value.
func printValue(p *out, d *AggDesc, v *AggValue, bs Bars) {
	normal := d.normal()
	switch d.Func {
	case Count:
		p.scalar(v.Count, normal)
	case Sum:
		p.scalar(v.Sum, normal)
	case Min:
		p.scalar(v.Min, normal)
	case Max:
		p.scalar(v.Max, normal)
	case Avg:
		p.byte(' ')
		p.rightInt(AvgValue(d, v), 16)
	case Stddev:
		p.byte(' ')
		var tmp [24]byte
		p.rightString(string(strconv.AppendUint(tmp[:0], StddevValue(d, v), 10)), 16)
	case Quantize:
		bs.quantize(p, v.Buckets, normal)
	case Lquantize:
		bs.lquantize(p, d, v.Buckets, normal)
	case Llquantize:
		bs.llquantize(p, d, v.Buckets, normal)
	}
}

// scalar prints " %16lld" of the value over the normalization; the
// division is unsigned, as in libdtrace, where normal is a uint64_t.
func (p *out) scalar(v int64, normal uint64) {
	p.byte(' ')
	p.rightInt(int64(uint64(v)/normal), 16)
}

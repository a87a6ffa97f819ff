package format

import "math/big"

// The agghist option prints each entry of a count() or sum() aggregation
// as one row of a histogram: the keys, then a bar and the value, as
// dt_print_datum() does with DTRACE_A_TOTAL. The bars share one scale
// for the whole aggregation (dt_aggregate_total()).
//
// libdtrace also totals avg() and stddev() (by the average and the
// standard deviation) and then prints their rows from the first word of
// the value, which for both is the count: the value column shows the
// count and the bar compares it with the total of the averages. This
// package does the same; min(), max() and the quantizations print as
// they do without the option.

// histogrammed reports whether agghist changes how f prints.
func histogrammed(f AggFunc) bool {
	switch f {
	case Count, Sum, Avg, Stddev:
		return true
	}
	return false
}

// histTotal is dt_aggregate_total() for one aggregation: the scale of
// its bars and whether any entry is positive or negative. The total is a
// 64-bit integer there: the sum of the magnitudes, or under aggzoom the
// largest magnitude over DTRACE_AGGZOOM_MAX, truncated.
func histTotal(d *AggDesc, recs []AggRecord, bs Bars) (total int64, positives, negatives bool) {
	for i := range recs {
		v := &recs[i].Value
		var x int64
		switch d.Func {
		case Count:
			x = v.Count
		case Sum:
			x = v.Sum
		case Avg:
			if v.Count != 0 {
				x = v.Sum / v.Count
			}
		case Stddev:
			x = int64(stddev(v, 1))
		}
		positives = positives || x > 0
		if x < 0 {
			negatives = true
			x = -x
		}
		if !bs.Zoom {
			total += x
			continue
		}
		z := ldInt(x)
		z.f.Mul(&z.f, ldFloat(1/aggZoomMax))
		if n, _ := z.f.Int64(); n > total {
			total = n
		}
	}
	return total, positives, negatives
}

// histValue is the word dt_print_datum() reads as the entry's value: the
// count for count(), avg() and stddev(), the sum for sum().
func histValue(d *AggDesc, v *AggValue) int64 {
	if d.Func == Sum {
		return v.Sum
	}
	return v.Count
}

// printHist writes the records of an aggregation under agghist: the
// heading once, then per record its keys and a histogram row.
func printHist(p *out, d *AggDesc, recs []AggRecord, o PrintOptions) {
	if len(recs) == 0 {
		return
	}
	bs := o.bars()
	total, positives, negatives := histTotal(d, recs, bs)
	histHeading(p, packedKeyWidth(recs[0].Keys))
	g := &graph{o: p, normal: d.normal(), total: ldInt(total), positives: positives, negative: negatives, utf8: bs.UTF8}
	for i := range recs {
		printPackedKeys(p, o, recs[i].Keys)
		p.byte(' ')
		g.row(histValue(d, &recs[i].Value))
	}
}

// histHeading is dt_print_quanthdr(): "key" right-aligned over the keys,
// or "value" in 16 columns when there are none.
func histHeading(p *out, width int) {
	p.byte('\n')
	if width == 0 {
		p.rightString("value", 16)
	} else {
		p.rightString("key", width)
	}
	p.str("  ------------- Distribution ------------- count    \n")
}

// ldFloat is a float64 constant as C converts it to long double.
func ldFloat(x float64) *big.Float {
	return new(big.Float).SetPrec(64).SetMode(big.ToNearestEven).SetFloat64(x)
}

package format

import "strconv"

// The aggpack option prints each entry of a quantize() or lquantize()
// aggregation on one line: the keys, the lowest bucket's label, one
// character per bucket, the highest bucket's label and the total count,
// under a heading that names the range (dt_print_quantize_packed(),
// dt_print_lquantize_packed(), dt_print_quanthdr_packed()). Every line of
// an aggregation covers the same buckets: for quantize() those from the
// one before the lowest non-zero bucket of any entry to the one after the
// highest (dt_aggregate_minmaxbin()), for lquantize() all of them.
// llquantize() and the other functions print as they do without the
// option.

// Packing says how packed bars are drawn: in the ASCII characters
// "__xxxxXX" and "vvvvVV" (negative), or in the UTF-8 block elements
// U+2581 to U+2588. libdtrace uses UTF-8 unless the encoding option says
// ascii, or, with no encoding set, TERM is sun, sun-color or dumb.
type Packing struct {
	UTF8 bool
}

// packable reports whether aggpack changes how f prints.
func packable(f AggFunc) bool { return f == Quantize || f == Lquantize }

// packedRange is the range of buckets the lines of a packed aggregation
// show, first to last inclusive.
func packedRange(d *AggDesc, recs []AggRecord) (first, last int) {
	if d.Func == Lquantize {
		_, _, levels := d.lparams()
		return 0, levels + 1
	}
	lo, hi := -1, -1
	for i := range recs {
		for j, c := range recs[i].Value.Buckets {
			if j >= QuantizeNBuckets || c == 0 {
				continue
			}
			if lo == -1 || j < lo {
				lo = j
			}
			hi = max(hi, j)
		}
	}
	if lo == -1 {
		// No data (after clear(), or negative increments): the zero
		// bucket stands for both ends.
		lo, hi = QuantizeZeroBucket, QuantizeZeroBucket
	}
	// The bucket below the lowest is shown too, unless the lowest is
	// already the first or the zero bucket.
	if lo != 0 && lo != QuantizeZeroBucket {
		lo--
	}
	if hi < QuantizeNBuckets-1 {
		hi++
	}
	return lo, hi
}

// printPacked writes the records of an aggregation under aggpack.
func printPacked(p *out, d *AggDesc, recs []AggRecord, o PrintOptions) {
	if len(recs) == 0 {
		return
	}
	first, last := packedRange(d, recs)
	packedHeading(p, d, packedKeyWidth(recs[0].Keys), first, last)
	bs := o.bars()
	for i := range recs {
		printPackedKeys(p, o, recs[i].Keys)
		n := QuantizeNBuckets
		if d.Func == Lquantize {
			n = last + 1
		}
		b := buckets(recs[i].Value.Buckets, n)
		lo, hi := packedLabels(d, first, last)
		// The linear label has no blank before it, as in libdtrace.
		if d.Func == Lquantize {
			p.rightString(lo, 8)
		} else {
			p.byte(' ')
			p.rightString(lo, ndigits(QuantizeBucketValue(first)))
		}
		p.str(" :")
		total := ldInt(0)
		var count int64
		for j := first; j <= last; j++ {
			bs.addTotal(total, b[j])
			count += b[j]
		}
		for j := first; j <= last; j++ {
			o.Packing.cell(p, b[j], total)
		}
		p.str(": ")
		if d.Func == Lquantize {
			p.leftString(hi, 8)
		} else {
			p.leftString(hi, ndigits(QuantizeBucketValue(last)))
		}
		p.str(" | ")
		p.str(strconv.FormatInt(count, 10))
		p.byte('\n')
	}
}

// packedLabels are the labels of the first and last buckets shown.
func packedLabels(d *AggDesc, first, last int) (lo, hi string) {
	if d.Func == Lquantize {
		return lquantizeLabel(d, first), lquantizeLabel(d, last)
	}
	return strconv.FormatInt(QuantizeBucketValue(first), 10), strconv.FormatInt(QuantizeBucketValue(last), 10)
}

// packedHeading is dt_print_quanthdr_packed(): "key" over the keys, then
// "min", a dash per bucket between dots, "max" and "count", each label as
// wide as the numbers below it.
func packedHeading(p *out, d *AggDesc, width, first, last int) {
	minw, maxw := ndigits(QuantizeBucketValue(first)), ndigits(QuantizeBucketValue(last))
	if d.Func == Lquantize {
		minw, maxw = 7, 8
	}
	p.byte('\n')
	if width > 0 {
		p.rightString("key", width)
	}
	p.byte(' ')
	p.rightString("min", minw)
	p.str(" .")
	p.pad(last-first+1, '-') // a dash over each cell
	p.str(". ")
	p.leftString("max", maxw)
	p.str(" | count\n")
}

// cell is dt_print_packed(): one character for a bucket's count, blank
// for zero, else chosen by the count's share of the total.
func (pk Packing) cell(p *out, v int64, total *longDouble) {
	switch {
	case v == 0:
		p.byte(' ')
	case v < 0:
		p.byte("vvvvVV"[barDepth(v, 5, total)])
	case pk.UTF8:
		p.str(string(rune(0x2581 + barDepth(v, 7, total))))
	default:
		p.byte("__xxxxXX"[barDepth(v, 7, total)])
	}
}

// ndigits is dt_ndigits(): the digits of v and its sign, at least 4. Its
// loop stops when v is no longer greater than the power of ten, so an
// exact power of ten counts one digit short, as in libdtrace.
func ndigits(v int64) int {
	n := 1
	if v < 0 {
		if v == -1<<63 {
			v = 1<<63 - 1
		} else {
			v = -v
		}
		n++
	}
	for cmp := int64(10); v > cmp && cmp > 0; cmp *= 10 {
		n++
	}
	return max(n, 4)
}

// packedKeyWidth is the width the heading gives the keys: each key's
// packed width (3, 5, 8 or 16 columns by size, 16 for strings and
// other memory) and a blank.
func packedKeyWidth(keys []Datum) int {
	w := 0
	for i := range keys {
		w += packedWidth(keys[i].Size) + 1
	}
	return w
}

func packedWidth(size int) int {
	switch size {
	case 1:
		return 3
	case 2:
		return 5
	case 4:
		return 8
	}
	return 16
}

// printPackedKeys prints keys as dt_print_datum() does for a packed or
// histogram line: integers as usual, strings right-aligned in 16 columns.
func printPackedKeys(p *out, o PrintOptions, keys []Datum) {
	for i := range keys {
		k := &keys[i]
		if k.Kind == Stack || k.sized() {
			printKeys(p, o.Env, keys[i:i+1])
			continue
		}
		printBytes(p, k.raw(), 16, false, o.RawBytes)
	}
}

// leftString writes s left-justified in width columns, "%-*s".
func (o *out) leftString(s string, width int) {
	o.str(s)
	if n := width - len(s); n > 0 {
		o.pad(n, ' ')
	}
}

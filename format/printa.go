package format

import "io"

// Printa writes aggregations through a format, as printa("...", @a, @b)
// does: once per key, the format's ordinary conversions take the keys in
// order and each %@ conversion the value of the next aggregation (the
// last one again once they run out). A quantization's %@ prints its
// graph. descs has one entry per aggregation, rows one Values entry per
// aggregation (use Join to build them from records). There is no leading
// newline. Printa sorts rows in place, as SortRows does.
//
// An aggregation value goes through the conversion as a 64-bit integer,
// unsigned for count() and signed otherwise; avg() is the sum over the
// count in unsigned arithmetic, as pfprint_average() computes it.
func Printa(w io.Writer, f *Format, descs []*AggDesc, rows []AggRow, o PrintOptions) error {
	SortRows(descs, rows, o.Sort)
	p := newOut(w)
	var err error
	for i := range rows {
		src := &rowSource{descs: descs, row: &rows[i], keys: rows[i].Keys, bars: o.bars()}
		if err = f.exec(p, o.Env, src); err != nil {
			break
		}
	}
	if ferr := p.flush(); err == nil {
		err = ferr
	}
	return err
}

// rowSource feeds one printa() row to a format.
type rowSource struct {
	descs []*AggDesc
	row   *AggRow
	keys  []Datum
	nagg  int // %@ conversions used so far
	bars  Bars
}

func (r *rowSource) next() (Datum, error) {
	if len(r.keys) == 0 {
		return Datum{}, ErrMismatch
	}
	d := r.keys[0]
	r.keys = r.keys[1:]
	return d, nil
}

func (r *rowSource) agg(o *out, env *Env, c *Conv, s spec) error {
	if len(r.descs) == 0 {
		return ErrMismatch
	}
	i := min(r.nagg, len(r.descs)-1)
	r.nagg++
	d := r.descs[i]
	var v AggValue
	if i < len(r.row.Values) {
		v = r.row.Values[i]
	}
	normal := d.normal()
	var x uint64
	switch d.Func {
	case Quantize:
		r.bars.quantize(o, v.Buckets, normal)
		return nil
	case Lquantize:
		r.bars.lquantize(o, d, v.Buckets, normal)
		return nil
	case Llquantize:
		r.bars.llquantize(o, d, v.Buckets, normal)
		return nil
	case Avg:
		if v.Count != 0 {
			x = uint64(v.Sum) / normal / uint64(v.Count)
		}
		normal = 1
	case Stddev:
		x = stddev(&v, normal)
		normal = 1
	case Count:
		x = uint64(v.Count)
	case Sum:
		x = uint64(v.Sum)
	case Min:
		x = uint64(v.Min)
	case Max:
		x = uint64(v.Max)
	}
	val := Datum{Kind: Int, Size: 8, Signed: d.Func != Count, Int: x}
	if normal != 1 {
		val = normalize(c, val, normal)
	}
	return c.print(o, env, s, val)
}

// normalize divides an aggregation value for printing as pfprint_sint()
// and pfprint_uint() do: signed for a signed conversion, unsigned
// otherwise. Other conversions see the raw value.
func normalize(c *Conv, d Datum, normal uint64) Datum {
	switch {
	case c.info.pr == prSint || c.info.pr == prDint && d.Signed:
		d.Int = uint64(int64(d.Int) / int64(normal))
	case c.info.pr == prUint || c.info.pr == prDint:
		d.Int /= normal
	}
	return d
}

package format

import "testing"

// printAgg is an unformatted printa(@a) under the options in o.
func (s *session) printAgg(d *AggDesc, recs []AggRecord, o PrintOptions) {
	s.t.Helper()
	if err := PrintAggregation(&s.buf, d, recs, o); err != nil {
		s.t.Fatal(err)
	}
}

// aggs/tst.aggpack.d: packed quantize() and lquantize() lines with keys of
// every size, a negative weight, and aggzoom set and cleared by setopt().
func TestAggpack(t *testing.T) {
	pack := PrintOptions{Pack: true} // encoding=ascii
	neg := &AggDesc{Name: "neg", Func: Lquantize, Base: -10, Step: 1, Levels: 30}
	negv := AggValue{Buckets: quantize(neg, nil, -10, -1)}
	negv.Buckets = quantize(neg, negv.Buckets, -5, 1)
	negv.Buckets = quantize(neg, negv.Buckets, 0, 1)
	q := &AggDesc{Func: Quantize}
	one := AggValue{Buckets: quantize(q, nil, 1, 1)}

	s := newSession(t)
	zoom := pack
	zoom.Zoom = true
	s.printAgg(neg, []AggRecord{rec(negv)}, zoom)
	s.printAgg(neg, []AggRecord{rec(negv)}, pack)

	var a []AggRecord
	for i := int64(0); i <= 100; i++ {
		b := quantize(q, nil, 0, i)
		a = append(a, rec(AggValue{Buckets: quantize(q, b, 1, 100-i)}, i32(i)))
	}
	if err := PrintExit(&s.buf, []Aggregation{
		{Desc: q, Records: []AggRecord{rec(AggValue{Buckets: quantize(q, nil, 1<<32, 1)})}},
		{Desc: q, Records: []AggRecord{rec(one, i32(1))}},
		{Desc: q, Records: []AggRecord{rec(one, str("mumble"))}},
		{Desc: q, Records: []AggRecord{rec(one, str("foo"), i8(1), i16(2), i64(3))}},
		{Desc: q, Records: a},
	}, pack); err != nil {
		t.Fatal(err)
	}
	s.check("aggs_aggpack")
}

// aggs/tst.aggpackzoom.d: an lquantize() printed as graphs, packed, and
// packed with aggzoom.
func TestAggpackZoom(t *testing.T) {
	d := &AggDesc{Func: Lquantize, Base: 0, Step: 1, Levels: 40}
	var recs []AggRecord
	for k := int64(1); k <= 3; k++ {
		var b []int64
		for i := int64(1); i <= 30; i++ {
			b = quantize(d, b, i, 1000)
		}
		b = quantize(d, b, 0, 1)
		b = quantize(d, b, 40, 2000)
		recs = append(recs, rec(AggValue{Buckets: b}, i32(k)))
	}
	s := newSession(t)
	s.printAgg(d, recs, PrintOptions{})
	s.printAgg(d, recs, PrintOptions{Pack: true})
	s.printAgg(d, recs, PrintOptions{Pack: true, Zoom: true})
	s.exit()
	s.check("aggs_aggpackzoom")
}

// aggs/tst.aggzoom.d: a graph scaled to its total, then to its largest
// bucket.
func TestAggzoom(t *testing.T) {
	d := &AggDesc{Func: Lquantize, Base: 0, Step: 1, Levels: 100}
	var b []int64
	for i := int64(1); i <= 90; i++ {
		b = quantize(d, b, i, 1000)
	}
	b = quantize(d, b, 100, 2000)
	b = quantize(d, b, 101, 3000)
	recs := []AggRecord{rec(AggValue{Buckets: b})}
	s := newSession(t)
	s.printAgg(d, recs, PrintOptions{})
	s.printAgg(d, recs, PrintOptions{Zoom: true})
	s.exit()
	s.check("aggs_aggzoom")
}

// aggs/tst.agghist.d: sum() as histograms, with mixed, positive and
// negative values, then zoomed.
func TestAgghist(t *testing.T) {
	d := &AggDesc{Func: Sum}
	sums := func(kv ...any) []AggRecord {
		var recs []AggRecord
		for i := 0; i < len(kv); i += 2 {
			recs = append(recs, rec(AggValue{Count: 1, Sum: int64(kv[i+1].(int))}, str(kv[i].(string))))
		}
		return recs
	}
	s := newSession(t)
	for _, zoom := range []bool{false, true} {
		if zoom {
			s.printf("\nzoomed:")
		}
		o := PrintOptions{Hist: true, Zoom: zoom}
		s.printAgg(d, sums("demerit", -10, "wtf", 10, "bot", 20), o)
		s.printAgg(d, sums("SOAP/XML", 1, "XACML store", 5, "SAML token", 6), o)
		s.printAgg(d, sums("breakfast", -5, "non-diet pepsi", -20, "parrot", -100), o)
	}
	s.exit()
	s.check("aggs_agghist")
}

// Derived from dt_consume.c where no test output exists (see
// testdata/SOURCES.md): a cleared quantize(), a single bucket, negative
// counts, UTF-8 cells, and llquantize(), which aggpack leaves alone.
func TestAggpackDerived(t *testing.T) {
	q := &AggDesc{Func: Quantize}
	ll := &AggDesc{Func: Llquantize, Factor: 10, Low: 0, High: 2, Steps: 10}
	s := newSession(t)
	pack := PrintOptions{Pack: true}
	// After clear(): no bucket set, the zero bucket stands for the range.
	s.printAgg(q, []AggRecord{rec(AggValue{}, i64(7)), rec(AggValue{}, i64(8))}, pack)
	// Negative counts and a range across zero.
	b := quantize(q, nil, -100, 3)
	b = quantize(q, b, 5, -2)
	b = quantize(q, b, 1000, 9)
	s.printAgg(q, []AggRecord{rec(AggValue{Buckets: b}, str("mixed")), rec(AggValue{Buckets: quantize(q, nil, 64, 1)}, str("one"))}, pack)
	utf := pack
	utf.Packing.UTF8 = true
	s.printAgg(q, []AggRecord{rec(AggValue{Buckets: b}, str("mixed")), rec(AggValue{Buckets: quantize(q, nil, 64, 1)}, str("one"))}, utf)
	s.printAgg(ll, []AggRecord{rec(AggValue{Buckets: quantize(ll, nil, 15, 1)})}, pack)
	s.exit()
	s.check("aggpack_derived")
}

// Derived from dt_consume.c and dt_aggregate.c: agghist without keys,
// with integer keys, for count(), for avg() (whose rows show the count),
// and for max(), which it leaves alone.
func TestAgghistDerived(t *testing.T) {
	hist := PrintOptions{Hist: true}
	s := newSession(t)
	s.printAgg(&AggDesc{Func: Count}, []AggRecord{rec(AggValue{Count: 42})}, hist)
	s.printAgg(&AggDesc{Func: Count}, []AggRecord{
		rec(AggValue{Count: 3}, i32(1), i64(-1)),
		rec(AggValue{Count: 1}, i32(2), i64(5)),
		rec(AggValue{Count: 0}, i32(3), i64(6)),
	}, hist)
	s.printAgg(&AggDesc{Func: Avg}, []AggRecord{
		rec(AggValue{Count: 2, Sum: 300}, str("a")),
		rec(AggValue{Count: 4, Sum: 100}, str("b")),
	}, hist)
	s.printAgg(&AggDesc{Func: Max}, []AggRecord{rec(AggValue{Count: 1, Max: 9}, str("m"))}, hist)
	s.exit()
	s.check("agghist_derived")
}

// Derived from Oracle's dt_print_trace() and dt_print_bytes(): under
// rawbytes trace() dumps every record in hex, integers too, and a string
// aggregation key prints as a hex dump while integer keys are unchanged.
func TestRawBytes(t *testing.T) {
	s := newSession(t)
	for _, quiet := range []bool{false, true} {
		if err := TraceRawBytes(&s.buf, StringDatum("hello", 20), quiet); err != nil {
			t.Fatal(err)
		}
		if err := TraceRawBytes(&s.buf, i32(-3), quiet); err != nil {
			t.Fatal(err)
		}
	}
	s.printAgg(&AggDesc{Func: Count}, []AggRecord{rec(AggValue{Count: 2}, str("ab"), i32(4))}, PrintOptions{RawBytes: true})
	s.check("rawbytes")
}

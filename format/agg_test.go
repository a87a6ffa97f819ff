package format

import (
	"testing"
	"time"
)

// quantize adds v with weight w to buckets laid out for d, as the kernel's
// aggregating function does.
func quantize(d *AggDesc, b []int64, v, w int64) []int64 {
	a := AggValue{Buckets: b}
	if b == nil {
		a = NewAggValue(d)
	}
	a.Add(d, v, w)
	return a.Buckets
}

// stddevOf is stddev() of xs.
func stddevOf(xs ...int64) AggValue {
	d := &AggDesc{Func: Stddev}
	v := NewAggValue(d)
	for _, x := range xs {
		v.Add(d, x, 1)
	}
	return v
}

// keyedQuantize is aggs/tst.quantize.d and tst.lquantize.d: @a[i] = f(i)
// for i = 0, 100, ... 900, printed at exit.
func TestKeyedQuantize(t *testing.T) {
	for name, d := range map[string]*AggDesc{
		"aggs_quantize":  {Func: Quantize},
		"aggs_lquantize": {Func: Lquantize, Base: -100, Step: 100, Levels: 12},
	} {
		var recs []AggRecord
		for i := int64(0); i < 1000; i += 100 {
			recs = append(recs, rec(AggValue{Buckets: quantize(d, nil, i, 1)}, i64(i)))
		}
		s := newSession(t)
		s.exit(Aggregation{Desc: d, Records: recs})
		s.check(name)
	}
}

// aggs/tst.negquant.d and tst.neglquant.d: negative weights, the 64-bit
// extremes, and sums that only long double arithmetic tells apart.
func TestNegativeQuantize(t *testing.T) {
	const max = 1<<63 - 1
	for name, d := range map[string]*AggDesc{
		"aggs_negquant":  {Func: Quantize},
		"aggs_neglquant": {Func: Lquantize, Base: 0, Step: 1, Levels: 10},
	} {
		add := func(b []int64, vw ...int64) []int64 {
			for i := 0; i < len(vw); i += 2 {
				b = quantize(d, b, vw[i], vw[i+1])
			}
			return b
		}
		val := int64(123)
		var market, castro []int64
		if d.Func == Quantize {
			for i, v := int64(1), int64(max); i <= 8; i, v = i<<1, v>>1 {
				market = add(market, i, v)
			}
			for i, v := int64(1), int64(max-3); i <= 8; i, v = i<<1, v>>1 {
				castro = add(castro, i, v)
			}
		} else {
			market = add(nil, 1, max)
			castro = add(nil, 1, max-6)
			for i := int64(2); i <= 7; i++ {
				market = add(market, i, max/i)
				castro = add(castro, i, max/i)
			}
		}
		recs := []AggRecord{
			rec(AggValue{Buckets: add(nil, 1, 100, 1, -99, 1, -1)}, str("j-church")),
			rec(AggValue{Buckets: add(nil, 1, -val)}, str("k-ingleside")),
			rec(AggValue{Buckets: add(nil, 0, -val, -1, -val, 1, val, 1, val)}, str("l-taraval")),
			rec(AggValue{Buckets: add(nil, 1, max, 1, 1, 2, max, 8, 400000)}, str("m-oceanview")),
			rec(AggValue{Buckets: add(nil, 1, val, 2, val, 2, val, 2, 1)}, str("n-judah")),
			rec(AggValue{Buckets: market}, str("f-market")),
			rec(AggValue{Buckets: castro}, str("s-castro")),
		}
		s := newSession(t)
		s.exit(Aggregation{Desc: d, Records: recs})
		s.check(name)
	}
}

// llquantize/tst.basic.d and tst.negvalue.d: llquantize(i, 10, 0, 10, 10)
// for i = 1 ... 101, with weight 1 and 50 - i.
func TestLlquantize(t *testing.T) {
	d := &AggDesc{Func: Llquantize, Factor: 10, Low: 0, High: 10, Steps: 10}
	for name, weight := range map[string]func(int64) int64{
		"llquantize_basic":    func(int64) int64 { return 1 },
		"llquantize_negvalue": func(i int64) int64 { return 50 - i },
	} {
		var b []int64
		for i := int64(1); i <= 101; i++ {
			b = quantize(d, b, i, weight(i))
		}
		s := newSession(t)
		s.exit(Aggregation{Desc: d, Records: []AggRecord{rec(AggValue{Buckets: b})}})
		s.check(name)
	}
}

// aggs/tst.stddev.d: printa() with a format for one aggregation, the
// default output at exit for the other.
func TestStddev(t *testing.T) {
	var xa, xb []int64
	for i := int64(0); i < 10; i++ {
		xa = append(xa, 5000000000+100*i)
		xb = append(xb, -5000000000-100*i)
	}
	a, b := stddevOf(xa...), stddevOf(xb...)
	d := &AggDesc{Func: Stddev}
	s := newSession(t)
	s.printa("%@d\n", []*AggDesc{d}, [][]AggRecord{{rec(a)}}, SortOptions{})
	s.exit(Aggregation{Desc: d, Records: []AggRecord{rec(b)}})
	s.check("aggs_stddev")

	// dtrace-utils' tst.stddev2.d: pairs of powers of two.
	s = newSession(t)
	for _, x := range []int64{0, 0x10, 0x100, 0x1000, 0x10000, 0x100000, 0x1000000, 0x10000000, 0x20000000, 0x40000000, 0x80000000, 0x100000000} {
		s.printa("%9@x\n", []*AggDesc{d}, [][]AggRecord{{rec(stddevOf(x, 2*x))}}, SortOptions{})
	}
	s.exit()
	s.check("aggs_stddev2")
}

// aggs/tst.avg_neg.d: the default output divides signed.
func TestAvgNegative(t *testing.T) {
	s := newSession(t)
	s.exit(Aggregation{Desc: &AggDesc{Func: Avg}, Records: []AggRecord{rec(AggValue{Count: 2, Sum: -900})}})
	s.check("aggs_avg_neg")
}

// aggs/tst.sizedkeys.d: keys of different sizes in one aggregation print
// at their own widths and do not disturb the order by value.
func TestSizedKeys(t *testing.T) {
	d := &AggDesc{Func: Sum}
	recs := []AggRecord{
		rec(AggValue{Sum: 40}, u64(4), i32(0)),
		rec(AggValue{Sum: 10}, i32(1), i32(0)),
		rec(AggValue{Sum: 30}, i32(3), i32(0)),
		rec(AggValue{Sum: 20}, u64(2), i32(0)),
	}
	s := newSession(t)
	if err := PrintAggregation(&s.buf, d, recs, PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	s.exit()
	s.check("aggs_sizedkeys")
}

// aggs/tst.keysort.d: every combination of aggsortkey, aggsortkeypos and
// aggsortrev over a string and two integer keys.
func TestKeySort(t *testing.T) {
	cities := []string{"Ghent", "Berlin", "London", "Dublin", "Shanghai", "Zurich",
		"Regina", "Winnipeg", "Edmonton", "Calgary", "Vancouver", "Victoria",
		"Prague", "London", "Brisbane", "Sydney", "Melbourne", "Amsterdam"}
	js := []int64{0, 1, 2, 2, 3, 4, 5, 5, 5, 5, 5, 5, 6, 6, 7, 7, 7, 8}
	var recs []AggRecord
	for i, c := range cities {
		recs = append(recs, rec(AggValue{Sum: 5 - js[i]}, str(c), i64(int64(i)), i64(js[i])))
	}
	d := []*AggDesc{{Name: "tour", Func: Sum}}
	s := newSession(t)
	for _, step := range []struct {
		title string
		o     SortOptions
	}{
		{"By value:\n", SortOptions{}},
		{"\nBy key, position 0:\n", SortOptions{Key: true}},
		{"\nBy key, position 1:\n", SortOptions{Key: true, KeyPos: 1}},
		{"\nBy key, position 2:\n", SortOptions{Key: true, KeyPos: 2}},
		{"\nReversed by value:\n", SortOptions{Rev: true}},
		{"\nReversed by key, position 0:\n", SortOptions{Rev: true, Key: true}},
		{"\nReversed by key, position 1:\n", SortOptions{Rev: true, Key: true, KeyPos: 1}},
		{"\nReversed by key, position 2:\n", SortOptions{Rev: true, Key: true, KeyPos: 2}},
	} {
		s.printf(step.title)
		s.printa("%20s %8d %8d %8@d\n", d, [][]AggRecord{recs}, step.o)
	}
	s.exit()
	s.check("aggs_keysort")
}

// printa/tst.basics.d: %@ of every aggregating function.
func TestPrintaBasics(t *testing.T) {
	s := newSession(t)
	lq := &AggDesc{Func: Lquantize, Base: 1, Step: 1, Levels: 9}
	sd := stddevOf(1)
	for _, c := range []struct {
		format string
		d      *AggDesc
		v      AggValue
	}{
		{"@a = %@u\n", &AggDesc{Func: Avg}, AggValue{Count: 1, Sum: 1}},
		{"@b = %@u\n", &AggDesc{Func: Count}, AggValue{Count: 1}},
		{"@c = %@d\n", lq, AggValue{Buckets: quantize(lq, nil, 1, 1)}},
		{"@d = %@u\n", &AggDesc{Func: Max}, AggValue{Max: 1}},
		{"@e = %@u\n", &AggDesc{Func: Min}, AggValue{Min: 1}},
		{"@f = %@u\n", &AggDesc{Func: Sum}, AggValue{Sum: 1}},
		{"@g = %@d\n", &AggDesc{Func: Quantize}, AggValue{Buckets: quantize(&AggDesc{Func: Quantize}, nil, 1, 1)}},
		{"@h = %@d\n", &AggDesc{Func: Stddev}, sd},
	} {
		s.printa(c.format, []*AggDesc{c.d}, [][]AggRecord{{rec(c.v)}}, SortOptions{})
	}
	s.exit()
	s.check("printa_basics")
}

// printa/tst.def.d: printa() without a format.
func TestPrintaDefault(t *testing.T) {
	s := newSession(t)
	if err := PrintAggregation(&s.buf, &AggDesc{Func: Count}, []AggRecord{rec(AggValue{Count: 1})}, PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	s.exit()
	s.check("printa_def")
}

// printa/tst.dynwidth.d: a key can be a '*' width.
func TestPrintaDynamicWidth(t *testing.T) {
	d := []*AggDesc{{Func: Sum}}
	recs := []AggRecord{rec(AggValue{Sum: 1}, i32(10), i32(100)), rec(AggValue{Sum: 2}, i32(-10), i32(200))}
	s := newSession(t)
	s.printa("-->%-*d<--\n", d, [][]AggRecord{recs}, SortOptions{})
	s.printa("-->%*d<--\n", d, [][]AggRecord{recs}, SortOptions{})
	s.exit()
	s.check("printa_dynwidth")
}

// printa/tst.tuple.d: a format may use fewer keys than there are.
func TestPrintaTuple(t *testing.T) {
	d := []*AggDesc{{Func: Count}}
	recs := [][]AggRecord{{rec(AggValue{Count: 1}, i32(1), i32(2), i32(3), i32(4), i32(5))}}
	s := newSession(t)
	s.printf("\n")
	for _, f := range []string{"%@u: -\n", "%@u: %d\n", "%@u: %d %d\n", "%@u: %d %d %d\n", "%@u: %d %d %d %d\n", "%@u: %d %d %d %d %d\n"} {
		s.printa(f, d, recs, SortOptions{})
	}
	s.exit()
	s.check("printa_tuple")
}

// printa/tst.manyval.d: the value may be used many times.
func TestPrintaManyValues(t *testing.T) {
	s := newSession(t)
	s.printa("%@u %@u %@u %@u %@u %@u %@u\n", []*AggDesc{{Func: Count}}, [][]AggRecord{{rec(AggValue{Count: 1})}}, SortOptions{})
	s.exit()
	s.check("printa_manyval")
}

// printa/tst.walltimestamp.ksh: %@T and %@Y of a min(), TZ=America/Los_Angeles.
func TestPrintaTime(t *testing.T) {
	la, err := time.LoadLocation("America/Los_Angeles")
	if err != nil {
		t.Fatal(err)
	}
	s := newSession(t)
	s.env = &Env{Location: la}
	d := []*AggDesc{{Func: Min}}
	foo := [][]AggRecord{{rec(AggValue{Min: 1075064400 * 1e9})}}
	s.printa("%@T\n", d, foo, SortOptions{})
	s.printa("%@Y\n", d, foo, SortOptions{})
	s.exit()
	s.check("printa_walltimestamp")
}

// multiaggs/tst.zero.d: aggregations joined on their keys, with zeros and
// empty graphs for those that have no entry, including ones that never
// fired at all.
func TestJoinedZero(t *testing.T) {
	foo := &AggDesc{Name: "foo", Func: Sum}
	bar := &AggDesc{Name: "bar", Func: Sum}
	bop := &AggDesc{Name: "bop", Func: Quantize}
	baz := &AggDesc{Name: "baz", Func: Lquantize, Base: -10, Step: 1, Levels: 20}
	fooRecs := []AggRecord{rec(AggValue{Sum: 123}, i32(123)), rec(AggValue{Sum: 789}, i32(789))}
	barRecs := []AggRecord{rec(AggValue{Sum: 456}, i32(456)), rec(AggValue{Sum: 789}, i32(789))}
	s := newSession(t)
	s.printa("%10d %@10d %@10d\n", []*AggDesc{foo, bar}, [][]AggRecord{fooRecs, barRecs}, SortOptions{})
	s.printa("%10d %@10d %@10d %@10d\n", []*AggDesc{foo, bar, bop}, [][]AggRecord{fooRecs, barRecs, nil}, SortOptions{})
	s.printa("%10d %@10d %@10d %@10d %@10d\n", []*AggDesc{foo, bar, bop, baz}, [][]AggRecord{fooRecs, barRecs, nil, nil}, SortOptions{})
	s.exit()
	s.check("multiaggs_zero")
}

// multiaggs/tst.many.d: many aggregations in one printa(), a repeated
// one, zero-filled graphs; then, at exit, every aggregation not printed.
func TestJoinedMany(t *testing.T) {
	sum := func(name string) *AggDesc { return &AggDesc{Name: name, Func: Sum} }
	recs := make([][]AggRecord, 247)
	descs := make([]*AggDesc, 247)
	for i := range recs {
		recs[i] = []AggRecord{rec(AggValue{Sum: int64(i)}, i32(int64(i)))}
		descs[i] = sum("agg" + itoa(i))
	}
	agg996 := &AggDesc{Name: "agg996", Func: Quantize}
	agg997 := &AggDesc{Name: "agg997", Func: Count}
	agg998 := &AggDesc{Name: "agg998", Func: Min}
	agg999 := &AggDesc{Name: "agg999", Func: Lquantize, Base: -10, Step: 1, Levels: 20}
	s := newSession(t)
	s.printa("%8d %8@d %8@d\n", []*AggDesc{descs[0], descs[1]}, [][]AggRecord{recs[0], recs[1]}, SortOptions{})
	s.printf("\n")
	s.printa("%8d %8@d %8@d\n", []*AggDesc{descs[0], agg996}, [][]AggRecord{recs[0], nil}, SortOptions{})
	s.printf("\n")
	s.printa("%4d %4@d %4@d %4@d %4@d %4@d %4@d %4@d %4@d %4@d %4@d %4@d\n",
		[]*AggDesc{descs[12], descs[3], descs[73], agg997, descs[9], descs[9], descs[4], agg998, descs[11], descs[23], descs[69]},
		[][]AggRecord{recs[12], recs[3], recs[73], nil, recs[9], recs[9], recs[4], nil, recs[11], recs[23], recs[69]},
		SortOptions{})
	s.printf("\n")
	s.printa("%8d %8@d %8@d\n", []*AggDesc{descs[245], descs[246]}, [][]AggRecord{recs[245], recs[246]}, SortOptions{})
	s.printf("\n")
	s.printa("%8d %8@d %8@d\n", []*AggDesc{agg999, descs[246]}, [][]AggRecord{nil, recs[246]}, SortOptions{})
	s.printf("\n")
	printed := map[int]bool{0: true, 1: true, 3: true, 4: true, 9: true, 11: true, 12: true, 23: true, 69: true, 73: true, 245: true, 246: true}
	var rest []Aggregation
	for i := range recs {
		if !printed[i] {
			rest = append(rest, Aggregation{Desc: descs[i], Records: recs[i]})
		}
	}
	s.exit(rest...)
	s.check("multiaggs_many")
}

// multiaggs/tst.sortpos.d: aggsortpos picks the aggregation sorted on
// first, counting repeated aggregations.
func TestJoinedSortPos(t *testing.T) {
	a, b, c, d := &AggDesc{Name: "a", Func: Sum}, &AggDesc{Name: "b", Func: Sum}, &AggDesc{Name: "c", Func: Sum}, &AggDesc{Name: "d", Func: Sum}
	var ra, rb, rc, rd []AggRecord
	for i := int64(1); i <= 100; i++ {
		ra = append(ra, rec(AggValue{Sum: i}, i64(i)))
		rb = append(rb, rec(AggValue{Sum: (25 + i) % 100}, i64(i)))
		rc = append(rc, rec(AggValue{Sum: (50 + i) % 100}, i64(i)))
		rd = append(rd, rec(AggValue{Sum: (75 + i) % 100}, i64(i)))
	}
	s := newSession(t)
	for j := 0; j < 2; j++ {
		s.printf("Sorted at position %d:\n", i64(int64(j)))
		s.printa("%9d %@9d %@9d %@9d %@9d %@9d %@9d\n",
			[]*AggDesc{a, b, c, a, d, a}, [][]AggRecord{ra, rb, rc, ra, rd, ra}, SortOptions{Pos: j})
		s.printf("\n")
	}
	s.check("multiaggs_sortpos")
}

// Default output of every kind of aggregation at exit. The golden file was
// computed by a separate model of dt_print_aggs() (testdata/SOURCES.md),
// not by this package.
func TestDefaultOutput(t *testing.T) {
	count := &AggDesc{Name: "calls", Func: Count}
	sum := &AggDesc{Name: "bytes", Func: Sum}
	avg := &AggDesc{Name: "avg", Func: Avg}
	lo := &AggDesc{Name: "lo", Func: Min}
	hi := &AggDesc{Name: "hi", Func: Max}
	sd := &AggDesc{Name: "sd", Func: Stddev}
	empty := &AggDesc{Name: "empty", Func: Count}
	odd := &AggDesc{Name: "odd", Func: Count}
	q := &AggDesc{Name: "q", Func: Quantize}
	wide := &AggDesc{Name: "wide", Func: Quantize}
	lq := &AggDesc{Name: "lq", Func: Lquantize, Base: 0, Step: 10, Levels: 10}
	llq := &AggDesc{Name: "llq", Func: Llquantize, Factor: 2, Low: 0, High: 4, Steps: 2}

	sd0, sd1000 := stddevOf(2, 4, 4, 4, 5, 5, 7, 9), stddevOf(77)
	qv := func(d *AggDesc, vw ...int64) AggValue {
		var b []int64
		for i := 0; i < len(vw); i += 2 {
			b = quantize(d, b, vw[i], vw[i+1])
		}
		return AggValue{Buckets: b}
	}
	aggs := []Aggregation{
		{count, []AggRecord{
			rec(AggValue{Count: 12}, str("sshd")), rec(AggValue{Count: 3}, str("systemd-journal")),
			rec(AggValue{Count: 1}, str("a")), rec(AggValue{Count: 3}, str("bash"))}},
		{sum, []AggRecord{
			rec(AggValue{Sum: 42}, i32(7), str("dd")), rec(AggValue{Sum: -7}, i32(300), str("cat")),
			rec(AggValue{Sum: 0}, i32(12), str("dd"))}},
		{avg, []AggRecord{rec(AggValue{Count: 2, Sum: -7})}},
		{lo, []AggRecord{rec(AggValue{Min: -1 << 63}, i8(-1))}},
		{hi, []AggRecord{rec(AggValue{Max: 1<<63 - 1}, i8(1))}},
		{sd, []AggRecord{rec(sd0, u64(0)), rec(sd1000, u64(1000))}},
		{empty, nil},
		{odd, []AggRecord{rec(AggValue{Count: 1}, StringDatum("", 32))}},
		{q, []AggRecord{rec(qv(q, 0, 1))}},
		{wide, []AggRecord{rec(qv(wide, -5, 1, 1, 3, 1<<40, 2, 3, 1), str("x"))}},
		{lq, []AggRecord{rec(qv(lq, -5, 2, 0, 1, 55, 4, 100, 1, 1000, 3))}},
		{llq, []AggRecord{rec(qv(llq, 0, 1, 1, 1, 3, 2, 40, 1))}},
	}
	s := newSession(t)
	s.exit(aggs...)
	s.check("aggs_default")
}

// printa(@c, @s) without a format, from the same model.
func TestJoinedDefault(t *testing.T) {
	c := &AggDesc{Name: "c", Func: Count}
	sm := &AggDesc{Name: "s", Func: Sum}
	rows := Join([][]AggRecord{
		{rec(AggValue{Count: 10}, str("read")), rec(AggValue{Count: 2}, str("write"))},
		{rec(AggValue{Sum: 4096}, str("read")), rec(AggValue{Sum: 17}, str("open"))},
	})
	s := newSession(t)
	if err := PrintJoined(&s.buf, []*AggDesc{c, sm}, rows, PrintOptions{}); err != nil {
		t.Fatal(err)
	}
	s.check("aggs_joined")
}

package format

import (
	"io"
	"math/rand"
	"strconv"
	"testing"
)

func benchRecords(n int) []AggRecord {
	r := rand.New(rand.NewSource(1))
	recs := make([]AggRecord, n)
	for i := range recs {
		recs[i] = AggRecord{
			Keys:  []Datum{StringDatum("proc-"+strconv.Itoa(i), 256), IntDatum(int64(r.Intn(1<<20)), 4, true)},
			Value: AggValue{Count: int64(r.Intn(1000))},
		}
	}
	return recs
}

// BenchmarkPrintCount100k sorts and prints 100,000 records of
// @[execname, pid] = count(), as printa(@) does.
func BenchmarkPrintCount100k(b *testing.B) {
	src := benchRecords(100000)
	recs := make([]AggRecord, len(src))
	d := &AggDesc{Func: Count}
	b.ReportAllocs()
	for b.Loop() {
		copy(recs, src)
		if err := PrintAggregation(io.Discard, d, recs, PrintOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSortCount100k is the sort alone.
func BenchmarkSortCount100k(b *testing.B) {
	src := benchRecords(100000)
	recs := make([]AggRecord, len(src))
	d := &AggDesc{Func: Count}
	b.ReportAllocs()
	for b.Loop() {
		copy(recs, src)
		SortRecords(d, recs, SortOptions{})
	}
}

// BenchmarkPrintf is one printf() of four conversions.
func BenchmarkPrintf(b *testing.B) {
	f, err := ParseFormat("%-16s %6d %8x %s\n")
	if err != nil {
		b.Fatal(err)
	}
	args := []Datum{StringDatum("bash", 256), IntDatum(1234, 4, true), IntDatum(0xdeadbeef, 8, false), StringDatum("/etc/passwd", 256)}
	b.ReportAllocs()
	for b.Loop() {
		if err := f.Fprint(io.Discard, args); err != nil {
			b.Fatal(err)
		}
	}
}

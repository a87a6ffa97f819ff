package consume_test

import (
	"encoding/binary"
	"fmt"
	"io"
	"testing"

	"github.com/cilium/ebpf"

	"github.com/godtrace/godtrace/compile"
	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/internal/testenv"
	"github.com/godtrace/godtrace/lang/token"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/dtraceprov"
	"github.com/godtrace/godtrace/spec"
)

// benchKeys is how many keys the exit-time benchmarks print: the figure
// the project promises to print in under 200 ms.
const benchKeys = 100000

// countAgg compiles @[execname, pid] = count() and returns its
// aggregation and the map the loader would create for it, holding
// benchKeys keys, each counted on every CPU (key i has count i+1 on
// each), as the kernel would leave them.
func countAgg(b *testing.B) (*spec.Aggregation, *ebpf.Map) {
	testenv.RequireBPF(b)
	src := "BEGIN { @[execname, pid] = count(); }"
	files := []*token.File{{Name: "bench.d", Src: []byte(src)}}
	prog, err := compile.Compile(files, compile.Config{
		Registry: provider.NewRegistry(dtraceprov.New()),
		AggSize:  64 << 20,
	})
	if err != nil {
		b.Fatal(err)
	}
	a := prog.Aggs[0]
	ms := prog.Maps[a.Map].Copy()
	if int(ms.MaxEntries) < benchKeys {
		b.Fatalf("map holds %d entries, want %d", ms.MaxEntries, benchKeys)
	}
	m, err := ebpf.NewMap(ms)
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { m.Close() })
	ncpu, err := ebpf.PossibleCPU()
	if err != nil {
		b.Fatal(err)
	}
	val := make([][]byte, ncpu)
	for i := range benchKeys {
		key := make([]byte, a.KeySize)
		for _, it := range a.Keys {
			if it.String {
				copy(key[it.Off:it.Off+it.Size-1], fmt.Sprintf("proc-%d", i))
			} else {
				binary.LittleEndian.PutUint64(key[it.Off:], uint64(i%4096))
			}
		}
		for c := range val {
			val[c] = make([]byte, a.ValueSize)
			binary.LittleEndian.PutUint64(val[c], uint64(i+1))
		}
		if err := m.Update(key, val, ebpf.UpdateNoExist); err != nil {
			b.Fatalf("filling the map: key %d: %v", i, err)
		}
	}
	return a, m
}

// BenchmarkSnapshot100k reads and merges 100,000 keys of a per-CPU
// count() aggregation.
func BenchmarkSnapshot100k(b *testing.B) {
	a, m := countAgg(b)
	b.ReportAllocs()
	for b.Loop() {
		s, err := consume.Snapshot(m, a, false)
		if err != nil {
			b.Fatal(err)
		}
		if len(s) != benchKeys {
			b.Fatalf("%d entries, want %d", len(s), benchKeys)
		}
	}
}

// BenchmarkPrintAtExit100k is what dtrace does at exit for an
// aggregation of 100,000 keys: snapshot and merge the CPUs, convert the
// entries for the formatter, sort them by value and key, and print them.
// It must take under 200 ms.
func BenchmarkPrintAtExit100k(b *testing.B) {
	a, m := countAgg(b)
	d := &format.AggDesc{Func: format.Count}
	b.ReportAllocs()
	for b.Loop() {
		s, err := consume.Snapshot(m, a, false)
		if err != nil {
			b.Fatal(err)
		}
		recs := make([]format.AggRecord, len(s))
		for i, e := range s {
			recs[i] = format.AggRecord{Keys: e.Keys, Value: format.AggValue{Count: e.N}}
		}
		if err := format.PrintAggregation(io.Discard, d, recs, format.PrintOptions{}); err != nil {
			b.Fatal(err)
		}
	}
}

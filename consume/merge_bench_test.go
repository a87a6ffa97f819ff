package consume

import (
	"encoding/binary"
	"fmt"
	"strings"
	"testing"

	"github.com/godtrace/godtrace/compile"
	"github.com/godtrace/godtrace/lang/token"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/dtraceprov"
	"github.com/godtrace/godtrace/spec"
)

// benchProgram compiles src, with no kernel: the descriptions the
// consumer works from, as the compiler lays them out.
func benchProgram(b *testing.B, src string) *spec.Program {
	b.Helper()
	files := []*token.File{{Name: "bench.d", Src: []byte(src)}}
	prog, err := compile.Compile(files, compile.Config{Registry: provider.NewRegistry(dtraceprov.New())})
	if err != nil {
		b.Fatal(err)
	}
	return prog
}

// mergeCPUs is how many CPUs the merge benchmarks fold per key: a
// mid-sized server. Half of them touched the key, as on a machine where
// the traced work runs on some CPUs only.
const mergeCPUs = 16

// perCPUValues returns what the kernel holds for one key of a: a value
// per CPU, every other one never updated (all zeros).
func perCPUValues(a *spec.Aggregation) [][]byte {
	per := make([][]byte, mergeCPUs)
	for c := range per {
		v := make([]byte, a.ValueSize)
		if c%2 == 0 {
			for off := 0; off+8 <= len(v); off += 8 {
				binary.LittleEndian.PutUint64(v[off:], uint64(c+off/8+1))
			}
		}
		per[c] = v
	}
	return per
}

// BenchmarkMerge merges one key's per-CPU values into its entry, as the
// consumer's snapshot does for every key (the map read is
// BenchmarkSnapshot100k's). ns/op and allocs/op are per key.
func BenchmarkMerge(b *testing.B) {
	for _, fn := range []string{"count()", "sum(arg0)", "avg(arg0)", "stddev(arg0)", "quantize(arg0)", "lquantize(arg0, 0, 100, 10)"} {
		prog := benchProgram(b, fmt.Sprintf("BEGIN { @[pid] = %s; }", fn))
		a := prog.Aggs[0]
		per := perCPUValues(a)
		b.Run(fn[:strings.IndexByte(fn, '(')], func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				var e AggEntry
				if !merge(a, &e, per) {
					b.Fatal("no CPU aggregated")
				}
			}
		})
	}
}

// BenchmarkEntry makes one key's snapshot entry, @[execname, pid] =
// count(): the key copied and decoded, the CPUs merged. ns/op and
// allocs/op are per key.
func BenchmarkEntry(b *testing.B) {
	prog := benchProgram(b, "BEGIN { @[execname, pid] = count(); }")
	a := prog.Aggs[0]
	key := make([]byte, a.KeySize)
	for _, it := range a.Keys {
		if it.String {
			copy(key[it.Off:], "postgres")
		} else {
			binary.LittleEndian.PutUint64(key[it.Off:], 4242)
		}
	}
	per := perCPUValues(a)
	b.ReportAllocs()
	for b.Loop() {
		if e, keep := entry(a, key, per, false); !keep || e.N == 0 {
			b.Fatal("entry dropped")
		}
	}
}

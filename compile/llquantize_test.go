package compile

import (
	"math"
	"sort"
	"testing"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"

	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/internal/testenv"
	"github.com/godtrace/godtrace/spec"
)

// TestLlquantizeBounds checks that searching the precomputed bounds, as
// the generated code does, finds the bucket the formatter's definition
// gives, for values around every bound and at the extremes.
func TestLlquantizeBounds(t *testing.T) {
	for _, p := range [][4]int64{{10, 0, 3, 10}, {2, 0, 10, 2}, {10, 2, 6, 20}, {4, 1, 5, 8}, {10, 0, 18, 10},
		{10, 0, 6, 20}, {4, 0, 1, 2}, {4, 4, 6, 32}, {10, 0, 3, 1}, {2, 0, 62, 2}, {2, 62, 62, 4}, {3, 0, 0, 9}} {
		sa := &spec.Aggregation{Func: abi.AggLlquantize, Factor: p[0], Low: p[1], High: p[2], Nsteps: p[3]}
		sa.NBuckets, sa.Bounds = llquantizeBounds(sa)
		d := &format.AggDesc{Func: format.Llquantize, Factor: p[0], Low: p[1], High: p[2], Steps: p[3]}
		if got, want := sa.Buckets(), format.LlquantizeNBuckets(d); got != want {
			t.Errorf("%v: %d buckets, formatter has %d", p, got, want)
		}
		vals := []int64{math.MinInt64, math.MinInt64 + 1, -1, 0, 1, math.MaxInt64}
		for _, b := range sa.Bounds {
			vals = append(vals, b-1, b, b+1)
		}
		for _, v := range vals {
			// The generated code's search: the number of bounds <= v.
			got := sort.Search(len(sa.Bounds), func(i int) bool { return sa.Bounds[i] > v })
			if want := format.LlquantizeBucket(v, d); got != want {
				t.Errorf("%v: value %d in bucket %d, formatter says %d", p, v, got, want)
			}
		}
	}
}

// TestLlquantizeSearchInKernel runs the generated bucket search in the
// kernel (a raw tracepoint program whose context holds the value) with
// its rodata table, and checks it against the formatter's bucket
// function around every bound and at the extremes.
func TestLlquantizeSearchInKernel(t *testing.T) {
	testenv.RequireBPF(t)
	for _, p := range [][4]int64{{10, 0, 6, 20}, {4, 0, 1, 2}, {4, 4, 6, 32}, {2, 0, 62, 2}, {10, 0, 18, 10}, {3, 0, 0, 9}} {
		sa := &spec.Aggregation{Func: abi.AggLlquantize, Factor: p[0], Low: p[1], High: p[2], Nsteps: p[3]}
		sa.NBuckets, sa.Bounds = llquantizeBounds(sa)
		c := &compiler{strs: map[string]int{}}
		g := &gen{c: c}
		g.emit(asm.LoadMem(asm.R1, asm.R1, 0, asm.DWord).WithSymbol("search"))
		g.llquantizeBucket(sa)
		g.emit(asm.Mov.Reg(asm.R0, asm.R3), asm.Return())
		coll, err := ebpf.NewCollection(&ebpf.CollectionSpec{
			Maps: map[string]*ebpf.MapSpec{spec.MapRodata: {Type: ebpf.Array, KeySize: 4, ValueSize: uint32(len(c.rodata)), MaxEntries: 1,
				Contents: []ebpf.MapKV{{Key: uint32(0), Value: c.rodata}}}},
			Programs: map[string]*ebpf.ProgramSpec{"search": {Type: ebpf.RawTracepoint, Instructions: g.insns, License: "GPL"}},
		})
		if err != nil {
			t.Fatalf("%v: %v", p, err)
		}
		d := &format.AggDesc{Func: format.Llquantize, Factor: p[0], Low: p[1], High: p[2], Steps: p[3]}
		vals := []int64{math.MinInt64, math.MinInt64 + 1, -1, 0, 1, math.MaxInt64 - 1, math.MaxInt64}
		for _, b := range sa.Bounds {
			vals = append(vals, b-1, b, b+1)
		}
		for _, v := range vals {
			got, err := coll.Programs["search"].Run(&ebpf.RunOptions{Context: [1]uint64{uint64(v)}})
			if err != nil {
				t.Fatal(err)
			}
			if want := format.LlquantizeBucket(v, d); int(got) != want {
				t.Errorf("%v: value %d in bucket %d in the kernel, formatter says %d", p, v, got, want)
			}
		}
		coll.Close()
	}
}

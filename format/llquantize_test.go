package format

import (
	"slices"
	"testing"
)

// llquantizeCall is one llquantize() statement of a test program:
// @agg[key] = llquantize(value, factor, low, high, steps, incr).
type llquantizeCall struct {
	agg                                   string
	value, factor, low, high, steps, incr int64
}

// replayLlquantize runs the statements calls and returns each
// aggregation's description and value by name.
func replayLlquantize(calls []llquantizeCall) (map[string]*AggDesc, map[string][]int64) {
	descs, buckets := map[string]*AggDesc{}, map[string][]int64{}
	for _, c := range calls {
		d := descs[c.agg]
		if d == nil {
			d = &AggDesc{Name: c.agg, Func: Llquantize, Factor: c.factor, Low: c.low, High: c.high, Steps: c.steps}
			descs[c.agg] = d
		}
		buckets[c.agg] = quantize(d, buckets[c.agg], c.value, c.incr)
	}
	return descs, buckets
}

// Oracle's aggs/tst.llquantize_basic.d: negative and positive values,
// steps fewer than, equal to and more than the factor, a low magnitude
// above 0, one magnitude, a single step, zero, negative counts, and the
// ghost buckets of magnitude 0. The golden is the test's .r.
func TestLlquantizeOracleBasic(t *testing.T) {
	descs, buckets := replayLlquantize([]llquantizeCall{
		{"basicA", -20, 4, 0, 1, 2, 100 - 20},
		{"basicA", -16, 4, 0, 1, 2, 100 - 16},
		{"basicA", -12, 4, 0, 1, 2, 100 - 12},
		{"basicA", -8, 4, 0, 1, 2, 100 - 8},
		{"basicA", -6, 4, 0, 1, 2, 100 - 6},
		{"basicA", -5, 4, 0, 1, 2, 100 - 5},
		{"basicA", -4, 4, 0, 1, 2, 100 - 4},
		{"basicA", -3, 4, 0, 1, 2, 100 - 3},
		{"basicA", -2, 4, 0, 1, 2, 100 - 2},
		{"basicA", -1, 4, 0, 1, 2, 100 - 1},
		{"basicA", 0, 4, 0, 1, 2, 100 + 0},
		{"basicA", 1, 4, 0, 1, 2, 100 + 1},
		{"basicA", 2, 4, 0, 1, 2, 100 + 2},
		{"basicA", 3, 4, 0, 1, 2, 100 + 3},
		{"basicA", 4, 4, 0, 1, 2, 100 + 4},
		{"basicA", 5, 4, 0, 1, 2, 100 + 5},
		{"basicA", 6, 4, 0, 1, 2, 100 + 6},
		{"basicA", 8, 4, 0, 1, 2, 100 + 8},
		{"basicA", 12, 4, 0, 1, 2, 100 + 12},
		{"basicA", 16, 4, 0, 1, 2, 100 + 16},
		{"basicA", 20, 4, 0, 1, 2, 100 + 20},
		{"basicB", -20, 4, 0, 1, 4, 100 - 20},
		{"basicB", -16, 4, 0, 1, 4, 100 - 16},
		{"basicB", -12, 4, 0, 1, 4, 100 - 12},
		{"basicB", -8, 4, 0, 1, 4, 100 - 8},
		{"basicB", -6, 4, 0, 1, 4, 100 - 6},
		{"basicB", -5, 4, 0, 1, 4, 100 - 5},
		{"basicB", -4, 4, 0, 1, 4, 100 - 4},
		{"basicB", -3, 4, 0, 1, 4, 100 - 3},
		{"basicB", -2, 4, 0, 1, 4, 100 - 2},
		{"basicB", -1, 4, 0, 1, 4, 100 - 1},
		{"basicB", 0, 4, 0, 1, 4, 100 + 0},
		{"basicB", 1, 4, 0, 1, 4, 100 + 1},
		{"basicB", 2, 4, 0, 1, 4, 100 + 2},
		{"basicB", 3, 4, 0, 1, 4, 100 + 3},
		{"basicB", 4, 4, 0, 1, 4, 100 + 4},
		{"basicB", 5, 4, 0, 1, 4, 100 + 5},
		{"basicB", 6, 4, 0, 1, 4, 100 + 6},
		{"basicB", 8, 4, 0, 1, 4, 100 + 8},
		{"basicB", 12, 4, 0, 1, 4, 100 + 12},
		{"basicB", 16, 4, 0, 1, 4, 100 + 16},
		{"basicB", 20, 4, 0, 1, 4, 100 + 20},
		{"basicC", -20, 4, 0, 1, 8, 100 - 20},
		{"basicC", -16, 4, 0, 1, 8, 100 - 16},
		{"basicC", -12, 4, 0, 1, 8, 100 - 12},
		{"basicC", -8, 4, 0, 1, 8, 100 - 8},
		{"basicC", -6, 4, 0, 1, 8, 100 - 6},
		{"basicC", -5, 4, 0, 1, 8, 100 - 5},
		{"basicC", -4, 4, 0, 1, 8, 100 - 4},
		{"basicC", -3, 4, 0, 1, 8, 100 - 3},
		{"basicC", -2, 4, 0, 1, 8, 100 - 2},
		{"basicC", -1, 4, 0, 1, 8, 100 - 1},
		{"basicC", 0, 4, 0, 1, 8, 100 + 0},
		{"basicC", 1, 4, 0, 1, 8, 100 + 1},
		{"basicC", 2, 4, 0, 1, 8, 100 + 2},
		{"basicC", 3, 4, 0, 1, 8, 100 + 3},
		{"basicC", 4, 4, 0, 1, 8, 100 + 4},
		{"basicC", 5, 4, 0, 1, 8, 100 + 5},
		{"basicC", 6, 4, 0, 1, 8, 100 + 6},
		{"basicC", 8, 4, 0, 1, 8, 100 + 8},
		{"basicC", 12, 4, 0, 1, 8, 100 + 12},
		{"basicC", 16, 4, 0, 1, 8, 100 + 16},
		{"basicC", 20, 4, 0, 1, 8, 100 + 20},
		{"basicD", -65536, 4, 4, 6, 32, 2},
		{"basicD", -16384, 4, 4, 6, 32, 4},
		{"basicD", -16384 + 1, 4, 4, 6, 32, 8},
		{"basicD", -4096 - 11*512, 4, 4, 6, 32, 16},
		{"basicD", -4096 - 11*512 + 1, 4, 4, 6, 32, 32},
		{"basicD", -4096 - 10*512, 4, 4, 6, 32, 64},
		{"basicD", -4096 - 10*512 + 1, 4, 4, 6, 32, 128},
		{"basicD", -4096 - 9*512, 4, 4, 6, 32, 256},
		{"basicD", -4096 - 9*512 + 1, 4, 4, 6, 32, 512},
		{"basicD", -4096 - 8*512, 4, 4, 6, 32, 1024},
		{"basicD", -4096 - 8*512 + 1, 4, 4, 6, 32, 1024},
		{"basicD", -4096 - 1*512 - 2, 4, 4, 6, 32, 2048},
		{"basicD", -4096 - 1*512 - 1, 4, 4, 6, 32, 4096},
		{"basicD", -1024 - 12*128, 4, 4, 6, 32, 2048},
		{"basicD", -1024 - 12*128 + 1, 4, 4, 6, 32, 4096},
		{"basicD", -1024, 4, 4, 6, 32, 2048},
		{"basicD", -256 - 3*32, 4, 4, 6, 32, 1024},
		{"basicD", -256 - 3*32 + 1, 4, 4, 6, 32, 512},
		{"basicD", -256, 4, 4, 6, 32, 256},
		{"basicD", -256 + 1, 4, 4, 6, 32, 128},
		{"basicD", 256 - 1, 4, 4, 6, 32, 2},
		{"basicD", 256, 4, 4, 6, 32, 256},
		{"basicD", 256 + 3*32 - 1, 4, 4, 6, 32, 512},
		{"basicD", 256 + 3*32, 4, 4, 6, 32, 1024},
		{"basicD", 1024, 4, 4, 6, 32, 2048},
		{"basicD", 1024 + 12*128 - 1, 4, 4, 6, 32, 4096},
		{"basicD", 1024 + 12*128, 4, 4, 6, 32, 2048},
		{"basicD", 4096 + 1*512 + 1, 4, 4, 6, 32, 4096},
		{"basicD", 4096 + 1*512 + 2, 4, 4, 6, 32, 2048},
		{"basicD", 4096 + 8*512 - 1, 4, 4, 6, 32, 1024},
		{"basicD", 4096 + 8*512, 4, 4, 6, 32, 1024},
		{"basicD", 4096 + 9*512 - 1, 4, 4, 6, 32, 512},
		{"basicD", 4096 + 9*512, 4, 4, 6, 32, 256},
		{"basicD", 4096 + 10*512 - 1, 4, 4, 6, 32, 128},
		{"basicD", 4096 + 10*512, 4, 4, 6, 32, 64},
		{"basicD", 4096 + 11*512 - 1, 4, 4, 6, 32, 32},
		{"basicD", 4096 + 11*512, 4, 4, 6, 32, 16},
		{"basicD", 16384 - 1, 4, 4, 6, 32, 8},
		{"basicD", 16384, 4, 4, 6, 32, 4},
		{"basicD", 65536, 4, 4, 6, 32, 2},
		{"zero", 0, 2, 0, 1, 2, +1},
		{"zero", 0, 2, 0, 1, 2, -1},
		{"zeroB", 0, 2, 0, 1, 4, +1},
		{"zeroB", 0, 2, 0, 1, 4, -1},
		{"posvals", 1, 2, 0, 1, 2, +1},
		{"negvals", 2, 2, 0, 1, 2, -1},
		{"allvals", 1, 2, 0, 1, 2, +1},
		{"allvals", 2, 2, 0, 1, 2, -1},
		{"singlerangeA", -4, 4, 0, 0, 4, 100 - 4},
		{"singlerangeA", -3, 4, 0, 0, 4, 100 - 3},
		{"singlerangeA", -2, 4, 0, 0, 4, 100 - 2},
		{"singlerangeA", -1, 4, 0, 0, 4, 100 - 1},
		{"singlerangeA", 0, 4, 0, 0, 4, 100},
		{"singlerangeA", 1, 4, 0, 0, 4, 100 + 1},
		{"singlerangeA", 2, 4, 0, 0, 4, 100 + 2},
		{"singlerangeA", 3, 4, 0, 0, 4, 100 + 3},
		{"singlerangeA", 4, 4, 0, 0, 4, 100 + 4},
		{"singlerangeB", -4, 4, 0, 0, 8, 100 - 4},
		{"singlerangeB", -3, 4, 0, 0, 8, 100 - 3},
		{"singlerangeB", -2, 4, 0, 0, 8, 100 - 2},
		{"singlerangeB", -1, 4, 0, 0, 8, 100 - 1},
		{"singlerangeB", 0, 4, 0, 0, 8, 100},
		{"singlerangeB", 1, 4, 0, 0, 8, 100 + 1},
		{"singlerangeB", 2, 4, 0, 0, 8, 100 + 2},
		{"singlerangeB", 3, 4, 0, 0, 8, 100 + 3},
		{"singlerangeB", 4, 4, 0, 0, 8, 100 + 4},
		{"straightlog", -100000, 10, 0, 3, 1, 100108},
		{"straightlog", -10000, 10, 0, 3, 1, 100208},
		{"straightlog", -1000, 10, 0, 3, 1, 100308},
		{"straightlog", -100, 10, 0, 3, 1, 100408},
		{"straightlog", -10, 10, 0, 3, 1, 100508},
		{"straightlog", -1, 10, 0, 3, 1, 100608},
		{"straightlog", 0, 10, 0, 3, 1, 100708},
		{"straightlog", 1, 10, 0, 3, 1, 100808},
		{"straightlog", 10, 10, 0, 3, 1, 100908},
		{"straightlog", 100, 10, 0, 3, 1, 101008},
		{"straightlog", 1000, 10, 0, 3, 1, 101108},
		{"straightlog", 10000, 10, 0, 3, 1, 101208},
		{"straightlog", 100000, 10, 0, 3, 1, 101308},
		{"shift", -3, 2, 0, 1, 2, 1},
		{"shift", 3, 2, 0, 1, 2, 1},
		{"ghostbin", -1, 2, 0, 1, 4, 1},
		{"ghostbin", 1, 2, 0, 1, 4, 1},
	})
	s := newSession(t)
	for _, p := range []struct{ agg, title string }{
		{"basicA", "basicA (steps<factor)"},
		{"basicB", "basicB (steps==factor)"},
		{"basicC", "basicC (steps>factor)"},
		{"basicD", "basicD (steps>factor and bigger lmag)"},
		{"zero", "zero"},
		{"zeroB", "zeroB (lmag==0 && steps>factor)"},
		{"posvals", "posvals"},
		{"negvals", "negvals"},
		{"allvals", "allvals"},
		{"singlerangeA", "singlerangeA"},
		{"singlerangeB", "singlerangeB"},
		{"straightlog", "straightlog"},
		{"shift", "shift"},
		{"ghostbin", "ghostbin (lmag==0 && steps>factor); check ghost-bin problem"},
	} {
		s.printf(p.title + "\n")
		s.printAgg(descs[p.agg], []AggRecord{rec(AggValue{Buckets: buckets[p.agg]})}, PrintOptions{})
	}
	s.exit()
	s.check("llquantize_oracle_basic")
}

// Oracle's aggs/tst.llquantize_sort.d: keys sorted by the weighted sum
// of their buckets, then by the underflow bucket's count, then by key.
// The golden is the test's .r.
func TestLlquantizeOracleSort(t *testing.T) {
	type keyed struct {
		agg, key                              string
		value, factor, low, high, steps, incr int64
	}
	var calls []llquantizeCall
	keys := map[string][]string{}
	for _, c := range []keyed{
		{"normal", "r", 2, 2, 0, 1, 2, 1},
		{"normal", "z", -4, 2, 0, 1, 2, 1},
		{"normal", "v", 0, 2, 0, 1, 2, 1},
		{"normal", "x", -2, 2, 0, 1, 2, 1},
		{"normal", "q", 3, 2, 0, 1, 2, 1},
		{"normal", "u", 0, 2, 0, 1, 2, 2},
		{"normal", "y", -3, 2, 0, 1, 2, 1},
		{"normal", "t", 0, 2, 0, 1, 2, 2},
		{"normal", "p", 4, 2, 0, 1, 2, 1},
		{"normal", "w", -1, 2, 0, 1, 2, 1},
		{"normal", "s", 1, 2, 0, 1, 2, 1},
		{"tricky", "r", 2, 2, 0, 1, 4, 1},
		{"tricky", "z", -4, 2, 0, 1, 4, 1},
		{"tricky", "v", 0, 2, 0, 1, 4, 1},
		{"tricky", "x", -2, 2, 0, 1, 4, 1},
		{"tricky", "q", 3, 2, 0, 1, 4, 1},
		{"tricky", "u", 0, 2, 0, 1, 4, 2},
		{"tricky", "y", -3, 2, 0, 1, 4, 1},
		{"tricky", "t", 0, 2, 0, 1, 4, 2},
		{"tricky", "p", 4, 2, 0, 1, 4, 1},
		{"tricky", "w", -1, 2, 0, 1, 4, 1},
		{"tricky", "s", 1, 2, 0, 1, 4, 1},
	} {
		name := c.agg + "/" + c.key
		calls = append(calls, llquantizeCall{name, c.value, c.factor, c.low, c.high, c.steps, c.incr})
		if !slices.Contains(keys[c.agg], c.key) {
			keys[c.agg] = append(keys[c.agg], c.key)
		}
	}
	descs, buckets := replayLlquantize(calls)
	s := newSession(t)
	for _, agg := range []string{"normal", "tricky"} {
		var recs []AggRecord
		for _, k := range keys[agg] {
			recs = append(recs, rec(AggValue{Buckets: buckets[agg+"/"+k]}, str(k)))
		}
		d := *descs[agg+"/"+keys[agg][0]]
		d.Name = agg
		s.printf(agg + "\n")
		s.printAgg(&d, recs, PrintOptions{})
	}
	s.exit()
	s.check("llquantize_oracle_sort")
}

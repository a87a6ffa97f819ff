package output

import (
	"encoding/json"
	"math"
	"testing"

	"github.com/godtrace/godtrace/dtrace"
	"github.com/godtrace/godtrace/format"
)

// Every value lies in the range bucketRange gives the bucket the
// aggregating function puts it in, and the ranges of neighbouring
// buckets meet.
func TestBucketRange(t *testing.T) {
	descs := []*format.AggDesc{
		{Func: format.Quantize},
		{Func: format.Lquantize, Base: -10, Step: 5, Levels: 6},
		{Func: format.Llquantize, Factor: 10, Low: 0, High: 6, Steps: 20},
		{Func: format.Llquantize, Factor: 2, Low: 3, High: 8, Steps: 4},
		{Func: format.Llquantize, Factor: 10, Low: 0, High: 18, Steps: 5},
	}
	values := []int64{math.MinInt64, -1 << 40, -1000, -17, -16, -11, -10, -9, -3, -2, -1, 0, 1, 2, 3, 7, 8, 9, 19, 20, 21, 99, 100, 549, 550, 1 << 40, math.MaxInt64}
	for _, d := range descs {
		v := format.NewAggValue(d)
		n := len(v.Buckets)
		for _, x := range values {
			var b int
			switch d.Func {
			case format.Quantize:
				b = format.QuantizeBucket(x)
			case format.Lquantize:
				b = format.LquantizeBucket(x, d)
				if x != int64(int32(x)) {
					continue // lquantize() truncates to 32 bits first
				}
			default:
				b = format.LlquantizeBucket(x, d)
			}
			lo, hi, ok := bucketRange(d, b, n)
			if !ok || x < lo || x > hi {
				t.Errorf("%v: %d is in bucket %d, range [%d, %d]", d.Func, x, b, lo, hi)
			}
		}
		// The buckets that hold values cover int64 in order.
		next, wrapped := int64(math.MinInt64), false
		for i := 0; i < n; i++ {
			lo, hi, ok := bucketRange(d, i, n)
			if !ok {
				continue
			}
			if wrapped || lo != next {
				t.Errorf("%v: bucket %d starts at %d, want %d", d.Func, i, lo, next)
			}
			next, wrapped = hi+1, hi == math.MaxInt64
		}
		if !wrapped {
			t.Errorf("%v: the last bucket ends at %d", d.Func, next-1)
		}
	}
}

func TestDropObject(t *testing.T) {
	cpu := func(c int) *int { return &c }
	tests := []struct {
		drop dtrace.Drop
		msg  string
		want jsonDrop
	}{
		{dtrace.Drop{Kind: dtrace.DropDynamic, Count: 5, CPU: -1}, "5 dynamic variable drops", jsonDrop{Kind: "dynamic", Count: 5}},
		{dtrace.Drop{Kind: dtrace.DropSpeculative, Count: 1, CPU: -1}, "1 speculative drop", jsonDrop{Kind: "speculative", Count: 1}},
		{dtrace.Drop{Kind: dtrace.DropSpecUnavail, Count: 2, CPU: -1}, "2 failed speculations (no speculative buffer available)", jsonDrop{Kind: "speculation", Count: 2}},
		{dtrace.Drop{Kind: dtrace.DropAggregation, Count: 3, CPU: 1}, "3 aggregation drops on CPU 1", jsonDrop{Kind: "aggregation", Count: 3, CPU: cpu(1)}},
		{dtrace.Drop{Kind: dtrace.DropBuffer, Count: 1, CPU: 0}, "1 drop on CPU 0", jsonDrop{Kind: "buffer", Count: 1, CPU: cpu(0)}},
		{dtrace.Drop{Kind: dtrace.DropError, Count: 1, CPU: -1}, "1 error in ERROR probe enabling", jsonDrop{Kind: "error", Count: 1}},
	}
	for _, tt := range tests {
		tt.want.Type, tt.want.Message = "drop", tt.msg
		got, _ := json.Marshal(dropObject(tt.drop))
		want, _ := json.Marshal(tt.want)
		if string(got) != string(want) {
			t.Errorf("%q: got %s, want %s", tt.msg, got, want)
		}
	}
}

// Integers are extended from their size as their type's signedness says.
func TestJSONDatum(t *testing.T) {
	tests := []struct {
		d    format.Datum
		want string
	}{
		{format.IntDatum(-1, 1, true), `{"type":"integer","size":1,"signed":true,"value":-1}`},
		{format.IntDatum(-1, 1, false), `{"type":"integer","size":1,"signed":false,"value":255}`},
		{format.IntDatum(-1, 8, false), `{"type":"integer","size":8,"signed":false,"value":18446744073709551615}`},
		{format.IntDatum(0x1ffff, 2, true), `{"type":"integer","size":2,"signed":true,"value":-1}`},
		{format.StringDatum("a\"b", 256), `{"type":"string","value":"a\"b"}`},
		{format.BytesDatum([]byte{0, 0xab}), `{"type":"memory","size":2,"hex":"00ab"}`},
	}
	for _, tt := range tests {
		got, _ := json.Marshal(jsonDatum(tt.d))
		if string(got) != tt.want {
			t.Errorf("got %s, want %s", got, tt.want)
		}
	}
}

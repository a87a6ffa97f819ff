package format

import "testing"

// TestInt64 checks that a recorded integer is extended from its size as
// its signedness says.
func TestInt64(t *testing.T) {
	for _, tc := range []struct {
		d    Datum
		want int64
	}{
		{Datum{Kind: Int, Size: 1, Signed: true, Int: 0xff}, -1},
		{Datum{Kind: Int, Size: 1, Int: 0xff}, 255},
		{Datum{Kind: Int, Size: 2, Signed: true, Int: 0xfffe}, -2},
		{Datum{Kind: Int, Size: 4, Int: 0xffffffff}, 0xffffffff},
		{Datum{Kind: Int, Size: 4, Signed: true, Int: 0x1_7fffffff}, 0x7fffffff},
		{Datum{Kind: Int, Size: 8, Int: 1 << 63}, -1 << 63},
	} {
		if got := tc.d.Int64(); got != tc.want {
			t.Errorf("%+v: %d, want %d", tc.d, got, tc.want)
		}
	}
}

package dtrace

import (
	"reflect"
	"testing"
)

// TestDropStatus checks the drop reports of successive status intervals:
// only what each counter gained, in DTrace's words and drop-table order.
func TestDropStatus(t *testing.T) {
	var s dropStatus
	for _, tc := range []struct {
		counts [numStatusDrops]uint64
		want   []string
	}{
		{[numStatusDrops]uint64{}, nil},
		{[numStatusDrops]uint64{DropDynamic: 1}, []string{
			"1 dynamic variable drop",
		}},
		{[numStatusDrops]uint64{DropDynamic: 1}, nil},
		{[numStatusDrops]uint64{DropDynamic: 4, DropSpeculative: 1, DropSpecUnavail: 2}, []string{
			"3 dynamic variable drops",
			"1 speculative drop",
			"2 failed speculations (no speculative buffer available)",
		}},
	} {
		if got := dropStrings(s.since(tc.counts)); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("counts %v: %q, want %q", tc.counts, got, tc.want)
		}
	}
}

// TestDropString checks the per-CPU drops' wording and the kinds' names.
func TestDropString(t *testing.T) {
	for _, tc := range []struct {
		d         Drop
		msg, kind string
	}{
		{Drop{DropBuffer, 1, 0}, "1 drop on CPU 0", "buffer"},
		{Drop{DropBuffer, 12, 3}, "12 drops on CPU 3", "buffer"},
		{Drop{DropAggregation, 2, 1}, "2 aggregation drops on CPU 1", "aggregation"},
		{Drop{DropError, 1, -1}, "1 error in ERROR probe enabling", "error"},
		{Drop{DropSpecUnavail, 1, -1}, "1 failed speculation (no speculative buffer available)", "speculation"},
	} {
		if got := tc.d.String(); got != tc.msg {
			t.Errorf("%+v: %q, want %q", tc.d, got, tc.msg)
		}
		if got := tc.d.Kind.String(); got != tc.kind {
			t.Errorf("%+v: kind %q, want %q", tc.d, got, tc.kind)
		}
	}
}

func dropStrings(drops []Drop) []string {
	var s []string
	for _, d := range drops {
		s = append(s, d.String())
	}
	return s
}

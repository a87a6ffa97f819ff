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
		counts [numDropKinds]uint64
		want   []string
	}{
		{[numDropKinds]uint64{}, nil},
		{[numDropKinds]uint64{dropDynamic: 1}, []string{
			"1 dynamic variable drop",
		}},
		{[numDropKinds]uint64{dropDynamic: 1}, nil},
		{[numDropKinds]uint64{dropDynamic: 4, dropSpeculative: 1, dropSpecUnavail: 2}, []string{
			"3 dynamic variable drops",
			"1 speculative drop",
			"2 failed speculations (no speculative buffer available)",
		}},
	} {
		if got := s.since(tc.counts); !reflect.DeepEqual(got, tc.want) {
			t.Errorf("counts %v: %q, want %q", tc.counts, got, tc.want)
		}
	}
}

package dtrace

import (
	"reflect"
	"testing"
	"time"
)

// offer adds records of the given sizes, named by number from first, on
// CPU c, and returns those the buffer took.
func offer(p *principal, c int, first int, sizes ...int) []int {
	var took []int
	for i, size := range sizes {
		if p.add(c, size, first+i) {
			took = append(took, first+i)
		}
	}
	return took
}

func taken(p *principal) []int {
	var out []int
	for _, v := range p.take() {
		out = append(out, v.(int))
	}
	return out
}

// TestPrincipalSwitch checks the switch policy: a CPU's buffer holds
// bufsize bytes between switches, what does not fit is dropped and
// counted per CPU, and a switch empties the buffers in arrival order.
func TestPrincipalSwitch(t *testing.T) {
	p := newPrincipal(policySwitch, 100, 0) // 96 bytes, 8-aligned
	if got := offer(p, 0, 1, 32, 32, 32, 8); !reflect.DeepEqual(got, []int{1, 2, 3}) {
		t.Errorf("CPU 0 took %v", got)
	}
	if got := offer(p, 1, 5, 96); !reflect.DeepEqual(got, []int{5}) {
		t.Errorf("CPU 1 took %v", got)
	}
	offer(p, 0, 6, 16)
	if got := taken(p); !reflect.DeepEqual(got, []int{1, 2, 3, 5}) {
		t.Errorf("switch gave %v", got)
	}
	if got := p.takeDrops(); !reflect.DeepEqual(got, []uint64{2, 0}) {
		t.Errorf("drops %v", got)
	}
	if got := p.takeDrops(); !reflect.DeepEqual(got, []uint64{0, 0}) {
		t.Errorf("drops after report %v", got)
	}
	// After the switch the buffer has room again.
	if got := offer(p, 0, 7, 96); len(got) != 1 {
		t.Errorf("after switch took %v", got)
	}
}

// TestPrincipalFill checks the fill policy: records stop once one does
// not fit in bufsize less END's reserve, without counting drops; the
// buffer stays full (even for a smaller record); END's records may use
// the reserve.
func TestPrincipalFill(t *testing.T) {
	p := newPrincipal(policyFill, 96, 16)
	if got := offer(p, 0, 1, 32, 32, 24, 8); !reflect.DeepEqual(got, []int{1, 2}) {
		t.Errorf("took %v", got)
	}
	if !p.filled() {
		t.Error("not filled")
	}
	if got := offer(p, 1, 5, 80); !reflect.DeepEqual(got, []int{5}) {
		t.Errorf("CPU 1 took %v", got)
	}
	p.cooldown = true
	if got := offer(p, 0, 6, 16, 16, 8); !reflect.DeepEqual(got, []int{6, 7}) {
		t.Errorf("END took %v", got)
	}
	if got := taken(p); !reflect.DeepEqual(got, []int{1, 2, 5, 6, 7}) {
		t.Errorf("consumed %v", got)
	}
	if got := p.takeDrops(); !reflect.DeepEqual(got, []uint64{0, 0}) {
		t.Errorf("drops %v", got)
	}
}

// TestPrincipalRing checks the ring policy: each CPU keeps its newest
// bufsize bytes of records; only a record larger than the buffer is a
// drop.
func TestPrincipalRing(t *testing.T) {
	p := newPrincipal(policyRing, 64, 0)
	offer(p, 0, 1, 16, 16, 16, 16, 16, 32) // keeps 4, 5, 6
	offer(p, 1, 7, 64, 8)                  // keeps 8 only
	if got := offer(p, 0, 9, 72); got != nil {
		t.Errorf("took oversized %v", got)
	}
	if got := taken(p); !reflect.DeepEqual(got, []int{4, 5, 6, 8}) {
		t.Errorf("ring kept %v", got)
	}
	if got := p.takeDrops(); !reflect.DeepEqual(got, []uint64{1, 0}) {
		t.Errorf("drops %v", got)
	}
}

// TestInterval checks the rates' bookkeeping: due at once, then an
// interval after the time the last one was due (not after the check).
func TestInterval(t *testing.T) {
	var iv interval
	t0 := time.Unix(1000, 0)
	every := time.Second
	for _, tc := range []struct {
		at   time.Duration
		want bool
	}{
		{0, true},
		{500 * time.Millisecond, false},
		{1200 * time.Millisecond, true},  // the next is due at 2s
		{1900 * time.Millisecond, false}, // not 2.2s
		{2000 * time.Millisecond, true},
	} {
		if got := iv.due(t0.Add(tc.at), every); got != tc.want {
			t.Errorf("at %v: due %v, want %v", tc.at, got, tc.want)
		}
	}
	if got := iv.next(every); !got.Equal(t0.Add(3 * time.Second)) {
		t.Errorf("next %v", got)
	}
}

// TestCPUDrops checks the wording of per-CPU drops (dt_handle_cpudrop)
// and what each report covers.
func TestCPUDrops(t *testing.T) {
	var rep []uint64
	if got := dropStrings(cpuDrops(DropBuffer, gained(&rep, []uint64{0, 1, 5}))); !reflect.DeepEqual(got, []string{
		"1 drop on CPU 1", "5 drops on CPU 2"}) {
		t.Errorf("first report %q", got)
	}
	if got := dropStrings(cpuDrops(DropAggregation, gained(&rep, []uint64{3, 1, 5}))); !reflect.DeepEqual(got, []string{
		"3 aggregation drops on CPU 0"}) {
		t.Errorf("second report %q", got)
	}
}

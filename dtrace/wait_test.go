package dtrace

import (
	"testing"
	"time"
)

// The wait given to Consume must outlast the work's due time once the
// ring buffer's reader truncates it to whole milliseconds, or the
// consumer spins on zero-timeout waits until then.
func TestWholeMillis(t *testing.T) {
	for _, d := range []time.Duration{1, 999 * time.Microsecond, time.Millisecond, 999900 * time.Microsecond, time.Second} {
		w := wholeMillis(d)
		// What is left when the reader looks, a little later, truncated.
		left := (w - time.Microsecond).Truncate(time.Millisecond)
		if left < d || w > d+2*time.Millisecond {
			t.Errorf("wholeMillis(%v) = %v: the reader waits %v", d, w, left)
		}
	}
	if w := wholeMillis(0); w != 0 {
		t.Errorf("wholeMillis(0) = %v, want 0: nothing to wait for", w)
	}
}

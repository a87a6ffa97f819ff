package dtrace

import "testing"

func TestSizeWord(t *testing.T) {
	for n, want := range map[uint64]string{
		256 << 20:     "256m",
		1 << 30:       "1g",
		1 << 10:       "1k",
		1000:          "1000 bytes",
		3<<20 + 1<<10: "3146752 bytes", // only the largest unit is tried
		1 << 62:       "4e",
	} {
		if got := sizeWord(n); got != want {
			t.Errorf("sizeWord(%d) = %q, want %q", n, got, want)
		}
	}
}

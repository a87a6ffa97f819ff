package testenv

import (
	"fmt"
	"testing"
)

// recorder is a testing.TB that notes how the test would have ended.
type recorder struct {
	testing.TB
	skipped, failed string
}

func (r *recorder) Helper()                           {}
func (r *recorder) Skipf(format string, args ...any)  { r.skipped = fmt.Sprintf(format, args...) }
func (r *recorder) Fatalf(format string, args ...any) { r.failed = fmt.Sprintf(format, args...) }

func TestSkip(t *testing.T) {
	t.Setenv("CI", "")
	r := &recorder{TB: t}
	skip(r, "BPF: %s", "missing")
	if r.skipped != "BPF: missing" || r.failed != "" {
		t.Errorf("outside CI: skipped %q, failed %q", r.skipped, r.failed)
	}

	t.Setenv("CI", "true")
	r = &recorder{TB: t}
	skip(r, "BPF: %s", "missing")
	if r.skipped != "" || r.failed != "CI=true forbids skipping: BPF: missing" {
		t.Errorf("under CI: skipped %q, failed %q", r.skipped, r.failed)
	}
}

func TestRequireBPF(t *testing.T) {
	RequireBPF(t) // skips here, or passes
}

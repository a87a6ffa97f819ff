package load

import (
	"testing"

	"github.com/godtrace/godtrace/internal/vmtest"
)

func TestMain(m *testing.M) {
	vmtest.Main(m)
}

// TestVerifierDebian runs TestVerifier in Debian stable's kernel (6.1),
// booted under qemu: generated programs must pass older verifiers than
// this machine's, which accept more (bounded loops are older than 6.1,
// but may_goto, some helpers and the precision of range tracking are
// newer).
func TestVerifierDebian(t *testing.T) {
	k := vmtest.Debian(t)
	vmtest.Run(t, k, "^TestVerifier$", "../compile/testdata/*.d", "../lang/check/testdata/ok.d")
}

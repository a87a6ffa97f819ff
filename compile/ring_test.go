package compile

import (
	"testing"

	"github.com/godtrace/godtrace/lang/token"
	"github.com/godtrace/godtrace/spec"
)

// The ring holds bufsize, unless every probe is the dtrace provider's:
// then what one firing of BEGIN or END can write, at least a page.
func TestRingSize(t *testing.T) {
	// A record of two strings of 3,000 bytes: 6,016 bytes in the ring.
	long := "BEGIN { trace(copyinstr(arg0)); trace(copyinstr(arg0)); }"
	for _, tt := range []struct {
		src     string
		bufsize int
		want    uint32
	}{
		{"BEGIN { exit(0); }", 0, 4096},
		{"BEGIN { exit(0); } END { trace(1); }", 0, 4096},
		{"BEGIN { exit(0); } syscall::read:entry { trace(1); }", 0, 4 << 20},
		{"BEGIN { exit(0); } syscall::read:entry { trace(1); }", 100 << 10, 128 << 10},
		{"BEGIN { trace(*(int *)0); } ERROR { trace(arg4); }", 0, 4096},
		{long, 0, 8192},
		{long + " END { trace(1); }", 0, 8192},
		{long + long, 0, 16384},
		{long + long, 5000, 8192},
	} {
		cfg := config(t)
		cfg.BufSize, cfg.StrSize = tt.bufsize, 3000
		prog, err := Compile([]*token.File{token.NewFile("ring.d", []byte(tt.src))}, cfg)
		if err != nil {
			t.Errorf("%s: %v", tt.src, err)
			continue
		}
		if got := prog.Maps[spec.MapBuffer].MaxEntries; got != tt.want {
			t.Errorf("%s, bufsize %d: ring of %d bytes, want %d", tt.src, tt.bufsize, got, tt.want)
		}
	}
}

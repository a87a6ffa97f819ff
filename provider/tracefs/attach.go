package tracefs

import (
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/link"
)

// FS returns the running kernel's tracefs tree, found or mounted by Dir.
func FS() (fs.FS, error) {
	dir, err := Dir()
	if err != nil {
		return nil, err
	}
	return os.DirFS(dir), nil
}

// Attach makes the kernel run prog, a TracePoint program, at the
// tracepoint group:event.
func Attach(group, event string, prog *ebpf.Program) (io.Closer, error) {
	// cilium finds tracefs by itself but does not mount it, and
	// remembers the first answer: make sure there is one to find.
	if _, err := Dir(); err != nil {
		return nil, err
	}
	l, err := link.Tracepoint(group, event, prog, nil)
	if err != nil {
		return nil, fmt.Errorf("attach to tracepoint %s/%s: %w", group, event, err)
	}
	return l, nil
}

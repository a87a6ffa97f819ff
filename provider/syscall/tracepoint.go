package syscall

import (
	"fmt"
	"io"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/link"

	"github.com/godtrace/godtrace/provider/tracefs"
)

// attachTracepoint attaches prog to the tracepoint syscalls:name.
func attachTracepoint(name string, prog *ebpf.Program) (io.Closer, error) {
	return attachTracepointIn(group, name, prog)
}

// attachTracepointIn attaches prog to the tracepoint grp:name.
func attachTracepointIn(grp, name string, prog *ebpf.Program) (io.Closer, error) {
	// cilium finds tracefs by itself but does not mount it, and
	// remembers the first answer: make sure there is one to find.
	if _, err := tracefs.Dir(); err != nil {
		return nil, err
	}
	l, err := link.Tracepoint(grp, name, prog, nil)
	if err != nil {
		return nil, fmt.Errorf("attach to tracepoint %s/%s: %w", grp, name, err)
	}
	return l, nil
}

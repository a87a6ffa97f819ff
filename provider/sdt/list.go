package sdt

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"slices"
	"strings"
	"sync"

	"github.com/cilium/ebpf"

	"github.com/godtrace/godtrace/provider/tracefs"
)

// Event is a kernel trace event, as tracefs names it: Group "sched",
// Name "sched_switch".
type Event struct {
	Group, Name string
}

// excluded are the event groups no tracepoint provider offers, as in
// Oracle DTrace: the system call tracepoints belong to the syscall
// provider, and kprobe and uprobe events are made by tools at run time,
// come and go, and would renumber the probes listed after them.
var excluded = map[string]bool{
	"syscalls": true,
	"kprobes":  true,
	"uprobes":  true,
}

// List returns the kernel's trace events that the sdt and rawtp
// providers offer, sorted by group and name, from the available_events
// file of fsys, a tracefs tree. One file read for every event keeps
// listing cheap: a format file is read only for a probe that is used.
//
// The order is sorted rather than the file's (which follows the order
// the kernel registered the events in) so that probe IDs do not depend
// on the order modules were loaded in.
func List(fsys fs.FS) ([]Event, error) {
	f, err := fsys.Open("available_events")
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("trace events: %w: %w", ebpf.ErrNotSupported, err)
	}
	if err != nil {
		return nil, fmt.Errorf("list trace events: %w", err)
	}
	defer f.Close()
	var evs []Event
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		group, name, ok := strings.Cut(strings.TrimSpace(sc.Text()), ":")
		if !ok || group == "" || name == "" || excluded[group] {
			continue
		}
		evs = append(evs, Event{group, name})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("list trace events: %w", err)
	}
	slices.SortFunc(evs, func(a, b Event) int {
		return cmp.Or(cmp.Compare(a.Group, b.Group), cmp.Compare(a.Name, b.Name))
	})
	return slices.Compact(evs), nil
}

// KernelEvents returns List of the running kernel's tracefs, found or
// mounted by tracefs.Dir. The list is read once per process, as DTrace
// reads it once when its providers register: the sdt and rawtp
// providers offer the same events, and the Registry asks each of them
// more than once, at about a millisecond a reading. An event that
// appears later (a module loaded while dtrace runs) is not offered.
var KernelEvents = sync.OnceValues(func() ([]Event, error) {
	root, err := tracefs.FS()
	if err != nil {
		return nil, err
	}
	return List(root)
})

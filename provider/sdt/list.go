package sdt

import (
	"bufio"
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/cilium/ebpf"
	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/provider"
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
	defer kernelListed.Store(true)
	root, err := tracefs.FS()
	if err != nil {
		return nil, err
	}
	return List(root)
})

// kernelListed says KernelEvents has read the list.
var kernelListed atomic.Bool

// kernelHasEvent is hasEventDir of the kernel's tracefs, asked once per
// name: sdt and rawtp ask for the same.
func kernelHasEvent(name string) bool {
	eventDirs.mu.Lock()
	defer eventDirs.mu.Unlock()
	has, ok := eventDirs.has[name]
	if !ok {
		dir, err := tracefs.Dir()
		has = err != nil || hasEventDir(filepath.Join(dir, "events"), name)
		if eventDirs.has == nil {
			eventDirs.has = map[string]bool{}
		}
		eventDirs.has[name] = has
	}
	return has
}

var eventDirs struct {
	mu  sync.Mutex
	has map[string]bool
}

// hasEventDir reports whether a group of events, the directory of a
// tracefs tree's event groups, has an event called name, or may have:
// a directory that cannot be read may. Each group is asked relative to
// the open directory, which costs the kernel a lookup in the group
// alone.
func hasEventDir(events, name string) bool {
	if name == "" || name == "." || name == ".." || strings.ContainsRune(name, '/') {
		return true
	}
	d, err := os.Open(events)
	if err != nil {
		return true
	}
	defer d.Close()
	groups, err := d.Readdirnames(-1)
	if err != nil {
		return true
	}
	var st unix.Stat_t
	for _, g := range groups {
		if excluded[g] {
			continue
		}
		switch err := unix.Fstatat(int(d.Fd()), g+"/"+name, &st, unix.AT_SYMLINK_NOFOLLOW); err {
		case unix.ENOENT, unix.ENOTDIR: // not there, or g is a file (enable)
		default:
			return true
		}
	}
	return false
}

// MayMatchName reports whether the events of root, a tracefs tree, or
// of the kernel's if root is nil, may include one that pattern, a probe
// description's name field, matches: for the sdt and rawtp providers'
// provider.Named. A glob may match any (Provide lists them all anyway).
// Until KernelEvents has read the kernel's list, a name is looked for in
// each group's directory (events/GROUP/NAME): a lookup per group, a
// third of what reading available_events costs, so that a description of
// another provider's probe (BEGIN) does not list the events. A tree that
// cannot be read may have any event: Provide says why.
func MayMatchName(root fs.FS, pattern string) bool {
	var evs []Event
	var err error
	switch {
	case provider.IsGlob(pattern):
		return true
	case root != nil:
		evs, err = List(root)
	case kernelListed.Load():
		evs, err = KernelEvents()
	default:
		return kernelHasEvent(pattern)
	}
	return err != nil || slices.ContainsFunc(evs, func(e Event) bool { return e.Name == pattern })
}

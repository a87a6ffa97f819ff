// Package tracefs finds the kernel's tracing filesystem, reads the event
// format files in it, and attaches programs to its tracepoints.
//
// Dir promises a directory where tracefs is mounted: the first tracefs
// mount in /proc/self/mountinfo (as cilium/ebpf takes it), or DefaultDir
// (/sys/kernel/tracing), which it mounts (as root) when the system has
// not. It must be asked before cilium/ebpf first looks for tracefs (its
// kprobe and uprobe links fall back to it), because cilium/ebpf remembers
// the first answer it gets.
//
// ParseFormat reads the layout of a trace event's record, which is also
// the context a BPF tracepoint program sees. ReadFormat reads one each
// time it is asked; a Tree, which the sdt and syscall providers share,
// reads each event's format once, when its probe is first compiled or
// attached, and keeps a failure to return it again.
//
// Attach attaches a tracepoint program itself (a Link): a counting perf
// event (some tracepoints refuse sampling ones) and a BPF link, which
// Link.Unlink can detach before the event is closed, so that the loader
// detaches all the tracepoints of a program at once and closes their
// events after.
package tracefs

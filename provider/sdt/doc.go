// Package sdt is the sdt provider: sdt:GROUP::EVENT for every kernel trace
// event (tracepoint) in tracefs, as Oracle DTrace names them
// (sdt:sched::sched_switch), and the event list it shares with the rawtp
// provider.
//
// Every line of tracefs's available_events is offered except the syscalls,
// kprobes and uprobes groups, as in Oracle DTrace: the system call events
// are the syscall provider's (see List). The file is read once per process
// (KernelEvents), sorted by group and event, for both sdt and rawtp, when
// a probe of theirs, or of a provider numbered after them, is first asked
// for. A description whose name is not a glob is first looked up in each
// group's directory (MayMatchName, for provider.Named), so that BEGIN
// does not list the events.
//
// A probe is the event's tracepoint, fired as a TracePoint program whose
// context is the event record. As with syscall, a probe's format file is
// read when the probe is first compiled or attached. arg0..argN are the
// record's fields after the common header, in the order of the event's
// format file. Integers are loaded as the syscall provider loads them
// (signed fields narrower than 8 bytes sign-extended). Arrays get the
// address of their bytes in the record: R6 plus the offset, stored into
// the scratch slot, where the pointer becomes a number. __data_loc and
// __rel_loc fields get the address of their data, decoded from the locator
// (see arg). The provider implements provider.Typed and
// provider.Attributed; docs/providers.md has the details.
package sdt

// Package rawtp is the rawtp provider (rawtp:GROUP::EVENT, see Provider),
// and holds what every provider built on raw tracepoints shares: attaching
// a BPF_PROG_TYPE_RAW_TRACEPOINT program to a kernel tracepoint by its
// event name, and loading the tracepoint's arguments (its TP_PROTO
// parameters, one u64 each in the program context).
//
// The provider offers the same events as sdt (sdt.KernelEvents), as
// RawTracepoint programs whose arguments are the tracepoint's parameters.
// Their number and C types come from the kernel BTF typedef
// btf_trace_EVENT, a pointer to a prototype whose first parameter, void
// *__data, is skipped. The BTF is loaded once, when the first rawtp probe
// is compiled, never for listing. The provider implements provider.Typed
// and provider.Attributed; docs/providers.md has the details.
package rawtp

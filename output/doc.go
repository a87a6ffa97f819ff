// Package output is dtrace(1)'s output: Printer writes what dtrace(1)
// prints, byte for byte, and JSON writes the JSON Lines of -x
// oformat=json (docs/json.md). Both are dtrace.Consumers built on the
// dtrace package's public API alone (its records, faults, drops,
// Aggregation, Resolve and FormatEnv), so a program embedding the
// library can write its own the same way; a Consumer is what the
// command drives.
//
// Printer writes:
//
//   - the heading, once, and ProbePrefix for each record, unless quiet;
//     under flowindent (-F), even when quiet, the "CPU FUNCTION" heading
//     and an indented function column instead (flow.go, DTrace's
//     heuristic: an entry probe indents what follows unless the probe
//     printed last was the same, a return unindents unless the next held
//     record is another clause of its probe: Handle.Next);
//   - each action through the format package, skipping an action inside an
//     if whose flag byte is clear;
//   - printa from a snapshot taken when the record is consumed, marking
//     the aggregation as printed so that it is not printed again at exit;
//   - aggregations shaped by the dynamic display options, read from
//     Handle.Options at each printa and at exit (Printer.printOptions), so
//     that setopt() changes them: agghist and aggpack give an aggregation
//     one heading and one line per entry (format/hist.go, format/pack.go),
//     computing the scale (dt_aggregate_total()) or the bucket range
//     (dt_aggregate_minmaxbin()) over all its entries first; aggzoom
//     scales bars to the largest value and encoding=utf8 draws unpacked
//     bars in eighths of a block (format.Bars, also for printa()'s %@);
//     rawbytes dumps strings in hex, for trace() (format.TraceRawBytes)
//     and keys;
//   - at exit a newline, always, then the aggregations not printed
//     (Printer.PrintAggregations), as dtrace(1) ends;
//   - clear, trunc and normalize through the Handle;
//   - faults in DTrace's words, on stderr.
//
// The Handle names symbols (package dtrace's stack.go and usym.go):
// kernel stack frames with ksym, user frames from /proc/PID/maps and the
// mapped files' ELF symbols (Go's .gopclntab when a Go binary is
// stripped), read by uproc and cached per pid; for stacks walked with
// bpf_get_task_stack the leading plumbing frames are dropped by symbol
// name. usym(), ufunc(), uaddr() and umod() are decoded as one-frame user
// stacks and named with the same per-pid symbol tables: usym and ufunc
// fold the address to its function, as dt_print_usym() does, uaddr keeps
// the offset, umod names the object; a statement prints them with
// "  %-50s". tracemem()'s bytes are printed up
// to its dsize, read unsigned (0 or a negative size prints everything).
// print()'s typed object is printed by format.PrintTyped, cut by the
// printsize option, which the printer reads when the record arrives.
// setopt()'s strings are applied through Handle.SetOption, with tracing
// marked active, so that run-time-only options fail with libdtrace's
// message on the probe.
//
// system(), freopen() and ftruncate() are acted on by the Printer
// (destructive.go): system() flushes, then runs /bin/sh -c with the
// Printer's Stdin and Stdout (dtrace(1) passes its own); freopen()
// swaps the writer under Printer.Out for a file opened for appending, and
// freopen("") (the format ".", DTrace's restore sentinel) swaps back;
// ftruncate() truncates whichever file is the output.
//
// JSON is the other Consumer, chosen by -x oformat=json (json*.go, schema
// in docs/json.md). It writes one JSON object per record, aggregation left at exit, fault
// and drop, and nothing else to standard output. It keeps a quiet Printer
// whose error output it captures: that Printer words faults and applies
// setopt(), clear() and the like, so their messages are DTrace's; the JSON
// consumer puts the message in the object and passes it on to standard
// error. Values keep their item's type (jsonValue: integers with size and
// signedness, strings, memory in hex, stacks as frame names, symbols);
// quantizations become their non-empty buckets as inclusive min/max ranges
// (bucketRange). system()'s standard output is collected into its object,
// so that the stream stays valid. A probe's record is written as one line,
// so a freopen() in the middle of a clause sends the records after it, not
// the rest of its own, to the new file; the aggregations left at exit come
// in variable order whatever aggsortrev says (the order within each
// follows the sort options).
package output

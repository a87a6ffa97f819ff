// Package format produces the bytes that illumos dtrace(1) writes: printf()
// and printa() formatting, trace() and tracemem() records, the CPU/ID/
// FUNCTION:NAME prefix of the default output, dtrace -l listings, the
// "matched N probes" notice, and the default rendering of aggregations
// (count, sum, avg, min, max, stddev, quantize, lquantize, llquantize),
// sorted as libdtrace sorts them.
//
// The promise is byte-for-byte agreement with illumos DTrace (libdtrace's
// dt_printf.c, dt_consume.c and dt_aggregate.c, and usr/src/cmd/dtrace),
// including its quirks: trace() of a one- or two-byte integer prints it
// unsigned, a string key that is empty prints as a hex dump, a precision of
// zero means "no precision", "%-05d" pads with zeros, integer keys sort as
// unsigned numbers, and quantization totals are summed in 80-bit long
// double arithmetic. Where Oracle's dtrace-utils differs from illumos, this
// package follows illumos.
//
// The package works on values already copied out of the kernel (Datum,
// AggValue) and never touches the kernel itself. It does not decide when
// output happens: the consumer writes the heading, calls ProbePrefix and
// ends each record, and chooses which aggregations remain to be printed at
// exit. Symbol names for %a, %A, the frames of stack() and ustack()
// records (as actions, aggregation keys and printa()'s %k), the stackindent
// option and the time zone for %Y and %T come from an Env supplied by the
// caller; stack.go prints frames with DTrace's stackindent and %k
// rules. sym() and mod() records are not formatted here: the caller
// passes their names as strings.
//
// The agghist, aggpack, aggzoom, encoding and rawbytes options arrive in
// PrintOptions (and TraceRawBytes); a formatted printa()'s %@ graph
// ignores aggzoom. agghist and aggpack give an aggregation one heading
// and one line per entry (hist.go, pack.go); aggzoom scales bars to the
// largest value; encoding=utf8 set explicitly draws the bars of
// unpacked graphs in block elements, to an eighth of a character (Bars,
// also for printa()'s %@). ListProbeInfo writes dtrace -l -v's
// stability and argument lines.
//
// PrintTyped prints a print() record as Oracle's dt_print_visit() walks
// CTF: "0xADDR = *", then one "(type)value," a line, indented 44
// columns plus one per level, members that are zero left out, cut at
// the printsize option's bytes.
package format

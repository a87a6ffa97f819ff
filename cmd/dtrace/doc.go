// Command dtrace is DTrace for Linux: it compiles D programs to BPF,
// enables them, and prints what they record, as dtrace(1) does.
//
// It parses its arguments as dtrace(1) does (options named in the
// environment, DTRACE_OPT_NAME, first, as in Oracle's), lists probes with
// -l (the sources compiled as far as their descriptions, Handle.Describe),
// and otherwise runs a program through the dtrace package (exec.go). It
// compiles; with -S it prints the programs, and with -e it stops there.
// Otherwise it loads, prints the "matched" lines unless quiet (-q or the
// pragma: DTrace's notice() is silent then), and calls Go. Once BEGIN has
// fired it creates the file named by GODTRACE_READY_FILE, if set: the
// tests' sign that probes are live, since quiet mode prints none.
// Handle.Run then consumes (the library's loop: the wait Due gives,
// output flushed after each piece of work) until exit(), a full buffer
// (fill policy), the first SIGINT or SIGTERM (which end Run's context),
// or the exit of every target process, which Run reports to the Printer;
// a second signal ends dtrace at once (impatient). Then it prints the
// aggregations that no printa printed, and exits with exit()'s status.
//
// The consumer runs on one P (GOMAXPROCS 1 unless set): with two, the
// runtime's sysmon
// polled after every wake-up and idle threads woke to look for work,
// doubling an idle dtrace's CPU time.
//
// # End-to-end tests
//
// e2e_test.go's TestMain builds dtrace with CGO_ENABLED=0. It also
// symlinks the test binary as e2eload, which runs a workload when
// GODTRACE_WORKLOAD is set, so that scripts can select its events by
// execname. Each testdata/e2e/*.txt case has run:, an optional workload:
// and an optional interrupt: yes, then golden -- stdout --, -- stderr --
// and -- exit -- sections; a line ~ REGEXP matches one output line. dtrace
// and the workload run pinned to CPU 0 with taskset, so that the CPU
// column and tick-N are deterministic; the workload starts once dtrace
// creates its GODTRACE_READY_FILE (BEGIN has fired, all probes live).
// DTRACE_UPDATE=1 rewrites the sections. TestShowBPF checks the -S output.
package main

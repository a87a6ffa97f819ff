// Package dtrace is godtrace's library: what libdtrace is to DTrace. A Go
// program opens a Handle, compiles D sources, enables them, consumes the
// records and aggregations they produce, and stops:
//
//	h, _ := dtrace.Open()
//	defer h.Close()
//	_ = h.Compile([]dtrace.Source{{Text: []byte("syscall::openat:entry { @[execname] = count(); }")}}, nil)
//	_ = h.Exec()
//	p := output.NewPrinter(os.Stdout, os.Stderr, true)
//	_ = h.Go()
//	_ = h.Run(ctx, p) // until exit(), ctx's end or the targets' exit; then Stop
//	_ = p.PrintAggregations(h)
//	_ = p.Flush()
//
// ExampleHandle_Run and examples/hello show it whole. The dtrace
// command is a thin client of this package and of package output, whose
// Printer produces DTrace's textual output from what a Handle consumes.
//
// # Opening
//
// dtrace(1) calls CheckPrivileges first (privilege.go): it names the
// capabilities missing (CAP_BPF, CAP_PERFMON, tracefs access) before a
// provider fails for want of them. Open builds the registry from
// Providers() (open.go): dtraceprov, profile, syscall, then sdt and rawtp,
// which came later, so that adding them left the IDs of the probes before
// them unchanged. Options change that: WithProviders (another set, which
// the registry lists only when a program needs their IDs), WithStderr
// (where cpp's messages and -x debug and -x tree go instead of the
// process's standard error) and WithLogger (the -x debug messages and the
// time each step took, at slog's Debug level). The library reads no
// environment variable and changes no process limit (see package load).
//
// # Compiling
//
// Compile first chooses the D library files (library.go), as libdtrace's
// dt_load_libs() does. The directories, in precedence order, are each -L
// directory, then the system directory (/usr/lib/dtrace, -x syslibdir),
// then the embedded dlib files, which are named as if they were in the
// system directory; the first file of a name wins. A library is skipped if
// a depends_on pragma names a provider, a kernel module
// (/sys/kernel/btf/NAME) or a library that is absent or skipped. The
// compile order puts each library after those it depends on, and otherwise
// the embedded files first, then the system directory, then the -L
// directories, each by name; a dependency cycle is an error. Unless -x
// nolibs, the libraries become the first files of the program, so that
// their inlines and declarations are shared with the sources. When the
// embedded files are the only libraries, they are compiled only for
// sources (preprocessed) or macro arguments that name something they
// declare (dlib.Names) or use args[], which the stable providers
// translate with them (libnames.go): a program that names none compiles
// the same without them, in a fraction of the time. Matches
// leaves them out, and an error in one becomes a CompileError with File
// set, which the command prints as DTrace does ("/usr/lib/dtrace/x.d",
// line 3: ...). A library with a probe clause is refused once compiled (so
// that an error in the clause is reported as DTrace reports it), since its
// probes would be enabled (DTrace compiles library clauses but never
// enables them).
//
// With -C (the cpp option), Compile runs each script file through cpp
// (cpp.go): the cpppath program, with Linux DTrace's predefined macros,
// then the -D/-U/-I/-H arguments and the words of -x cppargs (Oracle's) in
// order, then __SUNW_D_VERSION, the -X standard and the input file
// /dev/stdin, as Oracle's dt_preproc() does. The text goes on standard
// input, so cpp's messages and line markers say /dev/stdin, and an error
// on a line marked so is the script's, not an included header's. A #! line
// is emptied. cpp's standard error goes to Handle.Stderr; its failures are
// DTrace's EDT_CPP* messages. As in DTrace, -n and the other description
// flags are not preprocessed.
//
// Compile then parses every file once (compile.ParseSpecs), applies their
// #pragma D option lines (Parsed.Options) to Handle.Options, checks the
// sources' depends_on pragmas, and compiles what was parsed
// (compile.CompileParsed) with strsize, bufsize, aggsize, dynvarsize and
// zdefs taken from those options, and a lazy kernel BTF reader
// (ktypes.Spec), loaded only when a program names a kernel type or uses
// ppid. bufsize and dynvarsize are first lowered, or, under
// bufresize=manual, refused when enabling, where they pass what the kernel
// should allocate (resize.go); Resized has the notices dtrace(1) prints.
// Kernel symbols for the scoping operator come from ksym.
//
// CompileError exposes the first compile.Error, which the command prints
// as dtrace does ("invalid probe specifier ..." or "failed to compile
// script F: line N: ...", with the tag under -xerrtags). The checks DTrace
// makes per source rather than per construct are in program.go: an empty
// program (D_EMPTY, unless -x empty) and an unreferenced last macro
// argument (D_MACRO_UNUSED, unless -x argref), reported at the source's
// last line as dt_compile() does.
//
// # Processes
//
// CreateProcess (-c) and GrabProcess (-p), called before Compile, make a
// process $target (proc.go). A created process is started under ptrace, so
// it stops after exec; one goroutine locked to its OS thread starts it,
// detaches it when Continue is called (after Go), and reaps it. dtrace -c
// stops the command at its entry point (proc_entry_amd64.go, a breakpoint
// at AT_ENTRY), once the dynamic linker has mapped its libraries, so that
// their pid probes exist before the program runs. A grabbed process is
// watched through a pidfd. Close kills a created process still running, as
// DTrace does.
//
// # Running
//
// Exec loads the program and opens a ring buffer reader on buf; under the
// fill policy it refuses END records larger than bufsize ("END enablings
// exceed size of principal buffer", EDT_ENDTOOBIG), and checks that
// bpf_probe_write_user exists before a program using copyout() or
// copyoutstr() is loaded, since a kernel locked down for integrity removes
// it. Go writes the wall clock offset into the globals map and attaches
// the probes, which can fire but do nothing while the state is warmup; it
// refuses a program with destructive clauses (spec.ECB.Destructive) unless
// the destructive option (-w) is set, as DTrace refuses a DIFO with
// DIFOFLG_DESTRUCTIVE when enabling it, so after the "matched" notices. It
// then fires BEGIN with BPF_PROG_TEST_RUN, and sets the state to active
// unless BEGIN called exit(). Under -x cpu=N, BEGIN and END are fired from
// a thread bound to CPU N.
//
// Consume(c, wait) waits up to wait for records and moves them from the
// ring buffer into the principal buffers in one pass: woken by the first
// record, it waits 20 ms more so that a burst is read together, then reads
// what the ring held when the pass began; an exit() record or Wake
// (callable from another goroutine) ends the wait. Then it does what is
// due, as dtrace_work() does. Each statusrate it checks the status: it
// reports the drop table's drops to a Consumer that is a DropHandler
// (drops.go), what each counter gained since the last report (dynamic
// variable drops, speculative drops, failed speculations, in DTrace's
// drop-table order), and learns whether tracing should stop (the state is
// draining: exit() was called even if its record found no room; or, under
// the fill policy, a buffer is full). Under the switch policy, each
// aggrate it reports the aggregation drops per CPU ("N aggregation drops
// on CPU C", dt_aggregate_snap_cpu()), and after a pass that read records
// (or each switchrate when none came) it passes what the buffers hold to
// the Consumer (Record or Fault) in arrival order, then reports the
// buffers' drops per CPU ("N drops on CPU C", dt_consume_cpu()). A Record
// and its data are valid only during the call: under the switch policy,
// without speculations, the memory records are read into (arena.go) and
// the Records (consume.Decoder) are reused after each switch, so that
// streaming allocates nothing per record. Consume returns true once
// tracing should stop. Due is how long until something is due, as
// dtrace_sleep() computes it. The per-CPU drop counters are in the mmapped
// drops map, so checking them costs no system call.
//
// Run(ctx, c) (run.go) is the loop dtrace(1) runs: Consume with the wait
// Due gives, the wait rounded up to whole milliseconds plus one (the ring
// buffer reader's epoll_wait(2) truncates it, and a wait that ended
// before the work was due spun on zero-timeout waits), c flushed after
// each piece of work (Flusher), until exit(), ctx's end or the exit of
// every target process (reported to c if it is a ProcessReporter); a
// process exit or ctx's end calls Wake, so the loop sees it at once, as
// dtrace_sleep() wakes for process events. Then it calls Stop.
//
// Stop(c) sets the state to draining (one word of the mmapped globals), so
// that no clause runs again, takes what is left in the ring buffer, fires
// END (whose records may use the room kept for them), and then, whatever
// the rates, reports the status's drops and the aggregation drops,
// consumes the buffers and reports their drops, as dtrace_stop() and the
// last dtrace_work() do; then the status's drops once more, for the
// speculative drops that consuming counted. The probes stay attached,
// doing nothing, until Close: detaching a tracepoint costs the kernel
// 55-65 ms (RCU grace periods, serialized by a kernel-wide mutex), so the
// output comes first.
//
// Snapshot reads every aggregation's raw entries (SnapshotPerCPU keeps
// each CPU's value apart, used when aggpercpu is set; dtrace(1) prints
// the merged values either way); Aggregation reads one as it prints. BufferDrops returns the per-CPU count of records reported
// dropped so far. Clear and Trunc implement clear() and trunc() for the
// consumer.
//
// # Principal buffers
//
// DTrace gives each CPU a principal buffer of bufsize bytes, and bufpolicy
// says what happens when one is full. Here the probes write into one BPF
// ring buffer shared by all CPUs, which the consumer drains in passes: the
// kernel ring is only the transport. The principal buffers are modelled on
// the consumer's side (principal.go, pure Go), so that bufsize and
// bufpolicy mean what the Dynamic Tracing Guide ("Buffers and Buffering")
// says, with the kernel's rules (dtrace_buffer_reserve()):
//
//   - switch (the default): a CPU's buffer holds what it produced since
//     the last switch. A record that does not fit is dropped and counted;
//     the drops are reported after the switch's records. The consumer
//     switches after every pass that read records (about every 20 ms while
//     records come), as Oracle's DTrace consumes its per-CPU perf buffers
//     whenever it is woken, and at the latest each switchrate; illumos
//     switches once each switchrate (1 s). So a buffer overflows only when
//     a CPU produces more than bufsize in one pass, and the default 4 MiB
//     streams over two million small records a second without loss
//     (bench/README.md).
//   - fill: a CPU's buffer takes records until one does not fit in bufsize
//     less the room kept for END (the sum of END's record sizes, DTrace's
//     dts_reserve); then it is full and takes nothing more, without
//     counting drops. At the next status check the consumer stops tracing
//     as if exit() had been called (DTRACE_STATUS_FILLED): END fires, its
//     records may use the kept room, and only then is anything consumed.
//   - ring: a CPU's buffer keeps its newest bufsize bytes of records, the
//     oldest overwritten; only a record larger than the buffer is a drop.
//     It is consumed when tracing stops.
//
// Under fill and ring, as in dtrace_work(), neither are the buffers
// consumed nor the aggregation drops reported before tracing stops; the
// status (its drops, exit(), a full buffer) is still checked each
// statusrate. Records are consumed in arrival order across CPUs (one ring
// orders them), where DTrace consumes CPU after CPU. A record's size is
// its size in the ring, header included, so how many records fit is close
// to DTrace's count, not equal. A record the ring itself had no room for
// (the consumer fell behind by a whole ring) is counted per CPU in the
// drops map (spec.DropsBuf) and reported with the buffer's drops of that
// CPU. Speculative records take room in the buffer when they arrive;
// DTrace keeps them apart until commit().
//
// # Values
//
// What a program produces reaches a Consumer as Go values: each record
// (consume.Record: its ECB, CPU and data, read item by item with
// Datum/Values) and fault (consume.Fault) in buffer order, and each drop
// (Drop: its kind, count and CPU; String gives DTrace's words) to a
// Consumer that is a DropHandler. Values resolves what a record holds as
// DTrace prints it (Resolve: symbols for func(), usym() and the like,
// stacks without the tracing machinery's frames), and FormatEnv names
// symbols for format's printf and stacks. Aggregation(id) reads one
// aggregation as its description and records (keys resolved, records
// whose keys resolve alike merged), which format prints and sorts;
// Printed, MarkPrinted, Clear, Trunc and Normalize serve printa(),
// clear(), trunc() and normalize(). Next is the ECB of the record that
// follows the one being consumed, for flowindent; SetOption applies
// setopt(). A record of a clause that only ends speculations is not
// delivered (DTrace gives it no record).
//
// Package output builds dtrace(1)'s text output and the JSON output on
// these alone.
//
// # Testing
//
// The tests cover the preprocessor's arguments, input and failures (with
// the real cpp; skipped without one); library order, precedence,
// depends_on skips and errors, on fstest.MapFS directories; which
// programs compile the embedded libraries, and that dlib.Names is what
// they declare; and compiling
// with the embedded libraries, an error in a -L library, depends_on in a
// program, and line numbers after an #include, all without a kernel.
package dtrace

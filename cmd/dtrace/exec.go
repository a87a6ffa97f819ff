package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime"
	"syscall"

	"github.com/godtrace/godtrace/dtrace"
	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/lang/ast"
	"github.com/godtrace/godtrace/option"
	"github.com/godtrace/godtrace/output"
)

// openHandle opens the handle every mode that compiles or lists
// probes uses, once the process is known to have what tracing needs
// (DTrace's "failed to initialize dtrace").
func openHandle(inv *Invocation) (*dtrace.Handle, error) {
	if err := dtrace.CheckPrivileges(); err != nil {
		return nil, fmt.Errorf("failed to initialize dtrace: %w", err)
	}
	h, err := dtrace.Open()
	if err != nil {
		return nil, err
	}
	h.Options = inv.Options
	return h, nil
}

// execute compiles, enables and consumes the program, as dtrace does
// without -l.
func execute(inv *Invocation, out, stderr io.Writer) int {
	h, err := openHandle(inv)
	if err != nil {
		fmt.Fprintf(stderr, "dtrace: %v\n", err)
		return 1
	}
	defer h.Close()
	h.Stderr = stderr // the preprocessor's messages and -H
	srcs, err := sources(inv)
	if err != nil {
		fmt.Fprintf(stderr, "dtrace: %v\n", err)
		return 1
	}
	// With -e, dtrace stops after compiling whatever was given, even
	// nothing.
	if len(srcs) == 0 && !inv.CompileOnly {
		fmt.Fprintln(stderr, "dtrace: no probes specified")
		return 1
	}
	// As dtrace(1) does, processes are created and grabbed before the
	// program is compiled: the last one is $target.
	procs, err := targets(h, inv)
	if err != nil {
		fmt.Fprintf(stderr, "dtrace: %v\n", err)
		return 1
	}
	if err := h.Compile(srcs, append([]string{macroZero(inv)}, inv.Args...)); err != nil {
		reportCompileError(stderr, inv, err)
		return 1
	}
	if err := output.CheckOFormat(inv.Options); err != nil {
		fmt.Fprintf(stderr, "dtrace: %v\n", err)
		return 1
	}
	if inv.Options.Bool(option.Verbose) {
		printBPF(stderr, h)
	}
	if inv.CompileOnly {
		return 0
	}
	// As in DTrace, quiet mode (-q or the pragma) suppresses the
	// notices of how many probes each source matched.
	total := 0
	for i, n := range h.Matches() {
		total += n
		if inv.Options.Bool(option.Quiet) {
			continue
		}
		s := inv.Sources[i]
		if s.Kind == SourceFile {
			fmt.Fprintln(stderr, format.MatchedScript(s.Text, n))
		} else {
			fmt.Fprintln(stderr, format.Matched(s.Text, n))
		}
	}
	// A program that enables nothing (an empty one under -x empty, or
	// one of descriptions matching nothing under -Z) would wait forever:
	// DTrace refuses it unless -Z asked for probes that may come later.
	if total == 0 && !inv.Options.Bool(option.ZDefs) {
		fmt.Fprintln(stderr, "dtrace: no probes matched")
		return 1
	}
	if err := h.Exec(); err != nil {
		fmt.Fprintf(stderr, "dtrace: could not enable tracing: %v\n", err)
		return 1
	}
	printer := output.NewPrinter(out, stderr, inv.Options.Bool(option.Quiet))
	// dtrace(1)'s testing mode, which test suites such as Oracle's turn
	// on, drops the columns that vary from run to run.
	_, printer.Testing = os.LookupEnv("_DTRACE_TESTING")
	printer.Term = os.Getenv("TERM")
	// system()'s commands are dtrace's children: they read and write
	// its standard input and output, not the -o file.
	printer.Stdin, printer.Stdout = os.Stdin, os.Stdout
	var p output.Consumer = printer
	if inv.Options.String(option.OFormat) == "json" {
		j := output.NewJSON(out, stderr)
		j.Quiet = inv.Options.Bool(option.Quiet)
		j.Stdin = os.Stdin
		p = j
	}
	defer p.Flush()
	sig := impatient()
	defer signal.Reset(os.Interrupt, syscall.SIGTERM)
	if err := h.Go(); err != nil {
		fmt.Fprintf(stderr, "dtrace: could not enable tracing: %v\n", err)
		return 1
	}
	// DTrace reports the buffers it lowered once tracing has started,
	// even under -q.
	if !inv.Options.IsSet(option.QuietResize) {
		for _, n := range h.Resized() {
			fmt.Fprintln(stderr, "dtrace: "+n)
		}
	}
	// DTrace's notice once tracing has started, unless quiet.
	if inv.Options.Bool(option.Destructive) && !inv.Options.Bool(option.Quiet) {
		fmt.Fprintln(stderr, "dtrace: allowing destructive actions")
	}
	signalReady()
	for _, pr := range procs {
		pr.Continue()
	}
	oneProcessor()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		<-sig
		cancel()
	}()
	if err := h.Run(ctx, p); err != nil {
		p.Flush()
		fmt.Fprintf(stderr, "dtrace: %v\n", err)
		return 1
	}
	if err := p.PrintAggregations(h); err != nil {
		p.Flush()
		fmt.Fprintf(stderr, "dtrace: %v\n", err)
		return 1
	}
	p.Flush()
	_, status := h.Done()
	return status
}

// impatient returns the channel of the first SIGINT or SIGTERM, which
// stops tracing, and makes a second one end dtrace at once, as DTrace's
// impatient user's second ^C does: the consumer may be stuck writing to
// an output nobody reads, and could never act on the first. Probes and
// maps go with the process; the -c process dies with dtrace.
func impatient() chan os.Signal {
	sig := make(chan os.Signal, 2)
	signal.Notify(sig, os.Interrupt, syscall.SIGTERM)
	first := make(chan os.Signal, 1)
	go func() {
		first <- <-sig
		<-sig
		os.Exit(1)
	}()
	return first
}

// oneProcessor runs the consumer's goroutines on one processor (P),
// unless GOMAXPROCS says otherwise. The consumer is one goroutine, and
// it sleeps in epoll_wait(2) between wake-ups: with a second P the
// runtime's monitor (sysmon) took to polling every 20 us for a
// millisecond after each wake-up, and a woken thread looked for work on
// the idle P, so that a dtrace tracing nothing spent up to 250
// context switches and 5 ms of CPU every 10 s, against 40 and 2.3 ms on
// one P (profile-997, bench/README.md). Setting it also stops the
// runtime from checking the CPU quota every second. Streaming printf
// and printing 100,000 keys are no slower on one P.
func oneProcessor() {
	if os.Getenv("GOMAXPROCS") == "" {
		runtime.GOMAXPROCS(1)
	}
}

// macroZero is $0: the path of the first script given with -s, or the
// argv[0] dtrace was run with.
func macroZero(inv *Invocation) string {
	for _, s := range inv.Sources {
		if s.Kind == SourceFile {
			return s.Text
		}
	}
	return inv.Argv0
}

// sources reads the program sources: script files, and the text of -n,
// -P, -m, -f and -i, which the compiler reads as descriptions ending
// with the field the flag names.
func sources(inv *Invocation) ([]dtrace.Source, error) {
	var out []dtrace.Source
	for _, s := range inv.Sources {
		if s.Kind == SourceFile {
			b, err := os.ReadFile(s.Text)
			if err != nil {
				return nil, fmt.Errorf("failed to open %s: %s", s.Text, errText(err))
			}
			out = append(out, dtrace.Source{Name: s.Text, Text: b})
			continue
		}
		out = append(out, dtrace.Source{Text: []byte(s.Text), Spec: probeSpec[s.Kind]})
	}
	return out, nil
}

// probeSpec is the field the descriptions of each flag end with. As in
// DTrace, -i is compiled as -n: a number there is a probe identifier
// whatever the flag.
var probeSpec = map[SourceKind]ast.ProbeSpec{
	SourceName: ast.SpecName, SourceID: ast.SpecName, SourceFunction: ast.SpecFunction,
	SourceModule: ast.SpecModule, SourceProvider: ast.SpecProvider,
}

// targets creates the -c processes and grabs the -p ones, in order:
// the last is $target.
func targets(h *dtrace.Handle, inv *Invocation) ([]*dtrace.Process, error) {
	var procs []*dtrace.Process
	for _, pr := range inv.Procs {
		var p *dtrace.Process
		var err error
		if pr.Grab {
			p, err = h.GrabProcess(pr.PID)
		} else {
			p, err = h.CreateProcess(pr.Argv)
		}
		if err != nil {
			return nil, err
		}
		procs = append(procs, p)
	}
	return procs, nil
}

// compileMessage formats a compile error as dtrace does: for a script,
// "failed to compile script F: line N: msg"; for a description,
// "invalid probe specifier TEXT: msg". An error in a library names the
// library file instead ("\"/usr/lib/dtrace/errno.d\", line 3: msg"). With
// -xerrtags the D_* tag comes first. These are libdtrace's
// dt_set_errmsg() and dtrace(1)'s dfatal() formats.
func compileMessage(inv *Invocation, err error) string {
	ce, ok := err.(*dtrace.CompileError)
	if !ok {
		return "dtrace: " + err.Error()
	}
	var src Source
	if ce.Source < len(inv.Sources) {
		src = inv.Sources[ce.Source]
	}
	msg := ""
	if inv.Options.Bool(option.ErrTags) && ce.Tag != "" {
		msg = "[" + ce.Tag + "] "
	}
	switch {
	case ce.File != "":
		msg += fmt.Sprintf("\"%s\", line %d: ", ce.File, ce.Line)
	case src.Kind == SourceFile && ce.Line != 0:
		// DTrace has no line numbers for descriptions given as text.
		msg += fmt.Sprintf("line %d: ", ce.Line)
	}
	msg += ce.Msg
	if src.Kind == SourceFile {
		return fmt.Sprintf("dtrace: failed to compile script %s: %s", src.Text, msg)
	}
	return fmt.Sprintf("dtrace: invalid probe specifier %s: %s", src.Text, msg)
}

// printBPF writes the generated programs, with the D source lines
// interleaved, as -S does.
func printBPF(w io.Writer, h *dtrace.Handle) {
	for _, pp := range h.Program().Probes {
		p := pp.Probe
		if pp.Shared != nil {
			fmt.Fprintf(w, "\nBPF program shared by %d probes from %d %s:%s:%s:%s (EPIDs %v of the first):\n", len(pp.Shared.Probes), p.ID, p.Provider, p.Module, p.Function, p.Name, pp.EPIDs)
		} else {
			fmt.Fprintf(w, "\nBPF program for probe %d %s:%s:%s:%s (EPIDs %v):\n", p.ID, p.Provider, p.Module, p.Function, p.Name, pp.EPIDs)
		}
		fmt.Fprintf(w, "%v", pp.Program.Instructions)
	}
}

// readyEnv names a file that dtrace creates once every probe is live and
// BEGIN has fired. Tests that start a workload wait for it: with -q there
// is no other sign on stdout or stderr that tracing has begun.
const readyEnv = "GODTRACE_READY_FILE"

func signalReady() {
	if f := os.Getenv(readyEnv); f != "" {
		os.WriteFile(f, nil, 0o644)
	}
}

package output

import (
	"bufio"
	"fmt"
	"io"
	"os"

	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/dtrace"
	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/option"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/spec"
)

// Printer is the Consumer that prints what dtrace(1) prints, byte for
// byte: the heading and probe prefix unless quiet, each action's output,
// aggregations for printa() and at exit, and probe-time errors.
type Printer struct {
	Out, Err *bufio.Writer
	Quiet    bool
	// Testing leaves the CPU and probe ID columns out of the heading and
	// prefixes, as dtrace(1) does when _DTRACE_TESTING is set, so that
	// output compares byte for byte from run to run.
	Testing bool
	// Term is the terminal type (dtrace(1) passes $TERM): packed
	// aggregations (aggpack) draw with UTF-8 characters unless it is
	// one libdtrace knows lacks them or the encoding option says.
	Term string
	// Stdin and Stdout are the standard input and output of the
	// commands system() runs: dtrace(1) passes its own, which under -o
	// is not where the Printer writes, as system(3) would give them.
	// A nil Stdin reads nothing; a nil Stdout is the Printer's output.
	Stdin  io.Reader
	Stdout io.Writer

	heading bool
	flow    flowIndent
	formats map[string]*format.Format
	// dest is the output NewPrinter was given, and reopened the file
	// freopen() sends output to instead, nil when none (destructive.go).
	dest     io.Writer
	reopened *os.File
	errDest  io.Writer // the error output NewPrinter was given
	// vals holds a printf()'s arguments, reused from one to the next.
	vals []format.Datum
}

// NewPrinter returns a Printer writing records to out and errors to errw.
func NewPrinter(out, errw io.Writer, quiet bool) *Printer {
	return &Printer{Out: bufio.NewWriterSize(out, 64<<10), Err: bufio.NewWriter(errw), Quiet: quiet,
		formats: map[string]*format.Format{}, dest: out, errDest: errw}
}

// Flush writes out what is buffered.
func (p *Printer) Flush() error {
	if err := p.Out.Flush(); err != nil {
		return err
	}
	return p.Err.Flush()
}

// Record prints one ECB firing.
func (p *Printer) Record(h *dtrace.Handle, r *consume.Record) error {
	probe := r.ECB.Probe
	// Under flowindent dtrace(1) prints its heading and prefix even when
	// quiet.
	switch flow := h.Options.Bool(option.FlowIndent); {
	case flow:
		if !p.heading {
			format.FlowHeading(p.Out, p.Testing)
			p.heading = true
		}
		p.flow.prefix(p, h, r)
	case !p.Quiet:
		if !p.heading {
			format.Heading(p.Out, p.Testing)
			p.heading = true
		}
		format.ProbePrefix(p.Out, p.Testing, r.CPU, probe.ID, probe.Function, probe.Name)
	}
	for i := range r.ECB.Actions {
		a := &r.ECB.Actions[i]
		if !a.Ran(r.Data) {
			continue
		}
		if err := p.action(h, r, a); err != nil {
			return err
		}
	}
	if !p.Quiet {
		p.Out.WriteByte('\n')
	}
	return nil
}

func (p *Printer) action(h *dtrace.Handle, r *consume.Record, a *spec.Action) error {
	switch a.Kind {
	case abi.ActTrace:
		if h.Options.Bool(option.RawBytes) {
			return format.TraceRawBytes(p.Out, h.Values(r, a)[0], p.Quiet)
		}
		return format.Trace(p.Out, h.Values(r, a)[0], p.Quiet)
	case abi.ActPrintf:
		f, err := p.format(a.Format)
		if err != nil {
			return err
		}
		p.vals = r.AppendValues(p.vals[:0], a)
		return f.FprintEnv(p.Out, h.FormatEnv(), p.vals)
	case abi.ActPrinta:
		return p.printa(h, a)
	case abi.ActClear:
		return h.Clear(a.Aggs[0])
	case abi.ActTrunc:
		var n int64 // trunc(@a) keeps none
		if len(a.Items) > 0 {
			n = r.Datum(a.Items[0]).Int64()
		}
		return h.Trunc(a.Aggs[0], n)
	case abi.ActStack, abi.ActUstack:
		return format.PrintStack(p.Out, h.FormatEnv(), h.Values(r, a)[0])
	case abi.ActNormalize:
		h.Normalize(a.Aggs[0], r.Datum(a.Items[0]).Int)
	case abi.ActDenormalize:
		h.Normalize(a.Aggs[0], 1)
	case abi.ActSystem:
		return p.system(h, r, a)
	case abi.ActFreopen:
		return p.freopen(h, r, a)
	case abi.ActFtruncate:
		return p.ftruncate()
	case abi.ActSymbol, abi.ActTracemem, abi.ActPrint, abi.ActSetopt:
		return p.memAction(h, r, a)
	}
	return nil
}

func (p *Printer) format(s string) (*format.Format, error) {
	if f, ok := p.formats[s]; ok {
		return f, nil
	}
	f, err := format.ParseFormat(s)
	if err != nil {
		return nil, err
	}
	p.formats[s] = f
	return f, nil
}

// Fault prints a probe-time error the way DTrace reports one.
func (p *Printer) Fault(h *dtrace.Handle, f *consume.Fault) error {
	if f.ECB != nil && f.ECB.Probe.IsDtrace(provider.Error) {
		// DTrace reports a fault in an ERROR clause only as a count
		// (dtst_dblerrors), in the words of its drop table.
		return p.Drop(h, dtrace.Drop{Kind: dtrace.DropError, Count: 1, CPU: -1})
	}
	what := "unknown fault"
	switch f.Kind {
	case spec.FaultDivZero:
		what = "divide-by-zero"
	case spec.FaultIllOp:
		what = "illegal operation"
	case spec.FaultNoScratch:
		what = "out of scratch space"
	case spec.FaultBadSize:
		what = fmt.Sprintf("invalid size (0x%x)", f.Value)
	case spec.FaultBadAddr:
		what = fmt.Sprintf("invalid address (0x%x)", f.Value)
	case spec.FaultBadIndex:
		what = fmt.Sprintf("index out of bounds (%d)", int64(f.Value))
	}
	where := ""
	if f.Offset >= 0 {
		where = fmt.Sprintf(" at BPF pc %d", f.Offset)
	}
	p.Out.Flush()
	fmt.Fprintf(p.Err, "dtrace: %s: %s%s\n", faultSite(f.ECB), what, where)
	return p.Err.Flush()
}

// faultSite names where a probe-time error happened as Oracle's
// libdtrace does (dt_handle_err()): "error in dt_clause_N for probe ID
// P (provider:module:function:name)", N the clause's index in the
// program. (illumos said "error on enabled probe ID E (ID P: ...)" and
// named the action and DIF offset; on BPF the clause and pc say more.)
func faultSite(e *spec.ECB) string {
	if e == nil {
		return "error in an unknown clause"
	}
	pr := e.Probe
	return fmt.Sprintf("error in dt_clause_%d for probe ID %d (%s:%s:%s:%s)", e.Clause, pr.ID, pr.Provider, pr.Module, pr.Function, pr.Name)
}

// Drop reports drops as dtrace(1)'s drop handler does.
func (p *Printer) Drop(h *dtrace.Handle, d dtrace.Drop) error {
	p.Out.Flush()
	fmt.Fprintf(p.Err, "dtrace: %s\n", d)
	return p.Err.Flush()
}

// printa prints the aggregations of a printa() action.
func (p *Printer) printa(h *dtrace.Handle, a *spec.Action) error {
	// Only the aggregations printed are read: a printa in a tick clause
	// should not walk every aggregation's map.
	aggs, err := aggregations(h, a.Aggs)
	if err != nil {
		return err
	}
	// Every printa(), with or without a format, keeps its aggregations
	// from being printed again at exit (DTRACE_AGD_PRINTED).
	for _, id := range a.Aggs {
		h.MarkPrinted(id)
	}
	if a.Format == "" {
		for _, agg := range aggs {
			if err := p.printAgg(h, agg); err != nil {
				return err
			}
		}
		return nil
	}
	f, err := p.format(a.Format)
	if err != nil {
		return err
	}
	return p.printaFormat(h, f, aggs)
}

// PrintAggregations writes what dtrace(1) writes when tracing ends: a
// newline, then, in order, every aggregation that printa() has not
// printed.
func (p *Printer) PrintAggregations(h *dtrace.Handle) error {
	left, err := unprinted(h)
	if err != nil {
		return err
	}
	var aggs []format.Aggregation
	for _, agg := range left {
		aggs = append(aggs, format.Aggregation{Desc: agg.Desc, Records: agg.Records})
	}
	// dtrace(1) writes the newline even when no aggregation is left,
	// quiet or not: output at exit always ends with it.
	return format.PrintExit(p.Out, aggs, p.printOptions(h))
}

// aggregations reads the aggregations ids names.
func aggregations(h *dtrace.Handle, ids []int) ([]*dtrace.Aggregation, error) {
	aggs := make([]*dtrace.Aggregation, len(ids))
	for i, id := range ids {
		agg, err := h.Aggregation(id)
		if err != nil {
			return nil, err
		}
		aggs[i] = agg
	}
	return aggs, nil
}

// unprinted reads, in order, the aggregations that printa() has not
// printed and that hold data: what is printed when tracing ends.
func unprinted(h *dtrace.Handle) ([]*dtrace.Aggregation, error) {
	var aggs []*dtrace.Aggregation
	for _, a := range h.Program().Aggs {
		if h.Printed(a.ID) {
			continue
		}
		agg, err := h.Aggregation(a.ID)
		if err != nil {
			return nil, err
		}
		if len(agg.Records) > 0 {
			aggs = append(aggs, agg)
		}
	}
	return aggs, nil
}

package output

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"

	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/dtrace"
	"github.com/godtrace/godtrace/option"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/spec"
)

// Consumer is what the dtrace command drives: a dtrace.Consumer that is
// told of drops and of target processes' exits, prints the
// aggregations left at exit, and flushes. Printer and JSON are the two.
type Consumer interface {
	dtrace.Consumer
	dtrace.DropHandler
	dtrace.ProcessReporter
	PrintAggregations(h *dtrace.Handle) error
	Flush() error
}

// CheckOFormat refuses the structured output formats other than json:
// FreeBSD's oformat option also takes xml and html, which libxo renders
// there and nothing renders here.
func CheckOFormat(o *option.Options) error {
	switch f := o.String(option.OFormat); f {
	case "json", "none", "":
		return nil
	default:
		return fmt.Errorf("failed to set -x oformat: %s is not supported", f)
	}
}

// JSON is the Consumer for -x oformat=json: it writes one JSON object
// per line (JSON Lines) for each record, aggregation snapshot, probe
// error and drop, as docs/json.md describes. Nothing else goes to its
// output, so that the stream stays parseable: no heading, no blank
// lines, no quantize graphs. Probe errors and drops also go to the error
// output in DTrace's words, as without oformat.
type JSON struct {
	// Quiet leaves out the notices of target processes' exits, as -q
	// does.
	Quiet bool
	// Stdin is the standard input of the commands system() runs
	// (dtrace(1) passes its own); nil reads nothing.
	Stdin io.Reader
	out   *bufio.Writer
	err   io.Writer
	enc   *json.Encoder
	// text is a quiet Printer whose error output is errText: it words
	// faults, and applies setopt(), exactly as dtrace(1) does; its
	// messages are both kept for the JSON object and passed to err.
	text    *Printer
	errText bytes.Buffer
	// dest is the output NewJSON was given, and reopened the file
	// freopen() sends output to instead, nil when none.
	dest     io.Writer
	reopened *os.File
	redirect *redirect // a freopen() of the record being written
}

// NewJSON returns a JSON consumer writing objects to out and DTrace's
// error messages to errw.
func NewJSON(out, errw io.Writer) *JSON {
	j := &JSON{out: bufio.NewWriterSize(out, 64<<10), err: errw, dest: out}
	j.enc = json.NewEncoder(j.out)
	j.enc.SetEscapeHTML(false)
	j.text = NewPrinter(io.Discard, &j.errText, true)
	return j
}

// Flush writes out what is buffered.
func (j *JSON) Flush() error { return j.out.Flush() }

// emit writes one object as a line.
func (j *JSON) emit(v any) error { return j.enc.Encode(v) }

// relayText passes on what the text Printer wrote to its error output,
// after the objects written so far, and returns it without "dtrace: "
// and the final newline.
func (j *JSON) relayText() (string, error) {
	msg := j.errText.String()
	j.errText.Reset()
	if msg == "" {
		return "", nil
	}
	if err := j.out.Flush(); err != nil {
		return "", err
	}
	if _, err := io.WriteString(j.err, msg); err != nil {
		return "", err
	}
	msg = trimMessage(msg)
	return msg, nil
}

// trimMessage strips dtrace(1)'s "dtrace: " prefix and the newlines that
// end a message.
func trimMessage(msg string) string {
	msg = string(bytes.TrimRight([]byte(msg), "\n"))
	if len(msg) >= 8 && msg[:8] == "dtrace: " {
		msg = msg[8:]
	}
	return msg
}

// jsonProbe names a probe in a probe record or an error.
type jsonProbe struct {
	EPID     uint32 `json:"epid"`
	ID       uint32 `json:"id"`
	Provider string `json:"provider"`
	Module   string `json:"module"`
	Function string `json:"function"`
	Name     string `json:"name"`
}

func probeOf(ecb *spec.ECB) jsonProbe {
	p := ecb.Probe
	return jsonProbe{EPID: ecb.EPID, ID: p.ID, Provider: p.Provider, Module: p.Module, Function: p.Function, Name: p.Name}
}

// jsonRecord is one ECB firing: the probe, the CPU, and what each action
// that ran produced. The record header carries no timestamp, so there is
// none.
type jsonRecord struct {
	Type string `json:"type"` // "probe"
	CPU  int    `json:"cpu"`
	jsonProbe
	Output []any `json:"output"`
}

// Record writes one ECB firing as a "probe" object.
func (j *JSON) Record(h *dtrace.Handle, r *consume.Record) error {
	rec := jsonRecord{Type: "probe", CPU: r.CPU, jsonProbe: probeOf(r.ECB), Output: []any{}}
	for i := range r.ECB.Actions {
		a := &r.ECB.Actions[i]
		if !a.Ran(r.Data) {
			continue
		}
		item, err := j.action(h, r, a)
		if err != nil {
			return err
		}
		if item != nil {
			rec.Output = append(rec.Output, item)
		}
	}
	// Quiet mode prints only what actions trace: a record without
	// output is a line only when a non-quiet dtrace would print one.
	if len(rec.Output) > 0 || !h.Options.Bool(option.Quiet) {
		if err := j.emit(rec); err != nil {
			return err
		}
	}
	return j.applyRedirect()
}

// jsonFault is a probe-time error: the clause was aborted.
type jsonFault struct {
	Type string `json:"type"` // "error"
	CPU  int    `json:"cpu"`
	jsonProbe
	Fault   string  `json:"fault"`
	Kind    uint32  `json:"fault_kind"`
	Action  int     `json:"action"`
	Offset  *int    `json:"offset,omitempty"`
	Address *uint64 `json:"address,omitempty"`
	Message string  `json:"message"`
}

// faultNames are the fault kinds as DTrace's dtrace_faultstr() names
// them, lower-cased to identifiers.
var faultNames = map[uint32]string{
	spec.FaultBadAddr: "badaddr", spec.FaultIllOp: "illop",
	spec.FaultDivZero: "divzero", spec.FaultNoScratch: "noscratch",
	spec.FaultBadSize: "badsize", spec.FaultBadIndex: "badindex",
}

// Fault writes a probe-time error as an "error" object, and as DTrace
// reports it on the error output. A fault in an ERROR clause is a drop
// in DTrace, and is written as one.
func (j *JSON) Fault(h *dtrace.Handle, f *consume.Fault) error {
	if err := j.text.Fault(h, f); err != nil {
		return err
	}
	msg, err := j.relayText()
	if err != nil {
		return err
	}
	if f.ECB != nil && f.ECB.Probe.IsDtrace(provider.Error) {
		return j.emit(dropObject(dtrace.Drop{Kind: dtrace.DropError, Count: 1, CPU: -1}))
	}
	o := jsonFault{Type: "error", CPU: f.CPU, Fault: faultNames[f.Kind], Kind: f.Kind, Action: f.Action, Message: msg}
	if o.Fault == "" {
		o.Fault = "unknown"
	}
	if f.ECB != nil {
		o.jsonProbe = probeOf(f.ECB)
	}
	if f.Offset >= 0 {
		o.Offset = &f.Offset
	}
	if f.Kind == spec.FaultBadAddr {
		o.Address = &f.Value
	}
	return j.emit(o)
}

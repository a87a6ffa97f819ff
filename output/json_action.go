package output

import (
	"bytes"
	"errors"
	"os"
	"os/exec"

	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/dtrace"
	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/lang/check"
	"github.com/godtrace/godtrace/spec"
)

// The objects of a probe record's "output" array: one per action that
// ran and produced something, each with an "action" saying which.

type jsonValueOut struct {
	Action string `json:"action"` // trace, stack, ustack, symbol, tracemem
	Value  any    `json:"value"`
}

type jsonPrintf struct {
	Action  string `json:"action"` // "printf"
	Format  string `json:"format"`
	Message string `json:"message"`
	Args    []any  `json:"args"`
}

type jsonPrinta struct {
	Action       string    `json:"action"` // "printa"
	Format       *string   `json:"format,omitempty"`
	Message      *string   `json:"message,omitempty"`
	Aggregations []jsonAgg `json:"aggregations"`
}

type jsonExit struct {
	Action string `json:"action"` // "exit"
	Status int    `json:"status"`
}

type jsonPrint struct {
	Action   string     `json:"action"` // "print"
	Address  uint64     `json:"address"`
	TypeName string     `json:"type_name"`
	Text     string     `json:"text"`
	Value    jsonMemory `json:"value"`
}

type jsonSystem struct {
	Action  string `json:"action"` // "system"
	Command string `json:"command"`
	Output  string `json:"output"`
}

type jsonFreopen struct {
	Action string `json:"action"` // "freopen"
	File   string `json:"file"`   // "" for freopen(""): back to standard output
}

// action describes what one action produced, nil for an action that
// only acts: clear(), trunc(), setopt(), the speculation actions.
func (j *JSON) action(h *dtrace.Handle, r *consume.Record, a *spec.Action) (any, error) {
	switch a.Kind {
	case abi.ActTrace:
		return jsonValueOut{Action: "trace", Value: jsonValue(h, a.Items[0], r.Datum(a.Items[0]))}, nil
	case abi.ActStack, abi.ActUstack, abi.ActSymbol:
		name := map[abi.ActionKind]string{abi.ActStack: "stack", abi.ActUstack: "ustack", abi.ActSymbol: "symbol"}[a.Kind]
		return jsonValueOut{Action: name, Value: jsonValue(h, a.Items[0], r.Datum(a.Items[0]))}, nil
	case abi.ActPrintf:
		f, err := j.text.format(a.Format)
		if err != nil {
			return nil, err
		}
		vals := r.Values(a)
		var b bytes.Buffer
		if err := f.FprintEnv(&b, h.FormatEnv(), vals); err != nil {
			return nil, err
		}
		return jsonPrintf{Action: "printf", Format: a.Format, Message: b.String(), Args: jsonValues(h, a.Items, vals)}, nil
	case abi.ActPrinta:
		return j.printa(h, a)
	case abi.ActExit:
		return jsonExit{Action: "exit", Status: int(int32(r.Datum(a.Items[0]).Int))}, nil
	case abi.ActTracemem:
		return jsonValueOut{Action: "tracemem", Value: jsonDatum(format.BytesDatum(tracememBytes(r, a)))}, nil
	case abi.ActPrint:
		addr, raw := printRecord(r, a)
		t := a.Items[1].Print
		var b bytes.Buffer
		if err := format.PrintTyped(&b, addr, t, raw, printLimit(h.Options)); err != nil {
			return nil, err
		}
		return jsonPrint{Action: "print", Address: addr, TypeName: t.Name, Text: b.String(),
			Value: jsonDatum(format.BytesDatum(raw)).(jsonMemory)}, nil
	case abi.ActSystem:
		return j.system(h, r, a)
	case abi.ActFreopen:
		return j.freopen(h, r, a)
	case abi.ActFtruncate:
		return nil, j.ftruncate()
	}
	// The rest act as they do for the text output, where they print
	// nothing but their errors.
	if err := j.text.action(h, r, a); err != nil {
		return nil, err
	}
	_, err := j.relayText()
	return nil, err
}

// printa snapshots the aggregations a printa() names, and formats them
// as dtrace would if the printa() has a format.
func (j *JSON) printa(h *dtrace.Handle, a *spec.Action) (any, error) {
	out := jsonPrinta{Action: "printa", Aggregations: []jsonAgg{}}
	var descs []*format.AggDesc
	var sets [][]format.AggRecord
	aggs, err := aggregations(h, a.Aggs)
	if err != nil {
		return nil, err
	}
	for _, agg := range aggs {
		h.MarkPrinted(agg.Spec.ID)
		descs = append(descs, agg.Desc)
		sets = append(sets, agg.Records)
	}
	// The objects' entries are sorted, and the message's records are
	// joined, each on its own copy.
	for _, agg := range aggs {
		out.Aggregations = append(out.Aggregations, j.aggregation(h, agg))
	}
	if a.Format != "" {
		f, err := j.text.format(a.Format)
		if err != nil {
			return nil, err
		}
		var b bytes.Buffer
		if err := format.Printa(&b, f, descs, format.Join(sets), format.PrintOptions{Sort: j.text.sortOptions(h), Env: h.FormatEnv()}); err != nil {
			return nil, err
		}
		msg := b.String()
		out.Format, out.Message = &a.Format, &msg
	}
	return out, nil
}

// PrintAggregations writes, in order, an "aggregation" object for every
// aggregation that printa() has not printed and that holds data.
func (j *JSON) PrintAggregations(h *dtrace.Handle) error {
	aggs, err := unprinted(h)
	if err != nil {
		return err
	}
	for _, agg := range aggs {
		if err := j.emit(jsonAggLine{Type: "aggregation", jsonAgg: j.aggregation(h, agg)}); err != nil {
			return err
		}
	}
	return nil
}

// system runs a system() command as dtrace does, but collects what it
// writes to its standard output into the object instead of letting it
// break the stream. Its error output is dtrace's.
func (j *JSON) system(h *dtrace.Handle, r *consume.Record, a *spec.Action) (any, error) {
	command, err := j.text.sprintf(h, r, a)
	if err != nil {
		return nil, err
	}
	if err := j.Flush(); err != nil {
		return nil, err
	}
	var out bytes.Buffer
	cmd := exec.Command("/bin/sh", "-c", command)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = j.Stdin, &out, j.err
	var exit *exec.ExitError
	if err := cmd.Run(); err != nil && !errors.As(err, &exit) {
		return nil, err
	}
	return jsonSystem{Action: "system", Command: command, Output: out.String()}, nil
}

// freopen sends the objects that follow this record to the file a
// freopen() record names, appending, or back to the original output for
// freopen(""). The record itself is written where the output was. A file
// that cannot be opened is reported as DTrace reports it, and the output
// stays where it was.
func (j *JSON) freopen(h *dtrace.Handle, r *consume.Record, a *spec.Action) (any, error) {
	if a.Format == check.FreopenRestore {
		j.redirect = &redirect{}
		return jsonFreopen{Action: "freopen"}, nil
	}
	name, err := j.text.sprintf(h, r, a)
	if err != nil {
		return nil, err
	}
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o666)
	if err != nil {
		// The text Printer words the failure, and opens nothing.
		if err := j.text.freopen(h, r, a); err != nil {
			return nil, err
		}
		_, err := j.relayText()
		return nil, err
	}
	j.redirect = &redirect{file: f}
	return jsonFreopen{Action: "freopen", File: name}, nil
}

// redirect is a freopen() to apply once its record is written.
type redirect struct {
	file *os.File // nil: back to the original output
}

// applyRedirect switches the output as the last freopen() asked.
func (j *JSON) applyRedirect() error {
	rd := j.redirect
	if rd == nil {
		return nil
	}
	j.redirect = nil
	if err := j.out.Flush(); err != nil {
		return err
	}
	var err error
	if j.reopened != nil {
		err = j.reopened.Close()
	}
	j.reopened = rd.file
	if rd.file != nil {
		j.out.Reset(rd.file)
	} else {
		j.out.Reset(j.dest)
	}
	return err
}

// ftruncate empties the file the objects go to, if it is one.
func (j *JSON) ftruncate() error {
	if err := j.out.Flush(); err != nil {
		return err
	}
	if j.reopened != nil {
		truncate(j.reopened)
	} else {
		truncate(j.dest)
	}
	return nil
}

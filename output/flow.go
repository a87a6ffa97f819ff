package output

import (
	"strings"

	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/dtrace"
	"github.com/godtrace/godtrace/format"
)

// flowIndent is the state of the flowindent option (-F), which the
// consumer keeps across records as DTrace's does: the current indent
// and the EPID of the record printed last.
type flowIndent struct {
	indent int
	last   uint32
}

// flowKind says how a record shows under flowindent.
type flowKind int

const (
	flowNone flowKind = iota
	flowEntry
	flowReturn
)

// probeFlow says whether a probe name is an entry or a return: "entry"
// or "return", or a name ending in "-entry" or "-return".
func probeFlow(name string) flowKind {
	switch {
	case flowName(name, "entry"):
		return flowEntry
	case flowName(name, "return"):
		return flowReturn
	}
	return flowNone
}

func flowName(name, word string) bool {
	return name == word || strings.HasSuffix(name, "-"+word)
}

// prefix writes the CPU and the indented function column of record r,
// in place of the usual prefix, and updates the state. An entry
// indents what follows, a return unindents itself. As in DTrace's
// heuristic, a second clause of the probe printed last is not an entry
// again, and a return followed by another clause of the same probe
// (the record held after r, Handle.Next) waits for that one to unindent.
func (f *flowIndent) prefix(p *Printer, h *dtrace.Handle, r *consume.Record) {
	probe := r.ECB.Probe
	kind := probeFlow(probe.Name)
	switch {
	case kind == flowEntry && f.last != 0 && f.last != r.ECB.EPID && probeOfEPID(h, f.last) == probe.ID:
		kind = flowNone
	case kind == flowReturn && h.Next() != nil && h.Next().EPID != r.ECB.EPID && h.Next().Probe.ID == probe.ID:
		kind = flowNone
	}
	// DTrace marks a system call's entry and return with double arrows.
	entry, ret := " -> ", " <- "
	if probe.Provider == "syscall" {
		entry, ret = " => ", " <= "
	}
	mark := "| "
	switch kind {
	case flowEntry:
		mark = entry
	case flowReturn:
		mark = ret
		if f.indent > 0 {
			f.indent -= 2
		}
	}
	name := strings.Repeat(" ", f.indent) + mark + probe.Function
	if kind == flowNone {
		name += ":" + probe.Name
	}
	format.FlowPrefix(p.Out, p.Testing, r.CPU, name)
	if kind == flowEntry {
		f.indent += 2
	}
	f.last = r.ECB.EPID
}

// probeOfEPID returns the ID of the probe of an enabling, 0 if unknown.
func probeOfEPID(h *dtrace.Handle, epid uint32) uint32 {
	if e := h.Program().ECB(epid); e != nil {
		return e.Probe.ID
	}
	return 0
}

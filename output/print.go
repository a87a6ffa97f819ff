package output

import (
	"fmt"

	"github.com/godtrace/godtrace/abi"
	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/dtrace"
	"github.com/godtrace/godtrace/format"
	"github.com/godtrace/godtrace/option"
	"github.com/godtrace/godtrace/spec"
)

// memAction prints usym() and its kin, tracemem() and print(), and
// applies setopt().
func (p *Printer) memAction(h *dtrace.Handle, r *consume.Record, a *spec.Action) error {
	switch a.Kind {
	case abi.ActSymbol:
		return format.Symbolic(p.Out, h.Values(r, a)[0].Str)
	case abi.ActTracemem:
		return format.TraceMem(p.Out, tracememBytes(r, a), p.Quiet)
	case abi.ActPrint:
		addr, obj := printRecord(r, a)
		return format.PrintTyped(p.Out, addr, a.Items[1].Print, obj, printLimit(h.Options))
	case abi.ActSetopt:
		return p.setopt(h, r, a)
	}
	return nil
}

// printRecord is what a print() record holds: the address print() was
// given and the object read there.
func printRecord(r *consume.Record, a *spec.Action) (uint64, []byte) {
	addr, obj := a.Items[0], a.Items[1]
	return uint64(r.Datum(addr).Int), r.Data[obj.Off : obj.Off+obj.Size]
}

// printLimit is how many bytes of an object print() shows, by the
// printsize option as Oracle's dt_opt_printsize() reads it: all when it
// is unset; 8192 for 0 or more than 64K; else the size rounded up to 8.
func printLimit(o *option.Options) int {
	if !o.IsSet(option.PrintSize) {
		return 0
	}
	n := o.Size(option.PrintSize)
	if n == 0 || n > 64<<10 {
		n = 8192
	}
	return int((n + 7) &^ 7)
}

// tracememBytes is what a tracemem() record shows: its bytes, cut to
// the dynamic size when one was given. The size is read unsigned, as
// libdtrace does: a negative size is too large, and like 0 shows
// everything.
func tracememBytes(r *consume.Record, a *spec.Action) []byte {
	b := r.Datum(a.Items[0]).Bytes
	n := uint64(len(b))
	if len(a.Items) > 1 {
		if ds := uint64(r.Datum(a.Items[1]).Int64()); ds != 0 && ds < n {
			n = ds
		}
	}
	return b[:n]
}

// setopt applies a setopt() record as dt_setopt() does: through the
// options dtrace -x sets, with tracing active, so that options only
// settable before tracing are refused. Without a value the option is
// set to "1". A failure is reported as an error on the probe, and
// tracing goes on.
func (p *Printer) setopt(h *dtrace.Handle, r *consume.Record, a *spec.Action) error {
	name, value := r.Datum(a.Items[0]).Str, "1"
	if len(a.Items) > 1 {
		value = r.Datum(a.Items[1]).Str
	}
	if err := h.SetOption(name, value); err != nil {
		reason := err
		if oe, ok := err.(interface{ Unwrap() error }); ok {
			reason = oe.Unwrap()
		}
		p.Out.Flush()
		// libdtrace's message ends in a newline, and so does the
		// format it is printed in.
		fmt.Fprintf(p.Err, "dtrace: %s: couldn't set option \"%s\" to \"%s\": %s\n\n",
			faultSite(r.ECB), name, value, reason)
		return p.Err.Flush()
	}
	if name == option.Quiet.String() {
		p.Quiet = h.Options.Bool(option.Quiet)
	}
	return nil
}

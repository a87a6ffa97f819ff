package output

import (
	"fmt"

	"github.com/godtrace/godtrace/dtrace"
)

// jsonDrop is a count of things lost, as DTrace's drop handler reports
// them.
type jsonDrop struct {
	Type    string `json:"type"` // "drop"
	Kind    string `json:"kind"`
	Count   uint64 `json:"count"`
	CPU     *int   `json:"cpu,omitempty"`
	Message string `json:"message"`
}

// Drop writes a drop as a "drop" object, and to the error output as
// DTrace does.
func (j *JSON) Drop(h *dtrace.Handle, d dtrace.Drop) error {
	if err := j.emit(dropObject(d)); err != nil {
		return err
	}
	if err := j.out.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(j.err, "dtrace: %s\n", d)
	return err
}

// dropObject describes a drop: its kind, count and CPU, and DTrace's
// message for it.
func dropObject(d dtrace.Drop) jsonDrop {
	o := jsonDrop{Type: "drop", Kind: d.Kind.String(), Count: d.Count, Message: d.String()}
	if d.CPU >= 0 {
		cpu := d.CPU
		o.CPU = &cpu
	}
	return o
}

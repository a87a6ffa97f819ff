package dtrace

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
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

// dropMessage splits DTrace's drop messages: "5 dynamic variable
// drops", "1 drop on CPU 0", "2 aggregation drops on CPU 1".
var dropMessage = regexp.MustCompile(`^(\d+) (.*?)(?: on CPU (\d+))?$`)

// dropKinds name the kinds of drop in JSON by the words of DTrace's
// messages, in the order they are tried.
var dropKinds = []struct{ words, kind string }{
	{"dynamic variable drop", "dynamic"},
	{"speculative drop", "speculative"},
	{"failed speculation", "speculation"},
	{"aggregation drop", "aggregation"},
	{"error in ERROR probe", "error"},
	{"drop", "buffer"}, // "N drops on CPU C": the principal buffer's
}

// Drop writes a drop message as a "drop" object, and to the error
// output as DTrace does.
func (j *JSON) Drop(h *Handle, msg string) error {
	if err := j.emit(dropObject(msg)); err != nil {
		return err
	}
	if err := j.out.Flush(); err != nil {
		return err
	}
	_, err := fmt.Fprintf(j.err, "dtrace: %s\n", msg)
	return err
}

// dropObject describes a drop message: its count, kind and CPU.
func dropObject(msg string) jsonDrop {
	d := jsonDrop{Type: "drop", Kind: "other", Message: msg}
	m := dropMessage.FindStringSubmatch(msg)
	if m == nil {
		return d
	}
	d.Count, _ = strconv.ParseUint(m[1], 10, 64)
	if m[3] != "" {
		cpu, _ := strconv.Atoi(m[3])
		d.CPU = &cpu
	}
	for _, k := range dropKinds {
		if strings.HasPrefix(m[2], k.words) {
			d.Kind = k.kind
			break
		}
	}
	return d
}

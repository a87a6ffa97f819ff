package stable

import (
	"github.com/godtrace/godtrace/provider"
)

// NewIO returns the io provider: block device requests. wait-start and
// wait-done are left out (see docs/providers.md).
//
// The probes see the block layer's struct request, which dlib/io.d
// translates to bufinfo_t and devinfo_t. Nothing there says which file
// the I/O is for, so args[2] translates from a NULL struct file *, as
// Oracle DTrace's does: its fileinfo_t says "<none>".
func NewIO() *Provider {
	return &Provider{name: "io", probes: []probe{
		{
			// The request is about to be completed; the block layer
			// has not yet ended it.
			name:   "done",
			events: []string{"block_rq_complete"},
			load:   func(e *emitter) { e.arg(0, 0) },
			args:   ioArgs,
		},
		{
			// The request is about to be issued to the device's
			// driver.
			name:   "start",
			events: []string{"block_rq_issue"},
			load:   func(e *emitter) { e.arg(0, 0) },
			args:   ioArgs,
		},
	}}
}

var ioArgs = []provider.Arg{
	{Native: "struct request *", Xlate: "bufinfo_t *"},
	{Native: "struct request *", Xlate: "devinfo_t *"},
	{Native: "struct file *", Xlate: "fileinfo_t *", Mapping: 1},
}

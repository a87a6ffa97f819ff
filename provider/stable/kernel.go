package stable

import "errors"

// errNoArch is the error of probes this architecture's table lacks.
var errNoArch = errors.New("not supported on this architecture")

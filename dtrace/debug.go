package dtrace

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/godtrace/godtrace/compile"
	"github.com/godtrace/godtrace/option"
)

// debugf writes a debug message to Stderr under -x debug, as Oracle's
// libdtrace does with dt_dprintf(): "libdtrace DEBUG SECONDS: message",
// SECONDS being the time of day in seconds since the epoch. The messages
// say what the library decided (libraries, preprocessor, probes,
// programs), for users working out why a program does what it does.
// The logger WithLogger gave, if any, is given them too, at level Debug.
func (h *Handle) debugf(format string, args ...any) {
	debug := h.Options.Bool(option.Debug)
	if !debug && h.logger == nil {
		return
	}
	msg := fmt.Sprintf(format, args...)
	if h.logger != nil {
		h.logger.Debug(msg)
	}
	if debug {
		fmt.Fprintf(h.stderr(), "libdtrace DEBUG %d: %s\n", time.Now().Unix(), msg)
	}
}

// timed logs, to the logger WithLogger gave, how long a step of the
// handle's (compile, exec, go, stop) took since start.
func (h *Handle) timed(step string, start time.Time) {
	if h.logger != nil {
		h.logger.Debug("dtrace "+step, "duration", time.Since(start))
	}
}

// stderr is where the library writes what is not output: Stderr, or
// the process's standard error.
func (h *Handle) stderr() io.Writer {
	if h.Stderr == nil {
		return os.Stderr
	}
	return h.Stderr
}

// treeDump is the compiler's Dump for the tree option, a bit mask of the
// passes whose results to write to Stderr (bit 0 for compile.PassMatch),
// as DTrace's -x tree dumps its parse tree after the passes its bits
// name; nil when the option is unset. The passes are the compiler's, so
// what is written is not DTrace's.
func (h *Handle) treeDump() func(compile.Pass, string) {
	mask := h.Options.Int(option.Tree)
	if mask <= 0 {
		return nil
	}
	return func(p compile.Pass, s string) {
		if mask&(1<<(p-1)) != 0 {
			fmt.Fprintf(h.stderr(), "Compiler pass %d (%s):\n%s", p, p, s)
		}
	}
}

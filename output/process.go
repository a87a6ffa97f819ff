package output

import (
	"fmt"
	"io"

	"github.com/godtrace/godtrace/dtrace"
)

// ProcessExited implements ProcessReporter: dtrace(1)'s notice on
// standard error, unless quiet.
func (p *Printer) ProcessExited(pr *dtrace.Process) error {
	return processNotice(p.Err, p.Quiet, pr)
}

// ProcessExited implements ProcessReporter, as Printer does.
func (j *JSON) ProcessExited(pr *dtrace.Process) error {
	return processNotice(j.err, j.Quiet, pr)
}

func processNotice(w io.Writer, quiet bool, pr *dtrace.Process) error {
	if quiet {
		return nil
	}
	if _, err := fmt.Fprintf(w, "dtrace: %s\n", pr.ExitNotice()); err != nil {
		return err
	}
	if f, ok := w.(dtrace.Flusher); ok {
		return f.Flush()
	}
	return nil
}

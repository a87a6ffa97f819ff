package output

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"

	"github.com/godtrace/godtrace/consume"
	"github.com/godtrace/godtrace/dtrace"
	"github.com/godtrace/godtrace/internal/syserr"
	"github.com/godtrace/godtrace/lang/check"
	"github.com/godtrace/godtrace/option"
	"github.com/godtrace/godtrace/spec"
)

// sprintf formats a system() or freopen() record as printf would, into
// at most strsize-1 bytes, as DTrace formats into a strsize buffer.
func (p *Printer) sprintf(h *dtrace.Handle, r *consume.Record, a *spec.Action) (string, error) {
	f, err := p.format(a.Format)
	if err != nil {
		return "", err
	}
	var b bytes.Buffer
	if err := f.FprintEnv(&b, h.FormatEnv(), r.Values(a)); err != nil {
		return "", err
	}
	s := b.String()
	if n := int(h.Options.Size(option.StrSize)) - 1; n >= 0 && len(s) > n {
		s = s[:n]
	}
	return s, nil
}

// system runs the command a system() record names with /bin/sh -c, as
// system(3) does, once what dtrace has printed is flushed, so that the
// command's output follows it. The command writes to Stdout, or to the
// file freopen() chose if it redirected that output, as a child of
// dtrace's inherits its standard output; its errors go to the Printer's
// error output.
func (p *Printer) system(h *dtrace.Handle, r *consume.Record, a *spec.Action) error {
	command, err := p.sprintf(h, r, a)
	if err != nil {
		return err
	}
	if err := p.Flush(); err != nil {
		return err
	}
	cmd := exec.Command("/bin/sh", "-c", command)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = p.Stdin, p.Stdout, p.errDest
	if p.Stdout == nil || p.Stdout == p.dest {
		cmd.Stdout = p.dest
		if p.reopened != nil {
			cmd.Stdout = p.reopened
		}
	}
	var exit *exec.ExitError
	if err := cmd.Run(); err != nil && !errors.As(err, &exit) {
		return err
	}
	return nil
}

// freopen sends what dtrace prints from now on to the file a freopen()
// record names, appending to it, or back to the original output for
// freopen(""). A file that cannot be opened is reported as DTrace
// reports a library error, and the output stays where it was.
func (p *Printer) freopen(h *dtrace.Handle, r *consume.Record, a *spec.Action) error {
	if err := p.Out.Flush(); err != nil {
		return err
	}
	if a.Format == check.FreopenRestore {
		if p.reopened == nil {
			return nil
		}
		err := p.reopened.Close()
		p.reopened = nil
		p.Out.Reset(p.dest)
		return err
	}
	name, err := p.sprintf(h, r, a)
	if err != nil {
		return err
	}
	f, err := os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o666)
	if err != nil {
		fmt.Fprintf(p.Err, "dtrace: %s: couldn't freopen() \"%s\": %s\n", faultSite(r.ECB), name, syserr.Reason(err))
		return p.Err.Flush()
	}
	if p.reopened != nil {
		p.reopened.Close()
	}
	p.reopened = f
	p.Out.Reset(f)
	return nil
}

// ftruncate empties the file dtrace is printing to and starts again at
// its beginning; output that is not a file (a pipe, a terminal) is left
// as it is, as DTrace ignores ftruncate(2)'s failure.
func (p *Printer) ftruncate() error {
	if err := p.Out.Flush(); err != nil {
		return err
	}
	if p.reopened != nil {
		truncate(p.reopened)
	} else {
		truncate(p.dest)
	}
	return nil
}

// truncate empties w and starts it again at its beginning if it is a
// file; anything else is left as it is, as DTrace ignores ftruncate(2)'s
// failure.
func truncate(w io.Writer) {
	if f, ok := w.(interface {
		Truncate(int64) error
		Seek(int64, int) (int64, error)
	}); ok {
		if f.Truncate(0) == nil {
			f.Seek(0, io.SeekStart)
		}
	}
}

package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/dtrace"
)

// reportCompileError writes a compile error as dtrace(1) does
// (compileMessage) and, when stderr is a terminal, the source line and a
// caret under the column the error is at, as gcc and bpftrace show
// them. Scripts and tests that read dtrace's errors get DTrace's text
// alone.
func reportCompileError(stderr io.Writer, inv *Invocation, err error) {
	fmt.Fprintln(stderr, compileMessage(inv, err))
	var ce *dtrace.CompileError
	if errors.As(err, &ce) && isTerminal(stderr) {
		io.WriteString(stderr, caret(ce))
	}
}

// caret returns the source line of ce, numbered, and a line with a caret
// under its column; "" when ce does not say where it is.
func caret(ce *dtrace.CompileError) string {
	if ce.Text == "" || ce.Column < 1 || ce.Column > len(ce.Text)+1 {
		return ""
	}
	// Tabs stay tabs, so that the caret lines up however the
	// terminal expands them.
	var pad strings.Builder
	for _, c := range []byte(ce.Text[:ce.Column-1]) {
		if c == '\t' {
			pad.WriteByte('\t')
		} else {
			pad.WriteByte(' ')
		}
	}
	num := fmt.Sprint(ce.Line)
	if ce.Line == 0 {
		num = ""
	}
	blank := strings.Repeat(" ", len(num))
	return fmt.Sprintf(" %s | %s\n %s | %s^\n", num, ce.Text, blank, pad.String())
}

// isTerminal reports whether w is a terminal.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	_, err := unix.IoctlGetTermios(int(f.Fd()), unix.TCGETS)
	return err == nil
}

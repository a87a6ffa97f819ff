// Package syserr words errors as the C library does, for messages that
// must read as DTrace's: strerror()'s "No such file or directory" rather
// than Go's "open x: no such file or directory".
package syserr

import (
	"errors"
	"os/exec"
	"syscall"
)

// Reason is the system's message for the error behind err, as
// strerror() words it ("No such file or directory").
func Reason(err error) string {
	var errno syscall.Errno
	if errors.Is(err, exec.ErrNotFound) {
		errno = syscall.ENOENT
	}
	if errno == 0 {
		errors.As(err, &errno)
	}
	if s := errno.Error(); errno != 0 && s[0] >= 'a' && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return err.Error()
}

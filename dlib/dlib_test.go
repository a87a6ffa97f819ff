package dlib

import (
	"bufio"
	"fmt"
	"io/fs"
	"strings"
	"testing"
)

// inlines reads the "inline int NAME = VALUE;" lines of a library and
// checks that each is followed by its binding pragma, as DTrace's are.
func inlines(t *testing.T, name string) map[string]int {
	t.Helper()
	b, err := fs.ReadFile(FS(), name)
	if err != nil {
		t.Fatal(err)
	}
	vals := map[string]int{}
	sc := bufio.NewScanner(strings.NewReader(string(b)))
	for sc.Scan() {
		var n string
		var v int
		if _, err := fmt.Sscanf(sc.Text(), "inline int %s = %d;", &n, &v); err != nil {
			continue
		}
		if _, dup := vals[n]; dup {
			t.Errorf("%s: %s defined twice", name, n)
		}
		vals[n] = v
		if !sc.Scan() || sc.Text() != `#pragma D binding "1.0" `+n {
			t.Errorf("%s: %s has no binding pragma after it", name, n)
		}
	}
	return vals
}

// TestValues spot-checks the generated libraries against the Linux ABI.
func TestValues(t *testing.T) {
	errno := inlines(t, "errno.d")
	for n, v := range map[string]int{
		"EPERM": 1, "ENOENT": 2, "EAGAIN": 11, "EWOULDBLOCK": 11, "EINVAL": 22,
		"EDEADLOCK": 35, "ENOSYS": 38, "EOPNOTSUPP": 95, "ENOTSUP": 95, "ETIMEDOUT": 110,
	} {
		if errno[n] != v {
			t.Errorf("errno.d: %s = %d, want %d", n, errno[n], v)
		}
	}
	if len(errno) < 130 {
		t.Errorf("errno.d has %d names, want all of Linux's (130 or more)", len(errno))
	}
	signal := inlines(t, "signal.d")
	for n, v := range map[string]int{
		"SIGHUP": 1, "SIGINT": 2, "SIGKILL": 9, "SIGSEGV": 11, "SIGTERM": 15,
		"SIGCHLD": 17, "SIGCLD": 17, "SIGIO": 29, "SIGPOLL": 29, "SIGSYS": 31,
	} {
		if signal[n] != v {
			t.Errorf("signal.d: %s = %d, want %d", n, signal[n], v)
		}
	}
	for _, n := range []string{"SIGSTKSZ", "SIGRTMIN", "SIGRTMAX"} {
		if _, ok := signal[n]; ok {
			t.Errorf("signal.d defines %s, which is not a signal number", n)
		}
	}
}

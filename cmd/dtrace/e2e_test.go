package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/godtrace/godtrace/internal/testenv"
)

// The end-to-end tests run the real dtrace binary on the real kernel.
// Each testdata/e2e/*.txt case holds:
//
//	run: dtrace ARGS...          the command (shell-style quoting); in
//	                             ARGS, @e2eload is the workload binary
//	                             (for -c: "@e2eload NAME:N" runs workload
//	                             NAME) and @pid the test's own pid (for -p)
//	workload: NAME [N]           optional: run after probes are live
//	interrupt: yes               optional: send SIGINT after the workload
//	-- stdout --                 golden stdout
//	-- stderr --                 golden stderr
//	-- exit --                   golden exit status
//
// Golden sections compare exactly, except that a line "~ REGEXP" matches
// one output line by regular expression (for values no run repeats, such
// as timestamps). dtrace runs pinned to CPU 0, so CPU columns and tick
// probes are deterministic. DTRACE_UPDATE=1 rewrites the sections from the
// actual output (keeping "~" lines that still match).

var dtraceBin, workloadBin string

func TestMain(m *testing.M) {
	if w := os.Getenv("GODTRACE_WORKLOAD"); w != "" {
		os.Exit(workload(w))
	}
	if filepath.Base(os.Args[0]) == "e2eload" && len(os.Args) == 2 {
		os.Exit(workload(os.Args[1])) // run by dtrace -c
	}
	dir, err := os.MkdirTemp("", "dtrace-e2e")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	dtraceBin = filepath.Join(dir, "dtrace")
	build := exec.Command("go", "build", "-o", dtraceBin, ".")
	build.Env = append(os.Environ(), "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		fmt.Fprintf(os.Stderr, "building dtrace: %v\n%s", err, out)
		os.Exit(1)
	}
	// The workload re-executes this test binary under the name e2eload,
	// so that scripts can select its events by execname.
	workloadBin = filepath.Join(dir, "e2eload")
	self, _ := os.Executable()
	if err := os.Symlink(self, workloadBin); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// workload runs a named workload in this process (re-executed test
// binary), so that tests can trigger probes from a known execname.
func workload(spec string) int {
	name, arg, _ := strings.Cut(spec, ":")
	n, _ := strconv.Atoi(arg)
	switch name {
	case "openat":
		for i := 0; i < n; i++ {
			f, err := os.Open("/dev/null")
			if err == nil {
				f.Close()
			}
		}
	case "markopen":
		// A getppid call marks the process, then n opens of /dev/null:
		// a script can read the paths of the marked process's opens
		// without touching the runtime's own, whose path strings may
		// lie in pages not yet faulted in.
		syscall.Getppid()
		for i := 0; i < n; i++ {
			f, err := os.Open("/dev/null")
			if err == nil {
				f.Close()
			}
		}
	case "getppid":
		// The Go runtime calls getpid now and then, never getppid.
		for i := 0; i < n; i++ {
			syscall.Getppid()
		}
	case "pread":
		// Sizes 1, 2, 4 ... 4096 in turn: a known distribution. The Go
		// offset 4242 marks the workload's own calls.
		f, err := os.Open("/dev/zero")
		if err != nil {
			return 1
		}
		buf := make([]byte, 4096)
		for i := 0; i < n; i++ {
			f.ReadAt(buf[:1<<(i%13)], 4242)
		}
	case "sleepy":
		// n getppid calls, then 3 sleeps of 20 ms in select(2), which
		// the Go runtime never calls (it sleeps in nanosleep): time
		// passes while the thread is off CPU.
		for i := 0; i < n; i++ {
			syscall.Getppid()
		}
		for i := 0; i < 3; i++ {
			tv := syscall.Timeval{Usec: 20000}
			syscall.Select(0, nil, nil, nil, &tv)
		}
	case "letters":
		// A buffer of 'A', 'B', 'C' ... handed to pread64 (offset 4343):
		// the entry probe sees these bytes through arg1.
		f, err := os.Open("/dev/zero")
		if err != nil {
			return 1
		}
		buf := make([]byte, 32)
		for i := 0; i < n; i++ {
			for j := range buf {
				buf[j] = byte('A' + j)
			}
			f.ReadAt(buf, 4343)
		}
	case "copyout":
		// A buffer of dots written to /dev/null at offset 4444, which
		// marks the workload's call for pwrite64 probes, then printed:
		// what copyout() and copyoutstr() wrote into it shows.
		f, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
		if err != nil {
			return 1
		}
		buf := []byte("................")
		f.WriteAt(buf, 4444)
		fmt.Printf("%q\n", buf)
	case "sigusr1":
		// A shell that reports SIGUSR1, for raise(): once its trap is
		// set it opens /dev/zero, the probe's mark, and the trap runs
		// after that command.
		sh := exec.Command("/bin/sh", "-c", "trap 'echo got SIGUSR1' USR1; exec 3</dev/zero; echo done")
		sh.Stdout = os.Stdout
		if sh.Run() != nil {
			return 1
		}
	case "chdir":
		// n getppid calls from /proc, a mount point: the cwd probe
		// walks across a mount.
		if err := os.Chdir("/proc"); err != nil {
			return 1
		}
		for i := 0; i < n; i++ {
			syscall.Getppid()
		}
	case "inet":
		// Network addresses, in hex, each handed to pread64 (offset
		// 4545) in a buffer of its own length: 4 bytes for IPv4, 16
		// for IPv6, 6 for Ethernet and 20 for InfiniBand. The IPv6
		// ones: DTrace's tst.inet_ntoa6.d, IPv4-mapped and -compatible
		// ones, runs of zeros of every kind, random ones.
		addrs := `
			c0a80117 7f000001
			ffffffff 00000000
			0a006409 fe8000000000000002144ffffe0b76c8
			108000000000000000000808000c417a 00000000000000000000000000000001
			00000000000000000000000000000000 0000000000000000000000007f000001
			00000000000000000000ffff7f000001 00000000000000000000fffe7f000001
			fe123456789abcde0214000000000000 fe123456789abcde02144fff00000000
			fe123456789abcde02144ffffe0b0000 fe123456789abcde02144ffffe0b76c8
			00010000000000020000000000000003 00010000000000020000000000030004
			00010000000200000000000300000000 00000000000000000000000000000100
			00000000000000000000000001020304 00000000000000000000000000000002
			000000000000000000000000c0a80117 0000000000000000000000010a000001
			20010db8000000000000000000000001 20010db8000100000000000100000001
			ff020000000000000000000000000001 00010002000300040005000600070008
			000a00b00c00d000000e00f00100ff00 01000000000000000000000000000000
			00000000250030bb006d000000000000 000000003f721f0000cb000000000044
			00000000000000005c34006000000020 006900daeee8000000000000299900af
			9325000000004dfa000027a000000000 00e900000000000021000000e491b10b
			b556fc000000427e0000fe2900000000 00000000000000d4c276000000000000
			0000005d000000000000000000401b00 00c80000000000cd0000000000000000
			0000000000000000000000000000c04c b100f2000000eef5002b000087f5520b
			0000b94b0d00982e8500005500000000 00a86300cd740000000e8ff10000b000
			0000b2ba0000000000ac0000000000b0 001b210aff9c
			80000048fe800000000000000002c90300a1b2c3`
		f, err := os.Open("/dev/zero")
		if err != nil {
			return 1
		}
		for _, h := range strings.Fields(addrs) {
			b := make([]byte, len(h)/2)
			for i := range b {
				v, _ := strconv.ParseUint(h[2*i:2*i+2], 16, 8)
				b[i] = byte(v)
			}
			f.ReadAt(b, 4545)
		}
	case "fork":
		// n children running /bin/true, each reported after it exits
		// by a pread64 of /dev/zero at the child's pid as offset: a
		// clause that saw the fork can check the pid it saw.
		f, err := os.Open("/dev/zero")
		if err != nil {
			return 1
		}
		for i := 0; i < n; i++ {
			cmd := exec.Command("/bin/true")
			if cmd.Run() != nil {
				return 1
			}
			f.ReadAt(make([]byte, 1), int64(cmd.Process.Pid))
		}
	case "signals":
		// A shell that sends itself SIGUSR2, which it ignores, then
		// SIGUSR1, which it catches, then tries to run a program that
		// does not exist (its child's exec fails with ENOENT).
		sh := exec.Command("/bin/sh", "-c", "trap '' USR2; trap 'echo got SIGUSR1' USR1; kill -USR2 $$; kill -USR1 $$; /nonexistent/prog 2>/dev/null; exit 0")
		sh.Stdout = os.Stdout
		if sh.Run() != nil {
			return 1
		}
	case "tcp":
		// A TCP connection on the loopback, n bytes sent each way, closed
		// by the client first; then a connection refused by the same
		// port, its listener closed.
		if tcpSession(n) != nil {
			return 1
		}
	case "udp":
		// A datagram of n bytes to itself, over IPv4 and over IPv6.
		for _, addr := range []string{"127.0.0.1:0", "[::1]:0"} {
			c, err := net.ListenPacket("udp", addr)
			if err != nil {
				return 1
			}
			_, err = c.WriteTo(make([]byte, n), c.LocalAddr())
			if err == nil {
				_, _, err = c.ReadFrom(make([]byte, n+1))
			}
			c.Close()
			if err != nil {
				return 1
			}
		}
	case "fsync":
		// n KiB written to a new file in the temporary directory, then
		// fsync(2): block writes on the device under it, issued by
		// this process.
		f, err := os.CreateTemp("", "e2eload-fsync")
		if err != nil {
			return 1
		}
		defer os.Remove(f.Name())
		defer f.Close()
		buf := make([]byte, 1024)
		for i := range buf {
			buf[i] = byte(i)
		}
		for i := 0; i < n; i++ {
			f.Write(buf)
		}
		if f.Sync() != nil {
			return 1
		}
	case "spin":
		// n ms in user mode in this function, whose program counter
		// profile probes then see in arg1. The clock is read rarely,
		// so that samples seldom land in the vDSO.
		end := time.Now().Add(time.Duration(n) * time.Millisecond)
		for i := 1; i%(1<<20) != 0 || time.Now().Before(end); i++ {
		}
	default:
		return 2
	}
	return 0
}

type e2eCase struct {
	run       []string
	workload  string
	interrupt bool
	sections  map[string]string
	order     []string
	header    []string
}

func TestE2E(t *testing.T) {
	testenv.RequireBPF(t)
	if _, err := exec.LookPath("taskset"); err != nil {
		t.Fatalf("taskset (util-linux) is needed to pin dtrace to a CPU: %v", err)
	}
	files, _ := filepath.Glob("testdata/e2e/*.txt")
	if len(files) == 0 {
		t.Fatal("no end-to-end cases")
	}
	for _, file := range files {
		t.Run(strings.TrimSuffix(filepath.Base(file), ".txt"), func(t *testing.T) {
			c := parseCase(t, file)
			stdout, stderr, code := runCase(t, c)
			checkCase(t, file, c, stdout, stderr, code)
		})
	}
}

func parseCase(t *testing.T, file string) *e2eCase {
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	c := &e2eCase{sections: map[string]string{}}
	cur := ""
	for _, line := range strings.SplitAfter(string(b), "\n") {
		if m := sectionRE.FindStringSubmatch(strings.TrimRight(line, "\n")); m != nil {
			cur = m[1]
			c.sections[cur] = ""
			c.order = append(c.order, cur)
			continue
		}
		if cur != "" {
			c.sections[cur] += line
			continue
		}
		c.header = append(c.header, line)
		k, v, ok := strings.Cut(strings.TrimSpace(line), ": ")
		switch {
		case !ok || strings.HasPrefix(k, "#"):
		case k == "run":
			args, err := shellSplit(v)
			if err != nil || len(args) == 0 || args[0] != "dtrace" {
				t.Fatalf("bad run line %q: %v", v, err)
			}
			c.run = args[1:]
		case k == "workload":
			c.workload = strings.Replace(v, " ", ":", 1)
		case k == "interrupt":
			c.interrupt = v == "yes"
		}
	}
	if c.run == nil {
		t.Fatalf("%s: no run line", file)
	}
	return c
}

var sectionRE = regexp.MustCompile(`^-- (\w+) --$`)

// runCase runs dtrace pinned to CPU 0, starts the workload once dtrace
// reports its probes matched, and interrupts it if asked.
func runCase(t *testing.T, c *e2eCase) (string, string, int) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	args := []string{"-c", "0", dtraceBin}
	for _, a := range c.run {
		a = strings.ReplaceAll(a, "@e2eload", workloadBin)
		args = append(args, strings.ReplaceAll(a, "@pid", strconv.Itoa(os.Getpid())))
	}
	cmd := exec.CommandContext(ctx, "taskset", args...)
	ready := filepath.Join(t.TempDir(), "ready")
	cmd.Env = append(os.Environ(), readyEnv+"="+ready)
	var stdout bytes.Buffer
	cmd.Stdout = &stdout
	errPipe, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	readDone := make(chan struct{})
	go func() {
		io.Copy(&stderr, errPipe)
		close(readDone)
	}()
	if c.workload != "" || c.interrupt {
		// dtrace creates the ready file once its probes are live; it
		// never does if it fails first.
		for {
			if _, err := os.Stat(ready); err == nil {
				break
			}
			select {
			case <-readDone:
			case <-time.After(5 * time.Millisecond):
				continue
			}
			break
		}
		if c.workload != "" {
			w := exec.Command("taskset", "-c", "0", workloadBin)
			w.Env = append(os.Environ(), "GODTRACE_WORKLOAD="+c.workload)
			if out, err := w.CombinedOutput(); err != nil {
				t.Errorf("workload %s: %v %s", c.workload, err, out)
			}
		}
		if c.interrupt {
			time.Sleep(200 * time.Millisecond)
			cmd.Process.Signal(os.Interrupt)
		}
	}
	<-readDone
	err = cmd.Wait()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	return stdout.String(), stderr.String(), code
}

// checkCase compares what a case's run printed with its golden sections,
// or with DTRACE_UPDATE=1 rewrites them.
func checkCase(t *testing.T, file string, c *e2eCase, stdout, stderr string, code int) {
	t.Helper()
	got := map[string]string{"stdout": stdout, "stderr": stderr, "exit": fmt.Sprintf("%d\n", code)}
	if os.Getenv("DTRACE_UPDATE") == "1" {
		updateCase(t, file, c, got)
		return
	}
	for _, sec := range []string{"stdout", "stderr", "exit"} {
		want, ok := c.sections[sec]
		if !ok {
			t.Errorf("case has no -- %s -- section", sec)
			continue
		}
		if err := matchGolden(want, got[sec]); err != nil {
			t.Errorf("%s: %v\n--- got ---\n%s--- want ---\n%s", sec, err, got[sec], want)
		}
	}
}

// matchGolden compares output with a golden section line by line; a
// golden line "~ RE" matches by regular expression.
func matchGolden(want, got string) error {
	wl, gl := strings.Split(want, "\n"), strings.Split(got, "\n")
	if len(wl) != len(gl) {
		return fmt.Errorf("%d lines, want %d", len(gl)-1, len(wl)-1)
	}
	for i := range wl {
		if re, ok := strings.CutPrefix(wl[i], "~ "); ok {
			rx, err := regexp.Compile("^(?:" + re + ")$")
			if err != nil {
				return fmt.Errorf("line %d: bad pattern: %v", i+1, err)
			}
			if !rx.MatchString(gl[i]) {
				return fmt.Errorf("line %d: %q does not match %q", i+1, gl[i], re)
			}
			continue
		}
		if wl[i] != gl[i] {
			return fmt.Errorf("line %d: %q, want %q", i+1, gl[i], wl[i])
		}
	}
	return nil
}

func updateCase(t *testing.T, file string, c *e2eCase, got map[string]string) {
	var b strings.Builder
	for _, h := range c.header {
		b.WriteString(h)
	}
	for _, sec := range []string{"stdout", "stderr", "exit"} {
		text := got[sec]
		if want, ok := c.sections[sec]; ok && matchGolden(want, text) == nil {
			text = want
		}
		fmt.Fprintf(&b, "-- %s --\n%s", sec, text)
	}
	if err := os.WriteFile(file, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// shellSplit splits a command line with sh-style single and double
// quotes and backslash escapes.
func shellSplit(s string) ([]string, error) {
	var out []string
	var cur strings.Builder
	in := false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case ch == '\'':
			j := strings.IndexByte(s[i+1:], '\'')
			if j < 0 {
				return nil, fmt.Errorf("unterminated '")
			}
			cur.WriteString(s[i+1 : i+1+j])
			i += j + 1
			in = true
		case ch == '"':
			i++
			for ; i < len(s) && s[i] != '"'; i++ {
				if s[i] == '\\' && i+1 < len(s) && strings.IndexByte("\"\\$`", s[i+1]) >= 0 {
					i++
				}
				cur.WriteByte(s[i])
			}
			if i >= len(s) {
				return nil, fmt.Errorf("unterminated \"")
			}
			in = true
		case ch == '\\' && i+1 < len(s):
			i++
			cur.WriteByte(s[i])
			in = true
		case ch == ' ' || ch == '\t':
			if in {
				out = append(out, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteByte(ch)
			in = true
		}
	}
	if in {
		out = append(out, cur.String())
	}
	return out, nil
}

// tcpSession is the tcp workload.
func tcpSession(n int) error {
	ln, err := net.Listen("tcp4", "127.0.0.1:0")
	if err != nil {
		return err
	}
	addr := ln.Addr().String()
	c, err := net.Dial("tcp4", addr)
	if err != nil {
		return err
	}
	s, err := ln.Accept()
	if err != nil {
		return err
	}
	buf := make([]byte, n)
	for _, p := range [][2]net.Conn{{c, s}, {s, c}} {
		if _, err := p[0].Write(buf); err != nil {
			return err
		}
		if _, err := io.ReadFull(p[1], buf); err != nil {
			return err
		}
	}
	c.Close()
	// The server reads the client's FIN before closing its end.
	if _, err := s.Read(buf); err != io.EOF {
		return fmt.Errorf("server read after close: %v", err)
	}
	s.Close()
	ln.Close()
	if c, err := net.Dial("tcp4", addr); err == nil {
		c.Close()
		return fmt.Errorf("%s still accepts connections", addr)
	}
	return nil
}

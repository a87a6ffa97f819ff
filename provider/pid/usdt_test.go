package pid_test

import (
	"debug/elf"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/godtrace/godtrace/internal/dtracetest"
	"github.com/godtrace/godtrace/internal/testenv"
)

// python is Debian's python3, built with its USDT probes (stapsdt
// notes): a distribution binary godtrace did not build.
func python(t *testing.T) string {
	t.Helper()
	testenv.RequireBPF(t)
	const path = "/usr/bin/python3"
	f, err := elf.Open(path)
	if err != nil {
		testenv.Missing(t, "no %s: %v", path, err)
	}
	defer f.Close()
	if f.Section(".note.stapsdt") == nil {
		t.Skipf("%s was built without its USDT probes", path)
	}
	return path
}

// python's gc-start probe gives the generation collected (an int the
// note places on the stack, -4@112(%rsp) in Debian's 3.11): each
// collection the program asks for is seen with its generation.
func TestPythonGC(t *testing.T) {
	py := python(t)
	out := dtracetest.RunTarget(t, `python$target:::gc-start { @[arg0] = count(); }
		END { printa("gen %d %@d\n", @); }`,
		[]string{py, "-c", "import gc\ngc.collect(0)\ngc.collect(1)\ngc.collect(2)"}, 30*time.Second)
	for _, gen := range []string{"0", "1", "2"} {
		if !strings.Contains(out, "gen "+gen+" ") {
			t.Errorf("no gc-start for generation %s: %q", gen, out)
		}
	}
}

// python's function-entry gives the file and function names as user
// strings; python 3.11 reports calls only while a line probe is enabled
// too (it then runs its tracing path).
func TestPythonFunctions(t *testing.T) {
	py := python(t)
	script := t.TempDir() + "/shop.py"
	if err := os.WriteFile(script, []byte("def order(n):\n    return n * 2\n\nfor i in range(5):\n    order(i)\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out := dtracetest.RunTarget(t, `python$target:::line {}
		python$target:::function-entry /basename(copyinstr(arg0)) == "shop.py"/ { @[copyinstr(arg1)] = count(); }
		END { printa("%s %@d\n", @); }`,
		[]string{py, script}, 30*time.Second)
	if !strings.Contains(out, "order 5\n") {
		t.Errorf("function-entry of order: %q, want 5 calls", out)
	}
}

// python* finds the python provider of every process running Debian's
// python3 when the program is compiled, though none was named.
func TestPythonScan(t *testing.T) {
	cmd, in := waitingPython(t, "import gc\ngc.collect()\ngc.collect()\n")
	pid := cmd.Process.Pid
	src := fmt.Sprintf(`python*:::gc-start /pid == %d/ { @ = count(); }
		python*:::gc-done /pid == %d && ++n == 2/ { exit(0); }
		END /$1 != 0/ { printa("%%@d\n", @); }`, pid, pid)
	out := dtracetest.Run(t, nil, src, func() { in.Write([]byte("go\n")) }, 30*time.Second)
	if n, err := strconv.Atoi(strings.TrimSpace(out)); err != nil || n < 2 {
		t.Errorf("python* gc-start in process %d: %q, want 2 or more", pid, out)
	}
}

// python* also catches a process started after the program was
// enabled: its probes are attached to the object, not to the processes
// running it when dtrace started.
func TestPythonLater(t *testing.T) {
	// A python that runs while the program is compiled, so that the
	// glob finds python's object.
	waitingPython(t, "")
	py := python(t)
	var later *exec.Cmd
	out := dtracetest.Run(t, nil, `python*:::gc-start { @[pid] = count(); }
		python*:::gc-done /++n[pid] == 3/ { exit(0); }
		END /$1 != 0/ { printa("%d %@d\n", @); }`, func() {
		later = exec.Command(py, "-c", "import gc\ngc.collect()\ngc.collect()\ngc.collect()\n")
		if err := later.Start(); err != nil {
			t.Fatal(err)
		}
	}, 30*time.Second)
	later.Wait()
	want := strconv.Itoa(later.Process.Pid) + " "
	found := false
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) == 2 && f[0]+" " == want {
			n, _ := strconv.Atoi(f[1])
			found = n >= 3
		}
	}
	if !found {
		t.Errorf("gc-start of the python started later (pid %s): %q, want 3 or more", want, out)
	}
}

// waitingPython starts Debian's python3 on a script that first reads a
// line: it runs the rest once the test writes one to in (closed at the
// end of the test, which then waits for the process).
func waitingPython(t *testing.T, script string) (cmd *exec.Cmd, in io.WriteCloser) {
	t.Helper()
	cmd = exec.Command(python(t), "-c", "import sys\nsys.stdin.readline()\n"+script)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		in.Close()
		cmd.Wait()
	})
	// Until python has mapped itself and waits for its line.
	time.Sleep(300 * time.Millisecond)
	return cmd, in
}

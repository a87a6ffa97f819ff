package tracefs

import (
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"

	"github.com/godtrace/godtrace/internal/testenv"
	"golang.org/x/sys/unix"
)

func TestFindMount(t *testing.T) {
	const mountinfo = `22 1 0:21 / /proc rw,nosuid,nodev,noexec,relatime shared:5 - proc proc rw
30 25 0:12 /sub /elsewhere rw,relatime - tracefs nodev rw
31 25 0:12 / /mnt/my\040trace rw,relatime shared:9 master:2 - tracefs nodev rw
32 25 0:12 / /sys/kernel/tracing rw,relatime - tracefs nodev rw
`
	got, err := findMount(strings.NewReader(mountinfo))
	if err != nil || got != "/mnt/my trace" {
		t.Errorf("findMount = %q, %v; want %q", got, err, "/mnt/my trace")
	}
	got, err = findMount(strings.NewReader("22 1 0:21 / /proc rw - proc proc rw\nshort line\n"))
	if err != nil || got != "" {
		t.Errorf("findMount without tracefs = %q, %v", got, err)
	}
}

func TestDir(t *testing.T) {
	testenv.RequireBPF(t)
	dir, err := Dir()
	if err != nil {
		t.Fatal(err)
	}
	if !isTracefs(dir) {
		t.Fatalf("Dir() = %s, which is not a tracefs", dir)
	}
	if _, err := ReadFormat(os.DirFS(dir), "syscalls", "sys_enter_openat"); err != nil {
		t.Fatal(err)
	}
}

// TestDirMounts checks that Dir mounts tracefs when it is mounted
// nowhere. It runs itself again in a private mount namespace, where it
// may unmount tracefs without touching the rest of the machine.
func TestDirMounts(t *testing.T) {
	if os.Getenv("GODTRACE_TRACEFS_CHILD") == "1" {
		mountChild(t)
		return
	}
	testenv.RequireBPF(t)
	cmd := exec.Command(os.Args[0], "-test.run=^TestDirMounts$", "-test.v")
	cmd.Env = append(os.Environ(), "GODTRACE_TRACEFS_CHILD=1")
	// Go makes / recursively private in the child when it unshares the
	// mount namespace, so the unmount below stays in there.
	cmd.SysProcAttr = &syscall.SysProcAttr{Unshareflags: syscall.CLONE_NEWNS}
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("child: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "mounted by Dir") {
		t.Fatalf("child did not get to mount:\n%s", out)
	}
}

func mountChild(t *testing.T) {
	// Unmount every tracefs, including stacked mounts.
	for {
		f, err := os.Open("/proc/self/mountinfo")
		if err != nil {
			t.Fatal(err)
		}
		dir, err := findMount(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		if dir == "" {
			break
		}
		if err := unix.Unmount(dir, unix.MNT_DETACH); err != nil {
			t.Fatalf("unmount %s: %v", dir, err)
		}
	}
	if isTracefs(DefaultDir) {
		t.Fatalf("%s is still a tracefs", DefaultDir)
	}
	dir, err := Dir()
	if err != nil {
		t.Fatal(err)
	}
	if dir != DefaultDir || !isTracefs(dir) {
		t.Fatalf("Dir() = %s; tracefs: %v", dir, isTracefs(dir))
	}
	if _, err := ReadFormat(os.DirFS(dir), "syscalls", "sys_enter_openat"); err != nil {
		t.Fatal(err)
	}
	t.Log("mounted by Dir")
}

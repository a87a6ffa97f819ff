package tracefs

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"

	"github.com/cilium/ebpf"
	"golang.org/x/sys/unix"
)

// DefaultDir is where tracefs lives on current kernels, and where Dir
// mounts it when it is mounted nowhere.
const DefaultDir = "/sys/kernel/tracing"

// Dir returns a directory where tracefs is mounted. It looks in
// /proc/self/mountinfo first, taking the first tracefs mount as
// cilium/ebpf's link package does, so that the events we read are the
// ones it attaches to; then at DefaultDir; and otherwise mounts tracefs at
// DefaultDir, which needs CAP_SYS_ADMIN.
//
// Mount before cilium/ebpf first looks for tracefs (its kprobe and
// uprobe links fall back to it): it remembers the tracefs it found, or
// did not find, the first time.
//
// The directory found is kept, and returned while it is still a tracefs
// (one statfs(2)): each tracepoint attached asks for it.
func Dir() (string, error) {
	found.Lock()
	defer found.Unlock()
	if found.dir != "" && isTracefs(found.dir) {
		return found.dir, nil
	}
	dir, err := lookDir()
	if err == nil {
		found.dir = dir
	}
	return dir, err
}

// found is the directory Dir last found.
var found struct {
	sync.Mutex
	dir string
}

// lookDir finds or mounts tracefs, as Dir describes.
func lookDir() (string, error) {
	if f, err := os.Open("/proc/self/mountinfo"); err == nil {
		dir, err := findMount(f)
		f.Close()
		if err == nil && dir != "" {
			return dir, nil
		}
	}
	if isTracefs(DefaultDir) {
		return DefaultDir, nil
	}
	if err := unix.Mount("nodev", DefaultDir, "tracefs", 0, ""); err != nil {
		if errors.Is(err, unix.ENODEV) {
			return "", fmt.Errorf("tracefs: %w: %w", ebpf.ErrNotSupported, err)
		}
		return "", fmt.Errorf("tracefs: not mounted, and cannot mount it at %s: %w", DefaultDir, err)
	}
	return DefaultDir, nil
}

// isTracefs reports whether dir is the root of a tracefs mount.
func isTracefs(dir string) bool {
	var st unix.Statfs_t
	return unix.Statfs(dir, &st) == nil && st.Type == unix.TRACEFS_MAGIC
}

// findMount returns the mount point of the first whole tracefs (root "/")
// listed in r, in the format of /proc/PID/mountinfo, or "" if there is
// none.
func findMount(r io.Reader) (string, error) {
	sc := bufio.NewScanner(r)
	for sc.Scan() {
		// 36 35 98:0 /mnt1 /mnt2 rw,noatime master:1 - ext3 /dev/root rw
		// (1)(2)(3)   (4)   (5)      (6)      (7)   (8) (9)   (10)      (11)
		// Field 7 is a list of zero or more optional fields, ended by "-".
		fields := strings.Fields(sc.Text())
		sep := -1
		for i := 6; i < len(fields); i++ {
			if fields[i] == "-" {
				sep = i
				break
			}
		}
		if sep < 0 || sep+1 >= len(fields) {
			continue
		}
		if fields[sep+1] == "tracefs" && fields[3] == "/" {
			return unescapeMountinfo(fields[4]), nil
		}
	}
	return "", sc.Err()
}

// unescapeMountinfo undoes the octal escapes (\040 for a space) that the
// kernel writes into mountinfo paths.
func unescapeMountinfo(s string) string {
	if !strings.Contains(s, `\`) {
		return s
	}
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+3 < len(s) && isOctal(s[i+1]) && isOctal(s[i+2]) && isOctal(s[i+3]) {
			b.WriteByte((s[i+1]-'0')<<6 | (s[i+2]-'0')<<3 | (s[i+3] - '0'))
			i += 3
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}

func isOctal(c byte) bool { return '0' <= c && c <= '7' }

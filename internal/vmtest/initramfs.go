package vmtest

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path"
	"sort"
)

// initramfs is the root file system the kernel unpacks before starting
// init: a cpio archive in the "newc" format, written here rather than by
// cpio(1) so that no tool beyond qemu is needed.
type initramfs struct {
	files map[string]string // archive path -> host file
	dirs  map[string]bool
}

func newInitramfs() *initramfs {
	r := &initramfs{files: map[string]string{}, dirs: map[string]bool{}}
	// Mount points, made before Go starts (it reads nothing from them
	// before Main mounts them, but an empty root has no place for them).
	for _, d := range []string{"/dev", "/proc", "/sys", "/tmp"} {
		r.dirs[d] = true
	}
	return r
}

// add places the host file at the archive path, with its directories.
func (r *initramfs) add(archive, host string) {
	r.files[archive] = host
	r.mkdir(path.Dir(archive))
}

// mkdir places the directory dir, with its parents.
func (r *initramfs) mkdir(dir string) {
	for d := dir; d != "/"; d = path.Dir(d) {
		r.dirs[d] = true
	}
}

// write writes the archive: directories first, parents before children,
// then the console device init's output goes to, then the files.
func (r *initramfs) write(w io.Writer) error {
	bw := bufio.NewWriter(w)
	cw := &cpioWriter{w: bw}
	dirs := sortedKeys(r.dirs)
	for _, d := range dirs {
		cw.entry(d, 0o040755, 0, 0, nil)
	}
	// /dev/console, character device 5:1: without it init has no
	// standard output.
	cw.entry("/dev/console", 0o020600, 5, 1, nil)
	for _, name := range sortedKeys(r.files) {
		data, err := os.ReadFile(r.files[name])
		if err != nil {
			return err
		}
		cw.entry(name, 0o100755, 0, 0, data)
	}
	cw.entry("TRAILER!!!", 0, 0, 0, nil)
	if cw.err != nil {
		return cw.err
	}
	return bw.Flush()
}

func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	// Lexical order puts a directory before what it holds.
	sort.Strings(keys)
	return keys
}

// cpioWriter writes "newc" entries: a header of thirteen 8-digit hex
// fields after the magic, the NUL-terminated name and the data, each
// padded to 4 bytes.
type cpioWriter struct {
	w   io.Writer
	ino int
	err error
}

func (c *cpioWriter) entry(name string, mode, rmajor, rminor int, data []byte) {
	if c.err != nil {
		return
	}
	if len(name) > 0 && name[0] == '/' {
		name = name[1:]
	}
	c.ino++
	nlink := 1
	if mode&0o170000 == 0o040000 {
		nlink = 2
	}
	hdr := fmt.Sprintf("070701%08x%08x%08x%08x%08x%08x%08x%08x%08x%08x%08x%08x%08x",
		c.ino, mode, 0, 0, nlink, 0, len(data), 0, 0, rmajor, rminor, len(name)+1, 0)
	c.write([]byte(hdr))
	c.write(append([]byte(name), 0))
	c.pad(len(hdr) + len(name) + 1)
	c.write(data)
	c.pad(len(data))
}

func (c *cpioWriter) write(b []byte) {
	if c.err == nil {
		_, c.err = c.w.Write(b)
	}
}

func (c *cpioWriter) pad(n int) {
	c.write(make([]byte, (4-n%4)%4))
}

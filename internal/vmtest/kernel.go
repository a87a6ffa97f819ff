package vmtest

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"golang.org/x/sys/unix"

	"github.com/godtrace/godtrace/internal/testenv"
)

// debianKernel is the package whose dependency names a Debian
// release's current cloud kernel: small, with BTF, BPF, tracefs, kprobes
// and fentry built in, and it boots in seconds under qemu's TCG.
const debianKernel = "linux-image-cloud-amd64"

// The Debian releases whose kernels the tests boot. Bookworm's 6.1 is
// the oldest kernel godtrace promises to run on, and has no fprobe (so
// no kprobe.multi); trixie's 6.12 has it.
const (
	Bookworm = "bookworm"
	Trixie   = "trixie"
)

// Releases are the releases a test that should hold on every kernel
// runs in, oldest first.
var Releases = []string{Bookworm, Trixie}

// Kernel images are fetched once per release and test binary.
var (
	kernelMu sync.Mutex
	kernels  = map[string]fetched{}
)

type fetched struct {
	path string
	err  error
}

// DebianKernel returns the path of bookworm's cloud kernel image
// (KernelOf).
func DebianKernel(t testing.TB) string {
	t.Helper()
	return KernelOf(t, Bookworm)
}

// KernelOf returns the path of a Debian release's cloud kernel image,
// fetching the package with apt-get into the cache
// (GODTRACE_VMTEST_CACHE, else /var/cache/godtrace-vmtest) the first
// time. A machine without apt or qemu skips the test (fails it under
// CI).
func KernelOf(t testing.TB, release string) string {
	t.Helper()
	if _, err := exec.LookPath("qemu-system-x86_64"); err != nil {
		testenv.Missing(t, "vmtest: qemu-system-x86_64 not found (Debian package qemu-system-x86)")
		return ""
	}
	kernelMu.Lock()
	k, ok := kernels[release]
	if !ok {
		k.path, k.err = fetchKernel(release)
		kernels[release] = k
	}
	kernelMu.Unlock()
	if k.err != nil {
		testenv.Missing(t, "vmtest: no Debian %s kernel: %v", release, k.err)
		return ""
	}
	return k.path
}

func cacheDir() string {
	if dir := os.Getenv("GODTRACE_VMTEST_CACHE"); dir != "" {
		return dir
	}
	return "/var/cache/godtrace-vmtest"
}

func fetchKernel(release string) (string, error) {
	dir := cacheDir()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	// go test runs packages' test binaries at once, and several boot
	// kernels: one fetches at a time (apt locks its lists, and a second
	// download would find the first one's directory in place).
	lock, err := os.OpenFile(filepath.Join(dir, ".lock"), os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return "", err
	}
	defer lock.Close()
	if err := unix.Flock(int(lock.Fd()), unix.LOCK_EX); err != nil {
		return "", fmt.Errorf("locking %s: %w", lock.Name(), err)
	}
	a, err := newApt(dir, release)
	if err != nil {
		return "", err
	}
	pkg, err := a.kernelPackage()
	if err != nil {
		return "", err
	}
	root := filepath.Join(dir, pkg)
	if img, err := vmlinuz(root); err == nil {
		return img, nil
	}
	tmp, err := os.MkdirTemp(dir, "fetch")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	if err := a.run(tmp, "apt-get", "download", pkg); err != nil {
		// The cache's lists may name a kernel the archive has since
		// replaced: fetch them again, once.
		if !a.own() {
			return "", err
		}
		if err := a.update(); err != nil {
			return "", err
		}
		if pkg, err = a.kernelPackage(); err != nil {
			return "", err
		}
		if err := a.run(tmp, "apt-get", "download", pkg); err != nil {
			return "", err
		}
		root = filepath.Join(dir, pkg)
	}
	debs, _ := filepath.Glob(filepath.Join(tmp, pkg+"_*.deb"))
	if len(debs) != 1 {
		return "", fmt.Errorf("apt-get download %s left %d packages", pkg, len(debs))
	}
	// Unpacked next to the cache's other kernels, then renamed into
	// place, so that an interrupted fetch leaves nothing half-done.
	unpacked := filepath.Join(tmp, "root")
	if err := run(tmp, "dpkg-deb", "-x", debs[0], unpacked); err != nil {
		return "", err
	}
	if err := os.Rename(unpacked, root); err != nil {
		return "", err
	}
	return vmlinuz(root)
}

// apt runs apt-get and apt-cache on a release's package lists: the
// machine's own for bookworm (the release this project's machines run),
// lists of the cache's own for another, from Debian's archive, so that
// the machine's sources and packages stay as they are.
type apt struct {
	dir  string   // the lists' and settings' directory, if own
	opts []string // -o settings, none for the machine's lists
}

func (a *apt) own() bool { return a.dir != "" }

func (a *apt) update() error { return a.run(a.dir, "apt-get", "-q", "update") }

func newApt(dir, release string) (*apt, error) {
	if release == Bookworm {
		return &apt{}, nil
	}
	root := filepath.Join(dir, "apt-"+release)
	lists := filepath.Join(root, "lists")
	for _, d := range []string{filepath.Join(lists, "partial"), filepath.Join(root, "cache", "archives", "partial"), filepath.Join(root, "parts")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			return nil, err
		}
	}
	sources := filepath.Join(root, "sources.list")
	line := "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian " + release + " main\n"
	if err := os.WriteFile(sources, []byte(line), 0o644); err != nil {
		return nil, err
	}
	a := &apt{dir: root, opts: []string{
		"-o", "Dir::Etc::SourceList=" + sources,
		"-o", "Dir::Etc::SourceParts=" + filepath.Join(root, "parts"),
		"-o", "Dir::State::Lists=" + lists,
		"-o", "Dir::Cache=" + filepath.Join(root, "cache"),
		"-o", "Acquire::Languages=none",
	}}
	// The lists are fetched when there are none, and when the kernel
	// they name is gone from the archive (fetchKernel).
	if have, _ := filepath.Glob(filepath.Join(lists, "*_Packages*")); len(have) == 0 {
		if err := a.update(); err != nil {
			return nil, err
		}
	}
	return a, nil
}

func (a *apt) run(dir, name string, args ...string) error {
	return run(dir, name, append(append([]string(nil), a.opts...), args...)...)
}

// kernelPackage names the kernel package debianKernel depends on now.
func (a *apt) kernelPackage() (string, error) {
	args := append(append([]string(nil), a.opts...), "depends", debianKernel)
	out, err := exec.Command("apt-cache", args...).Output()
	if err != nil {
		return "", fmt.Errorf("apt-cache depends %s: %w", debianKernel, err)
	}
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		dep, ok := strings.CutPrefix(strings.TrimSpace(sc.Text()), "Depends: ")
		if ok && strings.HasPrefix(dep, "linux-image-") {
			return dep, nil
		}
	}
	return "", fmt.Errorf("apt-cache depends %s names no kernel image", debianKernel)
}

// vmlinuz finds the kernel image in an unpacked kernel package.
func vmlinuz(root string) (string, error) {
	imgs, _ := filepath.Glob(filepath.Join(root, "boot", "vmlinuz-*"))
	if len(imgs) != 1 {
		return "", fmt.Errorf("%s holds %d kernel images", root, len(imgs))
	}
	return imgs[0], nil
}

func run(dir, name string, args ...string) error {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("%s %s: %v: %s", name, strings.Join(args, " "), err, bytes.TrimSpace(out))
	}
	return nil
}

// ExtraDir is where the machine has the files given to Run by absolute
// path.
const ExtraDir = "/extra"

// Module returns the path of a module of the kernel KernelOf returned,
// by its path under the package's kernel/ directory
// ("drivers/block/loop.ko"), for Run to take into the machine. A
// compressed module (trixie's are .ko.xz) is decompressed into a
// temporary directory of t's, under its own name.
func Module(t testing.TB, kernel, rel string) string {
	t.Helper()
	release := strings.TrimPrefix(filepath.Base(kernel), "vmlinuz-")
	root := filepath.Dir(filepath.Dir(kernel))
	for _, lib := range []string{"lib", "usr/lib"} {
		p := filepath.Join(root, lib, "modules", release, "kernel", rel)
		if _, err := os.Stat(p); err == nil {
			return p
		}
		if _, err := os.Stat(p + ".xz"); err == nil {
			out := filepath.Join(t.TempDir(), filepath.Base(p))
			cmd := exec.Command("xz", "-dc", p+".xz")
			f, err := os.Create(out)
			if err != nil {
				t.Fatal(err)
			}
			cmd.Stdout = f
			err = cmd.Run()
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				t.Fatalf("vmtest: xz -dc %s: %v", p+".xz", err)
			}
			return out
		}
	}
	t.Fatalf("vmtest: %s has no module %s", filepath.Base(kernel), rel)
	return ""
}

// Debian is DebianKernel for a test that boots it: it skips inside the
// virtual machine (the test is what runs there) and under -short.
func Debian(t *testing.T) string {
	t.Helper()
	return DebianRelease(t, Bookworm)
}

// EachRelease runs f in a subtest per release of Releases, named by it,
// with its kernel (DebianRelease).
func EachRelease(t *testing.T, f func(t *testing.T, kernel string)) {
	for _, release := range Releases {
		t.Run(release, func(t *testing.T) { f(t, DebianRelease(t, release)) })
	}
}

// DebianRelease is Debian for a release's kernel.
func DebianRelease(t *testing.T, release string) string {
	t.Helper()
	if Inside() {
		t.Skip("this is the virtual machine")
	}
	if testing.Short() {
		t.Skip("boots a kernel under emulation")
	}
	return KernelOf(t, release)
}

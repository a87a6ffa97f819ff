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

	"github.com/godtrace/godtrace/internal/testenv"
)

// debianKernel is the package whose dependency names Debian stable's
// current cloud kernel: small, with BTF, BPF, tracefs, kprobes and
// fentry built in, and it boots in seconds under qemu's TCG.
const debianKernel = "linux-image-cloud-amd64"

// Kernel images are fetched once per test binary.
var (
	kernelOnce sync.Once
	kernelPath string
	kernelErr  error
)

// DebianKernel returns the path of Debian's cloud kernel image, fetching
// the package with apt-get into the cache (GODTRACE_VMTEST_CACHE, else
// /var/cache/godtrace-vmtest) the first time. A machine without apt or
// qemu skips the test (fails it under CI).
func DebianKernel(t testing.TB) string {
	t.Helper()
	if _, err := exec.LookPath("qemu-system-x86_64"); err != nil {
		testenv.Missing(t, "vmtest: qemu-system-x86_64 not found (Debian package qemu-system-x86)")
		return ""
	}
	kernelOnce.Do(func() { kernelPath, kernelErr = fetchKernel() })
	if kernelErr != nil {
		testenv.Missing(t, "vmtest: no Debian kernel: %v", kernelErr)
		return ""
	}
	return kernelPath
}

func fetchKernel() (string, error) {
	dir := os.Getenv("GODTRACE_VMTEST_CACHE")
	if dir == "" {
		dir = "/var/cache/godtrace-vmtest"
	}
	pkg, err := kernelPackage()
	if err != nil {
		return "", err
	}
	root := filepath.Join(dir, pkg)
	if img, err := vmlinuz(root); err == nil {
		return img, nil
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", err
	}
	tmp, err := os.MkdirTemp(dir, "fetch")
	if err != nil {
		return "", err
	}
	defer os.RemoveAll(tmp)
	if err := run(tmp, "apt-get", "download", pkg); err != nil {
		return "", err
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

// kernelPackage names the kernel package debianKernel depends on now.
func kernelPackage() (string, error) {
	out, err := exec.Command("apt-cache", "depends", debianKernel).Output()
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

// Module returns the path of a module of the kernel DebianKernel
// returned, by its path under the package's kernel/ directory
// ("drivers/block/loop.ko"), for Run to take into the machine.
func Module(t testing.TB, kernel, rel string) string {
	t.Helper()
	release := strings.TrimPrefix(filepath.Base(kernel), "vmlinuz-")
	p := filepath.Join(filepath.Dir(filepath.Dir(kernel)), "lib", "modules", release, "kernel", rel)
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("vmtest: module %s: %v", rel, err)
	}
	return p
}

// Debian is DebianKernel for a test that boots it: it skips inside the
// virtual machine (the test is what runs there) and under -short.
func Debian(t *testing.T) string {
	t.Helper()
	if Inside() {
		t.Skip("this is the virtual machine")
	}
	if testing.Short() {
		t.Skip("boots a kernel under emulation")
	}
	return DebianKernel(t)
}

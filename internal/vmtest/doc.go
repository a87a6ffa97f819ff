// Package vmtest runs a package's tests inside another kernel: Debian's
// cloud kernel, booted by qemu under software emulation with the test
// binary itself as init.
//
// godtrace is developed on a recent kernel but promises programs that
// older verifiers accept, and some providers (fbt on fentry) need kernel
// features this machine refuses; a test that boots another kernel checks
// both without touching the host. A package opts in by calling Main from
// its TestMain; a test then calls Run with the tests to run inside.
//
// The releases are bookworm's 6.1 and trixie's 6.12 (Releases, KernelOf).
// The kernel of linux-image-cloud-amd64 is fetched with apt-get download
// into /var/cache/godtrace-vmtest (GODTRACE_VMTEST_CACHE overrides it);
// trixie's package comes through apt lists of vmtest's own, kept there
// too, so that the machine's sources stay as they are. Run (or RunArgs)
// writes a newc initramfs holding the package's test binary as /init and
// the files the tests read (Module takes a kernel module along, Command a
// static build of a command), boots it under qemu-system-x86_64 -accel
// tcg, and reads the exit status from the serial console (about 8 s).
// Inside, Main mounts /proc, /sys, tracefs, debugfs, /tmp and /dev, then
// re-executes itself so that package initialization (cilium/ebpf reads
// /proc/self/mountinfo) sees them. CI=true is set there, so nothing skips,
// and DTRACE_* variables pass through (DTRACE_OPT_BPFLOG=1 prints the
// 6.1 verifier's log of each program dtrace(1) loads).
package vmtest

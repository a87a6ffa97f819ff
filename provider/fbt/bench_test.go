package fbt_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/cilium/ebpf"
	"github.com/cilium/ebpf/asm"
	"github.com/cilium/ebpf/features"
	"github.com/cilium/ebpf/link"

	"github.com/godtrace/godtrace/dtrace"
	"github.com/godtrace/godtrace/internal/testenv"
	"github.com/godtrace/godtrace/internal/vmtest"
	"github.com/godtrace/godtrace/output"
	"github.com/godtrace/godtrace/provider"
	"github.com/godtrace/godtrace/provider/fbt"
	"github.com/godtrace/godtrace/provider/ktypes"
)

// TestDebianBench runs the fbt benchmarks (BenchmarkKernel*) in Debian's
// kernels under qemu, as bench/fbt.sh asks with GODTRACE_FBT_BENCH; the
// figures are emulated CPU time, comparable within one run only.
func TestDebianBench(t *testing.T) {
	if vmtest.Inside() || os.Getenv("GODTRACE_FBT_BENCH") == "" {
		t.Skip("bench/fbt.sh runs the fbt benchmarks in a virtual machine")
	}
	benchtime := os.Getenv("GODTRACE_FBT_BENCHTIME")
	if benchtime == "" {
		benchtime = "200000x"
	}
	which := os.Getenv("GODTRACE_FBT_BENCH") // calls, start, or both
	for _, release := range vmtest.Releases {
		t.Run(release, func(t *testing.T) {
			k := vmtest.KernelOf(t, release)
			dtrace := vmtest.Command(t, "github.com/godtrace/godtrace/cmd/dtrace")
			if which != "start" {
				vmtest.RunCounted(t, k, []string{"-test.run=^$", "-test.bench=^BenchmarkKernelGetppid$", "-test.benchtime=" + benchtime, "-test.count=3", "-test.v"})
			}
			if which != "calls" {
				// Each start attaches up to thousands of functions:
				// once is enough.
				vmtest.RunArgs(t, k, []string{"-test.run=^$", "-test.bench=^BenchmarkKernelStart$", "-test.benchtime=1x", "-test.count=1", "-test.v"}, dtrace)
			}
		})
	}
}

// benchFunc is the function the per-call benchmarks trace: getppid(2)
// calls it once (task_tgid_vnr of the parent), and little else does on
// an idle machine. The system call's own entry point has no BTF and no
// fentry.
const benchFunc = "__task_pid_nr_ns"

// BenchmarkKernelGetppid is the cost of a getppid(2) untraced, and
// traced by `fbt::__task_pid_nr_ns:entry { @ = count(); }` in each
// mechanism and by the least program that does the same job (the floor:
// a per-CPU counter incremented), attached the same way. The added cost
// per event is a traced row less the untraced one. bench/fbt.sh runs it
// in a machine whose clock counts instructions (vmtest.RunCounted), so
// a row is the same from run to run and 1 ns is one instruction.
func BenchmarkKernelGetppid(b *testing.B) {
	testenv.RequireBPF(b)
	if !vmtest.Inside() {
		b.Skip("bench/fbt.sh runs it in a kernel with kprobes and fentry")
	}
	// What the kernel still does after booting (6.12 for a second or
	// two) would count in the first rows.
	time.Sleep(3 * time.Second)
	for range 100000 {
		syscall.Getppid()
	}
	// The programs' own time per run (kernel.bpf_stats_enabled), which
	// emulation's noise in a system call's time hides.
	if err := os.WriteFile("/proc/sys/kernel/bpf_stats_enabled", []byte("1"), 0); err != nil {
		b.Fatal(err)
	}
	calls := func(b *testing.B) {
		ns0, runs0 := bpfStats(b)
		for b.Loop() {
			syscall.Getppid()
		}
		if ns, runs := bpfStats(b); runs > runs0 {
			b.ReportMetric(float64(ns-ns0)/float64(runs-runs0), "bpf-ns/run")
		}
	}
	b.Run("untraced", calls)
	for _, kind := range []string{"fentry", "kprobe"} {
		b.Run("floor-"+kind, func(b *testing.B) {
			defer floor(b, kind)()
			calls(b)
		})
	}
	for _, mode := range []fbt.Mode{fbt.ModeFentry, fbt.ModeKprobe, fbt.ModeMulti} {
		b.Run("dtrace-"+string(mode), func(b *testing.B) {
			defer enable(b, mode, `fbt::`+benchFunc+`:entry { @ = count(); }`)()
			calls(b)
		})
	}
}

// floor attaches the least counting program to benchFunc, as a fentry
// program or a kprobe, and returns its detach.
func floor(b *testing.B, kind string) func() {
	counts, err := ebpf.NewMap(&ebpf.MapSpec{Type: ebpf.PerCPUArray, KeySize: 4, ValueSize: 8, MaxEntries: 1})
	if err != nil {
		b.Fatal(err)
	}
	insns := asm.Instructions{
		asm.StoreImm(asm.R10, -4, 0, asm.Word),
		asm.LoadMapPtr(asm.R1, counts.FD()),
		asm.Mov.Reg(asm.R2, asm.R10),
		asm.Add.Imm(asm.R2, -4),
		asm.FnMapLookupElem.Call(),
		asm.JEq.Imm(asm.R0, 0, "out"),
		asm.LoadMem(asm.R1, asm.R0, 0, asm.DWord),
		asm.Add.Imm(asm.R1, 1),
		asm.StoreMem(asm.R0, 0, asm.R1, asm.DWord),
		asm.Mov.Imm(asm.R0, 0).WithSymbol("out"),
		asm.Return(),
	}
	ps := &ebpf.ProgramSpec{Type: ebpf.Kprobe, License: "GPL", Instructions: insns}
	if kind == "fentry" {
		ps.Type, ps.AttachType, ps.AttachTo = ebpf.Tracing, ebpf.AttachTraceFEntry, benchFunc
	}
	kt, err := ktypes.Spec()
	if err != nil {
		b.Fatal(err)
	}
	prog, err := ebpf.NewProgramWithOptions(ps, ebpf.ProgramOptions{KernelTypes: kt})
	if err != nil {
		b.Fatal(err)
	}
	var l link.Link
	if kind == "fentry" {
		l, err = link.AttachTracing(link.TracingOptions{Program: prog})
	} else {
		l, err = link.Kprobe(benchFunc, prog, nil)
	}
	if err != nil {
		b.Fatal(err)
	}
	return func() {
		var n []uint64
		if err := counts.Lookup(uint32(0), &n); err != nil {
			b.Error(err)
		}
		total := uint64(0)
		for _, c := range n {
			total += c
		}
		if total < uint64(b.N) {
			b.Errorf("the floor counted %d of %d calls", total, b.N)
		}
		l.Close()
		prog.Close()
		counts.Close()
	}
}

// enable compiles and enables src in mode, and returns what stops it.
func enable(b *testing.B, mode fbt.Mode, src string) func() {
	h, err := dtrace.Open()
	if err != nil {
		b.Fatal(err)
	}
	if err := h.Options.Set("fbtattach", string(mode)); err != nil {
		b.Fatal(err)
	}
	if err := h.Compile([]dtrace.Source{{Text: []byte(src)}}, nil); err != nil {
		b.Fatal(err)
	}
	if err := h.Exec(); err != nil {
		b.Fatal(err)
	}
	if err := h.Go(); err != nil {
		b.Fatal(err)
	}
	return func() {
		var out, errs strings.Builder
		p := output.NewPrinter(&out, &errs, true)
		if err := h.Stop(p); err != nil {
			b.Error(err)
		}
		h.Close()
	}
}

// BenchmarkKernelStart is the time dtrace(1) takes from its start to
// its exit running `PROBES { @ = count(); } BEGIN { exit(0); }`, where
// PROBES is none (the cost of any start), the first N functions of
// fbt's listing (auto mode: fentry programs below fbt.MinMulti
// functions, one shared program from there), `fbt::*sys_*:entry`, and
// `fbt:::entry`: every function.
func BenchmarkKernelStart(b *testing.B) {
	testenv.RequireBPF(b)
	cmd := filepath.Join(vmtest.ExtraDir, "dtrace")
	if _, err := os.Stat(cmd); err != nil || !vmtest.Inside() {
		b.Skip("bench/fbt.sh runs it with dtrace(1) in a kernel with kprobes and fentry")
	}
	ps := match(b, provider.Desc{Provider: "fbt", Name: "entry"})
	sys := match(b, provider.Desc{Provider: "fbt", Function: "*sys_*", Name: "entry"})
	b.Logf("fbt::*sys_*:entry: %d functions, fbt:::entry: %d", len(sys), len(ps))
	start := func(name, probes string) {
		b.Run(name, func(b *testing.B) {
			script := filepath.Join(b.TempDir(), "start.d")
			src := "BEGIN { exit(0); }\n"
			if probes != "" {
				src = probes + " { @ = count(); }\n" + src
			}
			if err := os.WriteFile(script, []byte(src), 0o644); err != nil {
				b.Fatal(err)
			}
			for b.Loop() {
				if out, err := exec.Command(cmd, "-q", "-s", script).CombinedOutput(); err != nil {
					b.Fatalf("dtrace: %v:\n%s", err, out)
				}
			}
		})
	}
	start("none", "")
	for _, n := range []int{1, 10, 100, 1000} {
		var descs []string
		for _, p := range ps[:min(n, len(ps))] {
			descs = append(descs, "fbt:"+p.Module+":"+p.Function+":entry")
		}
		start(strconv.Itoa(n), strings.Join(descs, ",\n"))
	}
	start("sys", "fbt::*sys_*:entry")
	// A kprobe per function (no kprobe.multi) takes tens of minutes
	// under emulation.
	if features.HaveBPFLinkKprobeMulti() == nil {
		start("all", "fbt:::entry")
	} else {
		b.Log("fbt:::entry not measured: no kprobe.multi, a kprobe per function")
	}
}

// bpfStats sums the run time and count of every BPF program loaded: in
// the virtual machine, those of the benchmark.
func bpfStats(b *testing.B) (ns, runs uint64) {
	for id := ebpf.ProgramID(0); ; {
		next, err := ebpf.ProgramGetNextID(id)
		if err != nil {
			return ns, runs
		}
		id = next
		prog, err := ebpf.NewProgramFromID(id)
		if err != nil {
			continue
		}
		if st, err := prog.Stats(); err == nil {
			ns += uint64(st.Runtime)
			runs += st.RunCount
		}
		prog.Close()
	}
}

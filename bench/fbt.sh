#!/usr/bin/env bash
# fbt's benchmarks, run in Debian's cloud kernels (12's 6.1, 13's 6.12)
# under qemu (this machine's kernel has no kprobes and refuses fentry):
# the added cost of `fbt::__task_pid_nr_ns:entry { @ = count(); }` per
# call in each mechanism against the least program that counts the same
# calls (the floor), measured in a machine whose clock counts
# instructions (1 ns = one instruction, the same from run to run); and
# the time dtrace(1) takes to start and exit with no fbt probe, 1 to
# 1,000 functions, `fbt::*sys_*:entry` and `fbt:::entry` enabled (wall
# clock under emulation: slow in absolute terms, compare rows of one
# run).
#
#   bench/fbt.sh [BENCHTIME [calls|start]]
#   (default 200000x calls per row, both parts)
set -euo pipefail
cd "$(dirname "$0")/.."
GODTRACE_FBT_BENCH="${2:-both}" GODTRACE_FBT_BENCHTIME="${1:-200000x}" \
	go test ./provider/fbt -run '^TestDebianBench$' -count=1 -v -timeout 60m |
	grep -E '^\s*(Benchmark|vmtest:|--- |\S+_test.go:)' | sed 's/^ *//' |
	awk '
	# Per kernel, the median of each per-call row, then the added cost
	# of dtrace over the floor in each mechanism.
	function median(list,   a, n, i, j, t) {
		n = split(list, a, " ")
		for (i = 2; i <= n; i++) for (j = i; j > 1 && a[j - 1] + 0 > a[j] + 0; j--) { t = a[j]; a[j] = a[j - 1]; a[j - 1] = t }
		return a[int((n + 1) / 2)]
	}
	function report(   m, base, added, floor) {
		if (kernel == "" || !("untraced" in vals)) return
		base = median(vals["untraced"])
		for (m in mech) {
			if (!(("dtrace-" m) in vals) || !(("floor-" m) in vals)) continue
			added = median(vals["dtrace-" m]) - base; floor = median(vals["floor-" m]) - base
			printf("%s: added per call, dtrace-%s %.1f / floor-%s %.1f = %.3fx\n", kernel, m, added, m, floor, added / floor)
		}
		for (m in vals) delete vals[m]
	}
	BEGIN { mech["fentry"]; mech["kprobe"] }
	{ print }
	/vmtest: vmlinuz-.* booted/ { report(); kernel = $3 }
	/^BenchmarkKernelGetppid\/[a-z-]+[ \t]+[0-9]+[ \t]+[0-9.]+ ns\/op/ {
		split($1, p, "/"); vals[p[2]] = vals[p[2]] " " $3
	}
	END { report() }'

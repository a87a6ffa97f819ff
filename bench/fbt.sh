#!/usr/bin/env bash
# fbt's benchmarks, run in Debian's cloud kernel under qemu (this
# machine's kernel has no kprobes and refuses fentry): the added cost of
# `fbt::__task_pid_nr_ns:entry { @ = count(); }` per call in each
# mechanism against the least program that counts the same calls (the
# floor), and the time to start and exit with 10, 100 and 1,000
# functions enabled and with `fbt::*sys_*:entry`. Under emulation the
# figures are slow in absolute terms; compare rows of one run.
#
#   bench/fbt.sh [BENCHTIME [calls|start]]
#   (default 200000x calls per row, both parts)
set -euo pipefail
cd "$(dirname "$0")/.."
GODTRACE_FBT_BENCH="${2:-both}" GODTRACE_FBT_BENCHTIME="${1:-200000x}" \
	go test ./provider/fbt -run '^TestDebianBench$' -count=1 -v -timeout 60m |
	grep -E '^\s*(Benchmark|vmtest:|--- |\S+_test.go:)' | sed 's/^ *//'

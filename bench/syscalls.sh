#!/usr/bin/env bash
# syscalls.sh: `syscall:::entry { @[probefunc] = count(); }` against
# bpftrace's equivalent on tracepoint:syscalls:sys_enter_*, on the same
# machine in the same run. Prints, for each tracer, the wall time to start
# and exit (BEGIN exits at once), and the traced thread's added CPU time
# per system call (workload's getppid with the tracer running, minus
# without), as min and median over REPS paired runs in rotated order.
#
#	bench/syscalls.sh [REPS]	(as root; bpftrace from Debian's archive)
set -euo pipefail
reps=${1:-5}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$here/.." && go build -o "$tmp/dtrace" ./cmd/dtrace && go build -o "$tmp/workload" ./bench/workload)
have_bpftrace=$(command -v bpftrace || true)
calls=2000000

dt_prog='syscall:::entry { @[probefunc] = count(); }'
bt_prog='tracepoint:syscalls:sys_enter_* { @[probe] = count(); }'

# ms CMD...: wall milliseconds of CMD, output discarded.
ms() {
	local t0 t1
	t0=$(date +%s%N)
	"$@" >/dev/null 2>&1
	t1=$(date +%s%N)
	echo $(((t1 - t0) / 1000000))
}

# startexit TRACER: wall ms to start, fire BEGIN and exit.
startexit() {
	case $1 in
	dtrace) ms "$tmp/dtrace" -q -n "$dt_prog BEGIN { exit(0); }" ;;
	bpftrace) ms bpftrace -e "$bt_prog BEGIN { exit(); }" ;;
	esac
}

# traced TRACER: the workload's ns per call while TRACER runs the program.
traced() {
	local pid ready=$tmp/ready out=$tmp/out
	rm -f "$ready" "$out"
	case $1 in
	dtrace)
		GODTRACE_READY_FILE=$ready "$tmp/dtrace" -q -n "$dt_prog" >"$out" 2>&1 &
		pid=$!
		until [ -e "$ready" ]; do sleep 0.05; done
		;;
	bpftrace)
		bpftrace -e "$bt_prog BEGIN { printf(\"ready\\n\"); }" >"$out" 2>&1 &
		pid=$!
		until grep -q ready "$out" 2>/dev/null; do sleep 0.05; done
		;;
	esac
	"$tmp/workload" -n $calls
	kill -INT $pid
	wait $pid || true
}

# stats: "min median" of the numbers on stdin.
stats() { sort -g | awk '{ v[NR] = $1 } END { printf "%s %s", v[1], v[int((NR + 1) / 2)] }'; }

tracers=(dtrace)
[ -n "$have_bpftrace" ] && tracers+=(bpftrace) || echo "bpftrace not installed: dtrace only" >&2

declare -A se added
for ((r = 0; r < reps; r++)); do
	# Rotate the order so that neither tracer always runs first.
	order=("${tracers[@]}")
	((r % 2)) && order=($(printf '%s\n' "${tracers[@]}" | tac))
	for t in "${order[@]}"; do
		se[$t]+="$(startexit "$t") "
		base=$("$tmp/workload" -n $calls)
		with=$(traced "$t")
		added[$t]+="$(awk -v a="$with" -v b="$base" 'BEGIN { printf "%.1f", a - b }') "
	done
done

printf '%-10s %24s %28s\n' tracer "start+exit ms (min med)" "added ns/getppid (min med)"
for t in "${tracers[@]}"; do
	printf '%-10s %24s %28s\n' "$t" "$(tr ' ' '\n' <<<"${se[$t]}" | grep . | stats)" "$(tr ' ' '\n' <<<"${added[$t]}" | grep . | stats)"
done
if [ -n "$have_bpftrace" ]; then
	d=($(tr ' ' '\n' <<<"${se[dtrace]}" | grep . | stats)) b=($(tr ' ' '\n' <<<"${se[bpftrace]}" | grep . | stats))
	da=($(tr ' ' '\n' <<<"${added[dtrace]}" | grep . | stats)) ba=($(tr ' ' '\n' <<<"${added[bpftrace]}" | grep . | stats))
	awk -v d="${d[1]}" -v b="${b[1]}" -v da="${da[1]}" -v ba="${ba[1]}" 'BEGIN {
		printf "ratio dtrace/bpftrace (medians): start+exit %.3f, added cost per call %.2f\n", d / b, da / ba }'
fi

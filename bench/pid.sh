#!/usr/bin/env bash
# pid.sh: the pid provider against bpftrace's uprobes and the least
# uprobe program (bench/floor -mode count-uprobe), on the same workload
# in the same run. Prints, for each, the CPU ns each call of the
# workload's work() gains while `pid$target:a.out:work:entry { @ =
# count(); }` (bpftrace: `uprobe:BIN:work /pid == N/ { @ = count(); }`)
# runs, traced minus untraced, as min and median over REPS paired runs in
# rotated order, with dtrace's and bpftrace's added cost over the
# floor's; then the wall time to start and exit with every function of
# libc enabled in a running process (`pid$target:libc.so.6::entry`; bpftrace
# `uprobe:LIBC:*`, once: it takes minutes), BEGIN exiting at once, and
# how a tracer failed.
#
#	bench/pid.sh [REPS]	(as root; gcc; bpftrace from Debian's archive)
set -euo pipefail
reps=${1:-5}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$tmp"' EXIT
(cd "$here/.." && go build -o "$tmp/dtrace" ./cmd/dtrace && go build -o "$tmp/floor" ./bench/floor)
gcc -O2 -o "$tmp/pidwork" "$here/pidwork/pidwork.c"
have_bpftrace=$(command -v bpftrace || true)
calls=2000000
mkfifo "$tmp/go"
libc=$(ldd "$tmp/pidwork" | awk '/libc.so.6/ { print $3 }')

# start TRACER PID: run TRACER on the workload PID in the background
# and wait until its probes are enabled; sets tpid.
start() {
	local ready=$tmp/ready
	rm -f "$ready" "$tmp/out"
	case $1 in
	dtrace) GODTRACE_READY_FILE=$ready "$tmp/dtrace" -q -p "$2" -n 'pid$target:a.out:work:entry { @ = count(); }' >"$tmp/out" 2>&1 & ;;
	bpftrace) bpftrace -e "uprobe:$tmp/pidwork:work /pid == $2/ { @ = count(); } BEGIN { printf(\"ready\\n\"); }" >"$tmp/out" 2>&1 & ;;
	floor) "$tmp/floor" -mode count-uprobe -binary "$tmp/pidwork" -symbol work -pid "$2" -ready "$ready" >"$tmp/out" 2>&1 & ;;
	esac
	tpid=$!
	for ((i = 0; i < 1200; i++)); do
		if [ -e "$ready" ] || grep -q '^ready$' "$tmp/out" 2>/dev/null; then
			return 0
		fi
		kill -0 $tpid 2>/dev/null || break
		sleep 0.05
	done
	echo "$1 did not start: $(tail -1 "$tmp/out")" >&2
	return 1
}

# The workload opens the fifo read-write (<>), which does not block as
# opening it to read would: the shell has run the program, whose
# functions the tracer looks for, before it waits.

# added TRACER: the CPU ns each call of work() gains under TRACER.
added() {
	local before with wpid
	before=$("$tmp/pidwork" "$calls")
	"$tmp/pidwork" "$calls" hold <>"$tmp/go" >"$tmp/wl" &
	wpid=$!
	if ! start "$1" $wpid; then
		echo >"$tmp/go"
		wait $wpid || true
		return
	fi
	echo >"$tmp/go"
	wait $wpid || true
	kill -INT $tpid 2>/dev/null || true
	wait $tpid 2>/dev/null || true
	with=$(cat "$tmp/wl")
	res[$1]+="$(awk -v a="$with" -v b="$before" 'BEGIN { printf "%.1f", a - b }') "
}

# startexit TRACER: wall ms to enable every libc function of a running
# process, fire BEGIN and exit.
startexit() {
	local t0 t1
	"$tmp/pidwork" 1 hold <>"$tmp/go" >/dev/null &
	local wpid=$!
	t0=$(date +%s%N)
	local status=0
	case $1 in
	dtrace) "$tmp/dtrace" -q -p $wpid -n 'pid$target:libc.so.6::entry { @ = count(); } BEGIN { exit(0); }' >"$tmp/se" 2>&1 || status=$? ;;
	# bpftrace refuses more than 512 probes unless told.
	bpftrace) BPFTRACE_MAX_PROBES=100000 timeout 900 bpftrace -p $wpid -e "uprobe:$libc:* { @ = count(); } BEGIN { exit(); }" >"$tmp/se" 2>&1 || status=$? ;;
	esac
	t1=$(date +%s%N)
	echo >"$tmp/go"
	wait $wpid || true
	res[start-$1]+="$(((t1 - t0) / 1000000)) "
	if [ $status -ne 0 ]; then
		notes+=("$1, libc entry: exit $status after $(((t1 - t0) / 1000000)) ms: $(grep -m1 -i error "$tmp/se" || tail -1 "$tmp/se")")
	fi
}

stats() { # min and median of the numbers in $1
	echo "$1" | tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { if (NR) printf "%s %s", v[1], v[int((NR + 1) / 2)]; else printf "- -" }'
}
median() { stats "$1" | awk '{ print $2 }'; }

declare -A res
notes=()
tracers=(dtrace floor)
[ -n "$have_bpftrace" ] && tracers+=(bpftrace)
for ((r = 0; r < reps; r++)); do
	n=${#tracers[@]}
	for ((k = 0; k < n; k++)); do
		added "${tracers[(r + k) % n]}"
	done
	startexit dtrace
done
# bpftrace attaches libc's functions one at a time: minutes, once.
[ -n "$have_bpftrace" ] && startexit bpftrace

printf '%-38s %18s %18s %18s\n' "row (min median)" dtrace bpftrace floor
printf '%-38s %18s %18s %18s\n' "added ns per call of work()" "$(stats "${res[dtrace]:-}")" "$(stats "${res[bpftrace]:-}")" "$(stats "${res[floor]:-}")"
printf '%-38s %18s %18s %18s\n' "libc entry, start+exit ms (-p)" "$(stats "${res[start-dtrace]:-}")" "$(stats "${res[start-bpftrace]:-}")" -
f=$(median "${res[floor]:-}")
awk -v d="$(median "${res[dtrace]:-}")" -v b="$(median "${res[bpftrace]:-}")" -v f="$f" 'BEGIN {
	if (f > 0 && d != "-") printf "dtrace / floor added cost: %.2fx\n", d / f
	if (f > 0 && b != "-" && b != "") printf "bpftrace / floor added cost: %.2fx\n", b / f
}'
for n in "${notes[@]}"; do
	echo "note: $n"
done

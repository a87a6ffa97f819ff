#!/usr/bin/env bash
# run.sh: issue 7's table. dtrace, bpftrace and the hand-written floor
# (bench/floor) on the same workload in the same run: REPS repetitions,
# the tracers in rotated order within each, every traced measurement
# paired with an untraced one just before it. Prints min and median per
# tracer and the ratios of the medians to bpftrace and to the floor.
#
#	bench/run.sh [REPS]	(as root; bpftrace and GNU time from Debian's archive)
#
# Environment: CALLS (getppid calls per cost measurement, 1000000),
# PRINTF_CALLS (calls per printf measurement, 500000), PROFILE_SECS
# (seconds of profile-997 tracing, 10), WIDE=1 (also time bpftrace on
# all syscall entry probes, about 30 s a run), ROWS (the measurements to
# make, of: start count comm quantize printf profile; all by default).
set -euo pipefail
rows=" ${ROWS:-start count comm quantize printf profile} "
# want NAME: whether ROWS asks for NAME.
want() { [[ $rows == *" $1 "* ]]; }
reps=${1:-3}
calls=${CALLS:-1000000}
pcalls=${PRINTF_CALLS:-500000}
psecs=${PROFILE_SECS:-10}
here=$(cd "$(dirname "$0")" && pwd)
# printf output goes to memory when it can, so the disk does not slow
# the consumer down.
base=/tmp
[ -d /dev/shm ] && base=/dev/shm
tmp=$(mktemp -d -p "$base")
trap 'rm -rf "$tmp"; sysctl -qw kernel.bpf_stats_enabled=0' EXIT
(cd "$here/.." && go build -o "$tmp/dtrace" ./cmd/dtrace && go build -o "$tmp/workload" ./bench/workload &&
	go build -o "$tmp/floor" ./bench/floor)
[ -x /usr/bin/time ] || { echo "run.sh: needs GNU time (apt-get install time)" >&2; exit 1; }
tracers=(dtrace floor)
if command -v bpftrace >/dev/null; then
	tracers=(dtrace bpftrace floor)
else
	echo "run.sh: bpftrace not installed: no bpftrace column" >&2
fi
mkfifo "$tmp/go"

# The D programs, by row; @PID@ stands for the workload's pid.
declare -A prog
prog[dtrace,begin]='BEGIN { exit(0); }'
prog[bpftrace,begin]='BEGIN { exit(); }'
prog[dtrace,wide]='syscall:::entry { @[probefunc] = count(); } BEGIN { exit(0); }'
prog[bpftrace,wide]='tracepoint:syscalls:sys_enter_* { @[probe] = count(); } BEGIN { exit(); }'
prog[dtrace,count]='syscall::getppid:entry { @ = count(); }'
prog[bpftrace,count]='tracepoint:syscalls:sys_enter_getppid { @ = count(); }'
prog[floor,count]=count-tp
prog[floor,rawtp]=count-rawtp
prog[dtrace,comm]='syscall::getppid:entry { @[execname] = count(); }'
prog[bpftrace,comm]='tracepoint:syscalls:sys_enter_getppid { @[comm] = count(); }'
prog[floor,comm]=comm
prog[dtrace,quantize]='syscall::getppid:entry /pid == @PID@/ { @ = quantize(pid); }'
prog[bpftrace,quantize]='tracepoint:syscalls:sys_enter_getppid /pid == @PID@/ { @ = hist(pid); }'
prog[dtrace,printf]='syscall::getppid:entry { printf("%d\n", pid); }'
prog[bpftrace,printf]='tracepoint:syscalls:sys_enter_getppid { printf("%d\n", pid); }'
prog[floor,printf]=printf
prog[dtrace,profile]='profile-997 { @[stack()] = count(); }'
prog[bpftrace,profile]='profile:hz:997 { @[kstack] = count(); }'

# res[ROW,TRACER] collects one number per repetition; notes collects
# what went wrong (a tracer that failed, hung, or lost events silently).
declare -A res
notes=()

# wallrss TRACER ROW: sets wr to (ms MB), the wall time and maximum
# resident set of TRACER starting ROW's program and exiting.
wallrss() {
	local t0 t1 cmd
	case $1 in
	dtrace) cmd=("$tmp/dtrace" -q -n "${prog[dtrace,$2]}") ;;
	bpftrace) cmd=(bpftrace -e "${prog[bpftrace,$2]}") ;;
	floor) cmd=("$tmp/floor" -mode begin) ;;
	esac
	t0=$(date +%s%N)
	/usr/bin/time -f '%M' -o "$tmp/time" "${cmd[@]}" >/dev/null 2>"$tmp/err" || notes+=("$1 $2: $(tail -1 "$tmp/err")")
	t1=$(date +%s%N)
	wr=($(awk -v ns=$((t1 - t0)) -v kb="$(tail -1 "$tmp/time")" 'BEGIN { printf "%.1f %.1f", ns / 1e6, kb / 1024 }'))
}

# start TRACER ROW [PID]: run TRACER on ROW's program in the background,
# output in $tmp/out and $tmp/err, and wait until its probes are
# enabled. Sets tpid; returns 1 if it died or took over 60 s.
start() {
	local p=${prog[$1,$2]//@PID@/${3:-0}} ready=$tmp/ready
	rm -f "$ready" "$tmp/out" "$tmp/err"
	case $1 in
	dtrace) GODTRACE_READY_FILE=$ready "$tmp/dtrace" -q -n "$p" >"$tmp/out" 2>"$tmp/err" & ;;
	# bpftrace prints BEGIN's line once every probe is attached.
	bpftrace) bpftrace -e "$p BEGIN { printf(\"ready\\n\"); }" >"$tmp/out" 2>"$tmp/err" & ;;
	floor) "$tmp/floor" -mode "$p" -ready "$ready" -lines >"$tmp/out" 2>"$tmp/err" & ;;
	esac
	tpid=$!
	for ((i = 0; i < 1200; i++)); do
		if [ -e "$ready" ] || { [ "$1" = bpftrace ] && grep -q '^ready$' "$tmp/out" 2>/dev/null; }; then
			return 0
		fi
		kill -0 $tpid 2>/dev/null || break
		sleep 0.05
	done
	notes+=("$1 $2: did not start: $(tail -1 "$tmp/err")")
	kill -KILL $tpid 2>/dev/null || true
	wait $tpid 2>/dev/null || true
	return 1
}

# stop TRACER ROW: SIGINT, then wait up to 30 s for the tracer to print
# and exit; a tracer still running then is a hang, and is killed.
stop() {
	kill -INT $tpid 2>/dev/null || true
	for ((i = 0; i < 600; i++)); do
		kill -0 $tpid 2>/dev/null || break
		sleep 0.05
	done
	if kill -0 $tpid 2>/dev/null; then
		notes+=("$1 $2: still running 30 s after SIGINT, killed")
		kill -KILL $tpid
	fi
	wait $tpid 2>/dev/null || true
}

# added TRACER ROW: the CPU ns each getppid of the workload gains while
# TRACER runs ROW's program (traced minus the untraced run just before).
added() {
	local before with wpid
	before=$("$tmp/workload" -n "$calls")
	"$tmp/workload" -n "$calls" -hold <"$tmp/go" >"$tmp/wl" &
	wpid=$!
	if ! start "$1" "$2" $wpid; then
		echo >"$tmp/go"
		wait $wpid
		return
	fi
	echo >"$tmp/go"
	wait $wpid
	stop "$1" "$2"
	with=$(cat "$tmp/wl")
	res[$2,$1]+="$(awk -v a="$with" -v b="$before" 'BEGIN { printf "%.1f", a - b }') "
}

# progns TRACER ROW: the ns ROW's BPF program runs per firing, as the
# kernel counts it with kernel.bpf_stats_enabled (run_time_ns over
# run_cnt of the tracer's programs that ran for each of the workload's
# calls). No system call, scheduling or cache noise around the program,
# so it tells a few ns apart; the statistics add their clock reads to
# every run, alike for all tracers.
progns() {
	start "$1" "$2" || return 0
	sysctl -qw kernel.bpf_stats_enabled=1
	"$tmp/workload" -n "$calls" >/dev/null
	res[${2}ns,$1]+="$(cat /proc/$tpid/fdinfo/* 2>/dev/null | awk -v n="$calls" '
		/^run_time_ns:/ { t = $2 }
		/^run_cnt:/ { if ($2 >= n) { s += t; c += $2 } }
		END { if (c > 0) printf "%.1f", s / c }') "
	sysctl -qw kernel.bpf_stats_enabled=0
	stop "$1" "$2"
}

# stream TRACER: printf of every getppid to a file. Records the events
# delivered (lines with the workload's pid) per second of the traced
# loop's wall time, the events lost (calls minus lines) and the slowdown
# of the traced thread. With no loss the rate is what the traced thread
# produced; with loss, what the consumer kept up with.
stream() {
	local before with wpid lines lost
	before=$("$tmp/workload" -n "$pcalls")
	"$tmp/workload" -n "$pcalls" -wall -hold <"$tmp/go" >"$tmp/wl" &
	wpid=$!
	if ! start "$1" printf; then
		echo >"$tmp/go"
		wait $wpid
		return
	fi
	echo >"$tmp/go"
	wait $wpid
	stop "$1" printf
	with=($(cat "$tmp/wl"))
	lines=$(grep -c "^$wpid\$" "$tmp/out" || true)
	lost=$((pcalls - lines))
	res[rate,$1]+="$(awk -v l="$lines" -v n="$pcalls" -v w="${with[1]}" 'BEGIN { printf "%.0f", l / (n * w / 1e9) }') "
	res[lost,$1]+="$lost "
	res[slowdown,$1]+="$(awk -v a="${with[0]}" -v b="$before" 'BEGIN { printf "%.2f", a / b }') "
	if ((lost > 0)) && ! grep -qiE 'drop|lost' "$tmp/err" "$tmp/out"; then
		notes+=("$1 printf: $lost of $pcalls events lost and not reported")
	elif ((lost > 0)); then
		notes+=("$1 printf: $lost events lost, reported: $(grep -hiE 'drop|lost' "$tmp/err" "$tmp/out" | head -1)")
	fi
}

# cpuns PID: the CPU ns PID's threads have run (schedstat: nanoseconds,
# where /proc/PID/stat counts 10 ms ticks, too coarse for an idle tracer).
cpuns() { cat /proc/$1/task/*/schedstat 2>/dev/null | awk '{ s += $1 } END { printf "%.0f", s }'; }

# idlecpu TRACER: the tracer's own CPU ms over PROFILE_SECS of
# profile-997 stack aggregation, startup and exit excluded.
idlecpu() {
	local t0 t1
	start "$1" profile || return 0
	t0=$(cpuns $tpid)
	sleep "$psecs"
	t1=$(cpuns $tpid)
	stop "$1" profile
	res[profile,$1]+="$(awk -v a="$t1" -v b="$t0" 'BEGIN { printf "%.1f", (a - b) / 1e6 }') "
}

for ((r = 0; r < reps; r++)); do
	# Rotate the order so that no tracer always runs first.
	order=("${tracers[@]:r%${#tracers[@]}}" "${tracers[@]:0:r%${#tracers[@]}}")
	echo "repetition $((r + 1)) of $reps: ${order[*]}" >&2
	for t in "${order[@]}"; do
		want start || break
		wallrss "$t" begin
		res[wall,$t]+="${wr[0]} " res[rss,$t]+="${wr[1]} "
		if [ "$t" = dtrace ] || { [ "$t" = bpftrace ] && [ "${WIDE:-}" = 1 ]; }; then
			wallrss "$t" wide
			res[wide,$t]+="${wr[0]} "
		fi
	done
	for row in count comm quantize; do
		want $row || continue
		for t in "${order[@]}"; do
			if [ -n "${prog[$t,$row]:-}" ]; then added "$t" "$row"; fi
		done
		if [ $row != quantize ]; then
			for t in "${order[@]}"; do progns "$t" $row; done
		fi
	done
	if want count; then added floor rawtp; fi
	if want printf; then
		for t in "${order[@]}"; do stream "$t"; done
	fi
	if want profile; then
		for t in "${order[@]}"; do
			if [ "$t" != floor ]; then idlecpu "$t"; fi
		done
	fi
done

# cell ROW TRACER: "min median" of the numbers collected, or "-".
cell() {
	local v=${res[$1,$2]:-}
	[ -z "$v" ] && { echo "- -"; return; }
	tr ' ' '\n' <<<"$v" | grep . | sort -g | awk '{ v[NR] = $1 } END { printf "%s %s", v[1], v[int((NR + 1) / 2)] }'
}

# ratio A B: A / B of two medians, or "-".
ratio() {
	awk -v a="$1" -v b="$2" 'BEGIN { if (a == "-" || b == "-" || b == 0) print "-"; else printf "%.2f", a / b }'
}

row() {
	local what=$1 key=$2 fkey=${3:-$2} d b f
	d=($(cell "$key" dtrace)) b=($(cell "$key" bpftrace)) f=($(cell "$fkey" floor))
	printf '%-38s %9s %9s  %9s %9s  %9s %9s  %6s %6s\n' "$what" "${d[@]}" "${b[@]}" "${f[@]}" \
		"$(ratio "${d[1]}" "${b[1]}")" "$(ratio "${d[1]}" "${f[1]}")"
}

echo
printf '%-38s %19s  %19s  %19s  %6s %6s\n' "REPS=$reps (noisy: shared machine)" dtrace bpftrace floor dt/bt dt/fl
printf '%-38s %9s %9s  %9s %9s  %9s %9s\n' "" min med min med min med
row "BEGIN{exit} wall ms" wall
row "BEGIN{exit} max RSS MB" rss
row "syscall:::entry start+exit ms" wide
row "@=count() +ns/getppid (floor tp)" count
row "@=count() +ns/getppid (floor raw_tp)" count rawtp
row "@=count() BPF ns/run (bpf_stats)" countns
row "@[execname]=count() +ns/getppid" comm
row "@[execname]=count() BPF ns/run" commns
row "/pid==N/ quantize +ns/getppid" quantize
row "printf events/s delivered" rate
row "printf events lost" lost
row "printf traced-thread slowdown x" slowdown
row "profile-997 @[stack()] CPU ms/${psecs}s" profile
for n in "${notes[@]}"; do echo "note: $n"; done

#!/usr/bin/env bash
# start.sh: the time and memory dtrace(1) takes to start and exit,
# `dtrace -q -n 'BEGIN { exit(0); }'`, next to the hand-written floor's
# (`floor -mode begin`): median wall ms and median maximum resident set,
# with dtrace's ratio to the floor.
#
#	bench/start.sh [RUNS]	(as root; GNU time from Debian's archive)
#
# RUNS (default 30) rounds, each running dtrace and the floor once timed
# and once under GNU time for the resident set, in alternating order, so
# that the machine's noise falls on both alike. The time is wall time
# around the command, taken by bash ($EPOCHREALTIME), so both include the
# same fork and exec. Environment: DTRACE_ARGS, more arguments for
# dtrace (DTRACE_ARGS='-x nolibs'); PROG, another program to time
# in place of BEGIN's.
set -euo pipefail
runs=${1:-30}
prog=${PROG:-'BEGIN { exit(0); }'}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
(cd "$here/.." && CGO_ENABLED=0 go build -o "$tmp/dtrace" ./cmd/dtrace && CGO_ENABLED=0 go build -o "$tmp/floor" ./bench/floor)
[ -x /usr/bin/time ] || { echo "start.sh: needs GNU time (apt-get install time)" >&2; exit 1; }
read -r -a extra <<<"${DTRACE_ARGS:-}"
dtrace=("$tmp/dtrace" "${extra[@]}" -q -n "$prog")
floor=("$tmp/floor" -mode begin)
# A run that fails makes the measurement meaningless: stop at once.
"${dtrace[@]}" >/dev/null
"${floor[@]}" 2>/dev/null

# once NAME CMD...: appends CMD's wall ms to $tmp/NAME.ms and its
# maximum resident set in MB to $tmp/NAME.mb.
once() {
	local name=$1 t0 t1
	shift
	t0=$EPOCHREALTIME
	"$@" >/dev/null 2>&1
	t1=$EPOCHREALTIME
	awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.3f\n", (b - a) * 1000 }' >>"$tmp/$name.ms"
	/usr/bin/time -f '%M' -o "$tmp/rss" "$@" >/dev/null 2>&1
	awk '{ printf "%.1f\n", $1 / 1024 }' "$tmp/rss" >>"$tmp/$name.mb"
}

for ((r = 0; r < runs; r++)); do
	if ((r % 2)); then
		once floor "${floor[@]}"
		once dtrace "${dtrace[@]}"
	else
		once dtrace "${dtrace[@]}"
		once floor "${floor[@]}"
	fi
done

# median FILE: the median of the numbers in FILE, one a line.
median() { sort -g "$1" | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

dms=$(median "$tmp/dtrace.ms") fms=$(median "$tmp/floor.ms")
dmb=$(median "$tmp/dtrace.mb") fmb=$(median "$tmp/floor.mb")
printf 'RUNS=%d  dtrace %s-q -n %q\n' "$runs" "${DTRACE_ARGS:+$DTRACE_ARGS }" "$prog"
printf '%-18s %9s %9s %7s\n' "" dtrace floor ratio
printf '%-18s %9.2f %9.2f %7.2f\n' "median wall ms" "$dms" "$fms" "$(awk -v a="$dms" -v b="$fms" 'BEGIN { print a / b }')"
printf '%-18s %9.1f %9.1f %7.2f\n' "median max RSS MB" "$dmb" "$fmb" "$(awk -v a="$dmb" -v b="$fmb" 'BEGIN { print a / b }')"

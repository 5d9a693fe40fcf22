#!/usr/bin/env bash
# Benchmark, not a test (issue 17): the matched-probe pattern T x T (Mprobe/Mrecv, T senders; the
# scenarios of `matchpoint bench explore`) explored exhaustively by the in-process parallel search
# (`explore --threads 2`) and by the Spark engine in local mode on as many cores
# (`explore --engine spark --master local[2]`), with LEVELS=1 also by the level-by-level search in
# this process (`explore --levels --threads 2`, Spark's algorithm without Spark), each a separate
# ./matchpoint process under /usr/bin/time -v, alternated, RUNS times each. Prints per search the states, the CPU seconds
# (user + system) and peak resident memory of each run, min and median, states per CPU-second (at
# the median) and the Spark/parallel ratio of the median CPU seconds. docs/distributed.md, Figures.
#
#   tools/spark-bench.sh [T ...]          default: 6 7; RUNS (default 3), THREADS (default 2), LEVELS,
#                                         MATCHPOINT_JAVA_OPTS (default -Xmx8g -XX:+UseSerialGC),
#                                         KEEP=DIR keeps each run's report and standard error there,
#                                         OLD=DIR adds the Spark engine of another checkout (DIR/matchpoint,
#                                         e.g. a worktree of an older commit) to the alternation
# Needs GNU time (/usr/bin/time; Debian's package time). Exit 0 when every run finished its search
# with the same states and verdict as the other search.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
runs="${RUNS:-3}"
threads="${THREADS:-2}"
export MATCHPOINT_JAVA_OPTS="${MATCHPOINT_JAVA_OPTS:--Xmx8g -XX:+UseSerialGC}"
searches=(parallel spark)
[ -n "${LEVELS:-}" ] && searches=(parallel levels spark)
[ -n "${OLD:-}" ] && searches=("${searches[@]:0:${#searches[@]}-1}" old spark)
sizes=("$@")
[ "${#sizes[@]}" -gt 0 ] || sizes=(6 7)
[ -x /usr/bin/time ] || { echo "spark-bench: needs GNU time at /usr/bin/time (Debian: apt-get install time)" >&2; exit 64; }
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# Builds both engines first (outside the measurements) and checks that the two agree on 2 x 2.
"$root/matchpoint" explore mprobe-fix-2x2 >/dev/null
"$root/matchpoint" explore mprobe-fix-2x2 --engine spark >/dev/null 2>&1
status=0
[ -n "${OLD:-}" ] && "$OLD/matchpoint" explore mprobe-fix-2x2 --engine spark >/dev/null 2>&1
# measure NAME FILE ARGS...: one run; appends "states exit cpu_s rss_mb" to $work/NAME.
measure() {
  local name=$1 file=$2
  shift 2
  local rc=0 launcher="$root/matchpoint"
  [ "$name" = old ] && launcher="$OLD/matchpoint"
  /usr/bin/time -v -o "$work/time" "$launcher" explore "$file" --time-budget 3h "$@" \
    >"$work/out" 2>"$work/err" || rc=$?
  local states cpu rss
  states="$(awk '/^states:/ {print $2; exit}' "$work/out")"
  cpu="$(awk -F': ' '/User time/ {u=$2} /System time/ {s=$2} END {printf "%.1f", u + s}' "$work/time")"
  rss="$(awk -F': ' '/Maximum resident/ {printf "%.0f", $2 / 1024}' "$work/time")"
  echo "${states:-?} $rc $cpu $rss" >>"$work/$name"
  if [ -n "${KEEP:-}" ]; then
    mkdir -p "$KEEP"
    local n=1
    while [ -e "$KEEP/$(basename "$file" .yaml)-$name-$n.out" ]; do n=$((n + 1)); done
    cp "$work/out" "$KEEP/$(basename "$file" .yaml)-$name-$n.out"
    cp "$work/err" "$KEEP/$(basename "$file" .yaml)-$name-$n.err"
  fi
  printf '  %-9s run: %10s states, exit %s, %8s CPU s, %6s MB peak RSS\n' "$name" "${states:-?}" "$rc" "$cpu" "$rss" >&2
  if [ "$rc" != 0 ]; then
    echo "spark-bench: $name exited $rc:" >&2
    tail -5 "$work/err" >&2
    status=1
  fi
}
# column FILE N: the sorted values of column N, one a line.
column() { awk -v c="$2" '{print $c}' "$1" | sort -g; }
median() { column "$1" "$2" | awk '{v[NR] = $1} END {print v[int((NR + 1) / 2)]}'; }
minimum() { column "$1" "$2" | head -1; }
echo "load: $(uptime | sed 's/.*load average: //'); JVM: $MATCHPOINT_JAVA_OPTS; $runs runs each, alternated" >&2
printf '%-14s %-24s %10s %18s %16s %14s\n' pattern search states "CPU s min/median" "RSS MB min/med" "states/CPU-s"
for t in "${sizes[@]}"; do
  file="$work/mprobe-fix-${t}x${t}.yaml"
  java -cp "$root/scenarios/target/matchpoint.jar" "$root/tools/MprobePattern.java" "$t" >"$file"
  rm -f "$work/parallel" "$work/levels" "$work/spark" "$work/old"
  for ((r = 1; r <= runs; r++)); do
    echo "mprobe ${t}x${t}, round $r of $runs (load $(uptime | sed 's/.*load average: //'))" >&2
    for name in "${searches[@]}"; do
      case "$name" in
        parallel) measure parallel "$file" --threads "$threads" ;;
        levels) measure levels "$file" --levels --threads "$threads" ;;
        spark) measure spark "$file" --engine spark --master "local[$threads]" ;;
        old) measure old "$file" --engine spark --master "local[$threads]" ;;
      esac
    done
  done
  for name in "${searches[@]}"; do
    case "$name" in
      parallel) label="parallel, $threads threads" ;;
      levels) label="levels, $threads threads" ;;
      spark) label="spark local[$threads]" ;;
      old) label="old spark local[$threads]" ;;
    esac
    states="$(column "$work/$name" 1 | sort -u | paste -sd/)"
    cpu="$(median "$work/$name" 3)"
    printf '%-14s %-24s %10s %18s %16s %14.0f\n' "mprobe ${t}x${t}" "$label" "$states" \
      "$(minimum "$work/$name" 3) / $cpu" "$(minimum "$work/$name" 4) / $(median "$work/$name" 4)" \
      "$(awk -v s="${states%%/*}" -v c="$cpu" 'BEGIN {print (c > 0 ? s / c : 0)}')"
  done
  awk -v s="$(median "$work/spark" 3)" -v p="$(median "$work/parallel" 3)" -v t="$t" \
    'BEGIN {printf "mprobe %dx%d    spark / parallel, median CPU s: %.2fx\n", t, t, s / p}'
  if [ -n "${OLD:-}" ]; then
    awk -v s="$(median "$work/old" 3)" -v p="$(median "$work/parallel" 3)" -v t="$t" \
      'BEGIN {printf "mprobe %dx%d    old spark / parallel, median CPU s: %.2fx\n", t, t, s / p}'
  fi
done
exit "$status"

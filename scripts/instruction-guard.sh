#!/usr/bin/env bash
# The instruction-count guard (issue 38; bench/README.md says how to use it).
#
# Compiles a few fixed, small drawings (bench/guard/*.draw) with the release binary under
# Valgrind (cachegrind, no cache simulation: only the count of instructions executed, the
# "I refs") and compares each count with the committed baseline, bench/instructions.txt (one
# line per workload: name and count). A workload more than 3% above its baseline fails the
# run; one more than 3% below it is reported (update the baseline to keep the gain).
# Instruction counts do not move with the machine's load, so 3% is a real change.
#
# The binary is built exactly as scripts/release.sh builds it (static Swift stdlib, the same
# flags), so under CI, after scripts/test-release.sh, the build finds nothing to do.
#
# Usage: scripts/instruction-guard.sh            compare with the baseline (exit 1 on a rise)
#        scripts/instruction-guard.sh --update   write the counts to the baseline
#        scripts/instruction-guard.sh --baseline FILE --counts FILE
#                                                compare counts already measured (a file in the
#                                                baseline's format) with another baseline,
#                                                without building or running anything
# After a comparison the script checks itself: the counts just measured, compared with a copy
# of the baseline lowered by 10%, must fail, and with one raised by 10% must pass.
# Needs: Swift 6 and valgrind.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
baseline=bench/instructions.txt
tolerance=3   # percent

update=false
counts=""
usage() { echo "usage: scripts/instruction-guard.sh [--update | --baseline FILE --counts FILE]" >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --update) update=true ;;
    --baseline) [ $# -ge 2 ] || usage; baseline=$2; shift ;;
    --counts) [ $# -ge 2 ] || usage; counts=$2; shift ;;
    *) usage ;;
  esac
  shift
done
if $update && [ -n "$counts" ]; then usage; fi

# name → count, from a file in the baseline's format ("name count" lines, # comments).
read_counts() { # $1 = file, $2 = name of the associative array to fill
  local -n into=$2
  local name value
  while read -r name value; do
    case "$name" in ''|'#'*) continue ;; esac
    into[$name]=$value
  done < "$1"
}

# The verdict on each workload; sets status=1 when one rose by more than the tolerance or
# has no baseline. $1 = array of baseline counts, $2 = array of measured counts, $3… = names.
compare() {
  local -n old_counts=$1 new_counts=$2
  shift 2
  local name old now change verdict
  printf '%-16s %15s %15s %8s\n' workload baseline now change
  for name in "$@"; do
    now=${new_counts[$name]}
    old=${old_counts[$name]:-}
    if [ -z "$old" ]; then
      printf '%-16s %15s %15s %8s\n' "$name" "—" "$now" "new"
      status=1
      continue
    fi
    change=$(awk -v a="$old" -v b="$now" 'BEGIN { printf "%+.2f", (b - a) * 100 / a }')
    verdict=""
    if awk -v c="$change" -v t="$tolerance" 'BEGIN { exit !(c > t) }'; then verdict="  RISE over ${tolerance}%"; status=1
    elif awk -v c="$change" -v t="$tolerance" 'BEGIN { exit !(c < -t) }'; then verdict="  fall: update the baseline to keep it"; fi
    printf '%-16s %15s %15s %7s%%%s\n' "$name" "$old" "$now" "$change" "$verdict"
  done
}

explain_failure() {
  echo "instruction-guard: a workload is more than ${tolerance}% above $baseline (or missing from it)." >&2
  echo "If the rise is meant, run scripts/instruction-guard.sh --update and commit the new baseline" >&2
  echo "with the change, saying why in the commit message (bench/README.md)." >&2
}

declare -A base=()
if [ -f "$baseline" ]; then read_counts "$baseline" base; fi

# Counts measured before: compare only (the self-check below, or by hand).
if [ -n "$counts" ]; then
  declare -A given=()
  read_counts "$counts" given
  names=()
  while read -r name _; do case "$name" in ''|'#'*) ;; *) names+=("$name") ;; esac; done < "$counts"
  status=0
  compare base given "${names[@]}"
  [ $status = 0 ] || explain_failure
  exit $status
fi

command -v valgrind >/dev/null || { echo "instruction-guard: valgrind is not installed" >&2; exit 1; }

# The release binary, as scripts/release.sh builds it (the same flags, so the same build).
info="$root/.build/drawc-build-info"
mkdir -p "$info"
build=(swift build -c release --product drawc --static-swift-stdlib -Xcc -I -Xcc "$info")
"${build[@]}" > "$root/.build/instruction-guard-build.log" 2>&1 \
  || { cat "$root/.build/instruction-guard-build.log" >&2; echo "instruction-guard: the release build failed" >&2; exit 1; }
drawc="$("${build[@]}" --show-bin-path)/drawc"

# The workloads: name, drawing (in bench/guard), output format. Keep each small: the whole
# guard should stay within about a minute under Valgrind on a slow machine.
workloads=(
  "shapes-svg shapes.draw svg"
  "shapes-pdf shapes.draw pdf"
  "shapes-check shapes.draw check"
  "text-svg text.draw svg"
  "routed-svg routed.draw svg"
  "ink-svg ink.draw svg"
  "qr-labels-pdf qr-labels.draw pdf"
  "graph-svg graph.draw svg"
)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The count of one run. A fixed, empty environment (no HOME, no DRAWC_*, a fixed PDF date)
# and fixed relative paths, so two runs of the same binary give the same count. drawc frees
# the syntax tree and the node tree on another thread (DrawKit's Stages.discard); with
# Valgrind's default lock that thread sometimes did not run before exit (shapes-check once
# 0.32% low); --fair-sched=yes hands the lock round in turn and the runs agree within 0.02%.
count() { # $1 = drawing, $2 = format
  local args
  if [ "$2" = check ]; then args=(check "$1"); else args=(compile "$1" -o "$work/out.$2"); fi
  (cd bench/guard && env -i PATH=/usr/bin:/bin SOURCE_DATE_EPOCH=0 \
    valgrind --tool=cachegrind --cache-sim=no --fair-sched=yes --cachegrind-out-file=/dev/null "$drawc" "${args[@]}") \
    > /dev/null 2> "$work/valgrind.txt" || { cat "$work/valgrind.txt" >&2; echo "instruction-guard: $1 failed" >&2; exit 1; }
  sed -n 's/^==[0-9]*== I *refs: *//p' "$work/valgrind.txt" | tr -d ,
}

start=$(date +%s)
declare -A measured=()
names=()
lines=()
for entry in "${workloads[@]}"; do
  read -r name drawing format <<< "$entry"
  now=$(count "$drawing" "$format")
  [ -n "$now" ] || { echo "instruction-guard: no count for $name" >&2; exit 1; }
  measured[$name]=$now
  names+=("$name")
  lines+=("$name $now")
done
echo "instruction-guard: $(( $(date +%s) - start )) s under valgrind"
status=0
compare base measured "${names[@]}"
printf '%s\n' "${lines[@]}" > "$work/counts.txt"

if $update; then
  {
    echo "# Instructions executed (valgrind --tool=cachegrind --cache-sim=no) by the release drawc"
    echo "# (built as scripts/release.sh builds it) on bench/guard/*.draw; written by"
    echo "# scripts/instruction-guard.sh --update (bench/README.md says when and how)."
    printf '%s\n' "${lines[@]}"
  } > "$baseline"
  echo "instruction-guard: wrote $baseline"
  exit 0
fi
[ $status = 0 ] || explain_failure

# The self-check: the same counts against a baseline 10% lower must fail, 10% higher pass.
awk '{ printf "%s %.0f\n", $1, $2 * 0.9 }' "$work/counts.txt" > "$work/lower.txt"
awk '{ printf "%s %.0f\n", $1, $2 * 1.1 }' "$work/counts.txt" > "$work/higher.txt"
if bash "$root/scripts/instruction-guard.sh" --baseline "$work/lower.txt" --counts "$work/counts.txt" > /dev/null 2>&1; then
  echo "instruction-guard: self-check failed: a 10% rise over the baseline passed" >&2; exit 1
fi
bash "$root/scripts/instruction-guard.sh" --baseline "$work/higher.txt" --counts "$work/counts.txt" > /dev/null 2>&1 \
  || { echo "instruction-guard: self-check failed: a 10% fall below the baseline failed" >&2; exit 1; }
echo "instruction-guard: self-check passed (a 10% rise fails, a 10% fall passes)"
exit $status

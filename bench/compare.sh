#!/usr/bin/env bash
# Peers side by side: the same `shapes` and `freehand` drawings compiled by drawc and by
# rsvg-convert (SVG → PDF), dpic (PIC → PDF) and Pikchr (→ SVG, through PyPI's pypikchr),
# timed in one run on one machine. Writes the table between the <!-- peers --> markers of
# bench/RESULTS.md. Usage: bash bench/compare.sh [SIZES…]   (default: 10000 100000)
set -euo pipefail
cd "$(dirname "$0")/.."

sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || sizes=(10000 100000)

# What the comparison needs, from Debian and PyPI.
need=()
command -v rsvg-convert >/dev/null || need+=(librsvg2-bin)
command -v dpic >/dev/null || need+=(dpic)
command -v hyperfine >/dev/null || need+=(hyperfine)
[ -x /usr/bin/time ] || need+=(time)
if [ ${#need[@]} -gt 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null; fi
python3 -c 'import pypikchr' 2>/dev/null || python3 -m pip install -q pypikchr

swift build -c release --product drawc >/dev/null
swift build -c release --product drawc-bench >/dev/null
bin=$(swift build -c release --show-bin-path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

cat > "$work/pikchr.py" <<'PY'
import sys
from pypikchr.util.pikchr import create_pikchr
source = open(sys.argv[1]).read()
svg = create_pikchr(source, "", 1, 0, 0)
open(sys.argv[2], "w").write(svg)
# Pikchr reports errors (such as its token limit) as text instead of a drawing.
sys.exit(0 if svg.lstrip().startswith("<svg") else 1)
PY
cat > "$work/dpic.sh" <<'SH'
#!/bin/sh
exec dpic -d "$1" > "$2"
SH
chmod +x "$work/dpic.sh"

# seconds and peak MB of one command (hyperfine median of 3; GNU time for memory).
measure() {
  local name=$1; shift
  local status=0
  "$@" >/dev/null 2>"$work/err" || status=$?
  if [ $status = 124 ]; then echo "> 120 s (stopped)"; return; fi
  if [ $status != 0 ]; then echo "failed"; return; fi
  hyperfine -N --runs 3 --export-json "$work/h.json" "$*" >/dev/null 2>&1 || { echo "failed"; return; }
  local secs mem
  secs=$(python3 -c "import json;print('%.3f'%json.load(open('$work/h.json'))['results'][0]['median'])")
  mem=$(/usr/bin/time -f %M "$@" 2>&1 >/dev/null | tail -1)
  echo "$secs s, $((mem / 1024)) MB"
}

rows=""
for workload in shapes freehand; do
  for n in "${sizes[@]}"; do
    "$bin/drawc-bench" --emit $workload "$n" draw > "$work/$workload.draw"
    "$bin/drawc-bench" --emit $workload "$n" svg > "$work/$workload.svg"
    "$bin/drawc-bench" --emit $workload "$n" pic > "$work/$workload.pic"
    "$bin/drawc-bench" --emit $workload "$n" pikchr > "$work/$workload.pik"
    echo "compare: $workload $n" >&2
    d_pdf=$(measure drawc "$bin/drawc" compile "$work/$workload.draw" -o "$work/d.pdf")
    d_svg=$(measure drawc "$bin/drawc" compile "$work/$workload.draw" -o "$work/d.svg")
    r_pdf=$(measure rsvg timeout 120 rsvg-convert -f pdf -o "$work/r.pdf" "$work/$workload.svg")
    p_pdf=$(measure dpic timeout 120 "$work/dpic.sh" "$work/$workload.pic" "$work/p.pdf")
    k_svg=$(measure pikchr timeout 120 python3 "$work/pikchr.py" "$work/$workload.pik" "$work/k.svg")
    rows+="| $workload | $n | $d_pdf | $d_svg | $r_pdf | $p_pdf | $k_svg |"$'\n'
  done
done

table="<!-- peers -->
## Peers, side by side (bench/compare.sh, $(date -u +%Y-%m-%d))

Whole process, median of 3 runs (hyperfine), peak memory from GNU time. \`failed\` means the
tool refused or crashed on that input (Pikchr's stock build stops at its token limit);
\`> 120 s\` that it was stopped after two minutes.
Items: shapes for \`shapes\`, points for \`freehand\`.

| workload | N | drawc → PDF | drawc → SVG | rsvg-convert SVG → PDF | dpic PIC → PDF | Pikchr → SVG |
|---|---|---|---|---|---|---|
$rows<!-- /peers -->"

results=bench/RESULTS.md
touch "$results"
python3 - "$results" "$table" <<'PY'
import re, sys
path, table = sys.argv[1], sys.argv[2]
text = open(path).read()
if "<!-- peers -->" in text:
    text = re.sub(r"<!-- peers -->.*?<!-- /peers -->", lambda m: table, text, flags=re.S)
else:
    if "<!-- analysis -->" not in text:
        text += "\n<!-- analysis -->\n"
    text += "\n" + table + "\n"
open(path, "w").write(text)
PY
echo "$table"

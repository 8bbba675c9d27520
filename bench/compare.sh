#!/usr/bin/env bash
# Peers side by side: the same `shapes` and `freehand` drawings compiled by drawc and by
# rsvg-convert (SVG → PDF), dpic (PIC → PDF) and Pikchr (→ SVG), timed in one run on one
# machine. Pikchr is built twice from the C source in PyPI's pypikchr sdist: as shipped (its
# token limit refuses more than ~5,600 shapes) and with the limit raised, as the issue's
# reference figures were taken. Writes the table between the <!-- peers --> markers of
# bench/RESULTS.md. Usage: bash bench/compare.sh [SIZES…]   (default: 10000 100000)
set -euo pipefail
cd "$(dirname "$0")/.."

# `--png` runs only the PNG rows (drawc's rasterizer against rsvg-convert SVG → PNG).
# With DRAWC_BIN set to a folder of release builds and no sizes, `--png` takes about a minute
# (the 10k row and the label; rsvg-convert on the 100k page alone takes minutes).
png_only=false
if [ "${1:-}" = "--png" ]; then png_only=true; shift; fi
sizes=("$@"); [ ${#sizes[@]} -gt 0 ] || { if $png_only; then sizes=(10000); else sizes=(10000 100000); fi; }

# What the comparison needs, from Debian and PyPI.
need=()
command -v rsvg-convert >/dev/null || need+=(librsvg2-bin)
command -v dpic >/dev/null || need+=(dpic)
command -v hyperfine >/dev/null || need+=(hyperfine)
[ -x /usr/bin/time ] || need+=(time)
if [ ${#need[@]} -gt 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${need[@]}" >/dev/null; fi
command -v cc >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq gcc >/dev/null; }

# DRAWC_BIN: a folder with release builds of drawc and drawc-bench (default: build them here).
if [ -n "${DRAWC_BIN:-}" ]; then bin=$DRAWC_BIN; else
  swift build -c release --product drawc >/dev/null
  swift build -c release --product drawc-bench >/dev/null
  bin=$(swift build -c release --show-bin-path)
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

if ! $png_only; then
# Pikchr's command-line shell from the sdist's pikchr.c, stock and with the token limit raised.
(cd "$work" && python3 -m pip download -q --no-binary :all: --no-deps pypikchr && tar xzf pypikchr-*.tar.gz)
pikchr_c=$(echo "$work"/pypikchr-*/src/c/pikchr.c)
cc -O2 -DPIKCHR_SHELL -o "$work/pikchr-stock" "$pikchr_c" -lm
cc -O2 -DPIKCHR_SHELL -DPIKCHR_TOKEN_LIMIT=2000000000 -o "$work/pikchr-big" "$pikchr_c" -lm
cat > "$work/pikchr.sh" <<'SH'
#!/bin/sh
# Pikchr prints errors (such as its token limit) instead of a drawing and still exits 0
# with --dont-stop off; treat anything but an <svg> as a failure.
"$1" --svg-only "$2" > "$3" 2>/dev/null || exit 1
head -c 4 "$3" | grep -q '<svg' || exit 1
SH
chmod +x "$work/pikchr.sh"
cat > "$work/floor.sh" <<'SH'
#!/bin/sh
cat "$1" >/dev/null
head -c "$2" /dev/zero > "$3"
SH
chmod +x "$work/floor.sh"
cat > "$work/dpic.sh" <<'SH'
#!/bin/sh
exec dpic -d "$1" > "$2"
SH
chmod +x "$work/dpic.sh"

fi

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

# Wall (median), user and system CPU seconds (means) of 3 runs of one command, from
# hyperfine's JSON, as "wall user sys"; "failed" when it does not succeed.
measure_cpu() {
  "$@" >/dev/null 2>"$work/err" || { echo "failed"; return; }
  hyperfine -N --runs 3 --export-json "$work/h.json" "$*" >/dev/null 2>&1 || { echo "failed"; return; }
  python3 -c "import json;r=json.load(open('$work/h.json'))['results'][0];print('%.3f %.3f %.3f' % (r['median'], r['user'], r['system']))"
}

# PNG side by side: drawc's own rasterizer and rsvg-convert (cairo) on the same `shapes`
# drawing at 96 dpi, and the shipping-label sample as a 300 dpi PNG. Written between the
# <!-- png-peers --> markers of bench/RESULTS.md. drawc uses both cores (rows are filtered
# and compressed in parallel), rsvg-convert one: the table gives wall and CPU time and the
# ratio of each.
png_rows() {
  local rows=""
  for n in "${sizes[@]}"; do
    "$bin/drawc-bench" --emit shapes "$n" draw > "$work/png.draw"
    "$bin/drawc" compile "$work/png.draw" -o "$work/png.svg"
    echo "compare: png shapes $n" >&2
    local d_png r_png size
    d_png=$(measure_cpu timeout 600 "$bin/drawc" compile "$work/png.draw" -o "$work/d.png")
    size=$(python3 -c "import struct;b=open('$work/d.png','rb').read(24);print('%d × %d' % struct.unpack('>II', b[16:24]))" 2>/dev/null || echo "?")
    r_png=$(measure_cpu timeout 600 rsvg-convert --dpi-x 96 --dpi-y 96 -f png -o "$work/r.png" "$work/png.svg")
    rows+=$(python3 - "$n" "$size" "$d_png" "$r_png" <<'PY'
import sys
n, size, d, r = sys.argv[1:5]
def cells(m):
    if m == "failed": return "failed", None, None
    wall, user, system = map(float, m.split())
    return "%.2f s wall, %.2f s CPU (%.2f user + %.2f sys)" % (wall, user + system, user, system), wall, user + system
dc, dw, dcpu = cells(d); rc, rw, rcpu = cells(r)
ratio = "%.1f× wall, %.1f× CPU" % (rw / dw, rcpu / dcpu) if dw and rw else "—"
print("| shapes %s → PNG, 96 dpi (%s px) | %s | %s | %s |" % (n, size, dc, rc, ratio))
PY
)$'\n'
  done
  local label
  label=$(measure drawc "$bin/drawc" compile samples/shipping-label.draw -o "$work/label.png" --dpi 300)
  "$bin/drawc" compile samples/shipping-label.draw -o "$work/label.svg"
  local rlabel
  rlabel=$(measure rsvg rsvg-convert --dpi-x 300 --dpi-y 300 -f png -o "$work/rlabel.png" "$work/label.svg")
  rows+="| shipping-label → PNG, 300 dpi (1200 × 1800 px) | $label | $rlabel | — |"$'\n'
  local table="<!-- png-peers -->
## PNG, side by side (bench/compare.sh --png, $(date -u +%Y-%m-%d), load average $(uptime | sed 's/.*load averages*: //'))

Whole process, 3 runs (hyperfine): wall time the median, user and system CPU the means
(drawc's encoder runs on both cores, so its CPU time is more than its wall time);
the shipping label: median wall time and peak memory (GNU time). rsvg-convert renders
drawc's own SVG of the same drawing (\`drawc compile x.draw -o x.svg\`, not timed).
Ratios: rsvg-convert's time over drawc's.

| drawing | drawc → PNG | rsvg-convert SVG → PNG | drawc faster by |
|---|---|---|---|
$rows<!-- /png-peers -->"
  python3 - bench/RESULTS.md "$table" <<'PY'
import re, sys
path, table = sys.argv[1], sys.argv[2]
text = open(path).read()
if "<!-- png-peers -->" in text:
    text = re.sub(r"<!-- png-peers -->.*?<!-- /png-peers -->", lambda m: table, text, flags=re.S)
else:
    text += "\n" + table + "\n"
open(path, "w").write(text)
PY
  echo "$table"
}
if $png_only; then png_rows; exit 0; fi

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
    # The floor of the issue: read the input, write a file of the output's size.
    floor_svg=$(measure floor "$work/floor.sh" "$work/$workload.draw" "$(wc -c < "$work/d.svg")" "$work/f.out")
    floor_pdf=$(measure floor "$work/floor.sh" "$work/$workload.draw" "$(wc -c < "$work/d.pdf")" "$work/f.out")
    r_pdf=$(measure rsvg timeout 120 rsvg-convert -f pdf -o "$work/r.pdf" "$work/$workload.svg")
    p_pdf=$(measure dpic timeout 120 "$work/dpic.sh" "$work/$workload.pic" "$work/p.pdf")
    k_stock=$(measure pikchr timeout 120 "$work/pikchr.sh" "$work/pikchr-stock" "$work/$workload.pik" "$work/k.svg")
    k_big=$(measure pikchr timeout 120 "$work/pikchr.sh" "$work/pikchr-big" "$work/$workload.pik" "$work/k.svg")
    rows+="| $workload | $n | ${floor_pdf%%,*} | $d_pdf | ${floor_svg%%,*} | $d_svg | $r_pdf | $p_pdf | $k_stock | $k_big |"$'\n'
  done
done

table="<!-- peers -->
## Peers, side by side (bench/compare.sh, $(date -u +%Y-%m-%d))

Whole process, median of 3 runs (hyperfine), peak memory from GNU time. \`failed\` means the
tool refused or crashed on that input (Pikchr's stock build stops at its token limit);
\`> 120 s\` that it was stopped after two minutes. Pikchr is built from the C source of PyPI's
pypikchr (\`cc -O2 -DPIKCHR_SHELL\`), once as shipped and once with \`-DPIKCHR_TOKEN_LIMIT\` raised.
"floor" is the issue's floor for drawc's output: \`cat\` the input to /dev/null and write a file
of the output's size from /dev/zero (a small \`sh\` script, whose start-up is included).
Items: shapes for \`shapes\`, points for \`freehand\`.

| workload | N | floor (PDF size) | drawc → PDF | floor (SVG size) | drawc → SVG | rsvg-convert SVG → PDF | dpic PIC → PDF | Pikchr → SVG (stock) | Pikchr → SVG (limit raised) |
|---|---|---|---|---|---|---|---|---|---|
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
png_rows

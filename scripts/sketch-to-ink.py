#!/usr/bin/env python3
"""Redraws samples/sketch.draw as ink: how the sample's `stroke` lines were made.

Reads the older sketch (one `path` per pen stroke: cubic Béziers with a colour and a line
width, given on stdin), samples each stroke every ~2.5 pt the way a tablet records a pen, and
writes a `stroke` per pen stroke in the compact points syntax. Strokes of the house, the tree
and the sun carry a pressure profile (pressed harder in the middle, with a little tremor); the
sky, clouds, birds, hills, path, grass and flowers are left to simulated pressure. Filled
areas keep their fill as a `path` under the ink. Deterministic (seeded).
Run: python3 scripts/sketch-to-ink.py < old-sketch.draw > samples/sketch.draw
"""
import math
import os
import random
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from inkpoints import encode  # noqa: E402


SECTION_PRESSURE = {"sun", "house", "tree"}


def sample(data):
    tokens = re.findall(r"[MCZ]|-?[0-9.]+", data)
    pts, i, cur, start = [], 0, None, None
    while i < len(tokens):
        t = tokens[i]
        if t == "M":
            cur = (float(tokens[i + 1]), float(tokens[i + 2])); start = cur; pts.append(cur); i += 3
        elif t == "C":
            c = [float(v) for v in tokens[i + 1:i + 7]]
            p0, p1, p2, p3 = cur, (c[0], c[1]), (c[2], c[3]), (c[4], c[5])
            length = sum(math.dist(a, b) for a, b in ((p0, p1), (p1, p2), (p2, p3)))
            n = max(2, int(length / 2.5))
            for k in range(1, n + 1):
                u = k / n; v = 1 - u
                pts.append(tuple(v**3 * a + 3 * v * v * u * b + 3 * v * u * u * cc + u**3 * d
                                 for a, b, cc, d in zip(p0, p1, p2, p3)))
            cur = p3; i += 7
        elif t == "Z":
            pts.append(start); i += 1
        else:
            i += 1
    return pts


def main():
    rnd = random.Random(4)
    section = ""
    out = []
    for line in sys.stdin:
        m = re.match(r'\s*// (.*)', line)
        if m and line.startswith("  //"):
            section = m.group(1).split()[1].strip(":,.").lower() if m.group(1).startswith("The") or m.group(1).startswith("A ") else m.group(1).split()[0].strip(":,.").lower()
            out.append(line.rstrip("\n"))
            continue
        m = re.match(r'\s*path "([^"]*)", stroke: (#[0-9a-f]+), lineWidth: ([0-9.]+)pt(?:, fill: (#[0-9a-f]+))?', line)
        if not m:
            out.append(line.rstrip("\n"))
            continue
        data, color, width, fill = m.groups()
        if fill:
            out.append('  path "%s", fill: %s, stroke: none' % (data, fill))
        pts = sample(data)
        if section in SECTION_PRESSURE:
            n = len(pts)
            pts = [(x, y, min(1, max(0, 0.25 + 0.5 * math.sin(math.pi * (k + 0.5) / n) + rnd.uniform(-0.04, 0.04))))
                   for k, (x, y) in enumerate(pts)]
            extra = ", thinning: 0.6"
        else:
            extra = ""
        out.append('  stroke points: "%s", width: %spt, color: %s%s' % (encode(pts), width, color, extra))
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()

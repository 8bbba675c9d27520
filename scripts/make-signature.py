#!/usr/bin/env python3
"""Writes samples/signature.draw: a handwritten signature as recorded ink strokes.

The strokes are synthesised, not recorded from a person: cursive letter shapes (way-points of
"Ada Lovelace" on a slanted baseline) are joined into pen strokes, traced along a smooth
curve at a speed that slows in the turns, as a hand does, and sampled at 120 Hz with a
little tremor — so point spacing follows the pen's speed, as in a tablet recording. Pressure
rises at the touch-down, falls as the pen speeds up, and lifts at the end. Written in drawc's
compact points syntax. Deterministic (seeded). Run: python3 scripts/make-signature.py
"""
import math
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from inkpoints import encode  # noqa: E402


LETTERS = {
    "A": ([(0, 0), (0.5, -1.4), (0.8, -2.3), (1.0, -2.2), (1.1, -1.0), (1.25, 0)], 1.3),
    "Ax": ([(1.5, -0.9), (0.9, -0.85), (0.3, -0.75), (0.6, -0.6), (1.2, -0.7), (1.6, -0.8)], 0.0),
    "d": ([(0.8, -0.9), (0.4, -1.0), (0.05, -0.6), (0.15, -0.05), (0.5, 0), (0.8, -0.5), (0.9, -2.0), (0.85, -0.3), (1.05, 0)], 1.1),
    "a": ([(0.8, -0.9), (0.4, -1.0), (0.05, -0.6), (0.15, -0.05), (0.5, 0), (0.8, -0.5), (0.82, -1.0), (0.85, -0.2), (1.05, 0)], 1.1),
    "L": ([(0.7, -1.7), (1.1, -2.4), (0.7, -2.5), (0.45, -1.6), (0.25, -0.3), (0.0, 0.0), (-0.1, -0.25), (0.4, -0.1), (1.0, 0)], 1.1),
    "o": ([(0.5, -1.0), (0.1, -0.7), (0.15, -0.1), (0.5, 0), (0.8, -0.5), (0.6, -1.0), (0.45, -0.92), (0.75, -0.88), (1.0, -0.85)], 1.0),
    "v": ([(0.15, -0.9), (0.25, -1.0), (0.45, 0), (0.7, -0.9), (0.85, -1.0), (0.95, -0.9)], 1.0),
    "e": ([(0.1, -0.35), (0.7, -0.6), (0.6, -1.0), (0.2, -0.8), (0.1, -0.3), (0.4, 0), (0.9, -0.2)], 0.9),
    "l": ([(0.1, -0.5), (0.6, -1.8), (0.5, -2.2), (0.3, -1.9), (0.3, -0.3), (0.5, 0), (0.8, -0.2)], 0.8),
    "c": ([(0.6, -0.8), (0.7, -0.97), (0.5, -1.0), (0.1, -0.6), (0.2, -0.05), (0.5, 0), (0.85, -0.25)], 0.9),
}

# Pen strokes: (letters joined without lifting the pen, start x in x-heights).
STROKES = [("A", 0.0), ("Ax", 0.0), ("da", 1.4), ("L", 4.4), ("ovelace", 5.5)]
X_HEIGHT = 16.0
SLANT = 0.28
ORIGIN = (40.0, 70.0)
HZ = 120.0


def waypoints(letters, x0):
    pts, x = [], x0
    for ch in letters if letters not in LETTERS else [letters]:
        shape, advance = LETTERS[ch]
        pts += [(x + px, py) for px, py in shape]
        x += advance
    return [(ORIGIN[0] + (px - py * SLANT) * X_HEIGHT, ORIGIN[1] + py * X_HEIGHT) for px, py in pts]


def catmull_rom(pts, per_segment=24):
    out = []
    ext = [pts[0]] + pts + [pts[-1]]
    for i in range(1, len(ext) - 2):
        p0, p1, p2, p3 = ext[i - 1], ext[i], ext[i + 1], ext[i + 2]
        for k in range(per_segment):
            t = k / per_segment
            out.append(tuple(0.5 * (2 * b + (-a + c) * t + (2 * a - 5 * b + 4 * c - d) * t * t + (-a + 3 * b - 3 * c + d) * t ** 3)
                             for a, b, c, d in zip(p0, p1, p2, p3)))
    out.append(pts[-1])
    return out


def trace(curve, rnd, top_speed=420.0):
    """Walks the curve at a speed that drops in tight turns; samples at HZ with tremor."""
    # Arc length and a turn measure at each curve point.
    s = [0.0]
    for a, b in zip(curve, curve[1:]):
        s.append(s[-1] + math.dist(a, b))
    def turn(i):
        if i == 0 or i == len(curve) - 1:
            return 1.0
        a, b, c = curve[i - 1], curve[i], curve[i + 1]
        u = (b[0] - a[0], b[1] - a[1]); v = (c[0] - b[0], c[1] - b[1])
        nu, nv = math.hypot(*u), math.hypot(*v)
        if nu == 0 or nv == 0:
            return 1.0
        return 1 - (u[0] * v[0] + u[1] * v[1]) / (nu * nv)
    samples, pos, k, total = [], 0.0, 0, s[-1]
    while pos < total:
        while k < len(s) - 2 and s[k + 1] < pos:
            k += 1
        seg = s[k + 1] - s[k]
        t = 0 if seg == 0 else (pos - s[k]) / seg
        x = curve[k][0] + (curve[k + 1][0] - curve[k][0]) * t
        y = curve[k][1] + (curve[k + 1][1] - curve[k][1]) * t
        ramp = min(1.0, pos / 12.0, (total - pos) / 18.0 + 0.25)
        speed = top_speed * (0.25 + 0.75 * ramp) / (1 + 60 * turn(k))
        samples.append((x + rnd.gauss(0, 0.08), y + rnd.gauss(0, 0.08), speed / top_speed, pos / total))
        pos += max(0.4, speed / HZ)
    samples.append((curve[-1][0], curve[-1][1], 0.1, 1.0))
    out = []
    for x, y, v, f in samples:
        touch = min(1.0, f * 12, (1 - f) * 8 + 0.15)
        p = (0.8 - 0.45 * min(1.0, v)) * touch + rnd.uniform(-0.02, 0.02)
        out.append((x, y, min(1.0, max(0.0, p))))
    return out


def main():
    rnd = random.Random(1815)
    lines = []
    count = 0
    for letters, x0 in STROKES:
        pts = trace(catmull_rom(waypoints(letters, x0)), rnd)
        count += len(pts)
        lines.append('  stroke points: "%s"' % encode(pts))
    # The flourish under the name: one fast sweep.
    sweep = [(30, 92), (90, 96), (170, 93), (230, 86), (250, 82), (200, 88)]
    pts = trace(catmull_rom(sweep), rnd, top_speed=700.0)
    count += len(pts)
    lines.append('  stroke points: "%s", taper: [none, 40]' % encode(pts))
    with open("samples/signature.draw", "w") as f:
        f.write("""// signature.draw — a signature in ink: %d pen points in %d strokes, each with its pressure,
// written in the compact points syntax (first point absolute, then differences; 2 decimals
// for coordinates, 3 for pressure). The strokes were synthesised by scripts/make-signature.py
// (cursive letter shapes traced at a hand's speed and sampled at 120 Hz), not recorded from a
// person. The dotted line and the caption are ordinary drawc nodes.

page size: (4in, 2in), margin: 0, background: white

line from: (24, 110), to: (264, 110), stroke: #94a3b8, dash: [1, 2], lineWidth: 0.75pt
text "Signed for the Analytical Engine Company", at: (24, 118), anchor: topLeft, fontSize: 8pt, color: #475569

group color: #1e3a8a {
%s
}
""" % (count, len(lines), "\n".join(l.replace('  stroke points', '  stroke width: 2.6pt, thinning: 0.65, streamline: 0.35, points', 1) for l in lines)))


if __name__ == "__main__":
    main()

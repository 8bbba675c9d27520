#!/usr/bin/env python3
"""Writes Tests/Ink/*.points: the corpus of strokes the ink tests compare with the reference.

The strokes are synthesised (deterministic, seeded) to behave like recorded ones — a fast
flick with wide point spacing, a slow jittery line, sharp zigzag turns, a single tap, two
points, a pen held still, and a 10,000-point scribble with pressure — and written in drawc's
compact points syntax (first point absolute, then differences; 2 decimals for coordinates,
3 for pressure). Run from the repository root: python3 scripts/make-ink-corpus.py
"""
import math
import os
import random
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from inkpoints import encode  # noqa: E402


def main():
    rnd = random.Random(25)
    strokes = {}
    strokes["fast"] = [(20 + i * 28.0, 60 + 30 * math.sin(i / 3.0)) for i in range(30)]
    slow, x, y = [], 10.0, 40.0
    for i in range(400):
        x += 0.3 + 0.7 * rnd.random()
        y += rnd.uniform(-0.6, 0.6) + 0.2 * math.sin(i / 25.0)
        slow.append((x, y, 0.35 + 0.3 * math.sin(i / 60.0) + rnd.uniform(-0.02, 0.02)))
    strokes["slow"] = slow
    zig = []
    for i in range(60):
        zig.append((10 + i * 4.0 + rnd.uniform(-0.3, 0.3), 20 + (25 if (i // 6) % 2 else 0) + (i % 6) * 0.4))
    strokes["sharp-turns"] = zig
    strokes["single-point"] = [(50.0, 50.0, 0.6)]
    strokes["two-points"] = [(10.0, 10.0), (90.0, 45.0)]
    strokes["zero-length"] = [(33.3, 44.4)] * 20
    long_, t = [], 0.0
    for i in range(10000):
        t += 0.01 + 0.004 * rnd.random()
        r = 40 + 25 * math.sin(t * 0.37)
        long_.append((300 + r * math.cos(t) + 30 * t / 10, 300 + r * math.sin(t * 1.3),
                      min(1.0, max(0.0, 0.5 + 0.4 * math.sin(t * 0.9) + rnd.uniform(-0.03, 0.03)))))
    strokes["long-10000"] = long_
    for name, points in strokes.items():
        with open("Tests/Ink/%s.points" % name, "w") as f:
            f.write(encode(points) + "\n")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Outlines of ink strokes from the reference model: PyPI `perfect-freehand` (the Python port).

Used by the tests (InkReferenceTests) to check drawc's `stroke` outlines. Reads a JSON list of
cases from stdin, each {"points": [[x, y] or [x, y, p], ...], "options": {...}} with drawc's
option names (or "compact": a points string in drawc's compact syntax, decoded here on its own), and writes a JSON list of outlines ([[x, y], ...]) to stdout, floats written
with repr so nothing is lost. `--svg` writes, instead, each outline as SVG path data drawn the
way the reference's renderer draws it (quadratics through the midpoints of the points).

A drawc stroke is finished (`last=True`). Its end taper eases with the model's cubic ease-out
(t - 1)^3 + 1, which is what the JavaScript original uses; the Python port's default end ease
is passed explicitly so both sides compute the same thing.
"""
import json
from decimal import Decimal
import math
import sys

from perfect_freehand import get_stroke

EASINGS = {
    "linear": lambda t: t,
    "easeInQuad": lambda t: t * t,
    "easeOutQuad": lambda t: t * (2 - t),
    "easeInOutQuad": lambda t: 2 * t * t if t < 0.5 else -1 + (4 - 2 * t) * t,
    "easeInCubic": lambda t: t * t * t,
    "easeOutCubic": lambda t: (t - 1) * (t - 1) * (t - 1) + 1,
    "easeInOutCubic": lambda t: 4 * t * t * t if t < 0.5 else (t - 1) * (2 * t - 2) * (2 * t - 2) + 1,
    "easeInSine": lambda t: 1 - math.cos(t * math.pi / 2),
    "easeOutSine": lambda t: math.sin(t * math.pi / 2),
    "easeInOutSine": lambda t: -(math.cos(math.pi * t) - 1) / 2,
}


def taper(value):
    if value is None or value is False:
        return False
    if value is True:
        return True
    return float(value)


def decode_compact(text):
    """drawc's compact points syntax, decoded independently: the first point absolute, then
    differences, summed exactly in units of 1/10000."""
    points, sums = [], None
    for word in text.split():
        units = [int(Decimal(n) * 10000) for n in word.split(",")]
        sums = units if sums is None else [a + b for a, b in zip(sums, units)]
        points.append(tuple(u / 10000 for u in sums))
    return points


def outline(case):
    o = case.get("options", {})
    points = decode_compact(case["compact"]) if "compact" in case else [tuple(p) for p in case["points"]]
    has_pressure = bool(points) and len(points[0]) > 2
    return get_stroke(
        points,
        size=o.get("width", 16.0),
        thinning=o.get("thinning", 0.5),
        smoothing=o.get("smoothing", 0.5),
        streamline=o.get("streamline", 0.5),
        easing=EASINGS[o.get("easing", "linear")],
        simulate_pressure=o.get("simulatePressure", not has_pressure),
        last=True,
        cap_start=o.get("capStart", True),
        cap_end=o.get("capEnd", True),
        taper_start=taper(o.get("taperStart")),
        taper_end=taper(o.get("taperEnd")),
        taper_start_ease=lambda t: t * (2 - t),
        taper_end_ease=lambda t: (t - 1) * (t - 1) * (t - 1) + 1,
    )


def svg_path(points):
    """The reference renderer: M, then Q through each point to the next midpoint, Z."""
    if not points:
        return ""
    d = ["M", repr(points[0][0]), repr(points[0][1]), "Q"]
    for i, (x0, y0) in enumerate(points):
        x1, y1 = points[(i + 1) % len(points)]
        d += [repr(x0), repr(y0), repr((x0 + x1) / 2), repr((y0 + y1) / 2)]
    d.append("Z")
    return " ".join(d)


def main():
    cases = json.load(sys.stdin)
    outlines = [outline(c) for c in cases]
    if "--svg" in sys.argv:
        json.dump([svg_path(o) for o in outlines], sys.stdout)
    else:
        json.dump([[[float(x), float(y)] for (x, y) in o] for o in outlines], sys.stdout)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Writes samples/handwriting.draw from real recorded pen strokes.

The strokes are three recordings of the word "Hey" handwritten in one continuous cursive
stroke each, as captured from pointer events in perfect-freehand's development app: the
`he2` and `hey` inputs of packages/perfect-freehand/src/test/inputs.json and
packages/dev/src/state/sample.json in https://github.com/steveruizok/perfect-freehand
(commit e8f132b77a6ab8e0edca111b1dacef354982c53f), MIT licence, Copyright (c) 2021 Stephen
Ruiz Ltd — the notice travels with the data, in the sample's header. Each point is
[x, y] or [x, y, pressure, milliseconds]; the recordings carry no pen pressure (a constant
0.5, what a pointer without pressure reports), so the sample leaves pressure to drawc's
simulation from the point spacing — and the spacing is the recorded hand's speed, since the
points were sampled at a steady rate (every 8 ms or so).

What this script does to the data, and nothing else: drops the timestamps and the constant
pressure, scales each recording uniformly to a common height and moves it into place, and
rounds to 1/100 pt in drawc's compact points syntax (scripts/inkpoints.py). Point order,
count and shape are as recorded (no smoothing, no resampling, no points dropped).

Run from the repository root, given the perfect-freehand checkout (or a `git show` of the
two files into a folder with the same layout):
    python3 scripts/handwriting-from-recording.py PATH/TO/perfect-freehand > samples/handwriting.draw
    drawc fmt -w samples/handwriting.draw    # the samples are kept in canonical form
"""
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from inkpoints import encode  # noqa: E402

HEIGHT = 96.0          # each word scaled to this height, in points
ORIGINS = [(24.0, 34.0), (196.0, 34.0), (368.0, 34.0)]
COLORS = ["#1e3a8a", "#111827", "#7c2d12"]
WIDTHS = ["3.2pt", "3.6pt", "4pt"]

NOTICE = """// The recordings: perfect-freehand (https://github.com/steveruizok/perfect-freehand, commit
// e8f132b), packages/perfect-freehand/src/test/inputs.json ("he2", "hey") and
// packages/dev/src/state/sample.json, under this licence:
//
//   MIT License
//
//   Copyright (c) 2021 Stephen Ruiz Ltd
//
//   Permission is hereby granted, free of charge, to any person obtaining a copy
//   of this software and associated documentation files (the "Software"), to deal
//   in the Software without restriction, including without limitation the rights
//   to use, copy, modify, merge, publish, distribute, sublicense, and/or sell
//   copies of the Software, and to permit persons to whom the Software is
//   furnished to do so, subject to the following conditions:
//
//   The above copyright notice and this permission notice shall be included in all
//   copies or substantial portions of the Software.
//
//   THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND, EXPRESS OR
//   IMPLIED, INCLUDING BUT NOT LIMITED TO THE WARRANTIES OF MERCHANTABILITY,
//   FITNESS FOR A PARTICULAR PURPOSE AND NONINFRINGEMENT. IN NO EVENT SHALL THE
//   AUTHORS OR COPYRIGHT HOLDERS BE LIABLE FOR ANY CLAIM, DAMAGES OR OTHER
//   LIABILITY, WHETHER IN AN ACTION OF CONTRACT, TORT OR OTHERWISE, ARISING FROM,
//   OUT OF OR IN CONNECTION WITH THE SOFTWARE OR THE USE OR OTHER DEALINGS IN THE
//   SOFTWARE.
"""


def placed(points, origin):
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    scale = HEIGHT / (max(ys) - min(ys))
    return [(origin[0] + (x - min(xs)) * scale, origin[1] + (y - min(ys)) * scale) for x, y, *_ in points]


def main():
    root = sys.argv[1]
    with open(os.path.join(root, "packages/perfect-freehand/src/test/inputs.json")) as f:
        inputs = json.load(f)
    with open(os.path.join(root, "packages/dev/src/state/sample.json")) as f:
        sample = json.load(f)
    recordings = [("he2", inputs["he2"]), ("hey", inputs["hey"]), ("sample.json", sample)]
    count = sum(len(points) for _, points in recordings)
    out = ["""// handwriting.draw — real handwriting in ink: three recordings of the word "Hey" written by
// hand, each in one continuous stroke (%d recorded points in all), as captured from pointer
// events. The points are the recording's own, scaled and moved into place and rounded to
// 1/100 pt by scripts/handwriting-from-recording.py, written in the compact points syntax.
// The recordings have no pen pressure, so drawc simulates it from the spacing of the points,
// which is the recorded hand's speed: thin where the pen sped up, full where it slowed.
//""" % count, NOTICE.rstrip("\n"), "",
           "page size: (7.5in, 2.4in), margin: 0, background: white", ""]
    for (name, points), origin, color, width in zip(recordings, ORIGINS, COLORS, WIDTHS):
        out.append("// %s: %d points" % (name, len(points)))
        out.append('stroke points: "%s", width: %s, color: %s' % (encode(placed(points, origin)), width, color))
    out.append('text "“Hey” in three recorded strokes (perfect-freehand’s test recordings)", at: (24, 152), anchor: topLeft, fontSize: 9pt, color: #475569')
    sys.stdout.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Generate Sources/DrawLayout/LineBreak+Generated.swift from the Unicode Character Database.

Reads LineBreak.txt (the Line_Break property of UAX #14), EastAsianWidth.txt (rule LB30
needs to know which opening and closing punctuation is East Asian wide), emoji/emoji-data.txt
and extracted/DerivedGeneralCategory.txt (rule LB30b keeps an unassigned Extended_Pictographic
scalar with a following emoji modifier). Debian's `unicode-data` package installs them all
under /usr/share/unicode.

Usage (from the repository root):
    apt-get install unicode-data
    python3 scripts/generate-linebreak-table.py --source /usr/share/unicode

The output is a sorted list of ranges (first scalar, class) covering 0…10FFFF, adjacent
ranges of one class merged; classes are the raw values of `LineBreakClass`. Deterministic:
same files, same bytes.
"""

import argparse
import os
import re
import sys

# The order of `LineBreakClass` in Sources/DrawLayout/LineBreak.swift. OPEA and CPEA are
# OP and CP whose East_Asian_Width is F, W or H (rule LB30 treats them apart). IDEP is ID
# whose scalar is Extended_Pictographic and unassigned (General_Category Cn): rule LB30b.
CLASSES = [
    "BK", "CR", "LF", "NL", "SP", "ZW", "ZWJ", "CM", "WJ", "GL", "BA", "HY", "BB", "B2",
    "CL", "CP", "EX", "IS", "SY", "OP", "QU", "NS", "IN", "NU", "AL", "HL", "PR", "PO",
    "ID", "EB", "EM", "CB", "JL", "JV", "JT", "H2", "H3", "RI", "AI", "SG", "XX", "SA",
    "CJ", "OPEA", "CPEA",
    "IDEP",
]

LINE = re.compile(r"^([0-9A-F]{4,6})(?:\.\.([0-9A-F]{4,6}))?\s*;\s*([A-Za-z0-9_]+)")


def read_property(path):
    """(first, last, value) triples of a UCD file, and its @missing defaults."""
    entries, missing = [], []
    with open(path, encoding="utf-8") as f:
        for raw in f:
            if raw.startswith("# @missing:"):
                m = LINE.match(raw[len("# @missing:"):].strip())
                if m:
                    missing.append((int(m.group(1), 16), int(m.group(2) or m.group(1), 16), m.group(3)))
                continue
            line = raw.split("#", 1)[0].strip()
            if not line:
                continue
            m = LINE.match(line)
            if not m:
                sys.exit(f"cannot read line: {raw!r}")
            entries.append((int(m.group(1), 16), int(m.group(2) or m.group(1), 16), m.group(3)))
    return entries, missing


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--source", default="/usr/share/unicode", help="folder with LineBreak.txt and EastAsianWidth.txt")
    parser.add_argument("--output", default=os.path.join(os.path.dirname(__file__), "..", "Sources", "DrawLayout", "LineBreak+Generated.swift"))
    args = parser.parse_args()

    size = 0x110000
    classes = bytearray([CLASSES.index("XX")]) * size
    entries, missing = read_property(os.path.join(args.source, "LineBreak.txt"))
    for first, last, value in missing:
        for c in range(first, last + 1):
            classes[c] = CLASSES.index(value)
    version = "unknown"
    with open(os.path.join(args.source, "LineBreak.txt"), encoding="utf-8") as f:
        head = f.readline().strip()
        m = re.search(r"LineBreak-([0-9.]+)\.txt", head)
        if m:
            version = m.group(1)
    for first, last, value in entries:
        if value not in CLASSES:
            sys.exit(f"unknown line break class {value}")
        for c in range(first, last + 1):
            classes[c] = CLASSES.index(value)

    widths, _ = read_property(os.path.join(args.source, "EastAsianWidth.txt"))
    op, cp = CLASSES.index("OP"), CLASSES.index("CP")
    for first, last, value in widths:
        if value in ("F", "W", "H"):
            for c in range(first, last + 1):
                if classes[c] == op:
                    classes[c] = CLASSES.index("OPEA")
                elif classes[c] == cp:
                    classes[c] = CLASSES.index("CPEA")

    # LB30b: [\p{Extended_Pictographic}&\p{Cn}] × EM. Every such scalar is ID by the
    # @missing defaults of LineBreak.txt; one that is not would need a rule of its own.
    pictographic, _ = read_property(os.path.join(args.source, "emoji", "emoji-data.txt"))
    categories, _ = read_property(os.path.join(args.source, "extracted", "DerivedGeneralCategory.txt"))
    unassigned = bytearray(size)
    for first, last, value in categories:
        if value == "Cn":
            for c in range(first, last + 1):
                unassigned[c] = 1
    ident, idep = CLASSES.index("ID"), CLASSES.index("IDEP")
    marked = 0
    for first, last, value in pictographic:
        if value != "Extended_Pictographic":
            continue
        for c in range(first, last + 1):
            if unassigned[c]:
                if classes[c] != ident:
                    sys.exit(f"unassigned Extended_Pictographic U+{c:04X} is {CLASSES[classes[c]]}, not ID")
                classes[c] = idep
                marked += 1

    starts, values = [], []
    for c in range(size):
        if not values or values[-1] != classes[c]:
            starts.append(c)
            values.append(classes[c])

    out = []
    out.append("// Generated from the Unicode Character Database (LineBreak.txt, EastAsianWidth.txt, emoji-data.txt and")
    out.append("// DerivedGeneralCategory.txt, Unicode %s)" % version)
    out.append("// by `python3 scripts/generate-linebreak-table.py --source /usr/share/unicode`; do not edit.")
    out.append("// (Debian: `apt-get install unicode-data`.) Data © Unicode, Inc., https://www.unicode.org/terms_of_use.html")
    out.append("")
    out.append("extension LineBreakClass {")
    out.append("    /// Unicode version of the table.")
    out.append('    static let unicodeVersion = "%s"' % version)
    out.append("    /// First scalar of each range of one class, ascending; `rangeClasses[i]` is the class")
    out.append("    /// (raw value) of `rangeStarts[i]` up to the next start.")
    out.append("    static let rangeStarts: [UInt32] = [")
    for i in range(0, len(starts), 10):
        out.append("        " + ", ".join("0x%X" % s for s in starts[i:i + 10]) + ",")
    out.append("    ]")
    out.append("    static let rangeClasses: [UInt8] = [")
    for i in range(0, len(values), 24):
        out.append("        " + ", ".join(str(v) for v in values[i:i + 24]) + ",")
    out.append("    ]")
    out.append("}")
    out.append("")
    with open(args.output, "w", encoding="utf-8") as f:
        f.write("\n".join(out))
    print(f"{len(starts)} ranges ({marked} unassigned pictographic scalars) written to {args.output}")


if __name__ == "__main__":
    main()

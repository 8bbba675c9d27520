#!/usr/bin/env python3
"""Generate Sources/DrawLayout/Bidi+Generated.swift from the Unicode Character Database.

Reads extracted/DerivedBidiClass.txt (the Bidi_Class property, with its @missing defaults for
unassigned scalars in right-to-left blocks), BidiBrackets.txt (Bidi_Paired_Bracket and
Bidi_Paired_Bracket_Type, rule BD16 of UAX #9) and BidiMirroring.txt (Bidi_Mirroring_Glyph,
rule L4). Debian's `unicode-data` package installs them under /usr/share/unicode.

Usage (from the repository root):
    apt-get install unicode-data
    python3 scripts/generate-bidi-tables.py --source /usr/share/unicode

Bidi classes are written as a sorted list of ranges (first scalar, class) covering 0…10FFFF,
adjacent ranges of one class merged; classes are the raw values of `BidiClass`. Brackets and
mirrors are sorted pairs. Deterministic: same files, same bytes.
"""

import argparse
import os
import re
import sys

# The order of `BidiClass` in Sources/DrawLayout/Bidi.swift.
CLASSES = [
    "L", "R", "AL", "EN", "ES", "ET", "AN", "CS", "NSM", "BN", "B", "S", "WS", "ON",
    "LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI", "FSI", "PDI",
]
LONG_NAMES = {
    "Left_To_Right": "L", "Right_To_Left": "R", "Arabic_Letter": "AL", "European_Number": "EN",
    "European_Separator": "ES", "European_Terminator": "ET", "Arabic_Number": "AN",
    "Common_Separator": "CS", "Nonspacing_Mark": "NSM", "Boundary_Neutral": "BN",
    "Paragraph_Separator": "B", "Segment_Separator": "S", "White_Space": "WS", "Other_Neutral": "ON",
    "Left_To_Right_Embedding": "LRE", "Left_To_Right_Override": "LRO",
    "Right_To_Left_Embedding": "RLE", "Right_To_Left_Override": "RLO",
    "Pop_Directional_Format": "PDF", "Left_To_Right_Isolate": "LRI", "Right_To_Left_Isolate": "RLI",
    "First_Strong_Isolate": "FSI", "Pop_Directional_Isolate": "PDI",
}

LINE = re.compile(r"^([0-9A-F]{4,6})(?:\.\.([0-9A-F]{4,6}))?\s*;\s*([A-Za-z0-9_]+)")


def data_lines(path):
    with open(path, encoding="utf-8") as f:
        for raw in f:
            line = raw.split("#", 1)[0].strip()
            if line:
                yield raw, line


def hex_list(values, per_line=10, indent="        "):
    out = []
    for i in range(0, len(values), per_line):
        out.append(indent + ", ".join(f"0x{v:X}" for v in values[i:i + per_line]) + ",")
    return "\n".join(out)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--source", default="/usr/share/unicode", help="folder of the Unicode Character Database")
    parser.add_argument("--output", default=os.path.join(os.path.dirname(__file__), "..", "Sources", "DrawLayout", "Bidi+Generated.swift"))
    args = parser.parse_args()

    size = 0x110000
    classes = bytearray(size)
    path = os.path.join(args.source, "extracted", "DerivedBidiClass.txt")
    version = "unknown"
    with open(path, encoding="utf-8") as f:
        m = re.search(r"DerivedBidiClass-([0-9.]+)\.txt", f.readline())
        if m:
            version = m.group(1)
    # @missing defaults first, in file order (later, narrower lines win), then the data.
    with open(path, encoding="utf-8") as f:
        for raw in f:
            if raw.startswith("# @missing:"):
                m = LINE.match(raw[len("# @missing:"):].strip())
                if not m:
                    sys.exit(f"cannot read line: {raw!r}")
                value = CLASSES.index(LONG_NAMES[m.group(3)])
                for c in range(int(m.group(1), 16), int(m.group(2) or m.group(1), 16) + 1):
                    classes[c] = value
    for raw, line in data_lines(path):
        m = LINE.match(line)
        if not m or m.group(3) not in CLASSES:
            sys.exit(f"cannot read line: {raw!r}")
        value = CLASSES.index(m.group(3))
        for c in range(int(m.group(1), 16), int(m.group(2) or m.group(1), 16) + 1):
            classes[c] = value

    starts, values = [], []
    for c in range(size):
        if not values or classes[c] != values[-1]:
            starts.append(c)
            values.append(classes[c])

    # Brackets: each opening bracket with its closing one.
    pairs = []
    for raw, line in data_lines(os.path.join(args.source, "BidiBrackets.txt")):
        fields = [p.strip() for p in line.split(";")]
        if len(fields) != 3:
            sys.exit(f"cannot read line: {raw!r}")
        if fields[2] == "o":
            pairs.append((int(fields[0], 16), int(fields[1], 16)))
    pairs.sort()

    mirrors = []
    for raw, line in data_lines(os.path.join(args.source, "BidiMirroring.txt")):
        fields = [p.strip() for p in line.split(";")]
        if len(fields) != 2:
            sys.exit(f"cannot read line: {raw!r}")
        mirrors.append((int(fields[0], 16), int(fields[1], 16)))
    mirrors.sort()

    out = []
    out.append("// Generated from the Unicode Character Database (extracted/DerivedBidiClass.txt, BidiBrackets.txt and")
    out.append(f"// BidiMirroring.txt, Unicode {version})")
    out.append("// by `python3 scripts/generate-bidi-tables.py --source /usr/share/unicode`; do not edit.")
    out.append("// (Debian: `apt-get install unicode-data`.) Data © Unicode, Inc., https://www.unicode.org/terms_of_use.html")
    out.append("")
    out.append("extension BidiClass {")
    out.append("    /// Unicode version of the tables.")
    out.append(f"    static let unicodeVersion = \"{version}\"")
    out.append("    /// First scalar of each range of one class, ascending; `rangeClasses[i]` is the class")
    out.append("    /// (raw value) of `rangeStarts[i]` up to the next start.")
    out.append("    static let rangeStarts: [UInt32] = [")
    out.append(hex_list(starts))
    out.append("    ]")
    out.append("    static let rangeClasses: [UInt8] = [")
    for i in range(0, len(values), 20):
        out.append("        " + ", ".join(str(v) for v in values[i:i + 20]) + ",")
    out.append("    ]")
    out.append("}")
    out.append("")
    out.append("enum BidiTables {")
    out.append("    /// Opening brackets (Bidi_Paired_Bracket_Type Open), ascending, and the closing bracket")
    out.append("    /// each pairs with at the same index.")
    out.append("    static let bracketOpeners: [UInt32] = [")
    out.append(hex_list([p[0] for p in pairs]))
    out.append("    ]")
    out.append("    static let bracketClosers: [UInt32] = [")
    out.append(hex_list([p[1] for p in pairs]))
    out.append("    ]")
    out.append("    /// Scalars with a Bidi_Mirroring_Glyph, ascending, and that glyph's scalar at the same index.")
    out.append("    static let mirrorSources: [UInt32] = [")
    out.append(hex_list([p[0] for p in mirrors]))
    out.append("    ]")
    out.append("    static let mirrorTargets: [UInt32] = [")
    out.append(hex_list([p[1] for p in mirrors]))
    out.append("    ]")
    out.append("}")
    with open(args.output, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")
    print(f"{len(starts)} ranges, {len(pairs)} bracket pairs, {len(mirrors)} mirrors")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Generate Sources/DrawFonts/IndicCategories+Generated.swift from IndicSyllabicCategory.txt
and IndicPositionalCategory.txt.

Both files are in the Unicode Character Database (Debian's `unicode-data` installs them under
/usr/share/unicode). The Indic shaper (Sources/DrawFonts/IndicShaper.swift) needs, for every
scalar a syllable can hold, its shaping category and its position in the syllable, both as
HarfBuzz derives them (its gen-indic-table.py, whose mapping is a fact we follow):

- the category from Indic_Syllabic_Category (Consonant → C, Virama → H, Vowel_Dependent → M,
  Bindu and Visarga → SM, Nukta → N, Number → PLACEHOLDER …), with overrides: the letter RA of
  each script is Ra (it may become a reph), ZWJ/ZWNJ are the joiners, U+25CC is the dotted
  circle, U+0953/U+0954 act as bindus;
- the position: consonants (and vowels, placeholders) are base consonants until the font says
  otherwise (IndicShaper asks its blwf/pstf/pref lookups), a dependent vowel (matra) takes its
  Indic_Positional_Category resolved per script (a right matra of Devanagari goes after the
  subjoined forms, of Bengali and Tamil after the post-base forms …), syllable modifiers and
  Vedic signs go to the end (SMVD), the rest to END.

Only the scalars the shaper looks at are kept: ASCII and Latin-1, the Indic blocks
U+0900–U+0DFF, General Punctuation, Vedic Extensions, Devanagari Extended and U+25CC.

Usage (from the repository root):
    python3 scripts/generate-indic-tables.py --source /usr/share/unicode

Deterministic: same files, same bytes.
"""

import argparse
import os
import re

CATEGORIES = ["X", "C", "V", "N", "H", "ZWNJ", "ZWJ", "M", "SM", "A", "PLACEHOLDER", "DOTTEDCIRCLE",
              "RS", "Repha", "Ra", "CM", "Symbol", "CS"]
POSITIONS = ["START", "RA_TO_BECOME_REPH", "PRE_M", "PRE_C", "BASE_C", "AFTER_MAIN", "ABOVE_C",
             "BEFORE_SUB", "BELOW_C", "AFTER_SUB", "BEFORE_POST", "POST_C", "AFTER_POST", "FINAL_C", "SMVD", "END"]

CATEGORY_MAP = {
    "Other": "X", "Avagraha": "Symbol", "Bindu": "SM", "Brahmi_Joining_Number": "PLACEHOLDER",
    "Cantillation_Mark": "A", "Consonant": "C", "Consonant_Dead": "C", "Consonant_Final": "CM",
    "Consonant_Head_Letter": "C", "Consonant_Initial_Postfixed": "C", "Consonant_Killer": "M",
    "Consonant_Medial": "CM", "Consonant_Placeholder": "PLACEHOLDER", "Consonant_Preceding_Repha": "Repha",
    "Consonant_Prefixed": "X", "Consonant_Subjoined": "CM", "Consonant_Succeeding_Repha": "CM",
    "Consonant_With_Stacker": "CS", "Gemination_Mark": "SM", "Invisible_Stacker": "H", "Joiner": "ZWJ",
    "Modifying_Letter": "X", "Non_Joiner": "ZWNJ", "Nukta": "N", "Number": "PLACEHOLDER",
    "Number_Joiner": "PLACEHOLDER", "Pure_Killer": "M", "Register_Shifter": "RS", "Syllable_Modifier": "SM",
    "Tone_Letter": "X", "Tone_Mark": "N", "Virama": "H", "Visarga": "SM", "Vowel": "V",
    "Vowel_Dependent": "M", "Vowel_Independent": "V",
}
POSITION_MAP = {
    "Not_Applicable": "END", "Left": "PRE_C", "Top": "ABOVE_C", "Bottom": "BELOW_C", "Right": "POST_C",
    # A split matra takes the position of its last part.
    "Bottom_And_Right": "POST_C", "Left_And_Right": "POST_C", "Top_And_Bottom": "BELOW_C",
    "Top_And_Bottom_And_Left": "BELOW_C", "Top_And_Bottom_And_Right": "POST_C", "Top_And_Left": "ABOVE_C",
    "Top_And_Left_And_Right": "POST_C", "Top_And_Right": "POST_C", "Overstruck": "AFTER_MAIN",
    "Visual_order_left": "PRE_M",
}
CATEGORY_OVERRIDES = {
    0x0930: "Ra", 0x09B0: "Ra", 0x09F0: "Ra", 0x0A30: "Ra", 0x0AB0: "Ra", 0x0B30: "Ra", 0x0BB0: "Ra",
    0x0C30: "Ra", 0x0CB0: "Ra", 0x0D30: "Ra",
    0x0953: "SM", 0x0954: "SM",
    0x00A0: "PLACEHOLDER", 0x00D7: "PLACEHOLDER", 0x2010: "PLACEHOLDER", 0x2011: "PLACEHOLDER",
    0x2012: "PLACEHOLDER", 0x2013: "PLACEHOLDER", 0x2014: "PLACEHOLDER", 0x2015: "PLACEHOLDER",
    0x2022: "PLACEHOLDER", 0x25CC: "DOTTEDCIRCLE", 0x200C: "ZWNJ", 0x200D: "ZWJ",
}
CONSONANT_LIKE = {"C", "CS", "Ra", "CM", "V", "PLACEHOLDER", "DOTTEDCIRCLE"}
SMVD = {"SM", "A", "Symbol"}


def block(u):
    if 0x0900 <= u <= 0x097F or 0x1CD0 <= u <= 0x1CFF or 0xA8E0 <= u <= 0xA8FF:
        return "Devanagari"
    if 0x0980 <= u <= 0x09FF:
        return "Bengali"
    if 0x0A00 <= u <= 0x0A7F:
        return "Gurmukhi"
    if 0x0A80 <= u <= 0x0AFF:
        return "Gujarati"
    if 0x0B00 <= u <= 0x0B7F:
        return "Oriya"
    if 0x0B80 <= u <= 0x0BFF:
        return "Tamil"
    if 0x0C00 <= u <= 0x0C7F:
        return "Telugu"
    if 0x0C80 <= u <= 0x0CFF:
        return "Kannada"
    if 0x0D00 <= u <= 0x0D7F:
        return "Malayalam"
    return ""


def matra_position(u, pos):
    """The position of a dependent vowel, per script (HarfBuzz's resolution)."""
    b = block(u)
    if pos == "PRE_C":
        return "PRE_M"
    if pos == "POST_C":
        if b == "Devanagari":
            return "AFTER_SUB"
        if b in ("Bengali", "Gurmukhi", "Gujarati", "Oriya", "Tamil", "Malayalam"):
            return "AFTER_POST"
        if b == "Telugu":
            return "BEFORE_SUB" if u <= 0x0C42 else "AFTER_SUB"
        if b == "Kannada":
            return "BEFORE_SUB" if u < 0x0CC3 or u > 0x0CD6 else "AFTER_SUB"
        return "AFTER_SUB"
    if pos == "ABOVE_C":
        if b == "Gurmukhi":
            return "AFTER_POST"
        if b == "Oriya":
            return "AFTER_MAIN"
        if b in ("Telugu", "Kannada"):
            return "BEFORE_SUB"
        return "AFTER_SUB"
    if pos == "BELOW_C":
        if b in ("Gurmukhi", "Gujarati", "Tamil", "Malayalam"):
            return "AFTER_POST"
        if b in ("Telugu", "Kannada"):
            return "BEFORE_SUB"
        return "AFTER_SUB"
    return pos


def wanted(u):
    return (u < 0x100 or 0x0900 <= u <= 0x0DFF or 0x2000 <= u <= 0x206F or 0x1CD0 <= u <= 0x1CFF
            or 0xA8E0 <= u <= 0xA8FF or u == 0x25CC)


def read(path):
    values = {}
    line_re = re.compile(r"^([0-9A-F]{4,6})(?:\.\.([0-9A-F]{4,6}))?\s*;\s*([A-Za-z_]+)")
    with open(path, encoding="utf-8") as f:
        version = f.readline().strip().lstrip("# ")
        for line in f:
            m = line_re.match(line)
            if not m:
                continue
            first = int(m.group(1), 16)
            last = int(m.group(2), 16) if m.group(2) else first
            for u in range(first, last + 1):
                values[u] = m.group(3)
    return version, values


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--source", default="/usr/share/unicode")
    parser.add_argument("--output", default="Sources/DrawFonts/IndicCategories+Generated.swift")
    args = parser.parse_args()
    syllabic_version, syllabic = read(os.path.join(args.source, "IndicSyllabicCategory.txt"))
    positional_version, positional = read(os.path.join(args.source, "IndicPositionalCategory.txt"))
    entries = {}
    for u in sorted(set(syllabic) | set(positional) | set(CATEGORY_OVERRIDES)):
        if not wanted(u):
            continue
        cat = CATEGORY_OVERRIDES.get(u, CATEGORY_MAP[syllabic.get(u, "Other")])
        pos = POSITION_MAP[positional.get(u, "Not_Applicable")]
        if cat in CONSONANT_LIKE:
            pos = "BASE_C"
        elif cat == "M":
            pos = matra_position(u, pos)
        elif cat in SMVD:
            pos = "SMVD"
        else:
            pos = "END"
        if cat == "X" and pos == "END":
            continue
        entries[u] = (CATEGORIES.index(cat), POSITIONS.index(pos))
    ranges = []
    for u in sorted(entries):
        if ranges and ranges[-1][1] == u - 1 and ranges[-1][2:] == entries[u]:
            ranges[-1] = (ranges[-1][0], u) + entries[u]
        else:
            ranges.append((u, u) + entries[u])
    out = ["// Generated by scripts/generate-indic-tables.py from %s and %s. Do not edit."
           % (syllabic_version, positional_version), "",
           "/// Indic shaping category and syllable position of scalars: (first, last, `IndicCategory`",
           "/// raw value, `IndicPosition` raw value), sorted, not overlapping; scalars not listed are X at END.",
           "let indicPropertyRanges: [(UInt32, UInt32, UInt8, UInt8)] = ["]
    for first, last, cat, pos in ranges:
        out.append("    (0x%04X, 0x%04X, %d, %d)," % (first, last, cat, pos))
    out.append("]")
    with open(args.output, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


if __name__ == "__main__":
    main()

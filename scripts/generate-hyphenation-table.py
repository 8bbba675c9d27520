#!/usr/bin/env python3
"""Generate Sources/DrawLayout/Hyphenation+Generated.swift from hyph-en-us.tex.

The patterns file (Liang's patterns for American English from the hyph-utf8 package, with
Knuth's exception list) is committed beside its licence in Sources/DrawLayout/Data/.
It came from Debian's texlive-lang-english (apt-get download texlive-lang-english; the file
is usr/share/texlive/texmf-dist/tex/generic/hyph-utf8/patterns/tex/hyph-en-us.tex).

Usage (from the repository root):
    python3 scripts/generate-hyphenation-table.py

Deterministic: same file, same bytes.
"""

import os
import re

ROOT = os.path.join(os.path.dirname(__file__), "..")
SOURCE = os.path.join(ROOT, "Sources", "DrawLayout", "Data", "hyph-en-us.tex")
OUTPUT = os.path.join(ROOT, "Sources", "DrawLayout", "Hyphenation+Generated.swift")


def block(text, command):
    m = re.search(r"\\" + command + r"\{(.*?)\}", text, re.S)
    if not m:
        raise SystemExit(f"no \\{command} in {SOURCE}")
    words = []
    for line in m.group(1).splitlines():
        line = line.split("%", 1)[0]
        words.extend(line.split())
    return words


def main():
    with open(SOURCE, encoding="utf-8") as f:
        text = f.read()
    patterns = block(text, "patterns")
    exceptions = block(text, "hyphenation")
    for p in patterns:
        if not re.fullmatch(r"[.a-z0-9']+", p):
            raise SystemExit(f"unexpected pattern {p!r}")
    out = [
        "// Generated from Sources/DrawLayout/Data/hyph-en-us.tex by `python3 scripts/generate-hyphenation-table.py`; do not edit.",
        "//",
        "// MODIFIED: derived from hyph-en-us.tex (Hyphenation patterns for American English,",
        "// Copyright (C) 1990, 2004, 2005 Gerard D.C. Kuiken; the original patterns and",
        "// hyphenations from Knuth's hyphen.tex), converted into Swift string literals.",
        "// Copying and distribution of this file, with or without modification,",
        "// are permitted in any medium without royalty provided the copyright",
        "// notice and this notice are preserved. (Sources/DrawLayout/Data/hyph-en-us-LICENSE.txt)",
        "",
        "extension Hyphenator {",
        f"    /// The {len(patterns)} Liang patterns, separated by spaces.",
        "    static let englishPatterns = \"\"\"",
    ]
    line = ""
    for p in patterns:
        if len(line) + len(p) + 1 > 100:
            out.append("        " + line.rstrip() + " \\")
            line = ""
        line += p + " "
    out.append("        " + line.rstrip())
    out.append("        \"\"\"")
    out.append(f"    /// The {len(exceptions)} exceptions (hyphens where breaks are allowed), separated by spaces.")
    out.append("    static let englishExceptions = \"" + " ".join(exceptions) + "\"")
    out.append("}")
    out.append("")
    with open(OUTPUT, "w", encoding="utf-8") as f:
        f.write("\n".join(out))
    print(f"{len(patterns)} patterns, {len(exceptions)} exceptions written to {OUTPUT}")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Generate Sources/DrawFonts/Standard14+Generated.swift from the Adobe Core14 AFM files.

The 14 AFM files (with Adobe's readme.txt, whose permission notice must travel with them and
with anything made from them) ship in matplotlib's wheel under mpl-data/fonts/pdfcorefonts/
and in Debian's ruby-prawn (/usr/share/ruby-prawn/fonts/), byte-identical.

Usage (from the repository root):
    pip download --no-deps matplotlib -d /tmp/mpl
    python3 scripts/generate-standard14.py --source /tmp/mpl/matplotlib-*.whl
or
    python3 scripts/generate-standard14.py --source /usr/share/ruby-prawn/fonts

Needs only the Python standard library, plus fontTools (for the Adobe Glyph List, used to
give each glyph name its Unicode scalar). Output is deterministic: same AFMs, same bytes.
"""

import argparse
import codecs
import os
import sys
import zipfile

from fontTools import agl

FONTS = [
    # (Standard14Font case, AFM file stem) in the enum's order.
    ("helvetica", "Helvetica"),
    ("helveticaBold", "Helvetica-Bold"),
    ("helveticaOblique", "Helvetica-Oblique"),
    ("helveticaBoldOblique", "Helvetica-BoldOblique"),
    ("timesRoman", "Times-Roman"),
    ("timesBold", "Times-Bold"),
    ("timesItalic", "Times-Italic"),
    ("timesBoldItalic", "Times-BoldItalic"),
    ("courier", "Courier"),
    ("courierBold", "Courier-Bold"),
    ("courierOblique", "Courier-Oblique"),
    ("courierBoldOblique", "Courier-BoldOblique"),
    ("symbol", "Symbol"),
    ("zapfDingbats", "ZapfDingbats"),
]

OUTPUT = "Sources/DrawFonts/Standard14+Generated.swift"


def read_sources(source):
    """Return ({stem: afm text}, readme text) from a wheel or a directory."""
    texts = {}
    if os.path.isfile(source) and source.endswith(".whl"):
        with zipfile.ZipFile(source) as wheel:
            names = wheel.namelist()
            def find(base):
                for n in names:
                    if n.endswith("mpl-data/fonts/pdfcorefonts/" + base):
                        return wheel.read(n).decode("latin-1")
                sys.exit("not in the wheel: " + base)
            for _, stem in FONTS:
                texts[stem] = find(stem + ".afm")
            readme = find("readme.txt")
    else:
        for _, stem in FONTS:
            with open(os.path.join(source, stem + ".afm"), encoding="latin-1") as f:
                texts[stem] = f.read()
        with open(os.path.join(source, "readme.txt"), encoding="latin-1") as f:
            readme = f.read()
    return texts, readme


def parse_afm(text):
    header, chars, kerns = {}, [], []
    section = "header"
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        key = line.split()[0]
        if key == "StartCharMetrics":
            section = "chars"
            continue
        if key == "EndCharMetrics":
            section = "after"
            continue
        if section == "header":
            header.setdefault(key, line[len(key):].strip())
            if key == "Comment" and "Copyright" in line:
                header["CopyrightComment"] = line[len("Comment"):].strip()
        elif section == "chars":
            fields = {}
            for part in line.split(";"):
                words = part.split()
                if words:
                    fields.setdefault(words[0], words[1:])
            box = tuple(int(v) for v in fields.get("B", ["0", "0", "0", "0"]))
            chars.append((int(fields["C"][0]), int(fields["WX"][0]), fields["N"][0], box))
        elif key == "KPX":
            _, left, right, value = line.split()
            kerns.append((left, right, int(value)))
    return header, chars, kerns


# AGL 1.2 gave these names two scalars; AGL 2.0 (what fontTools ships) kept only the symbol
# one. Symbol's Delta, Omega and mu are the Greek letters, so the Greek scalars are added back.
AGL_DOUBLE_MAPPINGS = {"Delta": [0x0394], "Omega": [0x03A9], "mu": [0x03BC]}


def glyph_scalars(name, dingbats=False):
    """The Unicode scalars the Adobe Glyph List (full legacy list; ZapfDingbats list) gives a name."""
    if dingbats:
        text = agl.toUnicode(name, isZapfDingbats=True)
        return [ord(text)] if len(text) == 1 and text != name else []
    return list(agl.LEGACY_AGL2UV.get(name, [])) + AGL_DOUBLE_MAPPINGS.get(name, [])


def unicode_pairs(names, dingbats=False):
    """Sorted (scalar, glyph index) pairs, one glyph per scalar (the AGLFN's name wins a tie)."""
    best = {}
    for i, n in enumerate(names):
        for uv in glyph_scalars(n, dingbats):
            preferred = agl.UV2AGL.get(uv) == n
            if uv not in best or preferred:
                best[uv] = i
    return sorted(best.items())


def winansi_tables(latin_names):
    """code -> Unicode scalar (0 = unassigned) and code -> glyph name (PDF WinAnsiEncoding)."""
    by_scalar = {uv: latin_names[i] for uv, i in unicode_pairs(latin_names)}
    to_unicode, names = [], []
    for code in range(256):
        try:
            ch = bytes([code]).decode("cp1252")
        except UnicodeDecodeError:
            ch = None
        if ch is None or code < 0x20 or code == 0x7F:
            to_unicode.append(0)
            names.append(".notdef")
            continue
        scalar = ord(ch)
        to_unicode.append(scalar)
        if code == 0xA0:
            name = "space"  # PDF Annex D: WinAnsi 0xA0 (no-break space) is the space glyph
        elif code == 0xAD:
            name = "hyphen"  # and 0xAD (soft hyphen) is the hyphen glyph
        else:
            name = by_scalar.get(scalar)
            if name is None:
                sys.exit("no glyph name for U+%04X" % scalar)
        names.append(name)
    return to_unicode, names


def swift_int_array(values, per_line=16, indent="        "):
    lines = []
    for i in range(0, len(values), per_line):
        lines.append(indent + ", ".join(str(v) for v in values[i:i + per_line]) + ",")
    return "\n".join(lines)


def swift_string_array(values, per_line=8, indent="        "):
    lines = []
    for i in range(0, len(values), per_line):
        lines.append(indent + ", ".join('"%s"' % v for v in values[i:i + per_line]) + ",")
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--source", required=True, help="matplotlib wheel (.whl) or a directory with the 14 AFMs and readme.txt")
    parser.add_argument("--output", default=OUTPUT)
    args = parser.parse_args()

    texts, readme = read_sources(args.source)
    parsed = {stem: parse_afm(texts[stem]) for _, stem in FONTS}

    # Glyph sets: the 12 Latin faces share one set (checked); Symbol and ZapfDingbats have their own.
    def glyph_set(stem):
        return sorted({c[2] for c in parsed[stem][1]})
    latin = glyph_set("Helvetica")
    for case, stem in FONTS[:12]:
        if glyph_set(stem) != latin:
            sys.exit(stem + " has a different glyph set from Helvetica")
    sets = {"latin": latin, "symbol": glyph_set("Symbol"), "dingbats": glyph_set("ZapfDingbats")}
    set_of = {stem: ("latin" if i < 12 else ("symbol" if stem == "Symbol" else "dingbats"))
              for i, (_, stem) in enumerate(FONTS)}

    to_unicode, winansi_names = winansi_tables(latin)
    latin_index = {n: i for i, n in enumerate(latin)}
    winansi_to_glyph = [latin_index.get(n, 0xFFFF) if n != ".notdef" else 0xFFFF for n in winansi_names]
    missing = [n for n in winansi_names if n != ".notdef" and n not in latin_index]
    if missing:
        sys.exit("WinAnsi glyphs missing from the Latin set: %r" % missing)

    out = []
    w = out.append
    w("// Generated from the Adobe Core14 AFM files by `python3 scripts/generate-standard14.py --source <matplotlib wheel or AFM folder>`; do not edit.")
    w("// To regenerate: pip download --no-deps matplotlib -d /tmp/mpl && python3 scripts/generate-standard14.py --source /tmp/mpl/matplotlib-*.whl")
    w("//")
    w("// MODIFIED: this file is not an AFM file. It holds data derived from the 14 Adobe Core14 AFM")
    w("// files (advance widths, kerning pairs, font-wide metrics), converted into Swift tables by the")
    w("// drawc project. The AFM files' accompanying readme.txt says:")
    w("//")
    for line in readme.strip().splitlines():
        w(("// " + line.rstrip()).rstrip())
    w("//")
    w("// The copyright notices of the AFM files:")
    for case, stem in FONTS:
        header = parsed[stem][0]
        w("//   %s: %s" % (stem, header.get("Notice", header.get("CopyrightComment", ""))))
    w("")
    w("extension Standard14Metrics {")

    w("    /// Glyph names of the 12 Latin faces (one shared set), sorted; a glyph index is a position here.")
    w("    package static let latinGlyphNames: [String] = [")
    w(swift_string_array(latin))
    w("    ]")
    w("    /// Glyph names of Symbol, sorted.")
    w("    package static let symbolGlyphNames: [String] = [")
    w(swift_string_array(sets["symbol"]))
    w("    ]")
    w("    /// Glyph names of ZapfDingbats, sorted.")
    w("    package static let dingbatsGlyphNames: [String] = [")
    w(swift_string_array(sets["dingbats"]))
    w("    ]")

    # Unicode scalar -> glyph index (Adobe Glyph List), sorted by scalar, for each glyph set.
    for set_name in ("latin", "symbol", "dingbats"):
        pairs = dict(unicode_pairs(sets[set_name], set_name == "dingbats"))
        if set_name == "latin":
            # PDF's WinAnsi maps U+00A0 and U+00AD onto space and hyphen; keep that for lookups too.
            pairs.setdefault(0xA0, latin_index["space"])
            pairs.setdefault(0xAD, latin_index["hyphen"])
        pairs = sorted(pairs.items())
        w("    /// Unicode scalars (sorted) of %s glyphs, from the Adobe Glyph List; parallel to `%sUnicodeGlyphs`." % (set_name, set_name))
        w("    package static let %sUnicodeScalars: [UInt32] = [" % set_name)
        w(swift_int_array([p[0] for p in pairs], 12))
        w("    ]")
        w("    package static let %sUnicodeGlyphs: [UInt16] = [" % set_name)
        w(swift_int_array([p[1] for p in pairs]))
        w("    ]")

    w("    /// WinAnsi code -> Latin glyph index (0xFFFF: no glyph).")
    w("    package static let winAnsiToLatinGlyph: [UInt16] = [")
    w(swift_int_array(winansi_to_glyph))
    w("    ]")
    for stem, set_name in (("Symbol", "symbol"), ("ZapfDingbats", "dingbats")):
        index = {n: i for i, n in enumerate(sets[set_name])}
        table = [0xFFFF] * 256
        for code, _, name, _ in parsed[stem][1]:
            if 0 <= code < 256:
                table[code] = index[name]
        w("    /// Built-in encoding of %s: code -> glyph index (0xFFFF: no glyph)." % stem)
        w("    package static let %sCodeToGlyph: [UInt16] = [" % set_name)
        w(swift_int_array(table))
        w("    ]")

    # Widths and kerning per face; identical kerning tables (the oblique faces) are shared.
    kern_tables = {}
    kern_names = {}
    for case, stem in FONTS:
        header, chars, kerns = parsed[stem]
        names = sets[set_of[stem]]
        index = {n: i for i, n in enumerate(names)}
        widths = [0] * len(names)
        boxes = [0] * (4 * len(names))
        for _, wx, name, box in chars:
            widths[index[name]] = wx
            boxes[4 * index[name]:4 * index[name] + 4] = list(box)
        w("    /// %s advance widths by glyph index, in 1/1000 em." % stem)
        w("    package static let %sWidths: [UInt16] = [" % case)
        w(swift_int_array(widths))
        w("    ]")
        w("    /// %s glyph boxes (llx lly urx ury from the AFM's B fields) by glyph index, 1/1000 em." % stem)
        w("    package static let %sBoxes: [Int16] = [" % case)
        w(swift_int_array(boxes))
        w("    ]")
        pairs = sorted(((index[l] << 16) | index[r], v) for l, r, v in kerns)
        key = tuple(pairs)
        if key in kern_tables:
            kern_names[case] = kern_tables[key]
            continue
        kern_tables[key] = case
        kern_names[case] = case
        w("    /// %s kerning pairs (%d, from the AFM's KPX lines): key = left glyph << 16 | right glyph, sorted." % (stem, len(pairs)))
        w("    package static let %sKernKeys: [UInt32] = [" % case)
        w(swift_int_array([p[0] for p in pairs], 10))
        w("    ]")
        w("    /// %s kerning values in 1/1000 em, parallel to the keys." % stem)
        w("    package static let %sKernValues: [Int16] = [" % case)
        w(swift_int_array([p[1] for p in pairs]))
        w("    ]")

    w("    /// WinAnsi (Windows-1252) code -> Unicode scalar (0: unassigned, and the C0 controls and DEL).")
    w("    package static let winAnsiToUnicode: [UInt16] = [")
    w(swift_int_array(to_unicode, 12))
    w("    ]")
    w("    /// WinAnsi code -> glyph name, as PDF's WinAnsiEncoding names them (`.notdef` where unassigned).")
    w("    package static let winAnsiGlyphNames: [String] = [")
    w(swift_string_array(winansi_names))
    w("    ]")

    w("")
    w("    /// The 14 faces in `Standard14Font` order.")
    w("    package static let all: [Standard14Metrics] = [")
    for case, stem in FONTS:
        header = parsed[stem][0]
        bbox = [int(v) for v in header["FontBBox"].split()]
        fixed = header.get("IsFixedPitch", "false") == "true"
        italic_angle = float(header.get("ItalicAngle", "0"))
        symbolic = set_of[stem] != "latin"
        # PDF /FontDescriptor /Flags (ISO 32000-1 Table 123): 1 FixedPitch, 2 Serif, 4 Symbolic,
        # 32 Nonsymbolic, 64 Italic.
        flags = 0
        if fixed:
            flags |= 1
        if stem.startswith("Times") or stem.startswith("Courier"):
            flags |= 2
        flags |= 4 if symbolic else 32
        if italic_angle != 0:
            flags |= 64
        # Symbol and ZapfDingbats have no Ascender/Descender/CapHeight/XHeight: use the bbox.
        ascender = int(header.get("Ascender", bbox[3]))
        descender = int(header.get("Descender", bbox[1]))
        cap_height = int(header.get("CapHeight", bbox[3]))
        x_height = int(header.get("XHeight", 0))
        set_name = set_of[stem]
        prefix = {"latin": "latin", "symbol": "symbol", "dingbats": "dingbats"}[set_name]
        code_to_glyph = {"latin": "winAnsiToLatinGlyph", "symbol": "symbolCodeToGlyph", "dingbats": "dingbatsCodeToGlyph"}[set_name]
        unicode_tables = {"latin": ("latinUnicodeScalars", "latinUnicodeGlyphs"),
                          "symbol": ("symbolUnicodeScalars", "symbolUnicodeGlyphs"),
                          "dingbats": ("dingbatsUnicodeScalars", "dingbatsUnicodeGlyphs")}[set_name]
        kn = kern_names[case]
        has_kern = len(parsed[stem][2]) > 0
        w("        Standard14Metrics(")
        w('            postScriptName: "%s", familyName: "%s",' % (header["FontName"], header["FamilyName"]))
        w("            ascender: %d, descender: %d, capHeight: %d, xHeight: %d," % (ascender, descender, cap_height, x_height))
        w("            fontBBox: FontBox(xMin: %d, yMin: %d, xMax: %d, yMax: %d),\n            italicAngle: %s, stemV: %d, stemH: %d, flags: %d," % (
            bbox[0], bbox[1], bbox[2], bbox[3], repr(italic_angle), int(header.get("StdVW", 0)), int(header.get("StdHW", 0)), flags))
        w("            underlinePosition: %d, underlineThickness: %d," % (int(header.get("UnderlinePosition", 0)), int(header.get("UnderlineThickness", 0))))
        w("            glyphNames: %sGlyphNames, widths: %sWidths, boxes: %sBoxes, codeToGlyph: %s," % (prefix, case, case, code_to_glyph))
        w("            unicodeScalars: %s, unicodeGlyphs: %s," % unicode_tables)
        if has_kern:
            w("            kernKeys: %sKernKeys, kernValues: %sKernValues)," % (kn, kn))
        else:
            w("            kernKeys: [], kernValues: []),")
    w("    ]")
    w("}")

    text = "\n".join(out) + "\n"
    with open(args.output, "w", encoding="utf-8") as f:
        f.write(text)


if __name__ == "__main__":
    main()

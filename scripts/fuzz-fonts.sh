#!/bin/sh
# Fuzz DrawFonts with libFuzzer under AddressSanitizer: the TrueType and OpenType parsers
# (collections included), lookups, kerning, outlines and the subsetter, and the CFF parser,
# Type 2 charstring interpreter and CFF subsetter. One entry point for every font input:
#  - a TrueType, OpenType ('OTTO', CFF outlines) or collection file: each face (at most two)
#    is loaded; characters looked up, advances, boxes, outlines and kerning of their glyphs,
#    the cmap listed, the glyphs subset and the subset reloaded with every outline drawn;
#  - anything else is read as a bare 'CFF ' table: every charstring (at most 64) run plain and
#    flattened, charset lookups, a subset table re-parsed.
# Seeds: the test fonts of Tests/Fonts (TrueType, a collection, the CFF fonts) and the 'CFF '
# tables of the CFF ones. Builds in $WORK (default /tmp/drawc-fontfuzz); nothing in the
# repository is changed.
#   scripts/fuzz-fonts.sh [seconds] [libFuzzer flags…]   (default 300; crashers in $WORK/crashes)
# Built with -O (bounds checks stay; only -Ounchecked removes them), which runs ~50× more inputs
# than -Onone. DrawFonts' sources and the entry point are one module, built with swiftc (a
# SwiftPM executable would bring its own `main`, hiding libFuzzer's).
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
work=${WORK:-/tmp/drawc-fontfuzz}
seconds=${1:-300}
[ $# -gt 0 ] && shift
mkdir -p "$work" "$work/corpus" "$work/crashes"
cat > "$work/Fuzz.swift" <<'SWIFT'
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let count = try? TrueTypeFontRef.faceCount(bytes: bytes) {
        for index in 0..<min(count, 2) {
            if let face = try? TrueTypeFontRef.load(bytes: bytes, face: .index(index)) { exercise(face) }
        }
        return 0
    }
    guard let cff = try? CFFFont(reader: ByteReader(bytes), table: 0..<bytes.count) else { return 0 }
    for g in 0..<min(cff.glyphCount, 64) {
        _ = try? cff.run(glyph: g)
        _ = try? cff.run(glyph: g, flatten: true)
        _ = cff.charsetValue(g)
    }
    let kept = Array(0..<min(cff.glyphCount, 8))
    if let table = try? cff.subsetTable(kept: kept, name: "Fuzz"), let again = try? CFFFont(reader: ByteReader(table), table: 0..<table.count) {
        for g in 0..<again.glyphCount { _ = try? again.run(glyph: g) }
    }
    return 0
}

func exercise(_ face: TrueTypeFontRef) {
    var glyphs: [UInt16] = []
    for s in "AVTo Aag Жя 中文 é€😀 한국日本".unicodeScalars { if let g = face.glyph(for: s) { glyphs.append(g) } }
    glyphs += [0, 1, 2, UInt16(truncatingIfNeeded: face.glyphCount - 1)]
    for g in glyphs {
        _ = face.advance(glyph: g)
        _ = face.outline(glyph: g)
        _ = face.glyphBox(g)
        for h in glyphs { _ = face.kerning(g, h) }
    }
    _ = face.characterMappings().count
    if let subset = try? face.subset(glyphs: glyphs) {
        _ = subset.sfntsChunks()
        if let again = try? TrueTypeFontRef.load(bytes: subset.bytes) {
            for g in 0..<again.glyphCount { _ = again.outline(glyph: UInt16(g)) }
        }
    }
}
SWIFT
for f in "$repo"/Tests/Fonts/*.ttf "$repo"/Tests/Fonts/*.ttc "$repo"/Tests/Fonts/*.otf; do
    [ -f "$f" ] || continue
    [ "$(wc -c < "$f")" -le 65536 ] || continue  # -max_len
    cp "$f" "$work/corpus/"
    case "$f" in
    *.otf) python3 - "$f" "$work/corpus/$(basename "$f" .otf).cff" <<'PY' || true
import sys
from fontTools.ttLib import TTFont
font = TTFont(sys.argv[1])
if "CFF " in font.reader: open(sys.argv[2], "wb").write(font.reader["CFF "])
PY
    ;;
    esac
done
# DrawFonts reads font files through DrawResources: both go into the one module, without the
# import of the other.
rm -rf "$work/src" && mkdir -p "$work/src"
for f in "$repo"/Sources/DrawFonts/*.swift "$repo"/Sources/DrawResources/*.swift; do
    sed '/^import DrawResources$/d' "$f" > "$work/src/$(basename "$(dirname "$f")")-$(basename "$f")"
done
cd "$work"
swiftc -sanitize=fuzzer,address -parse-as-library -module-name FontFuzz -package-name drawc -O -g \
    src/*.swift Fuzz.swift -o fontfuzz
./fontfuzz -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix="$work/crashes/" "$@" "$work/corpus"

#!/bin/sh
# Fuzz DrawFonts' CFF parser, Type 2 charstring interpreter and CFF subsetter with libFuzzer.
# An input starting with "OTTO" is loaded as an OpenType font (face loading, outlines,
# advances, subset, reloading the subset); any other input is read as a bare 'CFF ' table.
# Seeds: the CFF test fonts (Tests/Fonts/DrawcTest*.otf) and their 'CFF ' tables.
# Builds in $WORK (default /tmp/drawc-cfffuzz); nothing in the repository is changed.
#   scripts/fuzz-cff.sh [seconds]        (default 300; crashers land in $WORK/crashes)
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
work=${WORK:-/tmp/drawc-cfffuzz}
seconds=${1:-300}
mkdir -p "$work" "$work/corpus" "$work/crashes"
cat > "$work/Fuzz.swift" <<'SWIFT'
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if bytes.starts(with: Array("OTTO".utf8)) {
        guard let face = try? TrueTypeFontRef.load(bytes: bytes) else { return 0 }
        var glyphs: [UInt16] = []
        for s in "Aag 中文한국日本".unicodeScalars { if let g = face.glyph(for: s) { glyphs.append(g) } }
        glyphs += [0, 1, 2, UInt16(truncatingIfNeeded: face.glyphCount - 1)]
        for g in glyphs {
            _ = face.advance(glyph: g)
            _ = face.outline(glyph: g)
            _ = face.glyphBox(g)
        }
        if let subset = try? face.subset(glyphs: glyphs), let again = try? TrueTypeFontRef.load(bytes: subset.bytes) {
            for g in 0..<again.glyphCount { _ = again.outline(glyph: UInt16(g)) }
        }
        return 0
    }
    let reader = ByteReader(bytes)
    guard let cff = try? CFFFont(reader: reader, table: 0..<bytes.count) else { return 0 }
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
SWIFT
for f in "$repo"/Tests/Fonts/DrawcTest*.otf; do
    cp "$f" "$work/corpus/"
    python3 - "$f" "$work/corpus/$(basename "$f" .otf).cff" <<'PY' || true
import sys
from fontTools.ttLib import TTFont
open(sys.argv[2], "wb").write(TTFont(sys.argv[1]).reader["CFF "])
PY
done
cd "$work"
# -O keeps every bounds check (only -Ounchecked drops them) and runs ~50× more inputs than -Onone.
swiftc -sanitize=fuzzer,address -parse-as-library -module-name FontFuzz -package-name drawc -O -g \
    "$repo"/Sources/DrawFonts/*.swift Fuzz.swift -o cfffuzz
./cfffuzz -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix="$work/crashes/" "$work/corpus"

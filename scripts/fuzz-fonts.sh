#!/bin/sh
# Fuzz DrawFonts' TrueType parser, lookups, outlines and subsetter with libFuzzer.
# Builds in $WORK (default /tmp/drawc-fontfuzz) from this repository's Sources/DrawFonts;
# nothing in the repository is changed.
#   scripts/fuzz-fonts.sh [seconds]        (default 300; crashers land in $WORK/crashes)
set -eu
repo=$(cd "$(dirname "$0")/.." && pwd)
work=${WORK:-/tmp/drawc-fontfuzz}
seconds=${1:-300}
mkdir -p "$work" "$work/corpus" "$work/crashes"
# One module: DrawFonts' sources plus the entry point, built with swiftc (a SwiftPM executable
# would bring its own `main`, hiding libFuzzer's).
cat > "$work/Fuzz.swift" <<'SWIFT'
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let count = try? TrueTypeFontRef.faceCount(bytes: bytes) else { return 0 }
    for index in 0..<min(count, 2) {
        guard let face = try? TrueTypeFontRef.load(bytes: bytes, face: .index(index)) else { continue }
        var glyphs: [UInt16] = []
        for s in "AVTo Жя 中文 é€😀".unicodeScalars { if let g = face.glyph(for: s) { glyphs.append(g) } }
        glyphs += [0, 1, 2, UInt16(truncatingIfNeeded: face.glyphCount - 1)]
        for g in glyphs {
            _ = face.advance(glyph: g)
            _ = face.outline(glyph: g)
            for h in glyphs { _ = face.kerning(g, h) }
        }
        _ = face.characterMappings().count
        if let subset = try? face.subset(glyphs: glyphs) {
            _ = subset.sfntsChunks()
            _ = try? TrueTypeFontRef.load(bytes: subset.bytes)
        }
    }
    return 0
}
SWIFT
cp "$repo/Tests/Fonts/DejaVuSans-ExtensionKern.ttf" "$work/corpus/" 2>/dev/null || true
cd "$work"
swiftc -sanitize=fuzzer,address -parse-as-library -module-name FontFuzz -package-name drawc -Onone -g \
    "$repo"/Sources/DrawFonts/*.swift Fuzz.swift -o fontfuzz
./fontfuzz -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix="$work/crashes/" "$work/corpus"

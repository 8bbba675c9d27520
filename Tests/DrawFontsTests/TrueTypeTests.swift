import Foundation
import Testing
@testable import DrawFonts

/// Expected values were read with fontTools 4.68 from the committed fonts.
@Suite struct TrueTypeTests {
    @Test func dejaVuMetrics() throws {
        let f = TestFonts.dejaVuSans
        #expect(f.unitsPerEm == 2048)
        #expect(f.glyphCount == 6253)
        #expect(f.familyName == "DejaVu Sans" && f.subfamilyName == "Book" && f.postScriptName == "DejaVuSans")
        #expect(f.ascender == 1901 && f.descender == -483 && f.lineGap == 0)  // hhea (no USE_TYPO_METRICS)
        #expect(f.capHeight == 1493 && f.xHeight == 1120)                      // OS/2 v1: from 'H' and 'x'
        #expect(f.fontBBox == FontBox(xMin: -2090, yMin: -948, xMax: 3673, yMax: 2524))
        #expect(f.weightClass == 400 && !f.isBold && !f.isItalic && !f.isFixedPitch)
        #expect(f.italicAngle == 0)
    }

    @Test func dejaVuCmapAndAdvances() {
        let f = TestFonts.dejaVuSans
        #expect(f.glyph(for: "A") == 36 && f.advance(glyph: 36) == 1401)
        #expect(f.glyph(for: "V") == 57)
        #expect(f.glyph(for: "W").map(f.advance(glyph:)) == 2025)
        #expect(f.glyph(for: "\u{0422}") == 951 && f.advance(glyph: 951) == 1251)  // Т Cyrillic
        #expect(f.glyph(for: "\u{043E}") == 979)                                   // о
        #expect(f.glyph(for: "\u{4E2D}") == nil)                                   // 中
        #expect(f.glyph(for: "\u{1F600}") == 5857)                                 // 😀 via format 12
        #expect(f.glyph(for: "\u{1F9FF}") == nil)
        #expect(f.advance(glyph: 60000) == 0)
    }

    @Test func dejaVuKerningFromGPOS() {
        let f = TestFonts.dejaVuSans
        #expect(f.kerningSource == .gpos)
        func k(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Int { f.kerning(f.glyph(for: a)!, f.glyph(for: b)!) }
        #expect(k("A", "V") == -131)
        #expect(k("V", "A") == -131)
        #expect(k("T", "o") == -348)
        #expect(k("T", "a") == -339)
        #expect(k("L", "T") == -282)
        #expect(k("A", "A") == 57)
        #expect(k("\u{0422}", "\u{0443}") == 0)
    }

    @Test func kernTableFallback() throws {
        // Rename the GPOS table's tag so only `kern` remains: the same pairs must come out.
        var bytes = TestFonts.dejaVuSansBytes
        let numTables = Int(bytes[4]) << 8 | Int(bytes[5])
        for i in 0..<numTables where Array(bytes[12 + 16 * i..<12 + 16 * i + 4]) == Array("GPOS".utf8) {
            bytes[12 + 16 * i] = UInt8(ascii: "X")
        }
        let f = try TrueTypeFontRef.load(bytes: bytes)
        #expect(f.kerningSource == .kernTable)
        func k(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Int { f.kerning(f.glyph(for: a)!, f.glyph(for: b)!) }
        #expect(k("A", "V") == -131)
        #expect(k("T", "o") == -348)
        #expect(k("A", "B") == 0)
    }

    @Test func collectionFaces() throws {
        #expect(try TrueTypeFontRef.faceCount(bytes: TestFonts.microHeiBytes) == 2)
        let hei = TestFonts.microHei
        #expect(hei.familyName == "WenQuanYi Micro Hei" && hei.postScriptName == "WenQuanYiMicroHei")
        #expect(hei.allFamilyNames.contains("文泉驿微米黑"))
        #expect(hei.glyphCount == 49531 && hei.unitsPerEm == 2048)
        #expect(hei.glyph(for: "中") == 2012 && hei.advance(glyph: 2012) == 2048)
        #expect(hei.glyph(for: "文") == 7990)
        #expect(hei.glyph(for: "A").map(hei.advance(glyph:)) == 1245)
        let mono = try TrueTypeFontRef.load(bytes: TestFonts.microHeiBytes, face: .index(1))
        #expect(mono.familyName == "WenQuanYi Micro Hei Mono")
        #expect(mono.glyph(for: "A").map(mono.advance(glyph:)) == 1229)
        let byName = try TrueTypeFontRef.load(bytes: TestFonts.microHeiBytes, face: .name("wenquanyi micro hei mono"))
        #expect(byName.faceIndex == 1)
        let byPSName = try TrueTypeFontRef.load(bytes: TestFonts.microHeiBytes, face: .name("WenQuanYiMicroHei"))
        #expect(byPSName.faceIndex == 0)
        #expect(throws: FontError.self) { try TrueTypeFontRef.load(bytes: TestFonts.microHeiBytes, face: .index(2)) }
        #expect(throws: FontError.self) { try TrueTypeFontRef.load(bytes: TestFonts.microHeiBytes, face: .name("Nope")) }
    }

    @Test func loadFromPath() throws {
        let f = try TrueTypeFontRef.load(path: TestFonts.dejaVuSansPath)
        #expect(f.path == TestFonts.dejaVuSansPath)
        do {
            _ = try TrueTypeFontRef.load(path: TestFonts.directory + "/missing.ttf")
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .unreadable)
            #expect(error.file == TestFonts.directory + "/missing.ttf")
        }
    }

    @Test func extensionLookupKerning() throws {
        // Tests/Fonts/DejaVuSans-ExtensionKern.ttf: DejaVu's kern lookups wrapped in GPOS
        // Extension lookups (type 9) by scripts/make-extension-test-font.py.
        let f = try TrueTypeFontRef.load(path: TestFonts.directory + "/DejaVuSans-ExtensionKern.ttf")
        #expect(f.kerningSource == .gpos)
        func k(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Int { f.kerning(f.glyph(for: a)!, f.glyph(for: b)!) }
        #expect(k("A", "V") == -131)
        #expect(k("T", "o") == -348)
        #expect(k("L", "T") == -282)
        #expect(k("o", "a") == 0)
    }

    @Test func microHeiKerningFormat1() {
        // WenQuanYi Micro Hei: one PairPos format 1 lookup (values read with fontTools).
        let f = TestFonts.microHei
        func k(_ a: Unicode.Scalar, _ b: Unicode.Scalar) -> Int { f.kerning(f.glyph(for: a)!, f.glyph(for: b)!) }
        #expect(f.kerningSource == .gpos)
        #expect(k("P", ".") == -205)
        #expect(k("L", "$") == -102)
        #expect(k("-", "V") == -102)
        #expect(k("T", "$") == 82)
        #expect(k("中", "文") == 0)
    }

    @Test func characterMappingsMatchFontTools() {
        // Every (scalar, glyph) pair of the best cmap, as fontTools reads it.
        let f = TestFonts.dejaVuSans
        let ours = f.characterMappings()
        #expect(ours.count > 5000)
        #expect(zip(ours, ours.dropFirst()).allSatisfy { $0.scalar < $1.scalar })
        for m in ours.prefix(3000) { #expect(f.glyph(for: Unicode.Scalar(m.scalar)!) == m.glyph) }
        let script = """
        cmap = font.getBestCmap()
        print(len(cmap), sum(cp * font.getGlyphID(name) for cp, name in cmap.items()))
        """
        guard let result = ExternalValidators.fontTools(TestFonts.dejaVuSansBytes, script) else { return }
        let checksum = ours.reduce(0) { $0 + Int($1.scalar) * Int($1.glyph) }
        #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines) == "\(ours.count) \(checksum)")
    }
}

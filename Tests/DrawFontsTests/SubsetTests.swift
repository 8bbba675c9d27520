import Testing
@testable import DrawFonts

@Suite struct SubsetTests {
    func glyphs(_ face: TrueTypeFontRef, _ text: String) -> [UInt16] {
        text.unicodeScalars.compactMap { face.glyph(for: $0) }
    }

    @Test func dejaVuSubsetIsValid() throws {
        let face = TestFonts.dejaVuSans
        let used = glyphs(face, "Hello, Привет! AVA é")
        let subset = try face.subset(glyphs: used)
        #expect(subset.glyphs.first == 0)
        #expect(Set(used).isSubset(of: Set(subset.glyphs)))
        #expect(subset.bytes.count < 40_000)
        #expect(subset.tag.count == 6 && subset.tag.allSatisfy { $0.isUppercase })
        // Same glyphs, same tag and bytes.
        let again = try face.subset(glyphs: used.reversed())
        #expect(again.tag == subset.tag && again.bytes == subset.bytes)

        // The whole font sums to 0xB1B0AFBA (checkSumAdjustment), and it reloads with our parser.
        #expect(sfntChecksum(subset.bytes) == 0xB1B0_AFBA)
        let reloaded = try TrueTypeFontRef.load(bytes: subset.bytes)
        #expect(reloaded.glyphCount == subset.glyphs.count)
        for g in used { #expect(reloaded.advance(glyph: subset.newGlyph(g)!) == face.advance(glyph: g)) }
        for s in "Hello, Привет!".unicodeScalars {
            #expect(reloaded.glyph(for: s) == subset.newGlyph(face.glyph(for: s)!))
        }
        #expect(reloaded.glyph(for: "Z") == nil)
        #expect(subset.newGlyph(face.glyph(for: "Z")!) == nil)
        #expect(subset.newGlyph(0) == 0)
        // Kerning is not carried into the subset (GPOS dropped); layout measured with the original.

        ExternalValidators.expectOTSAccepts(subset.bytes)
        if let result = ExternalValidators.fontTools(subset.bytes, """
        cmap = font.getBestCmap()
        print(font['maxp'].numGlyphs, font.getGlyphID(cmap[ord('H')]), font['hmtx'][cmap[ord('H')]][0])
        """) {
            #expect(result.status == 0, "\(result.output)")
            let h = face.glyph(for: "H")!
            #expect(result.output.contains("\(reloaded.glyphCount) \(subset.newGlyph(h)!) \(face.advance(glyph: h))"), "\(result.output)")
        }
    }

    @Test func compositeComponentsAreKept() throws {
        // In DejaVu Sans 'é' (U+00E9) is a composite of 'e' and the acute accent.
        let face = TestFonts.dejaVuSans
        let eacute = face.glyph(for: "é")!
        let subset = try face.subset(glyphs: [eacute])
        let range = face.glyphRange(Int(eacute))!
        let components = try face.compositeComponents(range)
        #expect(!components.isEmpty)
        for c in components { #expect(subset.glyphs.contains(UInt16(c))) }
        // The subset's composite points at the renumbered components.
        let reloaded = try TrueTypeFontRef.load(bytes: subset.bytes)
        let newEacute = Int(subset.newGlyph(eacute)!)
        let newComponents = try reloaded.compositeComponents(reloaded.glyphRange(newEacute)!)
        #expect(newComponents == components.map { Int(subset.newGlyph(UInt16($0))!) })
        #expect(reloaded.glyphBox(UInt16(newEacute)) == face.glyphBox(eacute))
        ExternalValidators.expectOTSAccepts(subset.bytes)
        if let result = ExternalValidators.fontTools(subset.bytes) { #expect(result.status == 0, "\(result.output)") }
    }

    @Test func cjkSubsetFromCollection() throws {
        let face = TestFonts.microHei
        let used = glyphs(face, "中文字体测试 日本語 ABC")
        let subset = try face.subset(glyphs: used)
        #expect(subset.bytes.count < 200_000)
        let reloaded = try TrueTypeFontRef.load(bytes: subset.bytes)
        #expect(reloaded.familyName == "WenQuanYi Micro Hei")
        #expect(reloaded.glyph(for: "中") == subset.newGlyph(face.glyph(for: "中")!))
        #expect(subset.bytes.count < 30_000)
        ExternalValidators.expectOTSAccepts(subset.bytes)
        if let result = ExternalValidators.fontTools(subset.bytes) { #expect(result.status == 0, "\(result.output)") }
    }

    @Test func fullSubsetWithLongLoca() throws {
        // Every glyph of DejaVu: glyf exceeds 128 KB, so loca must be long; still valid.
        let face = TestFonts.dejaVuSans
        let subset = try face.subset(glyphs: (0..<UInt16(face.glyphCount)))
        let reloaded = try TrueTypeFontRef.load(bytes: subset.bytes)
        #expect(reloaded.glyphCount == face.glyphCount)
        #expect(reloaded.glyph(for: "\u{1F600}") == 5857)  // all kept: ids unchanged
        ExternalValidators.expectOTSAccepts(subset.bytes)
        checkChunks(subset)
    }

    func checkChunks(_ subset: FontSubset, maxLength: Int = 65_534) {
        let chunks = subset.sfntsChunks(maxLength: maxLength)
        let boundaries = Set(subset.boundaries)
        #expect(chunks.first?.lowerBound == 0)
        #expect(chunks.last?.upperBound == subset.bytes.count)
        for (a, b) in zip(chunks, chunks.dropFirst()) { #expect(a.upperBound == b.lowerBound) }
        for c in chunks {
            // Longer than maxLength only when one table or glyph alone is that long.
            #expect(c.count <= maxLength || !subset.boundaries.contains { $0 > c.lowerBound && $0 < c.upperBound })
            #expect(c.count % 2 == 0)
            #expect(boundaries.contains(c.lowerBound) && boundaries.contains(c.upperBound))
        }
    }

    @Test func sfntsSplitsOnlyAtBoundaries() throws {
        let face = TestFonts.microHei
        let used = glyphs(face, "中文字体测试日本語한국어ABCabc")
        let subset = try face.subset(glyphs: used)
        // Boundaries: table starts and glyph starts, 4-aligned, inside the font.
        #expect(subset.boundaries.allSatisfy { $0 % 4 == 0 && $0 <= subset.bytes.count })
        checkChunks(subset)
        checkChunks(subset, maxLength: 1_000)  // forces splits inside glyf between glyphs
        let small = subset.sfntsChunks(maxLength: 1_000)
        #expect(small.count > 5)
        let big = try face.subset(glyphs: (0..<UInt16(8000)))
        #expect(big.bytes.count > 65_534)
        checkChunks(big)
        #expect(big.sfntsChunks().allSatisfy { $0.count <= 65_534 })
        #expect(big.sfntsChunks().count > 1)
    }
}

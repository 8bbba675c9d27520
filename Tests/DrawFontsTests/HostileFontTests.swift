import Testing
@testable import DrawFonts

/// Damaged and hostile font files must give `FontError`s, never a crash or a hang. The files
/// are made here by corrupting the committed fonts.
@Suite struct HostileFontTests {
    /// Offset of a table's directory record in a single font.
    static func record(_ bytes: [UInt8], _ tag: String) -> Int? {
        let numTables = Int(bytes[4]) << 8 | Int(bytes[5])
        for i in 0..<numTables where Array(bytes[12 + 16 * i..<12 + 16 * i + 4]) == Array(tag.utf8) { return 12 + 16 * i }
        return nil
    }

    static func u32(_ b: [UInt8], _ at: Int) -> Int { Int(b[at]) << 24 | Int(b[at + 1]) << 16 | Int(b[at + 2]) << 8 | Int(b[at + 3]) }
    static func set32(_ b: inout [UInt8], _ at: Int, _ v: Int) {
        b[at] = UInt8(truncatingIfNeeded: v >> 24); b[at + 1] = UInt8(truncatingIfNeeded: v >> 16)
        b[at + 2] = UInt8(truncatingIfNeeded: v >> 8); b[at + 3] = UInt8(truncatingIfNeeded: v)
    }
    static func set16(_ b: inout [UInt8], _ at: Int, _ v: Int) {
        b[at] = UInt8(truncatingIfNeeded: v >> 8); b[at + 1] = UInt8(truncatingIfNeeded: v)
    }
    static func tableOffset(_ b: [UInt8], _ tag: String) -> Int { u32(b, record(b, tag)! + 8) }

    /// Loads and, if that works, uses everything a compilation would use.
    static func exercise(_ bytes: [UInt8], face: Int = 0) -> FontError? {
        do {
            let f = try TrueTypeFontRef.load(bytes: bytes, face: .index(face))
            var glyphs: [UInt16] = []
            for s in "AVTo Привет 中文 é😀".unicodeScalars {
                if let g = f.glyph(for: s) { glyphs.append(g) }
            }
            for g in glyphs + [0, 1, UInt16(f.glyphCount - 1), 0xFFFF] {
                _ = f.advance(glyph: g)
                _ = f.glyphBox(g)
                for h in glyphs { _ = f.kerning(g, h) }
            }
            _ = f.characterMappings().count
            let subset = try f.subset(glyphs: glyphs)
            _ = subset.sfntsChunks()
            return nil
        } catch {
            return error
        }
    }

    @Test func notFonts() {
        for bytes: [UInt8] in [[], [0, 1, 0, 0], Array("hello, this is not a font".utf8), [UInt8](repeating: 0, count: 64)] {
            #expect(throws: FontError.self) { try TrueTypeFontRef.load(bytes: bytes) }
        }
        #expect(Self.exercise(Array("OTTO".utf8) + [UInt8](repeating: 0, count: 20)) != nil)
    }

    @Test func truncatedFiles() {
        let full = TestFonts.dejaVuSansBytes
        var lengths = [0, 4, 11, 12, 13, 100, 12 + 16 * 20, 1000, full.count - 1, full.count / 2]
        for tag in ["cmap", "head", "hhea", "hmtx", "loca", "glyf", "GPOS", "kern", "name", "maxp"] {
            let start = Self.tableOffset(full, tag)
            lengths += [start, start + 1, start + 7, start + 50]
        }
        for n in lengths where n <= full.count {
            let error = Self.exercise(Array(full.prefix(n)))
            #expect(error != nil || n == full.count, "prefix \(n) loaded")
            if let error { #expect(error.kind == .damaged || error.kind == .notAFont || error.kind == .missingTable, "\(error)") }
        }
    }

    @Test func offsetsPastTheEnd() {
        for tag in ["cmap", "head", "hhea", "hmtx", "loca", "glyf", "GPOS", "kern", "name", "maxp", "OS/2", "post"] {
            var bytes = TestFonts.dejaVuSansBytes
            Self.set32(&bytes, Self.record(bytes, tag)! + 8, 0xFFFF_FF00)
            let error = Self.exercise(bytes)
            #expect(error?.kind == .damaged, "\(tag): \(String(describing: error))")
            var longer = TestFonts.dejaVuSansBytes
            Self.set32(&longer, Self.record(longer, tag)! + 12, 0x7FFF_FFFF)  // length past the end
            #expect(Self.exercise(longer)?.kind == .damaged, "\(tag) length")
        }
    }

    @Test func hugeCounts() {
        let base = TestFonts.dejaVuSansBytes
        // numTables
        var a = base; Self.set16(&a, 4, 0xFFFF)
        #expect(Self.exercise(a) != nil)
        // cmap: every subtable's group/segment count at its maximum
        var b = base
        let cmap = Self.tableOffset(b, "cmap")
        let subtables = Int(b[cmap + 2]) << 8 | Int(b[cmap + 3])
        for i in 0..<subtables {
            let sub = cmap + Self.u32(b, cmap + 4 + 8 * i + 4)
            let format = Int(b[sub]) << 8 | Int(b[sub + 1])
            if format == 12 { Self.set32(&b, sub + 12, 0xFFFF_FFFF) }
            if format == 4 { Self.set16(&b, sub + 6, 0xFFFE) }
        }
        #expect(Self.exercise(b) != nil)
        // maxp numGlyphs and hhea numberOfHMetrics
        var c = base; Self.set16(&c, Self.tableOffset(c, "maxp") + 4, 0xFFFF)
        #expect(Self.exercise(c)?.kind == .damaged)
        var d = base; Self.set16(&d, Self.tableOffset(d, "hhea") + 34, 0xFFFF)
        #expect(Self.exercise(d)?.kind == .invalidValue)
        // GPOS feature/lookup counts: kerning degrades to nothing, the font stays usable.
        var e = base
        let gpos = Self.tableOffset(e, "GPOS")
        let lookupList = gpos + (Int(e[gpos + 8]) << 8 | Int(e[gpos + 9]))
        let featureList = gpos + (Int(e[gpos + 6]) << 8 | Int(e[gpos + 7]))
        Self.set16(&e, lookupList, 0xFFFF); Self.set16(&e, featureList, 0xFFFF)
        #expect(Self.exercise(e) == nil)
        // kern nPairs
        var f = base
        Self.set16(&f, Self.tableOffset(f, "kern") + 4 + 6, 0xFFFF)
        #expect(Self.exercise(f) == nil)
        // a collection claiming 4 billion faces
        var g = TestFonts.microHeiBytes; Self.set32(&g, 8, 0xFFFF_FFFF)
        #expect(Self.exercise(g)?.kind == .limitExceeded)
        // unitsPerEm 0
        var h = base; Self.set16(&h, Self.tableOffset(h, "head") + 18, 0)
        #expect(Self.exercise(h)?.kind == .invalidValue)
    }

    @Test func selfReferencingCompositeTerminates() throws {
        var bytes = TestFonts.dejaVuSansBytes
        let face = TestFonts.dejaVuSans
        let eacute = face.glyph(for: "é")!
        let range = face.glyphRange(Int(eacute))!
        // Point the first component at the composite itself.
        Self.set16(&bytes, range.lowerBound + 12, Int(eacute))
        let f = try TrueTypeFontRef.load(bytes: bytes)
        let subset = try f.subset(glyphs: [eacute])
        #expect(subset.glyphs.contains(eacute))
        // A component list running past the glyph's end is an error.
        var cut = TestFonts.dejaVuSansBytes
        Self.set16(&cut, range.lowerBound + 10, 0x0020)  // MORE_COMPONENTS forever
        Self.set16(&cut, range.lowerBound + 14, 0x0020)
        let g = try TrueTypeFontRef.load(bytes: cut)
        _ = try? g.subset(glyphs: [eacute])
    }

    @Test func overlappingCmapRangesStayLinear() throws {
        // Every format 12 group claims all of Unicode, every format 4 segment all of the BMP:
        // enumerating the mappings (for a subset's cmap or /ToUnicode) must stay linear.
        var bytes = TestFonts.dejaVuSansBytes
        let cmap = Self.tableOffset(bytes, "cmap")
        let subtables = Int(bytes[cmap + 2]) << 8 | Int(bytes[cmap + 3])
        for i in 0..<subtables {
            let sub = cmap + Self.u32(bytes, cmap + 4 + 8 * i + 4)
            let format = Int(bytes[sub]) << 8 | Int(bytes[sub + 1])
            if format == 12 {
                for k in 0..<Self.u32(bytes, sub + 12) {
                    Self.set32(&bytes, sub + 16 + 12 * k, 0); Self.set32(&bytes, sub + 16 + 12 * k + 4, 0x10FFFF)
                }
            }
            if format == 4 {
                let segCount = (Int(bytes[sub + 6]) << 8 | Int(bytes[sub + 7])) / 2
                for k in 0..<segCount { Self.set16(&bytes, sub + 14 + 2 * segCount + 2 + 2 * k, 0) }
            }
        }
        let f = try TrueTypeFontRef.load(bytes: bytes)
        let start = ContinuousClock.now
        _ = f.characterMappings()
        _ = try f.subset(glyphs: [36, 57])
        #expect(ContinuousClock.now - start < .seconds(20))
    }

    @Test func compositeFanOutIsBounded() throws {
        // 16 composite glyphs, each made of components that all point at the next one, the
        // last at the (empty) space glyph: 2^16+ visits without a budget.
        var bytes = TestFonts.dejaVuSansBytes
        let face = TestFonts.dejaVuSans
        var chain: [(glyph: Int, range: Range<Int>)] = []
        for g in 0..<face.glyphCount where chain.count < 16 {
            guard let range = face.glyphRange(g), range.count >= 26,
                  Int16(bitPattern: UInt16(bytes[range.lowerBound]) << 8 | UInt16(bytes[range.lowerBound + 1])) < 0 else { continue }
            chain.append((g, range))
        }
        #expect(chain.count == 16)
        let space = Int(face.glyph(for: " ")!)
        for (i, link) in chain.enumerated() {
            let next = i + 1 < chain.count ? chain[i + 1].glyph : space
            let count = (link.range.count - 10) / 8
            for k in 0..<count {
                let at = link.range.lowerBound + 10 + 8 * k
                Self.set16(&bytes, at, k + 1 < count ? 0x0023 : 0x0003)  // words, xy values, more
                Self.set16(&bytes, at + 2, next)
                Self.set16(&bytes, at + 4, 0); Self.set16(&bytes, at + 6, 0)
            }
        }
        let f = try TrueTypeFontRef.load(bytes: bytes)
        let start = ContinuousClock.now
        #expect(f.outline(glyph: UInt16(chain[0].glyph)).isEmpty)
        let subset = try f.subset(glyphs: [UInt16(chain[0].glyph)])
        #expect(subset.glyphs.count == 18)  // .notdef, the chain, space
        #expect(ContinuousClock.now - start < .seconds(10))
    }

    @Test func cff2OutlinesAreRefused() {
        var bytes = TestFonts.dejaVuSansBytes
        let at = Self.record(bytes, "glyf")!
        bytes.replaceSubrange(at..<at + 4, with: Array("CFF2".utf8))
        #expect(Self.exercise(bytes)?.kind == .cffNotSupported)
        #expect(Self.exercise(bytes)?.detail.contains("CFF2") == true)
        // Glyph data that is not CFF under a 'CFF ' tag is damage, reported as such.
        bytes.replaceSubrange(at..<at + 4, with: Array("CFF ".utf8))
        #expect(Self.exercise(bytes) != nil)
    }

    /// Deterministic random corruption of every table: anything may fail, nothing may crash.
    @Test func randomCorruption() {
        var rng = SplitMix64(seed: 0xD4A3)
        for source in [TestFonts.dejaVuSansBytes] {
            let tags = ["cmap", "head", "hhea", "hmtx", "loca", "glyf", "GPOS", "kern", "name", "maxp", "OS/2", "post"]
            for round in 0..<80 {
                var bytes = source
                let tag = tags[round % tags.count]
                let recordAt = Self.record(bytes, tag)!
                let start = Self.u32(bytes, recordAt + 8), length = Self.u32(bytes, recordAt + 12)
                // Mostly early bytes: headers and offsets, where damage matters most.
                for _ in 0..<(1 + Int(rng.next() % 8)) {
                    let span = rng.next() % 4 == 0 ? length : min(length, 64)
                    let at = start + Int(rng.next() % UInt64(max(span, 1)))
                    bytes[at] = UInt8(truncatingIfNeeded: rng.next())
                }
                if round % 10 == 0 { bytes[12 + Int(rng.next() % 200)] = UInt8(truncatingIfNeeded: rng.next()) }
                _ = Self.exercise(bytes)
            }
        }
    }
}

struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

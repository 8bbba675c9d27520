import DrawResources
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A loaded OpenType face — TrueType (`glyf`) or PostScript (`CFF `) outlines — shared by reference: one font file is parsed once per
/// compilation and used by layout (metrics, cmap, kerning) and by the backends (subsetting,
/// outlines). Identity is the object; equality and hashing use it. Immutable once loaded,
/// hence safe to share between threads.
///
/// Lengths are in font units (`unitsPerEm` per em, any value: 64, 1000, 1024, 2048 occur);
/// scale by `size / unitsPerEm`. Glyph ids are the font's own.
///
/// Loading validates the table directory and every table the lookups below depend on, so the
/// lookups can't fail; where a lookup meets damage anyway (a kerning subtable pointing past its
/// table), it answers "nothing" (no glyph, no kerning) rather than failing.
package final class TrueTypeFontRef: Hashable, @unchecked Sendable {
    // MARK: Names (`name` table; Windows English preferred)

    /// The font's PostScript name (`name` id 6), e.g. "DejaVuSans"; made from the family and
    /// subfamily when the font lacks one.
    package let postScriptName: String
    /// Family name (id 1), e.g. "DejaVu Sans".
    package let familyName: String
    /// Subfamily (id 2), e.g. "Bold Oblique".
    package let subfamilyName: String
    /// Full name (id 4), e.g. "DejaVu Sans Bold Oblique".
    package let fullName: String
    /// Every family name the font gives, in any language, ids 1 and 16 (typographic family):
    /// what a `font: "…"` family lookup matches against.
    package let allFamilyNames: [String]

    // MARK: Where it came from

    /// The file it was loaded from, if any.
    package let path: String?
    /// Index of the face in its collection (0 for a single font).
    package let faceIndex: Int

    // MARK: Metrics (font units)

    package let unitsPerEm: Int
    /// Line metrics by one rule (see docs/fonts.md): OS/2 typo metrics when the font sets
    /// USE_TYPO_METRICS, else hhea, else OS/2 typo, else OS/2 win. Descender is negative.
    package let ascender: Int
    package let descender: Int
    package let lineGap: Int
    /// OS/2 sCapHeight, else the top of 'H', else the ascender.
    package let capHeight: Int
    /// OS/2 sxHeight, else the top of 'x', else 0.
    package let xHeight: Int
    /// head xMin/yMin/xMax/yMax.
    package let fontBBox: FontBox
    /// post italicAngle, degrees (negative leans right).
    package let italicAngle: Double
    package let underlinePosition: Int
    package let underlineThickness: Int
    /// OS/2 yStrikeoutPosition (the top of the stroke) and yStrikeoutSize; without OS/2,
    /// a stroke as thick as the underline with its top at 0.3 em (about half the x-height).
    package let strikeoutPosition: Int
    package let strikeoutThickness: Int
    /// OS/2 usWeightClass (400 regular, 700 bold); 400 or 700 from macStyle when OS/2 lacks it.
    package let weightClass: Int
    /// OS/2 usWidthClass (5 normal, 3 condensed, 7 expanded); 5 without OS/2.
    package let widthClass: Int
    /// OS/2 fsSelection bit 5, else head macStyle bit 0.
    package let isBold: Bool
    /// OS/2 fsSelection bit 0 (italic) or 9 (oblique), else head macStyle bit 1.
    package let isItalic: Bool
    /// post isFixedPitch.
    package let isFixedPitch: Bool
    /// OS/2 sFamilyClass says serif (classes 1–5, 7).
    package let isSerif: Bool
    /// Number of glyphs (maxp), glyph ids are 0..<glyphCount; 0 is .notdef.
    package let glyphCount: Int

    /// An estimate of the dominant vertical stem width in 1/1000 em, for PDF /StemV (TrueType
    /// has no such field): 10 + 220 × (weightClass − 50) / 900, the usual heuristic.
    package var stemV: Int { max(10, 10 + 220 * (weightClass - 50) / 900) }

    /// PDF /FontDescriptor /Flags for the embedded font: FixedPitch 1, Serif 2, Symbolic 4
    /// (always: an embedded CIDFont subset's glyphs are addressed by id, not a standard
    /// Latin encoding), Italic 64.
    package var pdfFlags: Int { (isFixedPitch ? 1 : 0) | (isSerif ? 2 : 0) | 4 | (isItalic ? 64 : 0) }

    // MARK: Internal state

    let reader: ByteReader
    let tables: [TableRecord]
    let numberOfHMetrics: Int
    let hmtxOffset: Int
    /// The `glyf`/`loca` locator of a TrueType face (nil for a CFF face).
    let locator: GlyphLocator?
    /// The parsed `CFF ` table of a face with PostScript outlines (nil for a TrueType face).
    package let cff: CFFFont?
    let cmap: CharacterMap
    let kerning: KerningTables
    /// GDEF, GSUB and GPOS, located (OpenTypeLayout.swift; shaping in Shaping.swift).
    let layoutTables: OpenTypeLayoutTables

    struct TableRecord: Hashable {
        var tag: String
        var checksum: UInt32
        var offset: Int
        var length: Int
    }

    package static func == (a: TrueTypeFontRef, b: TrueTypeFontRef) -> Bool { a === b }
    package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    // MARK: Loading

    /// Which face of a file to load.
    package enum FaceSelector: Hashable, Sendable {
        /// By position in a collection (0 for a single font).
        case index(Int)
        /// By PostScript name, full name or family name (case-insensitive), e.g.
        /// "WenQuanYi Micro Hei Mono".
        case name(String)
    }

    /// Loads a face from a file. Errors name the file.
    package static func load(path: String, face: FaceSelector = .index(0)) throws(FontError) -> TrueTypeFontRef {
        let bytes = try readFontFile(path)
        do {
            return try load(bytes: bytes, face: face, path: path)
        } catch {
            throw error.withFile(path)
        }
    }

    /// Loads a face from bytes of a font or collection.
    package static func load(bytes: [UInt8], face: FaceSelector = .index(0), path: String? = nil) throws(FontError) -> TrueTypeFontRef {
        let reader = ByteReader(bytes)
        let offsets = try faceOffsets(reader)
        switch face {
        case .index(let i):
            guard i >= 0, i < offsets.count else {
                throw FontError(.noSuchFace, "the file has \(offsets.count) face\(offsets.count == 1 ? "" : "s"), no face number \(i)")
            }
            return try TrueTypeFontRef(reader: reader, directoryOffset: offsets[i], faceIndex: i, path: path)
        case .name(let name):
            let wanted = normalizedFontName(name)
            var found: [String] = []
            for (i, offset) in offsets.enumerated() {
                let f = try TrueTypeFontRef(reader: reader, directoryOffset: offset, faceIndex: i, path: path)
                let names = [f.postScriptName, f.fullName] + f.allFamilyNames
                if names.contains(where: { normalizedFontName($0) == wanted }) { return f }
                found.append(f.fullName)
            }
            throw FontError(.noSuchFace, "no face named '\(name)' (the file has: \(found.joined(separator: ", ")))")
        }
    }

    /// The number of faces in a font file (1 for a single font, n for a collection).
    package static func faceCount(bytes: [UInt8]) throws(FontError) -> Int {
        try faceOffsets(ByteReader(bytes)).count
    }

    /// A font file's bytes: a regular file of at most `FontLimits.maxFileSize` (DrawResources).
    static func readFontFile(_ path: String) throws(FontError) -> [UInt8] {
        do {
            return try RegularFile.read(path, maximumSize: FontLimits.maxFileSize)
        } catch {
            throw FontError(error.reason == .tooLarge ? .limitExceeded : .unreadable, error.message, file: path)
        }
    }

    /// Offsets of each face's table directory: one for a font, several for a collection.
    static func faceOffsets(_ r: ByteReader) throws(FontError) -> [Int] {
        guard r.count >= 12 else { throw FontError(.notAFont, "is not a font (too short)") }
        let signature = try r.u32(0)
        switch signature {
        case 0x7474_6366:  // 'ttcf'
            let count = try r.u32(8, "collection header")
            guard count >= 1 else { throw FontError(.damaged, "the collection has no faces") }
            guard count <= FontLimits.maxFacesInCollection else {
                throw FontError(.limitExceeded, "the collection claims \(count) faces (limit \(FontLimits.maxFacesInCollection))")
            }
            try r.check(12, count * 4, "collection face offsets")
            var offsets: [Int] = []
            for i in 0..<count { offsets.append(try r.u32(12 + 4 * i)) }
            return offsets
        case 0x0001_0000, 0x7472_7565, 0x4F54_544F:  // TrueType, 'true' (Apple), 'OTTO' (CFF)
            return [0]
        default:
            throw FontError(.notAFont, "is not a TrueType or OpenType font")
        }
    }

    init(reader r: ByteReader, directoryOffset base: Int, faceIndex: Int, path: String?, postScriptNameOverride: String? = nil) throws(FontError) {
        self.reader = r
        self.path = path
        self.faceIndex = faceIndex

        // Table directory.
        let numTables = try r.u16(base + 4, "table directory")
        try r.check(base + 12, numTables * 16, "table directory")
        var tables: [TableRecord] = []
        for i in 0..<numTables {
            let at = base + 12 + 16 * i
            let record = TableRecord(tag: try r.tag(at), checksum: UInt32(try r.u32(at + 4)),
                                     offset: try r.u32(at + 8), length: try r.u32(at + 12))
            // A table must lie inside the file; checking once here lets later reads trust it.
            try r.check(record.offset, record.length, "a table")
            tables.append(record)
        }
        self.tables = tables
        func table(_ tag: String) -> TableRecord? { tables.first { $0.tag == tag } }
        func required(_ tag: String) throws(FontError) -> TableRecord {
            guard let t = table(tag) else { throw FontError(.missingTable, "has no '\(tag)' table") }
            return t
        }

        if table("glyf") == nil, table("CFF ") == nil, table("CFF2") != nil {
            throw FontError(.cffNotSupported, "has CFF2 (variable PostScript) outlines, which drawc does not support; use an OpenType font with 'CFF ' or 'glyf' outlines (a static instance)")
        }

        // head
        let head = try required("head")
        guard head.length >= 54 else { throw FontError(.damaged, "the 'head' table is too short") }
        unitsPerEm = try r.u16(head.offset + 18)
        guard unitsPerEm >= 16, unitsPerEm <= 16384 else {
            throw FontError(.invalidValue, "unitsPerEm is \(unitsPerEm) (must be 16…16384)")
        }
        fontBBox = FontBox(xMin: try r.i16(head.offset + 36), yMin: try r.i16(head.offset + 38),
                           xMax: try r.i16(head.offset + 40), yMax: try r.i16(head.offset + 42))
        let macStyle = try r.u16(head.offset + 44)
        let indexToLocFormat = try r.i16(head.offset + 50)
        guard indexToLocFormat == 0 || indexToLocFormat == 1 else {
            throw FontError(.invalidValue, "indexToLocFormat is \(indexToLocFormat) (must be 0 or 1)")
        }
        let locaIsLong = indexToLocFormat == 1

        // maxp
        let maxp = try required("maxp")
        guard maxp.length >= 6 else { throw FontError(.damaged, "the 'maxp' table is too short") }
        var glyphCount = try r.u16(maxp.offset + 4)
        guard glyphCount >= 1 else { throw FontError(.invalidValue, "the font has no glyphs") }

        // hhea + hmtx
        let hhea = try required("hhea")
        guard hhea.length >= 36 else { throw FontError(.damaged, "the 'hhea' table is too short") }
        let hheaAscender = try r.i16(hhea.offset + 4)
        let hheaDescender = try r.i16(hhea.offset + 6)
        let hheaLineGap = try r.i16(hhea.offset + 8)
        numberOfHMetrics = try r.u16(hhea.offset + 34)
        guard numberOfHMetrics >= 1, numberOfHMetrics <= glyphCount else {
            throw FontError(.invalidValue, "numberOfHMetrics is \(numberOfHMetrics) for \(glyphCount) glyphs")
        }
        let hmtx = try required("hmtx")
        guard hmtx.length >= numberOfHMetrics * 4 else {
            throw FontError(.damaged, "the 'hmtx' table is too short for \(numberOfHMetrics) metrics")
        }
        hmtxOffset = hmtx.offset

        // loca + glyf, or CFF (a face with both is read as TrueType).
        let locator: GlyphLocator?
        let cffFont: CFFFont?
        if table("glyf") == nil, let cffTable = table("CFF ") {
            let cff = try CFFFont(reader: r, table: cffTable.offset..<(cffTable.offset + cffTable.length))
            // Glyphs beyond either count have no outline and no advance.
            glyphCount = min(glyphCount, cff.glyphCount)
            cffFont = cff
            locator = nil
        } else {
            let loca = try required("loca")
            let glyf = try required("glyf")
            guard loca.length >= (glyphCount + 1) * (locaIsLong ? 4 : 2) else {
                throw FontError(.damaged, "the 'loca' table is too short for \(glyphCount) glyphs")
            }
            locator = GlyphLocator(reader: r, locaOffset: loca.offset, locaIsLong: locaIsLong, glyf: glyf, glyphCount: glyphCount)
            cffFont = nil
        }
        self.cff = cffFont
        self.locator = locator
        self.glyphCount = glyphCount

        // post (optional)
        if let post = table("post"), post.length >= 16 {
            italicAngle = Double(try r.i32(post.offset + 4)) / 65536
            underlinePosition = try r.i16(post.offset + 8)
            underlineThickness = try r.i16(post.offset + 10)
            isFixedPitch = try r.u32(post.offset + 12) != 0
        } else {
            italicAngle = 0; underlinePosition = -unitsPerEm / 10; underlineThickness = unitsPerEm / 20
            isFixedPitch = false
        }

        // cmap (needed for capHeight/xHeight fallbacks below)
        let cmapTable = try required("cmap")
        let cmap = try CharacterMap(reader: r, table: cmapTable, glyphCount: glyphCount)
        self.cmap = cmap

        // OS/2 (optional) and the line-metrics rule.
        var ascender = hheaAscender, descender = hheaDescender, lineGap = hheaLineGap
        var capHeight = 0, xHeight = 0, weight = (macStyle & 1) != 0 ? 700 : 400
        var bold = (macStyle & 1) != 0, italic = (macStyle & 2) != 0, serif = false, width = 5
        var strikeoutThickness = 0, strikeoutPosition = 0
        if let os2 = table("OS/2"), os2.length >= 78 {
            strikeoutThickness = try r.i16(os2.offset + 26)
            strikeoutPosition = try r.i16(os2.offset + 28)
            let version = try r.u16(os2.offset)
            weight = try r.u16(os2.offset + 4)
            width = try r.u16(os2.offset + 6)
            let familyClass = try r.i16(os2.offset + 30) >> 8
            serif = (1...5).contains(familyClass) || familyClass == 7
            let fsSelection = try r.u16(os2.offset + 62)
            bold = (fsSelection & 0x20) != 0
            italic = (fsSelection & 0x201) != 0
            let typoAscender = try r.i16(os2.offset + 68)
            let typoDescender = try r.i16(os2.offset + 70)
            let typoLineGap = try r.i16(os2.offset + 72)
            let winAscent = try r.u16(os2.offset + 74)
            let winDescent = try r.u16(os2.offset + 76)
            if (fsSelection & 0x80) != 0 {
                (ascender, descender, lineGap) = (typoAscender, typoDescender, typoLineGap)
            } else if hheaAscender == 0 && hheaDescender == 0 {
                if typoAscender != 0 || typoDescender != 0 {
                    (ascender, descender, lineGap) = (typoAscender, typoDescender, typoLineGap)
                } else {
                    (ascender, descender, lineGap) = (winAscent, -winDescent, 0)
                }
            }
            if version >= 2, os2.length >= 90 {
                xHeight = try r.i16(os2.offset + 86)
                capHeight = try r.i16(os2.offset + 88)
            }
        }
        // A font whose descender is given as a positive depth would push lines apart wrongly.
        if descender > 0 { descender = -descender }
        if strikeoutThickness <= 0 {
            strikeoutThickness = max(1, underlineThickness)
            strikeoutPosition = unitsPerEm * 3 / 10
        }
        self.strikeoutThickness = strikeoutThickness; self.strikeoutPosition = strikeoutPosition
        self.ascender = ascender; self.descender = descender; self.lineGap = max(0, lineGap)
        self.weightClass = (1...1000).contains(weight) ? weight : 400
        self.widthClass = (1...9).contains(width) ? width : 5
        self.isBold = bold; self.isItalic = italic; self.isSerif = serif

        // Names.
        let names = try NameTable(reader: r, table: table("name"))
        let family = names.best(1) ?? names.best(16) ?? ""
        let subfamily = names.best(2) ?? names.best(17) ?? (bold ? (italic ? "Bold Italic" : "Bold") : (italic ? "Italic" : "Regular"))
        familyName = family
        subfamilyName = subfamily
        fullName = names.best(4) ?? (family + " " + subfamily)
        postScriptName = postScriptNameOverride ?? names.best(6).map(sanitizedPostScriptName)
            ?? sanitizedPostScriptName(family + "-" + subfamily)
        var families: [String] = []
        for n in names.all(1) + names.all(16) where !families.contains(n) { families.append(n) }
        allFamilyNames = families

        kerning = KerningTables(reader: r, gpos: table("GPOS"), kern: table("kern"))
        layoutTables = OpenTypeLayoutTables(reader: r, gdef: table("GDEF"), gsub: table("GSUB"), gpos: table("GPOS"))

        // capHeight / xHeight fallbacks from the boxes of 'H' and 'x'.
        func box(_ g: Int) -> FontBox? {
            if let locator { return locator.box(g) }
            return cffFont.flatMap { try? $0.run(glyph: g).outline.controlBox }
        }
        if capHeight <= 0 { capHeight = cmap.glyph(for: 0x48).flatMap { box($0) }?.yMax ?? ascender }
        if xHeight <= 0 { xHeight = cmap.glyph(for: 0x78).flatMap { box($0) }?.yMax ?? 0 }
        self.capHeight = capHeight
        self.xHeight = xHeight
    }

    // MARK: Lookups

    /// The glyph for a Unicode scalar, or nil if the font lacks it (maps it to .notdef).
    package func glyph(for scalar: Unicode.Scalar) -> UInt16? {
        cmap.glyph(for: scalar.value).map { UInt16($0) }
    }

    /// Advance width of a glyph in font units (0 for an id out of range).
    package func advance(glyph: UInt16) -> Int {
        let g = Int(glyph)
        guard g < glyphCount else { return 0 }
        let i = min(g, numberOfHMetrics - 1)
        return reader.u16OrNil(hmtxOffset + 4 * i) ?? 0
    }

    /// Pair kerning between two glyphs in font units (negative: closer): GPOS 'kern' feature
    /// pair adjustments when the font has them, else the `kern` table.
    package func kerning(_ left: UInt16, _ right: UInt16) -> Int {
        kerning.value(reader, Int(left), Int(right))
    }

    /// Where the kerning values come from.
    package var kerningSource: KerningSource { kerning.source }

    /// Byte range of a glyph's data in the file (empty for a glyph without outline), nil if
    /// the id is out of range or loca points outside glyf.
    func glyphRange(_ glyph: Int) -> Range<Int>? { locator?.range(glyph) }

    /// A glyph's bounding box from its `glyf` header, nil for an empty or missing glyph.
    /// For a CFF face, the box of the outline's points and control points (CFF stores no
    /// per-glyph boxes; the control box contains the glyph).
    package func glyphBox(_ glyph: UInt16) -> FontBox? {
        if let locator { return locator.box(Int(glyph)) }
        guard Int(glyph) < glyphCount else { return nil }
        return outline(glyph: glyph).controlBox
    }

    /// Which outlines the face has.
    package enum OutlineFormat: Hashable, Sendable {
        /// Quadratic `glyf` outlines.
        case trueType
        /// Cubic Type 2 charstrings in a `CFF ` table.
        case cff
    }

    package var outlineFormat: OutlineFormat { cff == nil ? .trueType : .cff }

    /// Every (Unicode scalar, glyph) pair of the cmap, ascending by scalar, for glyphs in
    /// `glyphs` (all glyphs when nil). Used to build a subset's cmap and /ToUnicode maps.
    package func characterMappings(for glyphs: Set<UInt16>? = nil) -> [(scalar: UInt32, glyph: UInt16)] {
        cmap.mappings().filter { glyphs?.contains($0.glyph) ?? true }
    }
}

/// Finds glyph data through `loca`, every read checked.
struct GlyphLocator {
    let reader: ByteReader
    let locaOffset: Int
    let locaIsLong: Bool
    let glyf: TrueTypeFontRef.TableRecord
    let glyphCount: Int

    func range(_ glyph: Int) -> Range<Int>? {
        guard glyph >= 0, glyph < glyphCount else { return nil }
        let start: Int, end: Int
        if locaIsLong {
            guard let s = reader.u32OrNil(locaOffset + 4 * glyph), let e = reader.u32OrNil(locaOffset + 4 * glyph + 4) else { return nil }
            (start, end) = (s, e)
        } else {
            guard let s = reader.u16OrNil(locaOffset + 2 * glyph), let e = reader.u16OrNil(locaOffset + 2 * glyph + 2) else { return nil }
            (start, end) = (2 * s, 2 * e)
        }
        guard start <= end, end <= glyf.length else { return nil }
        return (glyf.offset + start)..<(glyf.offset + end)
    }

    func box(_ glyph: Int) -> FontBox? {
        guard let range = range(glyph), range.count >= 10 else { return nil }
        guard let x0 = reader.u16OrNil(range.lowerBound + 2), let y0 = reader.u16OrNil(range.lowerBound + 4),
              let x1 = reader.u16OrNil(range.lowerBound + 6), let y1 = reader.u16OrNil(range.lowerBound + 8) else { return nil }
        func s(_ v: Int) -> Int { Int(Int16(truncatingIfNeeded: v)) }
        return FontBox(xMin: s(x0), yMin: s(y0), xMax: s(x1), yMax: s(y1))
    }
}

/// Lower case with spaces, hyphens and underscores removed: how font names are compared.
package func normalizedFontName(_ name: String) -> String {
    var out = ""
    for scalar in name.unicodeScalars {
        switch scalar {
        case " ", "-", "_", "\t": continue
        case "A"..."Z": out.unicodeScalars.append(Unicode.Scalar(scalar.value + 32)!)
        default: out.unicodeScalars.append(scalar)
        }
    }
    return out
}

/// PostScript names allow printable ASCII except `[](){}<>/%` and space, at most 63 bytes.
func sanitizedPostScriptName(_ name: String) -> String {
    var out = ""
    for scalar in name.unicodeScalars where scalar.value > 0x20 && scalar.value < 0x7F && !"[](){}<>/%".unicodeScalars.contains(scalar) {
        out.unicodeScalars.append(scalar)
    }
    if out.isEmpty { out = "Font" }
    return String(out.prefix(63))
}

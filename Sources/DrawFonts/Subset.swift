/// A subset of a face: a complete, valid font program holding only the glyphs used, ready
/// for PDF `/FontFile2` and PostScript Type 42 (TrueType faces), or an `OTTO` font whose
/// CID-keyed `CFF ` table (`cffTable`) PDF and PostScript embed (CFF faces, see CFFSubset.swift).
///
/// **Glyphs are renumbered compactly**, keeping their order: new id = position in `glyphs`
/// (so .notdef stays 0). Keeping the original ids would leave `loca` and `hmtx` as large as the
/// whole font's (200 KB for a 50,000-glyph CJK font, however few glyphs are used), and a
/// PostScript Type 42 `sfnts` string may not split a table other than `glyf`. Map ids with
/// `newGlyph(_:)`: in PDF either write the new ids as CIDs (`/CIDToGIDMap /Identity`), or keep
/// the original ids as CIDs with a `/CIDToGIDMap` stream built from `glyphs`.
/// Kept: `.notdef`, the requested glyphs and, recursively, the components of composite glyphs
/// (whose references are rewritten to the new ids).
///
/// Tables: `head`, `hhea`, `maxp`, `hmtx`, `loca`, `glyf` (rebuilt); `cmap` (rebuilt for the
/// kept glyphs: format 4 and, when needed, format 12); `name`, `OS/2`, `cvt `, `fpgm`, `prep`,
/// `gasp` (copied: hinting programs are referenced by glyph instructions); `post` (version 3,
/// no glyph names). Layout tables (GSUB, GPOS, GDEF, kern) and per-glyph tables (hdmx, LTSH,
/// VDMX, vhea/vmtx) are dropped. Glyph data and tables are padded to 4 bytes; table checksums
/// and `head.checkSumAdjustment` are valid. A CFF face's subset has a rebuilt `CFF ` table
/// instead of `loca`/`glyf` and no TrueType hinting tables.
package struct FontSubset: Sendable {
    /// The font program.
    package let bytes: [UInt8]
    /// The original ids of the subset's glyphs, ascending: `glyphs[newID] == originalID`
    /// (includes 0 and composite components).
    package let glyphs: [UInt16]
    /// Offsets where PostScript `sfnts` strings may be split: 0, every table start, every
    /// glyph start inside `glyf`, and `bytes.count` (ascending, all multiples of 4).
    package let boundaries: [Int]
    /// Six capital letters derived from the face and the glyph set, for the PDF subset name
    /// `ABCDEF+PostScriptName` (deterministic: same glyphs, same tag).
    package let tag: String
    /// For a CFF face: where the CID-keyed `CFF ` table lies in `bytes` (an `OTTO` sfnt), the
    /// program PDF embeds as `/FontFile3 /CIDFontType0C` and PostScript as a FontSet. Nil
    /// for a TrueType subset.
    package var cffRange: Range<Int>? = nil

    /// The bare CFF program of a CFF subset (see `cffRange`).
    package var cffTable: ArraySlice<UInt8>? { cffRange.map { bytes[$0] } }

    /// Splits `bytes` for PostScript Type 42 `sfnts`: consecutive ranges that start and end on
    /// `boundaries`, each at most `maxLength` bytes (default 65,534, leaving room for the extra
    /// pad byte each string needs under the 65,535-byte limit). Every range has even length.
    /// A single glyph longer than `maxLength` (not seen in real fonts) gets a range of its own.
    /// The subset's id for an original glyph id, nil if the glyph was not kept.
    package func newGlyph(_ original: UInt16) -> UInt16? {
        var lo = 0, hi = glyphs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if glyphs[mid] == original { return UInt16(mid) }
            if glyphs[mid] < original { lo = mid + 1 } else { hi = mid }
        }
        return nil
    }

    package func sfntsChunks(maxLength: Int = 65_534) -> [Range<Int>] {
        var chunks: [Range<Int>] = []
        var start = 0
        var i = 0
        while start < bytes.count {
            // Furthest boundary within maxLength of start.
            var end = -1
            while i < boundaries.count, boundaries[i] - start <= maxLength {
                if boundaries[i] > start { end = boundaries[i] }
                i += 1
            }
            if end < 0 {
                // No boundary fits: take the next one, oversize.
                while i < boundaries.count, boundaries[i] <= start { i += 1 }
                end = i < boundaries.count ? boundaries[i] : bytes.count
            }
            chunks.append(start..<end)
            start = end
        }
        return chunks
    }
}

extension TrueTypeFontRef {
    /// Makes a subset holding `glyphs` (ids out of range are ignored), .notdef and composite
    /// components. Throws when the original's glyph data is damaged.
    package func subset<S: Sequence>(glyphs requested: S) throws(FontError) -> FontSubset where S.Element == UInt16 {
        let r = reader
        // 1. Glyph closure over composite components.
        var keep = Set<Int>([0])
        var work: [(glyph: Int, depth: Int)] = [(0, 0)]
        for g in requested where Int(g) < glyphCount && keep.insert(Int(g)).inserted { work.append((Int(g), 0)) }
        while cff == nil, let (g, depth) = work.popLast() {
            guard let range = glyphRange(g) else { throw FontError(.damaged, "glyph \(g) lies outside the 'glyf' table") }
            guard range.count >= 10, try r.i16(range.lowerBound) < 0 else { continue }
            guard depth < FontLimits.maxCompositeDepth else {
                throw FontError(.limitExceeded, "composite glyph \(g) nests deeper than \(FontLimits.maxCompositeDepth) levels")
            }
            for component in try compositeComponents(range) where component < glyphCount && keep.insert(component).inserted {
                work.append((component, depth + 1))
            }
        }
        let kept = keep.sorted()
        let newCount = kept.count
        guard newCount <= 0xFFFF else { throw FontError(.limitExceeded, "too many glyphs for a subset") }
        var newID: [Int: Int] = [:]
        for (i, g) in kept.enumerated() { newID[g] = i }

        // 2. glyf + loca, with composite references rewritten (or the CFF table).
        var glyf = ByteWriter()
        var offsets: [Int] = []
        offsets.reserveCapacity(newCount + 1)
        let cffTable = try cff?.subsetTable(kept: kept, name: postScriptName)
        for g in kept where cff == nil {
            offsets.append(glyf.bytes.count)
            guard let range = glyphRange(g) else { throw FontError(.damaged, "glyph \(g) lies outside the 'glyf' table") }
            let start = glyf.bytes.count
            glyf.append(try r.slice(range.lowerBound, range.count, "glyph data"))
            if range.count >= 10, try r.i16(range.lowerBound) < 0 {
                for at in try compositeComponentOffsets(range) {
                    let old = try r.u16(at)
                    glyf.set16(start + (at - range.lowerBound), newID[old] ?? 0)
                }
            }
            glyf.pad(to: 4)
        }
        offsets.append(glyf.bytes.count)
        let shortLoca = glyf.bytes.count <= 0x1FFFC
        var loca = ByteWriter()
        for o in offsets { if shortLoca { loca.u16(o / 2) } else { loca.u32(o) } }

        // 3. hmtx: the original advances and side bearings; trailing glyphs of equal advance
        // share the last full metric (monospaced CJK glyphs then cost 2 bytes each).
        let advances = kept.map { advance(glyph: UInt16($0)) }
        var metricsCount = newCount
        while metricsCount > 1, advances[metricsCount - 1] == advances[metricsCount - 2] { metricsCount -= 1 }
        let hmtxRecord = table("hmtx")!
        var hmtx = ByteWriter()
        for (i, g) in kept.enumerated() {
            let lsb: Int
            if g < numberOfHMetrics {
                lsb = r.u16OrNil(hmtxRecord.offset + 4 * g + 2) ?? 0
            } else {
                let at = 4 * numberOfHMetrics + 2 * (g - numberOfHMetrics)
                lsb = at + 2 <= hmtxRecord.length ? (r.u16OrNil(hmtxRecord.offset + at) ?? 0) : 0
            }
            if i < metricsCount { hmtx.u16(advances[i]) }
            hmtx.u16(lsb)
        }

        // 4. head, hhea, maxp: copies with counts and formats updated.
        var head = Array(try r.slice(table("head")!.offset, 54, "'head' table"))
        head[8] = 0; head[9] = 0; head[10] = 0; head[11] = 0  // checkSumAdjustment, set last
        head[50] = 0; head[51] = shortLoca ? 0 : 1
        let hheaRecord = table("hhea")!
        var hhea = Array(try r.slice(hheaRecord.offset, 36, "'hhea' table"))
        hhea[34] = UInt8(metricsCount >> 8); hhea[35] = UInt8(metricsCount & 0xFF)
        let maxpRecord = table("maxp")!
        var maxp = Array(try r.slice(maxpRecord.offset, min(maxpRecord.length, 32), "'maxp' table"))
        maxp[4] = UInt8(newCount >> 8); maxp[5] = UInt8(newCount & 0xFF)

        // 5. cmap for the kept glyphs, in new ids.
        let cmapTable = Self.buildCmap(cmap.mappings().compactMap { m in
            newID[Int(m.glyph)].map { (scalar: m.scalar, glyph: UInt16($0)) }
        })

        // 6. post version 3 (no glyph names).
        var post = ByteWriter()
        post.u32(0x0003_0000)
        if let p = table("post"), p.length >= 32 {
            post.append(try r.slice(p.offset + 4, 28, "'post' table"))
        } else {
            post.u32(0); post.u16(underlinePosition); post.u16(underlineThickness); post.u32(isFixedPitch ? 1 : 0)
            post.u32(0); post.u32(0); post.u32(0); post.u32(0)
        }

        var tables: [(tag: String, data: [UInt8])] = [
            ("head", head), ("hhea", hhea), ("maxp", maxp), ("hmtx", hmtx.bytes), ("cmap", cmapTable), ("post", post.bytes),
        ]
        if let cffTable {
            tables.append(("CFF ", cffTable))
        } else {
            tables += [("loca", loca.bytes), ("glyf", glyf.bytes)]
        }
        for tag in cffTable == nil ? ["name", "OS/2", "cvt ", "fpgm", "prep", "gasp"] : ["name", "OS/2"] {
            if let t = table(tag) { tables.append((tag, Array(try r.slice(t.offset, t.length, "a copied table")))) }
        }
        let font = assembleSfnt(tables, version: cffTable == nil ? 0x0001_0000 : 0x4F54_544F)

        // Boundaries: table starts, then glyph starts inside glyf.
        var boundaries = Set(font.tableOffsets.values)
        boundaries.insert(0)
        boundaries.insert(font.bytes.count)
        if let glyfStart = font.tableOffsets["glyf"] {
            for o in offsets { boundaries.insert(glyfStart + o) }
        }
        var subset = FontSubset(bytes: font.bytes, glyphs: kept.map { UInt16($0) }, boundaries: boundaries.sorted(),
                                tag: subsetTag(kept))
        if let cffTable, let at = font.tableOffsets["CFF "] { subset.cffRange = at..<(at + cffTable.count) }
        return subset
    }

    func table(_ tag: String) -> TableRecord? { tables.first { $0.tag == tag } }

    /// Glyph ids referenced by a composite glyph's components.
    func compositeComponents(_ range: Range<Int>) throws(FontError) -> [Int] {
        var out: [Int] = []
        for at in try compositeComponentOffsets(range) { out.append(try reader.u16(at)) }
        return out
    }

    /// File offsets of the glyphIndex fields of a composite glyph's components.
    func compositeComponentOffsets(_ range: Range<Int>) throws(FontError) -> [Int] {
        var components: [Int] = []
        var at = range.lowerBound + 10
        while true {
            guard at + 4 <= range.upperBound else { throw FontError(.damaged, "a composite glyph runs past its end") }
            let flags = try reader.u16(at)
            components.append(at + 2)
            at += 4
            at += flags & 0x0001 != 0 ? 4 : 2          // ARG_1_AND_2_ARE_WORDS
            if flags & 0x0008 != 0 { at += 2 }          // WE_HAVE_A_SCALE
            else if flags & 0x0040 != 0 { at += 4 }     // WE_HAVE_AN_X_AND_Y_SCALE
            else if flags & 0x0080 != 0 { at += 8 }     // WE_HAVE_A_TWO_BY_TWO
            guard flags & 0x0020 != 0 else { break }    // MORE_COMPONENTS
            guard components.count < 65_536 else { throw FontError(.limitExceeded, "a composite glyph has too many components") }
        }
        return components
    }

    /// Six capital letters from an FNV-1a hash of the PostScript name and the glyph ids.
    func subsetTag(_ glyphs: [Int]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        for b in postScriptName.utf8 { mix(b) }
        for g in glyphs { mix(UInt8(g >> 8)); mix(UInt8(g & 0xFF)) }
        var tag = ""
        for _ in 0..<6 {
            tag.unicodeScalars.append(Unicode.Scalar(UInt8(65 + hash % 26)))
            hash /= 26
        }
        return tag
    }

    /// A cmap with a (3,1) format 4 subtable for the BMP and, when any scalar lies beyond it,
    /// a (3,10) format 12 subtable for everything.
    static func buildCmap(_ mappings: [(scalar: UInt32, glyph: UInt16)]) -> [UInt8] {
        // Runs of consecutive scalars with consecutive glyphs.
        var runs: [(start: Int, end: Int, glyph: Int)] = []
        for m in mappings {
            let c = Int(m.scalar), g = Int(m.glyph)
            if let last = runs.last, last.end + 1 == c, last.glyph + (c - last.start) == g {
                runs[runs.count - 1].end = c
            } else {
                runs.append((c, c, g))
            }
        }
        var bmp = runs.filter { $0.start <= 0xFFFE }.map { (start: $0.start, end: min($0.end, 0xFFFE), glyph: $0.glyph) }
        // Caps (4,000 segments, 2,500 groups) keep the whole cmap under 64 KB (see below).
        if bmp.count > 4000 { bmp = Array(bmp.prefix(4000)) }
        let needs12 = runs.contains { $0.end > 0xFFFF } || bmp.count < runs.filter({ $0.start <= 0xFFFE }).count

        var f4 = ByteWriter()
        let segCount = bmp.count + 1
        f4.u16(4); f4.u16(16 + 8 * segCount); f4.u16(0)
        f4.u16(2 * segCount)
        var searchRange = 1, entrySelector = 0
        while searchRange * 2 <= segCount { searchRange *= 2; entrySelector += 1 }
        f4.u16(2 * searchRange); f4.u16(entrySelector); f4.u16(2 * segCount - 2 * searchRange)
        for s in bmp { f4.u16(s.end) }
        f4.u16(0xFFFF)
        f4.u16(0)
        for s in bmp { f4.u16(s.start) }
        f4.u16(0xFFFF)
        for s in bmp { f4.u16((s.glyph - s.start) & 0xFFFF) }
        f4.u16(1)
        for _ in 0..<segCount { f4.u16(0) }

        var f12 = ByteWriter()
        // Keep the subtable under 64 KB so a Type 42 sfnts string can hold the cmap table; the
        // cmap of an embedded CIDFont is informative only, so a capped map loses nothing drawn.
        if runs.count > 2500 { runs = Array(runs.prefix(2500)) }
        if needs12 {
            f12.u16(12); f12.u16(0); f12.u32(16 + 12 * runs.count); f12.u32(0); f12.u32(runs.count)
            for s in runs { f12.u32(s.start); f12.u32(s.end); f12.u32(s.glyph) }
        }

        var out = ByteWriter()
        let records = needs12 ? 2 : 1
        out.u16(0); out.u16(records)
        let first = 4 + 8 * records
        out.u16(3); out.u16(1); out.u32(first)
        if needs12 { out.u16(3); out.u16(10); out.u32(first + f4.bytes.count) }
        out.append(f4.bytes)
        out.append(f12.bytes)
        return out.bytes
    }
}

/// Writes an sfnt from tables: directory sorted by tag, each table 4-byte aligned with its
/// checksum, and `head.checkSumAdjustment` set (the `head` table must be present).
func assembleSfnt(_ tables: [(tag: String, data: [UInt8])], version: Int = 0x0001_0000) -> (bytes: [UInt8], tableOffsets: [String: Int]) {
    let sorted = tables.sorted { Array($0.tag.utf8).lexicographicallyPrecedes(Array($1.tag.utf8)) }
    var out = ByteWriter()
    let n = sorted.count
    var searchRange = 1, entrySelector = 0
    while searchRange * 2 <= n { searchRange *= 2; entrySelector += 1 }
    out.u32(version); out.u16(n); out.u16(16 * searchRange); out.u16(entrySelector); out.u16(16 * n - 16 * searchRange)
    var offset = 12 + 16 * n
    var offsets: [String: Int] = [:]
    for t in sorted {
        out.tag(t.tag); out.u32(Int(sfntChecksum(t.data))); out.u32(offset); out.u32(t.data.count)
        offsets[t.tag] = offset
        offset += (t.data.count + 3) & ~3
    }
    for t in sorted {
        out.append(t.data)
        out.pad(to: 4)
    }
    if let head = offsets["head"] {
        let adjustment = UInt32(0xB1B0_AFBA) &- sfntChecksum(out.bytes)
        out.set32(head + 8, Int(adjustment))
    }
    return (out.bytes, offsets)
}

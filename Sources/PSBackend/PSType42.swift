import DrawOutput

/// A TrueType program read just enough to embed it as a Type 42 CIDFont: its table
/// layout (for splitting `sfnts`), `unitsPerEm`, the glyph box and the glyph count.
/// Reading is bounds-checked throughout; a damaged program gives nil, never a crash.
struct TrueTypeProgram {
    struct Table {
        var tag: String
        var offset: Int
        var length: Int
    }
    let bytes: [UInt8]
    let tables: [Table]
    let unitsPerEm: Int
    /// xMin, yMin, xMax, yMax in font units (from `head`).
    let bbox: (Int, Int, Int, Int)
    let glyphCount: Int
    /// Offsets in `bytes` where each glyph of `glyf` starts, plus the end of the last one
    /// (empty when the font has no `glyf`/`loca`).
    let glyphStarts: [Int]

    init?(_ bytes: [UInt8]) {
        self.bytes = bytes
        func u16(_ o: Int) -> Int? { o >= 0 && o + 2 <= bytes.count ? Int(bytes[o]) << 8 | Int(bytes[o + 1]) : nil }
        func i16(_ o: Int) -> Int? { u16(o).map { $0 >= 0x8000 ? $0 - 0x10000 : $0 } }
        func u32(_ o: Int) -> Int? {
            guard let hi = u16(o), let lo = u16(o + 2) else { return nil }
            return hi << 16 | lo
        }
        guard let version = u32(0), version == 0x0001_0000 || version == 0x7472_7565,  // 1.0 or 'true'
              let count = u16(4), count > 0
        else { return nil }
        var tables: [Table] = []
        for i in 0..<count {
            let record = 12 + 16 * i
            guard let offset = u32(record + 8), let length = u32(record + 12),
                  record + 16 <= bytes.count, offset <= bytes.count, length <= bytes.count - offset
            else { return nil }
            let tag = String(decoding: bytes[record..<record + 4], as: UTF8.self)
            tables.append(Table(tag: tag, offset: offset, length: length))
        }
        self.tables = tables.sorted { $0.offset < $1.offset }
        func table(_ tag: String) -> Table? { tables.first { $0.tag == tag } }
        guard let head = table("head"), head.length >= 54,
              let unitsPerEm = u16(head.offset + 18), unitsPerEm > 0,
              let xMin = i16(head.offset + 36), let yMin = i16(head.offset + 38),
              let xMax = i16(head.offset + 40), let yMax = i16(head.offset + 42),
              let locaFormat = i16(head.offset + 50),
              let maxp = table("maxp"), maxp.length >= 6, let glyphCount = u16(maxp.offset + 4)
        else { return nil }
        self.unitsPerEm = unitsPerEm
        bbox = (xMin, yMin, xMax, yMax)
        self.glyphCount = glyphCount
        var starts: [Int] = []
        if let glyf = table("glyf"), let loca = table("loca") {
            let entry = locaFormat == 0 ? 2 : 4
            guard loca.length >= (glyphCount + 1) * entry else { return nil }
            starts.reserveCapacity(glyphCount + 1)
            for i in 0...glyphCount {
                let at = loca.offset + i * entry
                guard let raw = entry == 2 ? u16(at).map({ $0 * 2 }) : u32(at), raw <= glyf.length else { return nil }
                starts.append(glyf.offset + raw)
            }
        }
        glyphStarts = starts
    }
}

/// Splits a TrueType program into the strings of a Type 42 `sfnts` array.
///
/// The Type 42 rules: each string holds at most 65,535 bytes; strings begin at table
/// boundaries or at glyph boundaries inside `glyf`; each holds an even number of font bytes
/// followed by one pad byte (so its length is odd; the interpreter drops the pad).
/// Ghostscript accepts bad splits silently, so this is tested directly.
enum SfntsSplitter {
    /// Font bytes per string: 65,535 minus the pad byte, rounded down to even.
    static let maximumChunk = 65534

    /// Byte ranges of `program.bytes`, in order, covering it exactly. `forcedSplits` counts
    /// the places where no boundary was in reach (a single table or glyph over the limit)
    /// and the split fell elsewhere at an even offset.
    static func split(_ program: TrueTypeProgram, maximumChunk: Int = maximumChunk) -> (ranges: [Range<Int>], forcedSplits: Int) {
        let total = program.bytes.count
        var boundaries = Set(program.tables.map(\.offset))
        boundaries.formUnion(program.glyphStarts)
        boundaries.insert(total)
        let sorted = boundaries.filter { $0 > 0 && $0 <= total }.sorted()
        var ranges: [Range<Int>] = []
        var forced = 0
        var start = 0
        var index = 0  // first boundary > start
        while start < total {
            while index < sorted.count && sorted[index] <= start { index += 1 }
            // The farthest boundary in reach that keeps the chunk even.
            var best: Int?
            var probe = index
            while probe < sorted.count && sorted[probe] - start <= maximumChunk {
                if (sorted[probe] - start) % 2 == 0 || sorted[probe] == total { best = sorted[probe] }
                probe += 1
            }
            let end: Int
            if let best {
                end = best
            } else {
                end = min(total, start + maximumChunk)
                forced += 1
            }
            ranges.append(start..<end)
            start = end
        }
        return (ranges, forced)
    }
}

/// Writes a TrueType program as a Type 42 CIDFont (CIDFontType 2) and a composite font over
/// it with `Identity-H`, so text shows 2-byte CIDs. CIDs are numbered densely (0 = .notdef,
/// then the used glyphs) and an explicit `CIDMap` string maps each to its glyph id: the
/// integer form (`/CIDMap 0`, CID = glyph id) is legal but Ghostscript's renderer picks
/// wrong glyphs with it (seen with gs 10.00; its pdfwrite gets them right).
enum PSType42 {
    /// Defines the CMap `Identity-H` where the interpreter lacks it (Ghostscript has it).
    static let identityCMapFallback = """
    /Identity-H /CMap resourcestatus {pop pop} {
    /CIDInit /ProcSet findresource begin 12 dict begin begincmap
    /CIDSystemInfo 3 dict dup begin /Registry (Adobe) def /Ordering (Identity) def
    /Supplement 0 def end def
    /CMapName /Identity-H def /CMapVersion 1 def /CMapType 1 def /WMode 0 def
    1 begincodespacerange <0000> <FFFF> endcodespacerange
    1 begincidrange <0000> <FFFF> 0 endcidrange
    endcmap CMapName currentdict /CMap defineresource pop end end} ifelse

    """

    /// The CIDFont resource named `cidFontName` and the composite font `fontName` over it.
    /// `cidToGlyph[cid]` is the glyph id in `program` shown for `cid`. `unicode` maps CIDs
    /// to the text they stand for (Ghostscript's `/GlyphNames2Unicode`, which keeps the text
    /// searchable after `ps2pdf`).
    static func write(
        _ program: TrueTypeProgram, cidFontName: String, fontName: String, cidToGlyph: [UInt16],
        unicode: [(UInt16, Unicode.Scalar)], into out: inout ByteBuffer
    ) {
        out.append("%%BeginResource: CIDFont \(cidFontName)\n")
        out.append("20 dict begin\n/CIDFontName /\(cidFontName) def\n/CIDFontType 2 def\n/FontType 42 def\n")
        out.append("/CIDSystemInfo 3 dict dup begin /Registry (Adobe) def /Ordering (Identity) def /Supplement 0 def end def\n")
        out.append("/FontMatrix [1 0 0 1 0 0] def\n/FontBBox [")
        let em = Double(program.unitsPerEm)
        for (i, v) in [program.bbox.0, program.bbox.1, program.bbox.2, program.bbox.3].enumerated() {
            if i > 0 { out.append(" ") }
            out.append(number: Double(v) / em)
        }
        out.append("] def\n/PaintType 0 def\n/CIDCount ")
        let map = cidToGlyph.isEmpty ? [0] : cidToGlyph
        out.append(integer: map.count)
        out.append(" def\n/GDBytes 2 def\n/CIDMap [")
        // Strings of at most 65,534 bytes, a whole number of 2-byte entries each.
        var start = 0
        while start < map.count {
            let end = min(map.count, start + 32767)
            var bytes: [UInt8] = []
            bytes.reserveCapacity(2 * (end - start))
            for glyph in map[start..<end] { bytes.append(UInt8(glyph >> 8)); bytes.append(UInt8(glyph & 0xFF)) }
            out.append("\n<~")
            ASCII85.encode(bytes, into: &out)
            start = end
        }
        out.append("\n] def\n")
        out.append("/Encoding 256 array 0 1 255 {1 index exch /.notdef put} for def\n")
        out.append("/CharStrings 1 dict dup /.notdef 0 put def\n")
        if !unicode.isEmpty {
            out.append("/FontInfo 1 dict dup begin /GlyphNames2Unicode ")
            out.append(integer: unicode.count)
            out.append(" dict dup begin")
            for (i, (glyph, scalar)) in unicode.enumerated() {
                out.append(i % 8 == 0 ? "\n" : " ")
                out.append(integer: Int(glyph)); out.append(" ")
                out.append(integer: Int(scalar.value)); out.append(" def")
            }
            out.append("\nend def end def\n")
        }
        out.append("/sfnts [\n")
        for range in SfntsSplitter.split(program).ranges {
            out.append("<~")
            ASCII85.encode(Array(program.bytes[range]) + [0], into: &out)
            out.append("\n")
        }
        out.append("] def\nCIDFontName currentdict end /CIDFont defineresource pop\n%%EndResource\n")
        out.append("/\(fontName) /Identity-H [/\(cidFontName) /CIDFont findresource] composefont pop\n")
    }

    /// A PostScript name from a font's name: letters, digits and `-_.+` only, at most 100
    /// bytes, never empty (hostile fonts can name themselves anything).
    static func sanitizedName(_ name: String) -> String {
        var bytes: [UInt8] = []
        for b in name.utf8 where bytes.count < 100 {
            switch b {
            case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x5F, 0x2E, 0x2B: bytes.append(b)
            default: break
            }
        }
        return bytes.isEmpty ? "TrueTypeFont" : String(decoding: bytes, as: UTF8.self)
    }
}

/// The Unicode `cmap` subtable of a face: format 12 (full Unicode) preferred, else format 4
/// (BMP). A Windows Symbol (3,0) format 4 subtable is used when nothing else exists; its
/// characters sit at U+F000 + byte, so a lookup of U+0020…U+00FF tries that too.
///
/// The subtable's array bounds are checked at load; the glyph-id array of format 4 is read
/// with checked reads at lookup time (a bad index means "no glyph").
struct CharacterMap {
    enum Format { case segmented4, groups12 }

    let format: Format
    /// Absolute offset of the subtable.
    let offset: Int
    /// Format 4: number of segments; format 12: number of groups.
    let count: Int
    let isSymbol: Bool
    let glyphCount: Int
    let r: ByteReader

    init(reader r: ByteReader, table: TrueTypeFontRef.TableRecord, glyphCount: Int) throws(FontError) {
        let base = table.offset
        let numSubtables = try r.u16(base + 2, "cmap header")
        try r.check(base + 4, numSubtables * 8, "cmap encoding records")
        // Rank candidates: lower is better.
        var best: (rank: Int, offset: Int, format: Int, symbol: Bool)?
        for i in 0..<numSubtables {
            let at = base + 4 + 8 * i
            let platform = try r.u16(at), encoding = try r.u16(at + 2)
            let offset = base + (try r.u32(at + 4))
            guard let format = r.u16OrNil(offset) else { continue }
            let rank: Int
            switch (platform, encoding, format) {
            case (3, 10, 12): rank = 0
            case (0, _, 12): rank = 1
            case (3, 1, 4): rank = 2
            case (0, _, 4): rank = 3
            case (3, 0, 4): rank = 4
            default: continue
            }
            if best == nil || rank < best!.rank { best = (rank, offset, format, platform == 3 && encoding == 0) }
        }
        guard let chosen = best else {
            throw FontError(.missingTable, "has no Unicode character map (cmap format 4 or 12)")
        }
        self.offset = chosen.offset
        self.isSymbol = chosen.symbol
        self.glyphCount = glyphCount
        self.r = r
        if chosen.format == 4 {
            format = .segmented4
            let segCountX2 = try r.u16(offset + 6, "cmap format 4 header")
            guard segCountX2 % 2 == 0, segCountX2 > 0 else { throw FontError(.damaged, "cmap format 4 has an odd segment count") }
            count = segCountX2 / 2
            // endCode, reservedPad, startCode, idDelta, idRangeOffset arrays.
            try r.check(offset + 14, segCountX2 * 4 + 2, "cmap format 4 segments")
        } else {
            format = .groups12
            count = try r.u32(offset + 12, "cmap format 12 header")
            guard count <= 0x110000 else { throw FontError(.limitExceeded, "cmap format 12 claims \(count) groups") }
            try r.check(offset + 16, count * 12, "cmap format 12 groups")
        }
    }

    /// The glyph for a scalar, nil when unmapped, mapped to 0, or mapped past the last glyph.
    func glyph(for scalar: UInt32) -> Int? {
        if let g = lookup(scalar) { return g }
        if isSymbol, scalar >= 0x20, scalar <= 0xFF { return lookup(0xF000 + scalar) }
        return nil
    }

    private func lookup(_ c: UInt32) -> Int? {
        let code = Int(c)
        let g: Int?
        switch format {
        case .segmented4:
            guard code <= 0xFFFF else { return nil }
            let ends = offset + 14, starts = ends + 2 * count + 2
            let deltas = starts + 2 * count, rangeOffsets = deltas + 2 * count
            // First segment whose endCode >= code.
            var lo = 0, hi = count
            while lo < hi {
                let mid = (lo + hi) / 2
                if (r.u16OrNil(ends + 2 * mid) ?? 0xFFFF) < code { lo = mid + 1 } else { hi = mid }
            }
            guard lo < count, let start = r.u16OrNil(starts + 2 * lo), start <= code,
                  let delta = r.u16OrNil(deltas + 2 * lo), let rangeOffset = r.u16OrNil(rangeOffsets + 2 * lo) else { return nil }
            if rangeOffset == 0 {
                g = (code + delta) & 0xFFFF
            } else {
                // idRangeOffset counts bytes from its own position to the glyph id.
                let at = rangeOffsets + 2 * lo + rangeOffset + 2 * (code - start)
                guard let raw = r.u16OrNil(at), raw != 0 else { return nil }
                g = (raw + delta) & 0xFFFF
            }
        case .groups12:
            var lo = 0, hi = count
            let groups = offset + 16
            while lo < hi {
                let mid = (lo + hi) / 2
                guard let start = r.u32OrNil(groups + 12 * mid), let end = r.u32OrNil(groups + 12 * mid + 4) else { return nil }
                if end < code { lo = mid + 1 } else if start > code { hi = mid } else {
                    guard let first = r.u32OrNil(groups + 12 * mid + 8) else { return nil }
                    let glyph = first + (code - start)
                    return glyph > 0 && glyph < glyphCount ? glyph : nil
                }
            }
            return nil
        }
        guard let glyph = g, glyph > 0, glyph < glyphCount else { return nil }
        return glyph
    }

    /// All mappings, ascending by scalar, at most `limit` of them (a hostile format 12 table
    /// could claim all of Unicode for every group).
    func mappings(limit: Int = 0x110000) -> [(scalar: UInt32, glyph: UInt16)] {
        var out: [(scalar: UInt32, glyph: UInt16)] = []
        var last = -1
        switch format {
        case .segmented4:
            let ends = offset + 14, starts = ends + 2 * count + 2
            let deltas = starts + 2 * count, rangeOffsets = deltas + 2 * count
            for i in 0..<count {
                // Scalars at or below `last` were already visited: hostile overlapping segments
                // must not make this quadratic. Glyphs are read from the segment directly.
                guard let end = r.u16OrNil(ends + 2 * i), let first = r.u16OrNil(starts + 2 * i),
                      let delta = r.u16OrNil(deltas + 2 * i), let rangeOffset = r.u16OrNil(rangeOffsets + 2 * i) else { continue }
                let start = max(first, last + 1)
                guard start <= end else { continue }
                for c in start...end where c != 0xFFFF {
                    var g: Int
                    if rangeOffset == 0 {
                        g = (c + delta) & 0xFFFF
                    } else {
                        guard let raw = r.u16OrNil(rangeOffsets + 2 * i + rangeOffset + 2 * (c - first)), raw != 0 else { continue }
                        g = (raw + delta) & 0xFFFF
                    }
                    if g >= glyphCount { g = 0 }
                    if g > 0 { out.append((UInt32(c), UInt16(g))) }
                    if out.count >= limit { return out }
                }
                last = end
            }
        case .groups12:
            let groups = offset + 16
            for i in 0..<count {
                // Read the group directly (no lookup per scalar), clamped to valid glyph ids.
                guard let first = r.u32OrNil(groups + 12 * i), let groupEnd = r.u32OrNil(groups + 12 * i + 4),
                      let firstGlyph = r.u32OrNil(groups + 12 * i + 8), groupEnd <= 0x10FFFF, first <= groupEnd,
                      firstGlyph < glyphCount else { continue }
                let end = min(groupEnd, first + (glyphCount - 1 - firstGlyph))
                let start = max(first, last + 1)
                guard start <= end else { continue }
                for c in start...end {
                    let g = firstGlyph + (c - first)
                    if g > 0 { out.append((UInt32(c), UInt16(g))) }
                    if out.count >= limit { return out }
                }
                last = end
            }
        }
        return out
    }
}

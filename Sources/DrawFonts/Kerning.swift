/// Where a face's pair kerning comes from.
package enum KerningSource: Hashable, Sendable {
    /// GPOS lookups (type 2, or type 9 extensions of type 2) of the 'kern' feature.
    case gpos
    /// The `kern` table, format 0 subtables (OpenType or Apple header).
    case kernTable
    case none
}

/// Pair kerning of a face.
///
/// GPOS: the lookups referenced by any 'kern' feature (of any script and language: the union,
/// since we do not shape by script in v1), in lookup-list order. Within a lookup the first
/// subtable that applies to the pair wins (format 1: the pair is listed; format 2: the first
/// glyph is covered); values of several lookups add up. Only the first glyph's XAdvance is
/// used, which is what pair kerning of horizontal text is. When the font has no such lookup,
/// the `kern` table's horizontal format 0 subtables are used (summed; minimum and
/// cross-stream subtables skipped).
///
/// Subtable headers are located at load time; their arrays are read with checked reads at
/// lookup time, a bad offset meaning "no kerning" — a damaged kerning table must not stop a
/// font from being used.
struct KerningTables {
    /// Absolute offsets of PairPos subtables, grouped by lookup.
    var gposLookups: [[Int]] = []
    /// Absolute offsets and pair counts of `kern` format 0 pair arrays.
    var kernSubtables: [(pairs: Int, count: Int)] = []

    var source: KerningSource {
        if !gposLookups.isEmpty { return .gpos }
        return kernSubtables.isEmpty ? .none : .kernTable
    }

    init(reader r: ByteReader, gpos: TrueTypeFontRef.TableRecord?, kern: TrueTypeFontRef.TableRecord?) {
        if let gpos { gposLookups = Self.pairLookups(r, gpos) }
        if gposLookups.isEmpty, let kern { kernSubtables = Self.kernPairs(r, kern) }
    }

    // Limits: real fonts have a few kerning lookups with tens of subtables; hostile counts
    // (offsets may all point at one subtable) are capped so one kerning query stays cheap.
    static let maxLookups = 4096
    static let maxSubtables = 4096
    static let maxPairSubtablesTotal = 512

    static func pairLookups(_ r: ByteReader, _ table: TrueTypeFontRef.TableRecord) -> [[Int]] {
        let base = table.offset
        let end = base + table.length
        guard table.length >= 10, let featureListOffset = r.u16OrNil(base + 6),
              let lookupListOffset = r.u16OrNil(base + 8) else { return [] }
        let featureList = base + featureListOffset, lookupList = base + lookupListOffset
        guard let featureCount = r.u16OrNil(featureList), let lookupCount = r.u16OrNil(lookupList) else { return [] }
        var indices = Set<Int>()
        for i in 0..<featureCount {
            let record = featureList + 2 + 6 * i
            guard record + 6 <= end else { break }
            guard r.u32OrNil(record) == 0x6B65_726E,  // 'kern'
                  let featureOffset = r.u16OrNil(record + 4), let n = r.u16OrNil(featureList + featureOffset + 2) else { continue }
            for k in 0..<min(n, maxLookups) {
                if let index = r.u16OrNil(featureList + featureOffset + 4 + 2 * k), index < lookupCount { indices.insert(index) }
            }
        }
        var lookups: [[Int]] = []
        var total = 0
        for index in indices.sorted() {
            guard let lookupOffset = r.u16OrNil(lookupList + 2 + 2 * index) else { continue }
            let lookup = lookupList + lookupOffset
            guard let type = r.u16OrNil(lookup), let subCount = r.u16OrNil(lookup + 4) else { continue }
            var subtables: [Int] = []
            for k in 0..<min(subCount, maxSubtables) {
                guard let subOffset = r.u16OrNil(lookup + 6 + 2 * k) else { break }
                var subtable = lookup + subOffset
                if type == 9 {
                    // ExtensionPosFormat1: format, extensionLookupType, 32-bit offset.
                    guard r.u16OrNil(subtable) == 1, r.u16OrNil(subtable + 2) == 2,
                          let ext = r.u32OrNil(subtable + 4) else { continue }
                    subtable += ext
                } else if type != 2 {
                    break
                }
                guard let format = r.u16OrNil(subtable), format == 1 || format == 2, subtable < end else { continue }
                subtables.append(subtable)
            }
            if !subtables.isEmpty { lookups.append(subtables) }
            total += subtables.count
            if total >= maxPairSubtablesTotal { break }
        }
        return lookups
    }

    static func kernPairs(_ r: ByteReader, _ table: TrueTypeFontRef.TableRecord) -> [(pairs: Int, count: Int)] {
        let base = table.offset, end = base + table.length
        var out: [(pairs: Int, count: Int)] = []
        guard let version = r.u16OrNil(base) else { return [] }
        if version == 0 {
            // OpenType: u16 version, u16 nTables; subtable: version, length, coverage (u16 each).
            guard let n = r.u16OrNil(base + 2) else { return [] }
            var at = base + 4
            for _ in 0..<min(n, maxSubtables) {
                guard let length = r.u16OrNil(at + 2), let coverage = r.u16OrNil(at + 4) else { break }
                let format = coverage >> 8
                let horizontal = coverage & 1 != 0, minimum = coverage & 2 != 0, crossStream = coverage & 4 != 0
                if format == 0, horizontal, !minimum, !crossStream, let count = r.u16OrNil(at + 6) {
                    let pairs = at + 14
                    // The u16 length overflows for big subtables; trust nPairs, bounded by the table.
                    if pairs + 6 * count <= end { out.append((pairs, count)) }
                }
                // A lone subtable may have an overflowed length: nothing follows it anyway.
                guard length >= 6 else { break }
                at += length
            }
        } else if version == 1, r.u16OrNil(base + 2) == 0 {
            // Apple: u32 version 0x00010000, u32 nTables; subtable: u32 length, u16 coverage, u16 tupleIndex.
            guard let n = r.u32OrNil(base + 4) else { return [] }
            var at = base + 8
            for _ in 0..<min(n, maxSubtables) {
                guard let length = r.u32OrNil(at), let coverage = r.u16OrNil(at + 4) else { break }
                let vertical = coverage & 0x8000 != 0, crossStream = coverage & 0x4000 != 0, variation = coverage & 0x2000 != 0
                if coverage & 0xFF == 0, !vertical, !crossStream, !variation, let count = r.u16OrNil(at + 8) {
                    let pairs = at + 16
                    if pairs + 6 * count <= end { out.append((pairs, count)) }
                }
                guard length >= 8 else { break }
                at += length
            }
        }
        return out
    }

    func value(_ r: ByteReader, _ left: Int, _ right: Int) -> Int {
        if !gposLookups.isEmpty {
            var total = 0
            for lookup in gposLookups {
                for subtable in lookup {
                    if let v = Self.pairPos(r, subtable, left, right) { total += v; break }
                }
            }
            return total
        }
        var total = 0
        let key = left << 16 | right
        for (pairs, count) in kernSubtables {
            var lo = 0, hi = count
            while lo < hi {
                let mid = (lo + hi) / 2
                guard let k = r.u32OrNil(pairs + 6 * mid) else { break }
                if k == key {
                    total += Int(Int16(truncatingIfNeeded: r.u16OrNil(pairs + 6 * mid + 4) ?? 0))
                    break
                }
                if k < key { lo = mid + 1 } else { hi = mid }
            }
        }
        return total
    }

    /// Size in bytes of a ValueRecord with this format (each set bit of the low 8 is 2 bytes).
    static func valueSize(_ format: Int) -> Int { 2 * (format & 0xFF).nonzeroBitCount }

    /// Offset of XAdvance inside a ValueRecord, nil if the format has none.
    static func xAdvanceOffset(_ format: Int) -> Int? {
        guard format & 0x4 != 0 else { return nil }
        return 2 * (format & 0x3).nonzeroBitCount
    }

    /// The XAdvance adjustment of the first glyph if the subtable applies to the pair, else nil
    /// (format 2 applies — possibly with 0 — whenever the first glyph is covered).
    static func pairPos(_ r: ByteReader, _ sub: Int, _ left: Int, _ right: Int) -> Int? {
        guard let format = r.u16OrNil(sub), let coverageOffset = r.u16OrNil(sub + 2),
              let vf1 = r.u16OrNil(sub + 4), let vf2 = r.u16OrNil(sub + 6),
              let coverageIndex = coverage(r, sub + coverageOffset, left) else { return nil }
        let size1 = valueSize(vf1), size2 = valueSize(vf2)
        let xAdvance = xAdvanceOffset(vf1)
        if format == 1 {
            guard let setCount = r.u16OrNil(sub + 8), coverageIndex < setCount,
                  let setOffset = r.u16OrNil(sub + 10 + 2 * coverageIndex) else { return nil }
            let pairSet = sub + setOffset
            guard let count = r.u16OrNil(pairSet) else { return nil }
            let recordSize = 2 + size1 + size2
            var lo = 0, hi = count
            while lo < hi {
                let mid = (lo + hi) / 2
                let record = pairSet + 2 + recordSize * mid
                guard let second = r.u16OrNil(record) else { return nil }
                if second == right {
                    guard let xAdvance else { return 0 }
                    return Int(Int16(truncatingIfNeeded: r.u16OrNil(record + 2 + xAdvance) ?? 0))
                }
                if second < right { lo = mid + 1 } else { hi = mid }
            }
            return nil
        }
        guard let classDef1 = r.u16OrNil(sub + 8), let classDef2 = r.u16OrNil(sub + 10),
              let class1Count = r.u16OrNil(sub + 12), let class2Count = r.u16OrNil(sub + 14) else { return nil }
        let c1 = glyphClass(r, sub + classDef1, left), c2 = glyphClass(r, sub + classDef2, right)
        guard c1 < class1Count, c2 < class2Count else { return nil }
        guard let xAdvance else { return 0 }
        let record = sub + 16 + (c1 * class2Count + c2) * (size1 + size2)
        return Int(Int16(truncatingIfNeeded: r.u16OrNil(record + xAdvance) ?? 0))
    }

    /// Coverage index of a glyph, nil if not covered.
    static func coverage(_ r: ByteReader, _ table: Int, _ glyph: Int) -> Int? {
        guard let format = r.u16OrNil(table), let count = r.u16OrNil(table + 2) else { return nil }
        var lo = 0, hi = count
        if format == 1 {
            while lo < hi {
                let mid = (lo + hi) / 2
                guard let g = r.u16OrNil(table + 4 + 2 * mid) else { return nil }
                if g == glyph { return mid }
                if g < glyph { lo = mid + 1 } else { hi = mid }
            }
        } else if format == 2 {
            while lo < hi {
                let mid = (lo + hi) / 2
                let record = table + 4 + 6 * mid
                guard let start = r.u16OrNil(record), let end = r.u16OrNil(record + 2) else { return nil }
                if end < glyph { lo = mid + 1 } else if start > glyph { hi = mid } else {
                    guard let startIndex = r.u16OrNil(record + 4) else { return nil }
                    return startIndex + glyph - start
                }
            }
        }
        return nil
    }

    /// Class of a glyph in a ClassDef table (0 when not listed).
    static func glyphClass(_ r: ByteReader, _ table: Int, _ glyph: Int) -> Int {
        guard let format = r.u16OrNil(table) else { return 0 }
        if format == 1 {
            guard let start = r.u16OrNil(table + 2), let count = r.u16OrNil(table + 4),
                  glyph >= start, glyph - start < count else { return 0 }
            return r.u16OrNil(table + 6 + 2 * (glyph - start)) ?? 0
        }
        if format == 2 {
            guard let count = r.u16OrNil(table + 2) else { return 0 }
            var lo = 0, hi = count
            while lo < hi {
                let mid = (lo + hi) / 2
                let record = table + 4 + 6 * mid
                guard let start = r.u16OrNil(record), let end = r.u16OrNil(record + 2) else { return 0 }
                if end < glyph { lo = mid + 1 } else if start > glyph { hi = mid } else { return r.u16OrNil(record + 4) ?? 0 }
            }
        }
        return 0
    }
}

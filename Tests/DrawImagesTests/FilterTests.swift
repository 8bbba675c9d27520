// PNG row filtering (the encoder side): every row must come back through the decoder's
// `unfilter`, and the filter chosen must be the first, in the order Up, Sub, Paeth, Average,
// None, with the smallest sum of absolute values — the rule the PNG and PDF image bytes
// depend on, so a faster filter loop cannot change a byte of either.

import DrawImages
import Testing

@Suite struct PNGFilterTests {
    /// The five filters' outputs, written out the slow way from the PNG specification.
    static func reference(_ row: [UInt8], _ previous: [UInt8]?, unit: Int, filter: UInt8) -> [UInt8] {
        (0..<row.count).map { i in
            let x = row[i]
            let a = i >= unit ? row[i - unit] : 0
            let b = previous?[i] ?? 0
            let c = i >= unit ? (previous?[i - unit] ?? 0) : 0
            switch filter {
            case 0: return x
            case 1: return x &- a
            case 2: return x &- b
            case 3: return x &- UInt8((Int(a) + Int(b)) / 2)
            default:
                let p = Int(a) + Int(b) - Int(c)
                let pa = abs(p - Int(a)), pb = abs(p - Int(b)), pc = abs(p - Int(c))
                return x &- (pa <= pb && pa <= pc ? a : pb <= pc ? b : c)
            }
        }
    }

    static func score(_ bytes: [UInt8]) -> Int { bytes.reduce(0) { $0 + ($1 < 128 ? Int($1) : 256 - Int($1)) } }

    /// Rows of several kinds: flat, a gradient, noise, and flat with a few spots, as drawings have.
    static func rows(width: Int, unit: Int, seed: UInt64) -> [[UInt8]] {
        var state = seed
        func next() -> UInt8 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
        let n = width * unit
        let flat = [UInt8](repeating: 200, count: n)
        let gradient = (0..<n).map { UInt8(truncatingIfNeeded: $0 * 3) }
        let noise = (0..<n).map { _ in next() }
        var spots = flat
        for _ in 0..<max(1, n / 16) { spots[Int(next()) % n] = next() }
        let smooth = (0..<n).map { i in UInt8(truncatingIfNeeded: (i / unit) * 2 + Int(next() % 3)) }
        return [flat, gradient, noise, spots, smooth, flat, noise]
    }

    @Test(arguments: [(1, 1), (7, 3), (33, 4), (64, 3), (129, 4)])
    func chosenFilterIsTheFirstSmallestAndUndoes(width: Int, unit: Int) {
        let rows = Self.rows(width: width, unit: unit, seed: UInt64(width * 31 + unit))
        let stride = width * unit
        var out = [UInt8](repeating: 0, count: stride + 1)
        var filtersSeen = Set<UInt8>()
        for (y, row) in rows.enumerated() {
            let previous = y > 0 ? rows[y - 1] : nil
            row.withUnsafeBufferPointer { r in
                if let previous {
                    previous.withUnsafeBufferPointer { p in
                        PNGFile.filterRow(r, previous: p, unit: unit, into: &out, at: 0)
                    }
                } else {
                    PNGFile.filterRow(r, previous: nil, unit: unit, into: &out, at: 0)
                }
            }
            // The expected choice: the first smallest score in the encoder's order.
            var best: (filter: UInt8, score: Int)?
            for filter: UInt8 in [2, 1, 4, 3, 0] where !(previous == nil && filter == 2) {
                let s = Self.score(Self.reference(row, previous, unit: unit, filter: filter))
                if best == nil || s < best!.score { best = (filter, s) }
            }
            #expect(out[0] == best!.filter, "row \(y): filter \(out[0]) chosen, \(best!.filter) expected")
            #expect(Array(out[1...]) == Self.reference(row, previous, unit: unit, filter: out[0]), "row \(y): filtered bytes")
            filtersSeen.insert(out[0])
            // And the decoder's unfilter gives the row back.
            var back = Array(out[1...])
            let zeros = [UInt8](repeating: 0, count: stride)
            let ok = back.withUnsafeMutableBufferPointer { b in
                (previous ?? zeros).withUnsafeBufferPointer { p in PNGFile.unfilter(b, previous: p, filter: out[0], unit: unit) }
            }
            #expect(ok && back == row, "row \(y) does not unfilter to itself")
        }
        if width >= 33 { #expect(filtersSeen.count >= 2, "the rows should exercise more than one filter") }
    }

    @Test func filterRowsMatchesRowByRow() {
        let width = 50, unit = 3
        let rows = Self.rows(width: width, unit: unit, seed: 7)
        let raw = rows.flatMap { $0 }
        let filtered = PNGFile.filterRows(raw, stride: width * unit, height: rows.count, unit: unit)
        #expect(filtered.count == (width * unit + 1) * rows.count)
        for y in rows.indices {
            let line = Array(filtered[(y * (width * unit + 1))..<((y + 1) * (width * unit + 1))])
            #expect(Array(line[1...]) == Self.reference(rows[y], y > 0 ? rows[y - 1] : nil, unit: unit, filter: line[0]))
        }
    }
}

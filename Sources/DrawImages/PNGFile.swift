import DrawOutput

/// PNG (ISO/IEC 15948): the chunk walk, the header, and decoding of every colour type and
/// bit depth, Adam7 interlacing, palettes and `tRNS`, to 8-bit samples.
package enum PNGFile {
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The chunks a decoder needs, read once.
    package struct Chunks: Sendable {
        package var width = 0, height = 0, depth = 0, colorType = 0
        package var interlaced = false
        package var palette: [UInt8] = []
        package var transparency: [UInt8]?
        /// The concatenated `IDAT` data: one zlib stream of filtered rows.
        package var compressed: [UInt8] = []
        /// Colour channels per pixel in the file (palette index counts as 1).
        package var channels: Int {
            switch colorType { case 2: 3; case 4: 2; case 6: 4; default: 1 }
        }
        package var isValidFormat: Bool {
            switch (colorType, depth) {
            case (0, 1), (0, 2), (0, 4), (0, 8), (0, 16), (2, 8), (2, 16), (3, 1), (3, 2), (3, 4), (3, 8),
                 (4, 8), (4, 16), (6, 8), (6, 16): true
            default: false
            }
        }
    }

    /// Walks the chunks; `headerOnly` stops after IHDR. Nil when the file is not a PNG or a
    /// chunk runs past the end.
    package static func chunks(_ bytes: [UInt8], headerOnly: Bool = false) -> Chunks? {
        guard bytes.count >= 33, bytes.starts(with: signature) else { return nil }
        var result = Chunks()
        var sawHeader = false
        var index = 8
        func be32(_ i: Int) -> Int { Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3]) }
        while index + 12 <= bytes.count {
            let length = be32(index)
            let start = index + 8
            guard length <= bytes.count - start - 4 else { return nil }
            let t = (bytes[index + 4], bytes[index + 5], bytes[index + 6], bytes[index + 7])
            switch t {
            case (0x49, 0x48, 0x44, 0x52):  // IHDR
                guard length >= 13, !sawHeader else { return nil }
                sawHeader = true
                result.width = be32(start)
                result.height = be32(start + 4)
                result.depth = Int(bytes[start + 8])
                result.colorType = Int(bytes[start + 9])
                guard bytes[start + 10] == 0, bytes[start + 11] == 0, bytes[start + 12] <= 1 else { return nil }
                result.interlaced = bytes[start + 12] == 1
                if headerOnly { return result }
            case (0x50, 0x4C, 0x54, 0x45): result.palette = Array(bytes[start..<start + length])  // PLTE
            case (0x74, 0x52, 0x4E, 0x53): result.transparency = Array(bytes[start..<start + length])  // tRNS
            case (0x49, 0x44, 0x41, 0x54): result.compressed.append(contentsOf: bytes[start..<start + length])  // IDAT
            case (0x49, 0x45, 0x4E, 0x44): index = bytes.count; continue  // IEND
            default: break
            }
            index = start + length + 4
        }
        return sawHeader ? result : nil
    }

    static func info(_ bytes: [UInt8]) -> ImageInfo? {
        guard let c = chunks(bytes, headerOnly: true), c.width > 0, c.height > 0, c.isValidFormat else { return nil }
        return ImageInfo(
            format: .png, width: c.width, height: c.height,
            components: c.colorType == 0 || c.colorType == 4 ? 1 : 3, bitDepth: c.depth, pngColorType: c.colorType,
            interlaced: c.interlaced, progressive: false, adobe: false,
            mayHaveAlpha: c.colorType == 4 || c.colorType == 6 || bytes.count > 0 && hasTransparencyChunk(bytes))
    }

    private static func hasTransparencyChunk(_ bytes: [UInt8]) -> Bool { chunks(bytes)?.transparency != nil }

    /// One pass of Adam7 interlacing: the pixels (x0 + i·dx, y0 + j·dy).
    struct Pass { var x0, y0, dx, dy: Int }
    static let adam7 = [
        Pass(x0: 0, y0: 0, dx: 8, dy: 8), Pass(x0: 4, y0: 0, dx: 8, dy: 8), Pass(x0: 0, y0: 4, dx: 4, dy: 8),
        Pass(x0: 2, y0: 0, dx: 4, dy: 4), Pass(x0: 0, y0: 2, dx: 2, dy: 4), Pass(x0: 1, y0: 0, dx: 2, dy: 2),
        Pass(x0: 0, y0: 1, dx: 1, dy: 2),
    ]

    /// Undoes one PNG row filter in place (`unit`: bytes per complete pixel, at least 1).
    package static func unfilter(_ row: UnsafeMutableBufferPointer<UInt8>, previous: UnsafeBufferPointer<UInt8>, filter: UInt8, unit: Int) -> Bool {
        let n = row.count
        switch filter {
        case 0: break
        case 1: if unit < n { for i in unit..<n { row[i] = row[i] &+ row[i - unit] } }
        case 2: for i in 0..<n { row[i] = row[i] &+ previous[i] }
        case 3:
            for i in 0..<n {
                let left = i >= unit ? Int(row[i - unit]) : 0
                row[i] = row[i] &+ UInt8((left + Int(previous[i])) >> 1)
            }
        case 4:
            for i in 0..<n {
                let a = i >= unit ? Int(row[i - unit]) : 0
                let b = Int(previous[i])
                let c = i >= unit ? Int(previous[i - unit]) : 0
                let p = a + b - c
                let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                row[i] = row[i] &+ UInt8(pa <= pb && pa <= pc ? a : pb <= pc ? b : c)
            }
        default: return false
        }
        return true
    }

    static func decode(_ bytes: [UInt8]) -> DecodedImage? {
        guard let h = chunks(bytes), h.width > 0, h.height > 0, h.isValidFormat,
              h.width <= ImageLimits.maximumPixels / h.height
        else { return nil }
        if h.colorType == 3 && (h.palette.isEmpty || h.palette.count % 3 != 0) { return nil }
        let channels = h.channels
        let bitsPerPixel = channels * h.depth
        let passes = h.interlaced ? adam7 : [Pass(x0: 0, y0: 0, dx: 1, dy: 1)]
        var expected = 0
        for p in passes {
            let w = (h.width - p.x0 + p.dx - 1) / p.dx, rows = (h.height - p.y0 + p.dy - 1) / p.dy
            if w > 0 && rows > 0 { expected += rows * (1 + (w * bitsPerPixel + 7) / 8) }
        }
        guard let raw = Deflate.decompress(h.compressed, limit: expected + 1024), raw.count >= expected else { return nil }

        let transparency = h.transparency ?? []
        let alphaPossible = h.colorType == 4 || h.colorType == 6 || !transparency.isEmpty
        let outComponents = (h.colorType == 0 || h.colorType == 4) ? 1 : 3
        let pixels = h.width * h.height
        var out = [UInt8](repeating: 0, count: pixels * outComponents)
        var alphas = [UInt8](repeating: 255, count: alphaPossible ? pixels : 0)
        var sawTransparency = false
        var offset = 0
        let maxValue = (1 << h.depth) - 1
        let paletteEntries = h.palette.count / 3
        for p in passes {
            let w = (h.width - p.x0 + p.dx - 1) / p.dx, rows = (h.height - p.y0 + p.dy - 1) / p.dy
            guard w > 0 && rows > 0 else { continue }
            let stride = (w * bitsPerPixel + 7) / 8
            let unit = max(1, bitsPerPixel / 8)
            var previous = [UInt8](repeating: 0, count: stride)
            var line = [UInt8](repeating: 0, count: stride)
            for row in 0..<rows {
                let filter = raw[offset]
                for i in 0..<stride { line[i] = raw[offset + 1 + i] }
                let ok = line.withUnsafeMutableBufferPointer { l in
                    previous.withUnsafeBufferPointer { unfilter(l, previous: $0, filter: filter, unit: unit) }
                }
                guard ok else { return nil }
                offset += 1 + stride
                let y = p.y0 + row * p.dy
                for column in 0..<w {
                    func channel(_ ch: Int) -> Int {
                        let bit = (column * channels + ch) * h.depth
                        switch h.depth {
                        case 16: return Int(line[bit >> 3]) << 8 | Int(line[(bit >> 3) + 1])
                        case 8: return Int(line[bit >> 3])
                        default: return Int(line[bit >> 3] >> UInt8(8 - h.depth - bit & 7)) & maxValue
                        }
                    }
                    func to8(_ v: Int) -> Int { h.depth == 16 ? v >> 8 : h.depth == 8 ? v : v * 255 / maxValue }
                    func key(_ i: Int) -> Int { Int(transparency[2 * i]) << 8 | Int(transparency[2 * i + 1]) }
                    var color = (0, 0, 0)
                    var alpha = 255
                    switch h.colorType {
                    case 0:
                        let g = channel(0)
                        color.0 = to8(g)
                        if transparency.count >= 2, g == key(0) { alpha = 0 }
                    case 2:
                        let r = channel(0), g = channel(1), b = channel(2)
                        color = (to8(r), to8(g), to8(b))
                        if transparency.count >= 6, r == key(0), g == key(1), b == key(2) { alpha = 0 }
                    case 3:
                        let i = channel(0)
                        guard i < paletteEntries else { return nil }
                        color = (Int(h.palette[i * 3]), Int(h.palette[i * 3 + 1]), Int(h.palette[i * 3 + 2]))
                        if i < transparency.count { alpha = Int(transparency[i]) }
                    case 4:
                        color.0 = to8(channel(0))
                        alpha = to8(channel(1))
                    default:
                        color = (to8(channel(0)), to8(channel(1)), to8(channel(2)))
                        alpha = to8(channel(3))
                    }
                    let x = p.x0 + column * p.dx
                    let o = y * h.width + x
                    if alpha < 255 {
                        sawTransparency = true
                        alphas[o] = UInt8(alpha)
                    }
                    if outComponents == 3 {
                        out[3 * o] = UInt8(color.0); out[3 * o + 1] = UInt8(color.1); out[3 * o + 2] = UInt8(color.2)
                    } else {
                        out[o] = UInt8(color.0)
                    }
                }
                swap(&previous, &line)
            }
        }
        return DecodedImage(
            width: h.width, height: h.height, components: outComponents, samples: out,
            alpha: sawTransparency ? alphas : nil)
    }
}

extension PNGFile {
    /// PNG row filtering (the encoder's side of `unfilter`), for PNG files and for PDF's
    /// Flate streams with PNG predictors: each row of `height` rows of `stride` bytes gets
    /// the filter byte and the filter (None, Sub, Up, Average, Paeth) whose output has the
    /// smallest sum of absolute values (the usual heuristic). `unit`: bytes per pixel.
    package static func filterRows(_ raw: [UInt8], stride: Int, height: Int, unit: Int) -> [UInt8] {
        var filtered = [UInt8](repeating: 0, count: (stride + 1) * height)
        raw.withUnsafeBufferPointer { src in
            for y in 0..<height {
                let row = UnsafeBufferPointer(rebasing: src[(y * stride)..<((y + 1) * stride)])
                let previous = y > 0 ? UnsafeBufferPointer(rebasing: src[((y - 1) * stride)..<(y * stride)]) : nil
                filterRow(row, previous: previous, unit: unit, into: &filtered, at: y * (stride + 1))
            }
        }
        return filtered
    }

    /// Filters one row (`previous` nil for the first) into `out[at…]`: the filter byte, then
    /// `row.count` filtered bytes.
    /// The filters are tried in the order Up, Sub, Paeth, Average, None, and the first with
    /// the smallest score (the sum of min(v, 256 − v) over the filtered bytes) wins. Scores
    /// are computed without writing anything, in 16-byte vectors of loads, unsigned minimums
    /// and sums, block by block (`filterBlock` bytes); a candidate stops
    /// at the first block end where its score has reached the best so far, which changes
    /// only how much is computed, never which filter wins. A best score of 0 (Up on a row
    /// equal to the one above, common on a drawing's background) cannot be beaten and ends
    /// the search. Only the winner's bytes are then written.
    package static func filterRow(_ row: UnsafeBufferPointer<UInt8>, previous: UnsafeBufferPointer<UInt8>?, unit: Int,
                                  into out: inout [UInt8], at: Int) {
        precondition(at >= 0 && at + row.count < out.count, "the filtered row must fit")
        out.withUnsafeMutableBufferPointer { filterRow(row, previous: previous, unit: unit, into: $0.baseAddress! + at) }
    }

    /// Filters one row into `out`, which has room for `row.count + 1` bytes (see above).
    package static func filterRow(_ row: UnsafeBufferPointer<UInt8>, previous: UnsafeBufferPointer<UInt8>?, unit: Int,
                                  into out: UnsafeMutablePointer<UInt8>) {
        let stride = row.count
        guard stride > 0, let x = row.baseAddress else {
            out[0] = previous == nil ? 1 : 2  // what the first candidate scores (0) on an empty row
            return
        }
        // The first row's "previous" is a row of zeros, as the PNG specification says.
        var zeros: [UInt8] = []
        if previous == nil { zeros = [UInt8](repeating: 0, count: stride) }
        zeros.withUnsafeBufferPointer { zero in
            let b = previous?.baseAddress ?? zero.baseAddress!
            let head = min(unit, stride)
            var bestFilter: UInt8 = 0
            var bestScore = Int.max
            for filter: UInt8 in [2, 1, 4, 3, 0] {
                if previous == nil && filter == 2 { continue }
                let score = Self.score(filter, x, b, stride, head, unit, bestScore)
                if score < bestScore {
                    bestScore = score
                    bestFilter = filter
                    if score == 0 { break }
                }
            }
            out[0] = bestFilter
            Self.write(bestFilter, x, b, stride, head, unit, out + 1)
        }
    }

    /// Bytes a filter candidate scores between checks against the best score.
    static let filterBlock = 1024

    /// The weight of a filtered byte: its distance from 0 modulo 256.
    @inline(__always) private static func weight(_ v: UInt8) -> UInt32 { UInt32(min(v, 0 &- v)) }

    /// The prediction of filter 3 (Average) and 4 (Paeth) from the left, up and up-left bytes.
    @inline(__always) private static func average(_ a: UInt8, _ up: UInt8) -> UInt8 {
        UInt8(truncatingIfNeeded: (UInt16(a) &+ UInt16(up)) >> 1)
    }
    @inline(__always) private static func paeth(_ a: UInt8, _ up: UInt8, _ c: UInt8) -> UInt8 {
        let a16 = Int16(a), b16 = Int16(up), c16 = Int16(c)
        // p = a + b − c: |p − a| = |b − c|, |p − b| = |a − c|, |p − c| = |a + b − 2c|.
        // (Magnitudes by a select, not `abs`, which checks for overflow.)
        @inline(__always) func magnitude(_ v: Int16) -> Int16 { v < 0 ? 0 &- v : v }
        let pa = magnitude(b16 &- c16), pb = magnitude(a16 &- c16), pc = magnitude(a16 &+ b16 &- c16 &- c16)
        return pa <= min(pb, pc) ? a : (pb <= pc ? up : c)
    }

    // The same, sixteen bytes at a time. (Scalar loops were vectorized only four lanes wide:
    // their sums were widened to 32 bits per byte. Here the weights are summed in 16-bit
    // lanes, which a block of `filterBlock` bytes cannot overflow: 64 steps × 128.)
    private typealias Lanes = SIMD16<UInt8>
    @_transparent private static func lanes(_ p: UnsafePointer<UInt8>) -> Lanes { UnsafeRawPointer(p).loadUnaligned(as: Lanes.self) }
    /// Lane minimum and maximum by selects (the standard library's pointwiseMin and
    /// pointwiseMax stayed calls inside the Paeth loop).
    @_transparent private static func lower(_ a: Lanes, _ b: Lanes) -> Lanes { a.replacing(with: b, where: b .< a) }
    @_transparent private static func higher(_ a: Lanes, _ b: Lanes) -> Lanes { a.replacing(with: b, where: b .> a) }
    @_transparent private static func weight(_ v: Lanes) -> Lanes { lower(v, Lanes.zero &- v) }
    /// (a + b) >> 1 without a carry out of 8 bits.
    @_transparent private static func average(_ a: Lanes, _ up: Lanes) -> Lanes { (a & up) &+ ((a ^ up) &>> 1) }
    /// Paeth in 8-bit lanes (no widening): |b − c| and |a − c| as max − min, and
    /// |a + b − 2c| as their sum when a and b lie on the same side of c (saturated at 255,
    /// which decides every comparison as the true sum would), else their difference.
    /// The same prediction as the scalar one for all 2²⁴ inputs.
    @_transparent private static func paeth(_ a: Lanes, _ up: Lanes, _ c: Lanes) -> Lanes {
        let pa = higher(up, c) &- lower(up, c)
        let pb = higher(a, c) &- lower(a, c)
        let sameSide = (up .>= c) .== (a .>= c)
        let sum = pa &+ pb
        let saturated = sum.replacing(with: 255, where: sum .< pa)
        let pc = saturated.replacing(with: higher(pa, pb) &- lower(pa, pb), where: .!sameSide)
        let useA = (pa .<= pb) .& (pa .<= pc), useB = pb .<= pc
        return c.replacing(with: up, where: useB).replacing(with: a, where: useA)
    }

    /// The weights of `i..<end`: `vector(j)` gives the filtered bytes j..<j + 16, `scalar(j)`
    /// byte j (for the last few).
    @inline(__always) private static func blockScore(_ i: Int, _ end: Int, _ vector: (Int) -> Lanes, _ scalar: (Int) -> UInt8) -> UInt32 {
        var sum = SIMD16<UInt16>.zero
        var j = i
        while j + 16 <= end { sum &+= SIMD16<UInt16>(truncatingIfNeeded: weight(vector(j))); j += 16 }
        var s = SIMD16<UInt32>(truncatingIfNeeded: sum).wrappedSum()
        while j < end { s &+= weight(scalar(j)); j += 1 }
        return s
    }

    /// Writes the filtered bytes `i..<n` to `out` (the same two ways).
    @inline(__always) private static func writeAll(_ i: Int, _ n: Int, _ out: UnsafeMutablePointer<UInt8>, _ vector: (Int) -> Lanes, _ scalar: (Int) -> UInt8) {
        var j = i
        while j + 16 <= n { UnsafeMutableRawPointer(out + j).storeBytes(of: vector(j), as: Lanes.self); j += 16 }
        while j < n { out[j] = scalar(j); j += 1 }
    }

    /// The score of `filter` on the row, or a number ≥ `bound` once it reaches `bound`.
    /// (The left neighbours are read through pointers moved back by `unit`, not as x[j − unit]:
    /// a checked subtraction in the loop would keep it from being vectorized.)
    private static func score(_ filter: UInt8, _ x: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int, _ head: Int, _ unit: Int, _ bound: Int) -> Int {
        var score = 0
        for j in 0..<head {
            let v: UInt8
            switch filter {
            case 0, 1: v = x[j]
            case 2, 4: v = x[j] &- b[j]
            default: v = x[j] &- (b[j] >> 1)
            }
            score += Int(weight(v))
        }
        let left = x - unit, upLeft = b - unit
        var i = head
        while i < n {
            let end = min(n, i + filterBlock)
            let s: UInt32
            switch filter {
            case 0: s = blockScore(i, end, { lanes(x + $0) }, { x[$0] })
            case 1: s = blockScore(i, end, { lanes(x + $0) &- lanes(left + $0) }, { x[$0] &- left[$0] })
            case 2: s = blockScore(i, end, { lanes(x + $0) &- lanes(b + $0) }, { x[$0] &- b[$0] })
            case 3: s = blockScore(i, end, { lanes(x + $0) &- average(lanes(left + $0), lanes(b + $0)) }, { x[$0] &- average(left[$0], b[$0]) })
            default: s = blockScore(i, end, { lanes(x + $0) &- paeth(lanes(left + $0), lanes(b + $0), lanes(upLeft + $0)) }, { x[$0] &- paeth(left[$0], b[$0], upLeft[$0]) })
            }
            score += Int(s)
            if score >= bound { return score }
            i = end
        }
        return score
    }
    /// Writes the row filtered by `filter` to `out`.
    private static func write(_ filter: UInt8, _ x: UnsafePointer<UInt8>, _ b: UnsafePointer<UInt8>, _ n: Int, _ head: Int, _ unit: Int, _ out: UnsafeMutablePointer<UInt8>) {
        for j in 0..<head {
            switch filter {
            case 0, 1: out[j] = x[j]
            case 2, 4: out[j] = x[j] &- b[j]
            default: out[j] = x[j] &- (b[j] >> 1)
            }
        }
        let left = x - unit, upLeft = b - unit
        switch filter {
        case 0: writeAll(head, n, out, { lanes(x + $0) }, { x[$0] })
        case 1: writeAll(head, n, out, { lanes(x + $0) &- lanes(left + $0) }, { x[$0] &- left[$0] })
        case 2: writeAll(head, n, out, { lanes(x + $0) &- lanes(b + $0) }, { x[$0] &- b[$0] })
        case 3: writeAll(head, n, out, { lanes(x + $0) &- average(lanes(left + $0), lanes(b + $0)) }, { x[$0] &- average(left[$0], b[$0]) })
        default: writeAll(head, n, out, { lanes(x + $0) &- paeth(lanes(left + $0), lanes(b + $0), lanes(upLeft + $0)) }, { x[$0] &- paeth(left[$0], b[$0], upLeft[$0]) })
        }
    }
}

extension PNGFile {
    /// What is wrong with a PNG whose header reads well, nil when nothing is: the chunks,
    /// the zlib stream and every row's filter (and, for a palette image, every index) are
    /// checked as the decoder would meet them, streaming, without holding the pixels.
    static func damage(_ bytes: [UInt8]) -> ImageDamage? {
        guard let h = chunks(bytes) else { return .cutShort }
        guard h.width > 0, h.height > 0, h.isValidFormat else { return .badHeader }
        if h.colorType == 3 && (h.palette.isEmpty || h.palette.count % 3 != 0 || h.palette.count > 768) { return .badPalette }
        guard !h.compressed.isEmpty else { return .noPixelData }
        let bitsPerPixel = h.channels * h.depth
        let unit = max(1, bitsPerPixel / 8)
        let passes = h.interlaced ? adam7 : [Pass(x0: 0, y0: 0, dx: 1, dy: 1)]
        // The rows of every pass, in order: (bytes after the filter byte, pixels).
        var rows: [(stride: Int, pixels: Int, count: Int)] = []
        var totalRows = 0
        for p in passes {
            let w = (h.width - p.x0 + p.dx - 1) / p.dx, n = (h.height - p.y0 + p.dy - 1) / p.dy
            if w > 0 && n > 0 { rows.append(((w * bitsPerPixel + 7) / 8, w, n)); totalRows += n }
        }
        let paletteEntries = h.palette.count / 3
        var pass = 0, rowInPass = 0, rowsDone = 0
        var line = [UInt8](repeating: 0, count: rows[0].stride + 1)
        var previous = [UInt8](repeating: 0, count: rows[0].stride)
        var filled = 0
        var problem: ImageDamage?
        /// Checks the full row in `line`; false to stop.
        func finishRow() -> Bool {
            let filter = line[0]
            guard filter <= 4 else { problem = .badFilter(row: rowsDone + 1); return false }
            if h.colorType == 3 {
                let stride = rows[pass].stride
                var row = Array(line[1...stride])
                let ok = row.withUnsafeMutableBufferPointer { r in
                    previous.withUnsafeBufferPointer { unfilter(r, previous: $0, filter: filter, unit: unit) }
                }
                guard ok else { problem = .badFilter(row: rowsDone + 1); return false }
                for column in 0..<rows[pass].pixels {
                    let bit = column * h.depth
                    let index = h.depth == 8 ? Int(row[column]) : Int(row[bit >> 3] >> UInt8(8 - h.depth - bit & 7)) & ((1 << h.depth) - 1)
                    guard index < paletteEntries else { problem = .paletteIndex(row: rowsDone + 1); return false }
                }
                previous = row
            }
            rowsDone += 1
            rowInPass += 1
            filled = 0
            if rowInPass == rows[pass].count {
                pass += 1
                rowInPass = 0
                if pass < rows.count {
                    line = [UInt8](repeating: 0, count: rows[pass].stride + 1)
                    previous = [UInt8](repeating: 0, count: rows[pass].stride)
                }
            }
            return true
        }
        let end = Deflate.inflate(h.compressed) { piece in
            var i = 0
            while i < piece.count {
                guard pass < rows.count else { return true }  // bytes past the last row are ignored
                let take = min(piece.count - i, line.count - filled)
                for k in 0..<take { line[filled + k] = piece[i + k] }
                filled += take
                i += take
                if filled == line.count, !finishRow() { return false }
            }
            return true
        }
        if let problem { return problem }
        switch end {
        case .complete: return rowsDone < totalRows ? .shortData(rows: rowsDone, of: totalRows) : nil
        case .truncated: return rowsDone < totalRows ? .shortData(rows: rowsDone, of: totalRows) : .cutShort
        case .damaged: return .damagedData(afterRows: rowsDone, of: totalRows)
        case .stopped: return nil
        }
    }
}

// QR Code model 2 (ISO/IEC 18004:2015): versions 1–40, levels L/M/Q/H, the segmentation
// into numeric, alphanumeric, byte and kanji segments that gives the fewest bits (dynamic
// programming over the characters), mask selection by the penalty rule of §7.8.3.

/// A matrix that function modules are set in.
protocol ModuleSetter {
    /// Modules a side.
    var size: Int { get }
    /// Sets the function module at column `x`, row `y`, dark or light.
    mutating func set(_ x: Int, _ y: Int, _ value: Bool)
}

enum QRCode {
    struct BlockStructure: Sendable {
        var ecPerBlock: Int
        var group1: Int
        var data1: Int
        var group2: Int
        var dataCodewords: Int { group1 * data1 + group2 * (data1 + 1) }
        var blocks: Int { group1 + group2 }
    }

    enum Mode: Int, CaseIterable { case numeric, alphanumeric, byte, kanji
        var indicator: Int { [1, 2, 4, 8][rawValue] }
        /// Character count indicator bits for versions 1–9, 10–26, 27–40.
        func countBits(_ group: Int) -> Int {
            [[10, 12, 14], [9, 11, 13], [8, 16, 16], [8, 10, 12]][rawValue][group]
        }
    }

    struct Segment: Equatable { var mode: Mode; var scalars: [Unicode.Scalar] }

    static let alphanumericSet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:".unicodeScalars)

    /// The alphanumeric value of each ASCII code (-1: not in the set).
    static let alphanumericValues: [Int8] = (0..<128).map { c in
        Int8(alphanumericSet.firstIndex(of: Unicode.Scalar(UInt8(c))) ?? -1)
    }

    static func alphanumericValue(_ s: Unicode.Scalar) -> Int? {
        guard s.value < 128 else { return nil }
        let v = alphanumericValues[Int(s.value)]
        return v < 0 ? nil : Int(v)
    }

    /// Unicode scalar → Shift JIS value, for the kanji mode (decoded once from the table).
    static let kanji: [UInt32: UInt16] = {
        var table: [UInt32: UInt16] = [:]
        let bytes = Array(kanjiPairsHex.utf8).filter { $0 != 10 && $0 != 32 }
        func hex(_ i: Int) -> UInt32 {
            var v: UInt32 = 0
            for k in 0..<4 {
                let c = bytes[i + k]
                v = v << 4 | UInt32(c <= 57 ? c - 48 : c - 55)
            }
            return v
        }
        var i = 0
        while i + 8 <= bytes.count {
            table[hex(i)] = UInt16(hex(i + 4))
            i += 8
        }
        return table
    }()

    static func size(_ version: Int) -> Int { version * 4 + 17 }
    static func group(_ version: Int) -> Int { version <= 9 ? 0 : version <= 26 ? 1 : 2 }
    static func blocks(_ version: Int, _ level: QRErrorCorrection) -> BlockStructure {
        blockTable[version - 1][Int(level.rawValue)]
    }

    /// Centres of the alignment patterns (ISO/IEC 18004 Annex E), by the rule the table
    /// follows: evenly spaced from the last row back to 6, the step even (and 26 for version 32).
    static func alignmentPositions(_ version: Int) -> [Int] {
        guard version > 1 else { return [] }
        let count = version / 7 + 2
        let step = version == 32 ? 26 : (version * 4 + count * 2 + 1) / (count * 2 - 2) * 2
        var result = [6]
        var position = size(version) - 7
        var tail: [Int] = []
        for _ in 0..<(count - 1) { tail.append(position); position -= step }
        result += tail.reversed()
        return result
    }

    // MARK: Encoding

    static func encode(_ data: String, _ request: BarcodeRequest) throws -> MatrixSymbol {
        let scalars = Array(data.unicodeScalars)
        guard data.utf8.count <= BarcodeLimits.maxMatrixBytes else {
            throw BarcodeError("barcode.too-long", "a qr barcode holds at most 2953 bytes, found \(data.utf8.count)",
                               offset: 0, length: data.utf8.count)
        }
        let level = request.errorCorrection
        // Byte segments are UTF-8 behind an ECI designator 26 when any of their characters is
        // beyond ASCII (the default ISO-8859-1 of byte mode is guessed differently by readers).
        // The last plan, kept: the version is tried and then encoded with the same one.
        var planned: (count: Int, group: Int, segments: [Segment], bits: Int)?
        func plan(_ count: Int, _ version: Int) -> (segments: [Segment], bits: Int, eci: Bool) {
            let g = group(version)
            let segments: [Segment], bits: Int
            if let p = planned, p.count == count, p.group == g { (segments, bits) = (p.segments, p.bits) } else {
                (segments, bits) = segment(count == scalars.count ? scalars : Array(scalars.prefix(count)), group: g)
                planned = (count, g, segments, bits)
            }
            let eci = segments.contains { $0.mode == .byte && $0.scalars.contains { $0.value > 127 } }
            return (segments, bits + (eci ? 12 : 0), eci)
        }
        func fits(_ count: Int, _ version: Int) -> Bool {
            plan(count, version).bits <= blocks(version, level).dataCodewords * 8
        }
        var version: Int
        if let forced = request.version {
            version = forced
            if !fits(scalars.count, forced) {
                let smallest = (forced...40).first { fits(scalars.count, $0) }
                var hint: String
                if let smallest { hint = "version \(smallest) is the smallest that fits at level \(level.letter)" }
                else if level != .low && fits(scalars.count, 40) == false && (forced...40).first(where: { v in plan(scalars.count, v).bits <= blocks(v, .low).dataCodewords * 8 }) != nil {
                    hint = "no version fits at level \(level.letter); try a lower errorCorrection"
                } else { hint = "no QR Code holds this much data; shorten it" }
                throw overflow(scalars, fits: { fits($0, forced) }, what: "version \(forced) at level \(level.letter)", hint: hint)
            }
        } else {
            guard let smallest = (1...40).first(where: { fits(scalars.count, $0) }) else {
                var hint = "no QR Code holds this much data; shorten it"
                if level != .low, (1...40).contains(where: { v in plan(scalars.count, v).bits <= blocks(v, .low).dataCodewords * 8 }) {
                    hint = "a lower errorCorrection (L) makes room"
                }
                throw overflow(scalars, fits: { fits($0, 40) }, what: "any qr version at level \(level.letter)", hint: hint)
            }
            version = smallest
        }
        let p = plan(scalars.count, version)
        let codewords = dataCodewords(p.segments, eci: p.eci, version: version, level: level)
        return matrix(codewords: codewords, version: version, level: level, mask: request.mask)
    }

    /// "too much data": at the first character that no longer fits.
    static func overflow(_ scalars: [Unicode.Scalar], fits: (Int) -> Bool, what: String, hint: String) -> BarcodeError {
        var low = 0, high = scalars.count  // fits(low) holds, fits(high) does not
        while high - low > 1 {
            let mid = (low + high) / 2
            if fits(mid) { low = mid } else { high = mid }
        }
        var offset = 0
        for s in scalars.prefix(low) { offset += UTF8.width(s) }
        var total = offset
        for s in scalars.dropFirst(low) { total += UTF8.width(s) }
        return BarcodeError("barcode.too-much-data",
                            "too much data for \(what): it holds the first \(low) characters",
                            hint: hint, offset: offset, length: total - offset)
    }

    /// The segmentation with the fewest bits for the version group (ISO/IEC 18004 Annex J's
    /// goal, solved exactly): costs in sixths of a bit so that numeric (10/3 bits a digit)
    /// and alphanumeric (11/2) stay integers; a segment's partial last group is rounded up
    /// when the next segment begins.
    static func segment(_ scalars: [Unicode.Scalar], group: Int) -> ([Segment], Int) {
        let n = scalars.count
        if n == 0 { return ([], 0) }
        let infinity = Int.max / 4
        // Per character, what each mode costs (infinity: the mode cannot take it).
        func charCost(_ m: Int, _ s: Unicode.Scalar) -> Int {
            switch m {
            case 0: return s.value >= 48 && s.value <= 57 ? 20 : infinity
            case 1: return alphanumericValue(s) != nil ? 33 : infinity
            case 2: return UTF8.width(s) * 48
            default: return s.value >= 0x80 && kanji[s.value] != nil ? 78 : infinity
            }
        }
        let modes = Mode.allCases
        let head = modes.map { (4 + $0.countBits(group)) * 6 }
        func up(_ x: Int) -> Int { (x + 5) / 6 * 6 }
        // cost[i * 4 + m]: the fewest sixths for scalars 0...i with scalar i in a segment of
        // mode m; from[i * 4 + m]: the mode of scalar i - 1.
        var cost = [Int](repeating: infinity, count: n * 4)
        var from = [Int8](repeating: -1, count: n * 4)
        for m in 0..<4 { let c = charCost(m, scalars[0]); if c < infinity { cost[m] = head[m] + c } }
        for i in 1..<n {
            let s = scalars[i]
            for m in 0..<4 {
                let c = charCost(m, s)
                guard c < infinity else { continue }
                var best = infinity, bestFrom = -1
                for k in 0..<4 {
                    let previous = cost[(i - 1) * 4 + k]
                    guard previous < infinity else { continue }
                    let total = k == m ? previous + c : up(previous) + head[m] + c
                    if total < best { best = total; bestFrom = k }
                }
                cost[i * 4 + m] = best; from[i * 4 + m] = Int8(bestFrom)
            }
        }
        var last = 0
        for m in 1..<4 where cost[(n - 1) * 4 + m] < cost[(n - 1) * 4 + last] { last = m }
        let bits = up(cost[(n - 1) * 4 + last]) / 6
        var modesOf = [Int8](repeating: 0, count: n)
        var m = last
        for i in stride(from: n - 1, through: 0, by: -1) { modesOf[i] = Int8(m); m = Int(from[i * 4 + m]) }
        var segments: [Segment] = []
        var start = 0
        for i in 1...n where i == n || modesOf[i] != modesOf[start] {
            segments.append(Segment(mode: Mode(rawValue: Int(modesOf[start]))!, scalars: Array(scalars[start..<i])))
            start = i
        }
        return (segments, bits)
    }

    /// Bits packed most significant first into bytes.
    struct BitBuffer {
        var bytes: [UInt8] = []
        /// Bits written so far.
        var count = 0
        mutating func append(_ value: Int, _ width: Int) {
            for i in stride(from: width - 1, through: 0, by: -1) {
                if count & 7 == 0 { bytes.append(0) }
                if (value >> i) & 1 == 1 { bytes[bytes.count - 1] |= 0x80 >> UInt8(count & 7) }
                count += 1
            }
        }
    }

    static func dataCodewords(_ segments: [Segment], eci: Bool, version: Int, level: QRErrorCorrection) -> [UInt8] {
        var buffer = BitBuffer()
        var eciWritten = !eci
        let g = group(version)
        for segment in segments {
            // The ECI designator before the first byte segment (it holds for the rest).
            if segment.mode == .byte && !eciWritten { buffer.append(7, 4); buffer.append(26, 8); eciWritten = true }
            buffer.append(segment.mode.indicator, 4)
            switch segment.mode {
            case .numeric:
                buffer.append(segment.scalars.count, segment.mode.countBits(g))
                var i = 0
                let d = segment.scalars.map { Int($0.value) - 48 }
                while i < d.count {
                    let take = min(3, d.count - i)
                    var v = 0
                    for k in 0..<take { v = v * 10 + d[i + k] }
                    buffer.append(v, [0, 4, 7, 10][take])
                    i += take
                }
            case .alphanumeric:
                buffer.append(segment.scalars.count, segment.mode.countBits(g))
                let v = segment.scalars.map { alphanumericValue($0)! }
                var i = 0
                while i + 1 < v.count { buffer.append(v[i] * 45 + v[i + 1], 11); i += 2 }
                if i < v.count { buffer.append(v[i], 6) }
            case .byte:
                var bytes: [UInt8] = []
                bytes.reserveCapacity(segment.scalars.count)
                for s in segment.scalars { UTF8.encode(s) { bytes.append($0) } }
                buffer.append(bytes.count, segment.mode.countBits(g))
                for b in bytes { buffer.append(Int(b), 8) }
            case .kanji:
                buffer.append(segment.scalars.count, segment.mode.countBits(g))
                for s in segment.scalars {
                    let sjis = Int(kanji[s.value]!)
                    let base = sjis >= 0xE040 ? sjis - 0xC140 : sjis - 0x8140
                    buffer.append((base >> 8) * 0xC0 + (base & 0xFF), 13)
                }
            }
        }
        let capacity = blocks(version, level).dataCodewords * 8
        buffer.append(0, min(4, capacity - buffer.count))
        if buffer.count % 8 != 0 { buffer.append(0, 8 - buffer.count % 8) }
        var codewords = buffer.bytes
        var pad: UInt8 = 0xEC
        while codewords.count < capacity / 8 { codewords.append(pad); pad = pad == 0xEC ? 0x11 : 0xEC }
        return codewords
    }

    /// The generator polynomials of degrees 0–30 (QR Code uses 7–30 check codewords a block).
    static let generators: [[UInt8]] = (0...30).map { GaloisField.qr.generator(degree: $0, firstRoot: 0) }
    /// Their multiples (`GaloisField.wordProducts(of:)`), 0.25 MB made once.
    static let generatorProducts: [[UInt64]] = generators.map { GaloisField.qr.wordProducts(of: $0) }

    /// Splits into blocks, adds each block's check codewords, interleaves (§7.6).
    static func finalMessage(_ data: [UInt8], version: Int, level: QRErrorCorrection) -> [UInt8] {
        let structure = blocks(version, level)
        let n = structure.ecPerBlock
        let products = n < generatorProducts.count ? generatorProducts[n]
            : GaloisField.qr.wordProducts(of: GaloisField.qr.generator(degree: n, firstRoot: 0))
        var dataBlocks: [ArraySlice<UInt8>] = [], ecBlocks: [[UInt8]] = []
        var position = 0
        products.withUnsafeBufferPointer { table in
            for b in 0..<structure.blocks {
                let length = structure.data1 + (b < structure.group1 ? 0 : 1)
                let block = data[position..<(position + length)]
                position += length
                dataBlocks.append(block)
                ecBlocks.append(GaloisField.qr.remainder(block, rows: table.baseAddress!, degree: n))
            }
        }
        var result: [UInt8] = []
        result.reserveCapacity(data.count + structure.blocks * n)
        for i in 0..<(structure.data1 + 1) {
            for block in dataBlocks where i < block.count { result.append(block[block.startIndex + i]) }
        }
        for i in 0..<structure.ecPerBlock { for block in ecBlocks { result.append(block[i]) } }
        return result
    }

    // MARK: The matrix

    /// Module by module, for the reference penalty (`maskScores`, `penalty`).
    struct Grid: ModuleSetter {
        let size: Int
        var dark: [Bool]
        var function: [Bool]
        init(size: Int) { self.size = size; dark = [Bool](repeating: false, count: size * size); function = dark }
        /// The same modules as `bits`.
        init(_ bits: BitGrid) {
            self.init(size: bits.size)
            for y in 0..<size {
                for x in 0..<size {
                    dark[y * size + x] = bits.isDark(x, y)
                    function[y * size + x] = bits.isFunction(x, y)
                }
            }
        }
        /// Sets a function module at column `x`, row `y`.
        mutating func set(_ x: Int, _ y: Int, _ value: Bool) { dark[y * size + x] = value; function[y * size + x] = true }
    }

    /// The symbol as bits, as `MatrixSymbol.bits` holds it: row y's word k holds columns
    /// 64k…64k+63 (column x at bit x & 63 of word y · words + x / 64); `function` marks the
    /// function modules (finders, timing, alignment, format and version information).
    struct BitGrid: ModuleSetter {
        let size: Int
        /// Words a row.
        let words: Int
        var dark: [UInt64]
        var function: [UInt64]
        init(size: Int) {
            self.size = size
            words = (size + 63) / 64
            dark = [UInt64](repeating: 0, count: size * words)
            function = dark
        }
        @inline(__always) func isDark(_ x: Int, _ y: Int) -> Bool { dark[y * words + x >> 6] >> UInt64(x & 63) & 1 != 0 }
        @inline(__always) func isFunction(_ x: Int, _ y: Int) -> Bool { function[y * words + x >> 6] >> UInt64(x & 63) & 1 != 0 }
        /// Sets a function module at column `x`, row `y`.
        @inline(__always) mutating func set(_ x: Int, _ y: Int, _ value: Bool) {
            let i = y * words + x >> 6, bit: UInt64 = 1 << UInt64(x & 63)
            function[i] |= bit
            if value { dark[i] |= bit } else { dark[i] &= ~bit }
        }
    }

    static func matrix(codewords: [UInt8], version: Int, level: QRErrorCorrection, mask forcedMask: Int?) -> MatrixSymbol {
        let n = size(version)
        var grid = BitGrid(size: n)
        // Timing patterns, then finders over their ends.
        for i in 0..<n { grid.set(6, i, i % 2 == 0); grid.set(i, 6, i % 2 == 0) }
        for (cx, cy) in [(3, 3), (n - 4, 3), (3, n - 4)] {
            for dy in -4...4 {
                for dx in -4...4 {
                    let x = cx + dx, y = cy + dy
                    guard x >= 0, x < n, y >= 0, y < n else { continue }
                    let d = max(abs(dx), abs(dy))
                    grid.set(x, y, d != 2 && d != 4)
                }
            }
        }
        let positions = alignmentPositions(version)
        for (i, cy) in positions.enumerated() {
            for (j, cx) in positions.enumerated() {
                let last = positions.count - 1
                if (i == 0 && j == 0) || (i == 0 && j == last) || (i == last && j == 0) { continue }
                for dy in -2...2 { for dx in -2...2 { grid.set(cx + dx, cy + dy, max(abs(dx), abs(dy)) != 1) } }
            }
        }
        // Format areas reserved (drawn per mask below) and version information.
        drawFormat(&grid, level: level, mask: 0)
        if version >= 7 {
            var rem = version
            for _ in 0..<12 { rem = (rem << 1) ^ ((rem >> 11) * 0x1F25) }
            let bits = version << 12 | rem
            for i in 0..<18 {
                let bit = (bits >> i) & 1 == 1
                let a = n - 11 + i % 3, b = i / 3
                grid.set(a, b, bit); grid.set(b, a, bit)
            }
        }
        // Codewords in the zigzag of §7.7.3, two columns up, two down; remainder bits stay
        // light (0). Set bits only: the data modules are all light so far.
        let message = finalMessage(codewords, version: version, level: level)
        let totalBits = message.count * 8
        let w = grid.words
        var dark = grid.dark
        grid.dark = []
        dark.withUnsafeMutableBufferPointer { dark in
            grid.function.withUnsafeBufferPointer { function in
                message.withUnsafeBufferPointer { message in
                    var bitIndex = 0
                    var right = n - 1
                    while right >= 1 {
                        if right == 6 { right = 5 }
                        let upward = (right + 1) & 2 == 0
                        for vertical in 0..<n {
                            let y = upward ? n - 1 - vertical : vertical
                            for j in 0..<2 {
                                let x = right - j
                                let i = y * w + x >> 6, bit: UInt64 = 1 << UInt64(x & 63)
                                guard function[i] & bit == 0 else { continue }
                                if bitIndex < totalBits, (message[bitIndex >> 3] << UInt8(bitIndex & 7)) & 0x80 != 0 { dark[i] |= bit }
                                bitIndex += 1
                            }
                        }
                        right -= 2
                    }
                }
            }
        }
        grid.dark = dark
        var chosen = forcedMask ?? 0
        if forcedMask == nil {
            // Up to 60 modules a side (versions 1–10) a row or column fits one 64-bit word with
            // the four quiet modules of N3; larger symbols take the module-by-module rule.
            let scores = n <= packedMaxSize ? packedMaskScores(grid, level: level) : maskScores(Grid(grid), level: level)
            assert(n > packedMaxSize || scores == maskScores(Grid(grid), level: level), "packed penalty differs")
            var best = Int.max
            for mask in 0..<8 where scores[mask] < best { best = scores[mask]; chosen = mask }
        }
        applyMask(&grid, chosen)
        drawFormat(&grid, level: level, mask: chosen)
        return MatrixSymbol(width: n, height: n, bits: grid.dark, quietZone: 4, version: version, mask: chosen, errorCorrection: level)
    }

    /// XORs the mask onto the data modules: whole rows with the mask's row pattern word up
    /// to `packedMaxSize`, module by module above.
    static func applyMask(_ grid: inout BitGrid, _ mask: Int) {
        let n = grid.size, w = grid.words
        if n <= packedMaxSize {
            let full: UInt64 = (1 << UInt64(n)) - 1  // no bits past the last column
            for y in 0..<n { grid.dark[y] ^= rowMaskWords[mask * 12 + y % 12] & ~grid.function[y] & full }
            return
        }
        for y in 0..<n {
            for x in 0..<n where maskBit(mask, row: y, column: x) {
                let i = y * w + x >> 6, bit: UInt64 = 1 << UInt64(x & 63)
                if grid.function[i] & bit == 0 { grid.dark[i] ^= bit }
            }
        }
    }

    /// The penalty of each of the eight masks, module by module (the reference rule).
    static func maskScores(_ grid: Grid, level: QRErrorCorrection) -> [Int] {
        (0..<8).map { mask in
            var candidate = grid
            applyMask(&candidate, mask)
            drawFormat(&candidate, level: level, mask: mask)
            return penalty(candidate)
        }
    }

    /// The largest symbol whose rows and columns `packedMaskScores` handles: 60 modules and
    /// the four light modules after them in one 64-bit word.
    static let packedMaxSize = 60

    /// A mask's pattern along a row (module x at bit x) for row y: period 6 in x, so indexed
    /// by mask * 12 + y % 12 and repeated over 64 bits.
    static let rowMaskWords: [UInt64] = (0..<96).map { k in
        var p: UInt64 = 0
        for x in 0..<6 where maskBit(k / 12, row: k % 12, column: x) { p |= 1 << UInt64(x) }
        return p &* 0x1041_0410_4104_1041
    }

    /// A mask's pattern along a column (module y at bit y) for column x: period 12 in y, so
    /// indexed by mask * 6 + x % 6 and repeated over 64 bits.
    static let columnMaskWords: [UInt64] = (0..<48).map { k in
        var p: UInt64 = 0
        for y in 0..<12 where maskBit(k / 6, row: y, column: k % 6) { p |= 1 << UInt64(y) }
        return p &* 0x1001_0010_0100_1001
    }

    /// The same scores as `maskScores`, on rows and columns packed into 64-bit words (n ≤ 60):
    /// masks by XOR of whole rows, N1 runs and N3 finder-like patterns by shifts, N2 blocks by
    /// AND of adjacent rows, N4 by popcount.
    static func packedMaskScores(_ grid: BitGrid, level: QRErrorCorrection) -> [Int] {
        let n = grid.size
        precondition(n <= packedMaxSize && grid.words == 1)
        let dataRow = grid.dark
        let full: UInt64 = (1 << UInt64(n)) - 1
        let freeRow = grid.function.map { ~$0 & full }
        // Columns: the rows transposed.
        let dataColumn = transposed(dataRow, n), freeColumn = transposed(freeRow, n)
        let positions = formatPositions(n)
        var rows = dataRow, columns = dataColumn
        var scores: [Int] = []
        for mask in 0..<8 {
            for y in 0..<n { rows[y] = dataRow[y] ^ (rowMaskWords[mask * 12 + y % 12] & freeRow[y]) }
            for x in 0..<n { columns[x] = dataColumn[x] ^ (columnMaskWords[mask * 6 + x % 6] & freeColumn[x]) }
            let bits = formatBits(level: level, mask: mask)
            for p in positions {
                let rowBit: UInt64 = 1 << UInt64(p.x), columnBit: UInt64 = 1 << UInt64(p.y)
                if (bits >> p.bit) & 1 == 1 { rows[p.y] |= rowBit; columns[p.x] |= columnBit }
                else { rows[p.y] &= ~rowBit; columns[p.x] &= ~columnBit }
            }
            scores.append(packedPenalty(rows: rows, columns: columns, n: n))
        }
        return scores
    }

    /// The n × n bit matrix (n ≤ 64; bit x of `rows[y]`) transposed: bit y of `result[x]`.
    /// Hacker's Delight's recursive block swap on a 64 × 64 matrix: six rounds of 32 masked
    /// exchanges instead of a shift per module.
    static func transposed(_ rows: [UInt64], _ n: Int) -> [UInt64] {
        var a = [UInt64](repeating: 0, count: 64)
        a.withUnsafeMutableBufferPointer { a in
            for y in 0..<min(n, 64) { a[y] = rows[y] }
            var j = 32
            var m: UInt64 = 0x0000_0000_FFFF_FFFF
            while j != 0 {
                var k = 0
                while k < 64 {
                    // Row k's bits j... of each 2j-block and row k + j's bits ...j-1 trade places.
                    let t = ((a[k] >> UInt64(j)) ^ a[k + j]) & m
                    a[k] ^= t << UInt64(j)
                    a[k + j] ^= t
                    k = (k + j + 1) & ~j
                }
                j >>= 1
                m ^= m << UInt64(j)
            }
        }
        return Array(a.prefix(n))
    }

    /// §7.8.3.1 on packed lines: bit x of rows[y] and bit y of columns[x] is module (x, y).
    /// Row y and column y are scored together, as the two lanes of a `SIMD2<UInt64>` (one
    /// vector instruction for both), and bits are counted a byte at a time in both lanes
    /// before one multiplication sums them (the build has no POPCNT instruction).
    static func packedPenalty(rows: [UInt64], columns: [UInt64], n: Int) -> Int {
        typealias Lines = SIMD2<UInt64>
        let full = Lines(repeating: (1 << UInt64(n)) - 1)
        // N3 windows start at bits 0...n-3 of a line shifted up by four light modules.
        let windows = Lines(repeating: (1 << UInt64(n - 2)) - 1)
        // N2: a block's left column is bit x, so x runs to n - 2.
        let blocks = Lines(repeating: (1 << UInt64(n - 1)) - 1)
        let m1 = Lines(repeating: 0x5555_5555_5555_5555), m2 = Lines(repeating: 0x3333_3333_3333_3333)
        let m4 = Lines(repeating: 0x0F0F_0F0F_0F0F_0F0F)
        /// The set bits of each byte of each lane (0…8 a byte).
        @inline(__always) func byteCounts(_ x: Lines) -> Lines {
            let a = x &- ((x &>> 1) & m1)
            let b = (a & m2) &+ ((a &>> 2) & m2)
            return (b &+ (b &>> 4)) & m4
        }
        /// The sum of all bytes of both lanes, each byte at most 127.
        @inline(__always) func sum(_ counts: Lines) -> Int {
            // Bytes into 16-bit lanes first, so the total may pass 255.
            let t = counts[0] &+ counts[1]
            let u = (t & 0x00FF_00FF_00FF_00FF) &+ ((t >> 8) & 0x00FF_00FF_00FF_00FF)
            return Int(truncatingIfNeeded: (u &* 0x0001_0001_0001_0001) >> 48)
        }
        var score = 0, dark = 0
        rows.withUnsafeBufferPointer { rows in
            columns.withUnsafeBufferPointer { columns in
                for y in 0..<n {
                    let w = Lines(rows[y], columns[y])
                    // N1: a run of r ≥ 5 holds r - 4 windows of five, and scores 3 + (r - 5):
                    // one per window and two more at its first. Dark and light windows never
                    // share a bit, so both colours are counted together.
                    let l = ~w & full
                    let d2 = w & w &>> 1, l2 = l & l &>> 1
                    let dark5 = d2 & d2 &>> 2 & w &>> 4, light5 = l2 & l2 &>> 2 & l &>> 4
                    let fives = dark5 | light5
                    let firsts = (dark5 & ~(dark5 &<< 1)) | (light5 & ~(light5 &<< 1))
                    // Bytes of ≤ 8 + 2 · 8, two lanes: ≤ 48.
                    score += sum(byteCounts(fives) &+ (byteCounts(firsts) &<< 1))
                    // N3: 1011101 with four light modules on one side (modules past either
                    // end light): with o = g | g >> 1, g >> 7…10 are o >> 7 and o >> 9, and
                    // g << 1…4 are o << 2 and o << 4.
                    let g = w &<< 4
                    let o = g | g &>> 1
                    let core = g & ~(g &>> 1) & g &>> 2 & g &>> 3 & g &>> 4 & ~(g &>> 5) & g &>> 6
                    let lightAfter = ~(o &>> 7 | o &>> 9)
                    let lightBefore = ~(o &<< 2 | o &<< 4)  // bits t-4...t-1, at t
                    let finders = ((core & lightAfter) | ((core & lightBefore) &>> 4)) & windows
                    if any(finders .!= 0) { score += 40 * (finders[0].nonzeroBitCount + finders[1].nonzeroBitCount) }
                }
                // N2 (2 × 2 blocks of one colour) for row pairs y, y + 1 and y + 1, y + 2 in the
                // two lanes, and the dark modules of rows y and y + 1 (N4).
                var y = 0
                while y + 2 < n {
                    let a = Lines(rows[y], rows[y + 1]), b = Lines(rows[y + 1], rows[y + 2])
                    let v = a ^ b
                    let same = ~(v | v &>> 1 | (a ^ a &>> 1)) & blocks
                    score += 3 * sum(byteCounts(same))
                    dark += sum(byteCounts(a))
                    y += 2
                }
                if y + 1 < n {
                    let a = rows[y], b = rows[y + 1], v = a ^ b
                    score += 3 * (~(v | v >> 1 | (a ^ a >> 1)) & blocks[0]).nonzeroBitCount
                    dark += a.nonzeroBitCount
                    y += 1
                }
                if y < n { dark += rows[y].nonzeroBitCount }
            }
        }
        let total = n * n
        score += abs(dark * 20 - total * 10) / total * 10
        return score
    }

    static func maskBit(_ mask: Int, row i: Int, column j: Int) -> Bool {
        switch mask {
        case 0: return (i + j) % 2 == 0
        case 1: return i % 2 == 0
        case 2: return j % 3 == 0
        case 3: return (i + j) % 3 == 0
        case 4: return (i / 2 + j / 3) % 2 == 0
        case 5: return (i * j) % 2 + (i * j) % 3 == 0
        case 6: return ((i * j) % 2 + (i * j) % 3) % 2 == 0
        default: return ((i + j) % 2 + (i * j) % 3) % 2 == 0
        }
    }

    static func applyMask(_ grid: inout Grid, _ mask: Int) {
        let n = grid.size
        let function = grid.function
        grid.dark.withUnsafeMutableBufferPointer { dark in
            for y in 0..<n {
                if n <= packedMaxSize {
                    // The mask's row pattern word (period 6 in x) instead of the formula per module.
                    let pattern = rowMaskWords[mask * 12 + y % 12]
                    for x in 0..<n where (pattern >> UInt64(x)) & 1 != 0 && !function[y * n + x] { dark[y * n + x].toggle() }
                } else {
                    for x in 0..<n where !function[y * n + x] && maskBit(mask, row: y, column: x) { dark[y * n + x].toggle() }
                }
            }
        }
    }

    /// Format information: level and mask, BCH(15,5)-protected, XOR 0x5412, in both copies.
    static func drawFormat<G: ModuleSetter>(_ grid: inout G, level: QRErrorCorrection, mask: Int) {
        let bits = formatBits(level: level, mask: mask)
        for p in formatPositions(grid.size) { grid.set(p.x, p.y, (bits >> p.bit) & 1 == 1) }
    }

    /// The 15 format bits, and bit 15 set for the module that is always dark.
    static func formatBits(level: QRErrorCorrection, mask: Int) -> Int {
        let levelBits = [1, 0, 3, 2][Int(level.rawValue)]
        let data = levelBits << 3 | mask
        var rem = data
        for _ in 0..<10 { rem = (rem << 1) ^ ((rem >> 9) * 0x537) }
        return ((data << 10 | rem) ^ 0x5412) | 1 << 15
    }

    /// Where each format bit goes (both copies), and the dark module (bit 15).
    static func formatPositions(_ n: Int) -> [(x: Int, y: Int, bit: Int)] {
        var result: [(x: Int, y: Int, bit: Int)] = []
        for i in 0...5 { result.append((8, i, i)) }
        result.append((8, 7, 6)); result.append((8, 8, 7)); result.append((7, 8, 8))
        for i in 9..<15 { result.append((14 - i, 8, i)) }
        for i in 0..<8 { result.append((n - 1 - i, 8, i)) }
        for i in 8..<15 { result.append((8, n - 15 + i, i)) }
        result.append((8, n - 8, 15))
        return result
    }

    /// The penalty of §7.8.3.1 (N1 = 3, N2 = 3, N3 = 40, N4 = 10), with the light area of a
    /// finder-like pattern allowed to lie in the quiet zone. One pass per row and column
    /// with an 11-module window (this runs 8 times per symbol, so it avoids closures).
    static func penalty(_ grid: Grid) -> Int {
        let n = grid.size
        var cells = [UInt8](repeating: 0, count: n * n)
        for i in 0..<(n * n) where grid.dark[i] { cells[i] = 1 }
        return cells.withUnsafeBufferPointer { m -> Int in
            var score = 0
            var dark = 0
            // 1011101 with four light modules after it (0b10111010000) or before (0b00001011101).
            let patternA = 0b101_1101_0000, patternB = 0b000_0101_1101
            for pass in 0..<2 {
                for a in 0..<n {
                    var run = 0
                    var previous: UInt8 = 2
                    var window = 0
                    for b in 0..<(n + 4) {
                        let c: UInt8 = b < n ? (pass == 0 ? m[a * n + b] : m[b * n + a]) : 0
                        if b < n {
                            if c == previous { run += 1 } else { if run >= 5 { score += run - 2 }; run = 1; previous = c }
                        }
                        window = ((window << 1) | Int(c)) & 0x7FF
                        // The window covers modules b-10...b; modules before 0 count as light.
                        if b >= 6 && (window == patternA || window == patternB) { score += 40 }
                    }
                    if run >= 5 { score += run - 2 }
                }
            }
            for y in 0..<n {
                let row = y * n
                for x in 0..<n {
                    let c = m[row + x]
                    dark &+= Int(c)
                    if x + 1 < n, y + 1 < n, c == m[row + x + 1], c == m[row + n + x], c == m[row + n + x + 1] { score += 3 }
                }
            }
            let total = n * n
            // k: how many whole 5 % steps the dark share is away from 50 %.
            score += abs(dark * 20 - total * 10) / total * 10
            return score
        }
    }
}

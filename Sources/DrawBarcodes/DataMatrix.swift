// Data Matrix ECC 200 (ISO/IEC 16022:2006): the 24 square and 6 rectangular sizes; ASCII,
// C40, Text, X12, EDIFACT and Base 256 encodation, switched mid-data by the look-ahead test
// of Annex P (and the shorter of that and a single mode for the whole data); Reed-Solomon in
// GF(256)/0x12D, the module placement of Annex F.

enum DataMatrix {
    struct Size: Sendable {
        var rows: Int, columns: Int
        /// Data region (without its finder and timing border).
        var regionRows: Int, regionColumns: Int
        var dataCodewords: Int, ecCodewords: Int, blocks: Int
        var regionsDown: Int { rows / (regionRows + 2) }
        var regionsAcross: Int { columns / (regionColumns + 2) }
    }

    /// ISO/IEC 16022 Table 7.
    static let sizes: [Size] = [
        Size(rows: 10, columns: 10, regionRows: 8, regionColumns: 8, dataCodewords: 3, ecCodewords: 5, blocks: 1),
        Size(rows: 12, columns: 12, regionRows: 10, regionColumns: 10, dataCodewords: 5, ecCodewords: 7, blocks: 1),
        Size(rows: 14, columns: 14, regionRows: 12, regionColumns: 12, dataCodewords: 8, ecCodewords: 10, blocks: 1),
        Size(rows: 16, columns: 16, regionRows: 14, regionColumns: 14, dataCodewords: 12, ecCodewords: 12, blocks: 1),
        Size(rows: 18, columns: 18, regionRows: 16, regionColumns: 16, dataCodewords: 18, ecCodewords: 14, blocks: 1),
        Size(rows: 20, columns: 20, regionRows: 18, regionColumns: 18, dataCodewords: 22, ecCodewords: 18, blocks: 1),
        Size(rows: 22, columns: 22, regionRows: 20, regionColumns: 20, dataCodewords: 30, ecCodewords: 20, blocks: 1),
        Size(rows: 24, columns: 24, regionRows: 22, regionColumns: 22, dataCodewords: 36, ecCodewords: 24, blocks: 1),
        Size(rows: 26, columns: 26, regionRows: 24, regionColumns: 24, dataCodewords: 44, ecCodewords: 28, blocks: 1),
        Size(rows: 32, columns: 32, regionRows: 14, regionColumns: 14, dataCodewords: 62, ecCodewords: 36, blocks: 1),
        Size(rows: 36, columns: 36, regionRows: 16, regionColumns: 16, dataCodewords: 86, ecCodewords: 42, blocks: 1),
        Size(rows: 40, columns: 40, regionRows: 18, regionColumns: 18, dataCodewords: 114, ecCodewords: 48, blocks: 1),
        Size(rows: 44, columns: 44, regionRows: 20, regionColumns: 20, dataCodewords: 144, ecCodewords: 56, blocks: 1),
        Size(rows: 48, columns: 48, regionRows: 22, regionColumns: 22, dataCodewords: 174, ecCodewords: 68, blocks: 1),
        Size(rows: 52, columns: 52, regionRows: 24, regionColumns: 24, dataCodewords: 204, ecCodewords: 84, blocks: 2),
        Size(rows: 64, columns: 64, regionRows: 14, regionColumns: 14, dataCodewords: 280, ecCodewords: 112, blocks: 2),
        Size(rows: 72, columns: 72, regionRows: 16, regionColumns: 16, dataCodewords: 368, ecCodewords: 144, blocks: 4),
        Size(rows: 80, columns: 80, regionRows: 18, regionColumns: 18, dataCodewords: 456, ecCodewords: 192, blocks: 4),
        Size(rows: 88, columns: 88, regionRows: 20, regionColumns: 20, dataCodewords: 576, ecCodewords: 224, blocks: 4),
        Size(rows: 96, columns: 96, regionRows: 22, regionColumns: 22, dataCodewords: 696, ecCodewords: 272, blocks: 4),
        Size(rows: 104, columns: 104, regionRows: 24, regionColumns: 24, dataCodewords: 816, ecCodewords: 336, blocks: 6),
        Size(rows: 120, columns: 120, regionRows: 18, regionColumns: 18, dataCodewords: 1050, ecCodewords: 408, blocks: 6),
        Size(rows: 132, columns: 132, regionRows: 20, regionColumns: 20, dataCodewords: 1304, ecCodewords: 496, blocks: 8),
        Size(rows: 144, columns: 144, regionRows: 22, regionColumns: 22, dataCodewords: 1558, ecCodewords: 620, blocks: 10),
        Size(rows: 8, columns: 18, regionRows: 6, regionColumns: 16, dataCodewords: 5, ecCodewords: 7, blocks: 1),
        Size(rows: 8, columns: 32, regionRows: 6, regionColumns: 14, dataCodewords: 10, ecCodewords: 11, blocks: 1),
        Size(rows: 12, columns: 26, regionRows: 10, regionColumns: 24, dataCodewords: 16, ecCodewords: 14, blocks: 1),
        Size(rows: 12, columns: 36, regionRows: 10, regionColumns: 16, dataCodewords: 22, ecCodewords: 18, blocks: 1),
        Size(rows: 16, columns: 36, regionRows: 14, regionColumns: 16, dataCodewords: 32, ecCodewords: 24, blocks: 1),
        Size(rows: 16, columns: 48, regionRows: 14, regionColumns: 22, dataCodewords: 49, ecCodewords: 28, blocks: 1),
    ]

    static func size(rows: Int, columns: Int) -> Size? { sizes.first { $0.rows == rows && $0.columns == columns } }

    /// The sizes written in messages: "10x10, 12x12, …".
    static var sizeNames: String { sizes.map { "\($0.rows)x\($0.columns)" }.joined(separator: ", ") }

    static func encode(_ data: String, _ request: BarcodeRequest) throws -> MatrixSymbol {
        guard data.utf8.count <= BarcodeLimits.maxMatrixBytes else {
            throw BarcodeError("barcode.too-long", "a datamatrix barcode holds at most 1556 bytes, found \(data.utf8.count)",
                               offset: 0, length: data.utf8.count)
        }
        let scalars = Array(data.unicodeScalars)
        var candidates: [Size]
        if let forced = request.dataMatrixSize {
            guard let size = size(rows: forced.rows, columns: forced.columns) else {
                throw BarcodeError("barcode.datamatrix-size", "datamatrix has no size \(forced.rows)x\(forced.columns)",
                                   hint: "the sizes are \(sizeNames)", offset: 0, length: 0)
            }
            candidates = [size]
        } else {
            switch request.dataMatrixShape {
            case .square: candidates = sizes.filter { $0.rows == $0.columns }
            case .rectangle: candidates = sizes.filter { $0.rows != $0.columns }
            case .any: candidates = sizes.sorted { ($0.rows * $0.columns, $0.rows) < ($1.rows * $1.columns, $1.rows) }
            }
        }
        let (codewords, size) = smallestFit(scalars, candidates)
        guard let size else {
            let capacity = candidates.map(\.dataCodewords).max() ?? 0
            var low = 0, high = scalars.count
            while high - low > 1 {
                let mid = (low + high) / 2
                if encodation(Array(scalars.prefix(mid)), capacity: capacity).count <= capacity { low = mid } else { high = mid }
            }
            var offset = 0
            for s in scalars.prefix(low) { offset += UTF8.width(s) }
            let what = candidates.count == 1 ? "size \(candidates[0].rows)x\(candidates[0].columns)" : "any \(request.dataMatrixShape == .rectangle ? "rectangular " : "")datamatrix size"
            var hint = "shorten the data"
            if candidates.count == 1, let fits = sizes.first(where: { $0.dataCodewords >= codewords.count && ($0.rows == $0.columns) == (candidates[0].rows == candidates[0].columns) }) {
                hint = "\(fits.rows)x\(fits.columns) is the smallest size of this shape that fits"
            } else if request.dataMatrixShape == .rectangle, sizes.contains(where: { $0.dataCodewords >= codewords.count }) {
                hint = "a square size fits: leave out shape: rectangle"
            }
            throw BarcodeError("barcode.too-much-data", "too much data for \(what): it holds the first \(low) characters",
                               hint: hint, offset: offset, length: data.utf8.count - offset)
        }
        var message = codewords
        // Pads: 129, then 129 + a 253-state pseudo-random value (Annex B.1.1).
        if message.count < size.dataCodewords { message.append(129) }
        while message.count < size.dataCodewords {
            let position = message.count + 1
            var value = 129 + (149 * position) % 253 + 1
            if value > 254 { value -= 254 }
            message.append(UInt8(value))
        }
        let full = withErrorCorrection(message, size)
        return place(full, size)
    }

    // MARK: Encodation

    /// The smallest candidate size that holds the data, with the codewords for it. How
    /// C40, Text, X12 and EDIFACT end depends on the codewords left in the symbol (a decoder
    /// returns to ASCII by itself one or two codewords before the end), so the data is
    /// encoded for each size's capacity, from the first that the open-ended encoding (less
    /// the three codewords the end-of-data rules can save) may fit.
    static func smallestFit(_ scalars: [Unicode.Scalar], _ candidates: [Size]) -> ([UInt8], Size?) {
        let open = encodation(scalars, capacity: nil)
        for size in candidates where size.dataCodewords >= open.count - 3 {
            let exact = encodation(scalars, capacity: size.dataCodewords)
            if exact.count <= size.dataCodewords { return (exact, size) }
        }
        return (open, nil)
    }

    /// The codewords of the data: the shorter of the look-ahead encodation (Annex P, every
    /// mode, switched mid-data) and the whole data in ASCII (digit pairs packed), in C40 or
    /// Text (whole triplets, then ASCII) or in Base 256. Characters beyond ASCII go as UTF-8
    /// behind ECI 26. `capacity`: the data codewords of the symbol, for the rules that end
    /// C40, Text, X12 and EDIFACT without an unlatch where the symbol ends; nil: unknown.
    static func encodation(_ scalars: [Unicode.Scalar], capacity: Int? = nil) -> [UInt8] {
        var bytes: [UInt8] = []
        for s in scalars { bytes += Array(String(Character(s)).utf8) }
        var prefix: [UInt8] = []
        if bytes.contains(where: { $0 >= 128 }) { prefix = [241, 27] }  // ECI 26: UTF-8
        var encoder = Encoder(bytes: bytes, output: prefix, capacity: capacity)
        var best = encoder.run()
        let plain = prefix + ascii(bytes[...])
        if plain.count < best.count { best = plain }
        for text in [false, true] {
            let candidate = prefix + c40(bytes, text: text)
            if candidate.count < best.count { best = candidate }
        }
        if bytes.contains(where: { $0 >= 128 }) {
            let candidate = prefix + base256(bytes, startPosition: prefix.count + 1)
            if candidate.count < best.count { best = candidate }
        }
        return best
    }

    /// The six encodation modes (ISO/IEC 16022 §5.2).
    enum Mode: Int, CaseIterable { case ascii, c40, text, x12, edifact, base256
        /// The ASCII codeword that latches to the mode.
        var latch: UInt8 { [0, 230, 239, 238, 240, 231][rawValue] }
    }

    static func isNativeC40(_ b: UInt8) -> Bool { b == 32 || isDigit(b) || (b >= 65 && b <= 90) }
    static func isNativeText(_ b: UInt8) -> Bool { b == 32 || isDigit(b) || (b >= 97 && b <= 122) }
    /// X12 (ANSI X12 EDI): CR, '*', '>', space, digits and capitals, one value each.
    static func isNativeX12(_ b: UInt8) -> Bool { b == 13 || b == 42 || b == 62 || isNativeC40(b) }
    static func x12Value(_ b: UInt8) -> UInt8 {
        switch b {
        case 13: 0
        case 42: 1
        case 62: 2
        case 32: 3
        case 48...57: b - 48 + 4
        default: b - 65 + 14
        }
    }
    /// EDIFACT: ASCII 32–94, six bits each (the low six bits of the byte).
    static func isNativeEdifact(_ b: UInt8) -> Bool { b >= 32 && b <= 94 }

    /// The look-ahead test of Annex P (steps J–R): from byte `start`, with `current` the
    /// mode in force, which mode the next data is best encoded in. Counts are kept in
    /// twelfths of a codeword so that the thirds and quarters of the standard stay exact.
    static func lookAhead(_ bytes: [UInt8], from start: Int, current: Mode) -> Mode {
        // ascii, c40, text, x12, edifact, base256
        var count: [Int] = current == .ascii ? [0, 12, 12, 12, 12, 15] : [12, 24, 24, 24, 24, 27]
        if current != .ascii { count[current.rawValue] = 0 }
        func whole(_ c: Int) -> Int { (c + 11) / 12 }
        func up(_ c: Int) -> Int { whole(c) * 12 }
        var processed = 0
        var p = start
        while true {
            if p == bytes.count {
                // Step K: the end of the data.
                let w = count.map(whole)
                let others = { (m: Mode) in Mode.allCases.filter { $0 != m }.map { w[$0.rawValue] }.min()! }
                if w[0] <= others(.ascii) { return .ascii }
                for m in [Mode.base256, .edifact, .text, .x12] where w[m.rawValue] < others(m) { return m }
                return .c40
            }
            let b = bytes[p]
            let extended = b >= 128
            // Step L: ASCII.
            if isDigit(b) { count[0] += 6 } else if extended { count[0] = up(count[0]) + 24 } else { count[0] = up(count[0]) + 12 }
            // Steps M–P: C40, Text, X12, EDIFACT.
            count[1] += isNativeC40(b) ? 8 : extended ? 32 : 16
            count[2] += isNativeText(b) ? 8 : extended ? 32 : 16
            count[3] += isNativeX12(b) ? 8 : extended ? 52 : 40
            count[4] += isNativeEdifact(b) ? 9 : extended ? 51 : 39
            // Step Q: Base 256.
            count[5] += 12
            processed += 1
            p += 1
            // Step R: decide after at least four characters.
            guard processed >= 4 else { continue }
            let w = count.map(whole)
            let ascii = w[0], c40 = w[1], text = w[2], x12 = w[3], edifact = w[4], base256 = w[5]
            if ascii < min(base256, c40, text, x12, edifact) { return .ascii }
            if base256 < ascii || base256 + 1 < min(c40, text, x12, edifact) { return .base256 }
            if edifact + 1 < min(base256, c40, text, x12, ascii) { return .edifact }
            if text + 1 < min(base256, c40, edifact, x12, ascii) { return .text }
            if x12 + 1 < min(base256, c40, edifact, text, ascii) { return .x12 }
            if c40 + 1 < min(ascii, base256, edifact, text) {
                if c40 < x12 { return .c40 }
                if c40 == x12 {
                    // A tie with X12: X12 if a terminator or separator (CR * >) comes before
                    // the first character X12 cannot encode.
                    var q = p
                    while q < bytes.count {
                        if bytes[q] == 13 || bytes[q] == 42 || bytes[q] == 62 { return .x12 }
                        if !isNativeX12(bytes[q]) { break }
                        q += 1
                    }
                    return .c40
                }
            }
        }
    }

    /// The encodation of Annex P: start in ASCII, latch to the mode the look-ahead test
    /// picks, return when it picks another (C40, Text and X12 at whole triplets, EDIFACT at
    /// whole groups of four, Base 256 at any character).
    struct Encoder {
        let bytes: [UInt8]
        var output: [UInt8]
        let capacity: Int?
        var position = 0
        var mode = Mode.ascii
        /// C40/Text/X12 values not yet written, and how many values each character since
        /// the last written triplet gave (to give characters back to ASCII at the end).
        var values: [UInt8] = []
        var valueCounts: [Int] = []
        /// Base 256: where the latch is in `output` and the first byte of the field.
        var fieldStart = 0, fieldFrom = 0
        /// Characters encoded since the last latch: the look-ahead may send the encoder back
        /// to ASCII only after one (so that a latch always makes progress).
        var sinceLatch = 0
        /// Where the encoder returned to ASCII without encoding anything in the mode it had
        /// latched to: no latch there again (the look-ahead would repeat itself).
        var latchedAt = -1, noLatchAt = -1

        init(bytes: [UInt8], output: [UInt8], capacity: Int?) {
            self.bytes = bytes; self.output = output; self.capacity = capacity
        }

        /// The space left in the symbol after `extra` more codewords (Int.max: unknown).
        func space(after extra: Int = 0) -> Int { capacity.map { $0 - output.count - extra } ?? .max }

        mutating func run() -> [UInt8] {
            while position < bytes.count {
                switch mode {
                case .ascii: asciiStep()
                case .c40, .text, .x12: tripletStep()
                case .edifact: edifactStep()
                case .base256: base256Step()
                }
            }
            switch mode {
            case .ascii: break
            case .c40, .text, .x12: endTriplets()
            case .edifact: endEdifact()
            case .base256: endBase256()
            }
            return output
        }

        mutating func asciiStep() {
            let b = bytes[position]
            if isDigit(b), position + 1 < bytes.count, isDigit(bytes[position + 1]) {
                output.append(130 + (b - 48) * 10 + (bytes[position + 1] - 48)); position += 2; return
            }
            let next = lookAhead(bytes, from: position, current: .ascii)
            if next != .ascii && position != noLatchAt {
                output.append(next.latch)
                mode = next
                sinceLatch = 0; latchedAt = position
                if next == .base256 { fieldStart = output.count - 1; fieldFrom = position }
                return
            }
            if b >= 128 { output.append(235); output.append(b - 128 + 1) } else { output.append(b + 1) }
            position += 1
        }

        func tripletValues(_ b: UInt8) -> [UInt8] {
            mode == .x12 ? [x12Value(b)] : c40Values(b, text: mode == .text)
        }

        /// Back in ASCII (the caller has written the unlatch, if one is needed).
        mutating func unlatched() {
            mode = .ascii
            if position == latchedAt { noLatchAt = position }
        }

        mutating func tripletStep() {
            let b = bytes[position]
            if sinceLatch > 0 && values.count % 3 == 0 {
                let next = lookAhead(bytes, from: position, current: mode)
                if next != mode { writeTriplets(); output.append(254); unlatched(); return }
            }
            if mode == .x12 && !isNativeX12(b) {
                // Mid-triplet: the characters of the partial triplet go back to ASCII.
                giveBack(values.count % 3)
                writeTriplets(); output.append(254); unlatched(); return
            }
            let v = tripletValues(b)
            values += v; valueCounts.append(v.count)
            position += 1; sinceLatch += 1
        }

        /// Returns the last characters of `values` (at least `count` values) to the data.
        mutating func giveBack(_ count: Int) {
            var removed = 0
            while removed < count, let last = valueCounts.popLast() {
                values.removeLast(last); removed += last; position -= 1
            }
        }

        mutating func writeTriplets() {
            for t in stride(from: 0, to: values.count - values.count % 3, by: 3) {
                let v = 1600 * Int(values[t]) + 40 * Int(values[t + 1]) + Int(values[t + 2]) + 1
                output.append(UInt8(v / 256)); output.append(UInt8(v % 256))
            }
            values.removeAll(keepingCapacity: true); valueCounts.removeAll(keepingCapacity: true)
        }

        /// §5.2.5.2 and §5.2.7: C40, Text and X12 at the end of the data.
        mutating func endTriplets() {
            let whole = values.count / 3 * 2
            if values.count % 3 == 2 && mode != .x12 && space(after: whole) == 2 {
                // Two values and two codewords left: a Shift 1 completes the triplet, no unlatch.
                values.append(0); writeTriplets(); return
            }
            // Characters of a partial triplet go back to ASCII.
            while values.count % 3 != 0 { giveBack(1) }
            writeTriplets()
            var rest: [UInt8] = []
            if position < bytes.count { rest = ascii(bytes[position...]) }
            position = bytes.count
            let left = space()
            // The symbol ends with the last triplet, or one codeword after it (which a decoder
            // reads in ASCII: the pad).
            if rest.isEmpty && left <= 1 { return }
            if rest.count == 1 && left == 1 { output += rest; return }  // one ASCII codeword, unlatch implied
            output.append(254)
            output += rest
        }

        mutating func edifactStep() {
            let b = bytes[position]
            if sinceLatch > 0 && values.count % 4 == 0 {
                let next = lookAhead(bytes, from: position, current: .edifact)
                if next != .edifact { leaveEdifact(); return }
            }
            if !isNativeEdifact(b) { leaveEdifact(); return }
            values.append(b & 0x3F)
            position += 1; sinceLatch += 1
            if values.count == 4 { writeEdifact(unlatch: false) }
        }

        /// Writes the values as groups of four in three bytes; with `unlatch` the unlatch
        /// value (31) follows and the last byte is filled with zero bits.
        mutating func writeEdifact(unlatch: Bool) {
            var all = values
            if unlatch { all.append(31) }
            var bits = 0, count = 0
            for v in all {
                bits = bits << 6 | Int(v); count += 6
                while count >= 8 { count -= 8; output.append(UInt8((bits >> count) & 0xFF)) }
            }
            if count > 0 { output.append(UInt8((bits << (8 - count)) & 0xFF)) }
            values.removeAll(keepingCapacity: true)
        }

        /// Leaves EDIFACT: the rest of the group with the unlatch value (31), or, with at most
        /// two codewords left in the symbol, nothing — a decoder returns to ASCII there by
        /// itself (§5.2.8.2), so the characters of a partial group go back to ASCII.
        mutating func leaveEdifact() {
            if space() <= 2 { position -= values.count; values.removeAll() } else { writeEdifact(unlatch: true) }
            unlatched()
        }

        /// §5.2.8.2: EDIFACT at the end of the data; what is left goes in ASCII.
        mutating func endEdifact() {
            leaveEdifact()
            if position < bytes.count { output += ascii(bytes[position...]); position = bytes.count }
        }

        mutating func base256Step() {
            if sinceLatch > 0 {
                let next = lookAhead(bytes, from: position, current: .base256)
                if next != .base256 { endBase256(); return }
            }
            position += 1; sinceLatch += 1
        }

        /// The Base 256 field: the latch, the length (one or two bytes) and the bytes since
        /// the latch, randomised by the 255-state algorithm (Annex B.4.1).
        mutating func endBase256() {
            output.removeLast()  // the latch, written again with the field
            output += base256(Array(bytes[fieldFrom..<position]), startPosition: fieldStart + 1)
            unlatched()
        }
    }


    static func isDigit(_ b: UInt8) -> Bool { b >= 48 && b <= 57 }

    static func ascii(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let b = bytes[i]
            if isDigit(b), i + 1 < bytes.endIndex, isDigit(bytes[i + 1]) {
                result.append(130 + (b - 48) * 10 + (bytes[i + 1] - 48)); i += 2; continue
            }
            if b >= 128 { result.append(235); result.append(b - 128 + 1) } else { result.append(b + 1) }
            i += 1
        }
        return result
    }

    /// C40 or Text values of one byte (with the shifts it needs).
    static func c40Values(_ byte: UInt8, text: Bool) -> [UInt8] {
        if byte >= 128 { return [1, 30] + c40Values(byte - 128, text: text) }
        let c = byte
        if c == 32 { return [3] }
        if isDigit(c) { return [c - 48 + 4] }
        let upper = c >= 65 && c <= 90, lower = c >= 97 && c <= 122
        if upper { return text ? [2, c - 64] : [c - 65 + 14] }
        if lower { return text ? [c - 97 + 14] : [2, c - 96] }
        if c < 32 { return [0, c] }
        if c >= 33 && c <= 47 { return [1, c - 33] }
        if c >= 58 && c <= 64 { return [1, c - 58 + 15] }
        if c >= 91 && c <= 95 { return [1, c - 91 + 22] }
        return [2, c - 96]  // ` { | } ~ DEL
    }

    /// Latch to C40 (230) or Text (239), whole triplets over the longest prefix that fills
    /// them, unlatch (254), the rest in ASCII.
    static func c40(_ bytes: [UInt8], text: Bool) -> [UInt8] {
        var values: [UInt8] = []
        var end = 0, valuesAtEnd = 0
        for (i, b) in bytes.enumerated() {
            values += c40Values(b, text: text)
            if values.count % 3 == 0 { end = i + 1; valuesAtEnd = values.count }
        }
        guard end > 0 else { return ascii(bytes[...]) + [0, 0, 0, 0] }  // never shorter
        var result: [UInt8] = [text ? 239 : 230]
        for t in stride(from: 0, to: valuesAtEnd, by: 3) {
            let v = 1600 * Int(values[t]) + 40 * Int(values[t + 1]) + Int(values[t + 2]) + 1
            result.append(UInt8(v / 256)); result.append(UInt8(v % 256))
        }
        result.append(254)
        return result + ascii(bytes[end...])
    }

    /// Latch 231, the length, the bytes; all randomised by the 255-state algorithm (B.4.1).
    static func base256(_ bytes: [UInt8], startPosition: Int) -> [UInt8] {
        var field: [UInt8] = bytes.count < 250 ? [UInt8(bytes.count)] : [UInt8(bytes.count / 250 + 249), UInt8(bytes.count % 250)]
        field += bytes
        var result: [UInt8] = [231]
        for (k, b) in field.enumerated() {
            let position = startPosition + 1 + k
            let pseudo = (149 * position) % 255 + 1
            result.append(UInt8((Int(b) + pseudo) % 256))
        }
        return result
    }

    // MARK: Error correction and placement

    static func withErrorCorrection(_ data: [UInt8], _ size: Size) -> [UInt8] {
        let blocks = size.blocks
        let ecPerBlock = size.ecCodewords / blocks
        let generator = GaloisField.dataMatrix.generator(degree: ecPerBlock, firstRoot: 1)
        var result = data + [UInt8](repeating: 0, count: size.ecCodewords)
        for b in 0..<blocks {
            let block = stride(from: b, to: data.count, by: blocks).map { data[$0] }
            let ec = GaloisField.dataMatrix.remainder(block, generator: generator)
            for (k, c) in ec.enumerated() { result[data.count + b + k * blocks] = c }
        }
        return result
    }

    /// Annex F: codewords into the mapping matrix, then the regions with their finder (solid
    /// left and bottom) and timing (alternating top and right) borders.
    static func place(_ codewords: [UInt8], _ size: Size) -> MatrixSymbol {
        let nrow = size.regionsDown * size.regionRows, ncol = size.regionsAcross * size.regionColumns
        // 0: unset, 1: light, 2: dark.
        var grid = [UInt8](repeating: 0, count: nrow * ncol)
        func module(_ r: Int, _ c: Int, _ chr: Int, _ bit: Int) {
            var row = r, col = c
            if row < 0 { row += nrow; col += 4 - ((nrow + 4) % 8) }
            if col < 0 { col += ncol; row += 4 - ((ncol + 4) % 8) }
            let value = chr < codewords.count ? (codewords[chr] >> (8 - bit)) & 1 : 0
            grid[row * ncol + col] = value == 1 ? 2 : 1
        }
        func utah(_ r: Int, _ c: Int, _ chr: Int) {
            module(r - 2, c - 2, chr, 1); module(r - 2, c - 1, chr, 2)
            module(r - 1, c - 2, chr, 3); module(r - 1, c - 1, chr, 4); module(r - 1, c, chr, 5)
            module(r, c - 2, chr, 6); module(r, c - 1, chr, 7); module(r, c, chr, 8)
        }
        func corner1(_ chr: Int) {
            module(nrow - 1, 0, chr, 1); module(nrow - 1, 1, chr, 2); module(nrow - 1, 2, chr, 3)
            module(0, ncol - 2, chr, 4); module(0, ncol - 1, chr, 5); module(1, ncol - 1, chr, 6)
            module(2, ncol - 1, chr, 7); module(3, ncol - 1, chr, 8)
        }
        func corner2(_ chr: Int) {
            module(nrow - 3, 0, chr, 1); module(nrow - 2, 0, chr, 2); module(nrow - 1, 0, chr, 3)
            module(0, ncol - 4, chr, 4); module(0, ncol - 3, chr, 5); module(0, ncol - 2, chr, 6)
            module(0, ncol - 1, chr, 7); module(1, ncol - 1, chr, 8)
        }
        func corner3(_ chr: Int) {
            module(nrow - 3, 0, chr, 1); module(nrow - 2, 0, chr, 2); module(nrow - 1, 0, chr, 3)
            module(0, ncol - 2, chr, 4); module(0, ncol - 1, chr, 5); module(1, ncol - 1, chr, 6)
            module(2, ncol - 1, chr, 7); module(3, ncol - 1, chr, 8)
        }
        func corner4(_ chr: Int) {
            module(nrow - 1, 0, chr, 1); module(nrow - 1, ncol - 1, chr, 2); module(0, ncol - 3, chr, 3)
            module(0, ncol - 2, chr, 4); module(0, ncol - 1, chr, 5); module(1, ncol - 3, chr, 6)
            module(1, ncol - 2, chr, 7); module(1, ncol - 1, chr, 8)
        }
        var chr = 0, row = 4, col = 0
        repeat {
            if row == nrow && col == 0 { corner1(chr); chr += 1 }
            if row == nrow - 2 && col == 0 && ncol % 4 != 0 { corner2(chr); chr += 1 }
            if row == nrow - 2 && col == 0 && ncol % 8 == 4 { corner3(chr); chr += 1 }
            if row == nrow + 4 && col == 2 && ncol % 8 == 0 { corner4(chr); chr += 1 }
            repeat {
                if row < nrow && col >= 0 && grid[row * ncol + col] == 0 { utah(row, col, chr); chr += 1 }
                row -= 2; col += 2
            } while row >= 0 && col < ncol
            row += 1; col += 3
            repeat {
                if row >= 0 && col < ncol && grid[row * ncol + col] == 0 { utah(row, col, chr); chr += 1 }
                row += 2; col -= 2
            } while row < nrow && col >= 0
            row += 3; col += 1
        } while row < nrow || col < ncol
        if grid[nrow * ncol - 1] == 0 {
            grid[nrow * ncol - 1] = 2; grid[(nrow - 2) * ncol + ncol - 2] = 2
            grid[(nrow - 1) * ncol + ncol - 2] = 1; grid[(nrow - 2) * ncol + ncol - 1] = 1
        }
        var modules = [Bool](repeating: false, count: size.rows * size.columns)
        let blockRows = size.regionRows + 2, blockColumns = size.regionColumns + 2
        for y in 0..<size.rows {
            for x in 0..<size.columns {
                let ry = y % blockRows, rx = x % blockColumns
                let dark: Bool
                if rx == 0 || ry == blockRows - 1 { dark = true }                 // finder: left, bottom
                else if ry == 0 { dark = rx % 2 == 0 }                              // timing: top
                else if rx == blockColumns - 1 { dark = ry % 2 == 1 }                // timing: right
                else {
                    let r = (y / blockRows) * size.regionRows + ry - 1
                    let c = (x / blockColumns) * size.regionColumns + rx - 1
                    dark = grid[r * ncol + c] == 2
                }
                modules[y * size.columns + x] = dark
            }
        }
        return MatrixSymbol(width: size.columns, height: size.rows, modules: modules, quietZone: 1,
                            version: sizes.firstIndex { $0.rows == size.rows && $0.columns == size.columns }! + 1,
                            mask: 0, errorCorrection: .medium)
    }
}

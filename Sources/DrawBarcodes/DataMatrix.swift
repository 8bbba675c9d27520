// Data Matrix ECC 200 (ISO/IEC 16022:2006): the 24 square and 6 rectangular sizes, ASCII,
// C40, Text and Base 256 encodation (the shortest of them for the data), Reed-Solomon in
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
        let codewords = encodation(scalars)
        guard let size = candidates.first(where: { $0.dataCodewords >= codewords.count }) else {
            let capacity = candidates.map(\.dataCodewords).max() ?? 0
            var low = 0, high = scalars.count
            while high - low > 1 {
                let mid = (low + high) / 2
                if encodation(Array(scalars.prefix(mid))).count <= capacity { low = mid } else { high = mid }
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

    /// The codewords of the data: the shortest of ASCII, C40 or Text (then ASCII), and
    /// Base 256. Characters beyond ASCII go as UTF-8 behind ECI 26.
    static func encodation(_ scalars: [Unicode.Scalar]) -> [UInt8] {
        var bytes: [UInt8] = []
        for s in scalars { bytes += Array(String(Character(s)).utf8) }
        var prefix: [UInt8] = []
        if bytes.contains(where: { $0 >= 128 }) { prefix = [241, 27] }  // ECI 26: UTF-8
        var best = prefix + ascii(bytes[...])
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

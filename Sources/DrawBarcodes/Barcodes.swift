// DrawBarcodes — from the data of a barcode to its symbol.
//
// Takes: the data (a Swift string, exactly as the user wrote it) and a `BarcodeRequest`
// (symbology, QR error correction / version / mask, Data Matrix shape or size). Hands on: a
// `Symbol` — for linear symbologies the bar and space widths in modules with the guard bars
// marked and the human-readable text placed in module coordinates; for QR Code and Data
// Matrix the module matrix. `Symbol.rectangles` merges the dark modules into as few
// axis-aligned rectangles as it can, in module units, so every backend draws the same grid.
//
// Invariants: the same data and request give the same symbol (no randomness, no
// dictionary order); check digits are computed here and a supplied one is verified; every
// rule the data can break is a `BarcodeError` with the UTF-8 byte offset and length of the
// offending part of the data, so the caller can point at the exact character.
//
// Deliberately not here: physical units, fonts, colours, quiet-zone overrides, the page —
// layout turns modules into points. Depends on the Swift standard library only.

/// The symbologies `barcode` can draw.
package enum Symbology: UInt8, CaseIterable, Sendable {
    case code128, gs1_128, ean13, ean8, upca, upce, itf14, qr, datamatrix

    /// The name written in `type:`.
    package var name: String {
        switch self {
        case .code128: "code128"
        case .gs1_128: "gs1-128"
        case .ean13: "ean13"
        case .ean8: "ean8"
        case .upca: "upca"
        case .upce: "upce"
        case .itf14: "itf14"
        case .qr: "qr"
        case .datamatrix: "datamatrix"
        }
    }

    package static func named(_ name: String) -> Symbology? {
        allCases.first { $0.name == name } ?? (name == "gs1128" ? .gs1_128 : nil)
    }

    /// True for the two-dimensional (matrix) symbologies.
    package var isMatrix: Bool { self == .qr || self == .datamatrix }
}

/// QR Code error correction level: about 7, 15, 25 and 30 % of the codewords recoverable.
package enum QRErrorCorrection: UInt8, CaseIterable, Sendable {
    case low, medium, quartile, high

    package var letter: String { ["L", "M", "Q", "H"][Int(rawValue)] }
    package static func named(_ letter: String) -> QRErrorCorrection? {
        switch letter { case "L", "l": .low; case "M", "m": .medium; case "Q", "q": .quartile; case "H", "h": .high; default: nil }
    }
}

/// Which Data Matrix sizes the automatic choice may take.
package enum DataMatrixShape: UInt8, Sendable {
    case square, rectangle, any
}

/// Everything besides the data that decides the symbol.
package struct BarcodeRequest: Hashable, Sendable {
    package var symbology: Symbology
    package var errorCorrection: QRErrorCorrection = .medium
    /// QR version 1–40; nil: the smallest that fits.
    package var version: Int?
    /// QR mask pattern 0–7; nil: the one the standard's penalty rule picks.
    package var mask: Int?
    package var dataMatrixShape: DataMatrixShape = .square
    /// A Data Matrix size forced as rows × columns; nil: the smallest that fits.
    package var dataMatrixSize: MatrixSize?

    package init(symbology: Symbology) { self.symbology = symbology }
}

package struct MatrixSize: Hashable, Sendable {
    package var rows: Int
    package var columns: Int
    package init(rows: Int, columns: Int) { self.rows = rows; self.columns = columns }
}

/// A rule the data breaks. `offset`/`length` are UTF-8 bytes into the data (length 0: at
/// the end of the data).
package struct BarcodeError: Error, Hashable, Sendable {
    /// Stable id (`barcode.check-digit`), as every diagnostic has.
    package var id: String
    package var message: String
    /// What to do about it ("the check digit is 7", "version 12 is the smallest that fits").
    package var hint: String?
    package var offset: Int
    package var length: Int

    package init(_ id: String, _ message: String, hint: String? = nil, offset: Int, length: Int = 1) {
        self.id = id; self.message = message; self.hint = hint; self.offset = offset; self.length = length
    }
}

/// One piece of human-readable text of a linear symbol, centred between two module
/// positions (measured from the first module of the symbol, quiet zone excluded; negative
/// values lie in the left quiet zone).
package struct TextPiece: Hashable, Sendable {
    package var text: String
    package var from: Double
    package var to: Double
    /// Set beside the bars rather than under them (the outer digits of UPC-A and UPC-E,
    /// the leading digit of EAN-13), drawn smaller by layout as the standard shows them.
    package var outside: Bool

    package init(text: String, from: Double, to: Double, outside: Bool) {
        self.text = text; self.from = from; self.to = to; self.outside = outside
    }
}

/// A one-dimensional symbol.
package struct LinearSymbol: Hashable, Sendable {
    /// Widths in modules, alternately bar and space, starting and ending with a bar.
    package var elements: [UInt8]
    /// Per element: a guard bar that extends down between the digits (EAN/UPC layout).
    package var guards: [Bool]
    /// The standard quiet zones in modules.
    package var quietLeft: Int
    package var quietRight: Int
    /// The human-readable interpretation: one centred piece for Code 128, GS1-128 and
    /// ITF-14; the digit groups of the guard-bar layout for EAN/UPC.
    package var text: [TextPiece]
    /// EAN/UPC: the digits sit between the guard bars (the normal bars stop above them).
    package var guardLayout: Bool
    /// The values of the symbol characters, for tests and `drawc ir` readers (Code 128:
    /// start, data, check, stop).
    package var codewords: [Int]

    /// The width in modules, quiet zones excluded.
    package var width: Int { elements.reduce(0) { $0 + Int($1) } }
}

/// A two-dimensional symbol: `modules[row * width + column]` is true for a dark module.
package struct MatrixSymbol: Hashable, Sendable {
    package var width: Int
    package var height: Int
    /// The dark modules as bits: word `row * rowWords + column / 64` holds the module at bit
    /// `column % 64`; bits past the width are 0. (QR Code is encoded in this form, and the
    /// rectangle cover reads it a row at a time.)
    package private(set) var bits: [UInt64]
    package var quietZone: Int
    /// What was chosen, for the IR and for tests: QR version and mask, Data Matrix size.
    package var version: Int
    package var mask: Int
    package var errorCorrection: QRErrorCorrection

    /// Words a row in `bits`.
    package var rowWords: Int { (width + 63) / 64 }

    package init(width: Int, height: Int, bits: [UInt64], quietZone: Int, version: Int, mask: Int, errorCorrection: QRErrorCorrection) {
        precondition(bits.count == height * ((width + 63) / 64))
        self.width = width; self.height = height; self.bits = bits; self.quietZone = quietZone
        self.version = version; self.mask = mask; self.errorCorrection = errorCorrection
    }

    /// From one Bool a module, row by row (`modules[row * width + column]`).
    package init(width: Int, height: Int, modules: [Bool], quietZone: Int, version: Int, mask: Int, errorCorrection: QRErrorCorrection) {
        self.init(width: width, height: height, bits: packedBits(modules, width: width, height: height), quietZone: quietZone,
                  version: version, mask: mask, errorCorrection: errorCorrection)
    }

    /// One Bool a module, row by row: `modules[row * width + column]`.
    package var modules: [Bool] {
        var result = [Bool](repeating: false, count: width * height)
        for row in 0..<height { for column in 0..<width where self[row, column] { result[row * width + column] = true } }
        return result
    }

    package subscript(row: Int, column: Int) -> Bool {
        bits[row * rowWords + column >> 6] >> UInt64(column & 63) & 1 != 0
    }
}

package enum Symbol: Hashable, Sendable {
    case linear(LinearSymbol)
    case matrix(MatrixSymbol)
}

/// An axis-aligned rectangle in modules; `guardBar` marks the EAN/UPC guards.
package struct ModuleRect: Hashable, Sendable {
    package var x: Int
    package var y: Int
    package var width: Int
    package var height: Int
    package var guardBar: Bool
}

/// Named limits against hostile input; each breach is a `BarcodeError`.
package enum BarcodeLimits {
    /// Characters of a Code 128 / GS1-128 symbol (the symbol grows by 11 modules each; GS1
    /// allows 48 data characters, ISO/IEC 15417 sets no limit — scanners stop near 80).
    package static let maxLinearCharacters = 160
    /// Bytes of data given to a matrix symbology (QR holds at most 2,953 bytes, Data Matrix 1,556).
    package static let maxMatrixBytes = 8_000
}

/// Encodes `data` as the requested symbology.
package func encodeBarcode(_ data: String, _ request: BarcodeRequest) -> Result<Symbol, BarcodeError> {
    do {
        switch request.symbology {
        case .code128: return .success(.linear(try Code128.encode(data, gs1: false)))
        case .gs1_128: return .success(.linear(try Code128.encode(data, gs1: true)))
        case .ean13, .ean8, .upca, .upce: return .success(.linear(try EANUPC.encode(data, request.symbology)))
        case .itf14: return .success(.linear(try ITF14.encode(data)))
        case .qr: return .success(.matrix(try QRCode.encode(data, request)))
        case .datamatrix: return .success(.matrix(try DataMatrix.encode(data, request)))
        }
    } catch let error as BarcodeError {
        return .failure(error)
    } catch {
        return .failure(BarcodeError("barcode.invalid-data", "\(error)", offset: 0, length: 0))
    }
}

extension Symbol {
    /// The dark parts of the symbol as few rectangles as this greedy cover finds, in
    /// modules from the symbol's top-left corner (quiet zone excluded). Linear symbols: one
    /// rectangle per bar of height 1 (layout scales rows to the bar height). Matrix
    /// symbols: rectangles of dark modules only, which may overlap (they are filled as one
    /// path with the nonzero rule, all wound the same way, so the picture is their union):
    /// a finder pattern is 4 rectangles and not 33 squares.
    package var rectangles: [ModuleRect] {
        switch self {
        case .linear(let symbol):
            var result: [ModuleRect] = []
            var x = 0
            for (index, width) in symbol.elements.enumerated() {
                if index % 2 == 0 {
                    result.append(ModuleRect(x: x, y: 0, width: Int(width), height: 1, guardBar: symbol.guards[index]))
                }
                x += Int(width)
            }
            return result
        case .matrix(let symbol):
            return symbol.width <= 64 ? packedCoveringRectangles(symbol) : coveringRectangles(symbol)
        }
    }
}

/// A greedy rectangle cover of the dark modules. In reading order, each dark module not yet
/// covered starts a rectangle, the better of two (the one covering more modules not yet
/// covered; the first on a tie): the whole dark run of its row through it, grown down
/// while the rows below are dark all across it; or the dark run of its column down from
/// it, widened while every row of that run is dark. Both may reach over modules already
/// covered. For the random-looking data of QR Code about 8 % fewer rectangles than runs
/// merged only with identical runs below them (676 against 732 a symbol for version 10).
/// Module by module; symbols up to 64 modules wide take `packedCoveringRectangles`.
func coveringRectangles(_ symbol: MatrixSymbol) -> [ModuleRect] {
    let w = symbol.width, h = symbol.height
    guard w > 0, h > 0 else { return [] }
    var result: [ModuleRect] = []
    result.reserveCapacity(w * h / 4)
    var covered = [Bool](repeating: false, count: w * h)
    symbol.modules.withUnsafeBufferPointer { dark in
        covered.withUnsafeMutableBufferPointer { covered in
            /// Modules of the rectangle not yet covered.
            func gain(_ left: Int, _ right: Int, _ top: Int, _ bottom: Int) -> Int {
                var count = 0
                for r in top..<bottom { for c in left..<right where !covered[r * w + c] { count += 1 } }
                return count
            }
            for row in 0..<h {
                let base = row * w
                for column in 0..<w where dark[base + column] && !covered[base + column] {
                    // The row's run, grown down.
                    var left = column, right = column + 1
                    while left > 0 && dark[base + left - 1] { left -= 1 }
                    while right < w && dark[base + right] { right += 1 }
                    var bottom = row + 1
                    down: while bottom < h {
                        for c in left..<right where !dark[bottom * w + c] { break down }
                        bottom += 1
                    }
                    // The column's run, widened.
                    var bottomB = row + 1
                    while bottomB < h && dark[bottomB * w + column] { bottomB += 1 }
                    var leftB = column, rightB = column + 1
                    if bottomB > row + 1 {
                        widenLeft: while leftB > 0 {
                            for r in row..<bottomB where !dark[r * w + leftB - 1] { break widenLeft }
                            leftB -= 1
                        }
                        widenRight: while rightB < w {
                            for r in row..<bottomB where !dark[r * w + rightB] { break widenRight }
                            rightB += 1
                        }
                        if gain(leftB, rightB, row, bottomB) > gain(left, right, row, bottom) {
                            (left, right, bottom) = (leftB, rightB, bottomB)
                        }
                    }
                    for r in row..<bottom { for c in left..<right { covered[r * w + c] = true } }
                    result.append(ModuleRect(x: left, y: row, width: right - left, height: bottom - row, guardBar: false))
                }
            }
        }
    }
    return result
}

/// `coveringRectangles` on rows packed into 64-bit words (bit x of a row is column x), for
/// symbols up to 64 modules wide (QR Code versions 1–11, Data Matrix up to 64 × 64): runs
/// found by counting bits, a rectangle's rows tested and covered a word at a time. The same
/// rectangles in the same order (MatrixEncoderTests compares the two).
func packedCoveringRectangles(_ symbol: MatrixSymbol) -> [ModuleRect] {
    let w = symbol.width, h = symbol.height
    guard w > 0, w <= 64, h > 0 else { return coveringRectangles(symbol) }
    let rows = symbol.bits
    /// The run of set bits of `word` through bit `c` (which is set): [left, right).
    @inline(__always) func run(_ word: UInt64, _ c: Int) -> (left: Int, right: Int) {
        let right = c + (~(word >> UInt64(c))).trailingZeroBitCount
        let below = ~word & ((1 << UInt64(c)) &- 1)
        return (below == 0 ? 0 : 64 - below.leadingZeroBitCount, right)
    }
    @inline(__always) func mask(_ left: Int, _ right: Int) -> UInt64 {
        right - left >= 64 ? ~0 : ((1 << UInt64(right - left)) &- 1) << UInt64(left)
    }
    var result: [ModuleRect] = []
    result.reserveCapacity(w * h / 4)
    var coveredRows = [UInt64](repeating: 0, count: h)
    rows.withUnsafeBufferPointer { dark in
        coveredRows.withUnsafeMutableBufferPointer { covered in
            @inline(__always) func gain(_ m: UInt64, _ top: Int, _ bottom: Int) -> Int {
                var count = 0
                for r in top..<bottom { count += (m & ~covered[r]).nonzeroBitCount }
                return count
            }
            for row in 0..<h {
                while true {
                    let todo = dark[row] & ~covered[row]
                    guard todo != 0 else { break }
                    let column = todo.trailingZeroBitCount
                    // The row's run, grown down.
                    var (left, right) = run(dark[row], column)
                    var m = mask(left, right)
                    var bottom = row + 1
                    while bottom < h && dark[bottom] & m == m { bottom += 1 }
                    // The column's run, widened.
                    let bit: UInt64 = 1 << UInt64(column)
                    var bottomB = row + 1, across = dark[row]
                    while bottomB < h && dark[bottomB] & bit != 0 { across &= dark[bottomB]; bottomB += 1 }
                    if bottomB > row + 1 {
                        let b = run(across, column)
                        let mB = mask(b.left, b.right)
                        if gain(mB, row, bottomB) > gain(m, row, bottom) { (left, right, m, bottom) = (b.left, b.right, mB, bottomB) }
                    }
                    for r in row..<bottom { covered[r] |= m }
                    result.append(ModuleRect(x: left, y: row, width: right - left, height: bottom - row, guardBar: false))
                }
            }
        }
    }
    return result
}

// MARK: Helpers shared by the encoders

/// A matrix (`cells[y * width + x]`) as `MatrixSymbol.bits`: (width + 63) / 64 words a row,
/// column x at bit x % 64 of word x / 64. Eight cells at a time: a Bool is a byte 0 or 1, and
/// multiplying eight such bytes by 0x0102040810204080 gathers them into the top byte in
/// order (little-endian loads, as on every platform Swift runs on).
func packedBits(_ cells: [Bool], width: Int, height: Int) -> [UInt64] {
    precondition(cells.count >= width * height)
    let words = (width + 63) / 64
    var rows = [UInt64](repeating: 0, count: height * words)
    cells.withUnsafeBytes { bytes in
        for y in 0..<height {
            for k in 0..<words {
                let start = y * width + 64 * k, end = min(width, 64 * (k + 1)) - 64 * k
                var word: UInt64 = 0, x = 0
                while x + 8 <= end {
                    let eight = bytes.loadUnaligned(fromByteOffset: start + x, as: UInt64.self) & 0x0101_0101_0101_0101
                    word |= ((eight &* 0x0102_0408_1020_4080) >> 56) << UInt64(x)
                    x += 8
                }
                while x < end { word |= UInt64(bytes[start + x] & 1) << UInt64(x); x += 1 }
                rows[y * words + k] = word
            }
        }
    }
    return rows
}

/// The GS1 mod 10 check digit of `digits` (the data digits without the check digit):
/// weights 3 and 1 alternating from the rightmost digit.
package func gs1CheckDigit(_ digits: [UInt8]) -> UInt8 {
    var sum = 0
    for (i, d) in digits.reversed().enumerated() { sum += Int(d) * (i % 2 == 0 ? 3 : 1) }
    return UInt8((10 - sum % 10) % 10)
}

/// The UTF-8 byte offset of each character (extended grapheme clusters are not needed: the
/// encoders judge Unicode scalars) — `offsets[i]` for scalar `i`, plus the total at the end.
func scalarOffsets(_ data: String) -> [Int] {
    var result: [Int] = []
    var offset = 0
    for scalar in data.unicodeScalars {
        result.append(offset)
        offset += UTF8.width(scalar)
    }
    result.append(offset)
    return result
}

/// Reads `data` as ASCII digits; the first other character is an error.
func digits(of data: String, symbology: String) throws -> [UInt8] {
    var result: [UInt8] = []
    var offset = 0
    for scalar in data.unicodeScalars {
        guard scalar.value >= 48 && scalar.value <= 57 else {
            throw BarcodeError("barcode.invalid-character",
                               "\(symbology) encodes only the digits 0-9, found \(describe(scalar))",
                               hint: "remove the character", offset: offset, length: UTF8.width(scalar))
        }
        result.append(UInt8(scalar.value - 48))
        offset += 1
    }
    return result
}

/// A character as messages quote it: `'x'`, or `U+0007` for controls.
func describe(_ scalar: Unicode.Scalar) -> String {
    if scalar.value < 32 || scalar.value == 127 || (scalar.value >= 0x80 && scalar.value < 0xA0) {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }
    return "'\(Character(scalar))'"
}

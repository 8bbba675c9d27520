// JPEG (ITU-T T.81): header facts for pass-through (PDF /DCTDecode, PostScript DCTDecode)
// and a decoder for the raster backend — baseline and extended sequential (SOF0, SOF1) and
// progressive (SOF2) Huffman coding, 8-bit samples, any sampling factors, restart
// intervals; grey, YCbCr, RGB (Adobe transform 0), CMYK and YCCK.

#if canImport(Foundation)
import Foundation
#endif

/// The frame header and the markers pass-through needs.
enum JPEGFile {
    static func info(_ bytes: [UInt8]) -> ImageInfo? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var index = 2
        var adobe = false
        while index + 4 <= bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { index += 2; continue }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            guard length >= 2 else { return nil }
            let body = index + 4
            if marker == 0xEE, length >= 7, body + 5 <= bytes.count, Array(bytes[body..<body + 5]) == Array("Adobe".utf8) { adobe = true }
            if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                // The frame header's first six bytes are all a size needs.
                guard length >= 8, body + 6 <= bytes.count else { return nil }
                let height = Int(bytes[body + 1]) << 8 | Int(bytes[body + 2])
                let width = Int(bytes[body + 3]) << 8 | Int(bytes[body + 4])
                let components = Int(bytes[body + 5])
                guard width > 0, height > 0, [1, 3, 4].contains(components), bytes[body] == 8 else { return nil }
                return ImageInfo(
                    format: .jpeg, width: width, height: height, components: components, bitDepth: 8, pngColorType: nil,
                    interlaced: false, progressive: marker == 0xC2 || marker == 0xC6 || marker == 0xCA, adobe: adobe,
                    mayHaveAlpha: false)
            }
            if marker == 0xD9 || marker == 0xDA { return nil }
            index += 2 + length
        }
        return nil
    }
}

extension JPEGFile {
    /// What is wrong with a JPEG whose frame header reads well, nil when nothing is: every
    /// segment must lie within the file, some scan must follow the frame header, the file
    /// must reach its end-of-image marker, and a Huffman-coded frame (what drawc decodes)
    /// must decode.
    static func damage(_ bytes: [UInt8]) -> ImageDamage? {
        var index = 2
        var sawScan = false
        var decodable = false
        while true {
            guard index + 2 <= bytes.count else { return .cutShort }
            guard bytes[index] == 0xFF else { return .undecodableScan }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }
            if marker == 0xD9 { break }
            // After a scan only tables, another scan, comments and application data may come.
            if sawScan, !(marker == 0xC4 || marker == 0xDA || marker == 0xDB || marker == 0xDD || marker == 0xFE || (0xE0...0xEF).contains(marker)) {
                return .undecodableScan
            }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { index += 2; continue }
            guard index + 4 <= bytes.count else { return .cutShort }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            guard length >= 2 else { return .undecodableScan }
            guard index + 2 + length <= bytes.count else { return .cutShort }
            if marker == 0xC0 || marker == 0xC1 || marker == 0xC2 { decodable = true }
            index += 2 + length
            guard marker == 0xDA else { continue }
            // Entropy-coded data runs to the next marker that is not a stuffed 0xFF00 or a
            // restart marker.
            sawScan = true
            while true {
                guard index + 1 < bytes.count else { return .cutShort }
                if bytes[index] == 0xFF, bytes[index + 1] != 0x00, !(0xD0...0xD7).contains(bytes[index + 1]), bytes[index + 1] != 0xFF { break }
                index += 1
            }
        }
        guard sawScan else { return .noPixelData }
        if decodable, JPEGDecoder.decode(bytes) == nil { return .undecodableScan }
        return nil
    }
}

/// The zig-zag order: `zigzag[k]` is the natural (row-major) index of coefficient k.
private let zigzag: [Int] = [
    0, 1, 8, 16, 9, 2, 3, 10, 17, 24, 32, 25, 18, 11, 4, 5, 12, 19, 26, 33, 40, 48, 41, 34, 27, 20, 13, 6, 7, 14, 21,
    28, 35, 42, 49, 56, 57, 50, 43, 36, 29, 22, 15, 23, 30, 37, 44, 51, 58, 59, 52, 45, 38, 31, 39, 46, 53, 60, 61,
    54, 47, 55, 62, 63,
]

/// A canonical Huffman table as the decoder walks it: for each code length the largest
/// code and where its values start.
private struct HuffmanTable {
    var maxCode = [Int](repeating: -1, count: 18)
    var valueOffset = [Int](repeating: 0, count: 17)
    var values: [UInt8] = []
    /// Fast path: the first 8 bits → (length, value), length 0 when longer.
    var fast = [UInt16](repeating: 0, count: 256)

    init?(counts: [Int], values: [UInt8]) {
        self.values = values
        var code = 0, k = 0
        for length in 1...16 {
            valueOffset[length] = k - code
            let n = counts[length - 1]
            if n > 0 {
                for _ in 0..<n {
                    if length <= 8 {
                        let shift = 8 - length
                        for low in 0..<(1 << shift) { fast[(code << shift) | low] = UInt16(length) << 8 | UInt16(values[k]) }
                    }
                    code += 1; k += 1
                }
                maxCode[length] = code - 1
            }
            guard code <= 1 << length else { return nil }
            code <<= 1
        }
        maxCode[17] = Int.max
    }
}

private struct Component {
    var id: Int
    var h: Int, v: Int
    var quantTable: Int
    var blocksPerLine = 0, blocksPerColumn = 0
    /// Blocks allocated per line (the MCU-padded width).
    var allocatedPerLine = 0
    var coefficients: [Int32] = []
    var dcTable = 0, acTable = 0
}

private struct JPEGError: Error {}

/// Reads entropy-coded bits, undoing 0xFF00 stuffing; at a marker it stops and feeds zeros.
private struct BitReader {
    let bytes: UnsafeBufferPointer<UInt8>
    var position: Int
    var buffer: UInt32 = 0
    var count = 0
    var hitMarker = false

    init(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) { self.bytes = bytes; self.position = position }

    @inline(__always) mutating func fill() {
        while count <= 24 {
            var byte: UInt32 = 0
            if !hitMarker, position < bytes.count {
                let b = bytes[position]
                if b == 0xFF {
                    let next = position + 1 < bytes.count ? bytes[position + 1] : 0xD9
                    if next == 0x00 {
                        position += 2
                        byte = 0xFF
                    } else {
                        hitMarker = true
                    }
                } else {
                    position += 1
                    byte = UInt32(b)
                }
            }
            buffer |= byte << UInt32(24 - count)
            count += 8
        }
    }

    @inline(__always) mutating func bits(_ n: Int) -> Int {
        if n == 0 { return 0 }
        fill()
        let value = Int(buffer >> UInt32(32 - n))
        buffer <<= UInt32(n); count -= n
        return value
    }

    @inline(__always) mutating func bit() -> Int { bits(1) }

    /// Receive and extend (T.81 F.2.2.1): `n` bits as a signed value.
    @inline(__always) mutating func signed(_ n: Int) -> Int32 {
        if n == 0 { return 0 }
        guard n <= 16 else { return 0 }
        let v = bits(n)
        return Int32(v < 1 << (n - 1) ? v - (1 << n) + 1 : v)
    }

    mutating func decode(_ table: HuffmanTable) throws(JPEGError) -> Int {
        fill()
        let peek = Int(buffer >> 24)
        let entry = table.fast[peek]
        if entry != 0 {
            let length = Int(entry >> 8)
            buffer <<= UInt32(length); count -= length
            return Int(entry & 0xFF)
        }
        var code = 0
        for length in 1...16 {
            code = code << 1 | bit()
            if code <= table.maxCode[length] {
                let index = table.valueOffset[length] + code
                guard index >= 0, index < table.values.count else { throw JPEGError() }
                return Int(table.values[index])
            }
        }
        throw JPEGError()
    }

    /// Skips to the byte after the next RSTn marker (or stays at another marker).
    mutating func restart() {
        buffer = 0; count = 0; hitMarker = false
        while position + 1 < bytes.count {
            if bytes[position] == 0xFF, (0xD0...0xD7).contains(bytes[position + 1]) { position += 2; return }
            if bytes[position] == 0xFF, bytes[position + 1] != 0, bytes[position + 1] != 0xFF { return }
            position += 1
        }
    }
}

enum JPEGDecoder {
    /// The most entropy-coded scans one file may have (a progressive file has ~10).
    static let maximumScans = 1000

    static func decode(_ bytes: [UInt8]) -> DecodedImage? {
        bytes.withUnsafeBufferPointer { try? decode($0) }
    }

    private static func decode(_ data: UnsafeBufferPointer<UInt8>) throws(JPEGError) -> DecodedImage {
        guard data.count > 4, data[0] == 0xFF, data[1] == 0xD8 else { throw JPEGError() }
        var quant = [[Int32]](repeating: [Int32](repeating: 1, count: 64), count: 4)
        var dcTables = [HuffmanTable?](repeating: nil, count: 4)
        var acTables = [HuffmanTable?](repeating: nil, count: 4)
        var components: [Component] = []
        var width = 0, height = 0
        var progressive = false
        var restartInterval = 0
        var adobeTransform = -1
        var maxH = 1, maxV = 1, mcusPerLine = 0, mcusPerColumn = 0
        var scans = 0
        var index = 2

        func u16(_ i: Int) throws(JPEGError) -> Int {
            guard i + 1 < data.count else { throw JPEGError() }
            return Int(data[i]) << 8 | Int(data[i + 1])
        }

        markers: while index + 1 < data.count {
            guard data[index] == 0xFF else { index += 1; continue }
            let marker = data[index + 1]
            index += 2
            if marker == 0xFF { index -= 1; continue }
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) || marker == 0x00 { continue }
            if marker == 0xD9 { break markers }
            let length = try u16(index)
            guard length >= 2, index + length <= data.count else { throw JPEGError() }
            let body = index + 2, end = index + length
            switch marker {
            case 0xDB:  // DQT
                var i = body
                while i < end {
                    let precision = Int(data[i] >> 4), id = Int(data[i] & 15)
                    guard id < 4 else { throw JPEGError() }
                    i += 1
                    var table = [Int32](repeating: 0, count: 64)
                    for k in 0..<64 {
                        if precision == 0 {
                            guard i < end else { throw JPEGError() }
                            table[zigzag[k]] = Int32(data[i]); i += 1
                        } else {
                            guard i + 1 < end else { throw JPEGError() }
                            table[zigzag[k]] = Int32(try u16(i)); i += 2
                        }
                    }
                    quant[id] = table
                }
            case 0xC4:  // DHT
                var i = body
                while i + 17 <= end {
                    let tableClass = Int(data[i] >> 4), id = Int(data[i] & 15)
                    guard id < 4, tableClass < 2 else { throw JPEGError() }
                    var counts: [Int] = []
                    for k in 0..<16 { counts.append(Int(data[i + 1 + k])) }
                    let total = counts.reduce(0, +)
                    i += 17
                    guard i + total <= end else { throw JPEGError() }
                    let values = Array(data[i..<i + total])
                    i += total
                    guard let table = HuffmanTable(counts: counts, values: values) else { throw JPEGError() }
                    if tableClass == 0 { dcTables[id] = table } else { acTables[id] = table }
                }
            case 0xDD:  // DRI
                restartInterval = try u16(body)
            case 0xEE:  // APP14 Adobe
                if length >= 14, Array(data[body..<body + 5]) == Array("Adobe".utf8) { adobeTransform = Int(data[body + 11]) }
            case 0xC0, 0xC1, 0xC2:  // SOF0 baseline, SOF1 extended, SOF2 progressive (Huffman)
                guard components.isEmpty, length >= 8, data[body] == 8 else { throw JPEGError() }
                progressive = marker == 0xC2
                height = try u16(body + 1)
                width = try u16(body + 3)
                let count = Int(data[body + 5])
                guard width > 0, height > 0, [1, 3, 4].contains(count), length >= 8 + 3 * count,
                      width <= ImageLimits.maximumPixels / height
                else { throw JPEGError() }
                for c in 0..<count {
                    let at = body + 6 + 3 * c
                    let h = Int(data[at + 1] >> 4), v = Int(data[at + 1] & 15)
                    guard (1...4).contains(h), (1...4).contains(v), data[at + 2] < 4 else { throw JPEGError() }
                    components.append(Component(id: Int(data[at]), h: h, v: v, quantTable: Int(data[at + 2])))
                }
                maxH = components.map(\.h).max()!
                maxV = components.map(\.v).max()!
                mcusPerLine = (width + 8 * maxH - 1) / (8 * maxH)
                mcusPerColumn = (height + 8 * maxV - 1) / (8 * maxV)
                for c in components.indices {
                    let cw = (width * components[c].h + maxH - 1) / maxH
                    let ch = (height * components[c].v + maxV - 1) / maxV
                    components[c].blocksPerLine = (cw + 7) / 8
                    components[c].blocksPerColumn = (ch + 7) / 8
                    components[c].allocatedPerLine = mcusPerLine * components[c].h
                    let rows = mcusPerColumn * components[c].v
                    components[c].coefficients = [Int32](repeating: 0, count: components[c].allocatedPerLine * rows * 64)
                }
            case 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF:
                throw JPEGError()  // lossless, hierarchical or arithmetic coding
            case 0xDA:  // SOS
                guard !components.isEmpty else { throw JPEGError() }
                scans += 1
                guard scans <= maximumScans else { throw JPEGError() }
                index = try decodeScan(data, body: body, end: end, length: length, components: &components,
                                       dcTables: dcTables, acTables: acTables, progressive: progressive,
                                       restartInterval: restartInterval, mcus: (mcusPerLine, mcusPerColumn))
                continue markers
            default:
                break
            }
            index = end
        }
        guard !components.isEmpty else { throw JPEGError() }
        return render(components, quant: quant, width: width, height: height, maxH: maxH, maxV: maxV, adobeTransform: adobeTransform)
    }

    /// Decodes one entropy-coded scan (SOS `body` to `end`) into the coefficients of
    /// `components`; returns where the markers go on.
    private static func decodeScan(
        _ data: UnsafeBufferPointer<UInt8>, body: Int, end: Int, length: Int, components: inout [Component],
        dcTables: [HuffmanTable?], acTables: [HuffmanTable?], progressive: Bool, restartInterval: Int, mcus: (Int, Int)
    ) throws(JPEGError) -> Int {
        let (mcusPerLine, mcusPerColumn) = mcus
        var eobRun = 0
        let count = Int(data[body])
        guard count >= 1, count <= 4, length >= 6 + 2 * count else { throw JPEGError() }
        var scanComponents: [Int] = []
        for s in 0..<count {
            let id = Int(data[body + 1 + 2 * s]), tables = data[body + 2 + 2 * s]
            guard let c = components.firstIndex(where: { $0.id == id }) else { throw JPEGError() }
            components[c].dcTable = Int(tables >> 4) & 3
            components[c].acTable = Int(tables & 15) & 3
            scanComponents.append(c)
        }
        let spectral = body + 1 + 2 * count
        var ss = Int(data[spectral]), se = Int(data[spectral + 1])
        let ah = Int(data[spectral + 2] >> 4), al = Int(data[spectral + 2] & 15)
        if !progressive { ss = 0; se = 63 }
        guard ss <= se, se <= 63, al <= 13 else { throw JPEGError() }
        var reader = BitReader(data, at: end)
        var predictions = [Int32](repeating: 0, count: components.count)
        for c in predictions.indices { predictions[c] = 0 }
        eobRun = 0

        func decodeBlock(_ c: Int, _ offset: Int) throws(JPEGError) {
            let dcIndex = components[c].dcTable, acIndex = components[c].acTable
            try components[c].coefficients.withUnsafeMutableBufferPointer { coef throws(JPEGError) in
                let block = coef.baseAddress! + offset
                if !progressive {
                    guard let dc = dcTables[dcIndex], let ac = acTables[acIndex] else { throw JPEGError() }
                    let t = try reader.decode(dc)
                    predictions[c] &+= reader.signed(t)
                    block[0] = predictions[c]
                    var k = 1
                    while k < 64 {
                        let rs = try reader.decode(ac)
                        let r = rs >> 4, s = rs & 15
                        if s == 0 {
                            if r < 15 { break }
                            k += 16
                            continue
                        }
                        k += r
                        guard k < 64 else { break }
                        block[zigzag[k]] = reader.signed(s)
                        k += 1
                    }
                    return
                }
                if ss == 0 {
                    // DC scan (progressive): first or refinement.
                    if ah == 0 {
                        guard let dc = dcTables[dcIndex] else { throw JPEGError() }
                        let t = try reader.decode(dc)
                        predictions[c] &+= reader.signed(t)
                        block[0] = predictions[c] << Int32(al)
                    } else if reader.bit() == 1 {
                        block[0] |= 1 << Int32(al)
                    }
                    return
                }
                guard let ac = acTables[acIndex] else { throw JPEGError() }
                if ah == 0 {
                    // AC first scan.
                    if eobRun > 0 { eobRun -= 1; return }
                    var k = ss
                    while k <= se {
                        let rs = try reader.decode(ac)
                        let r = rs >> 4, s = rs & 15
                        if s == 0 {
                            if r < 15 {
                                eobRun = (1 << r) - 1 + reader.bits(r)
                                break
                            }
                            k += 16
                            continue
                        }
                        k += r
                        guard k <= se else { break }
                        block[zigzag[k]] = reader.signed(s) * (1 << Int32(al))
                        k += 1
                    }
                    return
                }
                // AC refinement scan (T.81 G.1.2.3), in libjpeg's order.
                let p1 = Int32(1) << Int32(al), m1 = Int32(-1) << Int32(al)
                var k = ss
                if eobRun == 0 {
                    while k <= se {
                        let rs = try reader.decode(ac)
                        var r = rs >> 4
                        var s: Int32 = 0
                        if rs & 15 != 0 {
                            s = reader.bit() == 1 ? p1 : m1
                        } else if r != 15 {
                            eobRun = (1 << r) + reader.bits(r)
                            break
                        }
                        while k <= se {
                            let z = zigzag[k]
                            if block[z] != 0 {
                                if reader.bit() == 1, block[z] & p1 == 0 { block[z] += block[z] >= 0 ? p1 : m1 }
                            } else {
                                if r == 0 { break }
                                r -= 1
                            }
                            k += 1
                        }
                        if s != 0, k <= se { block[zigzag[k]] = s }
                        k += 1
                    }
                }
                if eobRun > 0 {
                    while k <= se {
                        let z = zigzag[k]
                        if block[z] != 0, reader.bit() == 1, block[z] & p1 == 0 { block[z] += block[z] >= 0 ? p1 : m1 }
                        k += 1
                    }
                    eobRun -= 1
                }
            }
        }

        var decoded = 0
        func afterUnit() {
            decoded += 1
            if restartInterval > 0, decoded % restartInterval == 0 {
                reader.restart()
                for c in predictions.indices { predictions[c] = 0 }
                eobRun = 0
            }
        }
        if scanComponents.count == 1 {
            // Non-interleaved: the component's own blocks, row by row.
            let c = scanComponents[0]
            for by in 0..<components[c].blocksPerColumn {
                for bx in 0..<components[c].blocksPerLine {
                    try decodeBlock(c, (by * components[c].allocatedPerLine + bx) * 64)
                    afterUnit()
                }
            }
        } else {
            for my in 0..<mcusPerColumn {
                for mx in 0..<mcusPerLine {
                    for c in scanComponents {
                        let comp = components[c]
                        for v in 0..<comp.v {
                            for h in 0..<comp.h {
                                let bx = mx * comp.h + h, by = my * comp.v + v
                                try decodeBlock(c, (by * comp.allocatedPerLine + bx) * 64)
                            }
                        }
                    }
                    afterUnit()
                }
            }
        }
        return reader.position
    }

    /// Dequantises, inverse-transforms, upsamples and converts to grey, RGB or CMYK.
    private static func render(
        _ components: [Component], quant: [[Int32]], width: Int, height: Int, maxH: Int, maxV: Int, adobeTransform: Int
    ) -> DecodedImage {
        // IDCT basis: c[x][u] = C(u)/2 · cos((2x+1)uπ/16).
        var basis = [Double](repeating: 0, count: 64)
        for x in 0..<8 {
            for u in 0..<8 {
                basis[x * 8 + u] = (u == 0 ? 1 / 2.0.squareRoot() : 1) / 2 * cos(Double((2 * x + 1) * u) * Double.pi / 16)
            }
        }
        var planes: [[UInt8]] = []
        for comp in components {
            let planeWidth = comp.allocatedPerLine * 8
            let rows = comp.coefficients.count / 64 / max(1, comp.allocatedPerLine)
            var plane = [UInt8](repeating: 0, count: planeWidth * rows * 8)
            let q = quant[comp.quantTable]
            var block = [Double](repeating: 0, count: 64)
            var temp = [Double](repeating: 0, count: 64)
            for by in 0..<min(rows, comp.blocksPerColumn) {
                for bx in 0..<comp.blocksPerLine {
                    let offset = (by * comp.allocatedPerLine + bx) * 64
                    for i in 0..<64 { block[i] = Double(comp.coefficients[offset + i] &* q[i]) }
                    // Rows: temp[y][x] = Σu basis[x][u]·block[y][u]; then columns.
                    for y in 0..<8 {
                        for x in 0..<8 {
                            var s = 0.0
                            for u in 0..<8 { s += basis[x * 8 + u] * block[y * 8 + u] }
                            temp[y * 8 + x] = s
                        }
                    }
                    for x in 0..<8 {
                        for y in 0..<8 {
                            var s = 0.0
                            for v in 0..<8 { s += basis[y * 8 + v] * temp[v * 8 + x] }
                            let value = Int((s + 128).rounded())
                            plane[(by * 8 + y) * planeWidth + bx * 8 + x] = UInt8(max(0, min(255, value)))
                        }
                    }
                }
            }
            planes.append(plane)
        }
        let n = components.count
        let pixels = width * height
        var out = [UInt8](repeating: 0, count: pixels * (n == 1 ? 1 : n))
        let colorTransform = n == 3 ? adobeTransform != 0 : n == 4 ? adobeTransform == 2 : false
        // Subsampled components are upsampled bilinearly between sample centres (libjpeg's
        // "fancy" triangle filter for 2:1), full-size ones read directly.
        var upsampled: [[UInt8]] = []
        for c in 0..<n {
            let comp = components[c]
            let stride = comp.allocatedPerLine * 8
            if comp.h == maxH && comp.v == maxV {
                var plane = [UInt8](repeating: 0, count: pixels)
                for y in 0..<height { for x in 0..<width { plane[y * width + x] = planes[c][y * stride + x] } }
                upsampled.append(plane)
                continue
            }
            let cw = (width * comp.h + maxH - 1) / maxH, ch = (height * comp.v + maxV - 1) / maxV
            let kx = Double(comp.h) / Double(maxH), ky = Double(comp.v) / Double(maxV)
            var plane = [UInt8](repeating: 0, count: pixels)
            for y in 0..<height {
                let fy = max(0, (Double(y) + 0.5) * ky - 0.5)
                let y0 = min(ch - 1, Int(fy)), y1 = min(ch - 1, y0 + 1)
                let ty = fy - Double(Int(fy))
                for x in 0..<width {
                    let fx = max(0, (Double(x) + 0.5) * kx - 0.5)
                    let x0 = min(cw - 1, Int(fx)), x1 = min(cw - 1, x0 + 1)
                    let tx = fx - Double(Int(fx))
                    let p = planes[c]
                    let top = Double(p[y0 * stride + x0]) * (1 - tx) + Double(p[y0 * stride + x1]) * tx
                    let bottom = Double(p[y1 * stride + x0]) * (1 - tx) + Double(p[y1 * stride + x1]) * tx
                    plane[y * width + x] = UInt8(max(0, min(255, (top * (1 - ty) + bottom * ty).rounded())))
                }
            }
            upsampled.append(plane)
        }
        for y in 0..<height {
            for x in 0..<width {
                var s = (0, 0, 0, 0)
                for c in 0..<n {
                    let value = Int(upsampled[c][y * width + x])
                    switch c { case 0: s.0 = value; case 1: s.1 = value; case 2: s.2 = value; default: s.3 = value }
                }
                let p = y * width + x
                if n == 1 { out[p] = UInt8(s.0); continue }
                var (a, b, c) = (s.0, s.1, s.2)
                if colorTransform {
                    let yy = Double(s.0), cb = Double(s.1) - 128, cr = Double(s.2) - 128
                    func clamp(_ v: Double) -> Int { max(0, min(255, Int(v.rounded()))) }
                    a = clamp(yy + 1.402 * cr)
                    b = clamp(yy - 0.344136 * cb - 0.714136 * cr)
                    c = clamp(yy + 1.772 * cb)
                }
                if n == 3 {
                    out[3 * p] = UInt8(a); out[3 * p + 1] = UInt8(b); out[3 * p + 2] = UInt8(c)
                } else {
                    // YCCK's transform gives the inverted CMY; Adobe files store CMYK inverted.
                    let inverted = adobeTransform >= 0
                    let k = s.3
                    out[4 * p] = UInt8(inverted ? 255 - a : a)
                    out[4 * p + 1] = UInt8(inverted ? 255 - b : b)
                    out[4 * p + 2] = UInt8(inverted ? 255 - c : c)
                    out[4 * p + 3] = UInt8(inverted ? 255 - k : k)
                }
            }
        }
        return DecodedImage(width: width, height: height, components: n, samples: out, alpha: nil)
    }
}

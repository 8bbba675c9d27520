// Small PNG files built in code (so the tests need no image tools): every colour type the
// backend handles, with rows using all five PNG filters so the decoder's unfiltering is
// exercised.

import DrawOutput

enum TestPNG {
    /// Encodes rows of samples (already packed to `depth` bits) as a PNG.
    static func encode(width: Int, height: Int, colorType: UInt8, depth: UInt8, rows: [[UInt8]],
                       palette: [UInt8]? = nil, transparency: [UInt8]? = nil, interlaced: Bool = false) -> [UInt8] {
        let channels: Int = switch colorType { case 0, 3: 1; case 2: 3; case 4: 2; default: 4 }
        let unit = max(1, channels * Int(depth) / 8)
        var raw: [UInt8] = []
        if interlaced {
            // Adam7 (bytes-per-pixel depths only): each pass a sub-image with its own filters.
            precondition(depth >= 8)
            let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            for (x0, y0, dx, dy) in passes {
                var sub: [[UInt8]] = []
                for y in stride(from: y0, to: height, by: dy) {
                    var row: [UInt8] = []
                    for x in stride(from: x0, to: width, by: dx) { row += rows[y][x * unit..<(x + 1) * unit] }
                    if !row.isEmpty { sub.append(row) }
                }
                raw += filtered(sub, unit: unit)
            }
        } else {
            raw = filtered(rows, unit: unit)
        }
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = be32(width) + be32(height)
        header += [depth, colorType, 0, 0, interlaced ? 1 : 0]
        chunk("IHDR", header, into: &png)
        if let palette { chunk("PLTE", palette, into: &png) }
        if let transparency { chunk("tRNS", transparency, into: &png) }
        let compressed = Deflate.compress(raw)
        // Split the data over two IDAT chunks: readers must concatenate them.
        let half = compressed.count / 2
        chunk("IDAT", Array(compressed[..<half]), into: &png)
        chunk("IDAT", Array(compressed[half...]), into: &png)
        chunk("IEND", [], into: &png)
        return png
    }

    /// Rows with a filter byte each, cycling through all five filter types.
    static func filtered(_ rows: [[UInt8]], unit: Int) -> [UInt8] {
        var raw: [UInt8] = []
        var previous = [UInt8](repeating: 0, count: rows.first?.count ?? 0)
        for (y, row) in rows.enumerated() {
            let filter = UInt8(y % 5)
            raw.append(filter)
            for i in 0..<row.count {
                let a = i >= unit ? Int(row[i - unit]) : 0
                let b = Int(previous[i])
                let c = i >= unit ? Int(previous[i - unit]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = a
                case 2: predicted = b
                case 3: predicted = (a + b) / 2
                default:
                    let p = a + b - c
                    let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                    predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                }
                raw.append(row[i] &- UInt8(predicted))
            }
            previous = row
        }
        return raw
    }

    static func be32(_ v: Int) -> [UInt8] {
        [UInt8(v >> 24 & 255), UInt8(v >> 16 & 255), UInt8(v >> 8 & 255), UInt8(v & 255)]
    }

    static func chunk(_ type: String, _ body: [UInt8], into png: inout [UInt8]) {
        png += be32(body.count)
        let typed = Array(type.utf8) + body
        png += typed
        png += be32(Int(crc32(typed)))
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// A 24×16 RGB gradient: red grows to the right, green downwards, blue constant.
    static func rgb(alpha: Bool = false, sixteenBit: Bool = false, interlaced: Bool = false) -> [UInt8] {
        let w = 24, h = 16
        var rows: [[UInt8]] = []
        for y in 0..<h {
            var row: [UInt8] = []
            for x in 0..<w {
                let r = UInt8(x * 255 / (w - 1)), g = UInt8(y * 255 / (h - 1)), b: UInt8 = 160
                for v in [r, g, b] { row.append(v); if sixteenBit { row.append(v) } }
                if alpha {
                    // Opaque on the left, transparent on the right.
                    let a = UInt8(255 - x * 255 / (w - 1))
                    row.append(a); if sixteenBit { row.append(a) }
                }
            }
            rows.append(row)
        }
        return encode(width: w, height: h, colorType: alpha ? 6 : 2, depth: sixteenBit ? 16 : 8, rows: rows, interlaced: interlaced)
    }

    /// A 16×16 grey ramp, optionally with a radial-ish alpha (grey + alpha).
    static func gray(alpha: Bool = false) -> [UInt8] {
        let w = 16, h = 16
        var rows: [[UInt8]] = []
        for y in 0..<h {
            var row: [UInt8] = []
            for x in 0..<w {
                row.append(UInt8((x + y) * 255 / 30))
                if alpha { row.append(abs(x - 8) + abs(y - 8) < 7 ? 255 : 0) }
            }
            rows.append(row)
        }
        return encode(width: w, height: h, colorType: alpha ? 4 : 0, depth: 8, rows: rows)
    }

    /// A 4-bit palette checkerboard of four colours; with `transparent`, colour 0 is clear.
    static func palette(transparent: Bool = false) -> [UInt8] {
        let w = 16, h = 16
        var rows: [[UInt8]] = []
        for y in 0..<h {
            var row: [UInt8] = []
            for x in stride(from: 0, to: w, by: 2) {
                let a = UInt8(((x / 4) + (y / 4)) % 4), b = UInt8((((x + 1) / 4) + (y / 4)) % 4)
                row.append(a << 4 | b)
            }
            rows.append(row)
        }
        let palette: [UInt8] = [255, 255, 255, 220, 40, 40, 40, 160, 40, 40, 60, 220]
        return encode(width: w, height: h, colorType: 3, depth: 4, rows: rows, palette: palette,
                      transparency: transparent ? [0] : nil)
    }
}

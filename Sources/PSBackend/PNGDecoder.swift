import DrawOutput

/// A defensive PNG decoder (ISO/IEC 15948): every colour type and bit depth, Adam7
/// interlacing, palettes and `tRNS`. Produces 8-bit gray or RGB samples (straight, not
/// premultiplied) and, when some pixel is not opaque, an 8-bit alpha per pixel. Damaged or
/// oversized input gives nil.
enum PNGDecoder {
    static func decode(_ bytes: [UInt8]) -> PSImages.Decoded? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { return nil }
        var index = 8
        var header: (width: Int, height: Int, depth: Int, colorType: Int, interlaced: Bool)?
        var palette: [UInt8] = []
        var transparency: [UInt8] = []
        var compressed: [UInt8] = []
        while index + 12 <= bytes.count {
            let length = Int(bytes[index]) << 24 | Int(bytes[index + 1]) << 16 | Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            let type = String(decoding: bytes[index + 4..<index + 8], as: UTF8.self)
            let start = index + 8
            guard length >= 0, length <= bytes.count - start - 4 else { return nil }
            let data = bytes[start..<start + length]
            switch type {
            case "IHDR":
                guard length >= 13 else { return nil }
                func be32(_ i: Int) -> Int {
                    Int(data[i]) << 24 | Int(data[i + 1]) << 16 | Int(data[i + 2]) << 8 | Int(data[i + 3])
                }
                let s = data.startIndex
                header = (be32(s), be32(s + 4), Int(data[s + 8]), Int(data[s + 9]), data[s + 12] == 1)
            case "PLTE": palette = Array(data)
            case "tRNS": transparency = Array(data)
            case "IDAT": compressed.append(contentsOf: data)
            case "IEND": index = bytes.count; continue
            default: break
            }
            index = start + length + 4
        }
        guard let h = header, h.width > 0, h.height > 0,
              h.width <= PSImages.maximumPixels, h.height <= PSImages.maximumPixels,
              h.width * h.height <= PSImages.maximumPixels
        else { return nil }
        let channels: Int
        switch (h.colorType, h.depth) {
        case (0, 1), (0, 2), (0, 4), (0, 8), (0, 16): channels = 1
        case (2, 8), (2, 16): channels = 3
        case (3, 1), (3, 2), (3, 4), (3, 8): channels = 1
        case (4, 8), (4, 16): channels = 2
        case (6, 8), (6, 16): channels = 4
        default: return nil
        }
        if h.colorType == 3 && (palette.isEmpty || palette.count % 3 != 0) { return nil }
        let bitsPerPixel = channels * h.depth
        let passes: [(x0: Int, y0: Int, dx: Int, dy: Int)] = h.interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        var expected = 0
        for p in passes {
            let w = (h.width - p.x0 + p.dx - 1) / p.dx, rows = (h.height - p.y0 + p.dy - 1) / p.dy
            if w > 0 && rows > 0 { expected += rows * (1 + (w * bitsPerPixel + 7) / 8) }
        }
        guard let raw = Deflate.decompress(compressed, limit: expected + 1024), raw.count >= expected else { return nil }

        // Unfiltered samples of the whole image at the file's depth, pixel by pixel: value
        // of channel c of pixel (x, y) as 0…65535-scaled integers are read from `sample`.
        let hasAlpha = h.colorType == 4 || h.colorType == 6 || !transparency.isEmpty
        let outComponents = (h.colorType == 0 || h.colorType == 4) ? 1 : 3
        var rgb = [UInt8](repeating: 0, count: h.width * h.height * outComponents)
        var alphas = [UInt8](repeating: 255, count: hasAlpha ? h.width * h.height : 0)
        var sawTransparency = false
        var offset = 0
        let maxValue = (1 << h.depth) - 1
        for p in passes {
            let w = (h.width - p.x0 + p.dx - 1) / p.dx, rows = (h.height - p.y0 + p.dy - 1) / p.dy
            guard w > 0 && rows > 0 else { continue }
            let stride = (w * bitsPerPixel + 7) / 8
            let bpp = max(1, bitsPerPixel / 8)
            var previous = [UInt8](repeating: 0, count: stride)
            var line = [UInt8](repeating: 0, count: stride)
            for row in 0..<rows {
                let filter = raw[offset]
                for i in 0..<stride {
                    let x = raw[offset + 1 + i]
                    let a = i >= bpp ? line[i - bpp] : 0
                    let b = previous[i]
                    let c = i >= bpp ? previous[i - bpp] : 0
                    let value: UInt8
                    switch filter {
                    case 0: value = x
                    case 1: value = x &+ a
                    case 2: value = x &+ b
                    case 3: value = x &+ UInt8((Int(a) + Int(b)) / 2)
                    case 4:
                        let pa = abs(Int(b) - Int(c)), pb = abs(Int(a) - Int(c)), pc = abs(Int(a) + Int(b) - 2 * Int(c))
                        value = x &+ (pa <= pb && pa <= pc ? a : (pb <= pc ? b : c))
                    default: return nil
                    }
                    line[i] = value
                }
                offset += 1 + stride
                let y = p.y0 + row * p.dy
                for column in 0..<w {
                    // Raw channel values at the file's depth.
                    func channel(_ ch: Int) -> Int {
                        let bit = (column * channels + ch) * h.depth
                        switch h.depth {
                        case 16: return Int(line[bit / 8]) << 8 | Int(line[bit / 8 + 1])
                        case 8: return Int(line[bit / 8])
                        default:
                            let shift = 8 - h.depth - bit % 8
                            return Int(line[bit / 8] >> UInt8(shift)) & maxValue
                        }
                    }
                    func to8(_ v: Int) -> Int { h.depth == 16 ? v >> 8 : v * 255 / maxValue }
                    let color: (Int, Int, Int)
                    var alpha = 255
                    switch h.colorType {
                    case 0:
                        let g = channel(0)
                        color = (to8(g), 0, 0)
                        if transparency.count >= 2, g == Int(transparency[0]) << 8 | Int(transparency[1]) { alpha = 0 }
                    case 2:
                        let r = channel(0), g = channel(1), b = channel(2)
                        color = (to8(r), to8(g), to8(b))
                        if transparency.count >= 6,
                           r == Int(transparency[0]) << 8 | Int(transparency[1]),
                           g == Int(transparency[2]) << 8 | Int(transparency[3]),
                           b == Int(transparency[4]) << 8 | Int(transparency[5]) { alpha = 0 }
                    case 3:
                        let i = channel(0)
                        guard i * 3 + 2 < palette.count else { return nil }
                        color = (Int(palette[i * 3]), Int(palette[i * 3 + 1]), Int(palette[i * 3 + 2]))
                        if i < transparency.count { alpha = Int(transparency[i]) }
                    case 4:
                        color = (to8(channel(0)), 0, 0)
                        alpha = to8(channel(1))
                    default:
                        color = (to8(channel(0)), to8(channel(1)), to8(channel(2)))
                        alpha = to8(channel(3))
                    }
                    let x = p.x0 + column * p.dx
                    if hasAlpha && alpha < 255 {
                        sawTransparency = true
                        alphas[y * h.width + x] = UInt8(alpha)
                    }
                    let o = (y * h.width + x) * outComponents
                    rgb[o] = UInt8(color.0)
                    if outComponents == 3 { rgb[o + 1] = UInt8(color.1); rgb[o + 2] = UInt8(color.2) }
                }
                swap(&previous, &line)
            }
        }
        return PSImages.Decoded(
            width: h.width, height: h.height, components: outComponents, data: .samples(rgb),
            alpha: sawTransparency ? alphas : nil)
    }
}

// Images as PDF image XObjects. JPEG goes in as it is (/DCTDecode: the reader decodes it).
// PNG: when there is no alpha, its zlib data goes in as it is too, with the PNG predictors
// declared in /DecodeParms (PDF's Flate predictors 10–15 are PNG's row filters); with
// alpha (RGBA, grey+alpha, tRNS) or interlacing, we decode it here and write colour and
// alpha as two Flate streams, the alpha as the image's /SMask.
// Damaged or unsupported image data gives nil: the image is then not drawn.

import DrawOutput
import DrawScene

struct DecodedImage {
    enum Encoding {
        /// JPEG bytes for /DCTDecode.
        case dct
        /// A zlib stream of PNG-filtered rows (/FlateDecode with a PNG predictor).
        case pngPredicted(colors: Int)
        /// Unfiltered samples, to be Flate-compressed on writing.
        case raw
    }
    enum ColorSpace {
        case gray, rgb, cmyk
        /// An indexed colour space over DeviceRGB with its palette (RGB triples).
        case indexed(palette: [UInt8])
    }

    var width: Int
    var height: Int
    var bitsPerComponent: Int
    var colorSpace: ColorSpace
    var encoding: Encoding
    var data: [UInt8]
    /// Adobe CMYK JPEGs store inverted values.
    var invertedCMYK = false
    /// 8-bit alpha samples, one per pixel, row by row.
    var softMask: [UInt8]?

    /// Largest image we decode (pixels): a hostile header must not make us allocate
    /// gigabytes. 2^26 pixels is 8192 × 8192.
    static let maximumPixels = 1 << 26

    static func decode(_ image: Scene.ImageResource) -> DecodedImage? {
        switch image.format {
        case .jpeg: decodeJPEG(image.bytes)
        case .png: decodePNG(image.bytes)
        }
    }

    // MARK: JPEG

    /// Reads the frame header (SOFn) for size and components; the data stays as it is.
    static func decodeJPEG(_ bytes: [UInt8]) -> DecodedImage? {
        guard bytes.count > 4, bytes[0] == 0xFF, bytes[1] == 0xD8 else { return nil }
        var index = 2
        var adobe = false
        while index + 4 <= bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            if marker == 0xFF { index += 1; continue }  // fill byte
            if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) { index += 2; continue }
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            guard length >= 2, index + 2 + length <= bytes.count else { return nil }
            let segment = index + 4
            if marker == 0xEE, length >= 7, Array(bytes[segment..<segment + 5]) == Array("Adobe".utf8) {
                adobe = true
            }
            let isFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isFrame {
                guard length >= 8 else { return nil }
                let precision = Int(bytes[segment])
                let height = Int(bytes[segment + 1]) << 8 | Int(bytes[segment + 2])
                let width = Int(bytes[segment + 3]) << 8 | Int(bytes[segment + 4])
                let components = Int(bytes[segment + 5])
                let space: ColorSpace
                switch components {
                case 1: space = .gray
                case 3: space = .rgb
                case 4: space = .cmyk
                default: return nil
                }
                guard width > 0, height > 0, precision == 8 else { return nil }
                return DecodedImage(width: width, height: height, bitsPerComponent: 8, colorSpace: space,
                                    encoding: .dct, data: bytes, invertedCMYK: adobe && components == 4)
            }
            if marker == 0xDA || marker == 0xD9 { return nil }  // scan before any frame
            index += 2 + length
        }
        return nil
    }

    // MARK: PNG

    static func decodePNG(_ bytes: [UInt8]) -> DecodedImage? {
        let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { return nil }
        var index = 8
        var header: [UInt8]?
        var palette: [UInt8] = []
        var transparency: [UInt8]?
        var compressed: [UInt8] = []
        func be32(_ i: Int) -> Int {
            Int(bytes[i]) << 24 | Int(bytes[i + 1]) << 16 | Int(bytes[i + 2]) << 8 | Int(bytes[i + 3])
        }
        while index + 8 <= bytes.count {
            let length = be32(index)
            let type = String(decoding: bytes[index + 4..<index + 8], as: UTF8.self)
            let start = index + 8
            guard length >= 0, start + length + 4 <= bytes.count else { return nil }
            let body = bytes[start..<start + length]
            switch type {
            case "IHDR": header = Array(body)
            case "PLTE": palette = Array(body)
            case "tRNS": transparency = Array(body)
            case "IDAT": compressed.append(contentsOf: body)
            case "IEND": index = bytes.count; continue
            default: break
            }
            index = start + length + 4
        }
        guard let header, header.count == 13 else { return nil }
        let width = Int(header[0]) << 24 | Int(header[1]) << 16 | Int(header[2]) << 8 | Int(header[3])
        let height = Int(header[4]) << 24 | Int(header[5]) << 16 | Int(header[6]) << 8 | Int(header[7])
        let depth = Int(header[8]), colorType = Int(header[9]), interlace = Int(header[12])
        guard width > 0, height > 0, width <= maximumPixels / height, header[10] == 0, header[11] == 0,
              interlace <= 1, !compressed.isEmpty
        else { return nil }
        let channels: Int
        switch (colorType, depth) {
        case (0, 1), (0, 2), (0, 4), (0, 8), (0, 16): channels = 1
        case (2, 8), (2, 16): channels = 3
        case (3, 1), (3, 2), (3, 4), (3, 8): channels = 1
        case (4, 8), (4, 16): channels = 2
        case (6, 8), (6, 16): channels = 4
        default: return nil
        }
        if colorType == 3 {
            guard !palette.isEmpty, palette.count % 3 == 0, palette.count <= 768 else { return nil }
        }

        // Without alpha and interlacing, the reader can undo the row filters itself.
        if interlace == 0 && transparency == nil && (colorType == 0 || colorType == 2 || colorType == 3) {
            let space: ColorSpace = colorType == 0 ? .gray : colorType == 2 ? .rgb : .indexed(palette: palette)
            return DecodedImage(width: width, height: height, bitsPerComponent: depth, colorSpace: space,
                                encoding: .pngPredicted(colors: channels), data: compressed)
        }

        // Otherwise decode to 8-bit samples and split off the alpha.
        let bitsPerPixel = channels * depth
        let expected = interlace == 0
            ? height * (1 + (width * bitsPerPixel + 7) / 8)
            : adam7Passes.reduce(0) { total, pass in
                let (w, h) = pass.size(width, height)
                return total + (w == 0 ? 0 : h * (1 + (w * bitsPerPixel + 7) / 8))
            }
        guard let raw = Deflate.decompress(compressed, limit: expected + 1024), raw.count >= expected else { return nil }

        // samples[pixel * channels + c], each scaled to 0…255 (16-bit: the high byte).
        var samples = [UInt8](repeating: 0, count: width * height * channels)
        // Whether each pixel matches the tRNS key colour (grey and RGB images).
        var keyed = transparency != nil && colorType != 3 ? [Bool](repeating: false, count: width * height) : nil
        var offset = 0
        let passes: [Adam7Pass] = interlace == 0 ? [Adam7Pass(x: 0, y: 0, dx: 1, dy: 1)] : adam7Passes
        for pass in passes {
            let (passWidth, passHeight) = pass.size(width, height)
            guard passWidth > 0 else { continue }
            let rowBytes = (passWidth * bitsPerPixel + 7) / 8
            let filterUnit = max(1, bitsPerPixel / 8)
            var previous = [UInt8](repeating: 0, count: rowBytes)
            var row = [UInt8](repeating: 0, count: rowBytes)
            for passRow in 0..<passHeight {
                let filter = raw[offset]
                for i in 0..<rowBytes { row[i] = raw[offset + 1 + i] }
                offset += 1 + rowBytes
                guard unfilter(&row, previous: previous, filter: filter, unit: filterUnit) else { return nil }
                let y = pass.y + passRow * pass.dy
                for passColumn in 0..<passWidth {
                    let x = pass.x + passColumn * pass.dx
                    let pixel = y * width + x
                    var keyMatch = true
                    for c in 0..<channels {
                        let sampleIndex = passColumn * channels + c
                        let value: Int
                        let full: Int
                        switch depth {
                        case 16:
                            value = Int(row[2 * sampleIndex]) << 8 | Int(row[2 * sampleIndex + 1])
                            samples[pixel * channels + c] = row[2 * sampleIndex]
                            full = value
                        case 8:
                            value = Int(row[sampleIndex])
                            samples[pixel * channels + c] = row[sampleIndex]
                            full = value
                        default:
                            let bit = sampleIndex * depth
                            value = Int(row[bit / 8] >> (8 - depth - bit % 8)) & ((1 << depth) - 1)
                            full = value
                            samples[pixel * channels + c] = colorType == 3
                                ? UInt8(value) : UInt8(value * 255 / ((1 << depth) - 1))
                        }
                        if let t = transparency, colorType != 3, c < t.count / 2 {
                            let key = Int(t[2 * c]) << 8 | Int(t[2 * c + 1])
                            if key != full { keyMatch = false }
                        }
                    }
                    if keyed != nil { keyed![pixel] = keyMatch }
                }
                swap(&previous, &row)
            }
        }

        let pixels = width * height
        var color: [UInt8]
        var alpha: [UInt8]? = nil
        var space: ColorSpace
        switch colorType {
        case 0, 2:
            color = samples
            space = colorType == 0 ? .gray : .rgb
            if let keyed { alpha = keyed.map { $0 ? 0 : 255 } }
        case 3:
            // Expand the palette: the soft mask needs one alpha per pixel anyway.
            color = [UInt8](repeating: 0, count: pixels * 3)
            alpha = [UInt8](repeating: 255, count: pixels)
            let entries = palette.count / 3
            for p in 0..<pixels {
                let entry = Int(samples[p])
                guard entry < entries else { return nil }
                color[3 * p] = palette[3 * entry]
                color[3 * p + 1] = palette[3 * entry + 1]
                color[3 * p + 2] = palette[3 * entry + 2]
                if let t = transparency, entry < t.count { alpha![p] = t[entry] }
            }
            space = .rgb
        default:
            let colorChannels = channels - 1
            color = [UInt8](repeating: 0, count: pixels * colorChannels)
            alpha = [UInt8](repeating: 0, count: pixels)
            for p in 0..<pixels {
                for c in 0..<colorChannels { color[p * colorChannels + c] = samples[p * channels + c] }
                alpha![p] = samples[p * channels + colorChannels]
            }
            space = colorChannels == 1 ? .gray : .rgb
        }
        // An alpha channel that is opaque everywhere needs no soft mask.
        if let a = alpha, a.allSatisfy({ $0 == 255 }) { alpha = nil }
        return DecodedImage(width: width, height: height, bitsPerComponent: 8, colorSpace: space,
                            encoding: .raw, data: color, softMask: alpha)
    }

    /// Undoes one PNG row filter (filter type, then bytes per complete pixel, at least 1).
    static func unfilter(_ row: inout [UInt8], previous: [UInt8], filter: UInt8, unit: Int) -> Bool {
        switch filter {
        case 0: break
        case 1: for i in unit..<max(unit, row.count) { row[i] = row[i] &+ row[i - unit] }
        case 2: for i in 0..<row.count { row[i] = row[i] &+ previous[i] }
        case 3:
            for i in 0..<row.count {
                let left = i >= unit ? Int(row[i - unit]) : 0
                row[i] = row[i] &+ UInt8((left + Int(previous[i])) / 2)
            }
        case 4:
            for i in 0..<row.count {
                let a = i >= unit ? Int(row[i - unit]) : 0
                let b = Int(previous[i])
                let c = i >= unit ? Int(previous[i - unit]) : 0
                let p = a + b - c
                let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                let predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                row[i] = row[i] &+ UInt8(predictor)
            }
        default: return false
        }
        return true
    }
}

/// One pass of Adam7 interlacing: the pixels (x + i·dx, y + j·dy).
struct Adam7Pass {
    var x, y, dx, dy: Int
    func size(_ width: Int, _ height: Int) -> (Int, Int) {
        let w = width > x ? (width - x + dx - 1) / dx : 0
        let h = height > y ? (height - y + dy - 1) / dy : 0
        return (h == 0 ? 0 : w, h)
    }
}

let adam7Passes = [
    Adam7Pass(x: 0, y: 0, dx: 8, dy: 8), Adam7Pass(x: 4, y: 0, dx: 8, dy: 8), Adam7Pass(x: 0, y: 4, dx: 4, dy: 8),
    Adam7Pass(x: 2, y: 0, dx: 4, dy: 4), Adam7Pass(x: 0, y: 2, dx: 2, dy: 4), Adam7Pass(x: 1, y: 0, dx: 2, dy: 2),
    Adam7Pass(x: 0, y: 1, dx: 1, dy: 2),
]

extension PDFFile {
    /// Writes `image` as image XObject `object`, and its alpha as `maskObject`.
    mutating func writeImage(_ image: DecodedImage, object: Int, maskObject: Int?) {
        func common(_ out: inout ByteBuffer, bits: Int) {
            out.append(static: " /Type /XObject /Subtype /Image /Width ")
            out.append(integer: image.width)
            out.append(static: " /Height ")
            out.append(integer: image.height)
            out.append(static: " /BitsPerComponent ")
            out.append(integer: bits)
        }
        let body: (inout ByteBuffer) -> Void = { out in
            common(&out, bits: image.bitsPerComponent)
            out.append(static: " /ColorSpace ")
            switch image.colorSpace {
            case .gray: out.append(static: "/DeviceGray")
            case .rgb: out.append(static: "/DeviceRGB")
            case .cmyk: out.append(static: "/DeviceCMYK")
            case .indexed(let palette):
                out.append(static: "[/Indexed /DeviceRGB ")
                out.append(integer: palette.count / 3 - 1)
                out.append(0x20)
                out.hexString(palette)
                out.append(0x5D)
            }
            if image.invertedCMYK { out.append(static: " /Decode [1 0 1 0 1 0 1 0]") }
            if case .pngPredicted(let colors) = image.encoding {
                out.append(static: " /DecodeParms << /Predictor 15 /Colors ")
                out.append(integer: colors)
                out.append(static: " /BitsPerComponent ")
                out.append(integer: image.bitsPerComponent)
                out.append(static: " /Columns ")
                out.append(integer: image.width)
                out.append(static: " >>")
            }
            if let maskObject {
                out.append(static: " /SMask ")
                out.reference(maskObject)
            }
        }
        // Images are compressed whatever the option says: the option is for reading
        // content streams, and image samples are not readable anyway.
        let saved = compress
        compress = true
        switch image.encoding {
        case .dct: stream(object, data: image.data, alreadyFiltered: "/DCTDecode", body)
        case .pngPredicted: stream(object, data: image.data, alreadyFiltered: "/FlateDecode", body)
        case .raw: stream(object, data: image.data, body)
        }
        if let maskObject, let mask = image.softMask {
            stream(maskObject, data: mask) { out in
                common(&out, bits: 8)
                out.append(static: " /ColorSpace /DeviceGray")
            }
        }
        compress = saved
    }
}

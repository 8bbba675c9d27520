import DrawBase
import DrawImages
import DrawOutput
import DrawScene

/// Images: PNG decoded to 8-bit samples (PostScript has no PNG filter) and compressed again
/// with Flate; JPEG passed through the `DCTDecode` filter as it is. Both are written inline
/// after the `image` operator as ASCII85, so the file stays 7-bit clean.
enum PSImages {
    /// Pixels ready for `image`.
    struct Decoded {
        enum Data {
            /// 8-bit samples, rows top to bottom, `components` per pixel, no padding.
            case samples([UInt8])
            /// A JPEG file for `DCTDecode`.
            case jpeg([UInt8])
        }
        var width: Int
        var height: Int
        /// 1 (gray), 3 (RGB) or 4 (CMYK, JPEG only).
        var components: Int
        var data: Data
        /// Adobe CMYK JPEGs store inverted values.
        var invertedCMYK = false
        /// Alpha per pixel (PNG), nil when every pixel is opaque.
        var alpha: [UInt8]? = nil
        /// Some pixel is neither opaque nor fully transparent.
        var hasPartialAlpha: Bool { alpha?.contains { $0 != 0 && $0 != 255 } ?? false }
    }

    /// PNG pixels from DrawImages; JPEG as it is, with the header facts DCTDecode needs.
    static func decode(_ image: Scene.ImageResource) -> Decoded? {
        switch image.format {
        case .png:
            guard let decoded = ImageDecoder.decode(image.bytes) else { return nil }
            return Decoded(
                width: decoded.width, height: decoded.height, components: decoded.components,
                data: .samples(decoded.samples), alpha: decoded.alpha)
        case .jpeg:
            guard let info = ImageDecoder.info(image.bytes), info.format == .jpeg, !info.isTooLarge else { return nil }
            return Decoded(
                width: info.width, height: info.height, components: info.components, data: .jpeg(image.bytes),
                invertedCMYK: info.components == 4 && info.adobe)
        }
    }

    /// Decodes each image of a document at most once per render (the body and the warnings
    /// both need the pixels).
    final class Cache {
        let images: [Scene.ImageResource]
        private var decoded: [Int: Decoded?] = [:]
        init(_ images: [Scene.ImageResource]) { self.images = images }

        /// The decoded image `index`, nil when it is missing or cannot be decoded.
        func image(_ index: Int) -> Decoded? {
            guard images.indices.contains(index) else { return nil }
            if let known = decoded[index] { return known }
            let result = PSImages.decode(images[index])
            decoded[index] = result
            return result
        }
    }

    static func write(
        _ item: Scene.ImageItem, images: Cache, usesOpacity: Bool,
        into content: inout PSContent
    ) {
        let r = item.rect
        guard r.width.isFinite, r.height.isFinite, abs(r.width) > 1e-6, abs(r.height) > 1e-6 else { return }
        let decoded = images.image(item.image.index)
        if usesOpacity { content.setFillAlpha(1) }
        guard let decoded else {
            // Something visible where the image should be, rather than nothing at all.
            content.setColor(Color(red: 0.5, green: 0.5, blue: 0.5))
            content.number(r.minX); content.number(r.minY); content.number(r.width); content.number(r.height)
            content.op("rectfill")
            return
        }
        content.gsave()
        // The unit square onto the rectangle; the image's first row lands at its top.
        content.concat(Transform(a: r.width, b: 0, c: 0, d: r.height, e: r.minX, f: r.minY))
        content.opText(["", "/DeviceGray", "", "/DeviceRGB", "/DeviceCMYK"][decoded.components] + " setcolorspace")
        // A PNG with transparent pixels: a Level 3 masked image (ImageType 3) with the mask
        // interleaved before each pixel — painted where alpha ≥ 50 %, left out elsewhere.
        let masked = decoded.alpha != nil
        func imageDictionary(bitsPerComponent: Int, decode: String, into content: inout PSContent) {
            content.raw("<< /ImageType 1 /Width ")
            content.integer(decoded.width)
            content.raw("/Height ")
            content.integer(decoded.height)
            content.raw("/BitsPerComponent ")
            content.integer(bitsPerComponent)
            content.rawText("/Decode [" + decode + "] /ImageMatrix [")
            content.integer(decoded.width)
            content.raw("0 0 ")
            content.integer(decoded.height)
            content.raw("0 0]")
        }
        let range = decoded.invertedCMYK ? "1 0" : "0 1"
        let decode = Array(repeating: range, count: decoded.components).joined(separator: " ")
        if usesOpacity, decoded.hasPartialAlpha, case .samples(let samples) = decoded.data, let alpha = decoded.alpha {
            // Where Ghostscript's transparency is on (`tp`): the alpha as a luminosity soft
            // mask of a transparency group holding the opaque colours — the image as PDF and
            // SVG show it, soft edges and all (shadows are such images). Elsewhere the same
            // on/off mask at 50 % as below. Each branch reads its own copy of the data
            // (`currentfile` data cannot be read twice), the other one skips it.
            let skip = "{currentfile /ASCII85Decode filter flushfile} ifelse"
            // The mask group takes the current colour space (`true`): DeviceGray. Inheriting the
            // page's instead (`false`) changes how Ghostscript converts every later colour.
            content.raw("tp {/DeviceGray setcolorspace true << /Subtype /Luminosity >> 0 0 1 1 .begintransparencymaskgroup ")
            imageDictionary(bitsPerComponent: 8, decode: "0 1", into: &content)
            content.opText("/DataSource currentfile /ASCII85Decode filter /FlateDecode filter >> image} " + skip)
            ASCII85.encode(Deflate.compress(alpha), into: &content.out)
            content.newline()
            content.raw("tp {0 .endtransparencymask << >> 0 0 1 1 .begintransparencygroup ")
            content.rawText(["", "/DeviceGray", "", "/DeviceRGB", "/DeviceCMYK"][decoded.components] + " setcolorspace ")
            imageDictionary(bitsPerComponent: 8, decode: decode, into: &content)
            content.opText("/DataSource currentfile /ASCII85Decode filter /FlateDecode filter >> image} " + skip)
            ASCII85.encode(Deflate.compress(samples), into: &content.out)
            content.newline()
            // The soft mask stays in Ghostscript's state past `grestore`: a mask of subtype
            // /None removes it, so it cannot fall on what is drawn next.
            content.op("tp {.endtransparencygroup false << /Subtype /None >> 0 0 1 1 .begintransparencymaskgroup currentfile /ASCII85Decode filter flushfile} {")
        }
        if masked {
            content.op("<< /ImageType 3 /InterleaveType 1")
            content.raw("/MaskDict ")
            imageDictionary(bitsPerComponent: 8, decode: "1 0", into: &content)
            content.op(" >>")
            content.raw("/DataDict ")
        }
        imageDictionary(bitsPerComponent: 8, decode: decode, into: &content)
        content.newline()
        let encoded: [UInt8]
        let close = masked ? ">> >> image" : ">> image"
        switch decoded.data {
        case .samples(let samples):
            content.opText("/DataSource currentfile /ASCII85Decode filter /FlateDecode filter " + close)
            if let alpha = decoded.alpha {
                var interleaved: [UInt8] = []
                interleaved.reserveCapacity(samples.count + alpha.count)
                let n = decoded.components
                for (i, a) in alpha.enumerated() {
                    interleaved.append(a >= 128 ? 255 : 0)
                    interleaved.append(contentsOf: samples[i * n..<(i + 1) * n])
                }
                encoded = Deflate.compress(interleaved)
            } else {
                encoded = Deflate.compress(samples)
            }
        case .jpeg(let bytes):
            content.opText("/DataSource currentfile /ASCII85Decode filter /DCTDecode filter " + close)
            encoded = bytes
        }
        if usesOpacity, decoded.hasPartialAlpha, case .samples = decoded.data { content.op("} ifelse") }
        ASCII85.encode(encoded, into: &content.out)
        content.newline()
        content.grestore()
    }
}

/// ASCII85 (PLRM 3.13.3) without the leading `<~`, which the `ASCII85Decode` filter does not
/// expect, and ending in `~>`. Lines of 75 characters; a line never starts with `%`, so
/// nothing in the data looks like a DSC comment.
enum ASCII85 {
    static func encode(_ data: [UInt8], into out: inout ByteBuffer) {
        var column = 0
        func put(_ c: UInt8, _ out: inout ByteBuffer) {
            if column == 0 && c == 0x25 { out.append(0x20); column = 1 }
            out.append(c)
            column += 1
            if column >= 75 { out.append(0x0A); column = 0 }
        }
        var index = 0
        while index + 4 <= data.count {
            let word = UInt32(data[index]) << 24 | UInt32(data[index + 1]) << 16 | UInt32(data[index + 2]) << 8 | UInt32(data[index + 3])
            index += 4
            if word == 0 { put(0x7A, &out); continue }
            var digits: [UInt8] = [0, 0, 0, 0, 0]
            var w = word
            for i in stride(from: 4, through: 0, by: -1) { digits[i] = UInt8(w % 85) + 0x21; w /= 85 }
            for d in digits { put(d, &out) }
        }
        let rest = data.count - index
        if rest > 0 {
            var word: UInt32 = 0
            for i in 0..<4 { word = word << 8 | UInt32(i < rest ? data[index + i] : 0) }
            var digits: [UInt8] = [0, 0, 0, 0, 0]
            for i in stride(from: 4, through: 0, by: -1) { digits[i] = UInt8(word % 85) + 0x21; word /= 85 }
            for d in digits.prefix(rest + 1) { put(d, &out) }
        }
        out.append(0x7E); out.append(0x3E)
    }
}

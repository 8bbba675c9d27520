// Images as PDF image XObjects. JPEG goes in as it is (/DCTDecode: the reader decodes it).
// PNG: when there is no alpha, its zlib data goes in as it is too, with the PNG predictors
// declared in /DecodeParms (PDF's Flate predictors 10–15 are PNG's row filters); with
// alpha (RGBA, grey+alpha, tRNS) or interlacing, DrawImages decodes it and colour and alpha
// become two Flate streams with PNG predictors again, the alpha as the image's /SMask.
// Layout refuses an image past the pixel limit or with damaged data (`ImageDecoder.damage`)
// with a diagnostic, so such an image never gets here; nil stays a backstop for hand-built
// documents (the image is then not drawn).

import DrawBase
import DrawImages
import DrawOutput
import DrawScene

struct DecodedImage {
    enum Encoding {
        /// JPEG bytes for /DCTDecode.
        case dct
        /// A zlib stream of PNG-filtered rows (/FlateDecode with a PNG predictor).
        case pngPredicted(colors: Int)
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
    /// 8-bit alpha samples, one per pixel, row by row, PNG-filtered and Flate-compressed.
    var softMask: [UInt8]?

    static func decode(_ image: Scene.ImageResource) -> DecodedImage? {
        switch image.format {
        case .jpeg: decodeJPEG(image.bytes)
        case .png: decodePNG(image.bytes)
        }
    }

    /// JPEG: the frame header (from DrawImages) for size and components; the data stays as
    /// it is.
    static func decodeJPEG(_ bytes: [UInt8]) -> DecodedImage? {
        guard let info = ImageDecoder.info(bytes), info.format == .jpeg, !info.isTooLarge else { return nil }
        let space: ColorSpace = info.components == 1 ? .gray : info.components == 3 ? .rgb : .cmyk
        return DecodedImage(width: info.width, height: info.height, bitsPerComponent: 8, colorSpace: space,
                            encoding: .dct, data: bytes, invertedCMYK: info.adobe && info.components == 4)
    }

    /// PNG: without alpha and interlacing, the file's own zlib data goes in as it is, with
    /// its predictors declared. Otherwise DrawImages decodes it, and colour and alpha are
    /// each PNG-filtered again and Flate-compressed, with predictors declared, so an RGBA
    /// PNG stays about as small in the PDF as it was as a file.
    static func decodePNG(_ bytes: [UInt8]) -> DecodedImage? {
        guard let chunks = PNGFile.chunks(bytes), chunks.width > 0, chunks.height > 0, chunks.isValidFormat,
              chunks.width <= ImageLimits.maximumPixels / chunks.height, !chunks.compressed.isEmpty
        else { return nil }
        let colorType = chunks.colorType
        if colorType == 3 {
            guard !chunks.palette.isEmpty, chunks.palette.count % 3 == 0, chunks.palette.count <= 768 else { return nil }
        }
        if !chunks.interlaced && chunks.transparency == nil && (colorType == 0 || colorType == 2 || colorType == 3) {
            let space: ColorSpace = colorType == 0 ? .gray : colorType == 2 ? .rgb : .indexed(palette: chunks.palette)
            return DecodedImage(width: chunks.width, height: chunks.height, bitsPerComponent: chunks.depth, colorSpace: space,
                                encoding: .pngPredicted(colors: chunks.channels), data: chunks.compressed)
        }
        guard let image = ImageDecoder.decode(bytes) else { return nil }
        let colors = image.components
        func predicted(_ samples: [UInt8], unit: Int) -> [UInt8] {
            Deflate.compress(PNGFile.filterRows(samples, stride: image.width * unit, height: image.height, unit: unit), level: 9)
        }
        return DecodedImage(
            width: image.width, height: image.height, bitsPerComponent: 8, colorSpace: colors == 1 ? .gray : .rgb,
            encoding: .pngPredicted(colors: colors), data: predicted(image.samples, unit: colors),
            softMask: image.alpha.map { predicted($0, unit: 1) })
    }
}

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
        }
        if let maskObject, let mask = image.softMask {
            stream(maskObject, data: mask, alreadyFiltered: "/FlateDecode") { out in
                common(&out, bits: 8)
                out.append(static: " /ColorSpace /DeviceGray")
                out.append(static: " /DecodeParms << /Predictor 15 /Colors 1 /BitsPerComponent 8 /Columns ")
                out.append(integer: image.width)
                out.append(static: " >>")
            }
        }
        compress = saved
    }
}

// DrawImages — the one image decoder of drawc: PNG and JPEG file bytes in, header facts
// and pixels out. Layout asks it for sizes, every backend for pixels (or for the facts it
// needs to pass a file through), the tests for what they check.
//
// Takes: the bytes of an image file. Hands on: `ImageInfo` (format, pixel size, colour
// layout, read from the headers only) and `DecodedImage` (8-bit samples, rows top to
// bottom, straight alpha apart from the colour).
// Invariants: never traps on any input; damaged or unsupported data gives nil; nothing
// larger than `ImageLimits.maximumPixels` is ever decoded (a hostile header cannot make
// it allocate gigabytes), and layout refuses such an image with a located diagnostic
// before any backend sees it, so every format treats it alike.
// Deliberately not here: colour management (ICC profiles, gamma chunks are ignored, as
// the other backends ignore them), arithmetic-coded and lossless JPEG, 12-bit JPEG.

import DrawOutput

/// Limits against hostile images, shared by layout and every backend.
package enum ImageLimits {
    /// The most pixels an image may have (width × height): 2^26 = 8192 × 8192. Layout
    /// reports a larger image as an error at its `image` node.
    package static let maximumPixels = 1 << 26
}

/// What the headers of an image file say.
package struct ImageInfo: Hashable, Sendable {
    package enum Format: UInt8, Hashable, Sendable { case png, jpeg }
    package var format: Format
    package var width: Int
    package var height: Int
    /// Colour components: 1 grey, 3 RGB (PNG palette images count as 3), 4 CMYK (JPEG).
    package var components: Int
    /// PNG: bit depth of a sample (1, 2, 4, 8, 16); JPEG: 8.
    package var bitDepth: Int
    /// PNG colour type (0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA); nil for JPEG.
    package var pngColorType: Int?
    /// PNG Adam7 interlacing.
    package var interlaced: Bool
    /// JPEG: progressive (SOF2) rather than sequential.
    package var progressive: Bool
    /// JPEG with an Adobe APP14 marker (CMYK then stored inverted).
    package var adobe: Bool
    /// PNG with an alpha channel or a `tRNS` chunk (some pixel may be transparent).
    package var mayHaveAlpha: Bool

    package var pixelCount: Int { width * height }
    /// True when the pixel count passes `ImageLimits.maximumPixels`.
    package var isTooLarge: Bool { width > ImageLimits.maximumPixels / max(1, height) }
}

/// Decoded pixels: `components` 8-bit samples per pixel (1 grey, 3 RGB, 4 CMYK with 0 =
/// no ink), rows top to bottom without padding, and straight alpha apart.
package struct DecodedImage: Hashable, Sendable {
    package var width: Int
    package var height: Int
    package var components: Int
    package var samples: [UInt8]
    /// One alpha sample per pixel; nil when every pixel is opaque.
    package var alpha: [UInt8]?

    package init(width: Int, height: Int, components: Int, samples: [UInt8], alpha: [UInt8]?) {
        self.width = width; self.height = height; self.components = components
        self.samples = samples; self.alpha = alpha
    }

    /// Some pixel is neither opaque nor fully transparent.
    package var hasPartialAlpha: Bool { alpha?.contains { $0 != 0 && $0 != 255 } ?? false }

    /// RGB of pixel `p` (CMYK converted naively: each colour times the absence of black).
    @inline(__always)
    package func rgb(_ p: Int) -> (UInt8, UInt8, UInt8) {
        switch components {
        case 1: let g = samples[p]; return (g, g, g)
        case 3: return (samples[3 * p], samples[3 * p + 1], samples[3 * p + 2])
        default:
            let c = Int(samples[4 * p]), m = Int(samples[4 * p + 1]), y = Int(samples[4 * p + 2]), k = Int(samples[4 * p + 3])
            return (UInt8((255 - c) * (255 - k) / 255), UInt8((255 - m) * (255 - k) / 255), UInt8((255 - y) * (255 - k) / 255))
        }
    }
}

/// What is wrong with an image file whose header reads well (`ImageDecoder.damage`).
package enum ImageDamage: Hashable, Sendable {
    /// The file ends inside a chunk or a segment, or before its compressed data does.
    case cutShort
    /// A PNG header with a colour type and bit depth PNG does not have.
    case badHeader
    /// A palette image without a usable palette.
    case badPalette
    /// No compressed pixel data at all (PNG `IDAT`, JPEG scan).
    case noPixelData
    /// The pixel data ends after `rows` of the `of` rows (all passes of an interlaced image).
    case shortData(rows: Int, of: Int)
    /// The compressed data is damaged after `afterRows` rows decoded well.
    case damagedData(afterRows: Int, of: Int)
    /// A row (1-based, counted through the passes) with a filter PNG does not have.
    case badFilter(row: Int)
    /// A row (1-based) with a palette index past the end of the palette.
    case paletteIndex(row: Int)
    /// JPEG entropy-coded data that does not decode.
    case undecodableScan

    /// What to say after "image 'NAME' is damaged: ".
    package var description: String {
        switch self {
        case .cutShort: "the file is cut short"
        case .badHeader: "its header names a colour type and bit depth PNG does not have"
        case .badPalette: "its palette is missing or malformed"
        case .noPixelData: "it has no pixel data"
        case .shortData(let rows, let total): "its pixel data ends after \(rows) of \(total) rows"
        case .damagedData(let rows, let total): "its compressed data is corrupt after \(rows) of \(total) rows"
        case .badFilter(let row): "row \(row) has an unknown filter"
        case .paletteIndex(let row): "row \(row) has a colour index past the end of the palette"
        case .undecodableScan: "its compressed data does not decode"
        }
    }
}

package enum ImageDecoder {
    /// What is wrong with an image whose header `info` reads: the whole file is checked
    /// once, as decoding it would (PNG streaming, without holding its pixels); nil when it
    /// decodes. Layout asks this of every image, so no backend meets a damaged one.
    package static func damage(_ bytes: [UInt8]) -> ImageDamage? {
        guard let info = info(bytes) else { return .badHeader }
        switch info.format {
        case .png: return PNGFile.damage(bytes)
        case .jpeg: return JPEGFile.damage(bytes)
        }
    }

    /// The header facts of a PNG or JPEG file, nil for anything else or a damaged header.
    package static func info(_ bytes: [UInt8]) -> ImageInfo? {
        if let png = PNGFile.info(bytes) { return png }
        return JPEGFile.info(bytes)
    }

    /// The pixels of a PNG or JPEG file; nil when damaged, unsupported or too large.
    package static func decode(_ bytes: [UInt8]) -> DecodedImage? {
        guard let info = info(bytes), !info.isTooLarge else { return nil }
        switch info.format {
        case .png: return PNGFile.decode(bytes)
        case .jpeg: return JPEGDecoder.decode(bytes)
        }
    }
}

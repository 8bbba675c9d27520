// Raster images for pixel comparison: reading what renderers write (binary PNM from
// pdftoppm and Ghostscript, PNG from rsvg-convert and drawc, decoded by DrawImages so no
// image tool is needed), and the comparison the conformance suite uses.

import DrawImages
import DrawOutput

/// An 8-bit RGB image, rows top to bottom, 3 bytes per pixel. Transparency was composited
/// onto white when the image was read (paper is white).
package struct Raster: Equatable, Sendable {
    package var width: Int
    package var height: Int
    package var pixels: [UInt8]

    package init(width: Int, height: Int, pixels: [UInt8]) {
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    package init(width: Int, height: Int, fill: UInt8 = 255) {
        self.init(width: width, height: height, pixels: [UInt8](repeating: fill, count: width * height * 3))
    }

    /// Reads a PNG or a binary PNM (P5 grey, P6 colour), whichever the bytes are.
    package static func read(_ bytes: [UInt8]) -> Raster? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return decodePNG(bytes) }
        return readPNM(bytes)
    }

    /// Binary PNM: `P6` (RGB) or `P5` (grey), maxval ≤ 255.
    package static func readPNM(_ bytes: [UInt8]) -> Raster? {
        guard bytes.count > 2, bytes[0] == UInt8(ascii: "P"), bytes[1] == UInt8(ascii: "6") || bytes[1] == UInt8(ascii: "5") else { return nil }
        let channels = bytes[1] == UInt8(ascii: "6") ? 3 : 1
        var index = 2
        func number() -> Int? {
            // Whitespace and `#` comments between header fields.
            while index < bytes.count {
                if bytes[index] == UInt8(ascii: "#") {
                    while index < bytes.count, bytes[index] != 0x0A { index += 1 }
                } else if bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x09 {
                    index += 1
                } else {
                    break
                }
            }
            var value = 0
            var digits = 0
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                value = value * 10 + Int(bytes[index] - 0x30)
                index += 1
                digits += 1
                if value > 1 << 24 { return nil }
            }
            return digits > 0 ? value : nil
        }
        guard let width = number(), let height = number(), let maxval = number(), maxval > 0, maxval <= 255 else { return nil }
        index += 1  // the single whitespace byte after maxval
        let count = width * height * channels
        guard index + count <= bytes.count else { return nil }
        var pixels = [UInt8](repeating: 0, count: width * height * 3)
        for p in 0..<(width * height) {
            for c in 0..<3 {
                let raw = Int(bytes[index + p * channels + (channels == 3 ? c : 0)])
                pixels[p * 3 + c] = UInt8(raw * 255 / maxval)
            }
        }
        return Raster(width: width, height: height, pixels: pixels)
    }

    /// PNG of any kind, decoded by drawc's one image decoder (DrawImages); alpha composited
    /// on white.
    package static func decodePNG(_ bytes: [UInt8]) -> Raster? {
        guard let image = ImageDecoder.decode(bytes) else { return nil }
        var pixels = [UInt8](repeating: 255, count: image.width * image.height * 3)
        for p in 0..<(image.width * image.height) {
            let (r, g, b) = image.rgb(p)
            let a = Int(image.alpha?[p] ?? 255)
            // Over white: c·α + 255·(1 − α), rounded.
            pixels[3 * p] = UInt8((Int(r) * a + 255 * (255 - a) + 127) / 255)
            pixels[3 * p + 1] = UInt8((Int(g) * a + 255 * (255 - a) + 127) / 255)
            pixels[3 * p + 2] = UInt8((Int(b) * a + 255 * (255 - a) + 127) / 255)
        }
        return Raster(width: image.width, height: image.height, pixels: pixels)
    }

    /// Binary PPM (P6) of the image, for looking at it or at a difference map.
    package var ppm: [UInt8] {
        Array("P6\n\(width) \(height)\n255\n".utf8) + pixels
    }

    /// The image scaled down by an integer `factor`: each output pixel is the rounded mean of
    /// a `factor` × `factor` block (a box filter, as Ghostscript's -dDownScaleFactor does).
    /// Partial blocks at the right and bottom edges average what they have.
    package func downsampled(by factor: Int) -> Raster {
        precondition(factor >= 1)
        if factor == 1 { return self }
        let w = (width + factor - 1) / factor
        let h = (height + factor - 1) / factor
        var out = [UInt8](repeating: 0, count: w * h * 3)
        pixels.withUnsafeBufferPointer { source in
            var sums = [Int](repeating: 0, count: w * 3)
            var counts = [Int](repeating: 0, count: w)
            for oy in 0..<h {
                for i in 0..<sums.count { sums[i] = 0 }
                for i in 0..<counts.count { counts[i] = 0 }
                for y in (oy * factor)..<min(height, oy * factor + factor) {
                    let row = y * width * 3
                    for x in 0..<width {
                        let ox = x / factor
                        let p = row + x * 3
                        sums[ox * 3] += Int(source[p])
                        sums[ox * 3 + 1] += Int(source[p + 1])
                        sums[ox * 3 + 2] += Int(source[p + 2])
                        counts[ox] += 1
                    }
                }
                for ox in 0..<w {
                    let n = counts[ox]
                    for c in 0..<3 { out[(oy * w + ox) * 3 + c] = UInt8((sums[ox * 3 + c] + n / 2) / n) }
                }
            }
        }
        return Raster(width: w, height: h, pixels: out)
    }

    /// The share of pixels that are not white (to tell an empty rendering from a drawing).
    package var inkCoverage: Double {
        guard width * height > 0 else { return 0 }
        var inked = 0
        for p in 0..<(width * height) where pixels[p * 3] < 250 || pixels[p * 3 + 1] < 250 || pixels[p * 3 + 2] < 250 {
            inked += 1
        }
        return Double(inked) / Double(width * height)
    }
}

/// The result of comparing two renderings of the same page.
package struct RasterComparison: Sendable {
    package var width: Int
    package var height: Int
    /// Pixels that differ by the neighbourhood rule (in either direction).
    package var differing: Int
    /// Pixels compared: the area both images cover.
    package var compared: Int
    /// Differing pixels marked red on a faded copy of the first image.
    package var differenceMap: Raster
    /// True when the sizes differ by more than a pixel of rounding.
    package var sizeMismatch: Bool

    package var differingFraction: Double { compared == 0 ? 1 : Double(differing) / Double(compared) }
}

extension Raster {
    /// Compares two renderings tolerating anti-aliasing but not a missing or moved shape: a
    /// pixel counts as different when, in some channel, its value lies outside the range of
    /// the other image's 3×3 neighbourhood around the same position by more than `tolerance`
    /// levels — checked both ways. Sizes may differ by one pixel (renderers round page
    /// sizes differently); the common area is compared.
    package func compare(to other: Raster, tolerance: Int = 48) -> RasterComparison {
        let w = min(width, other.width)
        let h = min(height, other.height)
        let mismatch = abs(width - other.width) > 1 || abs(height - other.height) > 1
        var map = Raster(width: w, height: h)
        var differing = 0
        for y in 0..<h {
            for x in 0..<w {
                let p = (y * w + x) * 3
                let q = (y * width + x) * 3
                let r = (y * other.width + x) * 3
                // Equal pixels are in each other's neighbourhood by definition: the common case.
                let same = pixels[q] == other.pixels[r] && pixels[q + 1] == other.pixels[r + 1] && pixels[q + 2] == other.pixels[r + 2]
                let outside = !same
                    && (Raster.outsideNeighbourhood(self, other, x, y, tolerance)
                        || Raster.outsideNeighbourhood(other, self, x, y, tolerance))
                if outside {
                    differing += 1
                    map.pixels[p] = 255
                    map.pixels[p + 1] = 0
                    map.pixels[p + 2] = 0
                } else {
                    for c in 0..<3 { map.pixels[p + c] = UInt8(191 + Int(pixels[q + c]) / 4) }
                }
            }
        }
        return RasterComparison(
            width: w, height: h, differing: differing, compared: w * h, differenceMap: map, sizeMismatch: mismatch)
    }

    /// Whether pixel (x, y) of `a` lies outside `b`'s 3×3 neighbourhood range by more than
    /// `tolerance` in any channel.
    private static func outsideNeighbourhood(_ a: Raster, _ b: Raster, _ x: Int, _ y: Int, _ tolerance: Int) -> Bool {
        let p = (y * a.width + x) * 3
        for c in 0..<3 {
            let value = Int(a.pixels[p + c])
            var low = 255, high = 0
            for dy in -1...1 {
                let yy = y + dy
                if yy < 0 || yy >= b.height { continue }
                for dx in -1...1 {
                    let xx = x + dx
                    if xx < 0 || xx >= b.width { continue }
                    let v = Int(b.pixels[(yy * b.width + xx) * 3 + c])
                    low = min(low, v)
                    high = max(high, v)
                }
            }
            if value < low - tolerance || value > high + tolerance { return true }
        }
        return false
    }
}

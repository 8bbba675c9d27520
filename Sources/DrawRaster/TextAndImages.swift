// Text from glyph outlines and images sampled bilinearly.

import DrawBase
import DrawDiagnostics
import DrawFonts
import DrawImages
import DrawScene
#if canImport(Foundation)
import Foundation
#endif

/// The faces that draw the standard 14 fonts: the URW base-35 fonts, which have the same
/// advance widths as Adobe's (layout placed every glyph with those), found on the system.
package struct StandardFaces {
    /// Where distributions install the URW base-35 OpenType files.
    package static let defaultFolders = [
        "/usr/share/fonts/opentype/urw-base35",  // Debian, Ubuntu: fonts-urw-base35
        "/usr/share/fonts/urw-base35",  // Fedora: urw-base35-fonts
        "/usr/local/share/fonts/urw-base35",
        "/opt/homebrew/share/fonts/urw-base35",
    ]
    /// The Debian package to install when none is found.
    package static let debianPackage = "fonts-urw-base35"

    let folders: [String]
    private var loaded: [Standard14Font: Result<TrueTypeFontRef, RasterError>] = [:]

    init(folders: [String]) { self.folders = folders }

    /// The URW file name (without extension) of each standard font's metric twin.
    package static func fileName(_ font: Standard14Font) -> String {
        switch font {
        case .helvetica: "NimbusSans-Regular"
        case .helveticaBold: "NimbusSans-Bold"
        case .helveticaOblique: "NimbusSans-Italic"
        case .helveticaBoldOblique: "NimbusSans-BoldItalic"
        case .timesRoman: "NimbusRoman-Regular"
        case .timesBold: "NimbusRoman-Bold"
        case .timesItalic: "NimbusRoman-Italic"
        case .timesBoldItalic: "NimbusRoman-BoldItalic"
        case .courier: "NimbusMonoPS-Regular"
        case .courierBold: "NimbusMonoPS-Bold"
        case .courierOblique: "NimbusMonoPS-Italic"
        case .courierBoldOblique: "NimbusMonoPS-BoldItalic"
        case .symbol: "StandardSymbolsPS"
        case .zapfDingbats: "D050000L"
        }
    }

    mutating func face(_ font: Standard14Font) -> Result<TrueTypeFontRef, RasterError> {
        if let known = loaded[font] { return known }
        let name = Self.fileName(font)
        var result: Result<TrueTypeFontRef, RasterError> = .failure(RasterError(
            .fontMissing,
            "text in \(font.postScriptName) is drawn in PNG with its metric twin \(name) from the URW base-35 fonts, "
                + "which were not found (looked in \(folders.joined(separator: ", "))): install the package '\(Self.debianPackage)'"))
        search: for folder in folders {
            for ext in ["otf", "ttf"] {
                let path = folder + "/" + name + "." + ext
                guard FileManager.default.fileExists(atPath: path) else { continue }
                do throws(FontError) {
                    result = .success(try TrueTypeFontRef.load(path: path))
                } catch {
                    result = .failure(RasterError(
                        .fontUnreadable, "cannot draw \(font.postScriptName) text in PNG: \(path): \(error)"))
                }
                break search
            }
        }
        loaded[font] = result
        return result
    }
}

extension Painter {
    mutating func drawText(_ run: Scene.TextRun, ctm: Transform) {
        guard run.color.alpha > 0, document.fonts.indices.contains(run.font.index) else { return }
        let face: TrueTypeFontRef
        // How a run's glyphs become the face's glyph ids: TrueType runs hold them already;
        // the standard text fonts go through the twin's Unicode cmap; the URW Symbol and
        // Dingbats twins map the fonts' own codes (what the run holds) in their cmap.
        enum Lookup { case glyphID, unicode, builtInCode }
        var lookup = Lookup.glyphID
        switch document.fonts[run.font.index] {
        case .trueType(let ref): face = ref
        case .standard(let standard):
            switch faces.face(standard) {
            case .success(let f): face = f
            case .failure(var error):
                error.span = document.causes.font(run.font.index)
                failure = error
                return
            }
            lookup = standard.isSymbolic ? .builtInCode : .unicode
        }
        let s = run.size / Double(max(1, face.unitsPerEm))
        var polygons: [[Point]] = []
        for (index, glyph) in run.glyphs.enumerated() {
            let id: UInt16
            switch lookup {
            case .glyphID: id = glyph.glyph
            case .unicode:
                guard let g = face.glyph(for: glyph.scalar) else { continue }
                id = g
            case .builtInCode:
                guard let code = Unicode.Scalar(UInt32(glyph.glyph)), let g = face.glyph(for: code) else { continue }
                id = g
            }
            guard let outline = glyphPath(face, fontIndex: run.font.index, glyph: id) else { continue }
            let placement = Transform(a: s, b: 0, c: 0, d: -s, e: run.origin.x + glyph.x, f: run.origin.y + run.y(index)).then(ctm)
            for line in Flatten.polylines(outline, transform: placement, tolerance: options.tolerance) {
                polygons.append(line.points)
            }
        }
        let color = run.color
        fillPolygons(polygons, rule: .nonZero) { _, _ in color }
    }

    /// The outline of a glyph in font units as a path (quadratics raised to cubics), cached.
    mutating func glyphPath(_ face: TrueTypeFontRef, fontIndex: Int, glyph: UInt16) -> Scene.Path? {
        if let known = glyphCache[fontIndex]?[Int(glyph)] { return known }
        let outline = face.outline(glyph: glyph)
        var builder = Scene.PathBuilder()
        var current = Point(0, 0)
        for element in outline.elements {
            switch element {
            case .move(let x, let y): current = Point(x, y); builder.move(to: current)
            case .line(let x, let y): current = Point(x, y); builder.line(to: current)
            case .quad(let cx, let cy, let x, let y):
                let c = Point(cx, cy), p = Point(x, y)
                builder.cubic(current + (c - current) * (2.0 / 3), p + (c - p) * (2.0 / 3), p)
                current = p
            case .cubic(let c1x, let c1y, let c2x, let c2y, let x, let y):
                current = Point(x, y)
                builder.cubic(Point(c1x, c1y), Point(c2x, c2y), current)
            case .close: builder.close()
            }
        }
        let path = builder.finish()
        glyphCache[fontIndex, default: [:]][Int(glyph)] = .some(path)
        return path
    }

    mutating func drawImage(_ item: Scene.ImageItem, ctm: Transform) {
        let r = item.rect
        guard r.width.isFinite, r.height.isFinite, abs(r.width) > 1e-9, abs(r.height) > 1e-9,
              document.images.indices.contains(item.image.index)
        else { return }
        let index = item.image.index
        let resources = document.images
        // Premultiplied RGBA of the image's pixel size, known from its header before decoding.
        let expected = resources[index].pixelWidth * resources[index].pixelHeight * 4
        guard let decoded = images.image(index, bytes: expected, decode: {
            guard let image = ImageDecoder.decode(resources[index].bytes), image.width > 0, image.height > 0 else { return nil }
            return ImageCache.Entry(width: image.width, height: image.height, rgba: Self.premultipliedRGBA(image))
        }) else {
            failure = RasterError(.imageUndecodable, "an image of the drawing cannot be decoded")
            failure?.span = document.causes.image(index)
            return
        }
        // Image space (pixels, y down) → page → device.
        let toDevice = Transform(
            a: r.width / Double(decoded.width), b: 0, c: 0, d: r.height / Double(decoded.height), e: r.minX, f: r.minY
        ).then(ctm)
        let det = toDevice.a * toDevice.d - toDevice.b * toDevice.c
        guard abs(det) > 1e-12 else { return }
        let inverse = Transform(
            a: toDevice.d / det, b: -toDevice.b / det, c: -toDevice.c / det, d: toDevice.a / det,
            e: (toDevice.c * toDevice.f - toDevice.d * toDevice.e) / det,
            f: (toDevice.b * toDevice.e - toDevice.a * toDevice.f) / det)
        let iw = Double(decoded.width), ih = Double(decoded.height)
        let quad = [Point(0, 0), Point(iw, 0), Point(iw, ih), Point(0, ih)].map(toDevice.apply)
        guard let box = bounds([quad]), accumulate([quad], box: box) else { return }
        let layer = layers[layers.count - 1]
        layer.markDirty(box)
        let clip = self.clip
        let w = width
        let premultiplied = decoded.rgba
        let maxX = decoded.width - 1, maxY = decoded.height - 1
        accumulator.sweep(rule: .nonZero) { y, x0, coverage in
            layer.pixels.withUnsafeMutableBufferPointer { px in
                premultiplied.withUnsafeBufferPointer { src in
                    forEachCovered(coverage, x0: x0, y: y, clip: clip) { x, level in
                        let c = Float(level) / 255
                        // Bilinear between the four nearest pixel centres, edges clamped.
                        let p = inverse.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
                        let fx = p.x - 0.5, fy = p.y - 0.5
                        let ix = Int(fx.rounded(.down)), iy = Int(fy.rounded(.down))
                        let tx = Float(fx - Double(ix)), ty = Float(fy - Double(iy))
                        let xa = max(0, min(maxX, ix)), xb = max(0, min(maxX, ix + 1))
                        let ya = max(0, min(maxY, iy)), yb = max(0, min(maxY, iy + 1))
                        let o = (y * w + x) * 4
                        var sample: (Float, Float, Float, Float) = (0, 0, 0, 0)
                        for ch in 0..<4 {
                            let v00 = Float(src[(ya * decoded.width + xa) * 4 + ch]), v10 = Float(src[(ya * decoded.width + xb) * 4 + ch])
                            let v01 = Float(src[(yb * decoded.width + xa) * 4 + ch]), v11 = Float(src[(yb * decoded.width + xb) * 4 + ch])
                            let top = v00 + (v10 - v00) * tx, bottom = v01 + (v11 - v01) * tx
                            let v = (top + (bottom - top) * ty) * c
                            switch ch { case 0: sample.0 = v; case 1: sample.1 = v; case 2: sample.2 = v; default: sample.3 = v }
                        }
                        let inv = 1 - sample.3 / 255
                        px[o] = UInt8(min(255, sample.0 + Float(px[o]) * inv + 0.5))
                        px[o + 1] = UInt8(min(255, sample.1 + Float(px[o + 1]) * inv + 0.5))
                        px[o + 2] = UInt8(min(255, sample.2 + Float(px[o + 2]) * inv + 0.5))
                        px[o + 3] = UInt8(min(255, sample.3 + Float(px[o + 3]) * inv + 0.5))
                    }
                }
            }
        }
    }

    /// The image as premultiplied RGBA.
    static func premultipliedRGBA(_ image: DecodedImage) -> [UInt8] {
        let n = image.width * image.height
        var out = [UInt8](repeating: 0, count: n * 4)
        for p in 0..<n {
            let (r, g, b) = image.rgb(p)
            let a = Int(image.alpha?[p] ?? 255)
            out[4 * p] = UInt8((Int(r) * a + 127) / 255)
            out[4 * p + 1] = UInt8((Int(g) * a + 127) / 255)
            out[4 * p + 2] = UInt8((Int(b) * a + 127) / 255)
            out[4 * p + 3] = UInt8(a)
        }
        return out
    }
}

/// The images a painter draws, decoded and premultiplied once, kept while they fit
/// `RasterLimits.maximumCachedImageBytes` (issue 34, point 13: every decoded image was kept
/// for the whole document — six 8192² images, 1.85 GB). Past the budget the least recently
/// drawn are dropped, and one drawn again is decoded again: at most one image beyond the
/// budget is in memory at a time, whatever the document holds.
struct ImageCache {
    struct Entry {
        var width: Int
        var height: Int
        /// Premultiplied RGBA, rows top to bottom.
        var rgba: [UInt8]
    }

    let budget: Int
    private var entries: [Int: Entry] = [:]
    /// Indexes of `entries`, least recently drawn first.
    private var order: [Int] = []
    private var bytes = 0

    init(budget: Int = RasterLimits.maximumCachedImageBytes) { self.budget = budget }

    /// The image `index`, from the cache or from `decode` (nil: it cannot be decoded).
    /// `expected`: its size once decoded, so room is made before decoding it, not after.
    mutating func image(_ index: Int, bytes expected: Int, decode: () -> Entry?) -> Entry? {
        if let entry = entries[index] {
            if order.last != index { order.removeAll { $0 == index }; order.append(index) }
            return entry
        }
        // Room first, so an image too large to keep is drawn from its own copy alone, and
        // the one dropped is freed before the next is decoded.
        while bytes + expected > budget, !order.isEmpty {
            let oldest = order.removeFirst()
            bytes -= entries.removeValue(forKey: oldest)?.rgba.count ?? 0
        }
        guard let entry = decode() else { return nil }
        while bytes + entry.rgba.count > budget, !order.isEmpty {
            let oldest = order.removeFirst()
            bytes -= entries.removeValue(forKey: oldest)?.rgba.count ?? 0
        }
        if entry.rgba.count <= budget {
            entries[index] = entry
            order.append(index)
            bytes += entry.rgba.count
        }
        return entry
    }

    /// Bytes kept (for tests).
    var keptBytes: Int { bytes }
}

// The scene walk: items in paint order onto a stack of premultiplied RGBA layers.

import DrawBase
import DrawFonts
import DrawImages
import DrawScene
#if canImport(Foundation)
import Foundation
#endif

/// A premultiplied RGBA pixel buffer the size of the page.
final class Layer {
    let width: Int, height: Int
    var pixels: [UInt8]
    /// The part drawn into since the layer was cleared.
    var dirty: PixelBox
    init(width: Int, height: Int) {
        self.width = width; self.height = height
        pixels = [UInt8](repeating: 0, count: width * height * 4)
        dirty = PixelBox(x0: width, y0: height, x1: 0, y1: 0)
    }
    /// A layer every pixel of which is the opaque colour `fill` (one pass over the memory,
    /// not zeros first and the colour after).
    init(width: Int, height: Int, opaque fill: SolidSource) {
        self.width = width; self.height = height
        let count = width * height
        pixels = [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialized in
            let raw = UnsafeMutableRawPointer(buffer.baseAddress!)
            for i in 0..<count { raw.storeBytes(of: fill.word, toByteOffset: i * 4, as: UInt32.self) }
            initialized = count * 4
        }
        dirty = PixelBox(x0: 0, y0: 0, x1: width, y1: height)
    }
    func markDirty(_ b: PixelBox) {
        dirty = PixelBox(x0: min(dirty.x0, b.x0), y0: min(dirty.y0, b.y0), x1: max(dirty.x1, b.x1), y1: max(dirty.y1, b.y1))
    }
}

/// A clip: coverage 0…255 per page pixel inside `box`, nothing outside it. `mask` holds
/// the box's pixels only, row by row (a page of small clipped shapes would otherwise clear
/// a page-sized mask for each).
struct ClipMask {
    var box: PixelBox
    var mask: [UInt8]
    @inline(__always) func value(_ x: Int, _ y: Int) -> UInt8 {
        guard x >= box.x0, x < box.x1, y >= box.y0, y < box.y1 else { return 0 }
        return mask[(y - box.y0) * box.width + (x - box.x0)]
    }
}

/// The painted pixels of one swept row: `body(x, level)` for each pixel from `x0` whose
/// coverage, times the clip's coverage when there is a clip, is not zero (level 1…255).
/// Every fill that weighs pixels one by one goes through here, so the clip is applied once.
@inline(__always) func forEachCovered(_ coverage: UnsafeBufferPointer<UInt8>, x0: Int, y: Int, clip: ClipMask?,
                                      _ body: (_ x: Int, _ level: UInt32) -> Void) {
    for i in 0..<coverage.count where coverage[i] != 0 {
        var level = UInt32(coverage[i])
        if let clip { level = div255(level * UInt32(clip.value(x0 + i, y))) }
        if level != 0 { body(x0 + i, level) }
    }
}

struct Painter {
    let document: Scene.Document
    let options: RasterOptions
    let accumulator = CoverageAccumulator()
    var layers: [Layer] = []
    var clip: ClipMask?
    var edges = 0
    var failure: RasterError?
    /// The index of the item being drawn in the page's items, then in nested groups'.
    var itemPath: [Int] = []
    var width = 0, height = 0
    var images = ImageCache()
    var faces: StandardFaces
    var glyphCache: [Int: [Int: Scene.Path?]] = [:]
    /// Tiles of patterns drawn on this page, by pattern and transform (TilePatterns.swift).
    var tileRasters: [TileRasterKey: TileRaster] = [:]

    init(document: Scene.Document, options: RasterOptions) {
        self.document = document
        self.options = options
        faces = StandardFaces(folders: options.standardFontFolders)
    }

    mutating func paint(_ page: Scene.Page) -> Result<RasterImage, RasterError> {
        let (w, h) = RasterWriter.pixelSize(page.size, dpi: options.dpi)
        guard w <= RasterLimits.maximumPagePixels / h else {
            return .failure(RasterError(
                .pageTooLarge,
                "a page of \(w) × \(h) pixels is more than the \(RasterLimits.maximumPagePixels) pixels a PNG page may have: lower --dpi or --scale"))
        }
        width = w; height = h
        edges = 0
        clip = nil
        itemPath = []
        let full = PixelBox(x0: 0, y0: 0, x1: w, y1: h)
        var backdrop = options.backdrop.map(SolidSource.init)
        let base: Layer
        let baseIsOpaque = backdrop?.isOpaque ?? false
        if let opaque = backdrop, opaque.isOpaque {
            base = Layer(width: w, height: h, opaque: opaque)
            backdrop = nil
        } else {
            base = Layer(width: w, height: h)
        }
        layers = [base]
        if let backdrop, backdrop.a > 0, let color = options.backdrop { fillBox(full, color: color) }
        if let background = page.background, background.alpha > 0 { fillBox(full, color: background) }
        let ctm = Transform.scale(options.scale, options.scale)
        draw(page.items, ctm: ctm)
        if let failure { return .failure(failure) }
        var image = RasterImage(width: w, height: h, pixels: base.pixels)
        image.knownOpaque = baseIsOpaque
        return .success(image)
    }

    // MARK: Items

    mutating func draw(_ items: [Scene.Item], ctm: Transform) {
        for (index, item) in items.enumerated() {
            if failure != nil { return }
            itemPath.append(index)
            defer { itemPath.removeLast() }
            switch item {
            case .path(let path, let paint):
                if let fill = paint.fill, fill.color.alpha > 0 {
                    fillPath(path, ctm: ctm, rule: fill.rule == .evenOdd ? .evenOdd : .nonZero, color: fill.color, gradient: fill.gradient,
                             pattern: fill.pattern)
                }
                if let stroke = paint.stroke, stroke.color.alpha > 0 { strokePath(path, ctm: ctm, stroke: stroke) }
            case .text(let run):
                drawText(run, ctm: ctm)
            case .image(let image):
                drawImage(image, ctm: ctm)
            case .group(let group):
                drawGroup(group, ctm: ctm)
            }
        }
    }

    mutating func drawGroup(_ group: Scene.Group, ctm parent: Transform) {
        let ctm = group.transform.then(parent)
        let savedClip = clip
        defer { clip = savedClip }
        if let path = group.clip {
            let polylines = Flatten.polylines(path, transform: ctm, tolerance: options.tolerance)
            guard let mask = coverageMask(polylines.map(\.points), rule: .nonZero) else {
                return  // clipped away entirely
            }
            clip = mask
        }
        let opacity = max(0, min(1, group.opacity))
        if opacity <= 0 { return }
        if opacity >= 1 && group.shadows.isEmpty && group.blend == .normal {
            draw(group.items, ctm: ctm)
            return
        }
        let layer = Layer(width: width, height: height)
        layers.append(layer)
        draw(group.items, ctm: ctm)
        layers.removeLast()
        var result = layer
        if !group.shadows.isEmpty {
            // The shadows in order, then the group on top, composited as one (SVG's filter
            // result, PDF's transparency group).
            let combined = Layer(width: width, height: height)
            for shadow in group.shadows { paintShadow(shadow, of: layer, ctm: parent, onto: combined) }
            composite(layer, opacity: 1, onto: combined)
            result = combined
        }
        if group.blend != .normal {
            composite(result, opacity: opacity, blend: group.blend, onto: layers[layers.count - 1])
        } else {
            composite(result, opacity: opacity, onto: layers[layers.count - 1])
        }
    }

    // MARK: Fills and strokes

    mutating func fillPath(_ path: Scene.Path, ctm: Transform, rule: CoverageRule, color: Color, gradient: Gradient? = nil,
                           pattern: Scene.PatternID? = nil) {
        let polylines = Flatten.polylines(path, transform: ctm, tolerance: options.tolerance)
        if let pattern {
            if let shade = patternShader(pattern, ctm: ctm) {
                fillPolygons(polylines.map(\.points), rule: rule, varying: true, shade: shade)
            }
            return
        }
        if let gradient, let shade = gradientShader(gradient, ctm: ctm) {
            fillPolygons(polylines.map(\.points), rule: rule, varying: true, shade: shade)
            return
        }
        fillPolygons(polylines.map(\.points), rule: rule) { _, _ in color }
    }

    mutating func strokePath(_ path: Scene.Path, ctm: Transform, stroke: Stroke) {
        // Stroke in user space (so a scaled group scales its strokes as in PDF), then map
        // the outline; a hairline (width 0) is one device pixel wide whatever the transform.
        let scale = max(1e-9, (abs(ctm.a * ctm.d - ctm.b * ctm.c)).squareRoot())
        let hairline = stroke.width <= 0
        let space: Transform = hairline ? ctm : .identity
        let width = hairline ? 1 : stroke.width
        let unit = hairline ? 1 : scale
        var lines = Flatten.polylines(path, transform: space, tolerance: options.tolerance / unit)
        if !stroke.dash.isEmpty {
            let k = hairline ? scale : 1
            do {
                lines = try Stroker.dash(lines, pattern: stroke.dash.map { $0 * k }, offset: stroke.dashOffset * k)
            } catch {
                failure = RasterError(
                    .tooManyDashes,
                    "a dashed stroke would be cut into more than \(Stroker.maximumDashes) dashes: lengthen the dash pattern")
                return
            }
        }
        let style = StrokeStyle(
            width: width, cap: stroke.cap, join: stroke.join, miterLimit: stroke.miterLimit,
            // Round joins and caps are few points: a quarter of the tolerance costs little.
            circleSegments: Stroker.circleSegments(radius: width / 2 * unit, tolerance: options.tolerance / 4))
        var polygons = Stroker.outline(lines, style: style)
        if !hairline {
            for i in polygons.indices {
                for j in polygons[i].indices { polygons[i][j] = ctm.apply(polygons[i][j]) }
            }
        }
        let color = stroke.color
        if let gradient = stroke.gradient, let shade = gradientShader(gradient, ctm: ctm) {
            fillPolygons(polygons, rule: .nonZero, varying: true, shade: shade)
            return
        }
        fillPolygons(polygons, rule: .nonZero) { _, _ in color }
    }

    /// The pixel box of polygons, cut to the page and the clip; nil when nothing is left.
    func bounds(_ polygons: [[Point]]) -> PixelBox? {
        var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
        for polygon in polygons {
            for p in polygon {
                if p.x < minX { minX = p.x }
                if p.x > maxX { maxX = p.x }
                if p.y < minY { minY = p.y }
                if p.y > maxY { maxY = p.y }
            }
        }
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite else { return nil }
        var box = PixelBox(
            x0: Int(max(-1, min(Double(width), minX.rounded(.down)))), y0: Int(max(-1, min(Double(height), minY.rounded(.down)))),
            x1: Int(max(-1, min(Double(width), maxX.rounded(.up)))), y1: Int(max(-1, min(Double(height), maxY.rounded(.up)))))
        // Winding from the left still matters when the shape starts left of the page.
        box.x1 = min(width, box.x1)
        box = box.intersection(PixelBox(x0: 0, y0: 0, x1: width, y1: height))
        if let clip { box = box.intersection(clip.box) }
        return box.isEmpty ? nil : box
    }

    /// Accumulates the polygons' edges over `box`; false when a limit was hit.
    mutating func accumulate(_ polygons: [[Point]], box: PixelBox) -> Bool {
        accumulator.reset(box)
        for polygon in polygons where polygon.count >= 2 {
            edges += polygon.count
            if edges > options.maximumEdges {
                failure = RasterError(
                    .tooManyEdges,
                    "the page has more than \(options.maximumEdges) edges to draw: lower --dpi or simplify the drawing")
                // At the node whose drawing passed the limit (issue 34, point 16).
                failure?.item = itemPath
                return false
            }
        }
        accumulator.add(polygons: polygons)
        return true
    }

    /// Fills polygons (device pixels) with a colour chosen per pixel (`shade(x, y)`, straight
    /// alpha), through the current clip, onto the top layer. A solid colour (`varying`
    /// false: `shade` is asked once) is composited in integers, row by row.
    mutating func fillPolygons(_ polygons: [[Point]], rule: CoverageRule, varying: Bool = false, shade: (Int, Int) -> Color) {
        guard let box = bounds(polygons), accumulate(polygons, box: box) else { return }
        let layer = layers[layers.count - 1]
        layer.markDirty(box)
        let clip = self.clip
        let w = width
        if varying {
            accumulator.sweep(rule: rule) { y, x0, coverage in
                layer.pixels.withUnsafeMutableBufferPointer { px in
                    forEachCovered(coverage, x0: x0, y: y, clip: clip) { x, level in
                        blend(px, (y * w + x) * 4, shade(x, y), Float(level) / 255)
                    }
                }
            }
            return
        }
        let source = SolidSource(shade(-1, -1))
        // The layer's pixels are reached once per fill, not once per row.
        layer.pixels.withUnsafeMutableBufferPointer { px in
            let base = px.baseAddress!
            accumulator.sweep(rule: rule) { y, x0, coverage in
                let row = base + (y * w + x0) * 4
                if clip != nil {
                    forEachCovered(coverage, x0: x0, y: y, clip: clip) { x, level in source.over(row + (x - x0) * 4, level: level) }
                } else {
                    source.paint(coverage, into: row)
                }
            }
        }
    }

    /// A coverage mask of polygons intersected with the current clip; nil when empty.
    mutating func coverageMask(_ polygons: [[Point]], rule: CoverageRule) -> ClipMask? {
        guard let box = bounds(polygons), accumulate(polygons, box: box) else { return nil }
        var mask = [UInt8](repeating: 0, count: box.width * box.height)
        let previous = clip
        let w = box.width
        accumulator.sweep(rule: rule) { y, x0, coverage in
            forEachCovered(coverage, x0: x0, y: y, clip: previous) { x, level in
                mask[(y - box.y0) * w + (x - box.x0)] = UInt8(truncatingIfNeeded: level)
            }
        }
        return ClipMask(box: box, mask: mask)
    }

    /// Fills a pixel box with a colour (backgrounds).
    mutating func fillBox(_ box: PixelBox, color: Color) {
        let layer = layers[layers.count - 1]
        layer.markDirty(box)
        let source = SolidSource(color)
        let w = width
        layer.pixels.withUnsafeMutableBufferPointer { px in
            for y in box.y0..<box.y1 {
                source.fill(px.baseAddress! + (y * w + box.x0) * 4, count: box.width)
            }
        }
    }

    /// Composites a finished group layer onto `below` with the group's opacity.
    func composite(_ layer: Layer, opacity: Double, onto below: Layer) {
        let box = layer.dirty.intersection(PixelBox(x0: 0, y0: 0, x1: width, y1: height))
        guard !box.isEmpty else { return }
        below.markDirty(box)
        let k = Float(opacity)
        let w = width
        layer.pixels.withUnsafeBufferPointer { src in
            below.pixels.withUnsafeMutableBufferPointer { dst in
                for y in box.y0..<box.y1 {
                    for x in box.x0..<box.x1 {
                        let i = (y * w + x) * 4
                        let sa = Float(src[i + 3]) * k
                        if sa <= 0 { continue }
                        let inv = 1 - sa / 255
                        for c in 0..<4 {
                            let s = c == 3 ? sa : Float(src[i + c]) * k
                            dst[i + c] = UInt8(min(255, s + Float(dst[i + c]) * inv + 0.5))
                        }
                    }
                }
            }
        }
    }
}

/// Source-over of a straight-alpha colour at coverage `c` onto premultiplied pixel `i`
/// (values are never negative, so adding ½ and truncating rounds).
@inline(__always)
func blend(_ px: UnsafeMutableBufferPointer<UInt8>, _ i: Int, _ color: Color, _ c: Float) {
    let a = Float(color.alpha) * c
    if a <= 0 { return }
    let inv = 1 - a
    px[i] = UInt8(min(255, Float(color.red) * 255 * a + Float(px[i]) * inv + 0.5))
    px[i + 1] = UInt8(min(255, Float(color.green) * 255 * a + Float(px[i + 1]) * inv + 0.5))
    px[i + 2] = UInt8(min(255, Float(color.blue) * 255 * a + Float(px[i + 2]) * inv + 0.5))
    px[i + 3] = UInt8(min(255, 255 * a + Float(px[i + 3]) * inv + 0.5))
}

/// x / 255, rounded, for x up to 255 · 255 · 2.
@inline(__always) func div255(_ x: UInt32) -> UInt32 { (x + 127) / 255 }

/// A solid colour, premultiplied once into 8-bit components, composited source-over in
/// integers: at coverage level l (0…255), each component becomes
/// (s·l + d·(255 − αs·l/255)) / 255, rounded, and a fully covered opaque pixel is the
/// colour's four bytes, stored as one word.
struct SolidSource {
    let r, g, b, a: UInt32
    /// The four bytes r, g, b, a as they lie in memory.
    let word: UInt32

    init(_ color: Color) {
        func level(_ v: Double) -> UInt32 { UInt32(max(0, min(255, v * 255 + 0.5))) }
        let alpha = max(0, min(1, color.alpha))
        a = level(alpha)
        r = level(max(0, min(1, color.red)) * alpha)
        g = level(max(0, min(1, color.green)) * alpha)
        b = level(max(0, min(1, color.blue)) * alpha)
        word = (r | g << 8 | b << 16 | a << 24).littleEndian
    }

    var isOpaque: Bool { a == 255 }

    /// One pixel at coverage `level` (1…255).
    @inline(__always) func over(_ p: UnsafeMutablePointer<UInt8>, level: UInt32) {
        if level == 255 && a == 255 {
            UnsafeMutableRawPointer(p).storeBytes(of: word, as: UInt32.self)
            return
        }
        let inv = 255 - div255(a * level)
        p[0] = UInt8(truncatingIfNeeded: min(255, div255(r * level + UInt32(p[0]) * inv)))
        p[1] = UInt8(truncatingIfNeeded: min(255, div255(g * level + UInt32(p[1]) * inv)))
        p[2] = UInt8(truncatingIfNeeded: min(255, div255(b * level + UInt32(p[2]) * inv)))
        p[3] = UInt8(truncatingIfNeeded: min(255, div255(a * level + UInt32(p[3]) * inv)))
    }

    /// A row of pixels starting at `row`, at the coverage levels given.
    @inline(__always) func paint(_ coverage: UnsafeBufferPointer<UInt8>, into row: UnsafeMutablePointer<UInt8>) {
        let n = coverage.count
        guard let levels = coverage.baseAddress else { return }
        var i = 0
        while i < n {
            let level = levels[i]
            if level == 0 {
                // Eight uncovered pixels at once (between a stroke's sides).
                if i + 8 <= n && UnsafeRawPointer(levels + i).loadUnaligned(as: UInt64.self) == 0 { i += 8 } else { i += 1 }
                continue
            }
            if level == 255 && a == 255 {
                // A run of full coverage: the colour's word, pixel after pixel.
                var j = i
                let raw = UnsafeMutableRawPointer(row)
                while j < n && levels[j] == 255 { raw.storeBytes(of: word, toByteOffset: j * 4, as: UInt32.self); j += 1 }
                i = j
                continue
            }
            over(row + i * 4, level: UInt32(level))
            i += 1
        }
    }

    /// `count` pixels from `p` with no coverage to weigh (backgrounds).
    func fill(_ p: UnsafeMutablePointer<UInt8>, count: Int) {
        if a == 255 {
            let raw = UnsafeMutableRawPointer(p)
            for j in 0..<count { raw.storeBytes(of: word, toByteOffset: j * 4, as: UInt32.self) }
        } else if a > 0 {
            for j in 0..<count { over(p + j * 4, level: 255) }
        }
    }
}

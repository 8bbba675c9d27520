// Tiling patterns in the rasterizer (issue 24): the tile's items are drawn once into a
// raster of their own — one cell of the pattern (its step), at the device resolution the
// pattern has where it is used, rounded so that a cell is a whole number of pixels each way
// — and a fill samples that raster per pixel, through the inverse of pattern space → device
// and the cell's periodicity (bilinear between the four nearest tile pixels, wrapping
// around the cell). So the tiles line up exactly as in PDF, SVG and PostScript, under any
// rotation or scale. The tile is drawn with the page's painter code, so it can hold
// anything a page holds, nested patterns included.

import DrawBase
import DrawScene
#if canImport(Foundation)
import Foundation
#endif

/// A drawn tile: premultiplied RGBA, `width` × `height` pixels for one cell.
final class TileRaster {
    let width: Int, height: Int
    let pixels: [UInt8]
    init(width: Int, height: Int, pixels: [UInt8]) { self.width = width; self.height = height; self.pixels = pixels }
}

struct TileRasterKey: Hashable {
    var pattern: Int
    var ctm: Transform
}

extension RasterLimits {
    /// The most pixels of one tile's raster; a finer one is drawn at a lower resolution
    /// (16 million: a 4,000-pixel square cell).
    package static let maximumTilePixels = 16_000_000
}

extension Painter {
    /// A shader (straight alpha per device pixel) for a fill with document pattern `id`
    /// under `ctm`; nil when the pattern cannot be drawn (a collapsed transform).
    mutating func patternShader(_ id: Scene.PatternID, ctm: Transform) -> ((Int, Int) -> Color)? {
        guard document.patterns.indices.contains(id.index) else { return nil }
        let pattern = document.patterns[id.index]
        let full = pattern.transform.then(ctm)
        let determinant = full.a * full.d - full.b * full.c
        guard determinant.isFinite, abs(determinant) > 1e-12,
              pattern.step.width > 0, pattern.step.height > 0 else { return nil }
        let inverse = Transform(
            a: full.d / determinant, b: -full.b / determinant, c: -full.c / determinant, d: full.a / determinant,
            e: (full.c * full.f - full.d * full.e) / determinant, f: (full.b * full.e - full.a * full.f) / determinant)
        let key = TileRasterKey(pattern: id.index, ctm: full)
        let tile: TileRaster
        if let known = tileRasters[key] { tile = known } else {
            guard let drawn = drawTile(pattern, full: full) else { return nil }
            tileRasters[key] = drawn
            tile = drawn
        }
        let stepX = pattern.step.width, stepY = pattern.step.height
        let tw = tile.width, th = tile.height
        let kx = Double(tw) / stepX, ky = Double(th) / stepY
        let pixels = tile.pixels
        return { x, y in
            let p = inverse.apply(Point(Double(x) + 0.5, Double(y) + 0.5))
            // Tile pixel coordinates of the sample, centres at i + ½, wrapped into the cell.
            var u = (p.x - stepX * (p.x / stepX).rounded(.down)) * kx - 0.5
            var v = (p.y - stepY * (p.y / stepY).rounded(.down)) * ky - 0.5
            if !u.isFinite || !v.isFinite { u = 0; v = 0 }
            let u0 = u.rounded(.down), v0 = v.rounded(.down)
            let fu = Float(u - u0), fv = Float(v - v0)
            func wrap(_ i: Int, _ n: Int) -> Int { let r = i % n; return r < 0 ? r + n : r }
            let x0 = wrap(Int(u0), tw), x1 = wrap(Int(u0) + 1, tw)
            let y0 = wrap(Int(v0), th), y1 = wrap(Int(v0) + 1, th)
            var sum: (Float, Float, Float, Float) = (0, 0, 0, 0)
            for (px, py, weight) in [(x0, y0, (1 - fu) * (1 - fv)), (x1, y0, fu * (1 - fv)), (x0, y1, (1 - fu) * fv), (x1, y1, fu * fv)]
            where weight > 0 {
                let o = (py * tw + px) * 4
                sum.0 += Float(pixels[o]) * weight; sum.1 += Float(pixels[o + 1]) * weight
                sum.2 += Float(pixels[o + 2]) * weight; sum.3 += Float(pixels[o + 3]) * weight
            }
            guard sum.3 > 0 else { return Color(red: 0, green: 0, blue: 0, alpha: 0) }
            return Color(red: Double(min(1, sum.0 / sum.3)), green: Double(min(1, sum.1 / sum.3)), blue: Double(min(1, sum.2 / sum.3)),
                         alpha: Double(sum.3 / 255))
        }
    }

    /// The tile's items drawn into one cell at the resolution `full` (pattern space → device)
    /// gives it, clipped to the tile's box.
    mutating func drawTile(_ pattern: Scene.PatternResource, full: Transform) -> TileRaster? {
        // Device pixels per pattern unit along each of the pattern's axes.
        let sx = (full.a * full.a + full.b * full.b).squareRoot(), sy = (full.c * full.c + full.d * full.d).squareRoot()
        var w = max(1, (pattern.step.width * sx).rounded()), h = max(1, (pattern.step.height * sy).rounded())
        if w * h > Double(RasterLimits.maximumTilePixels) {
            let k = (Double(RasterLimits.maximumTilePixels) / (w * h)).squareRoot()
            w = max(1, (w * k).rounded(.down)); h = max(1, (h * k).rounded(.down))
        }
        guard w.isFinite, h.isFinite else { return nil }
        var painter = Painter(document: document, options: options)
        painter.width = Int(w); painter.height = Int(h)
        painter.layers = [Layer(width: Int(w), height: Int(h))]
        painter.tileRasters = tileRasters
        var box = Scene.PathBuilder()
        box.addRect(Rect(origin: .zero, size: pattern.size))
        let items: [Scene.Item] = box.finish().map { [.group(Scene.Group(clip: $0, items: pattern.items))] } ?? pattern.items
        painter.draw(items, ctm: .scale(w / pattern.step.width, h / pattern.step.height))
        if let failure = painter.failure { self.failure = failure; return nil }
        for (key, raster) in painter.tileRasters where tileRasters[key] == nil { tileRasters[key] = raster }
        return TileRaster(width: Int(w), height: Int(h), pixels: painter.layers[0].pixels)
    }
}

// Paint values in layout (issue 24): a `PaintSpec` of the node tree becomes, once the node's
// box is known, the IR's `Gradient` (box units resolved to a transform, stop lengths to
// offsets), or for patterns (`hatch`, `dots`) plain geometry clipped to the shape — so every
// backend draws a pattern with the paths it already draws, identically.

import DrawBase
import DrawScene
import DrawSemantics
#if canImport(Foundation)
import Foundation
#endif

/// Limits of pattern geometry (a breach is a warning, and the pattern is drawn coarser).
package enum PatternLimits {
    /// Lines of one hatch or dots of one dot pattern.
    package static let maxElements = 100_000
}

extension LayoutEngine {
    /// Appends `outline` painted in `style`: a pattern fill as a clipped group first, then the
    /// path with its (gradient or colour) fill and stroke.
    /// `outline` is consumed: it moves into the item (a copy retained its two arrays, and the
    /// caller then released them).
    mutating func appendPainted(_ outline: consuming Scene.Path, _ style: StyleRef, frame: Rect, into items: inout [Scene.Item]) {
        // Plain colours (nearly every node): the paint is built in place, in one expression
        // (no `Fill?` or `Stroke?` of its own to copy or destroy, issue 38).
        guard style.pointee.hasPaintSpecs else {
            let paint = Paint(fill: style.pointee.pathFill, stroke: style.pointee.pathStroke)
            if !paint.paintsNothing { items.append(.path(outline, paint)) }
            return
        }
        appendPainted(outline, style, fill: style.pointee.pathFill, stroke: style.pointee.pathStroke, frame: frame, into: &items)
    }

    /// `fill` and `stroke` are consumed: they move into the item's `Paint` (copying a `Fill?`
    /// went through the generic `Optional` value witness, ~130 instructions, issue 38).
    mutating func appendPainted(_ outline: consuming Scene.Path, _ style: StyleRef, fill: consuming Fill?, stroke: consuming Stroke?, frame: Rect,
                                into items: inout [Scene.Item]) {
        // Plain colours (nearly every node): no gradient or pattern to look up (issue 38).
        guard style.pointee.hasPaintSpecs else {
            if fill != nil || stroke != nil { items.append(.path(outline, Paint(fill: fill, stroke: stroke))) }
            return
        }
        var fill = fill, stroke = stroke
        if fill != nil, let spec = style.pointee.fillPaint {
            if case .tile(let tile) = spec.kind {
                fill!.pattern = tilePattern(tile)
            } else if spec.isPattern {
                if let pattern = patternGeometry(spec, frame: frame) {
                    items.append(.group(Scene.Group(clip: copy outline, items: [pattern], fonts: documentFonts)))
                }
                fill = nil
            } else {
                fill!.gradient = gradient(spec, frame: frame)
            }
        }
        if stroke != nil, let spec = style.pointee.strokePaint, !spec.isPattern {
            stroke!.gradient = gradient(spec, frame: frame)
        }
        if fill != nil || stroke != nil { items.append(.path(outline, Paint(fill: fill, stroke: stroke))) }
    }

    /// The IR gradient of `spec` painting a node whose box (page points) is `frame`.
    func gradient(_ spec: PaintSpec, frame: Rect) -> Gradient {
        // A box without width or height (a horizontal line) still needs an invertible map.
        let w = frame.width > 1e-6 ? frame.width : 1, h = frame.height > 1e-6 ? frame.height : 1
        let box = Transform(a: w, b: 0, c: 0, d: h, e: frame.minX, f: frame.minY)
        let geometry: Gradient.Geometry
        var transform = Transform.identity
        let lineLength: Double
        switch spec.kind {
        case .linear(let angle, let from, let to):
            if let from, let to {
                if spec.pageUnits {
                    geometry = .linear(start: from + origin, end: to + origin)
                    lineLength = hypot(to.x - from.x, to.y - from.y)
                } else {
                    geometry = .linear(start: from, end: to)
                    transform = box
                    let a = box.apply(from), b = box.apply(to)
                    lineLength = hypot(b.x - a.x, b.y - a.y)
                }
            } else {
                // CSS: the gradient line through the centre, long enough that the corners
                // get the first and last colours.
                let radians = angle * Double.pi / 180
                let d = Point(cos(radians), sin(radians))
                let half = (abs(frame.width * d.x) + abs(frame.height * d.y)) / 2
                let c = Point(frame.midX, frame.midY)
                geometry = .linear(start: c - d * half, end: c + d * half)
                lineLength = 2 * half
            }
        case .radial(let center, let radius, let focal):
            if spec.pageUnits {
                geometry = .radial(center: center + origin, radius: radius, focal: (focal ?? center) + origin)
                lineLength = radius
            } else {
                geometry = .radial(center: center, radius: radius, focal: focal ?? center)
                transform = box
                lineLength = radius * (frame.width + frame.height) / 2
            }
        case .hatch, .dots, .tile:
            geometry = .linear(start: .zero, end: Point(1, 0))
            lineLength = 1
        }
        var offsets = spec.stopOffsets(lineLength: lineLength)
        var geometry2 = geometry
        // Repeating and reflecting gradients repeat their stops (as CSS's repeating
        // gradients do), not the whole gradient line: the line is cut to the stops' range.
        if spec.spread != .pad, let first = offsets.first, let last = offsets.last, last > first {
            switch geometry {
            case .linear(let start, let end):
                geometry2 = .linear(start: start + (end - start) * first, end: start + (end - start) * last)
                offsets = offsets.map { ($0 - first) / (last - first) }
            case .radial(let center, let radius, let focal) where first == 0:
                geometry2 = .radial(center: focal + (center - focal) * last, radius: radius * last, focal: focal)
                offsets = offsets.map { $0 / last }
            case .radial:
                break
            }
        }
        let stops = zip(spec.stops, offsets).map { Gradient.Stop(offset: $1, color: $0.color) }
        return Gradient(geometry: geometry2, stops: stops, spread: spec.spread, transform: transform)
    }

    /// The lines of a hatch or the dots of a dot pattern covering `frame`, anchored at the
    /// page origin so neighbouring shapes' patterns line up (as a tiling pattern in page
    /// space would). Nil when there is nothing to draw.
    func patternGeometry(_ spec: PaintSpec, frame: Rect) -> Scene.Item? {
        switch spec.kind {
        case .hatch(let angle, var spacing, let color, let width):
            let radians = angle * Double.pi / 180
            let d = Point(cos(radians), sin(radians)), n = Point(-sin(radians), cos(radians))
            let margin = width
            let corners = [Point(frame.minX - margin, frame.minY - margin), Point(frame.maxX + margin, frame.minY - margin),
                           Point(frame.maxX + margin, frame.maxY + margin), Point(frame.minX - margin, frame.maxY + margin)]
                .map { $0 - origin }
            let across = corners.map { $0.x * n.x + $0.y * n.y }, along = corners.map { $0.x * d.x + $0.y * d.y }
            guard let lowN = across.min(), let highN = across.max(), let lowD = along.min(), let highD = along.max() else { return nil }
            if (highN - lowN) / spacing > Double(PatternLimits.maxElements) { spacing = (highN - lowN) / Double(PatternLimits.maxElements) }
            var sink = PathSink()
            var k = (lowN / spacing).rounded(.down)
            while k * spacing <= highN {
                let offset = n * (k * spacing)
                sink.move(to: offset + d * lowD + origin)
                sink.line(to: offset + d * highD + origin)
                k += 1
            }
            return .path(sink.path, Paint(stroke: Stroke(color: color, width: width)))
        case .dots(var spacing, let radius, let color):
            let x0 = frame.minX - origin.x - radius, x1 = frame.maxX - origin.x + radius
            let y0 = frame.minY - origin.y - radius, y1 = frame.maxY - origin.y + radius
            let count = ((x1 - x0) / spacing + 1) * ((y1 - y0) / spacing + 1)
            if count > Double(PatternLimits.maxElements) { spacing *= (count / Double(PatternLimits.maxElements)).squareRoot() }
            var sink = PathSink()
            // Dots at the centres of the pattern cells: (i + ½, j + ½) · spacing.
            var j = (y0 / spacing - 0.5).rounded(.down)
            while (j + 0.5) * spacing <= y1 {
                var i = (x0 / spacing - 0.5).rounded(.down)
                while (i + 0.5) * spacing <= x1 {
                    let c = Point((i + 0.5) * spacing, (j + 0.5) * spacing) + origin
                    sink.addEllipse(in: Rect(x: c.x - radius, y: c.y - radius, width: 2 * radius, height: 2 * radius))
                    i += 1
                }
                j += 1
            }
            return .path(sink.path, Paint(fill: Fill(color: color)))
        case .linear, .radial, .tile:
            return nil
        }
    }

    /// The document's pattern for `tile` at this page's origin: the tile's nodes laid out
    /// once, as a page of their own (the tile's box is the page), with the state of the page
    /// being laid out saved and restored around it; what is shared by the document (fonts,
    /// images, diagnostics, other patterns) is kept.
    mutating func tilePattern(_ tile: PatternTile) -> Scene.PatternID {
        let transform = tile.transform.then(.translation(origin.x, origin.y))
        let key = TileKey(tile: ObjectIdentifier(tile), transform: transform)
        if let known = tileIndex[key] { return known }
        var saved = self
        recordSources = false
        recordsFrames = false
        layingOutTile = true
        let settings = PageSettings(size: tile.size, margin: .zero, background: nil, span: tile.span)
        let page = layoutPage(PageNode(settings: settings, nodes: tile.nodes))
        patterns.append(Scene.PatternResource(size: tile.size, step: tile.step, transform: transform, items: page.items))
        let id = Scene.PatternID(patterns.count - 1)
        tileIndex[key] = id
        tileOwners.append(tile)
        // Back to the page: everything per page as it was, the document's resources as they are now.
        saved.sink = sink
        saved.faces = faces; saved.faceCache = faceCache; saved.lastFaceKey = lastFaceKey
        saved.lastFaces = lastFaces; saved.lastFaceObjects = lastFaceObjects
        saved.fontIDs = fontIDs; saved.documentFonts = documentFonts
        saved.images = images; saved.imageIndex = imageIndex
        saved.causes = causes
        saved.patterns = patterns; saved.tileIndex = tileIndex; saved.tileOwners = tileOwners
        self = saved
        return id
    }
}

/// A tile laid out at one transform (pages may have different origins).
struct TileKey: Hashable {
    var tile: ObjectIdentifier
    var transform: Transform
}

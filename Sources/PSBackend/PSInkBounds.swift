import DrawFonts
import DrawScene
#if canImport(Glibc)
import Glibc  // cos, sin
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The box around everything a page paints, in page points (y down), for the EPS
/// `%%BoundingBox`. Exact for straight strokes, caps and joins; curves are sampled densely
/// (errors far below the 1/72 in the integer box rounds to); text uses the font's glyph
/// box vertically and the run's advance horizontally; a clip narrows its group's box.
enum PSInkBounds {
    /// Glyph boxes of embedded TrueType faces: font index → glyph id of the face → box in em
    /// (xMin, yMin, xMax, yMax, y up), nil for a glyph without ink.
    typealias TrueTypeBoxes = [Int: [UInt16: (Double, Double, Double, Double)?]]

    static func bounds(of page: Scene.Page, fonts: [Scene.FontResource], trueTypeBoxes: TrueTypeBoxes = [:]) -> Rect? {
        if let background = page.background, background.alpha > 0 {
            return Rect(origin: .zero, size: page.size)
        }
        var box = Box()
        collect(page.items, transform: .identity, fonts: fonts, trueTypeBoxes: trueTypeBoxes, into: &box)
        return box.rect
    }

    /// The box of a group's ink in its own space (inside its transform), clip applied;
    /// nil when it paints nothing.
    static func groupBox(_ group: Scene.Group, fonts: [Scene.FontResource], trueTypeBoxes: TrueTypeBoxes = [:]) -> Rect? {
        var box = Box()
        collect(group.items, transform: .identity, fonts: fonts, trueTypeBoxes: trueTypeBoxes, into: &box)
        if let clip = group.clip {
            var clipBox = Box()
            fillBounds(clip, transform: .identity, into: &clipBox)
            box.intersect(clipBox)
        }
        return box.rect
    }

    /// A growing bounding box.
    struct Box {
        var minX = Double.infinity, minY = Double.infinity
        var maxX = -Double.infinity, maxY = -Double.infinity
        var isEmpty: Bool { minX > maxX }
        var rect: Rect? {
            isEmpty ? nil : Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
        }
        mutating func add(_ p: Point) {
            guard p.x.isFinite, p.y.isFinite else { return }
            // The writer clamps coordinates the same way.
            let limit = PSContent.maximumMagnitude
            let p = Point(min(limit, max(-limit, p.x)), min(limit, max(-limit, p.y)))
            minX = min(minX, p.x); maxX = max(maxX, p.x)
            minY = min(minY, p.y); maxY = max(maxY, p.y)
        }
        mutating func add(_ other: Box) {
            guard !other.isEmpty else { return }
            add(Point(other.minX, other.minY)); add(Point(other.maxX, other.maxY))
        }
        mutating func intersect(_ other: Box) {
            minX = max(minX, other.minX); maxX = min(maxX, other.maxX)
            minY = max(minY, other.minY); maxY = min(maxY, other.maxY)
            if minX > maxX || minY > maxY { self = Box() }
        }
    }

    static func collect(
        _ items: [Scene.Item], transform: Transform, fonts: [Scene.FontResource],
        trueTypeBoxes: TrueTypeBoxes = [:], into box: inout Box
    ) {
        for item in items {
            switch item {
            case .path(let path, let paint):
                if let fill = paint.fill, fill.color.alpha > 0 {
                    fillBounds(path, transform: transform, into: &box)
                }
                if let stroke = paint.stroke, stroke.color.alpha > 0, stroke.width > 0, stroke.width.isFinite {
                    strokeBounds(path, stroke, transform: transform, into: &box)
                }
            case .text(let run):
                guard !run.glyphs.isEmpty, run.size > 0, run.color.alpha > 0 else { break }
                let corners: [Point]
                if let boxOf = glyphBoxes(run, fonts: fonts, trueTypeBoxes: trueTypeBoxes) {
                    // Each glyph's own box: exact.
                    var local = Box()
                    for glyph in run.glyphs {
                        guard let b = boxOf(glyph) else { continue }
                        let x = run.origin.x + glyph.x
                        local.add(Point(x + b.0 * run.size, run.origin.y - b.3 * run.size))
                        local.add(Point(x + b.2 * run.size, run.origin.y - b.1 * run.size))
                    }
                    guard !local.isEmpty else { break }
                    corners = [Point(local.minX, local.minY), Point(local.maxX, local.minY),
                               Point(local.minX, local.maxY), Point(local.maxX, local.maxY)]
                } else {
                    let (left, right, descent, ascent) = textExtent(run, fonts: fonts)
                    let x0 = run.origin.x + min(run.glyphs[0].x, 0) - left
                    let x1 = run.origin.x + max(run.advance, run.glyphs.last!.x) + right
                    corners = [Point(x0, run.origin.y - ascent), Point(x1, run.origin.y - ascent),
                               Point(x0, run.origin.y + descent), Point(x1, run.origin.y + descent)]
                }
                for p in corners { box.add(transform.apply(p)) }
            case .image(let image):
                let r = image.rect
                for p in [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.minX, r.maxY), Point(r.maxX, r.maxY)] {
                    box.add(transform.apply(p))
                }
            case .group(let group):
                guard group.opacity > 0 else { break }
                let inner = group.transform.then(transform)
                var groupBox = Box()
                collect(group.items, transform: inner, fonts: fonts, trueTypeBoxes: trueTypeBoxes, into: &groupBox)
                if let clip = group.clip {
                    var clipBox = Box()
                    fillBounds(clip, transform: inner, into: &clipBox)
                    groupBox.intersect(clipBox)
                }
                box.add(groupBox)
            }
        }
    }

    /// Widening of standard-font glyph boxes, in em (see `glyphBoxes`).
    static let standardGlyphMargin = 0.03

    /// A function giving each glyph's box in em (xMin, yMin, xMax, yMax, y up; nil = no ink)
    /// for the run's font, or nil when the font's glyph boxes are unknown.
    static func glyphBoxes(
        _ run: Scene.TextRun, fonts: [Scene.FontResource], trueTypeBoxes: TrueTypeBoxes
    ) -> ((Scene.PositionedGlyph) -> (Double, Double, Double, Double)?)? {
        if let boxes = trueTypeBoxes[run.font.index] {
            return { glyph in boxes[glyph.glyph] ?? nil }
        }
        guard fonts.indices.contains(run.font.index) else { return nil }
        let metrics: Standard14Metrics
        let code: (Scene.PositionedGlyph) -> UInt8
        switch fonts[run.font.index] {
        case .standard(let font):
            metrics = font.metrics
            code = { $0.glyph <= 0xFF ? UInt8($0.glyph) : 0x3F }
        case .trueType:
            // Not embedded: drawn in Helvetica by the text's WinAnsi codes (see PSBody.text).
            metrics = Standard14Font.helvetica.metrics
            code = { WinAnsi.code(for: $0.scalar) ?? 0x3F }
        }
        // Interpreters draw the standard fonts with their own versions (Ghostscript: URW
        // Nimbus), whose outlines stray from Adobe's AFM boxes by a few 1/1000 em (seen: 0.019
        // em on digits): widen each box by `standardGlyphMargin` so the EPS box contains them.
        let m = standardGlyphMargin
        return { glyph in
            metrics.glyphBox(code: code(glyph)).map {
                (Double($0.xMin) / 1000 - m, Double($0.yMin) / 1000 - m, Double($0.xMax) / 1000 + m, Double($0.yMax) / 1000 + m)
            }
        }
    }

    /// How far a run's ink may reach beyond its pen positions, in points, when its glyph boxes
    /// are unknown: (left of the first glyph, right of the advance, below and above the
    /// baseline) — generous, so the box never cuts ink.
    static func textExtent(_ run: Scene.TextRun, fonts: [Scene.FontResource]) -> (Double, Double, Double, Double) {
        // Unknown faces: generous (most fonts stay within 0.3 em below and 1.1 em above).
        var left = 0.2, right = 0.3, descent = 0.3, ascent = 1.1
        if fonts.indices.contains(run.font.index), case .standard(let font) = fonts[run.font.index] {
            let box = font.metrics.fontBBox
            (descent, ascent) = (Double(-box.yMin) / 1000, Double(box.yMax) / 1000)
            (left, right) = font.isItalic ? (0.15, 0.2) : (0.05, 0.1)
            if font.isSymbolic { (left, right) = (0.1, 0.1) }
        }
        return (left * run.size, right * run.size, descent * run.size, ascent * run.size)
    }

    /// Bounds of a filled path: its end points and the extremes of its curves.
    static func fillBounds(_ path: Scene.Path, transform: Transform, into box: inout Box) {
        var current: Point?
        path.forEachCheckedSegment { verb, points in
            let pts = points.map { transform.apply($0) }
            switch verb {
            case .move, .line:
                box.add(pts[0]); current = pts[0]
            case .cubic:
                let p0 = current ?? pts[0]
                box.add(p0); box.add(pts[2])
                for t in cubicExtrema(p0, pts[0], pts[1], pts[2]) {
                    box.add(cubicPoint(p0, pts[0], pts[1], pts[2], t))
                }
                current = pts[2]
            case .close:
                break
            }
        }
    }

    /// Parameters in (0, 1) where a cubic's x or y derivative is zero.
    static func cubicExtrema(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) -> [Double] {
        var ts: [Double] = []
        for (a0, a1, a2, a3) in [(p0.x, p1.x, p2.x, p3.x), (p0.y, p1.y, p2.y, p3.y)] {
            // Derivative / 3 = a t² + b t + c.
            let a = -a0 + 3 * a1 - 3 * a2 + a3
            let b = 2 * (a0 - 2 * a1 + a2)
            let c = a1 - a0
            if abs(a) < 1e-12 {
                if abs(b) > 1e-12 { ts.append(-c / b) }
            } else {
                let disc = b * b - 4 * a * c
                if disc >= 0 {
                    let r = disc.squareRoot()
                    ts.append((-b + r) / (2 * a)); ts.append((-b - r) / (2 * a))
                }
            }
        }
        return ts.filter { $0 > 0 && $0 < 1 }
    }

    static func cubicPoint(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double) -> Point {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return Point(a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    static func cubicTangent(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double) -> Point {
        let u = 1 - t
        let a = 3 * u * u, b = 6 * u * t, c = 3 * t * t
        return Point(a * (p1.x - p0.x) + b * (p2.x - p1.x) + c * (p3.x - p2.x),
                     a * (p1.y - p0.y) + b * (p2.y - p1.y) + c * (p3.y - p2.y))
    }

    // MARK: Strokes

    /// Samples per cubic: the stroke outline is taken at this many points along the curve.
    static let curveSamples = 64
    /// Points on a circle: a regular polygon circumscribing the pen, so never too small.
    static let circleSides = 32

    /// Bounds of a stroked path. The outline is built in the path's own space (where the pen
    /// is round) from exact points — offsets at segment ends, cap corners, miter tips, round
    /// caps and joins as circumscribed polygons — and each point is then transformed, so the
    /// box is right under any affine transform.
    static func strokeBounds(_ path: Scene.Path, _ stroke: Stroke, transform: Transform, into box: inout Box) {
        let hw = stroke.width / 2
        let miterLimit = stroke.miterLimit.isFinite ? max(1, stroke.miterLimit) : 10
        func add(_ p: Point) { box.add(transform.apply(p)) }
        func addCircle(_ c: Point) {
            let r = hw / cos(Double.pi / Double(circleSides))
            for i in 0..<circleSides {
                let angle = 2 * Double.pi * Double(i) / Double(circleSides)
                add(Point(c.x + r * cos(angle), c.y + r * sin(angle)))
            }
        }
        func unit(_ v: Point) -> Point? {
            let length = (v.x * v.x + v.y * v.y).squareRoot()
            return length > 1e-12 ? Point(v.x / length, v.y / length) : nil
        }
        func perp(_ d: Point) -> Point { Point(-d.y, d.x) }

        // Subpaths as lists of pieces: each piece a point with the unit tangent arriving
        // and leaving it (sampled curves become short straight pieces with exact offsets).
        struct Piece {
            var from: Point; var to: Point; var direction: Point
            /// Continues a sampled curve: the join before it is part of the smooth curve.
            var continuesCurve = false
        }
        var pieces: [Piece] = []
        var start: Point?
        var current: Point?
        var closed = false

        func finishSubpath() {
            defer { pieces = []; closed = false; start = nil }
            guard let first = start else { return }
            if pieces.isEmpty {
                // A lone point: round and square caps still paint a dot.
                switch stroke.cap {
                case .butt: break
                case .round: addCircle(first)
                case .square:
                    for (dx, dy) in [(-hw, -hw), (hw, -hw), (hw, hw), (-hw, hw)] { add(Point(first.x + dx, first.y + dy)) }
                }
                return
            }
            for piece in pieces {
                let n = perp(piece.direction) * hw
                add(piece.from + n); add(piece.from - n); add(piece.to + n); add(piece.to - n)
            }
            // Joins between consecutive pieces (and around the close).
            var pairs: [(Piece, Piece)] = zip(pieces, pieces.dropFirst()).map { ($0, $1) }
            if closed, let last = pieces.last, let firstPiece = pieces.first { pairs.append((last, firstPiece)) }
            for (incoming, outgoing) in pairs {
                let p = incoming.to
                let d1 = incoming.direction, d2 = outgoing.direction
                let cosine = d1.x * d2.x + d1.y * d2.y
                if cosine > 1 - 1e-9 { continue }  // straight on: nothing sticks out
                // Inside a sampled curve the outline is smooth: the offset lines meet at
                // (almost) the offset points, whatever the join style.
                switch outgoing.continuesCurve ? LineJoin.miter : stroke.join {
                case .round: addCircle(p)
                case .bevel: break  // the offset points above already cover a bevel
                case .miter:
                    // Outer normals: the sides away from the turn.
                    var n1 = perp(d1); if n1.x * d2.x + n1.y * d2.y > 0 { n1 = n1 * -1 }
                    var n2 = perp(d2); if n2.x * d1.x + n2.y * d1.y < 0 { n2 = n2 * -1 }
                    let nn = n1.x * n2.x + n1.y * n2.y  // cos of the turn angle
                    // Miter length / width = 1 / cos(turn / 2) = sqrt(2 / (1 + cos turn)).
                    if 1 + nn > 1e-12, outgoing.continuesCurve || (2 / (1 + nn)).squareRoot() <= miterLimit {
                        add(p + (n1 + n2) * (hw / (1 + nn)))
                    }
                }
            }
            if !closed, let firstPiece = pieces.first, let lastPiece = pieces.last {
                for (point, direction) in [(firstPiece.from, firstPiece.direction * -1), (lastPiece.to, lastPiece.direction)] {
                    switch stroke.cap {
                    case .butt: break
                    case .round: addCircle(point)
                    case .square:
                        let n = perp(direction) * hw, e = direction * hw
                        add(point + e + n); add(point + e - n)
                    }
                }
            }
        }

        path.forEachCheckedSegment { verb, points in
            switch verb {
            case .move:
                finishSubpath()
                start = points[points.startIndex]; current = start
            case .line:
                let p = points[points.startIndex]
                guard let from = current else { start = p; current = p; return }
                if let d = unit(p - from) { pieces.append(Piece(from: from, to: p, direction: d)) }
                current = p
            case .cubic:
                let i = points.startIndex
                let (c1, c2, end) = (points[i], points[i + 1], points[i + 2])
                guard let p0 = current else { start = c1; current = end; return }
                var previous = p0
                for k in 1...curveSamples {
                    let t = Double(k) / Double(curveSamples)
                    let q = cubicPoint(p0, c1, c2, end, t)
                    // Direction from the true tangent where it exists, else from the chord.
                    let mid = cubicTangent(p0, c1, c2, end, t - 0.5 / Double(curveSamples))
                    if let d = unit(q - previous) ?? unit(mid) {
                        pieces.append(Piece(from: previous, to: q, direction: d, continuesCurve: k > 1))
                    }
                    previous = q
                }
                // Exact tangent points on the outline at both ends of the curve.
                for (t, p) in [(0.0, p0), (1.0, end)] {
                    if let d = unit(cubicTangent(p0, c1, c2, end, t)) {
                        let n = perp(d) * hw
                        add(p + n); add(p - n)
                    }
                }
                current = end
            case .close:
                if let s = start, let from = current {
                    if let d = unit(s - from) { pieces.append(Piece(from: from, to: s, direction: d)) }
                    current = s
                }
                closed = true
                let s = start
                finishSubpath()
                start = s; current = s
            }
        }
        finishSubpath()
    }
}

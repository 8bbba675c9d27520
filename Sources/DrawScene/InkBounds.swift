// Ink bounds (issue 18, point 3): where items put paint, worked out once, here, for every
// consumer — layout stores each group's box in the IR (`Scene.Group.inkBounds`), PDF sizes
// transparency groups (/BBox) by it, PostScript its transparency groups and the EPS
// %%BoundingBox. The same function measures a group built by hand (tests, IR-to-IR steps):
// `Scene.Group`'s initializers call it.
//
// What counts: a fill its path's end points and curve extremes; a stroke its outline —
// offsets of width / 2 on both sides, butt / round / square caps, miter (within the miter
// limit), round and bevel joins — built where the pen is round (the path's own space) and
// then mapped, so it is right under any transform (as usvg's `stroke_bounding_box`, which
// strokes the path and measures the outline); text each glyph's box from the font
// (standard 14: the AFM `B` boxes, widened by `standardGlyphMargin`; TrueType and CFF: the
// face's glyph boxes), or a generous box from the size and advance when the fonts are not
// known; an image its rectangle; a group its stored box mapped by its transform, its
// shadows offset and grown by their blur's reach (3 σ); a clip intersects. Invisible paint
// (alpha 0, a zero or non-finite width, opacity 0) puts no ink.

import DrawBase
import DrawFonts
#if canImport(Foundation)
import Foundation
#endif

extension Scene {
    package enum InkBounds {
        /// Widening of standard-font glyph boxes, in em: interpreters and viewers draw the
        /// standard fonts with their own versions (Ghostscript and poppler: URW Nimbus), whose
        /// outlines stray from Adobe's AFM boxes by a few 1/1000 em (seen: 0.019 em on digits).
        package static let standardGlyphMargin = 0.03
        /// Samples per cubic: a stroked curve's outline is taken at this many points (errors
        /// far below a hundredth of a point for the curves layout makes).
        package static let curveSamples = 64
        /// Sides of the regular polygon circumscribing a round pen (never inside the circle).
        package static let circleSides = 32

        /// The ink of a group's content in its own coordinates (inside its transform), the
        /// clip applied; nil when nothing is painted. `fonts` are the document's fonts (nil:
        /// unknown, text gets a generous box).
        package static func content(_ items: [Item], clip: Path?, fonts: [FontResource]?) -> Rect? {
            var box = Box()
            add(items, transform: .identity, fonts: fonts, into: &box)
            if let clip {
                var clipBox = Box()
                addFill(clip, transform: .identity, into: &clipBox)
                box.intersect(clipBox)
            }
            return box.rect
        }

        /// The ink of `items` in page coordinates (nested groups by their stored boxes).
        package static func items(_ items: [Item], fonts: [FontResource]?) -> Rect? {
            var box = Box()
            add(items, transform: .identity, fonts: fonts, into: &box)
            return box.rect
        }

        /// The ink of `group` in its outer coordinates (through its transform) with its
        /// shadows, moved and blurred (3 σ, as `add` measures them): the area a filter that
        /// draws the group and its shadows must cover. nil when the group paints nothing.
        package static func shadowed(_ group: Group) -> Rect? {
            var box = Box()
            add([.group(group)], transform: .identity, fonts: nil, into: &box)
            return box.rect
        }

        /// The ink of a page: the whole page when it has a visible background.
        package static func page(_ page: Page, fonts: [FontResource]?) -> Rect? {
            if let background = page.background, background.alpha > 0 { return Rect(origin: .zero, size: page.size) }
            return items(page.items, fonts: fonts)
        }

        /// A growing bounding box.
        package struct Box: Sendable {
            package var minX = Double.infinity, minY = Double.infinity
            package var maxX = -Double.infinity, maxY = -Double.infinity
            package init() {}
            package var isEmpty: Bool { minX > maxX }
            /// The box, its sides kept within ten times the coordinate range. Clamping is
            /// monotonic, so clamping the sides once here equals clamping every point.
            package var rect: Rect? {
                guard !isEmpty else { return nil }
                let limit = Scene.maximumCoordinate * 10
                func clamp(_ v: Double) -> Double { Swift.min(limit, Swift.max(-limit, v)) }
                let x0 = clamp(minX), y0 = clamp(minY), x1 = clamp(maxX), y1 = clamp(maxY)
                return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            }
            package mutating func add(_ p: Point) {
                guard p.x.isFinite, p.y.isFinite else { return }
                minX = Swift.min(minX, p.x); maxX = Swift.max(maxX, p.x)
                minY = Swift.min(minY, p.y); maxY = Swift.max(maxY, p.y)
            }
            /// The four corners of `r` through `t`.
            package mutating func add(_ r: Rect, through t: Transform) {
                add(t.apply(Point(r.minX, r.minY))); add(t.apply(Point(r.maxX, r.minY)))
                add(t.apply(Point(r.minX, r.maxY))); add(t.apply(Point(r.maxX, r.maxY)))
            }
            package mutating func intersect(_ other: Box) {
                minX = Swift.max(minX, other.minX); maxX = Swift.min(maxX, other.maxX)
                minY = Swift.max(minY, other.minY); maxY = Swift.min(maxY, other.maxY)
                if minX > maxX || minY > maxY { self = Box() }
            }
        }

        /// Adds the ink of `items`, drawn through `transform`, to `box`.
        package static func add(_ items: [Item], transform: Transform, fonts: [FontResource]?, into box: inout Box) {
            for item in items {
                switch item {
                case .path(let path, let paint):
                    add(path, paint, transform: transform, into: &box)
                case .text(let run):
                    guard let local = text(run, fonts: fonts) else { break }
                    box.add(local, through: transform)
                case .image(let image):
                    box.add(image.rect, through: transform)
                case .group(let group):
                    guard !(group.opacity <= 0), let inner = group.inkBounds else { break }
                    box.add(inner, through: group.transform.then(transform))
                    guard !group.shadows.isEmpty else { break }
                    // Shadows: the group's ink in its outer coordinates, moved and blurred.
                    var own = Box()
                    own.add(inner, through: group.transform)
                    guard let outer = own.rect else { break }
                    for shadow in group.shadows where shadow.color.alpha > 0 {
                        let reach = shadow.blur.isFinite ? 3 * Swift.max(0, shadow.sigma) : 0
                        let moved = Rect(x: outer.minX + shadow.offset.x - reach, y: outer.minY + shadow.offset.y - reach,
                                         width: outer.width + 2 * reach, height: outer.height + 2 * reach)
                        box.add(moved, through: transform)
                    }
                }
            }
        }

        /// Adds a painted path's ink.
        package static func add(_ path: Path, _ paint: Paint, transform: Transform, into box: inout Box) {
            if let fill = paint.fill, fill.color.alpha > 0 || fill.pattern != nil {
                addFill(path, transform: transform, into: &box)
            }
            if let stroke = paint.stroke, stroke.color.alpha > 0, stroke.width > 0, stroke.width.isFinite {
                addStroke(path, stroke, transform: transform, into: &box)
            }
        }

        // MARK: Text

        /// A text run's ink box in page coordinates (y down), nil when it paints nothing.
        package static func text(_ run: TextRun, fonts: [FontResource]?) -> Rect? {
            guard !run.glyphs.isEmpty, run.size > 0, run.size.isFinite, run.color.alpha > 0 else { return nil }
            let font: FontResource? = fonts.flatMap { $0.indices.contains(run.font.index) ? $0[run.font.index] : nil }
            var box = Box()
            switch font {
            case .standard(let standard)?:
                let metrics = standard.metrics
                let m = standardGlyphMargin
                for glyph in run.glyphs {
                    let code = glyph.glyph <= 0xFF ? UInt8(glyph.glyph) : 0x3F
                    guard let b = metrics.glyphBox(code: code) else { continue }
                    addGlyph(run, glyph, (Double(b.xMin) / 1000 - m, Double(b.yMin) / 1000 - m,
                                          Double(b.xMax) / 1000 + m, Double(b.yMax) / 1000 + m), into: &box)
                }
                return box.rect
            case .trueType(let face)?:
                let em = Double(Swift.max(1, face.unitsPerEm))
                for glyph in run.glyphs {
                    guard let b = face.glyphBox(glyph.glyph) else { continue }
                    addGlyph(run, glyph, (Double(b.xMin) / em, Double(b.yMin) / em, Double(b.xMax) / em, Double(b.yMax) / em), into: &box)
                }
                return box.rect
            case nil:
                // Unknown face: generous (most fonts stay within 0.3 em below and 1.1 em above).
                let s = run.size
                let x0 = run.origin.x + Swift.min(run.glyphs[0].x, 0) - 0.2 * s
                let x1 = run.origin.x + Swift.max(run.advance, run.glyphs.last!.x) + 0.3 * s
                box.add(Point(x0, run.origin.y - 1.1 * s)); box.add(Point(x1, run.origin.y + 0.3 * s))
                return box.rect
            }
        }

        /// One glyph's box `b` in em (xMin, yMin, xMax, yMax, y up), placed on the run.
        private static func addGlyph(_ run: TextRun, _ glyph: PositionedGlyph, _ b: (Double, Double, Double, Double), into box: inout Box) {
            let x = run.origin.x + glyph.x, s = run.size
            box.add(Point(x + b.0 * s, run.origin.y - b.3 * s))
            box.add(Point(x + b.2 * s, run.origin.y - b.1 * s))
        }

        // MARK: Fills

        /// Adds a filled path's bounds: its end points and the extremes of its curves.
        package static func addFill(_ path: Path, transform: Transform, into box: inout Box) {
            // Scaling and translation map a box to a box, and a curve's extremes to the mapped
            // curve's: measure in the path's own space and map the box once. Barcode modules and
            // ink outlines are thousands of points under such a transform.
            if transform.b == 0, transform.c == 0, transform != .identity {
                var local = Box()
                addFill(path, transform: .identity, into: &local)
                if let rect = local.rect { box.add(rect, through: transform) }
                return
            }
            if transform == .identity, addStraightFill(path, into: &box) { return }
            if transform == .identity, addCurvedFill(path, into: &box) { return }
            walkFill(path, transform: transform, into: &box)
        }

        /// `addFill`'s verb-by-verb walk, the measure the shortcuts above must equal: every
        /// end point, and each cubic's extremes solved.
        package static func walkFill(_ path: Path, transform: Transform, into box: inout Box) {
            // A plain loop over the verbs, not `forEachSegment`'s closure: this runs once per
            // point of every filled path in a group.
            let points = path.points
            var index = 0
            var current: Point?
            for verb in path.verbs {
                switch verb {
                case .move, .line:
                    guard index < points.count else { return }
                    let p = transform.apply(points[index])
                    box.add(p); current = p
                    index += 1
                case .cubic:
                    guard index + 3 <= points.count else { return }
                    let (c1, c2, end) = (transform.apply(points[index]), transform.apply(points[index + 1]), transform.apply(points[index + 2]))
                    let p0 = current ?? c1
                    box.add(p0); box.add(end)
                    addCubicExtremes(p0, c1, c2, end, into: &box)
                    current = end
                    index += 3
                case .close:
                    break
                case .rect:
                    guard index + 2 <= points.count else { return }
                    // All four corners: under a rotation two opposite ones do not span the box.
                    let (a, b, c, d) = Path.rectangleCorners(points[index], points[index + 1])
                    let start = transform.apply(a)
                    box.add(start); box.add(transform.apply(b)); box.add(transform.apply(c)); box.add(transform.apply(d))
                    current = start
                    index += 2
                }
            }
        }

        /// `addFill` untransformed for a path of moves, lines, rectangles and closes whose
        /// points are all finite and match the verbs (rectangles, polygons, a barcode's
        /// hundreds of modules): its ink is the box of its points (a `.rect`'s two corners span
        /// its four), found in one pass over the verbs' bytes and one over the points without
        /// a branch a point. False (nothing added) for any other path.
        private static func addStraightFill(_ path: Path, into box: inout Box) -> Bool {
            let points = path.points
            let straight = path.verbs.withUnsafeBytes { verbs -> Bool in
                var pointCount = 0, curves = 0
                for verb in verbs {
                    pointCount &+= verb <= PathVerb.line.rawValue ? 1 : 0
                    pointCount &+= verb == PathVerb.rect.rawValue ? 2 : 0
                    curves |= verb == PathVerb.cubic.rawValue ? 1 : 0
                }
                return curves == 0 && pointCount == points.count
            }
            guard straight, !points.isEmpty else { return false }
            // Plain comparisons (one min or max instruction each) on locals; `finiteX` and
            // `finiteY` stay 0 while every coordinate is finite (∞ - ∞ and NaN - NaN are NaN).
            var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
            var finiteX = 0.0, finiteY = 0.0
            points.withUnsafeBufferPointer { points in
                for p in points {
                    minX = p.x < minX ? p.x : minX; maxX = p.x > maxX ? p.x : maxX
                    minY = p.y < minY ? p.y : minY; maxY = p.y > maxY ? p.y : maxY
                    finiteX += p.x - p.x; finiteY += p.y - p.y
                }
            }
            guard finiteX == 0, finiteY == 0 else { return false }
            box.minX = Swift.min(box.minX, minX); box.maxX = Swift.max(box.maxX, maxX)
            box.minY = Swift.min(box.minY, minY); box.maxY = Swift.max(box.maxY, maxY)
            return true
        }

        /// `addFill` untransformed for a path with curves whose points are all finite and
        /// each taken by its verb (an ink outline: a cubic per outline point), with the same
        /// box, bit for bit, solving a cubic's extremes only when one of its four points lies
        /// within `curveMargin` of the box of the path's end points (found in a first pass)
        /// or outside it. A cubic lies in the hull of its points, and `cubicPoint` strays
        /// from that hull by a few units in the last place of their largest coordinate, far
        /// less than the margin: so the points a skipped cubic would add lie strictly inside
        /// the box and decide none of its sides. The verb walk keeps the first of equal
        /// minima and the last of equal maxima (`Swift.min` / `Swift.max`); the passes keep
        /// the same, and equal values are the same bits (zeros are +0 on both: see below).
        /// Most of an outline's cubics are away from its edges. False (nothing added) for
        /// other paths.
        package static func addCurvedFill(_ path: Path, into box: inout Box) -> Bool {
            let points = path.points
            var pointsTaken = 0
            var hasCurve = false
            for verb in path.verbs {
                switch verb {
                case .move, .line: pointsTaken &+= 1
                case .cubic: pointsTaken &+= 3; hasCurve = true
                case .close: break
                case .rect: return false  // rectangles: the general walk (only barcodes make them)
                }
            }
            guard hasCurve, pointsTaken == points.count else { return false }
            return path.verbs.withUnsafeBufferPointer { verbs in
                points.withUnsafeBufferPointer { points in
                    var finiteX = 0.0, finiteY = 0.0
                    for p in points { finiteX += p.x - p.x; finiteY += p.y - p.y }
                    guard finiteX == 0, finiteY == 0 else { return false }
                    // Pass 1: the end points in the walk's order (a curve with no point before
                    // it starts at its first control point), as `Box.add` takes them.
                    var ends = Box()
                    @inline(__always) func add(_ p: Point, _ b: inout Box) {
                        b.minX = p.x < b.minX ? p.x : b.minX; b.maxX = p.x >= b.maxX ? p.x : b.maxX
                        b.minY = p.y < b.minY ? p.y : b.minY; b.maxY = p.y >= b.maxY ? p.y : b.maxY
                    }
                    var index = 0
                    var hasCurrent = false
                    for verb in verbs {
                        switch verb {
                        case .move, .line:
                            add(points[index], &ends)
                            index &+= 1
                        case .cubic:
                            if !hasCurrent { add(points[index], &ends) }
                            add(points[index &+ 2], &ends)
                            index &+= 3
                        case .close, .rect:  // (no .rect here: the first loop gave up on it)
                            continue
                        }
                        hasCurrent = true
                    }
                    let largest = Swift.max(ends.minX.magnitude, ends.maxX.magnitude, ends.minY.magnitude, ends.maxY.magnitude)
                    let margin = (largest + 1) * curveMargin
                    let innerMinX = ends.minX + margin, innerMaxX = ends.maxX - margin
                    let innerMinY = ends.minY + margin, innerMaxY = ends.maxY - margin
                    @inline(__always) func inside(_ p: Point) -> Bool {
                        p.x >= innerMinX && p.x <= innerMaxX && p.y >= innerMinY && p.y <= innerMaxY
                    }
                    // Pass 2: the extremes of the cubics near or past the edges, in order.
                    var extremes = Box()
                    index = 0
                    var current: Point?
                    var currentInside = false
                    for verb in verbs {
                        switch verb {
                        case .move, .line:
                            let p = points[index]
                            current = p; currentInside = inside(p)
                            index &+= 1
                        case .cubic:
                            let c1 = points[index], c2 = points[index &+ 1], end = points[index &+ 2]
                            let endInside = inside(end)
                            if !(endInside && inside(c1) && inside(c2) && (current == nil ? inside(c1) : currentInside)) {
                                addCubicExtremes(current ?? c1, c1, c2, end, into: &extremes)
                            }
                            current = end; currentInside = endInside
                            index &+= 3
                        case .close, .rect:
                            break
                        }
                    }
                    // The walk's result: the end points' box and the extremes' (an extreme equal
                    // to a side is the same bits), taken into `box` as `Box.add` would. The
                    // walk maps every point through the identity (`1 · x + 0 · y + 0`), which
                    // turns −0 into +0 and changes nothing else: so a zero side is +0 here too.
                    @inline(__always) func walked(_ v: Double) -> Double { v == 0 ? 0 : v }
                    @inline(__always) func take(_ b: Box) {
                        guard !b.isEmpty else { return }
                        box.minX = Swift.min(box.minX, walked(b.minX)); box.maxX = Swift.max(box.maxX, walked(b.maxX))
                        box.minY = Swift.min(box.minY, walked(b.minY)); box.maxY = Swift.max(box.maxY, walked(b.maxY))
                    }
                    take(ends)
                    take(extremes)
                    return true
                }
            }
        }

        /// How far inside the box of a path's end points, relative to its largest coordinate
        /// (plus one), all four points of a cubic must lie for `addCurvedFill` to skip its
        /// extremes: 10^-9, millions of times the rounding of `cubicPoint` (about 10^-15).
        static let curveMargin = 1.0e-9

        /// Like `Path.forEachSegment`, but stops where the points run out instead of trapping
        /// (a path built by hand may break the IR's invariant), and hands on a `.rect` as the
        /// move, three lines and close it stands for (so `body` never sees `.rect`).
        private static func forEachSegment(_ path: Path, _ body: (PathVerb, ArraySlice<Point>) -> Void) {
            var index = 0
            for verb in path.verbs {
                let n = verb.pointCount
                guard index + n <= path.points.count else { return }
                if verb == .rect {
                    let (a, b, c, d) = Path.rectangleCorners(path.points[index], path.points[index + 1])
                    let corners = [a, b, c, d]
                    for k in 0..<4 { body(k == 0 ? .move : .line, corners[k..<k + 1]) }
                    body(.close, corners[4..<4])
                } else {
                    body(verb, path.points[index..<index + n])
                }
                index += n
            }
        }

        /// Adds the points of a cubic where its x or y derivative is zero, for t in (0, 1).
        /// No array: this runs for every cubic of every filled path in a group (an ink outline
        /// has one per outline point).
        static func addCubicExtremes(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, into box: inout Box) {
            func addAt(_ t: Double) {
                if t > 0 && t < 1 { box.add(cubicPoint(p0, p1, p2, p3, t)) }
            }
            func roots(_ a0: Double, _ a1: Double, _ a2: Double, _ a3: Double) {
                // Derivative / 3 = a t² + b t + c.
                let a = -a0 + 3 * a1 - 3 * a2 + a3
                let b = 2 * (a0 - 2 * a1 + a2)
                let c = a1 - a0
                if abs(a) < 1e-12 {
                    if abs(b) > 1e-12 { addAt(-c / b) }
                } else {
                    let disc = b * b - 4 * a * c
                    if disc >= 0 {
                        let r = disc.squareRoot()
                        addAt((-b + r) / (2 * a)); addAt((-b - r) / (2 * a))
                    }
                }
            }
            roots(p0.x, p1.x, p2.x, p3.x)
            roots(p0.y, p1.y, p2.y, p3.y)
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

        /// Adds a stroked path's bounds. The outline is built in the path's own space (where
        /// the pen is round) from exact points — offsets at segment ends, cap corners, miter
        /// tips, round caps and joins as circumscribed polygons; curves sampled — and each
        /// point is then transformed, so the box is right under any affine transform. Dashes
        /// are ignored (the solid stroke contains every dash).
        package static func addStroke(_ path: Path, _ stroke: Stroke, transform: Transform, into box: inout Box) {
            let hw = stroke.width / 2
            let miterLimit = stroke.miterLimit.isFinite ? Swift.max(1, stroke.miterLimit) : 10
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

            // A subpath as pieces: straight runs with their unit direction (sampled curves
            // become short pieces with exact offsets at their sample points).
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
                    if d1.x * d2.x + d1.y * d2.y > 1 - 1e-9 { continue }  // straight on: nothing sticks out
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

            forEachSegment(path) { verb, points in
                let i = points.startIndex
                switch verb {
                case .move:
                    finishSubpath()
                    start = points[i]; current = start
                case .line:
                    let p = points[i]
                    guard let from = current else { start = p; current = p; return }
                    if let d = unit(p - from) { pieces.append(Piece(from: from, to: p, direction: d)) }
                    current = p
                case .cubic:
                    let (c1, c2, end) = (points[i], points[i + 1], points[i + 2])
                    guard let p0 = current else { start = c1; current = end; return }
                    var previous = p0
                    for k in 1...curveSamples {
                        let t = Double(k) / Double(curveSamples)
                        let q = cubicPoint(p0, c1, c2, end, t)
                        // Direction from the chord, else from the true tangent mid-way.
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
                case .rect:
                    break  // `forEachSegment` hands a rectangle on as its four lines
                }
            }
            finishSubpath()
        }
    }
}

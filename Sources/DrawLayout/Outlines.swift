// Curves made of cubics, in one place: ellipses, rounded rectangles, elliptical arcs and
// quadratics all become cubic Béziers here, so backends only ever see move/line/cubic/close.

import DrawBase
import DrawScene
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A path under construction that also tracks the current point and the start of the
/// current subpath (what SVG path data and connector drawing need).
struct PathSink {
    var verbs: [Scene.PathVerb] = []
    var points: [Point] = []
    var current = Point.zero
    var subpathStart = Point.zero
    var hasCurrentPoint = false
    /// False: only points are collected, for outlines whose verbs are always the same and
    /// are taken from the shared arrays below (one allocation less per shape drawn).
    var recordsVerbs = true

    /// The verbs of `addEllipse`, of `addRoundedRect` with radius 0, and with a radius.
    static let ellipseVerbs: [Scene.PathVerb] = [.move, .cubic, .cubic, .cubic, .cubic, .close]
    static let rectVerbs: [Scene.PathVerb] = [.move, .line, .line, .line, .close]
    static let roundedRectVerbs: [Scene.PathVerb] = [.move, .line, .cubic, .line, .cubic, .line, .cubic, .line, .cubic, .close]

    /// The outline of an ellipse inscribed in `rect`, or of a rectangle with corners rounded
    /// to `radius` (as `addEllipse` / `addRoundedRect`), with its verbs shared.
    /// (Straight from the point lists, without a sink: appending point by point to a sink
    /// made from empty cost about a thousand instructions a shape, issue 38.)
    static func shapeOutline(ellipse: Bool, in rect: Rect, radius: Double) -> Scene.Path {
        if ellipse { return Scene.Path(verbs: ellipseVerbs, points: ellipsePoints(in: rect)) }
        let (points, rounded) = roundedRectPoints(rect, radius: radius)
        return Scene.Path(verbs: rounded ? roundedRectVerbs : rectVerbs, points: points)
    }

    /// Appends a closed outline made of `outline` drawn by `outlineVerbs` (which start with
    /// a move and end with a close), as the move/line/cubic/close calls would.
    private mutating func appendClosed(_ outline: [Point], _ outlineVerbs: [Scene.PathVerb]) {
        if recordsVerbs { if verbs.isEmpty { verbs = outlineVerbs } else { verbs += outlineVerbs } }
        if points.isEmpty { points = outline } else { points += outline }
        current = outline[0]; subpathStart = outline[0]; hasCurrentPoint = true
    }

    mutating func move(to p: Point) {
        if recordsVerbs { verbs.append(.move) }
        points.append(p)
        current = p; subpathStart = p; hasCurrentPoint = true
    }
    mutating func line(to p: Point) {
        if !hasCurrentPoint { move(to: p); return }
        if recordsVerbs { verbs.append(.line) }
        points.append(p); current = p
    }
    mutating func cubic(_ c1: Point, _ c2: Point, _ end: Point) {
        if !hasCurrentPoint { move(to: current) }
        if recordsVerbs { verbs.append(.cubic) }
        points.append(c1); points.append(c2); points.append(end); current = end
    }
    /// A quadratic Bézier from the current point, raised exactly to a cubic.
    mutating func quadratic(_ control: Point, _ end: Point) {
        let start = current
        cubic(start + (control - start) * (2.0 / 3.0), end + (control - end) * (2.0 / 3.0), end)
    }
    mutating func close() {
        // A `.rect` is closed already.
        guard hasCurrentPoint, verbs.last != .close, verbs.last != .rect else { return }
        if recordsVerbs { verbs.append(.close) }
        current = subpathStart
    }
    var path: Scene.Path { Scene.Path(verbs: verbs, points: points) }

    /// An elliptical arc from the current point to `end`, as SVG's `A` command: radii,
    /// x-axis rotation in degrees, the two flags. Implements SVG 1.1 appendix F.6.5
    /// (endpoint to center parameterization) and F.6.6 (out-of-range radii), then splits the
    /// sweep into segments of at most 90°, each one cubic with k = 4/3·tan(δ/4).
    mutating func arc(radiusX: Double, radiusY: Double, rotation: Double, largeArc: Bool, sweep: Bool, to end: Point) {
        let start = current
        // F.6.2: identical endpoints draw nothing; a zero radius is a straight line.
        if start == end { return }
        var rx = abs(radiusX), ry = abs(radiusY)
        if rx == 0 || ry == 0 || !rx.isFinite || !ry.isFinite { line(to: end); return }
        let phi = rotation * Double.pi / 180
        let (sinPhi, cosPhi) = (sin(phi), cos(phi))
        // Step 1: the midpoint-relative start point in the ellipse's rotated frame.
        let dx = (start.x - end.x) / 2, dy = (start.y - end.y) / 2
        let x1 = cosPhi * dx + sinPhi * dy
        let y1 = -sinPhi * dx + cosPhi * dy
        // F.6.6: radii too small to reach are scaled up just enough.
        let lambda = (x1 * x1) / (rx * rx) + (y1 * y1) / (ry * ry)
        if lambda > 1 { let s = lambda.squareRoot(); rx *= s; ry *= s }
        // Step 2: the center in the rotated frame.
        let rx2 = rx * rx, ry2 = ry * ry
        let numerator = rx2 * ry2 - rx2 * y1 * y1 - ry2 * x1 * x1
        let denominator = rx2 * y1 * y1 + ry2 * x1 * x1
        var factor = denominator == 0 ? 0 : (max(0, numerator) / denominator).squareRoot()
        if largeArc == sweep { factor = -factor }
        let cxr = factor * rx * y1 / ry
        let cyr = -factor * ry * x1 / rx
        // Step 3: the center on the page.
        let cx = cosPhi * cxr - sinPhi * cyr + (start.x + end.x) / 2
        let cy = sinPhi * cxr + cosPhi * cyr + (start.y + end.y) / 2
        // Step 4: start angle and sweep.
        let ux = (x1 - cxr) / rx, uy = (y1 - cyr) / ry
        let vx = (-x1 - cxr) / rx, vy = (-y1 - cyr) / ry
        let theta1 = atan2(uy, ux)
        var delta = atan2(ux * vy - uy * vx, ux * vx + uy * vy)
        if !sweep && delta > 0 { delta -= 2 * Double.pi }
        if sweep && delta < 0 { delta += 2 * Double.pi }
        // Radii so large that the arithmetic overflowed: draw the chord instead.
        guard delta.isFinite, theta1.isFinite, cx.isFinite, cy.isFinite else { line(to: end); return }
        let segments = max(1, Int((abs(delta) / (Double.pi / 2) - 1e-9).rounded(.up)))
        let step = delta / Double(segments)
        let k = 4.0 / 3.0 * tan(step / 4)
        func point(_ t: Double) -> Point {
            let (s, c) = (sin(t), cos(t))
            return Point(cx + rx * cosPhi * c - ry * sinPhi * s, cy + rx * sinPhi * c + ry * cosPhi * s)
        }
        func tangent(_ t: Double) -> Point {
            let (s, c) = (sin(t), cos(t))
            return Point(-rx * cosPhi * s - ry * sinPhi * c, -rx * sinPhi * s + ry * cosPhi * c)
        }
        var angle = theta1
        var from = start
        for index in 0..<segments {
            let next = index == segments - 1 ? theta1 + delta : angle + step
            // The last end point is the given one exactly, so no rounding drift accumulates.
            let to = index == segments - 1 ? end : point(next)
            cubic(from + tangent(angle) * k, to - tangent(next) * k, to)
            angle = next
            from = to
        }
    }

    /// An ellipse inscribed in `rect`: four cubics, clockwise on the page from the rightmost point.
    mutating func addEllipse(in rect: Rect) {
        appendClosed(Self.ellipsePoints(in: rect), Self.ellipseVerbs)
    }

    /// The 13 points of `addEllipse` (drawn by `ellipseVerbs`).
    static func ellipsePoints(in rect: Rect) -> [Point] {
        let k = 0.5522847498
        let (cx, cy) = (rect.midX, rect.midY)
        let (rx, ry) = (rect.width / 2, rect.height / 2)
        let (kx, ky) = (rx * k, ry * k)
        // An array literal: its storage is allocated once, at its size (building the list
        // through `Array(unsafeUninitializedCapacity:)` took an unspecialized path, ~670
        // instructions an allocation).
        return [Point(cx + rx, cy),
                Point(cx + rx, cy + ky), Point(cx + kx, cy + ry), Point(cx, cy + ry),
                Point(cx - kx, cy + ry), Point(cx - rx, cy + ky), Point(cx - rx, cy),
                Point(cx - rx, cy - ky), Point(cx - kx, cy - ry), Point(cx, cy - ry),
                Point(cx + kx, cy - ry), Point(cx + rx, cy - ky), Point(cx + rx, cy)]
    }

    /// `count` axis-aligned rectangles (x, y, width, height), each one `.rect` verb from its
    /// top-left corner to the opposite one (drawn as `addRoundedRect` with radius 0 draws it:
    /// move, three lines, close, clockwise on the page from the top-left corner, in half the
    /// memory), written straight into new storage. For the hundreds of rectangles of a
    /// barcode (appending point by point was most of a symbol's layout, and four points and
    /// five verbs a module rectangle were most of the IR's memory).
    mutating func addRects(count: Int, _ rect: (Int) -> (x: Double, y: Double, width: Double, height: Double)) {
        guard count > 0 else { return }
        if recordsVerbs {
            if verbs.isEmpty { verbs = [Scene.PathVerb](repeating: .rect, count: count) }
            else { verbs.append(contentsOf: repeatElement(.rect, count: count)) }
        }
        var last = Point.zero
        let added = [Point](unsafeUninitializedCapacity: 2 * count) { buffer, initialized in
            for i in 0..<count {
                let r = rect(i)
                let start = Point(r.x, r.y)
                (buffer.baseAddress! + 2 * i).initialize(to: start)
                (buffer.baseAddress! + 2 * i + 1).initialize(to: Point(r.x + r.width, r.y + r.height))
                last = start
            }
            initialized = 2 * count
        }
        if points.isEmpty { points = added } else { points += added }
        current = last; subpathStart = last; hasCurrentPoint = true
    }

    /// A rectangle with corners rounded to `radius` (clamped to half the shorter side),
    /// clockwise on the page from the top edge. Radius 0 gives four lines.
    /// Returns whether the corners were rounded (false: four lines).
    @discardableResult
    mutating func addRoundedRect(_ rect: Rect, radius: Double) -> Bool {
        let (outline, rounded) = Self.roundedRectPoints(rect, radius: radius)
        appendClosed(outline, rounded ? Self.roundedRectVerbs : Self.rectVerbs)
        return rounded
    }

    /// The points of `addRoundedRect` — 17 drawn by `roundedRectVerbs` when the corners are
    /// rounded, else 4 drawn by `rectVerbs` — and which of the two.
    static func roundedRectPoints(_ rect: Rect, radius: Double) -> (points: [Point], rounded: Bool) {
        let r = max(0, min(radius, rect.width / 2, rect.height / 2))
        if r == 0 || !r.isFinite {
            return ([Point(rect.minX, rect.minY), Point(rect.maxX, rect.minY),
                     Point(rect.maxX, rect.maxY), Point(rect.minX, rect.maxY)], false)
        }
        let c = r * (1 - 0.5522847498)
        let (x0, y0, x1, y1) = (rect.minX, rect.minY, rect.maxX, rect.maxY)
        return ([Point(x0 + r, y0),
                 Point(x1 - r, y0),
                 Point(x1 - c, y0), Point(x1, y0 + c), Point(x1, y0 + r),
                 Point(x1, y1 - r),
                 Point(x1, y1 - c), Point(x1 - c, y1), Point(x1 - r, y1),
                 Point(x0 + r, y1),
                 Point(x0 + c, y1), Point(x0, y1 - c), Point(x0, y1 - r),
                 Point(x0, y0 + r),
                 Point(x0, y0 + c), Point(x0 + c, y0), Point(x0 + r, y0)], true)
    }
}

/// The exact bounding box of a path's curves (cubic extremes, not control points), or nil
/// for a path without points.
func tightBounds(of path: Scene.Path) -> Rect? {
    guard let first = path.points.first else { return nil }
    var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
    func include(_ p: Point) {
        minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
    }
    var index = 0
    var current = first
    for verb in path.verbs {
        switch verb {
        case .move, .line:
            current = path.points[index]; include(current)
        case .cubic:
            let (c1, c2, end) = (path.points[index], path.points[index + 1], path.points[index + 2])
            include(end)
            for t in cubicExtremes(current.x, c1.x, c2.x, end.x) { include(cubicPoint(current, c1, c2, end, t)) }
            for t in cubicExtremes(current.y, c1.y, c2.y, end.y) { include(cubicPoint(current, c1, c2, end, t)) }
            current = end
        case .close:
            break
        case .rect:
            // Its two corners span its four; the current point is where it started.
            current = path.points[index]; include(current); include(path.points[index + 1])
        }
        index += verb.pointCount
    }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
}

func cubicPoint(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double) -> Point {
    let u = 1 - t
    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
    return Point(a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y)
}

/// Parameters in (0, 1) where one coordinate of a cubic has a zero derivative.
private func cubicExtremes(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> [Double] {
    // B'(t)/3 = a·t² + b·t + c
    let a = p3 - 3 * p2 + 3 * p1 - p0
    let b = 2 * (p2 - 2 * p1 + p0)
    let c = p1 - p0
    var roots: [Double] = []
    if abs(a) < 1e-12 {
        if abs(b) > 1e-12 { roots.append(-c / b) }
    } else {
        let discriminant = b * b - 4 * a * c
        if discriminant >= 0 {
            let s = discriminant.squareRoot()
            roots.append((-b + s) / (2 * a)); roots.append((-b - s) / (2 * a))
        }
    }
    return roots.filter { $0 > 0 && $0 < 1 }
}

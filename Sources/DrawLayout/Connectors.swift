// Connector geometry: where a line between two nodes meets their outlines, arrowheads,
// and where a connector's label goes.
//
// Arrowheads are sized by the line width w unless `arrowSize:` gives the length:
//     length = 6 + 3·w,  base width = 2/3 · length        (1pt line: 9 × 6pt; 2pt: 12 × 8pt)
// The stroked line stops where the head begins (its base, the notch of a stealth head, the
// far side of a circle or diamond), less the cap's reach, so a translucent line never
// darkens under its head. Crow's feet start at the node, so the line runs to the tip.

import DrawBase
import DrawScene
import DrawSemantics

/// The outline a connector is clipped to, in the target node's own coordinates.
enum Outline {
    /// A rectangle with corners of the given radius (0 for square corners).
    case rect(Rect, corner: Double)
    case ellipse(Rect)
}

/// Where the ray from the outline's center toward `p` leaves the outline. The center is
/// inside every outline, so there is exactly one such point; `p` equal to the center gives
/// the center.
func exitPoint(of outline: Outline, toward p: Point) -> Point {
    switch outline {
    case .ellipse(let r):
        let c = Point(r.midX, r.midY)
        let d = p - c
        let (a, b) = (r.width / 2, r.height / 2)
        guard a > 0, b > 0, d != .zero else { return c }
        let q = (d.x / a) * (d.x / a) + (d.y / b) * (d.y / b)
        return c + d * (1 / q.squareRoot())
    case .rect(let r, let corner):
        let c = Point(r.midX, r.midY)
        let d = p - c
        guard d != .zero else { return c }
        let (hw, hh) = (r.width / 2, r.height / 2)
        let tx = d.x == 0 ? Double.infinity : hw / abs(d.x)
        let ty = d.y == 0 ? Double.infinity : hh / abs(d.y)
        var t = min(tx, ty)
        let radius = max(0, min(corner, hw, hh))
        let q = d * t
        if radius > 0, abs(q.x) > hw - radius, abs(q.y) > hh - radius {
            // In a rounded corner: intersect the ray with that corner's circle, far root.
            let k = Point((hw - radius) * (q.x < 0 ? -1 : 1), (hh - radius) * (q.y < 0 ? -1 : 1))
            let a = d.x * d.x + d.y * d.y
            let b = -2 * (d.x * k.x + d.y * k.y)
            let cc = k.x * k.x + k.y * k.y - radius * radius
            let disc = max(0, b * b - 4 * a * cc)
            t = (-b + disc.squareRoot()) / (2 * a)
        }
        return c + d * t
    }
}

/// Arrowhead length and base width for a line width.
func arrowheadSize(lineWidth w: Double) -> (length: Double, width: Double) {
    let width = max(0, w)
    return (6 + 3 * width, 4 + 2 * width)
}

/// A stroked polyline with arrowheads: the line (shortened under the heads) and the heads as
/// one path of filled triangles. Points with zero-length segments are tolerated.
func strokedPolyline(_ points: [Point], closed: Bool, ends: ArrowEnds, lineWidth: Double) -> (line: Scene.Path?, heads: Scene.Path?) {
    guard points.count >= 2 else {
        if let p = points.first {
            var sink = PathSink(); sink.move(to: p); sink.line(to: p)
            return (sink.path, nil)
        }
        return (nil, nil)
    }
    if closed {
        var sink = PathSink()
        sink.verbs.reserveCapacity(points.count + 1)
        sink.points.reserveCapacity(points.count)
        sink.move(to: points[0])
        for p in points.dropFirst() { sink.line(to: p) }
        sink.close()
        return (sink.path, nil)
    }
    let head: ArrowheadStyle = ends == .end || ends == .both ? .triangle : .none
    let tail: ArrowheadStyle = ends == .start || ends == .both ? .triangle : .none
    let (line, marks) = drawLink(LinkPath(polyline: points), head: head, tail: tail, size: nil, lineWidth: lineWidth, cap: .butt)
    return (line, marks.filled.verbs.isEmpty ? nil : marks.filled.path)
}

/// A connector's path: a start point, then lines and cubics.
struct LinkPath {
    enum Segment {
        case line(Point)
        case cubic(Point, Point, Point)
        var end: Point {
            switch self {
            case .line(let p): p
            case .cubic(_, _, let p): p
            }
        }
    }
    var start: Point
    var segments: [Segment]

    init(start: Point, segments: [Segment]) { self.start = start; self.segments = segments }
    init(polyline points: [Point]) {
        start = points.first ?? .zero
        segments = points.dropFirst().map { .line($0) }
    }

    var end: Point { segments.last?.end ?? start }

    /// The path with its direction reversed.
    func reversed() -> LinkPath {
        var result: [Segment] = []
        result.reserveCapacity(segments.count)
        var previous = start
        var starts: [Point] = []
        for segment in segments { starts.append(previous); previous = segment.end }
        for i in segments.indices.reversed() {
            switch segments[i] {
            case .line: result.append(.line(starts[i]))
            case .cubic(let c1, let c2, _): result.append(.cubic(c2, c1, starts[i]))
            }
        }
        return LinkPath(start: end, segments: result)
    }

    /// The unit direction in which the path arrives at its end, nil when it has no length.
    var endDirection: Point? {
        var previous = start
        var candidates: [Point] = [start]
        for segment in segments {
            switch segment {
            case .line(let p): candidates.append(p)
            case .cubic(let c1, let c2, let p): candidates.append(c1); candidates.append(c2); candidates.append(p)
            }
            previous = segment.end
        }
        let tip = previous
        for q in candidates.reversed() where q != tip {
            return unitVector(tip - q)
        }
        return nil
    }

    /// Cuts `d` points (straight-line distance from the end) off the end; the segment that
    /// reaches the cut is shortened, later ones dropped. Returns the new end.
    mutating func trimEnd(by d: Double) {
        guard d > 0, !segments.isEmpty else { return }
        let tip = end
        var previous = start
        var starts: [Point] = []
        for segment in segments { starts.append(previous); previous = segment.end }
        // The last segment whose start lies at least d from the tip holds the cut.
        var i = segments.count - 1
        while i > 0 && distance(starts[i], tip) < d { i -= 1 }
        let s0 = starts[i]
        switch segments[i] {
        case .line(let p):
            // The point on s0→p at distance d from the tip, nearest p.
            let u = p - s0
            let length = (u.x * u.x + u.y * u.y).squareRoot()
            guard length > 0 else { segments.removeSubrange(i...); segments.append(.line(s0)); return }
            let dir = u * (1 / length)
            let w = s0 - tip
            // |w + dir·s| = d: the distance falls from ≥ d at s = 0 to < d at the segment's
            // end, so the cut is the smaller root.
            let b = w.x * dir.x + w.y * dir.y
            let c = w.x * w.x + w.y * w.y - d * d
            let disc = max(0, b * b - c)
            let cut = max(0, min(length, -b - disc.squareRoot()))
            segments.removeSubrange(i...)
            segments.append(.line(s0 + dir * cut))
        case .cubic(let c1, let c2, let p):
            // Bisection on t for |B(t) − tip| = d (distance falls from ≥ d at 0 to ~0 at 1).
            var lo = 0.0, hi = 1.0
            for _ in 0..<60 {
                let mid = (lo + hi) / 2
                if distance(cubicPoint(s0, c1, c2, p, mid), tip) > d { lo = mid } else { hi = mid }
            }
            let t = lo
            let (a1, a2, a3) = splitCubic(s0, c1, c2, p, t)
            segments.removeSubrange(i...)
            segments.append(.cubic(a1, a2, a3))
        }
    }

    mutating func trimStart(by d: Double) {
        var r = reversed()
        r.trimEnd(by: d)
        self = r.reversed()
    }

    var scenePath: Scene.Path {
        var sink = PathSink()
        sink.verbs.reserveCapacity(segments.count + 1)
        sink.move(to: start)
        for segment in segments {
            switch segment {
            case .line(let p): sink.line(to: p)
            case .cubic(let c1, let c2, let p): sink.cubic(c1, c2, p)
            }
        }
        return sink.path
    }

    /// The path as a polyline (cubics flattened).
    var polyline: [Point] { flatten(scenePath).first ?? [start] }

    /// The path as a polyline within `flatness` of its cubics (a graph's splines: a route
    /// for labels and other lines to keep clear of needs no more than a tenth of a point).
    func polyline(flatness: Double) -> [Point] { flatten(scenePath, map: { $0 }, flatness: flatness).first ?? [start] }

    /// The point at a fraction of the path's length and the direction there.
    func point(atFraction f: Double) -> (point: Point, direction: Point) {
        Self.point(atFraction: f, along: polyline, start: start)
    }

    /// The same, on the path's flattened `points` (flattening once for many fractions).
    static func point(atFraction f: Double, along points: [Point], start: Point) -> (point: Point, direction: Point) {
        guard points.count >= 2 else { return (start, Point(1, 0)) }
        var total = 0.0
        for i in 1..<points.count { total += distance(points[i - 1], points[i]) }
        var remaining = total * max(0, min(1, f))
        for i in 1..<points.count {
            let segment = distance(points[i - 1], points[i])
            if remaining <= segment || i == points.count - 1 {
                let t = segment > 0 ? remaining / segment : 0
                return (points[i - 1] + (points[i] - points[i - 1]) * min(1, t), points[i] - points[i - 1])
            }
            remaining -= segment
        }
        return (points[0], Point(1, 0))
    }
}

/// The first part of a cubic split at t (de Casteljau): its three control and end points.
func splitCubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double) -> (Point, Point, Point) {
    let a = p0 + (p1 - p0) * t, b = p1 + (p2 - p1) * t, c = p2 + (p3 - p2) * t
    let ab = a + (b - a) * t, bc = b + (c - b) * t
    return (a, ab, ab + (bc - ab) * t)
}

func unitVector(_ p: Point) -> Point {
    let length = (p.x * p.x + p.y * p.y).squareRoot()
    return length > 0 ? p * (1 / length) : Point(1, 0)
}

/// The marks at a connector's ends, by how they are painted: filled in the stroke colour,
/// stroked like the line (solid), and stroked over a fill of the page background.
struct EndMarks {
    var filled = PathSink()
    var stroked = PathSink()
    var hollow = PathSink()
}

/// Draws the mark `style` whose tip is `tip`, pointing along the unit vector `u`; returns how
/// far before the tip the line must stop (before the line cap's reach is added).
func addMark(_ style: ArrowheadStyle, tip: Point, direction u: Point, length: Double, lineWidth w: Double, into marks: inout EndMarks) -> Double {
    let n = Point(-u.y, u.x)
    let width = length * 2 / 3
    let halfWidth = width / 2
    // A stroked mark with a sharp tip is set back so its mitred stroke ends at the tip.
    let miterBack = (w / 2) * ((length * length + halfWidth * halfWidth).squareRoot() / max(1e-9, halfWidth))
    switch style {
    case .none:
        return 0
    case .triangle:
        let base = tip - u * length
        marks.filled.move(to: tip); marks.filled.line(to: base + n * halfWidth); marks.filled.line(to: base - n * halfWidth)
        marks.filled.close()
        return length
    case .stealth:
        let base = tip - u * length
        let notch = tip - u * (length * 0.7)
        marks.filled.move(to: tip); marks.filled.line(to: base + n * halfWidth); marks.filled.line(to: notch)
        marks.filled.line(to: base - n * halfWidth); marks.filled.close()
        return length * 0.7
    case .open:
        let t = tip - u * min(miterBack, length / 2)
        let base = t - u * length
        marks.stroked.move(to: base + n * halfWidth); marks.stroked.line(to: t); marks.stroked.line(to: base - n * halfWidth)
        return min(miterBack, length / 2) + w / 2
    case .diamond, .diamondOpen:
        let back = style == .diamondOpen ? (w / 2) * (((length / 2) * (length / 2) + halfWidth * halfWidth).squareRoot() / max(1e-9, halfWidth)) : 0
        let t = tip - u * back
        let mid = t - u * (length / 2)
        let far = t - u * length
        if style == .diamond {
            marks.filled.move(to: t); marks.filled.line(to: mid + n * halfWidth); marks.filled.line(to: far)
            marks.filled.line(to: mid - n * halfWidth); marks.filled.close()
            return length
        }
        marks.hollow.move(to: t); marks.hollow.line(to: mid + n * halfWidth); marks.hollow.line(to: far)
        marks.hollow.line(to: mid - n * halfWidth); marks.hollow.close()
        return length + 2 * back
    case .circle:
        let r = halfWidth
        let c = tip - u * r
        marks.filled.addEllipse(in: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
        return 2 * r
    case .circleOpen:
        let r = halfWidth
        let c = tip - u * (r + w / 2)
        marks.hollow.addEllipse(in: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
        return 2 * r + w
    case .bar:
        let at = tip - u * (w / 2)
        marks.stroked.move(to: at + n * halfWidth); marks.stroked.line(to: at - n * halfWidth)
        return w
    case .one, .many, .oneOrMany, .zeroOrOne, .zeroOrMany:
        // Crow's feet: the fork spans the last `length` before the node; bars and circles sit
        // behind it (or behind the tip for `one`/`zeroOrOne`).
        let fork = style == .many || style == .oneOrMany || style == .zeroOrMany
        var behind = 0.0
        if fork {
            let root = tip - u * length
            let spread = halfWidth * 1.2
            marks.stroked.move(to: tip + n * spread); marks.stroked.line(to: root); marks.stroked.line(to: tip - n * spread)
            behind = length
        }
        if style == .one || style == .oneOrMany || style == .zeroOrOne {
            let at = tip - u * (behind + length * 0.45)
            marks.stroked.move(to: at + n * halfWidth); marks.stroked.line(to: at - n * halfWidth)
            if style == .one {
                let second = at - u * (length * 0.3)
                marks.stroked.move(to: second + n * halfWidth); marks.stroked.line(to: second - n * halfWidth)
            }
            behind += length * 0.45
        }
        if style == .zeroOrOne || style == .zeroOrMany {
            let r = length * 0.3
            let c = tip - u * (behind + length * 0.3 + r)
            marks.hollow.addEllipse(in: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r))
        }
        return 0
    }
}

/// Head length for a line width, or `arrowSize:`.
func markLength(size: Double?, lineWidth: Double) -> Double {
    size ?? arrowheadSize(lineWidth: lineWidth).length
}

/// The stroked line of a link (stopped where its marks begin) and its marks.
func drawLink(_ path: LinkPath, head: ArrowheadStyle, tail: ArrowheadStyle, size: Double?, lineWidth: Double, cap: LineCap) -> (Scene.Path?, EndMarks) {
    var marks = EndMarks()
    var path = path
    let length = markLength(size: size, lineWidth: lineWidth)
    let capReach = cap == .butt ? 0 : max(0, lineWidth) / 2
    let original = path
    if head != .none, let u = original.endDirection {
        let back = addMark(head, tip: original.end, direction: u, length: length, lineWidth: lineWidth, into: &marks)
        if back > 0 { path.trimEnd(by: back + capReach) }
    }
    if tail != .none, let u = original.reversed().endDirection {
        let back = addMark(tail, tip: original.start, direction: u, length: length, lineWidth: lineWidth, into: &marks)
        if back > 0 { path.trimStart(by: back + capReach) }
    }
    return (path.scenePath, marks)
}

/// The point half-way along a polyline (by length) and the direction of the segment there.
func midpoint(of points: [Point]) -> (point: Point, direction: Point) {
    guard points.count >= 2 else { return (points.first ?? .zero, Point(1, 0)) }
    var total = 0.0
    for i in 1..<points.count { total += distance(points[i - 1], points[i]) }
    var remaining = total / 2
    for i in 1..<points.count {
        let segment = distance(points[i - 1], points[i])
        if remaining <= segment || i == points.count - 1 {
            let t = segment > 0 ? remaining / segment : 0
            return (points[i - 1] + (points[i] - points[i - 1]) * min(1, t), points[i] - points[i - 1])
        }
        remaining -= segment
    }
    return (points[0], Point(1, 0))
}

func distance(_ a: Point, _ b: Point) -> Double {
    let d = a - b
    return (d.x * d.x + d.y * d.y).squareRoot()
}

/// Adds an arrowhead (a filled triangle) at `tip`, pointing away from `previous`, to
/// `heads`; returns where the line under it should stop (half-way into the head, or at
/// `previous` when that is nearer). Used by smooth lines (Smoothing.swift).
func addArrowhead(tip: Point, from previous: Point, length: Double, width: Double, into heads: inout PathSink) -> Point {
    let d = tip - previous
    let distance = (d.x * d.x + d.y * d.y).squareRoot()
    guard distance > 0 else { return tip }
    let u = d * (1 / distance)
    let n = Point(-u.y, u.x)
    let base = tip - u * length
    heads.move(to: tip)
    heads.line(to: base + n * (width / 2))
    heads.line(to: base - n * (width / 2))
    heads.close()
    return tip - u * min(length / 2, distance)
}

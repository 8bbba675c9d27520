// Connector geometry: where a line between two nodes meets their outlines, arrowheads,
// and where a connector's label goes.
//
// Arrowheads are filled triangles in the stroke colour, sized by the line width w:
//     length = 6 + 3·w,  base width = 4 + 2·w        (1pt line: 9 × 6pt; 2pt: 12 × 8pt)
// The stroked line stops half-way into the head (length/2 before the tip), hidden under the
// head, so a butt or round cap never pokes out past the tip.

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
    var line = points
    var heads = PathSink()
    if ends != .none && !closed { heads.verbs.reserveCapacity(8); heads.points.reserveCapacity(6) }
    let (length, width) = arrowheadSize(lineWidth: lineWidth)
    func addHead(tip: Point, from previous: Point) -> Point {
        addArrowhead(tip: tip, from: previous, length: length, width: width, into: &heads)
    }
    if !closed && (ends == .end || ends == .both) {
        let last = line.count - 1
        if let j = (0..<last).last(where: { line[$0] != line[last] }) {
            line[last] = addHead(tip: points[last], from: points[j])
        }
    }
    if !closed && (ends == .start || ends == .both) {
        if let j = (1..<line.count).first(where: { points[$0] != points[0] }) {
            line[0] = addHead(tip: points[0], from: points[j])
        }
    }
    // Sized once: a 100-point stroke would otherwise regrow both arrays seven times.
    var sink = PathSink()
    sink.verbs.reserveCapacity(line.count + (closed ? 1 : 0))
    sink.points.reserveCapacity(line.count)
    sink.move(to: line[0])
    for p in line.dropFirst() { sink.line(to: p) }
    if closed { sink.close() }
    return (sink.path, heads.verbs.isEmpty ? nil : heads.path)
}

/// Adds an arrowhead (a filled triangle) at `tip`, pointing away from `previous`, to
/// `heads`; returns where the line under it should stop (half-way into the head, or at
/// `previous` when that is nearer).
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

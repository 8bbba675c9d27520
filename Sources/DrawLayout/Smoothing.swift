// Smooth curves through points: `smooth: true` on lines, polylines and polygons draws a
// centripetal Catmull-Rom spline (α = 0.5) through the points, converted here, once, to one
// cubic Bézier per segment, so every backend draws the same curve.
//
// For a segment P1 → P2 with neighbours P0 and P3 and knot intervals dᵢ = |Pᵢ − Pᵢ₋₁|^α, the
// Bézier control points of the Catmull-Rom segment are (Yuksel, Schaefer and Keyser, "On the
// parameterization of Catmull-Rom curves", 2009, written with d² = |Pᵢ − Pᵢ₋₁|^2α):
//     B1 = (d1²·P2 − d2²·P0 + (2d1² + 3d1d2 + d2²)·P1) / (3d1(d1 + d2))
//     B2 = (d3²·P1 − d2²·P3 + (2d3² + 3d3d2 + d2²)·P2) / (3d3(d3 + d2))
// `tension` τ pulls both control points toward their end point: B' = P + (1 − τ)(B − P), so
// τ = 0 is the Catmull-Rom curve and τ = 1 straight segments. An open curve's missing
// neighbours are the end points reflected (P0 = 2·P1 − P2), so it leaves its ends straight
// toward the next point; a closed curve (polygons) wraps around. Repeated points are
// dropped first (they would make a zero knot interval).

import DrawBase
import DrawScene
import DrawSemantics

/// One cubic segment of a smooth curve.
struct CurveSegment {
    var start: Point
    var control1: Point
    var control2: Point
    var end: Point
}

/// The cubic segments of the centripetal Catmull-Rom curve through `input`.
func catmullRomSegments(_ input: [Point], closed: Bool, tension: Double) -> [CurveSegment] {
    var points: [Point] = []
    points.reserveCapacity(input.count)
    for p in input where points.last != p { points.append(p) }
    if closed, points.count > 1, points.first == points.last { points.removeLast() }
    let n = points.count
    guard n >= 2 else { return [] }
    let keep = 1 - max(0, min(1, tension))
    var segments: [CurveSegment] = []
    segments.reserveCapacity(closed ? n : n - 1)
    for i in 0..<(closed ? n : n - 1) {
        let p1 = points[i], p2 = points[(i + 1) % n]
        let p0 = i > 0 ? points[i - 1] : closed ? points[n - 1] : p1 * 2 - p2
        let p3 = i + 2 < n ? points[i + 2] : closed ? points[(i + 2) % n] : p2 * 2 - p1
        // d² = |ΔP|^(2α) = |ΔP| for α = 1/2.
        let d1s = distance(p0, p1), d2s = distance(p1, p2), d3s = distance(p2, p3)
        let d1 = d1s.squareRoot(), d2 = d2s.squareRoot(), d3 = d3s.squareRoot()
        var b1 = p1, b2 = p2
        if d1 > 0 && d2 > 0 {
            b1 = (p2 * d1s - p0 * d2s + p1 * (2 * d1s + 3 * d1 * d2 + d2s)) * (1 / (3 * d1 * (d1 + d2)))
        }
        if d3 > 0 && d2 > 0 {
            b2 = (p1 * d3s - p3 * d2s + p2 * (2 * d3s + 3 * d3 * d2 + d2s)) * (1 / (3 * d3 * (d3 + d2)))
        }
        b1 = p1 + (b1 - p1) * keep
        b2 = p2 + (b2 - p2) * keep
        segments.append(CurveSegment(start: p1, control1: b1, control2: b2, end: p2))
    }
    return segments
}

/// A smooth line with arrowheads: the curve (its ends moved back under the heads along the
/// tangent) and the heads as one path of filled triangles, aimed along the curve's tangent
/// at each end.
func strokedSmoothLine(_ points: [Point], closed: Bool, ends: ArrowEnds, lineWidth: Double, tension: Double) -> (line: Scene.Path?, heads: Scene.Path?) {
    var segments = catmullRomSegments(points, closed: closed, tension: tension)
    guard !segments.isEmpty else {
        return strokedPolyline(points, closed: closed, ends: ends, lineWidth: lineWidth)
    }
    var heads = PathSink()
    let (length, width) = arrowheadSize(lineWidth: lineWidth)
    /// The point the tangent at an end comes from: the nearer control point unless it
    /// coincides with the end (tension 1), then the other one, then the far end.
    func tangentSource(_ s: CurveSegment, atEnd: Bool) -> Point {
        let tip = atEnd ? s.end : s.start
        for p in atEnd ? [s.control2, s.control1, s.start] : [s.control1, s.control2, s.end] where p != tip { return p }
        return tip
    }
    if !closed && (ends == .end || ends == .both) {
        let s = segments[segments.count - 1]
        let moved = addArrowhead(tip: s.end, from: tangentSource(s, atEnd: true), length: length, width: width, into: &heads)
        let shift = moved - s.end
        segments[segments.count - 1].end = moved
        segments[segments.count - 1].control2 = s.control2 + shift
    }
    if !closed && (ends == .start || ends == .both) {
        let s = segments[0]
        let moved = addArrowhead(tip: s.start, from: tangentSource(s, atEnd: false), length: length, width: width, into: &heads)
        let shift = moved - s.start
        segments[0].start = moved
        segments[0].control1 = s.control1 + shift
    }
    var sink = PathSink()
    sink.verbs.reserveCapacity(segments.count + 2)
    sink.points.reserveCapacity(3 * segments.count + 1)
    sink.move(to: segments[0].start)
    for s in segments { sink.cubic(s.control1, s.control2, s.end) }
    if closed { sink.close() }
    return (sink.path, heads.verbs.isEmpty ? nil : heads.path)
}

/// The bounds of the smooth curve through `points` (tight, not of the control points).
func smoothBounds(_ points: [Point], closed: Bool, tension: Double) -> Rect? {
    let segments = catmullRomSegments(points, closed: closed, tension: tension)
    guard let first = segments.first else { return pointBounds(points) }
    var sink = PathSink()
    sink.move(to: first.start)
    for s in segments { sink.cubic(s.control1, s.control2, s.end) }
    return tightBounds(of: sink.path)
}

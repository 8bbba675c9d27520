import DrawBase
import DrawScene
#if canImport(Foundation)
import Foundation
#endif

/// A run of connected points: one subpath after curves became lines.
struct Polyline {
    var points: [Point]
    var closed: Bool
}

enum Flatten {
    /// The most lines one cubic becomes, however large it is drawn (the curve-depth limit):
    /// a curve spanning a million pixels still becomes at most this many lines.
    static let maximumSegmentsPerCurve = 1024

    /// How many lines approximate the cubic p0…p3 within `tolerance` (Wang's formula: the
    /// distance to the chord is at most 3/4 · max second difference / n²).
    @inline(__always)
    static func segmentCount(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, tolerance: Double) -> Int {
        let ddx = max(abs(p0.x - 2 * p1.x + p2.x), abs(p1.x - 2 * p2.x + p3.x))
        let ddy = max(abs(p0.y - 2 * p1.y + p2.y), abs(p1.y - 2 * p2.y + p3.y))
        let dd = (ddx * ddx + ddy * ddy).squareRoot()
        let n = (0.75 * dd / tolerance).squareRoot().rounded(.up)
        guard n.isFinite else { return maximumSegmentsPerCurve }
        return max(1, min(maximumSegmentsPerCurve, Int(n)))
    }

    /// The path's subpaths as polylines, every point mapped through `transform` first
    /// (affine maps keep Bézier curves Bézier, so mapping the control points is exact).
    static func polylines(_ path: Scene.Path, transform t: Transform, tolerance: Double) -> [Polyline] {
        var result: [Polyline] = []
        var current: [Point] = []
        // After a close, the next line or curve starts from the closed subpath's start.
        var pendingStart: Point?
        var index = 0
        let points = path.points
        func finish(closed: Bool) {
            if !current.isEmpty { result.append(Polyline(points: current, closed: closed)) }
            current = []
        }
        func begin(_ fallback: Point) {
            if current.isEmpty { current.append(pendingStart ?? fallback); pendingStart = nil }
        }
        for verb in path.verbs {
            switch verb {
            case .move:
                finish(closed: false)
                pendingStart = nil
                current.append(t.apply(points[index]))
                index += 1
            case .line:
                let p = t.apply(points[index])
                begin(p)
                current.append(p)
                index += 1
            case .cubic:
                let p1 = t.apply(points[index]), p2 = t.apply(points[index + 1]), p3 = t.apply(points[index + 2])
                index += 3
                begin(p1)
                let p0 = current[current.count - 1]
                let n = segmentCount(p0, p1, p2, p3, tolerance: tolerance)
                for i in 1...n {
                    let u = Double(i) / Double(n), v = 1 - u
                    let a = v * v * v, b = 3 * v * v * u, c = 3 * v * u * u, d = u * u * u
                    current.append(Point(a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y))
                }
            case .close:
                pendingStart = current.first ?? pendingStart
                finish(closed: true)
            case .rect:
                // As move, three lines and close: a closed subpath of its four corners.
                finish(closed: false)
                let (a, b, c, d) = Scene.Path.rectangleCorners(points[index], points[index + 1])
                current = [t.apply(a), t.apply(b), t.apply(c), t.apply(d)]
                index += 2
                pendingStart = current[0]
                finish(closed: true)
            }
        }
        finish(closed: false)
        return result
    }
}

// Where a connector meets a node: the node's true outline (its IR path, flattened finely)
// intersected with the connector's line or last segment, in content coordinates, so rotated
// and scaled nodes clip as drawn. Groups and stacks clip to their frame.

import DrawScene

/// The largest distance between a flattened cubic and the curve, in points: well under the
/// 0.01 pt the geometry tests allow.
let outlineFlatness = 0.001
/// Most line segments one cubic is flattened into (a bound for huge curves).
let maximumFlatteningSegments = 4096

/// A path as polylines in the coordinates `map` gives; a closed subpath ends with its first
/// point again.
func flatten(_ path: Scene.Path, map: (Point) -> Point = { $0 }) -> [[Point]] {
    var result: [[Point]] = []
    var current: [Point] = []
    var index = 0
    var last = Point.zero, start = Point.zero
    for verb in path.verbs {
        switch verb {
        case .move:
            if current.count > 1 { result.append(current) }
            last = path.points[index]; start = last
            current = [map(last)]
        case .line:
            last = path.points[index]
            current.append(map(last))
        case .cubic:
            let (c1, c2, end) = (path.points[index], path.points[index + 1], path.points[index + 2])
            let dd1 = last - c1 * 2 + c2, dd2 = c1 - c2 * 2 + end
            let m = max((dd1.x * dd1.x + dd1.y * dd1.y).squareRoot(), (dd2.x * dd2.x + dd2.y * dd2.y).squareRoot())
            // Flattening error ≤ (3/4)·max|Δ²|/n² (the second derivative of a cubic is at most 6·max|Δ²|).
            let n = max(1, min(maximumFlatteningSegments, Int((0.75 * m / outlineFlatness).squareRoot().rounded(.up))))
            for i in 1...n {
                let t = Double(i) / Double(n)
                current.append(map(i == n ? end : cubicPoint(last, c1, c2, end, t)))
            }
            last = end
        case .close:
            if current.count > 0 { current.append(map(start)) }
            last = start
        }
        index += verb.pointCount
    }
    if current.count > 1 { result.append(current) }
    return result
}

/// The first crossing of the line from `p` through `a` with the polylines, from `p`'s side:
/// the smallest parameter t ≥ 0 (p at 0, a at 1) with the crossed edge's unit direction.
/// Nil when the line meets none of them at t ≥ 0.
func firstCrossing(_ polylines: [[Point]], from p: Point, toward a: Point) -> (point: Point, t: Double, edge: Point)? {
    let d = a - p
    guard d != .zero else { return nil }
    var best: (point: Point, t: Double, edge: Point)?
    for line in polylines where line.count > 1 {
        for i in 1..<line.count {
            let q0 = line[i - 1], q1 = line[i]
            let e = q1 - q0
            let denominator = d.x * e.y - d.y * e.x
            if denominator == 0 { continue }
            let w = q0 - p
            let t = (w.x * e.y - w.y * e.x) / denominator
            let s = (w.x * d.y - w.y * d.x) / denominator
            guard s >= -1e-12, s <= 1 + 1e-12, t >= 0 else { continue }
            if best == nil || t < best!.t {
                let length = (e.x * e.x + e.y * e.y).squareRoot()
                best = (p + d * t, t, e * (1 / length))
            }
        }
    }
    return best
}

/// The distance from `p` to the nearest of the polylines.
func distance(from p: Point, to polylines: [[Point]]) -> Double {
    var best = Double.infinity
    for line in polylines {
        if line.count == 1 { best = min(best, distance(p, line[0])) }
        for i in line.indices.dropFirst() { best = min(best, distanceToSegment(p, line[i - 1], line[i])) }
    }
    return best
}

/// Whether `p` lies inside the closed polylines (even-odd).
func contains(_ polylines: [[Point]], _ p: Point) -> Bool {
    var inside = false
    for line in polylines where line.count > 2 {
        for i in 1..<line.count {
            let a = line[i - 1], b = line[i]
            if (a.y > p.y) != (b.y > p.y) {
                let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x)
                if x > p.x { inside.toggle() }
            }
        }
    }
    return inside
}

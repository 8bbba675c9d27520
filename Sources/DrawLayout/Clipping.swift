// Where a connector meets a node: the node's true outline (its IR path, flattened finely)
// intersected with the connector's line or last segment, in content coordinates, so rotated
// and scaled nodes clip as drawn. Groups and stacks clip to their frame.

import DrawBase
import DrawScene

/// The largest distance between a flattened cubic and the curve, in points: well under the
/// 0.01 pt the geometry tests allow.
let outlineFlatness = 0.001
/// Most line segments one cubic is flattened into (a bound for huge curves).
let maximumFlatteningSegments = 4096

/// Most points one flattened outline has: beyond it, every cubic gets proportionally fewer
/// segments (a huge path stays affordable, just coarser).
let maximumOutlinePoints = 200_000

/// Segments for a cubic from `p0` so that it is within `outlineFlatness` of the curve:
/// the error is at most (3/4)·max|Δ²|/n² (a cubic's second derivative is at most 6·max|Δ²|).
private func segmentCount(_ p0: Point, _ c1: Point, _ c2: Point, _ end: Point, flatness: Double = outlineFlatness) -> Int {
    let dd1 = p0 - c1 * 2 + c2, dd2 = c1 - c2 * 2 + end
    let m = max((dd1.x * dd1.x + dd1.y * dd1.y).squareRoot(), (dd2.x * dd2.x + dd2.y * dd2.y).squareRoot())
    let n = (0.75 * m / flatness).squareRoot().rounded(.up)
    return n.isFinite ? max(1, min(maximumFlatteningSegments, Int(n))) : 1
}

/// A path as polylines in the coordinates `map` gives; a closed subpath ends with its first
/// point again.
func flatten(_ path: Scene.Path, map: (Point) -> Point = { $0 }) -> [[Point]] {
    flatten(path, map: map, flatness: outlineFlatness)
}

/// The same within `flatness` of its curves.
func flatten(_ path: Scene.Path, map: (Point) -> Point, flatness: Double) -> [[Point]] {
    // First the segment counts, so a huge path can be coarsened to the point budget.
    var total = 0
    var scan = 0
    var previous = Point.zero
    for verb in path.verbs {
        switch verb {
        case .move, .line: previous = path.points[scan]; total += 1
        case .cubic:
            total += segmentCount(previous, path.points[scan], path.points[scan + 1], path.points[scan + 2], flatness: flatness)
            previous = path.points[scan + 2]
        case .close: total += 1
        case .rect: previous = path.points[scan]; total += 5
        }
        scan += verb.pointCount
    }
    let share = total > maximumOutlinePoints ? Double(maximumOutlinePoints) / Double(total) : 1
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
            var n = segmentCount(last, c1, c2, end, flatness: flatness)
            if share < 1 { n = max(1, Int(Double(n) * share)) }
            for i in 1...n {
                let t = Double(i) / Double(n)
                current.append(map(i == n ? end : cubicPoint(last, c1, c2, end, t)))
            }
            last = end
        case .close:
            if current.count > 0 { current.append(map(start)) }
            last = start
        case .rect:
            // As move, three lines and close.
            if current.count > 1 { result.append(current) }
            let (a, b, c, d) = Scene.Path.rectangleCorners(path.points[index], path.points[index + 1])
            current = [map(a), map(b), map(c), map(d), map(a)]
            last = a; start = a
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

/// Rectangles bucketed on a square grid, so "what lies near here" does not scan them all.
struct RectIndex {
    static let cell = 64.0
    /// Buckets a rectangle may span before it goes to the list checked for every query.
    static let maximumCellsPerRect = 256
    private(set) var rects: [Rect] = []
    private var buckets: [Int64: [Int32]] = [:]
    private var large: [Int32] = []

    private static func key(_ x: Int, _ y: Int) -> Int64 { Int64(x) << 32 | Int64(UInt32(bitPattern: Int32(truncatingIfNeeded: y))) }
    private static func range(_ a: Double, _ b: Double) -> ClosedRange<Int>? {
        let lo = (a / cell).rounded(.down), hi = (b / cell).rounded(.down)
        guard lo.isFinite, hi.isFinite, abs(lo) < 1e9, abs(hi) < 1e9 else { return nil }
        return Int(lo)...Int(hi)
    }

    mutating func insert(_ r: Rect) {
        let id = Int32(rects.count)
        rects.append(r)
        guard let xs = Self.range(r.minX, r.maxX), let ys = Self.range(r.minY, r.maxY),
              xs.count * ys.count <= Self.maximumCellsPerRect else { large.append(id); return }
        for x in xs { for y in ys { buckets[Self.key(x, y), default: []].append(id) } }
    }

    /// Whether any rectangle overlaps `r` (open interiors) and passes `include`.
    func anyOverlaps(_ r: Rect, where include: (Rect) -> Bool = { _ in true }) -> Bool {
        func hit(_ id: Int32) -> Bool {
            let o = rects[Int(id)]
            return o.minX < r.maxX && r.minX < o.maxX && o.minY < r.maxY && r.minY < o.maxY && include(o)
        }
        if large.contains(where: hit) { return true }
        guard let xs = Self.range(r.minX, r.maxX), let ys = Self.range(r.minY, r.maxY) else { return !rects.isEmpty }
        if xs.count * ys.count > 4 * Self.maximumCellsPerRect { return rects.indices.contains { hit(Int32($0)) } }
        for x in xs { for y in ys { if let list = buckets[Self.key(x, y)], list.contains(where: hit) { return true } } }
        return false
    }
}

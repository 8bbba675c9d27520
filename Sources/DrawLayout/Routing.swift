// Orthogonal connector routes: a search on a sparse grid (an "orthogonal visibility grid").
//
// The grid lines are the edges of every obstacle's frame grown by `routeMargin`, the middle
// of every channel between two neighbouring lines, and the lines through both ports' stubs
// (a port's stub is the point `routeMargin` out from the port, perpendicular to its side).
// A grid point strictly inside a grown obstacle is blocked, and so is a step between two
// neighbouring grid points whose middle is. Dijkstra's algorithm over (grid point, heading)
// finds the route with the fewest bends and, among those, the shortest: its cost is the pair
// (bends, length) compared in that order. The two end nodes are obstacles as well, so a
// route leaves each node straight out of its port and never crosses it. Without ports, each
// pair of sides that face the other node is tried (a side faces it when the other node lies
// wholly beyond that side's edge; all four sides when none does), and the best route wins
// (ties: top, right, bottom, left order).
//
// Connectors routed earlier on the page are soft obstacles (issue 36): their axis-parallel
// segments near the route are passed in as `occupied`, each adds its own line and the lines
// `routeGap` to either side of it to the grid, and a step along an occupied segment costs its
// length as "shared". The cost is then (shared, bends, length) in that order, so a route runs
// beside another one, `routeGap` apart, rather than on it — the nudging of libavoid's and
// ELK's orthogonal routers, done while searching instead of after.

import DrawCatalogue
import DrawScene
import DrawSemantics

/// How far routes keep from the frames of nodes they pass (and the length of port stubs).
let routeMargin = 10.0
/// How far apart parallel runs of different connectors in one channel are set.
let routeGap = 6.0
/// Obstacles an orthogonal route considers at most; with more nearby nodes it is drawn
/// without avoiding them (reported as a warning).
let maximumRoutingObstacles = 100
/// Orthogonal routes searched on one page; later ones are drawn as simple elbows (a warning).
let maximumRoutedConnectors = 2000

/// A place where a route leaves or enters a node: the point on the outline and the side's
/// outward direction (a unit axis vector).
struct Port {
    var point: Point
    var direction: Point
    /// Where the route turns first: `routeMargin` beyond the node's frame on that side, level
    /// with the port.
    var stub: Point
}

/// The outward unit vector of a side anchor; nil for the center and the corners.
func sideDirection(_ anchor: Anchor) -> Point? {
    switch anchor {
    case .top: Point(0, -1)
    case .bottom: Point(0, 1)
    case .left: Point(-1, 0)
    case .right: Point(1, 0)
    default: nil
    }
}

/// The route from `start` to `end` (both ports included, stubs and bends between) around
/// `obstacles` (frames, grown here by `routeMargin`), or nil when every way is blocked.
func orthogonalRoute(from start: Port, to end: Port, obstacles: [Rect], occupied: [(Point, Point)] = []) -> (points: [Point], bends: Int, length: Double, shared: Double)? {
    let grown = obstacles.map { Rect(x: $0.minX - routeMargin, y: $0.minY - routeMargin,
                                     width: $0.width + 2 * routeMargin, height: $0.height + 2 * routeMargin) }
    let s = start.stub
    let e = end.stub
    var xs: [Double] = [s.x, e.x], ys: [Double] = [s.y, e.y]
    for r in grown { xs.append(r.minX); xs.append(r.maxX); ys.append(r.minY); ys.append(r.maxY) }
    var horizontal: [(y: Double, x0: Double, x1: Double)] = [], vertical: [(x: Double, y0: Double, y1: Double)] = []
    for (a, b) in occupied {
        if abs(a.y - b.y) < 1e-6 {
            horizontal.append((a.y, min(a.x, b.x), max(a.x, b.x)))
            ys.append(a.y); ys.append(a.y - routeGap); ys.append(a.y + routeGap)
        } else if abs(a.x - b.x) < 1e-6 {
            vertical.append((a.x, min(a.y, b.y), max(a.y, b.y)))
            xs.append(a.x); xs.append(a.x - routeGap); xs.append(a.x + routeGap)
        }
    }
    func lines(_ values: [Double]) -> [Double] {
        let sorted = Array(Set(values)).sorted()
        var result: [Double] = []
        for i in sorted.indices {
            result.append(sorted[i])
            if i + 1 < sorted.count { result.append((sorted[i] + sorted[i + 1]) / 2) }
        }
        return result
    }
    let gx = lines(xs), gy = lines(ys)
    // Blocked grid points, and blocked steps to the next point along x and along y, marked
    // once per obstacle over the grid lines it spans (obstacle edges are grid lines).
    let (nx, ny) = (gx.count, gy.count)
    var blockedPoint = [Bool](repeating: false, count: nx * ny)
    var blockedStepX = [Bool](repeating: false, count: nx * ny)
    var blockedStepY = [Bool](repeating: false, count: nx * ny)
    func lowerBound(_ lines: [Double], _ value: Double) -> Int {
        var lo = 0, hi = lines.count
        while lo < hi { let mid = (lo + hi) / 2; if lines[mid] < value { lo = mid + 1 } else { hi = mid } }
        return lo
    }
    for r in grown {
        let x0 = lowerBound(gx, r.minX), x1 = lowerBound(gx, r.maxX)
        let y0 = lowerBound(gy, r.minY), y1 = lowerBound(gy, r.maxY)
        guard x0 < nx, y0 < ny else { continue }
        for j in y0...min(y1, ny - 1) {
            let insideY = gy[j] > r.minY && gy[j] < r.maxY
            for i in x0...min(x1, nx - 1) {
                let insideX = gx[i] > r.minX && gx[i] < r.maxX
                if insideX && insideY { blockedPoint[j * nx + i] = true }
                // The step i → i+1 at row j runs inside when row j is inside and i+1 ≤ x1.
                if insideY && i < x1 && i + 1 < nx { blockedStepX[j * nx + i] = true }
                if insideX && j < y1 && j + 1 < ny { blockedStepY[j * nx + i] = true }
            }
        }
    }
    // Steps along an occupied segment (its line is a grid line; the step's middle within it).
    var sharedStepX = [Bool](repeating: false, count: horizontal.isEmpty ? 0 : nx * ny)
    var sharedStepY = [Bool](repeating: false, count: vertical.isEmpty ? 0 : nx * ny)
    // A run closer to an occupied one than half the gap counts as on it (grid lines of two
    // searches differ by fractions of a point: channel middles move with their edges).
    let near = routeGap / 2 - 1e-6
    for h in horizontal {
        var j = lowerBound(gy, h.y - near)
        while j < ny && gy[j] <= h.y + near {
            var i = max(0, lowerBound(gx, h.x0) - 1)
            while i + 1 < nx && gx[i] < h.x1 {
                let mid = (gx[i] + gx[i + 1]) / 2
                if mid > h.x0 && mid < h.x1 { sharedStepX[j * nx + i] = true }
                i += 1
            }
            j += 1
        }
    }
    for v in vertical {
        var i = lowerBound(gx, v.x - near)
        while i < nx && gx[i] <= v.x + near {
            var j = max(0, lowerBound(gy, v.y0) - 1)
            while j + 1 < ny && gy[j] < v.y1 {
                let mid = (gy[j] + gy[j + 1]) / 2
                if mid > v.y0 && mid < v.y1 { sharedStepY[j * nx + i] = true }
                j += 1
            }
            i += 1
        }
    }
    guard let sx = gx.firstIndex(of: s.x), let sy = gy.firstIndex(of: s.y),
          let ex = gx.firstIndex(of: e.x), let ey = gy.firstIndex(of: e.y) else { return nil }
    // A stub end inside another obstacle: no route from this side.
    if blockedPoint[sy * nx + sx] || blockedPoint[ey * nx + ex] { return nil }
    // Headings: 0 +x, 1 +y, 2 −x, 3 −y.
    let steps = [(1, 0), (0, 1), (-1, 0), (0, -1)]
    func heading(_ d: Point) -> Int { d.x > 0.5 ? 0 : d.y > 0.5 ? 1 : d.x < -0.5 ? 2 : 3 }
    let startHeading = heading(start.direction)
    // Arriving at e, the route must head into the end port: opposite to its direction.
    let endHeading = (heading(end.direction) + 2) % 4
    let stateCount = nx * ny * 4
    var bends = [Int](repeating: Int.max, count: stateCount)
    var lengths = [Double](repeating: .infinity, count: stateCount)
    var shares = [Double](repeating: .infinity, count: stateCount)
    var previous = [Int32](repeating: -1, count: stateCount)
    func state(_ x: Int, _ y: Int, _ h: Int) -> Int { ((y * nx) + x) * 4 + h }
    var heap = RouteHeap()
    let first = state(sx, sy, startHeading)
    bends[first] = 0; lengths[first] = 0; shares[first] = 0
    heap.push(RouteCost(shared: 0, bends: 0, length: 0, state: first))
    var goal = -1
    while let cost = heap.pop() {
        let (sh, b, l, current) = (cost.shared, cost.bends, cost.length, cost.state)
        if sh != shares[current] || b != bends[current] || l != lengths[current] { continue }
        let h = current % 4
        let cell = current / 4
        let (x, y) = (cell % nx, cell / nx)
        if x == ex && y == ey && h == endHeading { goal = current; break }
        for nh in 0..<4 where nh != (h + 2) % 4 {
            let (dx, dy) = steps[nh]
            let (x2, y2) = (x + dx, y + dy)
            guard x2 >= 0, x2 < nx, y2 >= 0, y2 < ny else { continue }
            let p = Point(gx[x], gy[y]), q = Point(gx[x2], gy[y2])
            if blockedPoint[y2 * nx + x2] { continue }
            // The step between the two points, stored at the lower-left one.
            if dy == 0 ? blockedStepX[y * nx + min(x, x2)] : blockedStepY[min(y, y2) * nx + x] { continue }
            let nb = b + (nh == h ? 0 : 1)
            let step = distance(p, q)
            let nl = l + step
            let onShared = dy == 0 ? (!sharedStepX.isEmpty && sharedStepX[y * nx + min(x, x2)])
                                   : (!sharedStepY.isEmpty && sharedStepY[min(y, y2) * nx + x])
            let ns = sh + (onShared ? step : 0)
            let next = state(x2, y2, nh)
            if ns < shares[next] - 1e-9 || (abs(ns - shares[next]) <= 1e-9 && (nb < bends[next] || (nb == bends[next] && nl < lengths[next] - 1e-9))) {
                shares[next] = ns; bends[next] = nb; lengths[next] = nl; previous[next] = Int32(current)
                heap.push(RouteCost(shared: ns, bends: nb, length: nl, state: next))
            }
        }
    }
    guard goal >= 0 else { return nil }
    var cells: [Point] = []
    var walk = goal
    while walk >= 0 {
        let cell = walk / 4
        cells.append(Point(gx[cell % nx], gy[cell / nx]))
        walk = Int(previous[walk])
    }
    cells.reverse()
    var points = [start.point]
    points.append(contentsOf: cells)
    points.append(end.point)
    let simplified = removeCollinear(points)
    var length = 0.0
    for i in simplified.indices.dropFirst() { length += distance(simplified[i - 1], simplified[i]) }
    return (simplified, max(0, simplified.count - 2), length, shares[goal])
}

/// Drops repeated points and the middle of three points on one axis-parallel line.
func removeCollinear(_ points: [Point]) -> [Point] {
    var result: [Point] = []
    for p in points {
        if let last = result.last, distance(last, p) < 1e-9 { continue }
        if result.count >= 2 {
            let a = result[result.count - 2], b = result[result.count - 1]
            if (abs(a.x - b.x) < 1e-9 && abs(b.x - p.x) < 1e-9) || (abs(a.y - b.y) < 1e-9 && abs(b.y - p.y) < 1e-9) {
                result[result.count - 1] = p
                continue
            }
        }
        result.append(p)
    }
    return result
}

/// A search state's cost: shared length, then bends, then length (then the state, for ties).
struct RouteCost {
    var shared: Double
    var bends: Int
    var length: Double
    var state: Int
    static func < (a: RouteCost, b: RouteCost) -> Bool {
        if abs(a.shared - b.shared) > 1e-9 { return a.shared < b.shared }
        return a.bends != b.bends ? a.bends < b.bends : a.length != b.length ? a.length < b.length : a.state < b.state
    }
}

/// A binary min-heap of route costs.
struct RouteHeap {
    private var items: [RouteCost] = []
    mutating func push(_ item: RouteCost) {
        items.append(item)
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard items[i] < items[parent] else { break }
            items.swapAt(i, parent); i = parent
        }
    }
    mutating func pop() -> RouteCost? {
        guard !items.isEmpty else { return nil }
        let top = items[0]
        let last = items.removeLast()
        if !items.isEmpty {
            items[0] = last
            var i = 0
            while true {
                let l = 2 * i + 1, r = l + 1
                var m = i
                if l < items.count && items[l] < items[m] { m = l }
                if r < items.count && items[r] < items[m] { m = r }
                if m == i { break }
                items.swapAt(i, m); i = m
            }
        }
        return top
    }
}

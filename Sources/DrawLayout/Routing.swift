// Orthogonal connector routes: a search on a sparse grid (an "orthogonal visibility grid").
//
// The grid lines are the edges of every obstacle's frame grown by `routeMargin`, the middle
// of every channel between two neighbouring lines, and the lines through both ports' stubs
// (a port's stub is the point `routeMargin` out from the port, perpendicular to its side).
// A grid point strictly inside a grown obstacle is blocked, and so is a step between two
// neighbouring grid points whose middle is. A* over (grid point, heading) finds the route
// with the fewest bends and, among those, the shortest: its cost is the pair (bends, length)
// compared in that order, and its estimate of the rest the fewest bends and the Manhattan
// length with nothing in the way (so it reaches the states of routes about as good as the
// best, not the whole grid). The two end nodes are obstacles as well, so a
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

/// The cost of a route as the search compares them: length run on earlier routes, then bends,
/// then length.
typealias RouteScore = (shared: Double, bends: Int, length: Double)

/// Whether score `a` is worse than `b` by more than rounding (`slack` on lengths).
func routeScore(_ a: RouteScore, isWorseThan b: RouteScore, slack: Double = 1e-6) -> Bool {
    if a.shared > b.shared + 1e-9 { return true }
    if a.shared < b.shared - 1e-9 { return false }
    if a.bends != b.bends { return a.bends > b.bends }
    return a.length > b.length + slack
}

/// The fewest bends a route heading `h` needs to reach a point `(dx, dy)` away arriving with
/// heading `g`, with nothing in the way (headings: 0 +x, 1 +y, 2 −x, 3 −y). The exact answer
/// of that relaxed problem, so a consistent estimate for the search below.
func fewestBends(_ dx: Double, _ dy: Double, heading h: Int, arriving g: Int) -> Int {
    let eps = 1e-9
    let u = routeSteps[h]
    let along = dx * Double(u.0) + dy * Double(u.1)
    let across = -dx * Double(u.1) + dy * Double(u.0)
    if h == g {
        if abs(across) <= eps && (along > eps || abs(along) <= eps) { return 0 }
        return along > eps ? 2 : 4
    }
    if h == (g + 2) % 4 { return abs(across) > eps ? 2 : 4 }
    let v = routeSteps[g]
    let ahead = dx * Double(v.0) + dy * Double(v.1)
    return along >= -eps && ahead > eps ? 1 : 3
}

/// Headings as grid steps: 0 +x, 1 +y, 2 −x, 3 −y.
let routeSteps = [(1, 0), (0, 1), (-1, 0), (0, -1)]

/// Storage the route search reuses from one search to the next (one per layout engine): it
/// grows to the largest grid searched and is stamped per search, so a search costs the states
/// it reaches, not the size of its grid.
struct RouteScratch {
    fileprivate var generation: UInt32 = 0
    fileprivate var cellStamp: [UInt32] = []
    /// Per grid point: 1 blocked, 2 step +x blocked, 4 step +y blocked, 8 step +x shared, 16 step +y shared.
    fileprivate var cellFlags: [UInt8] = []
    fileprivate var stateStamp: [UInt32] = []
    fileprivate var bends: [Int32] = []
    fileprivate var lengths: [Double] = []
    fileprivate var shares: [Double] = []
    fileprivate var previous: [Int32] = []
    fileprivate var heap = RouteHeap()

    init() {}

    /// Starts a search over `cells` grid points.
    fileprivate mutating func begin(cells: Int) {
        if generation == UInt32.max {
            generation = 0
            for i in cellStamp.indices { cellStamp[i] = 0 }
            for i in stateStamp.indices { stateStamp[i] = 0 }
        }
        generation += 1
        if cellStamp.count < cells {
            cellStamp += [UInt32](repeating: 0, count: cells - cellStamp.count)
            cellFlags += [UInt8](repeating: 0, count: cells - cellFlags.count)
        }
        let states = cells * 4
        if stateStamp.count < states {
            let more = states - stateStamp.count
            stateStamp += [UInt32](repeating: 0, count: more)
            bends += [Int32](repeating: 0, count: more)
            lengths += [Double](repeating: 0, count: more)
            shares += [Double](repeating: 0, count: more)
            previous += [Int32](repeating: -1, count: more)
        }
        heap.removeAll()
    }

    fileprivate func flags(_ cell: Int) -> UInt8 { cellStamp[cell] == generation ? cellFlags[cell] : 0 }
    fileprivate mutating func mark(_ cell: Int, _ flag: UInt8) {
        if cellStamp[cell] != generation { cellStamp[cell] = generation; cellFlags[cell] = 0 }
        cellFlags[cell] |= flag
    }
}

/// The route from `start` to `end` (both ports included, stubs and bends between) around
/// `obstacles` (frames, grown here by `routeMargin`), or nil when every way is blocked.
func orthogonalRoute(from start: Port, to end: Port, obstacles: [Rect], occupied: [(Point, Point)] = []) -> (points: [Point], bends: Int, length: Double, shared: Double)? {
    var scratch = RouteScratch()
    return orthogonalRoute(from: start, to: end, obstacles: obstacles, occupied: occupied, scratch: &scratch)
}

/// The same, with the search's storage reused, giving up (nil) once every route left would
/// score worse than `bound` (a route found for another pair of ports).
func orthogonalRoute(from start: Port, to end: Port, obstacles: [Rect], occupied: [(Point, Point)], scratch: inout RouteScratch,
                     bound: RouteScore? = nil) -> (points: [Point], bends: Int, length: Double, shared: Double)? {
    let grown = obstacles.map { Rect(x: $0.minX - routeMargin, y: $0.minY - routeMargin,
                                     width: $0.width + 2 * routeMargin, height: $0.height + 2 * routeMargin) }
    let s = start.stub
    let e = end.stub
    var xs: [Double] = [s.x, e.x], ys: [Double] = [s.y, e.y]
    for r in grown { xs.append(r.minX); xs.append(r.maxX); ys.append(r.minY); ys.append(r.maxY) }
    // Lines beside earlier runs join the grid without channel middles of their own: the
    // middles are those of the channels between nodes (a middle between a run and the line
    // beside it would lie on the run), so the grid grows by three lines per run, not six.
    var xsBeside: [Double] = [], ysBeside: [Double] = []
    var horizontal: [(y: Double, x0: Double, x1: Double)] = [], vertical: [(x: Double, y0: Double, y1: Double)] = []
    for (a, b) in occupied {
        if abs(a.y - b.y) < 1e-6 {
            horizontal.append((a.y, min(a.x, b.x), max(a.x, b.x)))
            ysBeside.append(a.y); ysBeside.append(a.y - routeGap); ysBeside.append(a.y + routeGap)
        } else if abs(a.x - b.x) < 1e-6 {
            vertical.append((a.x, min(a.y, b.y), max(a.y, b.y)))
            xsBeside.append(a.x); xsBeside.append(a.x - routeGap); xsBeside.append(a.x + routeGap)
        }
    }
    func unique(_ values: [Double]) -> [Double] {
        var sorted = values.sorted()
        var count = 0
        for v in sorted where count == 0 || v != sorted[count - 1] { sorted[count] = v; count += 1 }
        sorted.removeSubrange(count...)
        return sorted
    }
    func lines(_ values: [Double], beside: [Double]) -> [Double] {
        let edges = unique(values)
        var result: [Double] = beside
        result.reserveCapacity(2 * edges.count + beside.count)
        for i in edges.indices {
            result.append(edges[i])
            if i + 1 < edges.count { result.append((edges[i] + edges[i + 1]) / 2) }
        }
        return beside.isEmpty ? result : unique(result)
    }
    let gx = lines(xs, beside: xsBeside), gy = lines(ys, beside: ysBeside)
    let (nx, ny) = (gx.count, gy.count)
    scratch.begin(cells: nx * ny)
    // Blocked grid points, and blocked steps to the next point along x and along y, marked
    // once per obstacle over the grid lines it spans (obstacle edges are grid lines).
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
                var flag: UInt8 = 0
                if insideX && insideY { flag |= 1 }
                // The step i → i+1 at row j runs inside when row j is inside and i+1 ≤ x1.
                if insideY && i < x1 && i + 1 < nx { flag |= 2 }
                if insideX && j < y1 && j + 1 < ny { flag |= 4 }
                if flag != 0 { scratch.mark(j * nx + i, flag) }
            }
        }
    }
    // Steps along an occupied segment (its line is a grid line; the step's middle within it).
    // A run closer to an occupied one than half the gap counts as on it (grid lines of two
    // searches differ by fractions of a point: channel middles move with their edges).
    let near = routeGap / 2 - 1e-6
    for h in horizontal {
        var j = lowerBound(gy, h.y - near)
        while j < ny && gy[j] <= h.y + near {
            var i = max(0, lowerBound(gx, h.x0) - 1)
            while i + 1 < nx && gx[i] < h.x1 {
                let mid = (gx[i] + gx[i + 1]) / 2
                if mid > h.x0 && mid < h.x1 { scratch.mark(j * nx + i, 8) }
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
                if mid > v.y0 && mid < v.y1 { scratch.mark(j * nx + i, 16) }
                j += 1
            }
            i += 1
        }
    }
    let sx = lowerBound(gx, s.x), sy = lowerBound(gy, s.y), ex = lowerBound(gx, e.x), ey = lowerBound(gy, e.y)
    guard sx < nx, gx[sx] == s.x, sy < ny, gy[sy] == s.y, ex < nx, gx[ex] == e.x, ey < ny, gy[ey] == e.y else { return nil }
    // A stub end inside another obstacle: no route from this side.
    if scratch.flags(sy * nx + sx) & 1 != 0 || scratch.flags(ey * nx + ex) & 1 != 0 { return nil }
    func heading(_ d: Point) -> Int { d.x > 0.5 ? 0 : d.y > 0.5 ? 1 : d.x < -0.5 ? 2 : 3 }
    let startHeading = heading(start.direction)
    // Arriving at e, the route must head into the end port: opposite to its direction.
    let endHeading = (heading(end.direction) + 2) % 4
    let (goalX, goalY) = (gx[ex], gy[ey])
    // A* over (grid point, heading): the estimate is the fewest bends and the Manhattan
    // length left with nothing in the way, both consistent, so the first time the goal is
    // taken from the heap its route is the best, and states beyond the best are never reached.
    func estimate(_ x: Int, _ y: Int, _ h: Int) -> (Int, Double) {
        let dx = goalX - gx[x], dy = goalY - gy[y]
        return (fewestBends(dx, dy, heading: h, arriving: endHeading), abs(dx) + abs(dy))
    }
    // The route's ends beyond the stubs count towards its length, not towards the search's.
    let stubLengths = distance(start.point, s) + distance(end.point, e)
    let generation = scratch.generation
    func state(_ x: Int, _ y: Int, _ h: Int) -> Int { ((y * nx) + x) * 4 + h }
    let first = state(sx, sy, startHeading)
    scratch.stateStamp[first] = generation
    scratch.bends[first] = 0; scratch.lengths[first] = 0; scratch.shares[first] = 0; scratch.previous[first] = -1
    let (b0, l0) = estimate(sx, sy, startHeading)
    scratch.heap.push(RouteCost(shared: 0, bends: b0, length: l0, state: first))
    var goal = -1
    while let cost = scratch.heap.pop() {
        let current = cost.state
        let (sh, b, l) = (scratch.shares[current], Int(scratch.bends[current]), scratch.lengths[current])
        let h = current % 4
        let cell = current / 4
        let (x, y) = (cell % nx, cell / nx)
        let (hb, hl) = estimate(x, y, h)
        // A stale entry: the state was reached more cheaply after it was pushed.
        if cost.shared != sh || cost.bends != b + hb || cost.length != l + hl { continue }
        if let bound, routeScore((sh, b + hb, l + hl + stubLengths), isWorseThan: bound) { return nil }
        if x == ex && y == ey && h == endHeading { goal = current; break }
        for nh in 0..<4 where nh != (h + 2) % 4 {
            let (dx, dy) = routeSteps[nh]
            let (x2, y2) = (x + dx, y + dy)
            guard x2 >= 0, x2 < nx, y2 >= 0, y2 < ny else { continue }
            let target = scratch.flags(y2 * nx + x2)
            if target & 1 != 0 { continue }
            // The step between the two points, stored at the lower-left one.
            let stepFlags = dy == 0 ? scratch.flags(y * nx + min(x, x2)) : scratch.flags(min(y, y2) * nx + x)
            if stepFlags & (dy == 0 ? 2 : 4) != 0 { continue }
            let nb = b + (nh == h ? 0 : 1)
            let step = dy == 0 ? abs(gx[x2] - gx[x]) : abs(gy[y2] - gy[y])
            let nl = l + step
            let ns = sh + (stepFlags & (dy == 0 ? 8 : 16) != 0 ? step : 0)
            let next = state(x2, y2, nh)
            let seen = scratch.stateStamp[next] == generation
            if !seen || ns < scratch.shares[next] - 1e-9
                || (abs(ns - scratch.shares[next]) <= 1e-9
                    && (nb < Int(scratch.bends[next]) || (nb == Int(scratch.bends[next]) && nl < scratch.lengths[next] - 1e-9))) {
                scratch.stateStamp[next] = generation
                scratch.shares[next] = ns; scratch.bends[next] = Int32(nb); scratch.lengths[next] = nl
                scratch.previous[next] = Int32(current)
                let (eb, el) = estimate(x2, y2, nh)
                scratch.heap.push(RouteCost(shared: ns, bends: nb + eb, length: nl + el, state: next))
            }
        }
    }
    guard goal >= 0 else { return nil }
    var cells: [Point] = []
    var walk = goal
    while walk >= 0 {
        let cell = walk / 4
        cells.append(Point(gx[cell % nx], gy[cell / nx]))
        walk = Int(scratch.previous[walk])
    }
    cells.reverse()
    var points = [start.point]
    points.append(contentsOf: cells)
    points.append(end.point)
    let simplified = removeCollinear(points)
    var length = 0.0
    for i in simplified.indices.dropFirst() { length += distance(simplified[i - 1], simplified[i]) }
    return (simplified, max(0, simplified.count - 2), length, scratch.shares[goal])
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

/// A search state's estimated cost (so far plus the estimate of the rest): shared length,
/// then bends, then length (then the state, for ties).
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
    mutating func removeAll() { items.removeAll(keepingCapacity: true) }
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

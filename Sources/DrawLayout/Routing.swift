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
//
// The estimate of the shared length left is 0 until a search has taken 500 states from its
// heap without reaching the goal. Such a search is one whose best route cannot avoid an
// earlier run (or one with no way at all): with 0 as the estimate it would take every state
// that shares nothing before any that shares (in a dense diagram 20,000–40,000 a search).
// It then finds the least shared length on from every state exactly (a Dijkstra backwards
// from the goal in which only shared length costs, run to the start's level) and starts
// again with that as the estimate, which takes it along the best routes directly; a start
// with no way on shows at once there is none. The route found is as good as before (the
// estimate stays consistent); among equally good ones another may win.

import DrawBase
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
/// grows to the largest grid searched and its states are stamped per search, so a search
/// costs the states it reaches, not the size of its grid.
struct RouteScratch {
    /// Stamps the least shared lengths to the goal (one grid per search).
    fileprivate var generation: UInt32 = 0
    /// Stamps the search states (a search may start again on the same grid).
    fileprivate var stateGeneration: UInt32 = 0
    /// Per grid point, cleared per search: 1 blocked, 2 step +x blocked, 4 step +y blocked,
    /// 8 step +x shared, 16 step +y shared.
    fileprivate var cellFlags: [UInt8] = []
    fileprivate var states: [RouteState] = []
    fileprivate var toGoal: [SharedToGoal] = []
    fileprivate var heap = MinHeap<RouteCost>()
    fileprivate var pending: [Int32] = []
    fileprivate var farther = MinHeap<ShareEntry>()

    init() {}

    /// Starts a search over `cells` grid points.
    fileprivate mutating func begin(cells: Int) {
        if generation == UInt32.max {
            generation = 0
            for i in toGoal.indices { toGoal[i] = SharedToGoal() }
        }
        generation += 1
        if cellFlags.count < cells { cellFlags += [UInt8](repeating: 0, count: cells - cellFlags.count) }
        cellFlags.withUnsafeMutableBufferPointer { UnsafeMutableBufferPointer(rebasing: $0[0..<cells]).update(repeating: 0) }
        let count = cells * 4
        if states.count < count {
            states += [RouteState](repeating: RouteState(), count: count - states.count)
            toGoal += [SharedToGoal](repeating: SharedToGoal(), count: count - toGoal.count)
        }
        beginStates()
    }

    /// Forgets every search state (the grid stays).
    fileprivate mutating func beginStates() {
        if stateGeneration == UInt32.max {
            stateGeneration = 0
            for i in states.indices { states[i].stamp = 0 }
        }
        stateGeneration += 1
        heap.removeAll()
    }
}

/// A search state's best way from the start so far (valid where `stamp` is the search's).
struct RouteState {
    var stamp: UInt32 = 0
    var bends: Int32 = 0
    var previous: Int32 = -1
    var length = 0.0
    var shared = 0.0
}

/// A search state's least length on to the goal along earlier routes: found so far where
/// `stamp` is the grid's, final where `settled` is (a state never settled has no way on that
/// could be the best).
struct SharedToGoal {
    var stamp: UInt32 = 0
    var settled: UInt32 = 0
    var shared = 0.0
}

/// `values` sorted, each once.
private func sortedUnique(_ values: [Double]) -> [Double] {
    var sorted = values.sorted()
    var count = 0
    for v in sorted where count == 0 || v != sorted[count - 1] { sorted[count] = v; count += 1 }
    sorted.removeSubrange(count...)
    return sorted
}

/// The grid lines of one axis: every obstacle edge and stub end (`values`), the middle of each
/// channel between two of them, and the lines `beside` earlier runs (no middles of their own).
private func routeGridLines(_ values: [Double], beside: [Double]) -> [Double] {
    let edges = sortedUnique(values)
    var result: [Double] = beside
    result.reserveCapacity(2 * edges.count + beside.count)
    for i in edges.indices {
        result.append(edges[i])
        if i + 1 < edges.count { result.append((edges[i] + edges[i + 1]) / 2) }
    }
    return beside.isEmpty ? result : sortedUnique(result)
}

/// The index of the first of the sorted `lines` not below `value`.
private func routeLowerBound(_ lines: [Double], _ value: Double) -> Int {
    var lo = 0, hi = lines.count
    while lo < hi { let mid = (lo + hi) / 2; if lines[mid] < value { lo = mid + 1 } else { hi = mid } }
    return lo
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
    // Grown frames as plain numbers (minX, minY, maxX, maxY).
    let grown = obstacles.map { ($0.minX - routeMargin, $0.minY - routeMargin, $0.maxX + routeMargin, $0.maxY + routeMargin) }
    let s = start.stub
    let e = end.stub
    var xs: [Double] = [s.x, e.x], ys: [Double] = [s.y, e.y]
    xs.reserveCapacity(2 + 2 * grown.count); ys.reserveCapacity(2 + 2 * grown.count)
    for r in grown { xs.append(r.0); xs.append(r.2); ys.append(r.1); ys.append(r.3) }
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
    let gx = routeGridLines(xs, beside: xsBeside), gy = routeGridLines(ys, beside: ysBeside)
    let (nx, ny) = (gx.count, gy.count)
    scratch.begin(cells: nx * ny)
    // The search's storage, moved out of the scratch while it runs (so writes to it need no
    // check that it is shared) and back when it ends.
    var flags: [UInt8] = [], states: [RouteState] = [], toGoal: [SharedToGoal] = []
    var heap = MinHeap<RouteCost>(), pending: [Int32] = [], farther = MinHeap<ShareEntry>()
    swap(&flags, &scratch.cellFlags); swap(&states, &scratch.states); swap(&toGoal, &scratch.toGoal)
    swap(&heap, &scratch.heap); swap(&pending, &scratch.pending); swap(&farther, &scratch.farther)
    defer {
        swap(&flags, &scratch.cellFlags); swap(&states, &scratch.states); swap(&toGoal, &scratch.toGoal)
        swap(&heap, &scratch.heap); swap(&pending, &scratch.pending); swap(&farther, &scratch.farther)
    }
    // Blocked grid points, and blocked steps to the next point along x and along y, marked
    // once per obstacle over the grid lines it spans (obstacle edges are grid lines).
    for (minX, minY, maxX, maxY) in grown {
        let x0 = routeLowerBound(gx, minX), x1 = routeLowerBound(gx, maxX)
        let y0 = routeLowerBound(gy, minY), y1 = routeLowerBound(gy, maxY)
        guard x0 < nx, y0 < ny else { continue }
        for j in y0...min(y1, ny - 1) {
            let insideY = gy[j] > minY && gy[j] < maxY
            for i in x0...min(x1, nx - 1) {
                let insideX = gx[i] > minX && gx[i] < maxX
                var flag: UInt8 = 0
                if insideX && insideY { flag |= 1 }
                // The step i → i+1 at row j runs inside when row j is inside and i+1 ≤ x1.
                if insideY && i < x1 && i + 1 < nx { flag |= 2 }
                if insideX && j < y1 && j + 1 < ny { flag |= 4 }
                flags[j * nx + i] |= flag
            }
        }
    }
    // Steps along an occupied segment (its line is a grid line; the step's middle within it).
    // A run closer to an occupied one than half the gap counts as on it (grid lines of two
    // searches differ by fractions of a point: channel middles move with their edges).
    let near = routeGap / 2 - 1e-6
    for h in horizontal {
        var j = routeLowerBound(gy, h.y - near)
        while j < ny && gy[j] <= h.y + near {
            var i = max(0, routeLowerBound(gx, h.x0) - 1)
            while i + 1 < nx && gx[i] < h.x1 {
                let mid = (gx[i] + gx[i + 1]) / 2
                if mid > h.x0 && mid < h.x1 { flags[j * nx + i] |= 8 }
                i += 1
            }
            j += 1
        }
    }
    for v in vertical {
        var i = routeLowerBound(gx, v.x - near)
        while i < nx && gx[i] <= v.x + near {
            var j = max(0, routeLowerBound(gy, v.y0) - 1)
            while j + 1 < ny && gy[j] < v.y1 {
                let mid = (gy[j] + gy[j + 1]) / 2
                if mid > v.y0 && mid < v.y1 { flags[j * nx + i] |= 16 }
                j += 1
            }
            i += 1
        }
    }
    let sx = routeLowerBound(gx, s.x), sy = routeLowerBound(gy, s.y), ex = routeLowerBound(gx, e.x), ey = routeLowerBound(gy, e.y)
    guard sx < nx, gx[sx] == s.x, sy < ny, gy[sy] == s.y, ex < nx, gx[ex] == e.x, ey < ny, gy[ey] == e.y else { return nil }
    // A stub end inside another obstacle: no route from this side.
    if flags[sy * nx + sx] & 1 != 0 || flags[ey * nx + ex] & 1 != 0 { return nil }
    func heading(_ d: Point) -> Int { d.x > 0.5 ? 0 : d.y > 0.5 ? 1 : d.x < -0.5 ? 2 : 3 }
    let startHeading = heading(start.direction)
    // Arriving at e, the route must head into the end port: opposite to its direction.
    let endHeading = (heading(end.direction) + 2) % 4
    let (goalX, goalY) = (gx[ex], gy[ey])
    // The step from a grid point heading nh: nil when blocked, else the grid point it reaches,
    // its length and whether it runs along an earlier route (a step's flags are stored at its
    // lower-left point).
    func step(_ x: Int, _ y: Int, heading nh: Int) -> (to: Int, length: Double, shared: Bool)? {
        let (dx, dy) = routeSteps[nh]
        let (x2, y2) = (x + dx, y + dy)
        guard x2 >= 0, x2 < nx, y2 >= 0, y2 < ny else { return nil }
        let to = y2 * nx + x2
        if flags[to] & 1 != 0 { return nil }
        let stepFlags = flags[dy == 0 ? y * nx + min(x, x2) : min(y, y2) * nx + x]
        if stepFlags & (dy == 0 ? 2 : 4) != 0 { return nil }
        return (to, dy == 0 ? abs(gx[x2] - gx[x]) : abs(gy[y2] - gy[y]), stepFlags & (dy == 0 ? 8 : 16) != 0)
    }
    // A* over (grid point, heading): the estimate is the least shared length, the fewest
    // bends and the Manhattan length left, each consistent, so the first time the goal is
    // taken from the heap its route is the best, and states beyond the best are never reached.
    // The least shared length is known only once `findSharedLengthsToGoal` has run; until
    // then it is taken as 0.
    let gridGeneration = scratch.generation
    var knowsSharing = false
    func estimate(_ x: Int, _ y: Int, _ h: Int) -> (Double, Int, Double) {
        let dx = goalX - gx[x], dy = goalY - gy[y]
        var shared = 0.0
        if knowsSharing {
            let t = toGoal[(y * nx + x) * 4 + h]
            shared = t.settled == gridGeneration ? t.shared : .infinity
        }
        return (shared, fewestBends(dx, dy, heading: h, arriving: endHeading), abs(dx) + abs(dy))
    }
    // The least length each state's way on to the goal must run along earlier routes:
    // Dijkstra backwards from the goal over the search's states and steps, lengths not shared
    // costing nothing (so it is exact). The states of one level are spread by a plain stack;
    // only the steps along an earlier route go through a heap. It stops past the start's
    // level: a state that must share more than the start cannot be on the best route, so
    // one left unreached counts as having no way on.
    let startState = (sy * nx + sx) * 4 + startHeading
    func findSharedLengthsToGoal() {
        pending.removeAll(keepingCapacity: true)
        farther.removeAll()
        let goal = (ey * nx + ex) * 4 + endHeading
        toGoal[goal] = SharedToGoal(stamp: gridGeneration, settled: 0, shared: 0)
        pending.append(Int32(goal))
        while true {
            guard let last = pending.popLast() else {
                guard let next = farther.pop() else { break }
                let start = toGoal[startState]
                if start.settled == gridGeneration && next.shared > start.shared + 1e-9 { break }
                let t = Int(next.state)
                if toGoal[t].settled != gridGeneration && toGoal[t].shared == next.shared { pending.append(next.state) }
                continue
            }
            let t = Int(last)
            if toGoal[t].settled == gridGeneration { continue }
            toGoal[t].settled = gridGeneration
            let here = toGoal[t].shared
            // The states a step heading nh into this grid point comes from.
            let nh = t % 4, cell = t / 4
            let (dx, dy) = routeSteps[nh]
            let (px, py) = (cell % nx - dx, cell / nx - dy)
            guard px >= 0, px < nx, py >= 0, py < ny else { continue }
            let from = py * nx + px
            if flags[from] & 1 != 0 { continue }
            guard let step = step(px, py, heading: nh) else { continue }
            let there = here + (step.shared ? step.length : 0)
            for h in 0..<4 where h != (nh + 2) % 4 {
                let q = from * 4 + h
                let old = toGoal[q]
                if old.settled == gridGeneration || (old.stamp == gridGeneration && old.shared <= there) { continue }
                toGoal[q] = SharedToGoal(stamp: gridGeneration, settled: 0, shared: there)
                if step.shared { farther.push(ShareEntry(shared: there, state: Int32(q))) } else { pending.append(Int32(q)) }
            }
        }
    }
    // The route's ends beyond the stubs count towards its length, not towards the search's.
    let stubLengths = distance(start.point, s) + distance(end.point, e)
    // A search that takes more states from the heap than this without reaching the goal is
    // one whose best route must run along an earlier one (or that has none): it would visit
    // every state that shares nothing first. It starts again knowing the least shared length
    // on from every state, which takes it to the goal directly (or shows there is no way).
    let budget = 500
    var pops = 0
    var goal = -1
    search: while true {
        let generation = scratch.stateGeneration
        let first = startState
        states[first] = RouteState(stamp: generation, bends: 0, previous: -1, length: 0, shared: 0)
        let (s0, b0, l0) = estimate(sx, sy, startHeading)
        if s0 == .infinity { return nil }
        heap.push(RouteCost(shared: s0, bends: b0, length: l0, state: first))
        while let cost = heap.pop() {
            pops += 1
            if !knowsSharing && pops > budget {
                knowsSharing = true
                findSharedLengthsToGoal()
                // Forget the states (the scratch's are moved out here).
                if scratch.stateGeneration == UInt32.max {
                    scratch.stateGeneration = 0
                    for i in states.indices { states[i].stamp = 0 }
                }
                scratch.stateGeneration += 1
                heap.removeAll()
                continue search
            }
            let current = cost.state
            let here = states[current]
            let (sh, b, l) = (here.shared, Int(here.bends), here.length)
            let h = current % 4
            let cell = current / 4
            let (x, y) = (cell % nx, cell / nx)
            let (hs, hb, hl) = estimate(x, y, h)
            // A stale entry: the state was reached more cheaply after it was pushed.
            if cost.shared != sh + hs || cost.bends != b + hb || cost.length != l + hl { continue }
            if let bound, routeScore((sh + hs, b + hb, l + hl + stubLengths), isWorseThan: bound) { return nil }
            if x == ex && y == ey && h == endHeading { goal = current; break search }
            for nh in 0..<4 where nh != (h + 2) % 4 {
                guard let step = step(x, y, heading: nh) else { continue }
                let nb = b + (nh == h ? 0 : 1)
                let nl = l + step.length
                let ns = sh + (step.shared ? step.length : 0)
                let next = step.to * 4 + nh
                let old = states[next]
                if old.stamp != generation || ns < old.shared - 1e-9
                    || (abs(ns - old.shared) <= 1e-9 && (nb < Int(old.bends) || (nb == Int(old.bends) && nl < old.length - 1e-9))) {
                    let (es, eb, el) = estimate(step.to % nx, step.to / nx, nh)
                    // No way on to the goal from there.
                    if es == .infinity { continue }
                    states[next] = RouteState(stamp: generation, bends: Int32(nb), previous: Int32(current), length: nl, shared: ns)
                    heap.push(RouteCost(shared: ns + es, bends: nb + eb, length: nl + el, state: next))
                }
            }
        }
        break
    }
    guard goal >= 0 else { return nil }
    var cells: [Point] = []
    var walk = goal
    while walk >= 0 {
        let cell = walk / 4
        cells.append(Point(gx[cell % nx], gy[cell / nx]))
        walk = Int(states[walk].previous)
    }
    cells.reverse()
    var points = [start.point]
    points.append(contentsOf: cells)
    points.append(end.point)
    let simplified = removeCollinear(points)
    var length = 0.0
    for i in simplified.indices.dropFirst() { length += distance(simplified[i - 1], simplified[i]) }
    return (simplified, max(0, simplified.count - 2), length, states[goal].shared)
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
struct RouteCost: Comparable {
    var shared: Double
    var bends: Int
    var length: Double
    var state: Int
    static func < (a: RouteCost, b: RouteCost) -> Bool {
        if abs(a.shared - b.shared) > 1e-9 { return a.shared < b.shared }
        return a.bends != b.bends ? a.bends < b.bends : a.length != b.length ? a.length < b.length : a.state < b.state
    }
}

/// A search state and the least shared length on from it to the goal found so far, ordered
/// by that length (then state, so the order is fixed).
struct ShareEntry: Comparable {
    var shared: Double
    var state: Int32
    static func < (a: ShareEntry, b: ShareEntry) -> Bool { a.shared != b.shared ? a.shared < b.shared : a.state < b.state }
}

/// A binary min-heap by the elements' own order: of `RouteCost`s for the search, of
/// `ShareEntry`s for the distances along earlier routes. Generic within this module, so the
/// optimizer specialises it for each (no witness calls on the hot path).
struct MinHeap<Element: Comparable> {
    private var items: [Element] = []
    mutating func removeAll() { items.removeAll(keepingCapacity: true) }
    mutating func push(_ item: Element) {
        items.append(item)
        var i = items.count - 1
        while i > 0 {
            let parent = (i - 1) / 2
            guard items[i] < items[parent] else { break }
            items.swapAt(i, parent); i = parent
        }
    }
    mutating func pop() -> Element? {
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

// Where a connector's label goes (issue 36): beside its own line, clear of every line, node
// and label placed before it, or else farther out with a leader line back to its connector.
//
// The placer knows nothing of nodes or connectors as such: it takes the label's size, its
// line as a polyline, where along it and on which side the label is wanted, and the
// obstacles — the page's lines (a `SegmentIndex`), node frames and placed labels (each a
// `RectIndex`). Both indexes are uniform grids, so a query costs the cells a box spans, not
// the number of lines on the page. The search is deterministic:
//
// 1. candidates beside the line (`labelPosition:` first, then the other side; `on` stays on
//    the line) at `labelAt:` and then at ±10 %, ±20 %, ±30 %, ±40 % of the line's length;
//    the first one clear of every obstacle wins;
// 2. else the same candidates moved out by one, two and three label heights (plus 2pt): the
//    first clear one wins and gets a leader from the line to the label's nearest edge;
// 3. else the candidate with the fewest obstacles under it (nodes count twice, labels three
//    times: a label over a label is unreadable), with a leader when it is moved out.
//
// The next issue's automatic layout reuses it through `LabelPlacer.place`.

import DrawBase
import DrawScene
import DrawSemantics

/// Line segments by owner in a uniform grid, for "which lines does this box meet" and "which
/// segments lie near this one" (routing, line jumps).
struct SegmentIndex {
    static let cell = 48.0
    /// Segments spanning more cells than this go to a list checked by every query.
    static let maximumCells = 512
    private(set) var segments: [(a: Point, b: Point, owner: Int32)] = []
    private var buckets: [Int64: [Int32]] = [:]
    private var large: [Int32] = []

    private static func key(_ x: Int, _ y: Int) -> Int64 { Int64(x) << 32 | Int64(UInt32(bitPattern: Int32(truncatingIfNeeded: y))) }
    private static func range(_ a: Double, _ b: Double) -> ClosedRange<Int>? {
        let lo = (min(a, b) / cell).rounded(.down), hi = (max(a, b) / cell).rounded(.down)
        guard lo.isFinite, hi.isFinite, abs(lo) < 1e9, abs(hi) < 1e9 else { return nil }
        return Int(lo)...Int(hi)
    }

    var isEmpty: Bool { segments.isEmpty }

    mutating func insert(_ a: Point, _ b: Point, owner: Int) {
        let id = Int32(segments.count)
        segments.append((a, b, Int32(owner)))
        guard let xs = Self.range(a.x, b.x), let ys = Self.range(a.y, b.y), xs.count * ys.count <= Self.maximumCells else {
            large.append(id); return
        }
        // Cells along the segment's bounding box: routes are axis-parallel, so this is tight.
        for x in xs { for y in ys { buckets[Self.key(x, y), default: []].append(id) } }
    }

    mutating func insert(polyline points: [Point], owner: Int) {
        for i in points.indices.dropFirst() where points[i] != points[i - 1] { insert(points[i - 1], points[i], owner: owner) }
    }

    /// Calls `body` once for each segment whose cells meet `r`'s (a superset of those near it).
    func forEachCandidate(near r: Rect, _ body: (Int32) -> Void) {
        for id in large { body(id) }
        guard let xs = Self.range(r.minX, r.maxX), let ys = Self.range(r.minY, r.maxY) else {
            for id in segments.indices { body(Int32(id)) }
            return
        }
        if xs.count * ys.count > 4 * Self.maximumCells {
            for id in segments.indices { body(Int32(id)) }
            return
        }
        var seen = Set<Int32>()
        for x in xs {
            for y in ys {
                guard let list = buckets[Self.key(x, y)] else { continue }
                for id in list where seen.insert(id).inserted { body(id) }
            }
        }
    }

    /// Whether a segment of an owner `include` accepts enters the open rectangle `r`.
    func anyHits(_ r: Rect, where include: (Int32) -> Bool = { _ in true }) -> Bool {
        var hit = false
        forEachCandidate(near: r) { id in
            guard !hit else { return }
            let s = segments[Int(id)]
            if include(s.owner), segmentEnters(s.a, s.b, r) { hit = true }
        }
        return hit
    }
}

/// Whether the segment a–b enters the open rectangle `r` (Liang–Barsky clipping).
func segmentEnters(_ a: Point, _ b: Point, _ r: Rect) -> Bool {
    var t0 = 0.0, t1 = 1.0
    let d = b - a
    for (p, q) in [(-d.x, a.x - r.minX), (d.x, r.maxX - a.x), (-d.y, a.y - r.minY), (d.y, r.maxY - a.y)] {
        if abs(p) < 1e-12 {
            if q <= 0 { return false }
        } else {
            let t = q / p
            if p < 0 { t0 = max(t0, t) } else { t1 = min(t1, t) }
        }
    }
    return t1 - t0 > 1e-9
}

/// What a label must keep clear of.
struct LabelObstacles {
    var lines = SegmentIndex()
    var nodes = RectIndex()
    var labels = RectIndex()
}

/// One label to place beside its line.
struct LabelRequest {
    /// The label's box (text and background padding).
    var size: Size
    /// Its line, flattened, in page content coordinates.
    var line: [Point]
    /// The owner of `line` in `LabelObstacles.lines` (a label may sit on its own line only
    /// when `position` is `.on`).
    var owner: Int
    var at: Double
    var position: LabelPosition
    /// The distance kept from the line.
    var gap: Double
}

/// Where a label goes: its box, and the leader's ends when it sits away from its line.
struct LabelPlacement {
    var box: Rect
    var leader: (from: Point, to: Point)?
}

enum LabelPlacer {
    static let fractionSteps = [0.1, 0.2, 0.3, 0.4]

    /// Places `request` against `obstacles`; `inTheWay` says whether a node frame counts (a
    /// frame holding the whole line is a background). The caller inserts the result into
    /// `obstacles.labels`.
    static func place(_ request: LabelRequest, _ obstacles: LabelObstacles, inTheWay: (Rect) -> Bool) -> LabelPlacement {
        let size = request.size
        var fractions = [request.at]
        for step in fractionSteps {
            fractions.append(min(0.95, request.at + step)); fractions.append(max(0.05, request.at - step))
        }
        let along = fractions.map { LinkPath.point(atFraction: $0, along: request.line, start: request.line.first ?? .zero) }
        let sides: [LabelPosition] = request.position == .on ? [.on, .above, .below]
            : [request.position, request.position == .above ? .below : .above]
        let owner = Int32(request.owner)
        func conflicts(_ box: Rect, onLine: Bool) -> Int {
            let shrunk = Rect(x: box.minX + 0.5, y: box.minY + 0.5, width: max(0, box.width - 1), height: max(0, box.height - 1))
            var score = 0
            if obstacles.lines.anyHits(shrunk, where: { onLine ? $0 != owner : true }) { score += 1 }
            if obstacles.nodes.anyOverlaps(shrunk, where: inTheWay) { score += 2 }
            if obstacles.labels.anyOverlaps(shrunk) { score += 3 }
            return score
        }
        var best: (score: Int, placement: LabelPlacement)?
        let step = size.height + 2
        for extra in [0.0, step, 2 * step, 3 * step] {
            for (p, direction) in along {
                for side in sides where extra == 0 || side != .on {
                    let origin = LayoutEngine.labelOrigin(at: p, direction: direction, side: side, size: size, gap: request.gap + extra)
                    let box = Rect(origin: origin, size: size)
                    var placement = LabelPlacement(box: box)
                    if extra > 0 { placement.leader = (p, nearestPoint(on: box, to: p)) }
                    let score = conflicts(box, onLine: side == .on)
                    if score == 0 { return placement }
                    if best == nil || score < best!.score { best = (score, placement) }
                }
            }
        }
        return best!.placement
    }

    /// The point of `r`'s outline nearest `p` (outside `r`).
    static func nearestPoint(on r: Rect, to p: Point) -> Point {
        Point(max(r.minX, min(r.maxX, p.x)), max(r.minY, min(r.maxY, p.y)))
    }
}

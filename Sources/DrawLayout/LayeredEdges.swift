// The lines of a layered drawing's edges (issue 37): where they leave and enter their nodes,
// and how they cross the gaps between ranks. Inside a rank's band an edge runs straight down
// (LayeredLayout.swift); across a gap it is one piece, drawn as a spline (EdgeSpline) or
// straight — unless that gap holds pieces so flat and so close that two would run along one
// another (a fan of edges out of or into one node, spread wide over the next rank). Then
// every slanted piece of that gap runs down to a track of its own, across, and down again,
// and the gap grows to hold the tracks.

import DrawBase
import DrawScene

/// Ranks one after another, each as thick as its thickest node, and the edges' points: out of
/// a port just below the upper node's band, across the gap (in one piece, or by a
/// track), down through each band a virtual node holds, into a port just above the lower
/// node's band — so no line cuts through a node of a band it passes, and two edges cross
/// exactly where the order says they do. The last stretch into a node, `reach` long, runs
/// along the rank axis so that arrowheads point along it.
struct EdgeLines {
    var rankCenter: [Double]
    var height: Double
    /// Per edge, its points from tail to head (none for an edge not between ranks).
    var bends: [[Point]]

    /// `chains`: per edge the layered nodes it runs through, tail first; `rank`, `thick`: of
    /// each layered node; `cross`: the real nodes' widths; `x`: a layered node's position.
    init(chains: [[Int]], rank: [Int], thick: [Double], cross: [Double], rankCount: Int, x: (Int) -> Double,
         nodeSpacing: Double, rankSpacing: Double) {
        // Into a node the last `reach`, out of one the first `lift` (off the outline, so that
        // the line is clipped to it like any other).
        let reach = min(10, rankSpacing * 0.3), lift = min(2, reach)
        let ports = Ports(chains: chains, x: x, cross: cross)
        // A gap's pieces cross `rankSpacing - reach - lift`; drawn as splines they are flattest
        // half-way, where they run as a straight piece across a gap `1 - pull` as high would.
        let tracks = GapTracks(chains: chains, rank: rank, rankCount: rankCount, x: x, ports: ports,
                               height: (rankSpacing - reach - lift) * (1 - EdgeSpline.pull))
        let pitch = max(3, min(8, nodeSpacing / 4))
        var rankThickness = [Double](repeating: 0, count: rankCount)
        for v in rank.indices { rankThickness[rank[v]] = max(rankThickness[rank[v]], thick[v]) }
        rankCenter = [Double](repeating: 0, count: rankCount)
        var y = 0.0
        for r in 0..<rankCount {
            rankCenter[r] = y + rankThickness[r] / 2
            y += rankThickness[r]
            if r + 1 < rankCount {
                y += tracks.count[r] == 0 ? rankSpacing : max(rankSpacing, lift + reach + pitch * Double(tracks.count[r] + 1))
            }
        }
        height = y
        bends = []
        for (e, chain) in chains.enumerated() {
            var points: [Point] = []
            for (i, v) in chain.enumerated() where chain.count >= 2 {
                let centre = rankCenter[rank[v]], half = rankThickness[rank[v]] / 2
                let isTail = i == 0, isHead = i == chain.count - 1
                if !isTail { points.append(Point(isHead ? ports.entry[e] : x(v), centre - half - reach)) }
                guard !isHead else { continue }
                let from = Point(isTail ? ports.exit[e] : x(v), centre + half + lift)
                points.append(from)
                let t = tracks.track[e][i]
                if t >= 0 {
                    // Down to the track, across, and on down to the next rank.
                    let to = i + 1 == chain.count - 1 ? ports.entry[e] : x(chain[i + 1])
                    points.append(Point(from.x, from.y + pitch * Double(t + 1)))
                    points.append(Point(to, from.y + pitch * Double(t + 1)))
                }
            }
            bends.append(points)
        }
    }
}

/// Where edges leave and enter their nodes: just outside the side facing the next rank,
/// spread along it in the order of where they go, so that edges of one node neither share a
/// point nor cross at it (dot's ports, without shapes). Only the cross position is decided
/// here; a tail's port sits just outside its rank's band, a head's `reach` outside it.
struct Ports {
    var exit: [Double]
    var entry: [Double]

    /// The least gap between two ports of one side, where the side is wide enough.
    static let gap = 3.0

    /// `chains`: per edge the layered nodes it runs through, tail first (fewer than two: not
    /// between ranks); `x`: a layered node's cross position; `cross`: the real nodes' widths.
    init(chains: [[Int]], x: (Int) -> Double, cross: [Double]) {
        exit = [Double](repeating: 0, count: chains.count)
        entry = exit
        var outgoing = [[(Double, Int)]](repeating: [], count: cross.count)
        var incoming = [[(Double, Int)]](repeating: [], count: cross.count)
        for (e, chain) in chains.enumerated() where chain.count >= 2 {
            outgoing[chain[0]].append((x(chain[1]), e))
            incoming[chain[chain.count - 1]].append((x(chain[chain.count - 2]), e))
        }
        for v in cross.indices {
            for (list, isExit) in [(outgoing[v], true), (incoming[v], false)] where !list.isEmpty {
                // The middle 60 % of the side; more of it (up to all but 2pt at each corner)
                // when that keeps the ports `gap` apart.
                let span = max(cross[v] * 0.6, min(cross[v] - 4, Double(list.count + 1) * Self.gap))
                let sorted = list.enumerated().sorted { $0.element.0 < $1.element.0 || ($0.element.0 == $1.element.0 && $0.offset < $1.offset) }
                for (k, item) in sorted.enumerated() {
                    let p = x(v) + (Double(k + 1) / Double(list.count + 1) - 0.5) * span
                    if isExit { exit[item.element.1] = p } else { entry[item.element.1] = p }
                }
            }
        }
    }
}

/// The pieces of edges across each gap between ranks and the tracks of the gaps that need them.
struct GapTracks {
    /// One edge's straight run across a gap: from the cross position `from` on the upper
    /// rank's side to `to` on the lower's.
    struct Piece {
        var from: Double
        var to: Double
        var edge: Int
        /// Which gap of its edge's chain (0: the one below its tail).
        var step: Int
    }

    /// Tracks per gap (gap r lies below rank r; 0: straight pieces).
    var count: [Int]
    /// Per edge, per gap of its chain: the piece's track (0 the highest), or -1: straight.
    var track: [[Int]]

    /// `height`: a gap's height between the rows of ports (what the pieces cross).
    init(chains: [[Int]], rank: [Int], rankCount: Int, x: (Int) -> Double, ports: Ports, height: Double) {
        count = [Int](repeating: 0, count: max(0, rankCount - 1))
        track = chains.map { [Int](repeating: -1, count: max(0, $0.count - 1)) }
        var pieces = [[Piece]](repeating: [], count: count.count)
        for (e, chain) in chains.enumerated() where chain.count >= 2 {
            for i in 0..<(chain.count - 1) {
                let from = i == 0 ? ports.exit[e] : x(chain[i])
                let to = i == chain.count - 2 ? ports.entry[e] : x(chain[i + 1])
                pieces[rank[chain[i]]].append(Piece(from: from, to: to, edge: e, step: i))
            }
        }
        for gap in pieces.indices where Self.crowded(pieces[gap], height: height) {
            count[gap] = assign(pieces[gap])
        }
    }

    /// Whether two straight pieces of the gap would come within a few points of running
    /// along one another (nearly parallel and close, or crossing at a shallow angle). Pieces
    /// that could are neighbours when sorted by either end, so each is compared with the
    /// next few in both orders.
    static func crowded(_ pieces: [Piece], height h: Double) -> Bool {
        guard pieces.count > 1 else { return false }
        func close(_ p: Piece, _ q: Piece) -> Bool {
            let dp = p.to - p.from, dq = q.to - q.from
            let lp = (dp * dp + h * h).squareRoot(), lq = (dq * dq + h * h).squareRoot()
            // The sine of the angle between them, and how far apart they are at each end
            // measured across the first.
            guard h * abs(dp - dq) / (lp * lq) < 0.03 else { return false }
            let start = (q.from - p.from) * h / lp, end = (q.to - p.to) * h / lp
            return min(abs(start), abs(end)) < 3 || (start < 0) != (end < 0)
        }
        let window = 8
        for byStart in [true, false] {
            let sorted = pieces.indices.sorted {
                let a = byStart ? pieces[$0].from : pieces[$0].to, b = byStart ? pieces[$1].from : pieces[$1].to
                return a < b || (a == b && $0 < $1)
            }
            for i in sorted.indices {
                for j in (i + 1)..<min(sorted.count, i + 1 + window) where close(pieces[sorted[i]], pieces[sorted[j]]) { return true }
            }
        }
        return false
    }

    /// Gives the slanted pieces of a gap their tracks; returns how many it takes. A piece
    /// goes below every piece met before whose run across overlaps its own. Pieces running
    /// right come first, the one starting furthest right highest: of two such pieces that
    /// overlap without swapping order, the one starting further left then lies below, so its
    /// run across passes under the other's drop and they do not cross (and two that swap
    /// cross once). Pieces running left mirror that, below them.
    mutating func assign(_ pieces: [Piece]) -> Int {
        let slanted = pieces.indices.filter { abs(pieces[$0].to - pieces[$0].from) > 0.5 }
        let right = slanted.filter { pieces[$0].to > pieces[$0].from }
            .sorted { pieces[$0].from > pieces[$1].from || (pieces[$0].from == pieces[$1].from && $0 < $1) }
        let left = slanted.filter { pieces[$0].to < pieces[$0].from }
            .sorted { pieces[$0].from < pieces[$1].from || (pieces[$0].from == pieces[$1].from && $0 < $1) }
        var placed: [(lo: Double, hi: Double, track: Int)] = []
        var tracks = 0
        for i in right + left {
            let p = pieces[i]
            let lo = min(p.from, p.to) - Ports.gap, hi = max(p.from, p.to) + Ports.gap
            var t = 0
            for q in placed where q.lo < hi && lo < q.hi { t = max(t, q.track + 1) }
            placed.append((lo, hi, t))
            track[p.edge][p.step] = t
            tracks = max(tracks, t + 1)
        }
        return tracks
    }
}

/// A connector a graph laid out: its points (ports, the ends of its runs through bands, the
/// corners of its tracks) in page coordinates, and the graph's rank axis there.
struct GraphEdgeLine {
    var points: [Point]
    /// A unit vector along the ranks (either way round).
    var axis: Point
}

/// An edge of a layered drawing drawn as a spline (issue 37): smooth through its points, with
/// its tangent along the rank axis wherever it enters or leaves a gap between ranks (and so at
/// its ports, as dot draws them). Each slanted piece across a gap becomes a cubic whose control
/// points lie along the axis half-way across the gap: every piece of one gap then shares its
/// height at every parameter, and runs across in proportion to its straight piece, so two
/// edges cross exactly where their straight pieces cross (once) and nowhere else, and the
/// curve stays inside the gap, which holds no node. Runs along the axis (through a band, where
/// no node of that rank is) stay straight, and a track's square corners are rounded with a
/// radius of at most half of each leg, so the curve cuts no more than the corner's own room.
enum EdgeSpline {
    /// The largest corner radius of a track.
    static let cornerRadius = 6.0
    /// A cubic's control points sit this fraction of its run along the axis from its ends.
    static let pull = 0.5

    /// The segments of the spline through `points` (its start is `points[0]`).
    static func segments(through points: [Point], axis: Point) -> [LinkPath.Segment] {
        guard points.count >= 2 else { return [] }
        func along(_ d: Point) -> Double { d.x * axis.x + d.y * axis.y }
        func length(_ d: Point) -> Double { (d.x * d.x + d.y * d.y).squareRoot() }
        /// A piece with no length across the axis (or none along it) is straight.
        func isStraight(_ d: Point) -> Bool {
            let a = along(d)
            return length(d - axis * a) < 0.5 || abs(a) < 0.5
        }
        // A corner: a point between a run along the axis and one across it (a track).
        var radius = [Double](repeating: 0, count: points.count)
        for i in 1..<(points.count - 1) {
            let a = points[i] - points[i - 1], b = points[i + 1] - points[i]
            guard isStraight(a), isStraight(b), length(a) >= 1, length(b) >= 1 else { continue }
            let ua = a * (1 / length(a)), ub = b * (1 / length(b))
            guard abs(ua.x * ub.x + ua.y * ub.y) < 0.5 else { continue }
            radius[i] = min(cornerRadius, length(a) / 2, length(b) / 2)
        }
        var result: [LinkPath.Segment] = []
        result.reserveCapacity(points.count * 2)
        for i in 1..<points.count {
            let p = points[i - 1], q = points[i]
            let d = q - p
            let n = length(d)
            guard n > 0 else { continue }
            let u = d * (1 / n)
            let from = p + u * radius[i - 1], to = q - u * radius[i]
            if isStraight(d) {
                result.append(.line(to))
            } else {
                let run = axis * (along(d) * pull)
                result.append(.cubic(from + run, to - run, to))
            }
            if radius[i] > 0 {
                // A quarter of a circle, nearly (κ = 0.5523 of the radius along each tangent).
                let next = unitVector(points[i + 1] - q)
                let r = radius[i], k = 1 - 0.5523
                result.append(.cubic(q - u * (r * k), q + next * (r * k), q + next * r))
            }
        }
        return result
    }
}

// The lines of a layered drawing's edges (issue 37): where they leave and enter their nodes,
// and the way they take through the ranks. Each edge is the shortest line (a taut string)
// from its port on its tail to its port on its head that passes every rank it crosses
// through its own gate — the stretch of that rank's band around its virtual node, out to
// half-way to each neighbour — so it cuts no node and keeps the order the ordering chose:
// two edges cross only in a gap between ranks where that order swaps, and there once. Where
// a straight line fits the gates it is one; it bends only around a node that is in the way.
// Should a gap still hold two pieces running along one another (a fan of edges out of or
// into one node, spread wide over the next rank), those pieces, and every slanted piece of
// that gap whose run across overlaps theirs, run down to a track of their own, across, and
// down again; the gap's other pieces stay straight (they run beside the tracks, not through
// them). A gap grows only when its tracks need more than `rankSpacing`.

import DrawBase
import DrawScene

/// Ranks one after another, each as thick as its thickest node, and the edges' points: from
/// just out of the tail (on its port) to just out of the head (on its port), with a point
/// at every rank boundary the line bends at.
struct EdgeLines {
    var rankCenter: [Double]
    var height: Double
    /// Per edge, its points from tail to head (none for an edge not between ranks).
    var bends: [[Point]]

    /// How far a gate keeps from the middle of the free space between two neighbours of a rank
    /// (so the lines of two neighbouring gates stay at least twice that apart).
    static let margin = 2.0
    /// How far out of its node an edge's first and last points lie, along the line (the
    /// connector code clips from there to the outline).
    static let lift = 2.0

    /// `chains`: per edge the layered nodes it runs through, tail first; `rank`, `thick`,
    /// `cross`: of each layered node, real and virtual; `x`: a layered node's position.
    init(chains: [[Int]], rank: [Int], thick: [Double], cross: [Double], rankCount: Int, x: (Int) -> Double,
         nodeSpacing: Double, rankSpacing: Double) {
        let ports = Ports(chains: chains, x: x, cross: cross)
        let gates = Gates(rank: rank, cross: cross, rankCount: rankCount, x: x)
        var rankThickness = [Double](repeating: 0, count: rankCount)
        for v in rank.indices { rankThickness[rank[v]] = max(rankThickness[rank[v]], thick[v]) }
        func centres(_ gaps: [Double]) -> (centres: [Double], height: Double) {
            var result = [Double](repeating: 0, count: rankCount)
            var y = 0.0
            for r in 0..<rankCount {
                result[r] = y + rankThickness[r] / 2
                y += rankThickness[r]
                if r + 1 < rankCount { y += gaps[r] }
            }
            return (result, y)
        }
        // Per edge its levels, tail first: the tail's port on its node's side, the bottom of its
        // band, the top and bottom of each band crossed, the top of the head's band, the head's
        // port. Gap i of the chain lies between levels 1 + 2i and 2 + 2i.
        func levels(_ e: Int, _ chain: [Int], _ centre: [Double]) -> [(y: Double, lo: Double, hi: Double)] {
            var result: [(y: Double, lo: Double, hi: Double)] = []
            result.reserveCapacity(2 * chain.count)
            let tail = chain[0], head = chain[chain.count - 1]
            let top = centre[rank[tail]]
            result.append((top + thick[tail] / 2, ports.exit[e], ports.exit[e]))
            result.append((top + rankThickness[rank[tail]] / 2, gates.lo[tail], gates.hi[tail]))
            for v in chain.dropFirst().dropLast() {
                let c = centre[rank[v]], half = rankThickness[rank[v]] / 2
                result.append((c - half, gates.lo[v], gates.hi[v]))
                result.append((c + half, gates.lo[v], gates.hi[v]))
            }
            let bottom = centre[rank[head]]
            result.append((bottom - rankThickness[rank[head]] / 2, gates.lo[head], gates.hi[head]))
            result.append((bottom - thick[head] / 2, ports.entry[e], ports.entry[e]))
            return result
        }
        // The taut strings, with every gap `rankSpacing` high: where each edge crosses each level.
        let first = centres([Double](repeating: rankSpacing, count: max(0, rankCount - 1))).centres
        var across = [[Double]](repeating: [], count: chains.count)
        for (e, chain) in chains.enumerated() where chain.count >= 2 {
            across[e] = TautString.through(levels(e, chain, first))
        }
        let tracks = GapTracks(chains: chains, rank: rank, rankCount: rankCount, across: &across, height: rankSpacing)
        // Tracks `nodeSpacing / 4` apart (3–8pt), closer where that keeps them within the
        // gap's own height; a gap grows only when even 3pt apart they need more room.
        let pitch = (0..<max(0, rankCount - 1)).map { gap -> Double in
            let tracks = Double(tracks.count[gap] + 1)
            return max(3, min(8, nodeSpacing / 4, rankSpacing / tracks))
        }
        let gaps = (0..<max(0, rankCount - 1)).map { tracks.count[$0] == 0 ? rankSpacing : max(rankSpacing, pitch[$0] * Double(tracks.count[$0] + 1)) }
        let final = centres(gaps)
        rankCenter = final.centres
        height = final.height
        bends = []
        bends.reserveCapacity(chains.count)
        for (e, chain) in chains.enumerated() {
            guard chain.count >= 2 else { bends.append([]); continue }
            // The same crossing points, the gaps grown where they hold tracks.
            let level = levels(e, chain, rankCenter)
            var points: [Point] = []
            points.reserveCapacity(level.count + 2)
            for (j, l) in level.enumerated() {
                points.append(Point(across[e][j], l.y))
                // Down to the track, across, and on down to the next rank.
                if j % 2 == 1, j + 1 < level.count, case let t = tracks.track[e][j / 2], t >= 0 {
                    let y = l.y + pitch[rank[chain[j / 2]]] * Double(t + 1)
                    points.append(Point(across[e][j], y))
                    points.append(Point(across[e][j + 1], y))
                }
            }
            bends.append(Self.trimmed(points))
        }
    }

    /// The points without repeats and without points on a straight run, the first and last
    /// moved `lift` along the line off the node's side.
    static func trimmed(_ points: [Point]) -> [Point] {
        var kept: [Point] = []
        kept.reserveCapacity(points.count)
        for p in points {
            if let last = kept.last, abs(last.x - p.x) < 1e-9, abs(last.y - p.y) < 1e-9 { continue }
            if kept.count >= 2 {
                let a = kept[kept.count - 2], b = kept[kept.count - 1]
                let cross = (b.x - a.x) * (p.y - b.y) - (b.y - a.y) * (p.x - b.x)
                let dot = (b.x - a.x) * (p.x - b.x) + (b.y - a.y) * (p.y - b.y)
                if abs(cross) < 1e-9 * max(1, abs(dot)), dot > 0 { kept.removeLast() }
            }
            kept.append(p)
        }
        guard kept.count >= 2 else { return kept }
        func moved(_ p: Point, toward q: Point) -> Point {
            let d = q - p
            let n = (d.x * d.x + d.y * d.y).squareRoot()
            return n > 0 ? p + d * (min(lift, n / 2) / n) : p
        }
        let last = kept.count - 1
        let start = moved(kept[0], toward: kept[1]), end = moved(kept[last], toward: kept[last - 1])
        kept[0] = start
        kept[last] = end
        return kept
    }
}

/// Per layered node, the stretch of its rank's band the lines through it may use: out to
/// `EdgeLines.margin` short of half-way to each neighbour (unbounded on a side with none),
/// and at least the node's own width (a virtual node holding a label is as wide as the
/// label's room, and its line may pass anywhere in it; the label placer puts the label
/// beside the line later).
struct Gates {
    var lo: [Double]
    var hi: [Double]

    init(rank: [Int], cross: [Double], rankCount: Int, x: (Int) -> Double) {
        lo = [Double](repeating: -.infinity, count: rank.count)
        hi = [Double](repeating: .infinity, count: rank.count)
        var members = [[Int]](repeating: [], count: rankCount)
        for v in rank.indices { members[rank[v]].append(v) }
        for var list in members {
            list.sort { x($0) < x($1) || (x($0) == x($1) && $0 < $1) }
            for k in 1..<max(1, list.count) {
                let u = list[k - 1], v = list[k]
                let middle = ((x(u) + cross[u] / 2) + (x(v) - cross[v] / 2)) / 2
                hi[u] = max(x(u) + cross[u] / 2 - EdgeLines.margin, min(x(u), middle - EdgeLines.margin))
                lo[v] = min(x(v) - cross[v] / 2 + EdgeLines.margin, max(x(v), middle + EdgeLines.margin))
            }
        }
        for v in rank.indices {
            lo[v] = min(lo[v], x(v))
            hi[v] = max(hi[v], x(v))
        }
    }
}

/// The shortest line through a sequence of levels, each an interval across at a height, the
/// first and last a single point (the funnel method: the line runs straight on while one
/// direction still passes every interval met since its last bend, and bends at the end of
/// the interval that closes the funnel).
enum TautString {
    /// Where the line crosses each level. Levels at one height are one level (their intervals
    /// met); heights never decrease.
    static func through(_ levels: [(y: Double, lo: Double, hi: Double)]) -> [Double] {
        // Merge levels at one height.
        var y: [Double] = [], lo: [Double] = [], hi: [Double] = []
        var merged = [Int](repeating: 0, count: levels.count)
        for (j, l) in levels.enumerated() {
            if let last = y.last, l.y - last < 1e-9 {
                let k = y.count - 1
                let a = max(lo[k], l.lo), b = min(hi[k], l.hi)
                if a <= b { lo[k] = a; hi[k] = b } else { lo[k] = (a + b) / 2; hi[k] = lo[k] }
            } else {
                y.append(l.y); lo.append(l.lo); hi.append(l.hi)
            }
            merged[j] = y.count - 1
        }
        let n = y.count
        var corners: [(index: Int, x: Double)] = [(0, lo[0])]
        if n > 1 {
            var apex = 0, ax = lo[0]
            var low = -Double.infinity, high = Double.infinity, lowAt = 0, highAt = 0
            var i = 1
            let last = n - 1
            while i < n {
                let dy = y[i] - y[apex]
                let a = (lo[i] - ax) / dy, b = (hi[i] - ax) / dy
                if a > high + 1e-12 {
                    // Every line through the funnel passes right of what it must: bend round
                    // the interval end that set the funnel's right side.
                    apex = highAt; ax = hi[highAt]
                    corners.append((apex, ax))
                    low = -.infinity; high = .infinity; lowAt = apex; highAt = apex
                    i = apex + 1
                    continue
                }
                if b < low - 1e-12 {
                    apex = lowAt; ax = lo[lowAt]
                    corners.append((apex, ax))
                    low = -.infinity; high = .infinity; lowAt = apex; highAt = apex
                    i = apex + 1
                    continue
                }
                if a > low { low = a; lowAt = i }
                if b < high { high = b; highAt = i }
                i += 1
            }
            corners.append((last, lo[last]))
        }
        // Along the straight runs between corners.
        var xs = [Double](repeating: corners[0].x, count: n)
        for k in 1..<corners.count {
            let (i0, x0) = corners[k - 1], (i1, x1) = corners[k]
            for i in i0...i1 {
                xs[i] = i1 == i0 ? x1 : x0 + (x1 - x0) * (y[i] - y[i0]) / (y[i1] - y[i0])
            }
        }
        return merged.map { xs[$0] }
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

    /// `across`: per edge where its line crosses each of its levels (EdgeLines), changed for
    /// the pieces of a gap given tracks: such a piece drops to its track straight down from
    /// where its line enters the band above (its port, or its run through a virtual node's
    /// band) and rises from its track straight up to where the line leaves the band below,
    /// so that the drop and the rise continue the line's runs through those bands instead of
    /// bending once more at the gap's edge. `height`: a gap's height.
    init(chains: [[Int]], rank: [Int], rankCount: Int, across: inout [[Double]], height: Double) {
        count = [Int](repeating: 0, count: max(0, rankCount - 1))
        track = chains.map { [Int](repeating: -1, count: max(0, $0.count - 1)) }
        var pieces = [[Piece]](repeating: [], count: count.count)
        for (e, chain) in chains.enumerated() where chain.count >= 2 {
            for i in 0..<(chain.count - 1) {
                pieces[rank[chain[i]]].append(Piece(from: across[e][1 + 2 * i], to: across[e][2 + 2 * i], edge: e, step: i))
            }
        }
        for gap in pieces.indices {
            var tracked = Self.tracked(pieces[gap], height: height)
            guard tracked.contains(true) else { continue }
            // The runs tracked pieces take; a slanted piece overlapping one is tracked too.
            func run(_ k: Int) -> (lo: Double, hi: Double) {
                let p = pieces[gap][k]
                var a = p.from, b = p.to
                if tracked[k] { let j = 1 + 2 * p.step; a = across[p.edge][j - 1]; b = across[p.edge][j + 2] }
                return (min(a, b) - Ports.gap, max(a, b) + Ports.gap)
            }
            // Each round tracks the pieces overlapping the last; after a few rounds (a chain of
            // overlaps across a wide gap) every slanted piece is tracked, as a bound on the work.
            var grown = true, rounds = 0
            while grown {
                grown = false
                rounds += 1
                if rounds > 8 {
                    for k in pieces[gap].indices where abs(pieces[gap][k].to - pieces[gap][k].from) > 0.5 { tracked[k] = true }
                    break
                }
                var runs = pieces[gap].indices.filter { tracked[$0] }.map(run).sorted { $0.lo < $1.lo }
                // Merged into disjoint runs, left to right.
                var merged: [(lo: Double, hi: Double)] = []
                for r in runs {
                    if let last = merged.last, r.lo <= last.hi { merged[merged.count - 1].hi = max(last.hi, r.hi) } else { merged.append(r) }
                }
                runs = merged
                for k in pieces[gap].indices where !tracked[k] && abs(pieces[gap][k].to - pieces[gap][k].from) > 0.5 {
                    let r = run(k)
                    // The first merged run ending after r starts.
                    var low = 0, high = runs.count
                    while low < high { let mid = (low + high) / 2; if runs[mid].hi <= r.lo { low = mid + 1 } else { high = mid } }
                    if low < runs.count && runs[low].lo < r.hi { tracked[k] = true; grown = true }
                }
            }
            for k in pieces[gap].indices where tracked[k] {
                let p = pieces[gap][k], j = 1 + 2 * p.step
                pieces[gap][k].from = across[p.edge][j - 1]
                pieces[gap][k].to = across[p.edge][j + 2]
                across[p.edge][j] = pieces[gap][k].from
                across[p.edge][j + 1] = pieces[gap][k].to
            }
            count[gap] = assign(pieces[gap].indices.filter { tracked[$0] }.map { pieces[gap][$0] })
        }
    }

    /// Which pieces of a gap take tracks: those that come close to running along another
    /// (`close`), and then every slanted piece whose run across overlaps a tracked one's
    /// (a straight line beside a track's drop, run and drop could cross it where the order
    /// does not swap, or three times where it does), until none does; the rest stay
    /// straight. A piece's run once tracked reaches from where its line enters the band
    /// above to where it leaves the band below, so the overlap is judged on that.
    static func tracked(_ pieces: [Piece], height h: Double) -> [Bool] {
        var result = [Bool](repeating: false, count: pieces.count)
        guard pieces.count > 1 else { return result }
        let window = 8
        for byStart in [true, false] {
            let sorted = pieces.indices.sorted {
                let a = byStart ? pieces[$0].from : pieces[$0].to, b = byStart ? pieces[$1].from : pieces[$1].to
                return a < b || (a == b && $0 < $1)
            }
            for i in sorted.indices {
                for j in (i + 1)..<min(sorted.count, i + 1 + window) where close(pieces[sorted[i]], pieces[sorted[j]], height: h) {
                    result[sorted[i]] = true
                    result[sorted[j]] = true
                }
            }
        }
        return result
    }

    /// Whether two straight pieces come within a few points of running along one another
    /// (nearly parallel and close, or crossing at a shallow angle).
    static func close(_ p: Piece, _ q: Piece, height h: Double) -> Bool {
        let dp = p.to - p.from, dq = q.to - q.from
        let lp = (dp * dp + h * h).squareRoot(), lq = (dq * dq + h * h).squareRoot()
        // The sine of the angle between them, and how far apart they are at each end
        // measured across the first.
        guard h * abs(dp - dq) / (lp * lq) < 0.03 else { return false }
        let start = (q.from - p.from) * h / lp, end = (q.to - p.to) * h / lp
        return min(abs(start), abs(end)) < 3 || (start < 0) != (end < 0)
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

/// A connector a graph laid out: its points (off its ends on their ports, where it bends, the
/// corners of its tracks) in page coordinates, and the graph's rank axis there.
struct GraphEdgeLine {
    var points: [Point]
    /// A unit vector along the ranks (either way round).
    var axis: Point
}

/// An edge of a layered drawing as drawn (issue 37): straight between its points, each bend
/// rounded — a curve from `cornerRadius` before the point to as far after it (at most half
/// of either leg), tangent to both legs (a quadratic Bézier with the point as its control, so
/// it stays inside the corner's triangle). A line through no bend is one straight piece.
enum EdgeSpline {
    /// The largest distance from a bend at which its rounding starts.
    static let cornerRadius = 8.0

    /// The segments of the line through `points` (its start is `points[0]`).
    static func segments(through points: [Point]) -> [LinkPath.Segment] {
        guard points.count >= 2 else { return [] }
        func length(_ d: Point) -> Double { (d.x * d.x + d.y * d.y).squareRoot() }
        var radius = [Double](repeating: 0, count: points.count)
        for i in 1..<max(1, points.count - 1) {
            let a = points[i] - points[i - 1], b = points[i + 1] - points[i]
            let la = length(a), lb = length(b)
            guard la > 1e-9, lb > 1e-9 else { continue }
            // Turns of under 0.1° are drawn as they are.
            guard abs(a.x * b.y - a.y * b.x) / (la * lb) > 1e-3 || a.x * b.x + a.y * b.y < 0 else { continue }
            radius[i] = min(cornerRadius, la / 2, lb / 2)
        }
        var result: [LinkPath.Segment] = []
        result.reserveCapacity(points.count * 2)
        for i in 1..<points.count {
            let p = points[i - 1], q = points[i]
            let d = q - p
            let n = length(d)
            guard n > 0 else { continue }
            let u = d * (1 / n)
            result.append(.line(q - u * radius[i]))
            if radius[i] > 0 {
                let w = unitVector(points[i + 1] - q)
                let from = q - u * radius[i], to = q + w * radius[i]
                result.append(.cubic(from + (q - from) * (2.0 / 3), to + (q - to) * (2.0 / 3), to))
            }
        }
        return result
    }
}

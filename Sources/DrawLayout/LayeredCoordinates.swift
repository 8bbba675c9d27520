// Coordinates within ranks by Brandes and Köpf ("Fast and Simple Horizontal Coordinate
// Assignment", 2001): type-1 conflicts marked (a segment between two virtual nodes wins over
// one it crosses), then for each of the four combinations of up/down and left/right, nodes
// aligned with a median neighbour into vertical blocks and the blocks compacted as far as
// their neighbours' separation allows; the narrowest of the four is the reference the others
// are aligned to, and each node takes the mean of its two middle candidates. Long edges come
// out straight, and the work is linear in the size of the layered graph.

enum BrandesKoepf {
    static func coordinates(_ nodes: LayeredNodes, _ layers: [[Int]], spacing: Double) -> [Double] {
        let n = nodes.count
        guard n > 0 else { return [] }
        let conflicts = typeOneConflicts(nodes, layers)
        var candidates: [[Double]] = []
        for vertical in 0..<2 {
            for horizontal in 0..<2 {
                var adjusted = vertical == 0 ? layers : layers.reversed()
                if horizontal == 1 { adjusted = adjusted.map { $0.reversed() } }
                let neighbours = vertical == 0 ? nodes.up : nodes.down
                let (root, align) = verticalAlignment(n, adjusted, conflicts, neighbours)
                var xs = compaction(nodes, adjusted, root: root, align: align, spacing: spacing)
                if horizontal == 1 { xs = xs.map { -$0 } }
                candidates.append(xs)
            }
        }
        // The narrowest alignment is the reference; left ones share its left edge, right ones its right.
        func extent(_ xs: [Double]) -> (Double, Double) {
            var lo = Double.infinity, hi = -Double.infinity
            for v in 0..<n { lo = min(lo, xs[v] - nodes.cross[v] / 2); hi = max(hi, xs[v] + nodes.cross[v] / 2) }
            return (lo, hi)
        }
        let extents = candidates.map(extent)
        var narrowest = 0
        for i in 1..<4 where extents[i].1 - extents[i].0 < extents[narrowest].1 - extents[narrowest].0 - 1e-9 { narrowest = i }
        for i in 0..<4 where i != narrowest {
            let delta = i % 2 == 0 ? extents[narrowest].0 - extents[i].0 : extents[narrowest].1 - extents[i].1
            if delta != 0 { candidates[i] = candidates[i].map { $0 + delta } }
        }
        var result = [Double](repeating: 0, count: n)
        for v in 0..<n {
            var four = [candidates[0][v], candidates[1][v], candidates[2][v], candidates[3][v]]
            four.sort()
            result[v] = (four[1] + four[2]) / 2
        }
        return result
    }

    /// Pairs (upper, lower) of segments that cross an inner segment (virtual to virtual).
    static func typeOneConflicts(_ nodes: LayeredNodes, _ layers: [[Int]]) -> Set<Int64> {
        var conflicts = Set<Int64>()
        guard layers.count > 2 else { return conflicts }
        var position = [Int](repeating: 0, count: nodes.count)
        for layer in layers { for (i, v) in layer.enumerated() { position[v] = i } }
        for r in 1..<layers.count {
            let previous = layers[r - 1], layer = layers[r]
            var k0 = 0, scan = 0
            for (i, v) in layer.enumerated() {
                var inner: Int?
                if nodes.isVirtual[v] { inner = nodes.up[v].first { nodes.isVirtual[$0] } }
                let k1 = inner.map { position[$0] } ?? previous.count
                if inner != nil || i == layer.count - 1 {
                    for s in layer[scan...i] {
                        for u in nodes.up[s] {
                            let p = position[u]
                            if (p < k0 || k1 < p) && !(nodes.isVirtual[u] && nodes.isVirtual[s]) {
                                conflicts.insert(key(u, s))
                            }
                        }
                    }
                    scan = i + 1
                    k0 = k1
                }
            }
        }
        return conflicts
    }

    static func key(_ a: Int, _ b: Int) -> Int64 { Int64(min(a, b)) << 32 | Int64(max(a, b)) }

    /// Blocks: each node joins the block of a median neighbour in the rank before, unless the
    /// segment conflicts or crosses an alignment already made.
    static func verticalAlignment(_ n: Int, _ layers: [[Int]], _ conflicts: Set<Int64>, _ neighbours: [[Int]]) -> ([Int], [Int]) {
        var root = Array(0..<n), align = Array(0..<n)
        var position = [Int](repeating: 0, count: n)
        for layer in layers { for (i, v) in layer.enumerated() { position[v] = i } }
        for layer in layers {
            var previous = -1
            for v in layer {
                var ws = neighbours[v]
                guard !ws.isEmpty else { continue }
                ws.sort { position[$0] < position[$1] }
                let m = Double(ws.count - 1) / 2
                for i in Int(m.rounded(.down))...Int(m.rounded(.up)) {
                    let w = ws[i]
                    if align[v] == v && previous < position[w] && !conflicts.contains(key(v, w)) {
                        align[w] = v
                        root[v] = root[w]
                        align[v] = root[v]
                        previous = position[w]
                    }
                }
            }
        }
        return (root, align)
    }

    /// Places blocks left to right as tight as separation allows, then pulls each block
    /// towards its right neighbours where it has slack (a longest-path layering of the block graph).
    static func compaction(_ nodes: LayeredNodes, _ layers: [[Int]], root: [Int], align: [Int], spacing: Double) -> [Double] {
        let n = nodes.count
        // The block graph: an edge from the block on the left to the block on the right.
        var predecessors = [[(Int, Double)]](repeating: [], count: n)
        var successors = [[(Int, Double)]](repeating: [], count: n)
        for layer in layers where layer.count > 1 {
            for i in 1..<layer.count {
                let u = layer[i - 1], v = layer[i]
                let separation = (nodes.cross[u] + nodes.cross[v]) / 2 + (nodes.isVirtual[u] && nodes.isVirtual[v] ? spacing / 2 : spacing)
                predecessors[root[v]].append((root[u], separation))
                successors[root[u]].append((root[v], separation))
            }
        }
        // Topological order of the blocks (the block graph has no cycle).
        var indegree = [Int](repeating: 0, count: n)
        for v in 0..<n where root[v] == v { indegree[v] = predecessors[v].count }
        var order: [Int] = []
        var queue = (0..<n).filter { root[$0] == $0 && indegree[$0] == 0 }
        var head = 0
        while head < queue.count {
            let v = queue[head]; head += 1
            order.append(v)
            for (w, _) in successors[v] {
                indegree[w] -= 1
                if indegree[w] == 0 { queue.append(w) }
            }
        }
        var xs = [Double](repeating: 0, count: n)
        for v in order {
            var x = 0.0
            var first = true
            for (u, separation) in predecessors[v] {
                x = first ? xs[u] + separation : max(x, xs[u] + separation)
                first = false
            }
            xs[v] = x
        }
        // Blocks with room on the right move towards their right neighbours.
        for v in order.reversed() {
            guard !successors[v].isEmpty else { continue }
            var limit = Double.infinity
            for (w, separation) in successors[v] { limit = min(limit, xs[w] - separation) }
            if limit > xs[v] && !predecessors[v].isEmpty { xs[v] = max(xs[v], min(limit, midpoint(v, predecessors, successors, xs))) }
        }
        var result = [Double](repeating: 0, count: n)
        for v in 0..<n { result[v] = xs[root[v]] }
        return result
    }

    /// Where a block with slack goes: the middle of the room it has.
    static func midpoint(_ v: Int, _ predecessors: [[(Int, Double)]], _ successors: [[(Int, Double)]], _ xs: [Double]) -> Double {
        var low = -Double.infinity, high = Double.infinity
        for (u, s) in predecessors[v] { low = max(low, xs[u] + s) }
        for (w, s) in successors[v] { high = min(high, xs[w] - s) }
        return low.isFinite && high.isFinite ? (low + high) / 2 : xs[v]
    }
}

// Coordinates as dot computes them (Gansner et al., 1993, section 4.2): x is a ranking of an
// auxiliary graph, solved by network simplex. Each pair of neighbours in a rank becomes an edge
// as long as their separation (weight 0: it only keeps them apart), and each edge of the
// layered graph a new node below both its ends (weight ω × Ω on both of its edges, minimum
// length 0), so that the optimum minimises Σ ω Ω |x(u) − x(v)|: with Ω 1, 2 and 8 for an edge
// between two real nodes, a real and a virtual, two virtual ones, long edges come out
// straight and every node is pulled to its neighbours — the compact drawing Brandes and
// Köpf's blocks approximate. It starts from their coordinates (made feasible), which leaves
// the solver few exchanges.

enum SimplexCoordinates {
    /// Coordinates are solved in units of a quarter point (the solver's ranks are integers).
    static let scale = 4.0
    /// The weight of the drawing's width against the edges' lengths: one point of width
    /// costs as much as eight of an edge between real nodes (chosen on dot's examples and
    /// random DAGs: narrower by 10–20 % where it matters, edges 3 % longer in total).
    static let widthWeight = 8.0
    /// The largest layered graph (real and virtual nodes) given these coordinates: each
    /// exchange renumbers a part of a deep tree, so the solver grows about quadratically
    /// (a 1,000-node graph with 2,000 layered nodes would take it several times the rest of
    /// the layout).
    static let limit = 1_200

    /// A length in the solver's units, rounded up unless it is over a whole unit by less
    /// than a hundredth of a point: sizes read from inches (22.00032pt) would otherwise take
    /// a quarter point more per neighbour (switch.gv: 1.75pt wider than dot's 8 nodes in a row).
    static func units(_ length: Double) -> Int {
        Int((length * scale - 0.01 * scale).rounded(.up))
    }

    static func coordinates(_ nodes: LayeredNodes, _ layers: [[Int]], spacing: Double, start: [Double]) -> [Double] {
        let n = nodes.count
        guard n > 0 else { return [] }
        var edges: [RankEdge] = []
        var x = [Int](repeating: 0, count: n)
        for layer in layers {
            for (i, v) in layer.enumerated() {
                x[v] = Int((start[v] * scale).rounded())
                guard i > 0 else { continue }
                let u = layer[i - 1]
                let gap = nodes.isVirtual[u] && nodes.isVirtual[v] ? spacing / 2 : spacing
                let separation = units((nodes.cross[u] + nodes.cross[v]) / 2 + gap)
                x[v] = max(x[v], x[u] + separation)
                edges.append(RankEdge(from: u, to: v, weight: 0, minLength: separation))
            }
        }
        var start = x
        // The drawing's left and right sides: every rank between them, and their distance
        // weighed, so that of drawings about as straight the narrower wins.
        let left = start.count, right = left + 1
        var lo = Int.max, hi = Int.min
        for layer in layers where !layer.isEmpty {
            let first = layer[0], last = layer[layer.count - 1]
            let a = units(nodes.cross[first] / 2), b = units(nodes.cross[last] / 2)
            lo = min(lo, x[first] - a); hi = max(hi, x[last] + b)
            edges.append(RankEdge(from: left, to: first, weight: 0, minLength: a))
            edges.append(RankEdge(from: last, to: right, weight: 0, minLength: b))
        }
        start.append(lo); start.append(hi)
        edges.append(RankEdge(from: left, to: right, weight: widthWeight, minLength: 0))
        for u in 0..<n {
            for v in nodes.down[u] {
                let omega: Double = nodes.isVirtual[u] ? (nodes.isVirtual[v] ? 8 : 2) : (nodes.isVirtual[v] ? 2 : 1)
                let e = start.count
                start.append(min(x[u], x[v]))
                edges.append(RankEdge(from: e, to: u, weight: omega, minLength: 0))
                edges.append(RankEdge(from: e, to: v, weight: omega, minLength: 0))
            }
        }
        let ranks = NetworkSimplex.ranks(count: start.count, edges: edges, start: start)
        return (0..<n).map { Double(ranks[$0]) / scale }
    }
}

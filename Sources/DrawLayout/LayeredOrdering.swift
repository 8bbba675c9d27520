// The order of nodes within each rank (Gansner et al., section 3): a depth-first initial
// order in written order, then sweeps down and up placing each node at the weighted median of
// its neighbours in the rank before, each followed by transposition of neighbours while that
// removes crossings; the best order seen, by exact count, is kept. Crossings between two ranks
// are counted with Barth, Jünger and Mutzel's accumulator tree ("Simple and Efficient
// Bilayer Cross Counting", 2004) in O(e log n).

struct LayerOrdering {
    let nodes: LayeredNodes
    /// Node numbers per rank, left to right.
    var layers: [[Int]]
    /// Each node's index within its rank.
    var position: [Int]

    init(_ nodes: LayeredNodes) {
        self.nodes = nodes
        layers = [[Int]](repeating: [], count: nodes.rankCount)
        position = [Int](repeating: 0, count: nodes.count)
        // Depth-first from each node in written order (real nodes first), down the edges.
        var seen = [Bool](repeating: false, count: nodes.count)
        var order = Array(0..<nodes.count)
        order.sort { nodes.rank[$0] < nodes.rank[$1] || (nodes.rank[$0] == nodes.rank[$1] && $0 < $1) }
        for start in order where !seen[start] {
            var stack = [start]
            seen[start] = true
            while let v = stack.popLast() {
                position[v] = layers[nodes.rank[v]].count
                layers[nodes.rank[v]].append(v)
                for w in nodes.down[v].reversed() where !seen[w] {
                    seen[w] = true
                    stack.append(w)
                }
            }
        }
    }

    /// Orders the ranks; returns the crossings of the order kept.
    mutating func run() -> Int {
        var best = layers
        var bestCrossings = totalCrossings()
        guard bestCrossings > 0 else { return 0 }
        let big = nodes.count > 5_000
        var stale = 0
        for iteration in 0..<(big ? 8 : 24) {
            let downward = iteration % 2 == 0
            sweep(downward: downward)
            transpose(limit: big ? 2 : 8)
            let c = totalCrossings()
            if c < bestCrossings {
                best = layers; bestCrossings = c; stale = 0
                if c == 0 { break }
            } else {
                stale += 1
                if stale >= 4 { break }
            }
        }
        layers = best
        reindex()
        return bestCrossings
    }

    mutating func reindex() {
        for layer in layers { for (i, v) in layer.enumerated() { position[v] = i } }
    }

    /// One sweep: each rank in turn ordered by the medians of its neighbours in the one before.
    mutating func sweep(downward: Bool) {
        let ranks = Array(downward ? Array(1..<max(1, layers.count)) : Array((0..<max(0, layers.count - 1)).reversed()))
        for r in ranks {
            var keyed: [(value: Double, index: Int, node: Int)] = []
            var fixed: [Bool] = []
            for (i, v) in layers[r].enumerated() {
                let neighbours = downward ? nodes.up[v] : nodes.down[v]
                let m = median(neighbours)
                fixed.append(m < 0)
                keyed.append((m, i, v))
            }
            // Nodes without neighbours keep their places; the others are sorted into the rest.
            let movable = keyed.filter { $0.value >= 0 }.sorted { $0.value < $1.value || ($0.value == $1.value && $0.index < $1.index) }
            var next = 0
            var layer = layers[r]
            for i in layer.indices where !fixed[i] {
                layer[i] = movable[next].node
                next += 1
            }
            layers[r] = layer
            for (i, v) in layer.enumerated() { position[v] = i }
        }
    }

    /// The weighted median of neighbours' positions (Gansner et al., figure 3-2); -1 for none.
    func median(_ neighbours: [Int]) -> Double {
        if neighbours.isEmpty { return -1 }
        var p = neighbours.map { Double(position[$0]) }
        p.sort()
        let m = p.count / 2
        if p.count % 2 == 1 { return p[m] }
        if p.count == 2 { return (p[0] + p[1]) / 2 }
        let left = p[m - 1] - p[0], right = p[p.count - 1] - p[m]
        if left + right == 0 { return (p[m - 1] + p[m]) / 2 }
        return (p[m - 1] * right + p[m] * left) / (left + right)
    }

    /// Swaps neighbours in a rank while that lowers the crossings with both adjacent ranks.
    mutating func transpose(limit: Int) {
        var improved = true
        var rounds = 0
        while improved && rounds < limit {
            improved = false
            rounds += 1
            for r in layers.indices {
                guard layers[r].count > 1 else { continue }
                for i in 0..<(layers[r].count - 1) {
                    let v = layers[r][i], w = layers[r][i + 1]
                    let now = pairCrossings(v, w), swapped = pairCrossings(w, v)
                    if swapped < now {
                        layers[r][i] = w; layers[r][i + 1] = v
                        position[v] = i + 1; position[w] = i
                        improved = true
                    }
                }
            }
        }
    }

    /// Crossings among the edges of `v` and `w` (v left of w) with both neighbouring ranks.
    func pairCrossings(_ v: Int, _ w: Int) -> Int {
        var count = 0
        for side in 0..<2 {
            let a = side == 0 ? nodes.up[v] : nodes.down[v]
            let b = side == 0 ? nodes.up[w] : nodes.down[w]
            if a.isEmpty || b.isEmpty { continue }
            for x in a {
                let px = position[x]
                for y in b where position[y] < px { count += 1 }
            }
        }
        return count
    }

    func totalCrossings() -> Int {
        var total = 0
        if layers.count < 2 { return 0 }
        for r in 0..<(layers.count - 1) { total += crossings(between: r) }
        return total
    }

    /// Crossings between rank `r` and the next: the inversions of the lower ends' positions
    /// in the order of the upper ends, counted in an accumulator tree.
    func crossings(between r: Int) -> Int {
        let south = layers[r + 1].count
        guard south > 1 else { return 0 }
        var sequence: [Int] = []
        for v in layers[r] {
            let ends = nodes.down[v].map { position[$0] }.sorted()
            sequence.append(contentsOf: ends)
        }
        var first = 1
        while first < south { first <<= 1 }
        var tree = [Int](repeating: 0, count: 2 * first - 1)
        first -= 1
        var count = 0
        for s in sequence {
            var index = s + first
            tree[index] += 1
            while index > 0 {
                if index % 2 == 1 { count += tree[index + 1] }
                index = (index - 1) / 2
                tree[index] += 1
            }
        }
        return count
    }
}

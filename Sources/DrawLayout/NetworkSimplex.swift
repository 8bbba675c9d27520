// Ranks by network simplex (Gansner, Koutsofios, North and Vo, "A Technique for Drawing
// Directed Graphs", 1993, section 2): the ranks that minimise the sum of weight × length over
// the edges, each edge at least its least length long. A feasible spanning tree of tight edges
// is grown first; then, while a tree edge has a negative cut value, it leaves the tree and the
// non-tree edge across its cut with the least slack enters it.
//
// Each exchange costs only what it changes, as the paper describes: the tree is numbered in
// postorder (`lim`, and `low` the least number below a node), so "is x below v" is two
// comparisons; the cut values change only on the tree path between the entering edge's ends
// (by the leaving edge's cut value, with a sign by the direction each edge is passed), the
// postorder is renumbered only below their lowest common ancestor, and the ranks move only
// on the smaller side of the cut. The leaving edge is looked for round the tree from where the
// last search stopped, taking the most negative of the first few found (dot's search size).
//
// Everything is in edge and node numbers; ties go to the earlier, so the result is the same
// for the same input.

/// An edge as ranking sees it: pointing down, at least `minLength` ranks long.
struct RankEdge: Sendable {
    var from: Int
    var to: Int
    var weight: Double
    var minLength: Int
}

enum NetworkSimplex {
    /// Ranks of the nodes `active` marks (the others are left at 0); `edges` must form no
    /// cycle. Each connected component's least rank is 0.
    static func ranks(count n: Int, edges rawEdges: [RankEdge], active: [Bool]) -> [Int] {
        var solver = Solver(n: n, edges: merged(rawEdges, count: n), active: active)
        solver.initialRanks()
        solver.solve()
        return solver.rank
    }

    /// Like `ranks(count:edges:active:)` for every node, but from `start`, ranks the caller
    /// knows to be feasible (no edge shorter than its least length) and near the optimum, in
    /// place of the longest-path start: the solver then has fewer exchanges to make.
    static func ranks(count n: Int, edges rawEdges: [RankEdge], start: [Int]) -> [Int] {
        var solver = Solver(n: n, edges: merged(rawEdges, count: n), active: [Bool](repeating: true, count: n))
        solver.rank = start
        solver.solve()
        return solver.rank
    }

    /// Parallel edges merged: weights summed, the longest least length kept.
    static func merged(_ rawEdges: [RankEdge], count n: Int) -> [RankEdge] {
        var edges: [RankEdge] = []
        var index: [Int: Int] = [:]
        for edge in rawEdges {
            let key = edge.from * n + edge.to
            if let i = index[key] {
                edges[i].weight += edge.weight
                edges[i].minLength = max(edges[i].minLength, edge.minLength)
            } else {
                index[key] = edges.count
                edges.append(edge)
            }
        }
        return edges
    }

    /// How many negative tree edges the search for a leaving edge looks at before it takes
    /// the most negative of them (dot's default).
    static let searchSize = 30

    struct Solver {
        let n: Int
        let tail: [Int]
        let head: [Int]
        let weight: [Double]
        let minLength: [Int]
        let active: [Bool]
        var rank: [Int]
        /// The edges at each node: `incident[firstIncident[v] ..< firstIncident[v + 1]]`.
        let firstIncident: [Int]
        let incident: [Int]
        var inTree: [Bool]
        /// Per node, the tree edge to its parent (-1 at a root or outside any tree).
        var parentEdge: [Int]
        /// Postorder numbers over all components (each component a range of its own).
        var low: [Int]
        var lim: [Int]
        /// The node numbered `lim`.
        var nodeAtLim: [Int]
        /// Per edge, its cut value while it is a tree edge.
        var cut: [Double]
        /// Scratch for walks over the tree: a node and the next incident index to look at.
        var stackNode: [Int] = []
        var stackNext: [Int] = []
        /// Exchanges made (for tests and measurements).
        var exchanges = 0

        init(n: Int, edges: [RankEdge], active: [Bool]) {
            self.n = n
            self.active = active
            tail = edges.map(\.from)
            head = edges.map(\.to)
            weight = edges.map(\.weight)
            minLength = edges.map(\.minLength)
            var degree = [Int](repeating: 0, count: n + 1)
            for edge in edges { degree[edge.from + 1] += 1; degree[edge.to + 1] += 1 }
            for v in 0..<n { degree[v + 1] += degree[v] }
            firstIncident = degree
            var fill = degree
            var list = [Int](repeating: 0, count: 2 * edges.count)
            for (e, edge) in edges.enumerated() {
                list[fill[edge.from]] = e; fill[edge.from] += 1
                list[fill[edge.to]] = e; fill[edge.to] += 1
            }
            incident = list
            rank = [Int](repeating: 0, count: n)
            inTree = [Bool](repeating: false, count: edges.count)
            parentEdge = [Int](repeating: -1, count: n)
            low = [Int](repeating: 0, count: n)
            lim = [Int](repeating: 0, count: n)
            nodeAtLim = [Int](repeating: 0, count: n + 1)
            cut = [Double](repeating: 0, count: edges.count)
        }

        func slack(_ e: Int) -> Int { rank[head[e]] - rank[tail[e]] - minLength[e] }
        func other(_ e: Int, _ v: Int) -> Int { tail[e] == v ? head[e] : tail[e] }
        /// Whether `x` lies in the subtree of `v`.
        func isBelow(_ x: Int, _ v: Int) -> Bool { low[v] <= lim[x] && lim[x] <= lim[v] }

        /// Longest path from the sources, then every source pulled down to its nearest
        /// successor (a good start: most edges are tight).
        mutating func initialRanks() {
            var indegree = [Int](repeating: 0, count: n)
            for v in head { indegree[v] += 1 }
            var order: [Int] = (0..<n).filter { active[$0] && indegree[$0] == 0 }
            var next = 0
            while next < order.count {
                let v = order[next]; next += 1
                for i in firstIncident[v]..<firstIncident[v + 1] where tail[incident[i]] == v {
                    let e = incident[i], w = head[e]
                    rank[w] = max(rank[w], rank[v] + minLength[e])
                    indegree[w] -= 1
                    if indegree[w] == 0 { order.append(w) }
                }
            }
            for v in order.reversed() {
                var best = Int.max, hasIn = false
                for i in firstIncident[v]..<firstIncident[v + 1] {
                    let e = incident[i]
                    if tail[e] == v { best = min(best, rank[head[e]] - minLength[e]) } else { hasIn = true }
                }
                if !hasIn && best != Int.max { rank[v] = best }
            }
        }

        mutating func solve() {
            var base = 1
            for root in 0..<n where active[root] && lim[root] == 0 {
                let tree = feasibleTree(root)
                let count = tree.nodes.count
                number(from: root, base: base)
                var treeEdges = tree.edges
                initialCutValues(base: base, count: count)
                // Degenerate exchanges could in principle cycle; the budget ends that.
                let budget = 100 + 20 * count
                var iterations = 0, searchFrom = 0
                while iterations < budget, let slot = leavingEdge(treeEdges, from: &searchFrom) {
                    let leaving = treeEdges[slot]
                    guard let entering = enteringEdge(leaving, base: base, count: count) else { break }
                    exchange(leaving: leaving, entering: entering, base: base, count: count)
                    treeEdges[slot] = entering
                    iterations += 1
                    exchanges += 1
                }
                // The component's least rank is 0.
                let least = tree.nodes.map { rank[$0] }.min() ?? 0
                for v in tree.nodes { rank[v] -= least }
                base += count
            }
        }

        // MARK: The feasible tree

        /// Grows a tree of tight edges from `root` over its component: whenever it cannot grow,
        /// the edge with one end in it and the least slack is made tight by moving the whole
        /// tree (its ranks kept relative to `shift` meanwhile, so a move costs nothing, and
        /// the edges at its border kept in two heaps by slack). Returns its nodes and edges.
        mutating func feasibleTree(_ root: Int) -> (nodes: [Int], edges: [Int]) {
            var nodes: [Int] = [root]
            var edges: [Int] = []
            var shift = 0
            // Tree nodes' ranks are `rank[v] + shift`; `lim` marks them (1) meanwhile.
            lim[root] = 1
            // Border edges leaving the tree keyed by slack + shift at the time they were seen
            // (their slack is key - shift), entering ones by slack - shift (slack: key + shift).
            var leavingBorder = SlackHeap(), enteringBorder = SlackHeap()
            var pending = [root]
            while true {
                // Join every node reached by tight edges from the nodes just added.
                while let v = pending.popLast() {
                    for i in firstIncident[v]..<firstIncident[v + 1] {
                        let e = incident[i], w = other(e, v)
                        guard lim[w] == 0 else { continue }
                        let s = head[e] == w ? rank[w] - (rank[v] + shift) - minLength[e] : (rank[v] + shift) - rank[w] - minLength[e]
                        if s == 0 {
                            lim[w] = 1
                            rank[w] -= shift
                            nodes.append(w); edges.append(e)
                            inTree[e] = true
                            pending.append(w)
                        } else if head[e] == w {
                            leavingBorder.push(key: s + shift, edge: e)
                        } else {
                            enteringBorder.push(key: s - shift, edge: e)
                        }
                    }
                }
                // The border edge with the least slack whose far end is still outside.
                while let top = leavingBorder.top, lim[head[top.edge]] != 0 { leavingBorder.pop() }
                while let top = enteringBorder.top, lim[tail[top.edge]] != 0 { enteringBorder.pop() }
                let out = leavingBorder.top.map { (slack: $0.key - shift, edge: $0.edge) }
                let into = enteringBorder.top.map { (slack: $0.key + shift, edge: $0.edge) }
                let e: Int
                if let out, into == nil || out.slack < into!.slack || (out.slack == into!.slack && out.edge < into!.edge) {
                    shift += out.slack  // the tree moves down onto the edge's head
                    e = out.edge
                    leavingBorder.pop()
                } else if let into {
                    shift -= into.slack  // the tree moves up under the edge's tail
                    e = into.edge
                    enteringBorder.pop()
                } else { break }
                let w = lim[tail[e]] == 0 ? tail[e] : head[e]
                lim[w] = 1
                rank[w] -= shift
                nodes.append(w); edges.append(e)
                inTree[e] = true
                pending.append(w)
            }
            for v in nodes { rank[v] += shift; lim[v] = 0 }
            return (nodes, edges)
        }

        // MARK: Postorder and cut values

        /// Numbers the subtree of `top` in postorder from `base` (its parent edge kept),
        /// setting each node's parent edge on the way.
        mutating func number(from top: Int, base: Int) {
            var next = base
            stackNode.removeAll(keepingCapacity: true)
            stackNext.removeAll(keepingCapacity: true)
            stackNode.append(top); stackNext.append(firstIncident[top])
            low[top] = base
            while let v = stackNode.last {
                let i = stackNext[stackNext.count - 1]
                if i < firstIncident[v + 1] {
                    stackNext[stackNext.count - 1] = i + 1
                    let e = incident[i]
                    guard inTree[e], e != parentEdge[v] else { continue }
                    let w = other(e, v)
                    parentEdge[w] = e
                    low[w] = next
                    stackNode.append(w); stackNext.append(firstIncident[w])
                } else {
                    lim[v] = next
                    nodeAtLim[next] = v
                    next += 1
                    stackNode.removeLast(); stackNext.removeLast()
                }
            }
        }

        /// Every tree edge's cut value, children before parents (postorder).
        mutating func initialCutValues(base: Int, count: Int) {
            for l in base..<(base + count) {
                let v = nodeAtLim[l]
                if parentEdge[v] >= 0 { cut[parentEdge[v]] = cutValue(below: v) }
            }
        }

        /// The cut value of the tree edge from `child` to its parent, from those of the
        /// child's own tree edges (Gansner et al., section 2.4): the edges at the child count
        /// by their direction across the cut, and each child edge's cut value stands for the
        /// edges further down.
        func cutValue(below child: Int) -> Double {
            let treeEdge = parentEdge[child]
            let childIsTail = tail[treeEdge] == child
            var value = weight[treeEdge]
            for i in firstIncident[child]..<firstIncident[child + 1] {
                let e = incident[i]
                guard e != treeEdge else { continue }
                let isOut = tail[e] == child
                let pointsToHead = isOut == childIsTail
                value += pointsToHead ? weight[e] : -weight[e]
                if inTree[e] && parentEdge[other(e, child)] == e {
                    value += pointsToHead ? -cut[e] : cut[e]
                }
            }
            return value
        }

        // MARK: Exchanges

        /// The slot in `treeEdges` of a tree edge with a negative cut value: the most negative
        /// of the first `searchSize` found going round from `from` (which moves on), or nil.
        func leavingEdge(_ treeEdges: [Int], from: inout Int) -> Int? {
            let count = treeEdges.count
            guard count > 0 else { return nil }
            var best: Int?, bestCut = 0.0, found = 0
            var slot = from % count
            for _ in 0..<count {
                let c = cut[treeEdges[slot]]
                if c < -1e-9 {
                    if best == nil || c < bestCut { best = slot; bestCut = c }
                    found += 1
                    if found >= NetworkSimplex.searchSize { break }
                }
                slot = slot + 1 == count ? 0 : slot + 1
            }
            from = slot
            return best
        }

        /// The lower end of tree edge `e` (the root of the subtree it cuts off).
        func lowerEnd(_ e: Int) -> Int { lim[tail[e]] < lim[head[e]] ? tail[e] : head[e] }

        /// The non-tree edge across the leaving edge's cut, pointing the other way than it,
        /// with the least slack (the first such in the search); the search runs over the
        /// smaller side and stops at a tight edge.
        func enteringEdge(_ leaving: Int, base: Int, count: Int) -> Int? {
            let below = lowerEnd(leaving)
            let lo = low[below], hi = lim[below]
            // Candidates run into the subtree if the leaving edge runs out of it, else out of it.
            let intoSubtree = tail[leaving] == below
            let inside = hi - lo + 1
            let searchInside = inside <= count - inside
            var best: Int?, bestSlack = Int.max
            func look(_ l: Int) -> Bool {
                let v = nodeAtLim[l]
                for i in firstIncident[v]..<firstIncident[v + 1] {
                    let e = incident[i]
                    guard !inTree[e] else { continue }
                    let tailIn = lo <= lim[tail[e]] && lim[tail[e]] <= hi
                    let headIn = lo <= lim[head[e]] && lim[head[e]] <= hi
                    guard tailIn != headIn, headIn == intoSubtree else { continue }
                    let s = slack(e)
                    if s < bestSlack { best = e; bestSlack = s; if s == 0 { return true } }
                }
                return false
            }
            if searchInside {
                for l in lo...hi where look(l) { break }
            } else {
                var done = false
                for l in base..<lo where look(l) { done = true; break }
                if !done { for l in (hi + 1)..<(base + count) where look(l) { break } }
            }
            return best
        }

        /// Makes `entering` a tree edge in place of `leaving`: the smaller side of the cut
        /// moves to make it tight, cut values change along the cycle it closes, and the
        /// postorder is renumbered below the cycle's top.
        mutating func exchange(leaving: Int, entering: Int, base: Int, count: Int) {
            let below = lowerEnd(leaving)
            let lo = low[below], hi = lim[below]
            let delta = slack(entering)
            if delta != 0 {
                // The subtree moves by +delta if the entering edge leaves it (its tail inside),
                // by -delta if it enters it; or the rest the other way, whichever is smaller.
                let tailInside = lo <= lim[tail[entering]] && lim[tail[entering]] <= hi
                let inside = hi - lo + 1
                if inside <= count - inside {
                    let d = tailInside ? delta : -delta
                    for l in lo...hi { rank[nodeAtLim[l]] += d }
                } else {
                    let d = tailInside ? -delta : delta
                    for l in base..<lo { rank[nodeAtLim[l]] += d }
                    for l in (hi + 1)..<(base + count) { rank[nodeAtLim[l]] += d }
                }
            }
            // The cycle is the entering edge forwards, then the tree path from its head back
            // to its tail, which passes the leaving edge forwards; pushing the leaving edge's
            // cut value back round it leaves that edge at 0 and gives the entering edge its
            // negation. Edges passed forwards lose it, edges passed backwards gain it.
            let amount = cut[leaving]
            let a = tail[entering], b = head[entering]
            var v = b
            while !isBelow(a, v) {
                let t = parentEdge[v]
                cut[t] += tail[t] == v ? -amount : amount  // passed upwards, from v
                v = other(t, v)
            }
            let top = v
            v = a
            while !isBelow(b, v) {
                let t = parentEdge[v]
                cut[t] += tail[t] == v ? amount : -amount  // passed downwards, into v
                v = other(t, v)
            }
            inTree[leaving] = false
            inTree[entering] = true
            cut[entering] = -amount
            cut[leaving] = 0
            number(from: top, base: low[top])
        }
    }
}

/// A binary min-heap of edges by an integer key (ties by edge number).
struct SlackHeap {
    private var keys: [Int] = []
    private var edges: [Int] = []

    var top: (key: Int, edge: Int)? { keys.isEmpty ? nil : (keys[0], edges[0]) }

    private func less(_ i: Int, _ j: Int) -> Bool { keys[i] < keys[j] || (keys[i] == keys[j] && edges[i] < edges[j]) }

    private mutating func swapAt(_ i: Int, _ j: Int) { keys.swapAt(i, j); edges.swapAt(i, j) }

    mutating func push(key: Int, edge: Int) {
        keys.append(key); edges.append(edge)
        var i = keys.count - 1
        while i > 0 {
            let p = (i - 1) / 2
            guard less(i, p) else { break }
            swapAt(i, p)
            i = p
        }
    }

    mutating func pop() {
        let last = keys.count - 1
        swapAt(0, last)
        keys.removeLast(); edges.removeLast()
        var i = 0
        while true {
            let l = 2 * i + 1, r = l + 1
            var m = i
            if l < keys.count && less(l, m) { m = l }
            if r < keys.count && less(r, m) { m = r }
            if m == i { break }
            swapAt(i, m)
            i = m
        }
    }
}

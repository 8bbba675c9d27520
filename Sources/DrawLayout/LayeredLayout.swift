// Automatic layout of a `graph` (issue 37): a pure function from a value-type graph (node
// sizes, edges with weights and least rank spans, rank constraints) to coordinates. The
// layered method of Sugiyama et al. as Gansner et al. describe it for dot ("A Technique for
// Drawing Directed Graphs", 1993): cycles broken by reversing the back edges of a depth-first
// search, ranks by network simplex, long edges split into chains of virtual nodes, the order
// in each rank by weighted-median sweeps with transposition judged by exact crossing counts
// (Barth, Jünger and Mutzel's accumulator tree, LayeredOrdering.swift), and coordinates by
// Brandes and Köpf's four alignments balanced (LayeredCoordinates.swift). A graph that is a
// forest is drawn as a tidy tree instead (TidyTree.swift).
//
// Everything is in written order: nodes and edges are numbered as given and every tie goes
// to the earlier; no dictionary or set is iterated, so the same graph gives the same numbers.

import DrawBase
import DrawScene
import DrawSemantics

/// A graph to lay out: node sizes and the edges among them, in written order.
struct LayeredGraph: Sendable {
    struct Node: Sendable {
        var width: Double
        var height: Double
        var rank: GraphRank? = nil
    }
    struct Edge: Sendable {
        var from: Int
        var to: Int
        var weight: Double = 1
        /// The least number of ranks from `from` to `to` (0: the same rank is allowed).
        var minLength: Int = 1
        /// The size of the edge's label, which gets room of its own (a virtual node).
        var label: Size? = nil
    }
    var nodes: [Node] = []
    var edges: [Edge] = []
    /// Groups of nodes kept in one rank.
    var sameRank: [[Int]] = []
    var direction: ShapeDirection = .down
    /// The gap between neighbours in a rank, and between ranks.
    var nodeSpacing = 24.0
    var rankSpacing = 36.0
}

/// Where a `LayeredGraph`'s nodes and edges go: centres in a frame whose top-left is (0, 0).
struct LayeredDrawing: Equatable, Sendable {
    var centers: [Point]
    /// Per edge, the points between its ends it passes through, from `from` to `to` (empty
    /// for edges between neighbouring ranks, within a rank and loops).
    var bends: [[Point]]
    /// Per edge, the centre of the room kept for its label.
    var labelCenters: [Point?]
    var size: Size
    /// Crossings between ranks of the chosen order (virtual nodes counted as dot counts them).
    var crossings: Int
    /// Drawn as a tidy tree.
    var isTree: Bool
}

enum LayeredLayout {
    static func layout(_ graph: LayeredGraph) -> LayeredDrawing {
        let n = graph.nodes.count
        guard n > 0 else {
            return LayeredDrawing(centers: [], bends: graph.edges.map { _ in [] }, labelCenters: graph.edges.map { _ in nil },
                                  size: .zero, crossings: 0, isTree: false)
        }
        let horizontal = graph.direction == .left || graph.direction == .right
        // In the working frame ranks go down: a node's cross size is along x, its thickness along y.
        let cross = graph.nodes.map { horizontal ? $0.height : $0.width }
        let thick = graph.nodes.map { horizontal ? $0.width : $0.height }
        var drawing: LayeredDrawing
        if TidyTree.applies(to: graph) {
            drawing = TidyTree.layout(graph, cross: cross, thick: thick)
        } else {
            drawing = layered(graph, cross: cross, thick: thick, horizontal: horizontal)
        }
        orient(&drawing, graph.direction)
        return drawing
    }

    /// Turns the working frame (ranks downwards) into the graph's direction.
    static func orient(_ drawing: inout LayeredDrawing, _ direction: ShapeDirection) {
        let size = drawing.size
        func map(_ p: Point) -> Point {
            switch direction {
            case .down: p
            case .up: Point(p.x, size.height - p.y)
            case .right: Point(p.y, p.x)
            case .left: Point(size.height - p.y, p.x)
            }
        }
        drawing.centers = drawing.centers.map(map)
        drawing.bends = drawing.bends.map { $0.map(map) }
        drawing.labelCenters = drawing.labelCenters.map { $0.map(map) }
        if direction == .left || direction == .right { drawing.size = Size(size.height, size.width) }
    }

    // MARK: The layered method

    static func layered(_ graph: LayeredGraph, cross: [Double], thick: [Double], horizontal: Bool) -> LayeredDrawing {
        let n = graph.nodes.count
        // Same-rank groups share one node for ranking.
        var group = Array(0..<n)
        func find(_ v: Int) -> Int {
            var v = v
            while group[v] != v { group[v] = group[group[v]]; v = group[v] }
            return v
        }
        for members in graph.sameRank where members.count > 1 {
            for m in members.dropFirst() {
                let a = find(members[0]), b = find(m)
                if a != b { group[max(a, b)] = min(a, b) }
            }
        }
        let rep = (0..<n).map(find)

        // Edges for ranking: loops and edges inside a group have none; edges into a `first`
        // node or out of a `last` one are turned round, and so are the back edges.
        var reversed = [Bool](repeating: false, count: graph.edges.count)
        var rankEdges: [RankEdge] = []
        var edgeOfRankEdge: [Int] = []
        for (e, edge) in graph.edges.enumerated() {
            let a = rep[edge.from], b = rep[edge.to]
            guard a != b else { continue }
            var flip = false
            if graph.nodes[edge.to].rank == .first || graph.nodes[edge.from].rank == .last { flip = true }
            reversed[e] = flip
            let span = edge.label != nil ? max(edge.minLength, 2) : edge.minLength
            rankEdges.append(RankEdge(from: flip ? b : a, to: flip ? a : b, weight: edge.weight, minLength: span))
            edgeOfRankEdge.append(e)
        }
        let back = backEdges(count: n, rankEdges)
        for (r, isBack) in back.enumerated() where isBack {
            rankEdges[r] = RankEdge(from: rankEdges[r].to, to: rankEdges[r].from, weight: rankEdges[r].weight, minLength: rankEdges[r].minLength)
            reversed[edgeOfRankEdge[r]].toggle()
        }
        var rank = NetworkSimplex.ranks(count: n, edges: rankEdges, active: (0..<n).map { rep[$0] == $0 })
        for v in 0..<n { rank[v] = rank[rep[v]] }
        // `rank: first | last`: all their edges point away from (into) them, so moving them
        // to the first (last) rank keeps every edge pointing down.
        let low = rank.min() ?? 0
        var high = rank.max() ?? 0
        for v in 0..<n where rep[v] == v {
            if graph.nodes[v].rank == .first { rank[v] = low }
        }
        for v in 0..<n where rep[v] == v && graph.nodes[v].rank == .last { high = max(high, rank[v]) }
        for v in 0..<n where rep[v] == v {
            if graph.nodes[v].rank == .last { rank[v] = high }
        }
        for v in 0..<n { rank[v] = rank[rep[v]] - low }
        let rankCount = (rank.max() ?? 0) + 1

        // The layered graph: real nodes first, then a chain of virtual nodes per long edge.
        var layered = LayeredNodes(rankCount: rankCount)
        for v in 0..<n { layered.add(rank: rank[v], cross: cross[v], thick: thick[v], virtual: false) }
        var chains = [[Int]](repeating: [], count: graph.edges.count)
        var labelNode = [Int](repeating: -1, count: graph.edges.count)
        for (e, edge) in graph.edges.enumerated() {
            var a = edge.from, b = edge.to
            if reversed[e] { swap(&a, &b) }
            guard rank[a] < rank[b] else { continue }
            var chain = [a]
            let labelRank = edge.label != nil ? rank[a] + (rank[b] - rank[a]) / 2 : -1
            for r in (rank[a] + 1)..<rank[b] {
                let size = r == labelRank ? edge.label! : Size.zero
                let labelCross = horizontal ? size.height : size.width
                let labelThick = horizontal ? size.width : size.height
                let v = layered.add(rank: r, cross: labelCross, thick: labelThick, virtual: true)
                if r == labelRank { labelNode[e] = v }
                chain.append(v)
            }
            chain.append(b)
            for i in 1..<chain.count { layered.connect(chain[i - 1], chain[i]) }
            chains[e] = chain
        }

        var ordering = LayerOrdering(layered)
        let crossings = ordering.run()
        let xs = BrandesKoepf.coordinates(layered, ordering.layers, spacing: graph.nodeSpacing)

        // Ranks one after another, each as thick as its thickest node.
        var rankThickness = [Double](repeating: 0, count: rankCount)
        for v in 0..<layered.count { rankThickness[layered.rank[v]] = max(rankThickness[layered.rank[v]], layered.thick[v]) }
        var rankCenter = [Double](repeating: 0, count: rankCount)
        var y = 0.0
        for r in 0..<rankCount {
            rankCenter[r] = y + rankThickness[r] / 2
            y += rankThickness[r] + (r + 1 < rankCount ? graph.rankSpacing : 0)
        }
        var minX = Double.infinity, maxX = -Double.infinity
        for v in 0..<layered.count {
            minX = min(minX, xs[v] - layered.cross[v] / 2)
            maxX = max(maxX, xs[v] + layered.cross[v] / 2)
        }
        func point(_ v: Int) -> Point { Point(xs[v] - minX, rankCenter[layered.rank[v]]) }
        let centers = (0..<n).map(point)
        // Every edge crosses the gap between two ranks from just below the upper rank's band
        // to just above the lower one's (ports of real nodes and both ends of a virtual node
        // alike), and runs straight down inside a band: so no line cuts through a node of
        // the band it passes, and two edges cross exactly where the order says they do.
        let reach = min(10, graph.rankSpacing * 0.3)
        let band = (0..<n).map { rankThickness[rank[$0]] }
        let ports = Ports(chains: chains, centers: centers, cross: cross, thick: band, reach: reach, next: { point($0).x })
        var bends: [[Point]] = []
        var labels: [Point?] = []
        for e in graph.edges.indices {
            let chain = chains[e]
            var inner: [Point] = []
            for v in chain.dropFirst().dropLast() {
                let p = point(v), half = rankThickness[layered.rank[v]] / 2 + reach
                inner.append(Point(p.x, p.y - half))
                inner.append(Point(p.x, p.y + half))
            }
            if chain.count >= 2 { inner = [ports.exit[e]] + inner + [ports.entry[e]] }
            if reversed[e] { inner.reverse() }
            bends.append(inner)
            labels.append(labelNode[e] >= 0 ? point(labelNode[e]) : nil)
        }
        return LayeredDrawing(centers: centers, bends: bends, labelCenters: labels,
                              size: Size(max(0, maxX - minX), y), crossings: crossings, isTree: false)
    }

    /// The edges a depth-first search from each node in written order finds going back to a
    /// node on its path: turning them round leaves no cycle.
    static func backEdges(count n: Int, _ edges: [RankEdge]) -> [Bool] {
        var out = [[Int]](repeating: [], count: n)
        for (e, edge) in edges.enumerated() { out[edge.from].append(e) }
        var state = [UInt8](repeating: 0, count: n)  // 0 new, 1 on the path, 2 done
        var back = [Bool](repeating: false, count: edges.count)
        var stack: [(node: Int, next: Int)] = []
        for start in 0..<n where state[start] == 0 {
            state[start] = 1
            stack.append((start, 0))
            while let top = stack.last {
                if top.next < out[top.node].count {
                    stack[stack.count - 1].next += 1
                    let e = out[top.node][top.next]
                    let w = edges[e].to
                    if state[w] == 1 { back[e] = true } else if state[w] == 0 {
                        state[w] = 1
                        stack.append((w, 0))
                    }
                } else {
                    state[top.node] = 2
                    stack.removeLast()
                }
            }
        }
        return back
    }
}

/// Where edges leave and enter their nodes: just outside the side facing the next rank,
/// spread along it in the order of where they go, so that edges of one node neither share a
/// point nor cross at it (dot's ports, without shapes).
struct Ports {
    var exit: [Point]
    var entry: [Point]

    /// `chains`: per edge the nodes it runs through, tail first (empty: not between ranks);
    /// `next`: the cross position of a layered node.
    /// `reach`: how far outside its node a port is, so that an arrowhead there sits on a
    /// straight end of its edge.
    init(chains: [[Int]], centers: [Point], cross: [Double], thick: [Double], reach: Double, next: (Int) -> Double) {
        exit = [Point](repeating: .zero, count: chains.count)
        entry = exit
        var outgoing = [[(Double, Int)]](repeating: [], count: centers.count)
        var incoming = [[(Double, Int)]](repeating: [], count: centers.count)
        for (e, chain) in chains.enumerated() where chain.count >= 2 {
            outgoing[chain[0]].append((next(chain[1]), e))
            incoming[chain[chain.count - 1]].append((next(chain[chain.count - 2]), e))
        }
        for v in centers.indices {
            let span = cross[v] * 0.6
            for (list, isExit) in [(outgoing[v], true), (incoming[v], false)] where !list.isEmpty {
                let sorted = list.enumerated().sorted { $0.element.0 < $1.element.0 || ($0.element.0 == $1.element.0 && $0.offset < $1.offset) }
                for (k, item) in sorted.enumerated() {
                    let offset = (Double(k + 1) / Double(list.count + 1) - 0.5) * span
                    let y = centers[v].y + (isExit ? 1 : -1) * (thick[v] / 2 + reach)
                    let p = Point(centers[v].x + offset, y)
                    if isExit { exit[item.element.1] = p } else { entry[item.element.1] = p }
                }
            }
        }
    }
}

/// An edge as ranking sees it: pointing down, at least `minLength` ranks long.
struct RankEdge: Sendable {
    var from: Int
    var to: Int
    var weight: Double
    var minLength: Int
}

/// The nodes of the layered graph, real and virtual, with their neighbours one rank up and down.
struct LayeredNodes {
    var rank: [Int] = []
    var cross: [Double] = []
    var thick: [Double] = []
    var isVirtual: [Bool] = []
    var up: [[Int]] = []
    var down: [[Int]] = []
    let rankCount: Int
    var count: Int { rank.count }

    init(rankCount: Int) { self.rankCount = rankCount }

    @discardableResult
    mutating func add(rank r: Int, cross c: Double, thick t: Double, virtual: Bool) -> Int {
        rank.append(r); cross.append(c); thick.append(t); isVirtual.append(virtual)
        up.append([]); down.append([])
        return rank.count - 1
    }

    mutating func connect(_ a: Int, _ b: Int) {
        down[a].append(b)
        up[b].append(a)
    }
}

/// Ranks by network simplex (Gansner et al., section 2): a feasible spanning tree of tight
/// edges, then edges with a negative cut value exchanged for the slackest-free entering edge
/// until none is left, which minimises the sum of weight × length.
enum NetworkSimplex {
    /// Ranks of the nodes `active` marks (the others are left at 0); `edges` must form no cycle.
    static func ranks(count n: Int, edges rawEdges: [RankEdge], active: [Bool]) -> [Int] {
        // Parallel edges merged: weights summed, the longest least length kept.
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
        var solver = Solver(n: n, edges: edges, active: active)
        solver.initialRanks()
        solver.solve()
        return solver.rank
    }

    struct Solver {
        let n: Int
        let edges: [RankEdge]
        let active: [Bool]
        var rank: [Int]
        var incident: [[Int]]
        var inTree: [Bool]
        var treeAdjacent: [[Int]]
        var parent: [Int]
        var parentEdge: [Int]
        var low: [Int]
        var lim: [Int]
        var cut: [Double]

        init(n: Int, edges: [RankEdge], active: [Bool]) {
            self.n = n; self.edges = edges; self.active = active
            rank = [Int](repeating: 0, count: n)
            incident = [[Int]](repeating: [], count: n)
            for (e, edge) in edges.enumerated() { incident[edge.from].append(e); incident[edge.to].append(e) }
            inTree = [Bool](repeating: false, count: edges.count)
            treeAdjacent = [[Int]](repeating: [], count: n)
            parent = [Int](repeating: -1, count: n)
            parentEdge = [Int](repeating: -1, count: n)
            low = [Int](repeating: 0, count: n)
            lim = [Int](repeating: 0, count: n)
            cut = [Double](repeating: 0, count: n)
        }

        func slack(_ e: Int) -> Int { rank[edges[e].to] - rank[edges[e].from] - edges[e].minLength }

        /// Longest path from the sources, then every node pulled down to its nearest
        /// successor (a good start: most edges are tight).
        mutating func initialRanks() {
            var indegree = [Int](repeating: 0, count: n)
            for edge in edges { indegree[edge.to] += 1 }
            var queue: [Int] = (0..<n).filter { active[$0] && indegree[$0] == 0 }
            var head = 0
            var order: [Int] = []
            while head < queue.count {
                let v = queue[head]; head += 1
                order.append(v)
                for e in incident[v] where edges[e].from == v {
                    let w = edges[e].to
                    rank[w] = max(rank[w], rank[v] + edges[e].minLength)
                    indegree[w] -= 1
                    if indegree[w] == 0 { queue.append(w) }
                }
            }
            // Sinks of other sources sit as low as their successors allow.
            for v in order.reversed() {
                var best = Int.max
                var hasOut = false
                for e in incident[v] where edges[e].from == v {
                    hasOut = true
                    best = min(best, rank[edges[e].to] - edges[e].minLength)
                }
                var hasIn = false
                for e in incident[v] where edges[e].to == v { hasIn = true }
                if hasOut && !hasIn { rank[v] = best }
            }
        }

        mutating func solve() {
            var seen = [Bool](repeating: false, count: n)
            for root in 0..<n where active[root] && !seen[root] {
                let component = feasibleTree(root)
                for v in component { seen[v] = true }
                guard component.count > 1 else { continue }
                for v in lowLim(root) where v != root { cut[v] = cutValue(v) }
                // Each exchange costs a pass over the component; bounded for huge graphs.
                let componentEdges = component.reduce(0) { $0 + incident[$1].count } / 2
                let budget = max(50, min(10 * component.count, 40_000_000 / max(1, component.count + componentEdges)))
                var iterations = 0
                while iterations < budget, let leaving = leavingNode(component) {
                    guard let entering = enteringEdge(leaving) else { break }
                    exchange(leaving: leaving, entering: entering, root: root)
                    iterations += 1
                }
            }
        }

        /// Grows a tree of tight edges from `root` over its component, shifting the tree
        /// whenever it cannot grow; returns the component's nodes.
        mutating func feasibleTree(_ root: Int) -> [Int] {
            // The component first.
            var component: [Int] = [root]
            var inComponent = [Bool](repeating: false, count: n)
            inComponent[root] = true
            var head = 0
            while head < component.count {
                let v = component[head]; head += 1
                for e in incident[v] {
                    let w = edges[e].from == v ? edges[e].to : edges[e].from
                    if !inComponent[w] { inComponent[w] = true; component.append(w) }
                }
            }
            var treeNode = [Bool](repeating: false, count: n)
            treeNode[root] = true
            var treeNodes = [root]
            func grow(_ solver: inout Solver) {
                var stack = treeNodes
                while let v = stack.popLast() {
                    for e in solver.incident[v] where !solver.inTree[e] {
                        let w = solver.edges[e].from == v ? solver.edges[e].to : solver.edges[e].from
                        if !treeNode[w] && solver.slack(e) == 0 {
                            treeNode[w] = true
                            treeNodes.append(w)
                            solver.inTree[e] = true
                            solver.treeAdjacent[v].append(e); solver.treeAdjacent[w].append(e)
                            stack.append(w)
                        }
                    }
                }
            }
            grow(&self)
            while treeNodes.count < component.count {
                // The edge with one end in the tree and the least slack.
                var best = -1, bestSlack = Int.max
                for v in treeNodes {
                    for e in incident[v] {
                        let other = edges[e].from == v ? edges[e].to : edges[e].from
                        if !treeNode[other], slack(e) < bestSlack { best = e; bestSlack = slack(e) }
                    }
                }
                guard best >= 0 else { break }
                let delta = treeNode[edges[best].from] ? bestSlack : -bestSlack
                for v in treeNodes { rank[v] += delta }
                grow(&self)
            }
            return component
        }

        /// Parents, and each node's postorder number `lim` and the least one below it `low`;
        /// returns the tree's nodes in that postorder (the order cut values are computed in).
        @discardableResult
        mutating func lowLim(_ root: Int) -> [Int] {
            var next = 1
            var order: [Int] = []
            parent[root] = -1; parentEdge[root] = -1
            var stack: [(node: Int, child: Int)] = [(root, 0)]
            low[root] = next
            while let top = stack.last {
                if top.child < treeAdjacent[top.node].count {
                    stack[stack.count - 1].child += 1
                    let e = treeAdjacent[top.node][top.child]
                    if e == parentEdge[top.node] { continue }
                    let w = edges[e].from == top.node ? edges[e].to : edges[e].from
                    parent[w] = top.node; parentEdge[w] = e
                    low[w] = next
                    stack.append((w, 0))
                } else {
                    lim[top.node] = next
                    next += 1
                    order.append(top.node)
                    stack.removeLast()
                }
            }
            return order
        }

        /// The cut value of the tree edge from `child` to its parent, from those of the
        /// child's own tree edges (computed before it, in postorder).
        func cutValue(_ child: Int) -> Double {
            let treeEdge = parentEdge[child]
            let childIsTail = edges[treeEdge].from == child
            var value = edges[treeEdge].weight
            for e in incident[child] where e != treeEdge {
                let isOut = edges[e].from == child
                let other = isOut ? edges[e].to : edges[e].from
                let pointsToHead = isOut == childIsTail
                value += pointsToHead ? edges[e].weight : -edges[e].weight
                if inTree[e] && parentEdge[other] == e {
                    value += pointsToHead ? -cut[other] : cut[other]
                }
            }
            return value
        }

        func leavingNode(_ component: [Int]) -> Int? {
            for v in component where parentEdge[v] >= 0 && cut[v] < -1e-9 { return v }
            return nil
        }

        func isDescendant(_ v: Int, of root: Int) -> Bool { low[root] <= lim[v] && lim[v] <= lim[root] }

        /// The non-tree edge across the cut that the leaving edge makes, with the least slack.
        func enteringEdge(_ child: Int) -> Int? {
            let leaving = parentEdge[child]
            var tail = edges[leaving].from, head = edges[leaving].to
            var flip = false
            if lim[tail] > lim[head] { swap(&tail, &head); flip = true }
            _ = head
            var best: Int?
            var bestSlack = Int.max
            // Candidates join the subtree below the leaving edge to the rest, pointing the
            // other way than it does.
            // The subtree's nodes are those whose postorder number lies in [low, lim] of its root.
            let lo = low[tail], hi = lim[tail]
            var stack = [tail]
            while let v = stack.popLast() {
                for e in incident[v] {
                    if inTree[e] {
                        // Tree edges lead down the subtree (its parent's edge leads out of it).
                        let w = edges[e].from == v ? edges[e].to : edges[e].from
                        if parentEdge[w] == e && lo <= lim[w] && lim[w] <= hi { stack.append(w) }
                        continue
                    }
                    let fromIn = lo <= lim[edges[e].from] && lim[edges[e].from] <= hi
                    let toIn = lo <= lim[edges[e].to] && lim[edges[e].to] <= hi
                    if flip == fromIn && flip != toIn {
                        let s = slack(e)
                        if s < bestSlack || (s == bestSlack && e < (best ?? Int.max)) { best = e; bestSlack = s }
                    }
                }
            }
            return best
        }

        mutating func exchange(leaving child: Int, entering: Int, root: Int) {
            let leaving = parentEdge[child]
            inTree[leaving] = false
            for end in [edges[leaving].from, edges[leaving].to] { treeAdjacent[end].removeAll { $0 == leaving } }
            inTree[entering] = true
            treeAdjacent[edges[entering].from].append(entering)
            treeAdjacent[edges[entering].to].append(entering)
            let postorder = lowLim(root)
            // Ranks from the tree, so that every tree edge is tight again: parents before
            // children, which is the postorder read backwards.
            for v in postorder.reversed() where v != root {
                let e = parentEdge[v], p = parent[v]
                rank[v] = edges[e].from == v ? rank[p] - edges[e].minLength : rank[p] + edges[e].minLength
            }
            for v in postorder where v != root { cut[v] = cutValue(v) }
        }
    }
}

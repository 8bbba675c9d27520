// Automatic layout of a `graph` (issue 37): a pure function from a value-type graph (node
// sizes, edges with weights and least rank spans, rank constraints) to coordinates. The
// layered method of Sugiyama et al. as Gansner et al. describe it for dot ("A Technique for
// Drawing Directed Graphs", 1993): cycles broken by reversing the back edges of a depth-first
// search, ranks by network simplex (nodes free to move spread over the narrowest ranks, as
// dot balances them), long edges split into chains of virtual nodes, the order
// in each rank by weighted-median sweeps with transposition judged by exact crossing counts
// (Barth, Jünger and Mutzel's accumulator tree, LayeredOrdering.swift), and coordinates by
// network simplex on dot's auxiliary graph, started from Brandes and Köpf's four
// alignments balanced (LayeredCoordinates.swift). A graph that is a
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
        var grouped = [Bool](repeating: false, count: n)
        for v in 0..<n where rep[v] != v { grouped[v] = true; grouped[rep[v]] = true }
        balance(&rank, rankEdges, movable: (0..<n).map { !grouped[$0] && graph.nodes[$0].rank == nil },
                room: cross.map { $0 + graph.nodeSpacing })
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
        var xs = BrandesKoepf.coordinates(layered, ordering.layers, spacing: graph.nodeSpacing)
        // dot's coordinates where the solver is quick; Brandes and Köpf's alone for big graphs.
        if layered.count <= SimplexCoordinates.limit {
            xs = SimplexCoordinates.coordinates(layered, ordering.layers, spacing: graph.nodeSpacing, start: xs)
        }

        var minX = Double.infinity, maxX = -Double.infinity
        for v in 0..<layered.count {
            minX = min(minX, xs[v] - layered.cross[v] / 2)
            maxX = max(maxX, xs[v] + layered.cross[v] / 2)
        }
        func x(_ v: Int) -> Double { xs[v] - minX }
        let lines = EdgeLines(chains: chains, rank: layered.rank, thick: layered.thick, cross: layered.cross, rankCount: rankCount,
                              x: x, nodeSpacing: graph.nodeSpacing, rankSpacing: graph.rankSpacing)
        func point(_ v: Int) -> Point { Point(x(v), lines.rankCenter[layered.rank[v]]) }
        let centers = (0..<n).map(point)
        var bends = lines.bends
        for e in graph.edges.indices where reversed[e] { bends[e].reverse() }
        let labels = graph.edges.indices.map { labelNode[$0] >= 0 ? point(labelNode[$0]) : nil }
        let y = lines.height
        return LayeredDrawing(centers: centers, bends: bends, labelCenters: labels,
                              size: Size(max(0, maxX - minX), y), crossings: crossings, isTree: false)
    }

    /// dot's balancing of ranks (Gansner et al., 1993, section 2.3): a node whose edges in
    /// weigh as much as its edges out may take any rank between its neighbours' without
    /// changing the weighted length network simplex minimised; each such node, in written
    /// order, moves to the rank of that range whose nodes take the least room (`room`: a
    /// node's cross size and the gap after it), staying where it is on a tie. The drawing
    /// gets narrower where many such nodes share a rank (world.gv: 15 real nodes in one rank,
    /// 9 after). Nodes without edges stay (a graph of loose nodes stays one row).
    static func balance(_ rank: inout [Int], _ edges: [RankEdge], movable: [Bool], room: [Double]) {
        let n = rank.count
        var inWeight = [Double](repeating: 0, count: n), outWeight = inWeight
        var incident = [[Int]](repeating: [], count: n)
        for (e, edge) in edges.enumerated() {
            outWeight[edge.from] += edge.weight
            inWeight[edge.to] += edge.weight
            incident[edge.from].append(e)
            incident[edge.to].append(e)
        }
        let top = rank.max() ?? 0
        var used = [Double](repeating: 0, count: top + 1)
        for v in 0..<n { used[rank[v]] += room[v] }
        for v in 0..<n where movable[v] && !incident[v].isEmpty && inWeight[v] == outWeight[v] {
            var lo = 0, hi = top
            for e in incident[v] {
                let edge = edges[e]
                if edge.to == v { lo = max(lo, rank[edge.from] + edge.minLength) } else { hi = min(hi, rank[edge.to] - edge.minLength) }
            }
            guard lo < hi else { continue }
            // The room a rank would take with v in it; the current rank wins a tie.
            var choice = rank[v], least = used[rank[v]]
            for r in lo...hi where r != rank[v] && used[r] + room[v] < least - 1e-9 { choice = r; least = used[r] + room[v] }
            guard choice != rank[v] else { continue }
            used[rank[v]] -= room[v]
            used[choice] += room[v]
            rank[v] = choice
        }
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

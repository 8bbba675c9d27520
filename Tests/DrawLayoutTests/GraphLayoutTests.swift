// The layout engine of `graph` (issue 37) as a pure function (LayeredLayout.swift): ranks,
// cycles, long edges, order, constraints, trees, direction and determinism; and `graph` in a
// drawing: boxes made for unknown names, nodeStyle, clusters, and no checker faults.

import DrawBase
import DrawCatalogue
import DrawKit
import DrawScene
import DrawSemantics
import DrawTestSupport
@testable import DrawLayout
import Testing

@Suite struct GraphLayoutTests {
    static func graph(_ n: Int, _ edges: [(Int, Int)], size: (Double, Double) = (40, 20)) -> LayeredGraph {
        var g = LayeredGraph()
        g.nodes = (0..<n).map { _ in LayeredGraph.Node(width: size.0, height: size.1) }
        g.edges = edges.map { LayeredGraph.Edge(from: $0.0, to: $0.1) }
        return g
    }

    /// The rank of each node: its centre's y divided into distinct levels.
    static func levels(_ d: LayeredDrawing, vertical: Bool = true) -> [Int] {
        let values = d.centers.map { vertical ? $0.y : $0.x }
        let distinct = Array(Set(values.map { ($0 * 1000).rounded() })).sorted()
        return values.map { distinct.firstIndex(of: ($0 * 1000).rounded())! }
    }

    @Test func aChainGoesDownOneRankPerEdge() {
        let d = LayeredLayout.layout(Self.graph(3, [(0, 1), (1, 2)]))
        #expect(Self.levels(d) == [0, 1, 2])
        #expect(d.centers[0].y < d.centers[1].y && d.centers[1].y < d.centers[2].y)
        // 20pt high nodes, 36pt between ranks.
        #expect(abs(d.centers[1].y - d.centers[0].y - 56) < 1e-9)
        #expect(d.size.height == 3 * 20 + 2 * 36)
    }

    /// Network simplex: a short edge beside a long path is stretched, not the path squeezed,
    /// and a node with one heavy edge sits next to its neighbour.
    @Test func ranksMinimiseWeightedLength() {
        // 0→1→2→3 and 0→4→3: 4 can sit at rank 1 or 2; both give the same total, and the
        // longest path keeps 3 at rank 3.
        let d = LayeredLayout.layout(Self.graph(5, [(0, 1), (1, 2), (2, 3), (0, 4), (4, 3)]))
        #expect(Self.levels(d)[3] == 3)
        // A sink pulled up next to its only predecessor rather than left at the bottom.
        let e = LayeredLayout.layout(Self.graph(5, [(0, 1), (1, 2), (2, 3), (0, 4)]))
        #expect(Self.levels(e)[4] == 1)
        // A source with one edge into the bottom node sits just above it (longest path alone
        // would leave it at the top).
        let f = LayeredLayout.layout(Self.graph(5, [(0, 1), (1, 2), (2, 3), (4, 3)]))
        #expect(Self.levels(f)[4] == 2)
    }

    @Test func cyclesAreBrokenAndReversedEdgesKeepTheirDirection() {
        var g = Self.graph(3, [(0, 1), (1, 2), (2, 0)])
        g.edges[2].minLength = 1
        let d = LayeredLayout.layout(g)
        #expect(Set(Self.levels(d)) == [0, 1, 2])
        // The edge 2→0 spans two ranks: its ports and the two ends of its run through the
        // middle rank, listed from its tail (2) to its head (0).
        #expect(d.bends[2].count == 4)
        #expect(d.bends[2][1].y < d.centers[2].y && d.bends[2][2].y > d.centers[0].y)
        #expect(d.bends[2][0].y < d.centers[2].y && d.bends[2][3].y > d.centers[0].y)
    }

    /// Where a polyline is at height `y` (the first crossing, nil when it never gets there).
    static func x(of line: [Point], at y: Double) -> Double? {
        for i in 1..<line.count where min(line[i - 1].y, line[i].y) <= y && y <= max(line[i - 1].y, line[i].y) {
            let dy = line[i].y - line[i - 1].y
            return abs(dy) < 1e-9 ? line[i].x : line[i - 1].x + (line[i].x - line[i - 1].x) * (y - line[i - 1].y) / dy
        }
        return nil
    }

    @Test func longEdgesKeepClearOfTheNodesOfTheRanksTheyCross() {
        let d = LayeredLayout.layout(Self.graph(4, [(0, 1), (1, 2), (2, 3), (0, 3)]))
        // An edge to the next rank between ports above one another: one straight line, its
        // two points just out of its ends.
        #expect(d.bends[0].count == 2)
        // 0→3 passes beside nodes 1 and 2: across their whole bands it keeps out of them by
        // at least half the gap to them less the gate's margin (24 / 2 − 2).
        let long = d.bends[3]
        #expect(long.count >= 2)
        for v in [1, 2] {
            for dy in stride(from: -10.0, through: 10.0, by: 2.5) {
                let x = try! #require(Self.x(of: long, at: d.centers[v].y + dy))
                #expect(abs(x - d.centers[v].x) >= 20 + 10 - 1e-9, "\(v): \(x) against \(d.centers[v].x)")
            }
        }
        // It bends only where it must: at most once going out round node 1 and once coming
        // back round node 2 (here the layout keeps its chain straight: no bend at all).
        #expect(long.count <= 4)
    }

    /// The shortest line through a row of gates: straight when one line passes them all,
    /// bending only at the gate end that is in the way.
    @Test func tautStringsBendOnlyWhereAGateIsInTheWay() {
        let inf = Double.infinity
        // From x 0 at height 0 to x 30 at height 30: a straight line through wide gates.
        let free = TautString.through([(0, 0, 0), (10, -inf, inf), (20, 5, 25), (30, 30, 30)])
        #expect(free.enumerated().allSatisfy { abs($0.element - Double([0, 10, 20, 30][$0.offset])) < 1e-9 })
        // A gate ending at 2 at height 10 (a node to its right): the line bends there, and
        // runs straight before and after.
        let bent = TautString.through([(0, 0, 0), (10, -inf, 2), (20, -inf, inf), (30, 30, 30)])
        #expect(abs(bent[1] - 2) < 1e-9)
        #expect(abs(bent[2] - 16) < 1e-9)
        // Levels at one height are one level: their gates met.
        let merged = TautString.through([(0, 4, 4), (0, 0, 10), (10, -inf, inf), (20, 4, 4)])
        #expect(merged.allSatisfy { abs($0 - 4) < 1e-9 })
    }

    /// Two crossing-prone bipartite patterns: sweeps and transposition find a drawing without crossings.
    @Test func orderingRemovesAvoidableCrossings() {
        // 0,1 on top; 2,3 below; written so that the first order crosses.
        let d = LayeredLayout.layout(Self.graph(4, [(0, 3), (1, 2), (0, 1)].map { ($0.0, $0.1) }))
        #expect(d.crossings == 0)
        let ladder = Self.graph(8, [(0, 4), (0, 7), (1, 5), (1, 6), (2, 6), (3, 4), (2, 7), (3, 5)])
        let l = LayeredLayout.layout(ladder)
        #expect(l.crossings <= 3)
        // K(3,3) cannot be drawn in two ranks without crossings: 9 choose … at least 9.
        let k = LayeredLayout.layout(Self.graph(6, [(0, 3), (0, 4), (0, 5), (1, 3), (1, 4), (1, 5), (2, 3), (2, 4), (2, 5)]))
        #expect(k.crossings == 9)
    }

    @Test func nodesOfARankDoNotOverlap() {
        var g = Self.graph(7, [(0, 1), (0, 2), (0, 3), (1, 4), (2, 5), (3, 6), (0, 6), (1, 5)])
        g.nodes[2].width = 120
        let d = LayeredLayout.layout(g)
        for a in 0..<7 {
            for b in (a + 1)..<7 where abs(d.centers[a].y - d.centers[b].y) < 1e-6 {
                let gap = abs(d.centers[a].x - d.centers[b].x) - (g.nodes[a].width + g.nodes[b].width) / 2
                #expect(gap >= 24 - 1e-6, "\(a) and \(b) are \(gap) apart")
            }
        }
    }

    @Test func directionTurnsTheDrawing() {
        var g = Self.graph(3, [(0, 1), (1, 2), (0, 2)])
        g.direction = .right
        let d = LayeredLayout.layout(g)
        #expect(d.centers[0].x < d.centers[1].x && d.centers[1].x < d.centers[2].x)
        g.direction = .up
        let u = LayeredLayout.layout(g)
        #expect(u.centers[0].y > u.centers[1].y && u.centers[1].y > u.centers[2].y)
        g.direction = .left
        let l = LayeredLayout.layout(g)
        #expect(l.centers[0].x > l.centers[1].x)
    }

    @Test func rankConstraints() {
        var g = Self.graph(5, [(0, 1), (1, 2), (0, 3), (3, 4)])
        g.sameRank = [[2, 3]]
        let d = LayeredLayout.layout(g)
        #expect(abs(d.centers[2].y - d.centers[3].y) < 1e-9)
        var h = Self.graph(4, [(0, 1), (1, 2), (0, 3)])
        h.nodes[3].rank = .last
        let e = LayeredLayout.layout(h)
        #expect(abs(e.centers[3].y - e.centers[2].y) < 1e-9)
        var f = Self.graph(4, [(0, 1), (1, 2), (3, 2)])
        f.nodes[3].rank = .first
        let r = LayeredLayout.layout(f)
        #expect(abs(r.centers[3].y - r.centers[0].y) < 1e-9)
        var m = Self.graph(2, [(0, 1)])
        m.edges[0].minLength = 3
        // Three ranks apart, through two virtual nodes in line: one straight line.
        let spanned = LayeredLayout.layout(m)
        #expect(abs(spanned.centers[1].y - spanned.centers[0].y - (3 * 36 + 20)) < 1e-9)
        #expect(spanned.bends[0].count == 2)
    }

    @Test func labelsTakeRoomOfTheirOwn() {
        var g = Self.graph(2, [(0, 1)])
        g.edges[0].label = Size(60, 14)
        let d = LayeredLayout.layout(g)
        let label = try! #require(d.labelCenters[0])
        #expect(label.y > d.centers[0].y + 10 && label.y < d.centers[1].y - 10)
        #expect(d.size.width >= 60)
    }

    @Test func treesAreTidy() {
        // A root with three children, the middle one with two of its own.
        let g = Self.graph(6, [(0, 1), (0, 2), (0, 3), (2, 4), (2, 5)])
        let d = LayeredLayout.layout(g)
        #expect(d.isTree)
        #expect(abs(d.centers[0].x - (d.centers[1].x + d.centers[3].x) / 2) < 1e-9)
        #expect(abs(d.centers[2].x - (d.centers[4].x + d.centers[5].x) / 2) < 1e-9)
        #expect(d.centers[1].x < d.centers[2].x && d.centers[2].x < d.centers[3].x)
        // Subtrees never overlap: leaves of one level are a node width plus spacing apart.
        #expect(d.centers[5].x - d.centers[4].x >= 40 + 24 - 1e-9)
        // A forest: two roots side by side.
        let f = LayeredLayout.layout(Self.graph(4, [(0, 1), (2, 3)]))
        #expect(f.isTree && f.centers[0].y == f.centers[2].y && f.centers[0].x < f.centers[2].x)
    }

    @Test func sameGraphSameNumbers() {
        var state: UInt64 = 7
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33)
        }
        var edges: [(Int, Int)] = []
        for _ in 0..<90 {
            let a = next() % 60, b = next() % 60
            if a != b { edges.append((min(a, b), max(a, b))) }
        }
        let g = Self.graph(60, edges)
        let first = LayeredLayout.layout(g)
        for _ in 0..<3 { #expect(LayeredLayout.layout(g) == first) }
    }

    // MARK: In a drawing

    @Test func edgesFirstMakesBoxes() throws {
        let result = compile("style box { fill: lightyellow }\ngraph nodeStyle: box { a -> b -> c }\n")
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        // Three boxes with their labels, filled by the style.
        #expect(result.ir.components(separatedBy: "path fill #ffffe0").count - 1 == 3, "\(result.ir)")
        for label in ["\"a\"", "\"b\"", "\"c\""] { #expect(result.ir.contains(label)) }
        let doc = try #require(layOutDiagram("graph { a -> b -> c }"))
        let faults = checkDiagram(doc)
        #expect(faults.connectors == 2 && faults.faults == 0, "\(faults)")
    }

    /// A graph running down with a cluster, `payments`, whose own graph runs right; edges
    /// cross into it (`api -> charge`) and out of it (`payout -> mail`), and `edges` are
    /// added after the one in.
    static func paymentsCluster(edges: [String] = []) -> String {
        (["graph {", "  web -> api", "  rect \"Payments\", id: payments {",
          "    graph direction: right { charge -> ledger -> payout }", "  }", "  api -> charge"]
         + edges.map { "  " + $0 } + ["  payout -> mail", "}"]).joined(separator: "\n")
    }

    @Test func clustersKeepTheirOwnDirection() throws {
        let source = Self.paymentsCluster(edges: ["api -> cache"])
        let doc = try #require(layOutDiagram(source))
        let faults = checkDiagram(doc)
        // Edges into the cluster end at its inner nodes, through ports moved to face them.
        #expect(faults.faults == 0, "\(faults)\n\(faults.details.joined(separator: "\n"))")
        let result = compile(source)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    /// A cluster's label is its title: drawn across the top of its frame, in room of its own,
    /// clear of every node inside (before, it was centred under the inner graph's nodes).
    @Test func aClusterShowsItsTitle() throws {
        let source = Self.paymentsCluster()
        let result = compile(source)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        // The title's box from the IR: `text … size S … origin X Y advance A "Payments"`.
        let line = try #require(result.ir.split(separator: "\n").first { $0.contains("\"Payments\"") }, "\(result.ir)")
        let f = line.split(separator: " ").map(String.init)
        func field(_ name: String) -> Double { Double(f[f.firstIndex(of: name)! + 1])! }
        let origin = f.firstIndex(of: "origin")!
        let size = field("size"), x = Double(f[origin + 1])!, baseline = Double(f[origin + 2])!
        let title = Rect(x: x, y: baseline - 0.75 * size, width: field("advance"), height: size)
        let (nodes, _) = diagramGeometry(try #require(layOutDiagram(source)))
        let cluster = try #require(nodes.max { $0.width * $0.height < $1.width * $1.height })
        // Inside the cluster's frame, in its top part, and over no other node.
        #expect(cluster.minX <= title.minX && title.maxX <= cluster.maxX && cluster.minY <= title.minY)
        #expect(title.maxY < cluster.minY + cluster.height / 2)
        #expect(abs(title.midX - cluster.midX) < 1, "centred: \(title) in \(cluster)")
        for node in nodes where node != cluster {
            let overlaps = title.minX < node.maxX && node.minX < title.maxX && title.minY < node.maxY && node.minY < title.maxY
            #expect(!overlaps, "the title \(title) overlaps \(node)")
        }
    }

    /// Tidy trees in linear time: a caterpillar 2,000 deep (every spine node with a leaf) and a
    /// root with 2,000 children cost at most two contour levels per node (the contours of
    /// the former copied and shifted level by level would cost ~n²/2), and stay tidy.
    @Test func tidyTreesTakeLinearWork() {
        let deep = Self.graph(4_000, (0..<1_999).flatMap { [($0, $0 + 1), ($0, 2_000 + $0)] })
        let wide = Self.graph(2_001, (1...2_000).map { (0, $0) })
        for g in [deep, wide] {
            #expect(TidyTree.applies(to: g))
            var work = 0
            let d = TidyTree.layout(g, cross: g.nodes.map(\.width), thick: g.nodes.map(\.height), work: &work)
            #expect(work <= 2 * g.nodes.count, "\(work) levels for \(g.nodes.count) nodes")
            // No two nodes of a level closer than the spacing; each parent centred over its
            // first and last child.
            var levels: [Double: [Double]] = [:]
            for c in d.centers { levels[c.y, default: []].append(c.x) }
            for xs in levels.values {
                let sorted = xs.sorted()
                for i in sorted.indices.dropFirst() { #expect(sorted[i] - sorted[i - 1] >= 40 + 24 - 1e-6) }
            }
            var children = [[Int]](repeating: [], count: g.nodes.count)
            for e in g.edges { children[e.from].append(e.to) }
            for v in children.indices where !children[v].isEmpty {
                let mid = (d.centers[children[v].first!].x + d.centers[children[v].last!].x) / 2
                #expect(abs(d.centers[v].x - mid) < 1e-6)
            }
        }
    }

    /// Network simplex keeps its cut values by local updates along each exchange's cycle
    /// (NetworkSimplex.swift). At the end they must equal the ones computed afresh over the
    /// final tree, and none may be negative: with every tree edge tight and every edge long
    /// enough, that proves the ranks optimal (the cut values are the dual solution).
    @Test func networkSimplexUpdatesMatchAFreshComputation() {
        var seed: UInt64 = 5
        func next() -> Int {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            return Int(truncatingIfNeeded: seed >> 33)
        }
        var exchanges = 0
        for trial in 0..<40 {
            let n = 20 + next() % 300
            var edges: [RankEdge] = []
            for i in 1..<n { edges.append(RankEdge(from: max(0, i - 1 - next() % 8), to: i, weight: 1, minLength: 1)) }
            for _ in 0..<(n / 2 + next() % n) {
                let a = next() % n, b = next() % n
                guard a != b else { continue }
                edges.append(RankEdge(from: min(a, b), to: max(a, b), weight: Double(1 + next() % 4), minLength: next() % 3))
            }
            var solver = NetworkSimplex.Solver(n: n, edges: NetworkSimplex.merged(edges, count: n), active: [Bool](repeating: true, count: n))
            solver.initialRanks()
            solver.solve()
            exchanges += solver.exchanges
            var fresh = solver
            fresh.initialCutValues(base: 1, count: n)
            var treeEdges = 0
            for e in solver.inTree.indices {
                #expect(solver.slack(e) >= 0, "trial \(trial): edge \(e) too short")
                guard solver.inTree[e] else { continue }
                treeEdges += 1
                #expect(solver.slack(e) == 0, "trial \(trial): tree edge \(e) not tight")
                #expect(abs(solver.cut[e] - fresh.cut[e]) < 1e-6, "trial \(trial): edge \(e) cut \(solver.cut[e]), afresh \(fresh.cut[e])")
                #expect(fresh.cut[e] >= -1e-9, "trial \(trial): edge \(e) cut value \(fresh.cut[e]) < 0")
            }
            #expect(treeEdges == n - 1)
        }
        // The start is seldom optimal: the updates were exercised.
        #expect(exchanges > 100, "\(exchanges) exchanges")
    }

    /// "A small edit moves little": one edge added to a 50-node graph (random DAGs of 75
    /// edges, seeds 1–10, the new edge between two random nodes that were not joined), how
    /// many of the 50 nodes change rank, rank or place in it, and centre (by more than 1pt).
    /// How far one more edge moves a 50-node, 76-edge random DAG's nodes, per seed.
    struct Steadiness {
        /// Nodes whose rank changed (against the median node's: a rank added above all of
        /// them moves the drawing, not the nodes against one another).
        var rank: [Int] = []
        /// Nodes whose rank changed or that swapped sides with another node of their rank
        /// (before and after): the order as a viewer reads it.
        var order: [Int] = []
        /// Nodes whose rank changed or whose index among the real nodes of their rank changed
        /// (the measure of rounds 2–4: a node inserted on the left counts every node right of it).
        var index: [Int] = []
        /// Nodes whose rank changed, plus in each rank the fewest nodes that, picked up and put
        /// elsewhere, turn the old left-to-right order into the new one (the rank's size less
        /// the longest run of nodes kept in the same relative order): a node moved across a
        /// rank counts once here, but once per node it passed under `order`.
        var picked: [Int] = []
        /// Nodes whose centre moved by more than 1pt once the drawing as a whole is shifted by
        /// the median move (the drawing's own origin moves when its left edge does).
        var shifted: [Int] = []
        /// The same without that shift.
        var raw: [Int] = []
        /// Moved by more than the gap between neighbours (18pt) after that shift.
        var visibly: [Int] = []
        var crossings: [Int] = []
        var area: [Double] = []

        static func median(_ a: [Int]) -> Int { a.sorted()[a.count / 2] }
        static func mean(_ a: [Int]) -> Double { Double(a.reduce(0, +)) / Double(a.count) }
        func line(_ name: String, _ a: [Int]) -> String {
            "\(name): median \(Self.median(a)), mean \(Self.mean(a)), max \(a.max()!) \(a)"
        }
        var summary: String {
            [line("rank", rank), line("rank or order (pairs)", order), line("rank or index", index),
             line("rank or order (nodes picked up)", picked),
             line("centre > 1pt (shifted)", shifted), line("centre > 1pt (raw)", raw), line("centre > 18pt (shifted)", visibly),
             "crossings (before, after) \(crossings), area \(Int(area.reduce(0, +) / 1000))k"].joined(separator: "\n")
        }
    }

    static func steadiness(seeds: ClosedRange<Int>, span: Int? = nil) -> Steadiness {
        var s = Steadiness()
        let n = 50
        for seed in seeds {
            let plain = span.map { PlainGraph.writtenLikeADiagram(nodes: n, edges: 76, span: $0, seed: UInt64(seed)) }
                ?? PlainGraph.random(nodes: n, edges: 76, seed: UInt64(seed))
            var g = LayeredGraph()
            g.nodes = plain.sizes.map { LayeredGraph.Node(width: $0.width, height: $0.height) }
            g.nodeSpacing = 18; g.rankSpacing = 36
            g.edges = plain.edges.dropLast().map { LayeredGraph.Edge(from: $0.0, to: $0.1) }
            let before = LayeredLayout.layout(g)
            g.edges.append(LayeredGraph.Edge(from: plain.edges.last!.0, to: plain.edges.last!.1))
            let after = LayeredLayout.layout(g)
            s.crossings.append(before.crossings); s.crossings.append(after.crossings)
            s.area.append(before.size.width * before.size.height)
            // Ranks counted from the drawing's median node: a new rank above everything moves
            // the whole drawing down, not its nodes against one another.
            let rb = Self.levels(before), lifted = Self.levels(after)
            let shift = (0..<n).map { lifted[$0] - rb[$0] }.sorted()[n / 2]
            let ra = lifted.map { $0 - shift }
            s.rank.append((0..<n).filter { rb[$0] != ra[$0] }.count)
            // Left-to-right order among the real nodes of each rank.
            func index(_ d: LayeredDrawing, _ r: [Int]) -> [Int] {
                (0..<n).map { v in (0..<n).filter { r[$0] == r[v] && d.centers[$0].x < d.centers[v].x }.count }
            }
            let ib = index(before, rb), ia = index(after, ra)
            s.index.append((0..<n).filter { rb[$0] != ra[$0] || ib[$0] != ia[$0] }.count)
            var picked = (0..<n).filter { rb[$0] != ra[$0] }.count
            for r in Set(rb).sorted() {
                let kept = (0..<n).filter { rb[$0] == r && ra[$0] == r }.sorted { before.centers[$0].x < before.centers[$1].x }
                let later = kept.map { after.centers[$0].x }
                // The longest increasing run of the new x's in the old order (quadratic; ranks are small).
                var longest = [Int](repeating: 1, count: later.count)
                for i in later.indices { for j in 0..<i where later[j] < later[i] { longest[i] = max(longest[i], longest[j] + 1) } }
                picked += kept.count - (longest.max() ?? 0)
            }
            s.picked.append(picked)
            func swappedSides(_ v: Int, _ w: Int) -> Bool {
                guard w != v && rb[w] == rb[v] && ra[w] == ra[v] else { return false }
                let left = before.centers[w].x < before.centers[v].x
                return left != (after.centers[w].x < after.centers[v].x)
            }
            s.order.append((0..<n).filter { v in rb[v] != ra[v] || (0..<n).contains { swappedSides(v, $0) } }.count)
            let dx = (0..<n).map { after.centers[$0].x - before.centers[$0].x }.sorted()[n / 2]
            let dy = (0..<n).map { after.centers[$0].y - before.centers[$0].y }.sorted()[n / 2]
            func moved(_ v: Int, by d: Double, shift: Bool) -> Bool {
                abs(after.centers[v].x - before.centers[v].x - (shift ? dx : 0)) > d
                    || abs(after.centers[v].y - before.centers[v].y - (shift ? dy : 0)) > d
            }
            s.shifted.append((0..<n).filter { moved($0, by: 1, shift: true) }.count)
            s.raw.append((0..<n).filter { moved($0, by: 1, shift: false) }.count)
            s.visibly.append((0..<n).filter { moved($0, by: 18, shift: true) }.count)
        }
        return s
    }

    @Test func oneMoreEdgeMovesFewNodes() {
        let s = Self.steadiness(seeds: 1...20)
        print("one more edge, 50-node random DAGs, seeds 1–20:\n" + s.summary)
        #expect(s.rank.max()! <= 10 && Steadiness.median(s.rank) <= 2, "\(s.rank)")
        // Measured (bench/RESULTS.md, sixth round): rank or order (pairs) changes for a median
        // of 25 of 50 nodes (36 in the fifth round, dot 40), 13 when a node carried across
        // its rank counts once (19 before); centres move by more than 18pt for about 40 (dot
        // 47). The search from the written order alone is kept unless another start finds 10 %
        // fewer crossings, and the order is mirrored towards the written one.
        #expect(Steadiness.median(s.order) <= 25 && Steadiness.median(s.picked) <= 13, "\(s.order) \(s.picked)")
        // 41 since graph-area2 tracks only a crowded gap's close pieces: a gap's height follows
        // its tracks, so an edit that adds or removes a track moves the ranks below it.
        #expect(Steadiness.median(s.visibly) <= 41, "\(s.visibly)")
        // Graphs written like diagrams (each edge to one of the next six nodes): a median of 7
        // nodes change rank or order (18 in the fifth round, dot 20), 3 picked up and put
        // elsewhere (9 before); 23 move visibly (28 before). Network simplex's ranks still
        // shift whole parts now and then (up to 22 nodes, as in dot: the edit lengthens a path).
        let local = Self.steadiness(seeds: 1...20, span: 6)
        print("one more edge, 50-node DAGs written like a diagram (edges span at most 6), seeds 1–20:\n" + local.summary)
        #expect(Steadiness.median(local.order) <= 7 && Steadiness.median(local.picked) <= 3, "\(local.order) \(local.picked)")
        #expect(Steadiness.median(local.visibly) <= 23, "\(local.visibly)")
        // The steadiness costs few crossings: 3,494 and 466 over the 40 layouts of each kind
        // (3,424 and 456 in the fifth round).
        #expect(s.crossings.reduce(0, +) <= 3_500 && local.crossings.reduce(0, +) <= 470, "\(s.crossings) \(local.crossings)")
    }

    /// The frame of the box drawn just before the text `label` in the IR (its `M … L …` line).
    static func frame(of label: String, in ir: String) throws -> Rect {
        let lines = ir.split(separator: "\n")
        let at = try #require(lines.firstIndex { $0.hasSuffix("\"\(label)\"") }, "no \(label) in \(ir)")
        let numbers = lines[at - 1].split(separator: " ").compactMap { Double($0) }
        let xs = stride(from: 0, to: numbers.count, by: 2).map { numbers[$0] }
        let ys = stride(from: 1, to: numbers.count, by: 2).map { numbers[$0] }
        return Rect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }

    /// `at:` in a graph: the first pinned child takes part in the layout, and the layout is
    /// moved so that it sits exactly at its point; the rest are laid out around it.
    @Test func aPinnedChildSitsAtItsPointAndTheRestAroundIt() throws {
        let source = """
            page size: (500pt, 400pt), margin: 20pt
            graph {
              a -> b -> c
              rect "pin", id: pin, at: (300, 200)
              b -> pin
              pin -> d
            }
            """
        let result = compile(source)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let pin = try Self.frame(of: "pin", in: result.ir), b = try Self.frame(of: "b", in: result.ir)
        let d = try Self.frame(of: "d", in: result.ir)
        // At its point (the page's margin is 20pt), its parent a rank above, its child right below.
        #expect(abs(pin.midX - 320) < 0.01 && abs(pin.midY - 220) < 0.01, "\(pin)")
        #expect(b.maxY < pin.minY && abs(b.midX - pin.midX) < 60, "\(b) \(pin)")
        #expect(d.minY > pin.maxY && abs(d.midX - pin.midX) < 1, "\(d) \(pin)")
        let faults = checkDiagram(try #require(layOutDiagram(source)))
        #expect(faults.faults == 0, "\(faults)\n\(faults.details.joined(separator: "\n"))")
    }

    @Test func graphSamplesHaveNoFaults() throws {
        for source in [
            "graph { a -> b; a -> c; b -> d; c -> d; d -> a; b -> e, label: \"retry\"; a -> e }",
            "graph direction: right { a -> b -> c -> d; a -> d, label: \"skip\"; b -> d }",
            "graph { r -> a; r -> b; r -> c; a -> a1; a -> a2; c -> c1; c -> c2; c -> c3 }",
            "graph { a -> b -> c; a -> c, route: orthogonal; c -> d, route: orthogonal }",
        ] {
            let doc = try #require(layOutDiagram(source))
            let faults = checkDiagram(doc)
            #expect(faults.faults == 0, "\(source): \(faults)\n\(faults.details.joined(separator: "\n"))")
        }
    }

    /// Each connector's line (its first stroked, unfilled path) as drawn, in source order.
    static func connectorLines(_ doc: Scene.Document) -> [Scene.Path] {
        var lines: [Int32: Scene.Path] = [:]
        var order: [Int32] = []
        func visit(_ items: [Scene.Item], _ ids: [Scene.SourceID]) {
            for (i, item) in items.enumerated() {
                switch item {
                case .group(let group):
                    visit(group.items, group.itemSources)
                case .path(let path, let paint):
                    let source = i < ids.count ? ids[i].index : -1
                    guard source >= 0, doc.sources[Int(source)].kind == NodeKind.connector.name,
                          paint.stroke != nil, paint.fill == nil, lines[source] == nil else { continue }
                    lines[source] = path
                    order.append(source)
                case .text, .image:
                    continue
                }
            }
        }
        for page in doc.pages { visit(page.items, page.itemSources) }
        return order.map { lines[$0]! }
    }

    /// A path's pieces: (start, control 1, control 2, end) per cubic, nil controls for a line.
    static func pieces(_ path: Scene.Path) -> [(start: Point, c1: Point?, c2: Point?, end: Point)] {
        var result: [(start: Point, c1: Point?, c2: Point?, end: Point)] = []
        var index = 0
        var current = Point.zero
        for verb in path.verbs {
            let p = Array(path.points[index..<(index + verb.pointCount)])
            index += verb.pointCount
            switch verb {
            case .move: current = p[0]
            case .line: result.append((current, nil, nil, p[0])); current = p[0]
            case .cubic: result.append((current, p[0], p[1], p[2])); current = p[2]
            case .close, .rect: break
            }
        }
        return result
    }

    /// Graph edges take the shortest way through their ranks (issue 37): where a straight
    /// line fits, one straight piece from outline to outline (its arrowhead along it); where it
    /// bends, a rounded corner (a cubic tangent to both legs); `route: straight` keeps the
    /// polyline through the same points. In both directions the drawing has no fault, and
    /// every edge between neighbouring ranks is straight.
    @Test func graphEdgesAreStraightWhereTheyCanBe() throws {
        for direction in ["down", "right"] {
            func source(_ route: String) -> String { "graph direction: \(direction) { a -> b -> c -> d; a -> d\(route); a -> x; y -> d }" }
            let doc = try #require(layOutDiagram(source("")))
            let lines = Self.connectorLines(doc)
            #expect(lines.count == 6)
            for (k, line) in lines.enumerated() where k != 3 {
                let pieces = Self.pieces(line)
                // Between neighbouring ranks: straight pieces only, all along one line.
                #expect(pieces.allSatisfy { $0.c1 == nil }, "\(direction) \(k): \(pieces)")
                if let first = pieces.first, let last = pieces.last {
                    let u = first.end - first.start, w = last.end - last.start
                    #expect(abs(u.x * w.y - u.y * w.x) <= 1e-6 * (u.x * u.x + u.y * u.y).squareRoot() * (w.x * w.x + w.y * w.y).squareRoot() + 1e-9, "\(direction) \(k): \(pieces)")
                }
            }
            // a -> d passes b and c: its corners (if any) are rounded, each cubic tangent to
            // the straight pieces before and after it.
            let long = Self.pieces(lines[3])
            for (i, piece) in long.enumerated() {
                guard let c1 = piece.c1, let c2 = piece.c2, i > 0, i + 1 < long.count else { continue }
                let before = long[i - 1], after = long[i + 1]
                func parallel(_ a: Point, _ b: Point) -> Bool { abs(a.x * b.y - a.y * b.x) < 1e-6 * max(1, (a.x * a.x + a.y * a.y) * (b.x * b.x + b.y * b.y)) }
                #expect(parallel(c1 - piece.start, before.end - before.start) && parallel(piece.end - c2, after.end - after.start))
            }
            let faults = checkDiagram(doc)
            #expect(faults.faults == 0, "\(faults)\n\(faults.details.joined(separator: "\n"))")
            // `route: straight`: the same points as a polyline.
            let straight = try #require(layOutDiagram(source(", route: straight")))
            #expect(Self.pieces(Self.connectorLines(straight)[3]).allSatisfy { $0.c1 == nil })
        }
    }
}

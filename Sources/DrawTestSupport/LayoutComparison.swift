// One measure of a graph drawing for drawc and Graphviz dot alike (issue 37): edge crossings,
// bends, total edge length and the area of the nodes' bounding box, from node frames and edge
// polylines. drawc's come from its scene (as the diagram checker reads it), dot's from
// `dot -Tplain` (inches, y up; an edge is a piecewise cubic Bézier of 1 + 3k points). Both
// tools' curves are flattened alike, 8 pieces per cubic. A graph
// read from dot's output can be written back as a normalized `.gv` (boxes of dot's sizes) and
// as the same graph in `.draw`, so both tools lay out the same nodes and edges.

import Foundation
import DrawBase
import DrawScene

/// Crossings, bends, length and area of one drawing.
package struct LayoutMeasures: Sendable, CustomStringConvertible {
    package var crossings = 0
    package var bends = 0
    package var length = 0.0
    package var area = 0.0
    package var description: String {
        "crossings \(crossings), bends \(bends), length \(Int(length.rounded())), area \(Int((area / 1000).rounded()))k"
    }
}

/// Measures a drawing given as node frames and edge polylines (points).
package func measureLayout(nodes: [Rect], edges: [[Point]]) -> LayoutMeasures {
    var m = LayoutMeasures()
    if let first = nodes.first {
        let box = nodes.dropFirst().reduce(first) { $0.union($1) }
        m.area = box.width * box.height
    }
    for line in edges {
        for i in 1..<max(1, line.count) { m.length += hypot(line[i].x - line[i - 1].x, line[i].y - line[i - 1].y) }
        m.bends += bends(line)
    }
    // Proper intersections of two edges' lines, away from their ends (edges meeting at a node
    // touch there; that is no crossing).
    let boxes = edges.map { line -> Rect? in
        guard let p = line.first else { return nil }
        var r = Rect(x: p.x, y: p.y, width: 0, height: 0)
        for q in line { r = r.union(Rect(x: q.x, y: q.y, width: 0, height: 0)) }
        return r
    }
    for a in edges.indices {
        for b in (a + 1)..<max(a + 1, edges.count) {
            guard let ra = boxes[a], let rb = boxes[b], ra.minX <= rb.maxX, rb.minX <= ra.maxX, ra.minY <= rb.maxY, rb.minY <= ra.maxY else { continue }
            let ends = [edges[a].first!, edges[a].last!, edges[b].first!, edges[b].last!]
            for i in 1..<edges[a].count {
                for j in 1..<edges[b].count {
                    guard let p = intersection(edges[a][i - 1], edges[a][i], edges[b][j - 1], edges[b][j]) else { continue }
                    if ends.contains(where: { hypot($0.x - p.x, $0.y - p.y) < 4 }) { continue }
                    m.crossings += 1
                }
            }
        }
    }
    return m
}

/// The bends of a drawn line, counted alike for dot and drawc on the line as drawn (curves
/// flattened alike, 8 pieces per cubic): a bend is a turn — a stretch of the line turning one
/// way, by 30° or more in all, ended where it starts turning the other way. A polyline's corner
/// is one bend, and so is a curve's smooth quarter turn; an S (out of a port, across, and down
/// into the next) is two when it leans 30° or more, none when it leans less; the interior
/// points of a spline, where it keeps turning one way, are not bends.
package func bends(_ line: [Point]) -> Int {
    guard line.count > 2 else { return 0 }
    let least = Double.pi / 6
    var count = 0
    var run = 0.0
    var previous: Double?
    for i in 1..<line.count {
        let dx = line[i].x - line[i - 1].x, dy = line[i].y - line[i - 1].y
        guard hypot(dx, dy) > 1e-6 else { continue }
        let angle = atan2(dy, dx)
        if let previous {
            var turn = angle - previous
            if turn > .pi { turn -= 2 * .pi } else if turn < -.pi { turn += 2 * .pi }
            // Rounding noise turns neither way.
            if abs(turn) > 1e-3 {
                if run != 0 && (turn > 0) != (run > 0) {
                    if abs(run) >= least { count += 1 }
                    run = 0
                }
                run += turn
            }
        }
        previous = angle
    }
    if abs(run) >= least { count += 1 }
    return count
}

func intersection(_ p1: Point, _ p2: Point, _ p3: Point, _ p4: Point) -> Point? {
    let d = (p2.x - p1.x) * (p4.y - p3.y) - (p2.y - p1.y) * (p4.x - p3.x)
    guard abs(d) > 1e-12 else { return nil }
    let t = ((p3.x - p1.x) * (p4.y - p3.y) - (p3.y - p1.y) * (p4.x - p3.x)) / d
    let u = ((p3.x - p1.x) * (p2.y - p1.y) - (p3.y - p1.y) * (p2.x - p1.x)) / d
    guard t > 0, t < 1, u > 0, u < 1 else { return nil }
    return Point(p1.x + t * (p2.x - p1.x), p1.y + t * (p2.y - p1.y))
}

/// The node frames and connector lines of a laid-out drawing, as the diagram checker sees them.
package func diagramGeometry(_ document: Scene.Document) -> (nodes: [Rect], edges: [[Point]]) {
    var nodes: [Rect] = [], edges: [[Point]] = []
    for page in document.pages {
        var checker = DiagramChecker(sources: document.sources)
        checker.collect(page.items, sources: page.itemSources, transform: .identity)
        for source in checker.nodeOrder { nodes.append(checker.nodeFrames[source]!) }
        for source in checker.linkOrder {
            guard let link = checker.links[source], link.line.count >= 2 else { continue }
            edges.append(link.line)
        }
    }
    return (nodes, edges)
}

/// A graph as `dot -Tplain` prints it: node names and sizes (points), edges by node index.
package struct PlainGraph: Sendable {
    package var names: [String] = []
    package var sizes: [Size] = []
    package var edges: [(Int, Int)] = []
    /// dot's drawing of it, in points with y down.
    package var nodes: [Rect] = []
    package var lines: [[Point]] = []
    package init() {}

    /// Reads `dot -Tplain` output.
    package init(plain text: String) {
        var index: [String: Int] = [:]
        var height = 0.0
        for line in text.split(separator: "\n") {
            let f = Self.fields(String(line))
            guard let kind = f.first else { continue }
            if kind == "graph", f.count >= 4 { height = (Double(f[3]) ?? 0) * 72 }
            if kind == "node", f.count >= 6 {
                let x = (Double(f[2]) ?? 0) * 72, y = height - (Double(f[3]) ?? 0) * 72
                let w = (Double(f[4]) ?? 0) * 72, h = (Double(f[5]) ?? 0) * 72
                index[f[1]] = names.count
                names.append(f[1]); sizes.append(Size(w, h))
                nodes.append(Rect(x: x - w / 2, y: y - h / 2, width: w, height: h))
            }
            if kind == "edge", f.count >= 4, let a = index[f[1]], let b = index[f[2]], let n = Int(f[3]), f.count >= 4 + 2 * n {
                edges.append((a, b))
                var control: [Point] = []
                for k in 0..<n { control.append(Point((Double(f[4 + 2 * k]) ?? 0) * 72, height - (Double(f[5 + 2 * k]) ?? 0) * 72)) }
                lines.append(Self.flatten(control))
            }
        }
    }

    /// Whitespace-separated fields; a quoted field keeps its spaces.
    static func fields(_ line: String) -> [String] {
        var result: [String] = [], current = "", quoted = false, escaped = false
        for c in line {
            if quoted {
                if escaped { current.append(c); escaped = false } else if c == "\\" { escaped = true } else if c == "\"" { quoted = false } else { current.append(c) }
            } else if c == "\"" {
                quoted = true
            } else if c == " " {
                if !current.isEmpty { result.append(current); current = "" }
            } else {
                current.append(c)
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// A piecewise cubic Bézier (1 + 3k points) as a polyline, 8 pieces per curve.
    package static func flatten(_ p: [Point]) -> [Point] {
        guard p.count >= 4 else { return p }
        var out = [p[0]]
        var i = 0
        while i + 3 < p.count {
            for s in 1...8 {
                let t = Double(s) / 8, u = 1 - t
                let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                out.append(Point(a * p[i].x + b * p[i + 1].x + c * p[i + 2].x + d * p[i + 3].x,
                                 a * p[i].y + b * p[i + 1].y + c * p[i + 2].y + d * p[i + 3].y))
            }
            i += 3
        }
        return out
    }

    /// The graph for dot: boxes of the sizes read, no labels, dot's default gaps.
    package var gv: String {
        var s = "digraph G {\n  node [shape=box, fixedsize=true, label=\"\"];\n"
        for (i, size) in sizes.enumerated() {
            s += "  n\(i) [width=\(size.width / 72), height=\(size.height / 72)];\n"
        }
        for (a, b) in edges { s += "  n\(a) -> n\(b);\n" }
        return s + "}\n"
    }

    /// The same graph for drawc: boxes of the same sizes, dot's default gaps (nodesep 0.25in,
    /// ranksep 0.5in).
    package var draw: String {
        var s = "graph spacing: (18, 36) {\n"
        for (i, size) in sizes.enumerated() {
            s += "  rect id: n\(i), width: \(size.width), height: \(size.height)\n"
        }
        for (a, b) in edges { s += "  n\(a) -> n\(b)\n" }
        return s + "}\n"
    }

    /// A seeded random graph of `n` boxes and `e` edges (from a lower to a higher number, so acyclic).
    package static func random(nodes n: Int, edges e: Int, seed: UInt64) -> PlainGraph {
        seeded(nodes: n, edges: e, seed: seed) { next in
            let a = next() % n, b = next() % n
            return a == b ? nil : (min(a, b), max(a, b))
        }
    }

    /// A random DAG written as people write diagrams: each edge from a node to one of the
    /// next `span` nodes of the written order (so the written order is a good start).
    package static func writtenLikeADiagram(nodes n: Int, edges e: Int, span: Int, seed: UInt64) -> PlainGraph {
        seeded(nodes: n, edges: e, seed: seed) { next in
            let a = next() % (n - 1)
            return (a, min(n - 1, a + 1 + next() % span))
        }
    }

    /// `n` boxes of dot's default size and up to `e` distinct edges, each drawn by `pick` from
    /// one seeded linear congruential generator (nil: draw again), so a seed always gives the
    /// same graph on every machine.
    private static func seeded(
        nodes n: Int, edges e: Int, seed: UInt64, pick: (() -> Int) -> (Int, Int)?
    ) -> PlainGraph {
        var g = PlainGraph()
        var state = seed
        func next() -> Int {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int(state >> 33)
        }
        for i in 0..<n { g.names.append("n\(i)"); g.sizes.append(Size(54, 36)) }
        var seen = Set<Int>()
        var attempts = 0
        while g.edges.count < e && attempts < 100 * e {
            attempts += 1
            guard let edge = pick(next) else { continue }
            if seen.insert(edge.0 * n + edge.1).inserted { g.edges.append(edge) }
        }
        return g
    }
}

// The diagram checker (issue 36): from a laid-out scene with its item sources, measures what
// makes a diagram hard to trust — a label over another connector's line, over a node or over
// another label; a label farther from its own line than its own height without a leader; a
// line through a node that is not one of its ends; two connectors sharing a port or a run of
// line; nodes overlapping. Crossings are counted, not faults (hand-placed diagrams may need them).
//
// It reads only the IR, as a reader reads the picture: a *connector* is the items of one source
// whose kind is a connector (`a -> b`) between two nodes; its line is its first stroked
// path, its label the text runs (boxed by the label's background when it has one), a leader a
// further two-point stroked path that touches the label. A *node* is the items of any other
// source (its frame is their bounds). A connector's ends are the nodes nearest its line's
// ends; nodes holding an end (lanes, panels, a table around its cells) are part of that end.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DrawBase
import DrawCatalogue
import DrawKit
import DrawLayout
import DrawResources
import DrawScene

/// The faults the checker found on one drawing (all pages).
package struct DiagramFaults: Equatable, CustomStringConvertible, Sendable {
    package var labelOverLine = 0
    package var labelOverNode = 0
    package var labelOverLabel = 0
    package var labelFar = 0
    package var lineThroughNode = 0
    package var sharedPort = 0
    package var sharedSegment = 0
    package var overlappingNodes = 0
    /// Not a fault: crossings of two connectors' lines.
    package var crossings = 0
    /// Connectors seen (a drawing without any is no diagram).
    package var connectors = 0
    /// One line per fault, for test failure messages.
    package var details: [String] = []

    package init() {}

    package var faults: Int {
        labelOverLine + labelOverNode + labelOverLabel + labelFar + lineThroughNode + sharedPort + sharedSegment + overlappingNodes
    }

    /// The counts in one line (`labelOverLine 2, sharedPort 1, … crossings 3`), faults that are zero left out.
    package var description: String {
        let named: [(String, Int)] = [("labelOverLine", labelOverLine), ("labelOverNode", labelOverNode), ("labelOverLabel", labelOverLabel),
                                      ("labelFar", labelFar), ("lineThroughNode", lineThroughNode), ("sharedPort", sharedPort),
                                      ("sharedSegment", sharedSegment), ("overlappingNodes", overlappingNodes)]
        let parts = named.filter { $0.1 != 0 }.map { "\($0.0) \($0.1)" }
        return (parts.isEmpty ? "no faults" : parts.joined(separator: ", ")) + "; crossings \(crossings)"
    }

    static func + (a: DiagramFaults, b: DiagramFaults) -> DiagramFaults {
        var r = a
        r.labelOverLine += b.labelOverLine; r.labelOverNode += b.labelOverNode; r.labelOverLabel += b.labelOverLabel
        r.labelFar += b.labelFar; r.lineThroughNode += b.lineThroughNode; r.sharedPort += b.sharedPort
        r.sharedSegment += b.sharedSegment; r.overlappingNodes += b.overlappingNodes; r.crossings += b.crossings
        r.connectors += b.connectors; r.details += b.details
        return r
    }
}

/// Compiles `bytes` (standard-14 fonts, files relative to `directory`) with item sources and
/// checks every page. Nil when the drawing does not compile.
package func checkDiagram(bytes: [UInt8], path: String, directory: String) -> DiagramFaults? {
    let driver = StageDriver(source: bytes, path: path, resources: Resources(reader: FileSystemReader(baseDirectory: directory)),
                             fonts: FontResolver())
    driver.recordSources = true
    guard driver.build(), let document = driver.document else { return nil }
    return checkDiagram(document)
}

/// Lays out `source` (standard-14 fonts) with item sources; nil when it does not compile.
package func layOutDiagram(_ source: String) -> Scene.Document? {
    let driver = StageDriver(source: Array(source.utf8), path: "test.draw", resources: Resources(reader: FileSystemReader(baseDirectory: "/")),
                             fonts: FontResolver())
    driver.recordSources = true
    guard driver.build() else { return nil }
    return driver.document
}

/// Checks every page of a document laid out with sources recorded.
package func checkDiagram(_ document: Scene.Document) -> DiagramFaults {
    var total = DiagramFaults()
    for page in document.pages {
        var checker = DiagramChecker(sources: document.sources)
        checker.collect(page.items, sources: page.itemSources, transform: .identity)
        total = total + checker.measure()
    }
    return total
}

/// One page's connectors and nodes as the checker sees them.
struct DiagramChecker {
    struct Link {
        var source: Int32
        var line: [Point] = []
        var tips: (Point, Point) = (.zero, .zero)
        var marks: [[Point]] = []
        var strokes: [[Point]] = []
        var labelBackground: Rect?
        var labelText: Rect?
        var hasLeader = false
        var ends: (Int?, Int?) = (nil, nil)
        var label: Rect? { labelBackground ?? labelText }
    }
    struct NodeShape {
        var source: Int32
        var frame: Rect
    }

    let sources: [Scene.ItemSource]
    var links: [Int32: Link] = [:]
    var linkOrder: [Int32] = []
    var nodeFrames: [Int32: Rect] = [:]
    var nodeOrder: [Int32] = []
    /// Whether the last item of a connector was a filled path (a label background candidate).
    var pendingFill: [Int32: Rect] = [:]

    init(sources: [Scene.ItemSource]) { self.sources = sources }

    static func family(_ name: String) -> KindFamily? {
        NodeKind.allCases.first { $0.name == name }?.family
    }

    func isLink(_ source: Int32) -> Bool {
        guard source >= 0, Int(source) < sources.count else { return false }
        switch Self.family(sources[Int(source)].kind) {
        case .connector?: return true
        // A `line` or `arrow` is part of a picture (a dimension line, a chart's axis) even
        // between anchors of nodes; it is not checked, nor taken for a node.
        case .line?: return true
        case .box?, .diagramShape?, .path?, .stroke?, .text?, .image?, .barcode?, .spacer?, .container?, nil: return false
        }
    }

    mutating func collect(_ items: [Scene.Item], sources ids: [Scene.SourceID], transform: Transform) {
        for (i, item) in items.enumerated() {
            let source = i < ids.count ? ids[i].index : -1
            guard source >= 0 else { continue }
            switch item {
            case .group(let group):
                collect(group.items, sources: group.itemSources, transform: group.transform.then(transform))
            case .path(let path, let paint):
                let polylines = Self.flatten(path).map { $0.map(transform.apply) }
                if isLink(source) {
                    var link = links[source] ?? { linkOrder.append(source); return Link(source: source) }()
                    pendingFill[source] = nil
                    if paint.stroke != nil && paint.fill == nil || (paint.stroke != nil && link.line.isEmpty) {
                        if link.line.isEmpty { link.line = polylines.first ?? [] } else { link.strokes += polylines }
                    } else if paint.fill != nil {
                        link.marks += polylines
                        if let box = Self.bounds(polylines.flatMap { $0 }) { pendingFill[source] = box }
                    }
                    links[source] = link
                } else {
                    guard let box = Self.bounds(polylines.flatMap { $0 }) else { continue }
                    addNode(source, box)
                }
            case .text(let run):
                let box = Self.bounds([run.origin + Point(0, -0.75 * run.size), run.origin + Point(run.advance, 0.25 * run.size)]
                    .map(transform.apply))!
                if isLink(source) {
                    var link = links[source] ?? { linkOrder.append(source); return Link(source: source) }()
                    link.labelText = link.labelText.map { $0.union(box) } ?? box
                    if let fill = pendingFill[source], fill.minX <= box.minX + 0.5, fill.maxX >= box.maxX - 0.5 {
                        link.labelBackground = link.labelBackground.map { $0.union(fill) } ?? fill
                        link.marks.removeLast()
                    }
                    pendingFill[source] = nil
                    links[source] = link
                } else {
                    addNode(source, box)
                }
            case .image(let image):
                let r = image.rect
                if let box = Self.bounds([r.origin, Point(r.maxX, r.maxY)].map(transform.apply)) { addNode(source, box) }
            }
        }
    }

    mutating func addNode(_ source: Int32, _ box: Rect) {
        if let existing = nodeFrames[source] { nodeFrames[source] = existing.union(box) } else { nodeFrames[source] = box; nodeOrder.append(source) }
    }

    /// Measures the collected page.
    mutating func measure() -> DiagramFaults {
        var faults = DiagramFaults()
        let nodes = nodeOrder.map { NodeShape(source: $0, frame: nodeFrames[$0]!) }
        func name(_ source: Int32) -> String {
            let s = sources[Int(source)]
            return "\(s.kind)@\(s.span.start)"
        }
        // Connectors between nodes only (a free line is part of a picture, not a connector).
        var checked: [Link] = []
        for source in linkOrder {
            guard var link = links[source], link.line.count >= 2 else { continue }
            link.tips = Self.tips(link)
            link.ends = (Self.nearestNode(link.tips.0, nodes), Self.nearestNode(link.tips.1, nodes))
            guard sources[Int(source)].kind == NodeKind.connector.name, link.ends.0 != nil, link.ends.1 != nil else { continue }
            if let label = link.label {
                link.hasLeader = link.strokes.contains { $0.count == 2 && ($0.contains { Self.distance($0, label) < 1.5 }) }
            }
            checked.append(link)
        }
        faults.connectors = checked.count
        func contains(_ outer: Rect, _ inner: Rect) -> Bool {
            outer.minX <= inner.minX + 0.5 && outer.minY <= inner.minY + 0.5 && outer.maxX >= inner.maxX - 0.5 && outer.maxY >= inner.maxY - 0.5
        }
        func full(_ link: Link) -> [Point] {
            var points = link.line
            points[0] = link.tips.0; points[points.count - 1] = link.tips.1
            return points
        }
        // Nodes that are part of a connector's ends: the end nodes and any node holding one.
        func partOfEnds(_ link: Link, _ node: NodeShape) -> Bool {
            for end in [link.ends.0, link.ends.1] {
                if let end, contains(node.frame, nodes[end].frame) || contains(nodes[end].frame, node.frame) { return true }
            }
            return false
        }
        let lines = checked.map(full)
        for (k, link) in checked.enumerated() {
            let line = lines[k]
            let lineBox = Self.bounds(line)!
            for node in nodes where !partOfEnds(link, node) && !contains(node.frame, lineBox) {
                let inner = Self.inset(node.frame, 1.5)
                if inner.width > 0, inner.height > 0, Self.polylineHits(line, inner) {
                    faults.lineThroughNode += 1
                    faults.details.append("line of \(name(link.source)) through \(name(node.source))")
                }
            }
            guard let label = link.label else { continue }
            let box = Self.inset(label, 0.75)
            for (j, other) in checked.enumerated() where j != k {
                if Self.polylineHits(lines[j], box) {
                    faults.labelOverLine += 1
                    faults.details.append("label of \(name(link.source)) over the line of \(name(other.source))")
                }
                if j > k, let otherLabel = other.label, Self.overlaps(box, Self.inset(otherLabel, 0.75)) {
                    faults.labelOverLabel += 1
                    faults.details.append("label of \(name(link.source)) over the label of \(name(other.source))")
                }
            }
            for node in nodes where !contains(node.frame, lineBox) && !(contains(node.frame, label) && partOfEnds(link, node)) {
                if Self.overlaps(box, node.frame) {
                    faults.labelOverNode += 1
                    faults.details.append("label of \(name(link.source)) over \(name(node.source))")
                }
            }
            if !link.hasLeader {
                var nearest = Double.infinity
                for i in 1..<line.count { nearest = min(nearest, Self.distance(segment: line[i - 1], line[i], label)) }
                if nearest > label.height + 0.5 {
                    faults.labelFar += 1
                    faults.details.append("label of \(name(link.source)) \(Int(nearest))pt from its line without a leader")
                }
            }
        }
        // Shared ports, shared runs of line and crossings, over pairs of connectors.
        for a in checked.indices {
            for b in checked.indices where b > a {
                let la = lines[a], lb = lines[b]
                var port = false
                for p in [la[0], la[la.count - 1]] {
                    for q in [lb[0], lb[lb.count - 1]] where Self.distance(p, q) < 2 { port = true }
                }
                if port {
                    faults.sharedPort += 1
                    faults.details.append("\(name(checked[a].source)) and \(name(checked[b].source)) share a port")
                }
                var shared: String?
                for i in 1..<la.count {
                    for j in 1..<lb.count {
                        if shared == nil, Self.collinearOverlap(la[i - 1], la[i], lb[j - 1], lb[j]) > 2 {
                            shared = " (\(Self.text(la[i - 1]))–\(Self.text(la[i])) on \(Self.text(lb[j - 1]))–\(Self.text(lb[j])))"
                        }
                        if Self.crosses(la[i - 1], la[i], lb[j - 1], lb[j]) { faults.crossings += 1 }
                    }
                }
                if let shared {
                    faults.sharedSegment += 1
                    faults.details.append("\(name(checked[a].source)) and \(name(checked[b].source)) share a run of line" + shared)
                }
            }
        }
        // Overlapping nodes (one inside the other is nesting, not overlap); only on diagrams.
        if !checked.isEmpty {
            for a in nodes.indices {
                for b in nodes.indices where b > a {
                    let fa = nodes[a].frame, fb = nodes[b].frame
                    if contains(fa, fb) || contains(fb, fa) { continue }
                    if Self.overlaps(Self.inset(fa, 1), Self.inset(fb, 1)) {
                        faults.overlappingNodes += 1
                        faults.details.append("\(name(nodes[a].source)) overlaps \(name(nodes[b].source))")
                    }
                }
            }
        }
        return faults
    }

    // MARK: Geometry

    static func text(_ p: Point) -> String { "(\((p.x * 10).rounded() / 10), \((p.y * 10).rounded() / 10))" }

    /// The line's ends carried out to the tips of its end marks (a line stops where its head begins).
    static func tips(_ link: Link) -> (Point, Point) {
        let line = link.line
        func tip(_ end: Point, _ previous: Point) -> Point {
            let d = end - previous
            let length = (d.x * d.x + d.y * d.y).squareRoot()
            guard length > 0 else { return end }
            let u = Point(d.x / length, d.y / length)
            var reach = 0.0
            for mark in link.marks + link.strokes {
                for p in mark where distance(p, end) < 24 {
                    let along = (p.x - end.x) * u.x + (p.y - end.y) * u.y
                    let across = abs((p.x - end.x) * u.y - (p.y - end.y) * u.x)
                    if across < 0.5 { reach = max(reach, along) }
                }
            }
            return end + u * reach
        }
        return (tip(line[0], line[1]), tip(line[line.count - 1], line[line.count - 2]))
    }

    /// The node whose frame is nearest `p`, within 3pt (ties: the smaller frame).
    static func nearestNode(_ p: Point, _ nodes: [NodeShape]) -> Int? {
        var best: (Int, Double, Double)?
        for (i, node) in nodes.enumerated() {
            let d = distance(p, node.frame)
            guard d < 3 else { continue }
            let area = node.frame.width * node.frame.height
            if best == nil || d < best!.1 - 1e-6 || (abs(d - best!.1) <= 1e-6 && area < best!.2) { best = (i, d, area) }
        }
        return best?.0
    }

    static func flatten(_ path: Scene.Path) -> [[Point]] {
        var result: [[Point]] = []
        var current: [Point] = []
        var index = 0
        var start = Point.zero
        for verb in path.verbs {
            switch verb {
            case .move:
                if current.count > 1 { result.append(current) }
                current = [path.points[index]]; start = path.points[index]
            case .line:
                current.append(path.points[index])
            case .cubic:
                let p0 = current.last ?? start
                let (c1, c2, e) = (path.points[index], path.points[index + 1], path.points[index + 2])
                for k in 1...8 {
                    let t = Double(k) / 8, s = 1 - t
                    let a = s * s * s, b = 3 * s * s * t, c = 3 * s * t * t, d = t * t * t
                    current.append(Point(a * p0.x + b * c1.x + c * c2.x + d * e.x, a * p0.y + b * c1.y + c * c2.y + d * e.y))
                }
            case .close:
                if !current.isEmpty { current.append(start) }
            case .rect:
                if current.count > 1 { result.append(current) }
                let a = path.points[index], c = path.points[index + 1]
                result.append([a, Point(c.x, a.y), c, Point(a.x, c.y), a])
                current = []
            }
            index += verb.pointCount
        }
        if current.count > 1 { result.append(current) }
        return result
    }

    static func bounds(_ points: [Point]) -> Rect? {
        guard let first = points.first else { return nil }
        var (x0, y0, x1, y1) = (first.x, first.y, first.x, first.y)
        for p in points { x0 = min(x0, p.x); y0 = min(y0, p.y); x1 = max(x1, p.x); y1 = max(y1, p.y) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    static func inset(_ r: Rect, _ d: Double) -> Rect {
        Rect(x: r.minX + d, y: r.minY + d, width: max(0, r.width - 2 * d), height: max(0, r.height - 2 * d))
    }

    static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }

    static func distance(_ a: Point, _ b: Point) -> Double {
        ((a.x - b.x) * (a.x - b.x) + (a.y - b.y) * (a.y - b.y)).squareRoot()
    }

    static func distance(_ p: Point, _ r: Rect) -> Double {
        let dx = max(r.minX - p.x, 0, p.x - r.maxX), dy = max(r.minY - p.y, 0, p.y - r.maxY)
        return (dx * dx + dy * dy).squareRoot()
    }

    /// Whether the segment a–b enters the open rectangle (Liang–Barsky).
    static func segmentHits(_ a: Point, _ b: Point, _ r: Rect) -> Bool {
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

    static func polylineHits(_ line: [Point], _ r: Rect) -> Bool {
        for i in 1..<line.count where segmentHits(line[i - 1], line[i], r) { return true }
        return false
    }

    /// The distance from a segment to a rectangle (0 when they meet).
    static func distance(segment a: Point, _ b: Point, _ r: Rect) -> Double {
        if segmentHits(a, b, r) { return 0 }
        var best = min(distance(a, r), distance(b, r))
        for c in [Point(r.minX, r.minY), Point(r.maxX, r.minY), Point(r.minX, r.maxY), Point(r.maxX, r.maxY)] {
            let d = b - a
            let l2 = d.x * d.x + d.y * d.y
            guard l2 > 0 else { continue }
            let t = max(0, min(1, ((c.x - a.x) * d.x + (c.y - a.y) * d.y) / l2))
            best = min(best, distance(a + d * t, c))
        }
        return best
    }

    /// The length two segments run along one another (parallel, within 1.5pt), 0 when they do not.
    static func collinearOverlap(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Double {
        let u = b - a
        let length = (u.x * u.x + u.y * u.y).squareRoot()
        let v = d - c
        let length2 = (v.x * v.x + v.y * v.y).squareRoot()
        guard length > 1e-9, length2 > 1e-9 else { return 0 }
        let ux = u.x / length, uy = u.y / length
        if abs(ux * v.y - uy * v.x) / length2 > 0.01 { return 0 }
        let offset = abs((c.x - a.x) * uy - (c.y - a.y) * ux)
        if offset > 1.5 { return 0 }
        let s0 = (c.x - a.x) * ux + (c.y - a.y) * uy, s1 = (d.x - a.x) * ux + (d.y - a.y) * uy
        return max(0, min(length, max(s0, s1)) - max(0, min(s0, s1)))
    }

    /// Whether two segments cross at a point inside both (touching ends do not count).
    static func crosses(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Bool {
        func cross(_ o: Point, _ p: Point, _ q: Point) -> Double { (p.x - o.x) * (q.y - o.y) - (p.y - o.y) * (q.x - o.x) }
        let d1 = cross(c, d, a), d2 = cross(c, d, b), d3 = cross(a, b, c), d4 = cross(a, b, d)
        return ((d1 > 1e-6 && d2 < -1e-6) || (d1 < -1e-6 && d2 > 1e-6)) && ((d3 > 1e-6 && d4 < -1e-6) || (d3 < -1e-6 && d4 > 1e-6))
    }
}

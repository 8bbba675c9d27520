// `graph` (issue 37): the container whose children are placed by the layered layout engine
// (LayeredLayout.swift) from the connectors among them — written in its block or anywhere
// on the page, naming a child or any node inside one (a child holding a graph of its own is
// laid out first, with its own direction, and then counts as one node: a cluster). The
// connectors themselves stay the page's: they are routed after placing like every other
// (Links.swift), along the points of their chain of virtual nodes as a spline (a polyline with
// `route: straight`), or by the orthogonal router with `route: orthogonal`.

import DrawBase
import DrawCatalogue
import DrawScene
import DrawSemantics

/// What the page's graphs share while it is laid out.
struct GraphState {
    /// The page's nodes, to find its connectors when the first graph is measured.
    var pageNodes: [Node] = []
    /// Every connector of the page between two named nodes, in page (pre-)order.
    var edges: [PageEdge]?
    /// Per graph (by box index): its layout, made when measured, used when placed.
    var layouts: [Int: GraphLayoutResult] = [:]
    /// Lines of connectors laid out by a graph, in content coordinates, by their key.
    var bends: [String: GraphEdgeLine] = [:]

    struct PageEdge {
        var from: String
        var to: String
        var weight: Double
        var minLength: Int
        var label: Size?
        /// "from→to#k": the k-th connector from `from` to `to` on the page.
        var key: String
    }

    /// Finds the page's connectors once.
    mutating func pageEdges() -> [PageEdge] {
        if let edges { return edges }
        var found: [PageEdge] = []
        var seen: [String: Int] = [:]
        func visit(_ nodes: [Node]) {
            for node in nodes {
                if case .node(let a, _)? = node.geometry.from, case .node(let b, _)? = node.geometry.to,
                   LayoutEngine.isConnector(node) {
                    let base = a + "\u{2192}" + b
                    let k = seen[base, default: 0]
                    seen[base] = k + 1
                    let g = node.geometry
                    let rare = g.hasRareProperties
                    found.append(PageEdge(from: a, to: b, weight: rare ? g.graph.weight ?? 1 : 1,
                                          minLength: rare ? Int(g.minLength ?? 1) : 1,
                                          label: rare ? g.label.map { Self.labelSize($0, fontSize: node.style.fontSize) } : nil,
                                          key: base + "#\(k)"))
                }
                if !node.children.isEmpty { visit(node.children) }
            }
        }
        visit(pageNodes)
        edges = found
        return found
    }

    /// Room for a connector label: an estimate from its lines and the label's font size
    /// (the label placer puts the measured label there later).
    static func labelSize(_ text: String, fontSize: Double) -> Size {
        let size = fontSize * LayoutDefaults.connectorLabelScale
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let longest = lines.map(\.count).max() ?? 0
        return Size(Double(longest) * size * 0.6 + 2 * LayoutDefaults.labelGap,
                    Double(max(1, lines.count)) * size * 1.25 + 2 * LayoutDefaults.labelGap)
    }
}

/// One graph's layout: where its flowing children go and the bends of its edges.
struct GraphLayoutResult {
    /// Centres of the children, by child box index, in the graph's content frame.
    var centers: [Int: Point]
    /// Interior points of each laid-out connector, by its key, in the content frame.
    var bends: [(key: String, points: [Point])]
    /// The rank axis in the content frame.
    var axis: Point
}

/// Default gaps of a graph: between nodes of a rank and between ranks.
enum GraphDefaults {
    static let nodeSpacing = 24.0
    static let rankSpacing = 36.0
}

/// `graph`: children in ranks from the connectors among them.
enum GraphArrangement: Arrangement {
    static let stretchesInGrid = false
    static let placement: String? = "it sits in a graph, which places it from its connectors"

    static func measure(_ engine: inout LayoutEngine, _ node: NodeRef, index: Int) -> Rect {
        let g = node.geometry
        var children: [(index: Int, end: Int)] = []
        var layered = LayeredGraph()
        // The first child with `at:` (a plain point) is pinned: it takes part in the layout,
        // which is then moved so that it sits where its `at:` says.
        var pin: (node: Int, centre: Point)?
        engine.forEachChild(node, index: index, measuring: true) { engine, child, childIndex in
            var pinned = false
            if pin == nil, !LayoutEngine.isConnector(child), let at = child.geometryAt, at.anchor == nil {
                let b = engine.boxes[childIndex].bounds
                pin = (layered.nodes.count, at.offset - engine.atAnchor(child, index: childIndex) + Point(b.midX, b.midY))
                pinned = true
            }
            guard LayoutEngine.isFlow(child) || pinned else { return }
            let b = engine.boxes[childIndex].bounds
            children.append((childIndex, Int(engine.boxes[childIndex].next)))
            layered.nodes.append(LayeredGraph.Node(width: b.width, height: b.height,
                                                   rank: child.hasRareGeometry ? child.geometry.graph.rank : nil))
        }
        let options = node.hasRareGeometry ? g.graph : GraphOptions()
        layered.direction = g.shape.direction ?? .down
        layered.nodeSpacing = g.spacing ?? GraphDefaults.nodeSpacing
        layered.rankSpacing = options.rankSpacing ?? g.spacing ?? GraphDefaults.rankSpacing
        // The child holding a box index (children's subtrees are consecutive ranges).
        func child(of id: String, _ engine: inout LayoutEngine) -> Int? {
            guard let box = engine.ids[id], box > index else { return nil }
            var lo = 0, hi = children.count - 1
            while lo <= hi {
                let mid = (lo + hi) / 2
                if box < children[mid].index { hi = mid - 1 } else if box >= children[mid].end { lo = mid + 1 } else { return mid }
            }
            return nil
        }
        var keys: [String] = []
        for edge in engine.graphs.pageEdges() {
            guard let a = child(of: edge.from, &engine), let b = child(of: edge.to, &engine), a != b else { continue }
            layered.edges.append(LayeredGraph.Edge(from: a, to: b, weight: edge.weight, minLength: edge.minLength, label: edge.label))
            keys.append(edge.key)
        }
        for group in options.sameRank {
            layered.sameRank.append(group.compactMap { child(of: $0, &engine) })
        }
        let drawing = LayeredLayout.layout(layered)
        var centers: [Int: Point] = [:]
        for (k, c) in children.enumerated() { centers[c.index] = drawing.centers[k] }
        var bends: [(key: String, points: [Point])] = []
        for (e, key) in keys.enumerated() where !drawing.bends[e].isEmpty { bends.append((key, drawing.bends[e])) }
        engine.graphs.layouts[index] = GraphLayoutResult(centers: centers, bends: bends,
                                                             axis: layered.direction == .left || layered.direction == .right ? Point(1, 0) : Point(0, 1))
        let pad = g.padding ?? .zero
        // Pinned: the frame moves so that the pinned child's centre in it is where `at:` puts it.
        var shift = Point.zero
        if let pin { shift = pin.centre - drawing.centers[pin.node] - Point(pad.left, pad.top) }
        return Rect(x: shift.x, y: shift.y, width: g.width ?? drawing.size.width + pad.left + pad.right,
                    height: g.height ?? drawing.size.height + pad.top + pad.bottom)
    }

    static func place(_ engine: inout LayoutEngine, _ node: NodeRef, index: Int, bounds: Rect, offset: Point, transform: Int32) {
        let content = inset(bounds, node.geometry.padding ?? .zero)
        guard let result = engine.graphs.layouts[index] else { return }
        let origin = content.origin
        engine.placeChildren(node, index: index, offset: offset, transform: transform) { engine, _, childIndex in
            let b = engine.boxes[childIndex].bounds
            guard let centre = result.centers[childIndex] else { return .zero }
            return origin + centre - Point(b.width / 2, b.height / 2) - b.origin
        }
        func page(_ p: Point) -> Point {
            let q = p + origin + offset
            return transform >= 0 ? engine.transforms[Int(transform)].apply(q) : q
        }
        for (key, points) in result.bends {
            engine.graphs.bends[key] = GraphEdgeLine(points: points.map(page), axis: unitVector(page(result.axis) - page(.zero)))
        }
    }
}

extension LayoutEngine {
    /// The lines a graph gave each pending connector, by box index (computed once per page).
    mutating func graphBends() -> [Int: GraphEdgeLine] {
        guard !graphs.bends.isEmpty else { return [:] }
        var seen: [String: Int] = [:]
        var result: [Int: GraphEdgeLine] = [:]
        for (index, node) in pendingConnectors {
            guard case .node(let a, _)? = node.geometry.from, case .node(let b, _)? = node.geometry.to else { continue }
            let base = a + "\u{2192}" + b
            let k = seen[base, default: 0]
            seen[base] = k + 1
            if let points = graphs.bends[base + "#\(k)"] { result[index] = points }
        }
        return result
    }
}

extension LayoutEngine {
    /// A graph's port for a connector that ends at a node inside a cluster: the graph spread
    /// it along the cluster's side, so it is moved across to face that node (into the middle
    /// 60 % of its side, where the ports of a node outside clusters always are already).
    mutating func graphPortOver(_ end: LinkEnd, _ port: Point) -> Point {
        guard end.clips, end.side == nil, let target = end.target else { return port }
        let b = boxes[target].bounds
        let frame = Rect(origin: b.origin + boxes[target].offset, size: b.size)
        if port.y > frame.maxY || port.y < frame.minY {
            return Point(min(max(port.x, frame.minX + 0.2 * frame.width), frame.maxX - 0.2 * frame.width), port.y)
        }
        if port.x > frame.maxX || port.x < frame.minX {
            return Point(port.x, min(max(port.y, frame.minY + 0.2 * frame.height), frame.maxY - 0.2 * frame.height))
        }
        return port
    }

    /// An end clipped from a port outside its node: aimed along the line into it (from
    /// `previous` through the port) as far as the node's centre line across the rank axis or
    /// its frame's side, whichever comes first, so the line meets the outline where it would
    /// run on straight. Where that line would miss the outline (a shape narrower than its
    /// frame, met near a corner), or with `square`, aimed straight in along the axis instead.
    mutating func graphPortEnd(_ end: LinkEnd, _ port: Point, from previous: Point, square: Bool = false) -> LinkEnd {
        guard end.clips, end.side == nil, let target = end.target else { return end }
        let b = boxes[target].bounds
        let frame = Rect(origin: b.origin + boxes[target].offset, size: b.size)
        let d = square ? Point.zero : port - previous
        var moved = end
        if port.y > frame.maxY || port.y < frame.minY {
            var t = abs(d.y) > 1e-9 ? (end.point.y - port.y) / d.y : 0
            if d.x > 1e-9 { t = min(t, (frame.maxX - port.x) / d.x) } else if d.x < -1e-9 { t = min(t, (frame.minX - port.x) / d.x) }
            let x = port.x + d.x * max(0, t), y = port.y + d.y * max(0, t)
            moved.point = Point(min(max(x, frame.minX), frame.maxX), abs(d.y) > 1e-9 ? y : end.point.y)
        } else if port.x > frame.maxX || port.x < frame.minX {
            var t = abs(d.x) > 1e-9 ? (end.point.x - port.x) / d.x : 0
            if d.y > 1e-9 { t = min(t, (frame.maxY - port.y) / d.y) } else if d.y < -1e-9 { t = min(t, (frame.minY - port.y) / d.y) }
            let x = port.x + d.x * max(0, t), y = port.y + d.y * max(0, t)
            moved.point = Point(abs(d.x) > 1e-9 ? x : end.point.x, min(max(y, frame.minY), frame.maxY))
        }
        if !square, boxes[target].kind != .rect || boxes[target].transform >= 0,
           distance(clip(target, from: port, toward: moved.point), moved.point) < 1e-9 {
            return graphPortEnd(end, port, from: previous, square: true)
        }
        return moved
    }
}

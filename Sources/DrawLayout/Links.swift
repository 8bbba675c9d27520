// Connectors on the page: their ends (node outlines, ports, points), routes (straight,
// orthogonal, curved, self-loops, parallel connectors spread apart), end marks and labels.
// Everything here is in content coordinates and runs after every node is placed.

import DrawBase
import DrawCatalogue
import DrawDiagnostics
import DrawScene
import DrawSemantics

/// Two nodes joined by a connector, in index order (so `a -> b` and `b -> a` are one pair).
struct PairKey: Hashable {
    var first: Int
    var second: Int
}

/// One resolved end of a connector.
struct LinkEnd {
    /// Content coordinates: the node's center for ends that clip, else the point itself.
    var point: Point
    /// The node the end belongs to (clipped to, or whose port it is).
    var target: Int?
    /// A port's side (`a.right`, `side: right`); nil for node centers and plain points.
    var side: Anchor?
    /// Whether the end is clipped to the target's outline.
    var clips: Bool
}

extension LayoutEngine {
    /// Kinds that draw an outline whose stroke a connector stops at.
    static func drawsOutline(_ kind: NodeKind) -> Bool {
        switch kind.layoutClass {
        case .box, .shape, .line, .path: true
        case .stroke, .text, .image, .barcode, .spacer, .connector, .container: false
        }
    }

    /// Kinds whose frame is no obstacle to a route: containers, spacers, connectors.
    static func isContainer(_ kind: NodeKind) -> Bool {
        switch kind.layoutClass {
        case .container, .spacer, .connector: true
        case .box, .shape, .line, .path, .stroke, .text, .image, .barcode: false
        }
    }

    /// An anchor of a diagram shape on its outline: where the ray from the frame's center
    /// toward the frame's anchor point leaves the outline.
    static func shapeAnchor(_ shape: any DiagramShape.Type, _ options: ShapeOptions, bounds: Rect, _ anchor: Anchor) -> Point {
        let c = Point(bounds.midX, bounds.midY)
        guard anchor != .center else { return c }
        let target = anchorPoint(bounds, anchor)
        let polylines = flatten(Shapes.boundary(shape, options, in: bounds))
        let far = c + (target - c) * 2
        return firstCrossing(polylines, from: far, toward: c)?.point ?? target
    }

    /// A named point of a node in its own coordinates: on the outline for diagram shapes.
    mutating func localAnchor(_ index: Int, _ anchor: Anchor) -> Point {
        let box = boxes[index]
        if let shape = box.kind.shapeGeometry {
            return Self.shapeAnchor(shape, shapeOptions[index] ?? ShapeOptions(), bounds: box.bounds, anchor)
        }
        return anchorPoint(box.bounds, anchor, kind: box.kind)
    }

    /// The frame of a node in content coordinates (the bounding box after its transform).
    mutating func contentFrame(_ index: Int) -> Rect {
        let box = boxes[index]
        let r = Rect(origin: box.bounds.origin + box.offset, size: box.bounds.size)
        return box.transform >= 0 ? transformedBounds(r, transforms[Int(box.transform)]) : r
    }

    /// The outline connectors clip to, as polylines in content coordinates.
    mutating func outlinePolylines(of target: Int) -> [[Point]] {
        if let cached = outlineCache[target] { return cached }
        let result = flattenedOutline(of: target)
        outlineCache[target] = result
        return result
    }

    private mutating func flattenedOutline(of target: Int) -> [[Point]] {
        let box = boxes[target]
        var local: Scene.Path
        switch box.kind.layoutClass {
        case .box(.rect):
            local = PathSink.shapeOutline(ellipse: false, in: box.bounds, radius: cornerRadii[target] ?? 0)
        case .box(.ellipse), .box(.circle):
            local = PathSink.shapeOutline(ellipse: true, in: box.bounds, radius: 0)
        case .line, .path:
            if box.side >= 0 && !paths[Int(box.side)].isEmpty {
                local = paths[Int(box.side)]
                if box.kind == .polygon && local.verbs.last != .close { local.verbs.append(.close) }
            } else {
                local = PathSink.shapeOutline(ellipse: false, in: box.bounds, radius: 0)
            }
        case .shape(let shape):
            local = Shapes.boundary(shape, shapeOptions[target] ?? ShapeOptions(), in: box.bounds)
        case .stroke, .text, .image, .barcode, .spacer, .connector, .container:
            local = PathSink.shapeOutline(ellipse: false, in: box.bounds, radius: 0)
        }
        let offset = box.offset
        if box.transform >= 0 {
            let t = transforms[Int(box.transform)]
            return flatten(local) { t.apply($0 + offset) }
        }
        return flatten(local) { $0 + offset }
    }

    /// Half the target's stroke width on the page (scaled with the node).
    mutating func strokeHalfWidth(_ target: Int) -> Double {
        guard let half = strokeHalfWidths[target] else { return 0 }
        let box = boxes[target]
        guard box.transform >= 0 else { return half }
        let t = transforms[Int(box.transform)]
        return half * abs(t.a * t.d - t.b * t.c).squareRoot()
    }

    /// Where the line from `outside` toward `aim` first meets the target's outline, set back
    /// by the target's half stroke width measured along the line (so a tip touches the
    /// stroke's outer edge). `aim` itself when the line misses the outline.
    mutating func clip(_ target: Int, from outside: Point, toward aim: Point) -> Point {
        let box = boxes[target]
        // Plain rectangles (and rounded ones whose cubic corners stay within 0.01pt of the
        // circle, radius ≤ 30pt) aimed at their center: the exact intersection in closed form.
        if box.kind == .rect, box.transform < 0 {
            let corner = cornerRadii[target] ?? 0
            let local = Rect(origin: box.bounds.origin + box.offset, size: box.bounds.size)
            let center = Point(local.midX, local.midY)
            if corner <= 30, distance(aim, center) < 1e-9 {
                let hit = exitPoint(of: .rect(local, corner: corner), toward: outside)
                let half = strokeHalfWidths[target] ?? 0
                guard half > 0, hit != center else { return hit }
                let u = unitVector(aim - outside)
                // The outline's normal at the hit: a side's axis, or radial in a corner.
                let (hw, hh) = (local.width / 2, local.height / 2)
                let q = hit - center
                let r = max(0, min(corner, hw, hh))
                var n: Point
                if r > 0, abs(q.x) > hw - r + 1e-9, abs(q.y) > hh - r + 1e-9 {
                    n = unitVector(q - Point((hw - r) * (q.x < 0 ? -1 : 1), (hh - r) * (q.y < 0 ? -1 : 1)))
                } else {
                    n = abs(abs(q.x) - hw) < abs(abs(q.y) - hh) ? Point(1, 0) : Point(0, 1)
                }
                let cosine = abs(u.x * n.x + u.y * n.y)
                return hit - u * min(half / max(cosine, 0.25), distance(outside, hit))
            }
        }
        let polylines = outlinePolylines(of: target)
        guard let hit = firstCrossing(polylines, from: outside, toward: aim) else { return aim }
        let half = strokeHalfWidth(target)
        guard half > 0 else { return hit.point }
        let u = unitVector(aim - outside)
        let n = Point(-hit.edge.y, hit.edge.x)
        let cosine = abs(u.x * n.x + u.y * n.y)
        // A grazing line would be set back far along itself; a mitred corner reaches at most
        // miterLimit (4) half widths.
        let back = half / max(cosine, 0.25)
        return hit.point - u * min(back, distance(outside, hit.point))
    }

    // MARK: Ends

    /// Computes every queued connector of the page (they may refer to any node on it).
    mutating func computePendingConnectors() {
        let pending = pendingConnectors
        graphConnectorBends = graphBends()
        var keys: [PairKey?] = []
        keys.reserveCapacity(pending.count)
        for (_, node) in pending {
            let key = pairKey(node)
            if let key { parallelCounts[key, default: 0] += 1 }
            keys.append(key)
        }
        routingPass = 1
        for (k, (index, node)) in pending.enumerated() {
            withUnsafePointer(to: node) { computeConnector($0, index: index, key: keys[k]) }
        }
        // Second pass (ConnectorRouting.swift): ports spread along shared sides, and each
        // route kept off the runs of the ones before it.
        if routeEnds.count > 1 {
            spreadPorts()
                routingPass = 2
            parallelSeen.removeAll(); routedConnectors = 0; routedLines = SegmentIndex()
            for (k, (index, node)) in pending.enumerated() {
                withUnsafePointer(to: node) { computeConnector($0, index: index, key: keys[k]) }
            }
        }
        routingPass = 0
        // Labels once every route is known, so they keep clear of all lines (LabelPlacement.swift).
        for (c, geometry) in connectors.enumerated() { lineIndex.insert(polyline: geometry.route, owner: c) }
        for (index, node) in pending {
            guard let jumps = node.geometry.link.jumps, jumps != .none, boxes[index].side >= 0 else { continue }
            addJumps(jumps, to: Int(boxes[index].side), lineWidth: node.style.lineWidth)
        }
        for (index, node) in pending {
            guard let text = node.geometry.label, boxes[index].state == .connector, boxes[index].side >= 0 else { continue }
            let c = Int(boxes[index].side)
            var geometry = connectors[c]
            withUnsafePointer(to: node) { placeLabel(text, node: $0, link: node.geometry.link, path: LinkPath(polyline: geometry.route),
                                                     owner: c, into: &geometry) }
            if let block = geometry.label {
                var labelBox = Rect(origin: geometry.labelOrigin, size: block.size)
                if let leader = geometry.leader?.controlBounds { labelBox = labelBox.union(leader) }
                geometry.bounds = geometry.bounds.map { $0.union(labelBox) } ?? labelBox
            }
            connectors[c] = geometry
        }
    }

    /// The pair of nodes a connector joins center to center (no ports, no `via:`), if any.
    mutating func pairKey(_ node: Node) -> PairKey? {
        let g = node.geometry
        guard g.via.isEmpty, case .node(let a, _)? = g.from, case .node(let b, _)? = g.to,
              let i = ids[a], let j = ids[b] else { return nil }
        let link = g.link
        if link.fromSide != nil || link.toSide != nil { return nil }
        return PairKey(first: min(i, j), second: max(i, j))
    }

    mutating func linkEnd(_ end: Endpoint?, index: Int, side: Anchor?) -> LinkEnd? {
        let box = boxes[index]
        switch end {
        case nil:
            return nil
        case .node(let id, let span)?:
            guard let target = ids[id] else {
                report(LayoutMessages.unknownNode(id, at: span))
                return nil
            }
            guard boxes[target].state == .placed else {
                report(boxes[target].state == .connector ? LayoutMessages.connectorToConnector(id, at: span)
                                                         : LayoutMessages.connectorToUndrawn(id, at: span))
                return nil
            }
            if let side {
                return LinkEnd(point: pagePoint(of: target, localAnchor(target, side)), target: target, side: side, clips: false)
            }
            let b = boxes[target].bounds
            return LinkEnd(point: pagePoint(of: target, Point(b.midX, b.midY)), target: target, side: nil, clips: true)
        case .point(let value)?:
            if let ref = value.anchor, let target = ids[ref.nodeID], boxes[target].state == .placed {
                if ref.anchor == .center && value.offset == .zero && side == nil {
                    return LinkEnd(point: anchorOnPage(ref) ?? .zero, target: target, side: nil, clips: true)
                }
                let anchor = side ?? ref.anchor
                let point = side != nil ? pagePoint(of: target, localAnchor(target, anchor)) + value.offset : (anchorOnPage(ref) ?? .zero) + value.offset
                return LinkEnd(point: point, target: target, side: anchor == .center ? nil : anchor, clips: false)
            }
            return LinkEnd(point: contentPoint(value, box: box), target: nil, side: nil, clips: false)
        }
    }

    /// A point of a connector: plain points are in the connector's parent's coordinates,
    /// anchors are where the named node is.
    mutating func contentPoint(_ value: PointValue, box: Box) -> Point {
        if let ref = value.anchor {
            return (anchorOnPage(ref) ?? .zero) + value.offset
        }
        let p = value.offset + box.offset
        return box.transform >= 0 ? transforms[Int(box.transform)].apply(p) : p
    }

    /// The outward direction of a port (its side, or from the node's center for corners).
    mutating func portDirection(_ end: LinkEnd) -> Point? {
        guard let side = end.side, let target = end.target else { return nil }
        if let d = sideDirection(side) { return d }
        let b = boxes[target].bounds
        return unitVector(end.point - pagePoint(of: target, Point(b.midX, b.midY)))
    }

    /// A port end pushed out to its node's stroke's outer edge.
    mutating func portPoint(_ end: LinkEnd) -> Point {
        guard let target = end.target, let d = portDirection(end) else { return end.point }
        return end.point + d * strokeHalfWidth(target)
    }

    // MARK: Routes

    mutating func computeConnector(_ node: NodeRef, index: Int, key: PairKey?) {
        let g = node.geometry
        let box = boxes[index]
        let link = node.hasRareGeometry ? g.link : LinkOptions()
        var path: LinkPath
        var closed = false
        var ends: (Int?, Int?) = (nil, nil)
        var isGraphSpline = false
        if g.from == nil && g.to == nil, let list = g.points {
            path = LinkPath(polyline: list.map { contentPoint($0, box: box) })
            closed = node.kind == .polygon
        } else {
            guard var start = linkEnd(g.from, index: index, side: link.fromSide),
                  var end = linkEnd(g.to, index: index, side: link.toSide) else { return }
            var graphLine = g.via.isEmpty ? graphConnectorBends[index] : nil
            if var line = graphLine, line.points.count >= 2 {
                // A graph's port: the end leaves along the rank axis, straight out of its node
                // (or out of the node inside a cluster it really ends at).
                let last = line.points.count - 1
                line.points[0] = graphPortOver(start, line.points[0])
                line.points[last] = graphPortOver(end, line.points[last])
                start = graphPortEnd(start, line.points[0], from: line.points[1])
                end = graphPortEnd(end, line.points[last], from: line.points[last - 1])
                graphLine = line
            }
            ends = (start.target, end.target)
            // A connector a graph laid out runs along its chain's points: a spline unless its
            // route says otherwise (a polyline with `straight`, the router with `orthogonal`).
            var vias = graphLine?.points ?? g.via.map { contentPoint($0, box: box) }
            let route = link.route ?? (graphLine != nil ? .curved : .straight)
            if graphLine != nil && route == .orthogonal { vias = [] }
            if let t = start.target, t == end.target, start.clips, end.clips, vias.isEmpty {
                path = selfLoop(t, side: link.fromSide ?? link.toSide ?? .right, key: key)
            } else if route == .orthogonal && vias.isEmpty {
                path = orthogonalPath(start, end, key: key, span: node.span, index: index, merge: link.merge,
                                      sides: (link.fromSide != nil, link.toSide != nil))
            } else if route == .curved, let graphLine, !vias.isEmpty {
                path = graphSplinePath(start, end, graphLine)
                isGraphSpline = true
            } else if route == .curved {
                path = curvedPath(start, end, vias: vias, key: key)
                if vias.isEmpty, blocksDirectPath(path, start, end) {
                    path = smoothed(orthogonalPath(start, end, key: key, span: node.span, index: index, merge: link.merge))
                }
            } else {
                path = straightPath(start, end, vias: vias, key: key)
                if vias.isEmpty, blocksDirectPath(path, start, end) {
                    path = orthogonalPath(start, end, key: key, span: node.span, index: index, merge: link.merge)
                }
            }
        }

        let stroke = node.style.stroke != nil && node.style.lineWidth > 0
        var geometry = ConnectorGeometry()
        if g.smooth {
            // `smooth: true` (Smoothing.swift): a Catmull-Rom curve through the route's points.
            let defaultEnds: ArrowEnds = node.kind == .connector || node.kind == .arrow ? .end : .none
            let (line, heads) = strokedSmoothLine(path.polyline, closed: closed, ends: stroke ? (g.arrow ?? defaultEnds) : .none,
                                                  lineWidth: node.style.lineWidth, tension: g.tension ?? 0)
            geometry.line = line
            geometry.heads = heads
        } else if closed {
            var points = path.polyline
            if points.count > 1 && points.first == points.last { points.removeLast() }
            geometry.line = strokedPolyline(points, closed: true, ends: .none, lineWidth: node.style.lineWidth).line
        } else {
            let defaultEnds: ArrowEnds = node.kind == .connector || node.kind == .arrow ? .end : .none
            let (head, tail) = Self.marks(g.arrow ?? defaultEnds, link)
            let (line, marks) = drawLink(path, head: stroke ? head : .none, tail: stroke ? tail : .none,
                                         size: link.arrowSize, lineWidth: node.style.lineWidth, cap: node.style.lineCap)
            geometry.line = line
            if !marks.filled.verbs.isEmpty { geometry.heads = marks.filled.path }
            if !marks.stroked.verbs.isEmpty { geometry.strokedHeads = marks.stroked.path }
            if !marks.hollow.verbs.isEmpty { geometry.hollowHeads = marks.hollow.path }
        }
        var bounds = geometry.line.flatMap(tightBounds)
        for marks in [geometry.heads, geometry.strokedHeads, geometry.hollowHeads] {
            if let h = marks?.controlBounds { bounds = bounds.map { $0.union(h) } ?? h }
        }
        geometry.route = isGraphSpline ? path.polyline(flatness: 0.1) : path.polyline
        if stroke { geometry.leaderStroke = Stroke(color: node.style.stroke ?? .black, width: LayoutDefaults.leaderWidth) }
        geometry.bounds = bounds
        geometry.merge = link.merge
        geometry.ends = ends
        if routingPass == 2 && boxes[index].side >= 0 {
            connectors[Int(boxes[index].side)] = geometry
        } else {
            boxes[index].side = Int32(connectors.count)
            connectors.append(geometry)
        }
        if routingPass == 2 { routedLines.insert(polyline: geometry.route, owner: Int(boxes[index].side)) }
    }

    /// The marks at the end and the start: `arrowhead:`/`arrowtail:` where given, else a
    /// triangle where `arrow:` (or the arrow operator) puts one; a tail takes the head's
    /// style when only `arrowhead:` is given.
    static func marks(_ ends: ArrowEnds, _ link: LinkOptions) -> (head: ArrowheadStyle, tail: ArrowheadStyle) {
        let hasEnd = ends == .end || ends == .both
        let hasStart = ends == .start || ends == .both
        let head = link.head ?? (hasEnd ? .triangle : .none)
        let tail = link.tail ?? (hasStart ? (link.head ?? .triangle) : .none)
        return (head, tail)
    }

    /// The sideways shift of the k-th of n connectors between the same two nodes.
    mutating func parallelOffset(_ key: PairKey?) -> Double {
        guard let key, let count = parallelCounts[key], count > 1 else { return 0 }
        let k = parallelSeen[key, default: 0]
        parallelSeen[key] = k + 1
        return (Double(k) - Double(count - 1) / 2) * LayoutDefaults.parallelSpacing
    }

    /// The unit normal of the pair's center line, oriented by the pair's order.
    mutating func pairNormal(_ key: PairKey?) -> Point {
        guard let key else { return Point(0, 1) }
        let a = contentFrame(key.first), b = contentFrame(key.second)
        let d = unitVector(Point(b.midX - a.midX, b.midY - a.midY))
        return Point(-d.y, d.x)
    }

    /// A straight connector (through `via:` points): node ends clipped where the line from
    /// the neighbouring point meets the outline; parallel connectors shifted sideways.
    mutating func straightPath(_ start: LinkEnd, _ end: LinkEnd, vias: [Point], key: PairKey?) -> LinkPath {
        var s = start.clips ? start.point : portPoint(start)
        var e = end.clips ? end.point : portPoint(end)
        if vias.isEmpty {
            let offset = parallelOffset(key)
            if offset != 0 {
                let n = pairNormal(key)
                if start.clips { s = s + n * offset }
                if end.clips { e = e + n * offset }
            }
            let (s0, e0) = (s, e)
            if start.clips, let t = start.target { s = clip(t, from: e0, toward: s0) }
            if end.clips, let t = end.target { e = clip(t, from: s0, toward: e0) }
            return LinkPath(polyline: [s, e])
        }
        if start.clips, let t = start.target { s = clip(t, from: vias[0], toward: s) }
        if end.clips, let t = end.target { e = clip(t, from: vias[vias.count - 1], toward: e) }
        return LinkPath(polyline: [s] + vias + [e])
    }

    /// A connector a graph laid out, as a spline along its points (LayeredEdges.swift): straight
    /// out of its node to the first, smooth between, straight from the last into its node.
    mutating func graphSplinePath(_ start: LinkEnd, _ end: LinkEnd, _ line: GraphEdgeLine) -> LinkPath {
        let points = line.points
        var s = start.clips ? start.point : portPoint(start)
        var e = end.clips ? end.point : portPoint(end)
        if start.clips, let t = start.target { s = clip(t, from: points[0], toward: s) }
        if end.clips, let t = end.target { e = clip(t, from: points[points.count - 1], toward: e) }
        var segments: [LinkPath.Segment] = []
        if distance(s, points[0]) > 1e-9 { segments.append(.line(points[0])) }
        segments += EdgeSpline.segments(through: points)
        if distance(points[points.count - 1], e) > 1e-9 { segments.append(.line(e)) }
        return LinkPath(start: s, segments: segments)
    }

    /// A smooth cubic between the ends (leaving ports along their sides), or a Catmull-Rom
    /// spline through `via:` points.
    mutating func curvedPath(_ start: LinkEnd, _ end: LinkEnd, vias: [Point], key: PairKey?) -> LinkPath {
        var s = start.clips ? start.point : portPoint(start)
        var e = end.clips ? end.point : portPoint(end)
        if !vias.isEmpty {
            if start.clips, let t = start.target { s = clip(t, from: vias[0], toward: s) }
            if end.clips, let t = end.target { e = clip(t, from: vias[vias.count - 1], toward: e) }
            let points = [s] + vias + [e]
            var segments: [LinkPath.Segment] = []
            for i in 0..<(points.count - 1) {
                let p0 = points[max(0, i - 1)], p1 = points[i], p2 = points[i + 1], p3 = points[min(points.count - 1, i + 2)]
                segments.append(.cubic(p1 + (p2 - p0) * (1.0 / 6), p2 - (p3 - p1) * (1.0 / 6), p2))
            }
            return LinkPath(start: s, segments: segments)
        }
        let d = distance(s, e)
        let offset = parallelOffset(key)
        var n = key != nil ? pairNormal(key) : Point(-(e.y - s.y), e.x - s.x)
        n = unitVector(n)
        if key != nil, let k = key, start.target != k.first { n = n * -1 }
        let bow = 0.15 * d + offset * 1.5
        let ds = portDirection(start), de = portDirection(end)
        var c1 = ds.map { s + $0 * (0.4 * d) } ?? s + (e - s) * (1.0 / 3) + n * bow
        var c2 = de.map { e + $0 * (0.4 * d) } ?? s + (e - s) * (2.0 / 3) + n * bow
        if start.clips, let t = start.target { s = clip(t, from: c1, toward: s) }
        if end.clips, let t = end.target { e = clip(t, from: c2, toward: e) }
        if ds == nil { c1 = s + (e - s) * (1.0 / 3) + n * bow }
        if de == nil { c2 = s + (e - s) * (2.0 / 3) + n * bow }
        return LinkPath(start: s, segments: [.cubic(c1, c2, e)])
    }

    /// A loop out of one side of a node and back into it.
    mutating func selfLoop(_ target: Int, side: Anchor, key: PairKey?) -> LinkPath {
        let frame = contentFrame(target)
        let dir = sideDirection(side) ?? Point(1, 0)
        let tangent = Point(-dir.y, dir.x)
        let across = dir.x != 0 ? frame.height : frame.width
        let spread = across * 0.2
        let k = parallelOffset(key) / LayoutDefaults.parallelSpacing + Double((parallelCounts[key ?? PairKey(first: -1, second: -1)] ?? 1) - 1) / 2
        let reach = max(LayoutDefaults.selfLoopReach, across * 0.35) * (1 + 0.6 * k)
        let mid = Point(frame.midX, frame.midY) + Point(dir.x * frame.width / 2, dir.y * frame.height / 2)
        let big = max(frame.width, frame.height) + reach
        let a1 = mid + tangent * spread, a2 = mid - tangent * spread
        let p1 = clip(target, from: a1 + dir * big, toward: a1 - dir * big)
        let p2 = clip(target, from: a2 + dir * big, toward: a2 - dir * big)
        let c1 = p1 + dir * (reach * 1.3) + tangent * (spread * 0.6)
        let c2 = p2 + dir * (reach * 1.3) - tangent * (spread * 0.6)
        return LinkPath(start: p1, segments: [.cubic(c1, c2, p2)])
    }

    /// Frames of the page's nodes that are drawn (containers and connectors left out).
    mutating func pageNodeFrames() -> [(index: Int, frame: Rect)] {
        if let frames = nodeFrames { return frames }
        var result: [(index: Int, frame: Rect)] = []
        for i in boxes.indices where boxes[i].state == .placed && !Self.isContainer(boxes[i].kind) {
            result.append((i, contentFrame(i)))
        }
        nodeFrames = result
        return result
    }

    /// The page's node frames that meet `region` (edges touching count), in page order.
    mutating func pageNodeFrames(near region: Rect) -> [(index: Int, frame: Rect)] {
        let frames = pageNodeFrames()
        if nodeFramesByLeft == nil {
            let order = frames.indices.sorted { frames[$0].frame.minX != frames[$1].frame.minX ? frames[$0].frame.minX < frames[$1].frame.minX : $0 < $1 }
            nodeFramesByLeft = (order, frames.map { $0.frame.width }.max() ?? 0)
        }
        let (order, widest) = nodeFramesByLeft!
        // Frames starting left of the region by more than the widest frame end before it.
        let (left, right, top, bottom) = (region.minX, region.maxX, region.minY, region.maxY)
        var lo = 0, hi = order.count
        while lo < hi { let mid = (lo + hi) / 2; if frames[order[mid]].frame.minX < left - widest { lo = mid + 1 } else { hi = mid } }
        var found: [Int] = []
        var k = lo
        while k < order.count {
            let f = frames[order[k]].frame
            if f.minX > right { break }
            if !(f.maxX < left || f.maxY < top || f.minY > bottom) { found.append(order[k]) }
            k += 1
        }
        found.sort()
        return found.map { frames[$0] }
    }

    mutating func pageNodeFrameIndex() -> RectIndex {
        if let index = nodeFrameIndex { return index }
        var index = RectIndex()
        for (_, frame) in pageNodeFrames() { index.insert(frame) }
        nodeFrameIndex = index
        return index
    }

    /// Whether box `i` is `target` or lies inside it or contains it (pre-order ranges).
    func related(_ i: Int, _ target: Int?) -> Bool {
        guard let target else { return false }
        if i == target { return true }
        if i > target && i < Int(boxes[target].next) { return true }
        return i < target && target < Int(boxes[i].next)
    }

    /// The candidate ports of an end for orthogonal routes.
    mutating func ports(_ end: LinkEnd, toward other: Point, otherFrame: Rect?) -> [Port] {
        guard let target = end.target else {
            let d = other - end.point
            let dir = abs(d.x) >= abs(d.y) ? Point(d.x >= 0 ? 1 : -1, 0) : Point(0, d.y >= 0 ? 1 : -1)
            return [Port(point: end.point, direction: dir, stub: end.point)]
        }
        let frame = contentFrame(target)
        // Sides that face the other end (it lies wholly beyond that side's edge); all four
        // when none does (overlapping or nested frames).
        var sides: [Anchor] = []
        if end.clips {
            let o = otherFrame ?? Rect(origin: other, size: .zero)
            if o.maxY < frame.minY { sides.append(.top) }
            if o.minX > frame.maxX { sides.append(.right) }
            if o.minY > frame.maxY { sides.append(.bottom) }
            if o.maxX < frame.minX { sides.append(.left) }
            if sides.isEmpty { sides = [.top, .right, .bottom, .left] }
        }
        var result: [Port] = []
        func stub(_ p: Point, _ d: Point) -> Point {
            if d.x > 0.5 { return Point(frame.maxX + routeMargin, p.y) }
            if d.x < -0.5 { return Point(frame.minX - routeMargin, p.y) }
            if d.y > 0.5 { return Point(p.x, frame.maxY + routeMargin) }
            return Point(p.x, frame.minY - routeMargin)
        }
        if !end.clips {
            let p = portPoint(end)
            var d = portDirection(end) ?? Point(1, 0)
            if sideDirection(end.side ?? .center) == nil {
                d = abs(d.x) >= abs(d.y) ? Point(d.x >= 0 ? 1 : -1, 0) : Point(0, d.y >= 0 ? 1 : -1)
            }
            return [Port(point: p, direction: d, stub: stub(p, d))]
        }
        for side in sides {
            let d = sideDirection(side)!
            let p = pagePoint(of: target, localAnchor(target, side)) + d * strokeHalfWidth(target)
            result.append(Port(point: p, direction: d, stub: stub(p, d)))
        }
        return result
    }

    /// An orthogonal route with the fewest bends around the other nodes' frames (Routing.swift).
    mutating func orthogonalPath(_ start: LinkEnd, _ end: LinkEnd, key: PairKey?, span: Span, index: Int, merge: Bool,
                                 sides: (Bool, Bool) = (false, false)) -> LinkPath {
        let offset = parallelOffset(key)
        routedConnectors += 1
        if routedConnectors > maximumRoutedConnectors {
            if routedConnectors == maximumRoutedConnectors + 1 {
                report(LayoutMessages.tooManyRoutedConnectors(at: span))
            }
            let (s, e) = (start.clips ? start.point : portPoint(start), end.clips ? end.point : portPoint(end))
            var points = [s, Point(e.x, s.y), e]
            if start.clips, let t = start.target { points[0] = clip(t, from: points[1] == s ? e : points[1], toward: s) }
            if end.clips, let t = end.target { points[2] = clip(t, from: points[1] == e ? s : points[1], toward: e) }
            return LinkPath(polyline: removeCollinear(points))
        }
        var startPorts = ports(start, toward: end.point, otherFrame: end.target.map { contentFrame($0) })
        var endPorts = ports(end, toward: start.point, otherFrame: start.target.map { contentFrame($0) })
        if offset != 0 {
            func shift(_ p: inout Port) {
                let t = Point(-p.direction.y, p.direction.x) * offset
                p.point = p.point + t; p.stub = p.stub + t
            }
            for i in startPorts.indices { shift(&startPorts[i]) }
            for i in endPorts.indices { shift(&endPorts[i]) }
        }
        // Frames that overlap across the gap between them: a straight run through the middle
        // of the overlap needs no bend at all.
        if start.clips && end.clips, let a = start.target, let b = end.target, offset == 0 {
            let fa = contentFrame(a), fb = contentFrame(b)
            let top = max(fa.minY, fb.minY), bottom = min(fa.maxY, fb.maxY)
            let left = max(fa.minX, fb.minX), right = min(fa.maxX, fb.maxX)
            func port(_ target: Int, _ frame: Rect, from outside: Point, _ d: Point) -> Port {
                let p = clip(target, from: outside, toward: outside - d * (frame.width + frame.height + 2 * routeMargin))
                let stub = d.x != 0 ? Point(d.x > 0 ? frame.maxX + routeMargin : frame.minX - routeMargin, p.y)
                                    : Point(p.x, d.y > 0 ? frame.maxY + routeMargin : frame.minY - routeMargin)
                return Port(point: p, direction: d, stub: stub)
            }
            // At the center line of the smaller frame (or else of the larger) when the overlap
            // holds it: a run through the overlap's edge would meet a shoulder of the shape.
            let aSmaller = fa.width * fa.height <= fb.width * fb.height
            if bottom - top > 1, fa.maxX < fb.minX || fb.maxX < fa.minX,
               let y = [aSmaller ? fa.midY : fb.midY, aSmaller ? fb.midY : fa.midY].first(where: { $0 > top && $0 < bottom }) {
                let d: Point = fa.maxX < fb.minX ? Point(1, 0) : Point(-1, 0)
                startPorts.append(port(a, fa, from: Point(d.x > 0 ? fa.maxX + routeMargin : fa.minX - routeMargin, y), d))
                endPorts.append(port(b, fb, from: Point(d.x > 0 ? fb.minX - routeMargin : fb.maxX + routeMargin, y), d * -1))
            } else if right - left > 1, fa.maxY < fb.minY || fb.maxY < fa.minY,
                      let x = [aSmaller ? fa.midX : fb.midX, aSmaller ? fb.midX : fa.midX].first(where: { $0 > left && $0 < right }) {
                let d: Point = fa.maxY < fb.minY ? Point(0, 1) : Point(0, -1)
                startPorts.append(port(a, fa, from: Point(x, d.y > 0 ? fa.maxY + routeMargin : fa.minY - routeMargin), d))
                endPorts.append(port(b, fb, from: Point(x, d.y > 0 ? fb.minY - routeMargin : fb.maxY + routeMargin), d * -1))
            }
        }
        if let port = portOverrides[2 * index] { startPorts = [port] }
        if let port = portOverrides[2 * index + 1] { endPorts = [port] }
        var region = Rect(origin: start.point, size: .zero).union(Rect(origin: end.point, size: .zero))
        for t in [start.target, end.target] { if let t { region = region.union(contentFrame(t)) } }
        let reach = 200.0
        region = Rect(x: region.minX - reach, y: region.minY - reach, width: region.width + 2 * reach, height: region.height + 2 * reach)
        var obstacles: [Rect] = []
        for (i, frame) in pageNodeFrames(near: region) {
            if related(i, start.target) || related(i, end.target) { continue }
            obstacles.append(frame)
        }
        if obstacles.count > maximumRoutingObstacles {
            report(LayoutMessages.tooManyObstacles(obstacles.count, at: span))
            obstacles = []
        }
        let endFrames = [start.target, end.target].compactMap { $0.map { contentFrame($0) } }
        let occupied = routingPass == 2 ? occupiedSegments(near: region, ends: (start.target, end.target), merge: merge) : []
        // Each pair of ports is searched, the pairs that could do best first (by the fewest
        // bends and the Manhattan length with nothing in the way); a pair that cannot beat the
        // best route so far is skipped, and a search gives up once it cannot. The best route
        // wins, ties going to the pair first in side order, as if every pair were searched.
        var pairs: [(k: Int, sp: Port, ep: Port, least: RouteScore)] = []
        func heading(_ d: Point) -> Int { d.x > 0.5 ? 0 : d.y > 0.5 ? 1 : d.x < -0.5 ? 2 : 3 }
        for sp in startPorts {
            for ep in endPorts {
                let d = ep.stub - sp.stub
                let least: RouteScore = (0, fewestBends(d.x, d.y, heading: heading(sp.direction), arriving: (heading(ep.direction) + 2) % 4),
                                         abs(d.x) + abs(d.y) + distance(sp.point, sp.stub) + distance(ep.point, ep.stub))
                pairs.append((pairs.count, sp, ep, least))
            }
        }
        pairs.sort { a, b in
            a.least.bends != b.least.bends ? a.least.bends < b.least.bends : a.least.length != b.least.length ? a.least.length < b.least.length : a.k < b.k
        }
        var scratch = routeScratch
        routeScratch = RouteScratch()
        defer { routeScratch = scratch }
        func search(around others: [Rect]) -> (points: [Point], bends: Int, length: Double, shared: Double)? {
            var best: (points: [Point], bends: Int, length: Double, shared: Double, k: Int)?
            for pair in pairs {
                let bound: RouteScore? = best.map { ($0.shared, $0.bends, $0.length) }
                if let bound, routeScore(pair.least, isWorseThan: bound) { continue }
                guard let route = orthogonalRoute(from: pair.sp, to: pair.ep, obstacles: others + endFrames, occupied: occupied,
                                                  scratch: &scratch, bound: bound) else { continue }
                if let b = best {
                    let better = route.shared < b.shared - 1e-9
                        || (abs(route.shared - b.shared) <= 1e-9
                            && (route.bends < b.bends || (route.bends == b.bends && route.length < b.length - 1e-9)))
                    let tie = abs(route.shared - b.shared) <= 1e-9 && route.bends == b.bends && abs(route.length - b.length) <= 1e-9
                    guard better || (tie && pair.k < b.k) else { continue }
                }
                best = (route.points, route.bends, route.length, route.shared, pair.k)
            }
            return best.map { ($0.points, $0.bends, $0.length, $0.shared) }
        }
        // A node overlapping an end, or nearer to it than a port's stub, blocks every way out
        // of that side: route again around only the nodes clear of both ends.
        let reachOfStub = 2 * routeMargin
        let clear = obstacles.filter { r in
            !endFrames.contains { Self.overlaps(r, Rect(x: $0.minX - reachOfStub, y: $0.minY - reachOfStub,
                                                        width: $0.width + 2 * reachOfStub, height: $0.height + 2 * reachOfStub)) }
        }
        let points: [Point]
        // Pass 2 does not search again around every node where pass 1 found no way (the same
        // nodes block the same side; only the port moved along it).
        let skipStrict = routingPass == 2 && looseRoutes.contains(index)
        var found = skipStrict ? nil : search(around: obstacles)
        if found == nil {
            if routingPass == 1 { looseRoutes.insert(index) }
            if skipStrict || clear.count < obstacles.count { found = search(around: clear) }
        }
        if let best = found {
            points = best.points
        } else {
            // Boxed in: an elbow between the first ports, through whatever is in the way.
            let sp = startPorts[0], ep = endPorts[0]
            points = removeCollinear([sp.point, Point(ep.point.x, sp.point.y), ep.point])
        }
        // Every route's ends take part in spreading ports, an elbow's too: two connectors
        // leaving one side never share its port.
        if routingPass == 1 { recordRouteEnds(points, start, end, index: index, merge: merge, sides: sides) }
        return LinkPath(polyline: points)
    }

    // MARK: Labels

    /// Lays out a connector's label beside its path (LabelPlacement.swift): clear of every
    /// connector's line, the nodes and the labels placed before it, or farther out with a
    /// leader. `owner` is the connector's index in `lineIndex` (-1: a line not in it).
    mutating func placeLabel(_ text: String, node: NodeRef, link: LinkOptions, path: LinkPath, owner: Int, into geometry: inout ConnectorGeometry) {
        var style = node.style
        if !node.explicitStyle.contains(.fontSize) { style.fontSize *= LayoutDefaults.connectorLabelScale }
        let block = layoutText(text, style: style, wrapWidth: nil, align: .center, span: node.span)
        let background: Color? = link.labelBackground ?? (pageBackground ?? .white)
        let pad = background != nil ? LayoutDefaults.labelBackgroundPadding : .zero
        let polyline = path.polyline
        let pathBox = pointBounds(polyline) ?? .zero
        // A frame holding the whole connector (a lane, a panel) is a background, not a node in the way.
        func inTheWay(_ frame: Rect) -> Bool {
            !(frame.minX <= pathBox.minX && frame.minY <= pathBox.minY && frame.maxX >= pathBox.maxX && frame.maxY >= pathBox.maxY)
        }
        let request = LabelRequest(size: Size(block.size.width + 2 * pad.width, block.size.height + 2 * pad.height), line: polyline,
                                   owner: owner, at: link.labelAt ?? 0.5, position: link.labelPosition ?? .above,
                                   gap: LayoutDefaults.labelGap + node.style.lineWidth / 2 + 1)
        let obstacles = LabelObstacles(lines: lineIndex, nodes: pageNodeFrameIndex(), labels: placedLabels)
        let placement = LabelPlacer.place(request, obstacles, inTheWay: inTheWay)
        geometry.label = block
        geometry.labelOrigin = Point(placement.box.minX + pad.width, placement.box.minY + pad.height)
        geometry.labelBackground = background
        if let (from, to) = placement.leader {
            var sink = PathSink(); sink.move(to: from); sink.line(to: to)
            geometry.leader = sink.path
            if geometry.leaderStroke == nil { geometry.leaderStroke = Stroke(color: node.style.stroke ?? .black, width: LayoutDefaults.leaderWidth) }
        }
        placedLabels.insert(placement.box)
    }

    /// The label of a line that is not routed as a connector (`line from: (0, 0), to: …`,
    /// `arrow`, `line points: […]`), placed by `placeLabel` along its points exactly as a
    /// connector's (`labelAt`, `labelPosition`, `labelBackground`, clear of other labels and
    /// nodes) and drawn by `appendLineLabel`. `points` are where the line is drawn: the
    /// content origin is taken off for the search, which works in content coordinates.
    mutating func emitFreeLineLabel(_ text: String, _ node: NodeRef, points: [Point], into items: inout [Scene.Item]) {
        let origin = self.origin
        var geometry = ConnectorGeometry()
        placeLabel(text, node: node, link: node.geometry.link, path: LinkPath(polyline: points.map { $0 - origin }),
                   owner: -1, into: &geometry)
        appendLineLabel(geometry, map: { Scene.Path(verbs: $0.verbs, points: $0.points.map { $0 + origin }) },
                        place: { $0 + origin }, into: &items)
    }

    /// A connector's or line's placed label: its background box, then its text. `map` takes
    /// a path and `place` a point from content coordinates to where they are drawn.
    mutating func appendLineLabel(_ geometry: ConnectorGeometry, map: (Scene.Path) -> Scene.Path, place: (Point) -> Point,
                                  into items: inout [Scene.Item]) {
        guard let label = geometry.label else { return }
        let at = geometry.labelOrigin
        if let leader = geometry.leader, let stroke = geometry.leaderStroke {
            items.append(.path(map(leader), Paint(stroke: stroke)))
        }
        if let background = geometry.labelBackground, background.alpha > 0 {
            let pad = LayoutDefaults.labelBackgroundPadding
            var sink = PathSink()
            sink.addRoundedRect(Rect(x: at.x - pad.width, y: at.y - pad.height,
                                     width: label.size.width + 2 * pad.width, height: label.size.height + 2 * pad.height), radius: 0)
            items.append(.path(map(sink.path), Paint(fill: Fill(color: background))))
        }
        appendText(label, at: place(at), width: label.size.width, into: &items)
    }

    static func overlaps(_ a: Rect, _ b: Rect) -> Bool {
        a.minX < b.maxX && b.minX < a.maxX && a.minY < b.maxY && b.minY < a.maxY
    }

    /// The top-left corner of a label box of `size` beside the path at `p` (heading
    /// `direction`): above is the side of the line's normal facing up (right of a vertical
    /// line), below the other; the box's nearest point keeps `gap` from the line.
    static func labelOrigin(at p: Point, direction: Point, side: LabelPosition, size: Size, gap: Double) -> Point {
        if side == .on { return Point(p.x - size.width / 2, p.y - size.height / 2) }
        let d = unitVector(direction)
        var n = Point(-d.y, d.x)
        if n.y > 1e-9 || (abs(n.y) <= 1e-9 && n.x < 0) { n = n * -1 }
        if side == .below { n = n * -1 }
        let reach = abs(n.x) * size.width / 2 + abs(n.y) * size.height / 2
        let center = p + n * (gap + reach)
        return Point(center.x - size.width / 2, center.y - size.height / 2)
    }
}

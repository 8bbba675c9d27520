// A page's connectors routed together (issue 36), on top of the route search of Routing.swift:
//
// - Pass 1 routes every connector alone and notes which side of which node each end of an
//   orthogonal route uses (ends clipped to a node or given a `side:`; an anchor the drawing
//   names as a point, `a.bottom`, stays put).
// - Ports are spread: the n ends on one side of a node get ports at (k + ½)/n of the middle
//   80 % of that side, in the order of the nodes at their other ends, so they neither share a
//   point nor cross one another there. Ends of connectors with `merge: true` keep the side's
//   middle, where they meet as a trunk.
// - Pass 2 routes every connector again in source order, the spread ports fixed and the runs
//   of the connectors before it as soft obstacles (`orthogonalRoute`'s `occupied`): a route
//   runs `routeGap` beside another rather than on it, unless both merge at a shared node.
// - Straight and curved connectors whose direct path would cross a node take the orthogonal
//   route around it (curved ones smoothed through its bends).
// - `jumps: arc | gap` hops over (or breaks at) each crossing with an earlier connector.
//
// Queries go through `SegmentIndex` and `RectIndex` grids, so a page of many connectors costs
// about the cells each route spans, not connectors × segments.

import DrawBase
import DrawCatalogue
import DrawScene
import DrawSemantics
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The side of a node an orthogonal route's end uses, and where the other end lies.
struct RouteEnd {
    var node: Int
    var side: Anchor
    /// The other end's node center (or point): the order of ports along the side.
    var toward: Point
}

extension LayoutEngine {
    /// Notes in pass 1 the sides an orthogonal route's ends use: ends clipped to a node and
    /// ends given a side (`side:`, `toSide:`), not anchors named as points (`a.bottom`).
    mutating func recordRouteEnds(_ points: [Point], _ start: LinkEnd, _ end: LinkEnd, index: Int, merge: Bool, sides: (Bool, Bool)) {
        guard points.count >= 2 else { return }
        func side(_ from: Point, _ to: Point) -> Anchor {
            let d = to - from
            return abs(d.x) >= abs(d.y) ? (d.x > 0 ? .right : .left) : (d.y > 0 ? .bottom : .top)
        }
        func center(_ e: LinkEnd) -> Point {
            guard let t = e.target else { return e.point }
            let f = contentFrame(t)
            return Point(f.midX, f.midY)
        }
        let a = start.clips || sides.0 ? start.target.map { RouteEnd(node: $0, side: side(points[0], points[1]), toward: center(end)) } : nil
        let n = points.count
        let b = end.clips || sides.1 ? end.target.map { RouteEnd(node: $0, side: side(points[n - 1], points[n - 2]), toward: center(start)) } : nil
        routeEnds.append((index, a, b, merge))
    }

    /// Gives the ends that share a side of a node evenly spread ports (`portOverrides`).
    mutating func spreadPorts() {
        struct SideKey: Hashable { var node: Int; var side: Anchor }
        var groups: [SideKey: [(slot: Int, toward: Point)]] = [:]
        var order: [SideKey] = []
        for entry in routeEnds where !entry.merge {
            for (end, slot) in [(entry.start, 2 * entry.index), (entry.end, 2 * entry.index + 1)] {
                guard let end else { continue }
                let key = SideKey(node: end.node, side: end.side)
                if groups[key] == nil { order.append(key) }
                groups[key, default: []].append((slot, end.toward))
            }
        }
        for key in order {
            guard let members = groups[key], members.count > 1 else { continue }
            // Along the side (left to right, top to bottom) in the order of the directions to
            // the other ends, seen from the side's middle: ports then do not cross.
            let frame = contentFrame(key.node)
            let middle = Point(frame.midX, frame.midY)
            func angle(_ p: Point) -> Double {
                let d = p - middle
                switch key.side {
                case .right: return atan2(d.y, d.x)
                case .left: return atan2(d.y, -d.x)
                case .bottom: return atan2(d.x, d.y)
                default: return atan2(d.x, -d.y)
                }
            }
            let sorted = members.enumerated().sorted { a, b in
                let ka = angle(a.element.toward), kb = angle(b.element.toward)
                return ka != kb ? ka < kb : a.offset < b.offset
            }
            let n = Double(sorted.count)
            for (k, member) in sorted.enumerated() {
                let fraction = 0.1 + 0.8 * (Double(k) + 0.5) / n
                portOverrides[member.element.slot] = sidePort(key.node, side: key.side, at: fraction)
            }
        }
    }

    /// A port on `side` of a node at `fraction` of that side (left to right, top to bottom),
    /// on its outline.
    mutating func sidePort(_ target: Int, side: Anchor, at fraction: Double) -> Port {
        let frame = contentFrame(target)
        let d = sideDirection(side) ?? Point(1, 0)
        let outside: Point
        if d.x != 0 {
            outside = Point(d.x > 0 ? frame.maxX + routeMargin : frame.minX - routeMargin, frame.minY + frame.height * fraction)
        } else {
            outside = Point(frame.minX + frame.width * fraction, d.y > 0 ? frame.maxY + routeMargin : frame.minY - routeMargin)
        }
        let p = clip(target, from: outside, toward: outside - d * (frame.width + frame.height + 2 * routeMargin))
        return Port(point: p, direction: d, stub: outside)
    }

    /// The axis-parallel runs of connectors routed before this one near `region`, leaving out
    /// those it may share: connectors that merge with it at a node they both join.
    mutating func occupiedSegments(near region: Rect, ends: (Int?, Int?), merge: Bool) -> [(Point, Point)] {
        var result: [(Point, Point)] = []
        let lines = routedLines
        lines.forEachCandidate(near: region) { id in
            let s = lines.segments[Int(id)]
            guard abs(s.a.x - s.b.x) < 1e-6 || abs(s.a.y - s.b.y) < 1e-6 else { return }
            if merge {
                let other = connectors[Int(s.owner)]
                if other.merge, [other.ends.0, other.ends.1].contains(where: { $0 != nil && ($0 == ends.0 || $0 == ends.1) }) { return }
            }
            result.append((s.a, s.b))
        }
        return result
    }

    /// Whether the straight chord of `path` passes through a node other than its ends (and
    /// the nodes around them: lanes, panels).
    mutating func blocksDirectPath(_ path: LinkPath, _ start: LinkEnd, _ end: LinkEnd) -> Bool {
        guard start.target != nil || end.target != nil else { return false }
        let a = path.start, b = path.end
        let frames = pageNodeFrameIndex()
        let box = Rect(x: min(a.x, b.x), y: min(a.y, b.y), width: abs(a.x - b.x), height: abs(a.y - b.y))
        func grown(_ r: Rect) -> Rect { Rect(x: r.minX - 1, y: r.minY - 1, width: r.width + 2, height: r.height + 2) }
        func holds(_ r: Rect, _ p: Point) -> Bool { p.x >= r.minX && p.x <= r.maxX && p.y >= r.minY && p.y <= r.maxY }
        let probe = Rect(x: box.minX - 1, y: box.minY - 1, width: box.width + 2, height: box.height + 2)
        return frames.anyOverlaps(probe) { frame in
            let g = grown(frame)
            if holds(g, a) || holds(g, b) { return false }
            let inner = Rect(x: frame.minX + 1, y: frame.minY + 1, width: max(0, frame.width - 2), height: max(0, frame.height - 2))
            return segmentEnters(a, b, inner)
        }
    }

    /// A smooth curve through a polyline's points (Catmull-Rom, as `via:` points are joined).
    func smoothed(_ path: LinkPath) -> LinkPath {
        let points = path.polyline
        guard points.count > 2 else { return path }
        var segments: [LinkPath.Segment] = []
        for i in 0..<(points.count - 1) {
            let p0 = points[max(0, i - 1)], p1 = points[i], p2 = points[i + 1], p3 = points[min(points.count - 1, i + 2)]
            segments.append(.cubic(p1 + (p2 - p0) * (1.0 / 6), p2 - (p3 - p1) * (1.0 / 6), p2))
        }
        return LinkPath(start: points[0], segments: segments)
    }

    /// Redraws connector `c`'s line with a hop (`arc`) or a break (`gap`) at each crossing
    /// with a connector before it. Lines with curves are left as they are.
    mutating func addJumps(_ jumps: LineJumps, to c: Int, lineWidth: Double) {
        guard let line = connectors[c].line, !line.verbs.contains(.cubic), !line.verbs.contains(.rect) else { return }
        let radius = 3 + 1.5 * max(0, lineWidth)
        var sink = PathSink()
        var index = 0
        var current = Point.zero
        let earlier = lineIndex
        for verb in line.verbs {
            switch verb {
            case .move:
                current = line.points[index]; sink.move(to: current)
            case .line:
                let next = line.points[index]
                let d = next - current
                let length = (d.x * d.x + d.y * d.y).squareRoot()
                var cuts: [Double] = []
                if length > 4 * radius {
                    let box = Rect(x: min(current.x, next.x) - 1, y: min(current.y, next.y) - 1,
                                   width: abs(d.x) + 2, height: abs(d.y) + 2)
                    let a = current
                    earlier.forEachCandidate(near: box) { id in
                        let s = earlier.segments[Int(id)]
                        guard Int(s.owner) < c, let t = crossingParameter(a, next, s.a, s.b) else { return }
                        let along = t * length
                        if along > 2 * radius && along < length - 2 * radius { cuts.append(t) }
                    }
                }
                cuts.sort()
                let u = length > 0 ? d * (1 / length) : Point(1, 0)
                // The hop bulges up (or left, on a vertical line).
                var n = Point(u.y, -u.x)
                if n.y > 1e-9 || (abs(n.y) <= 1e-9 && n.x > 0) { n = n * -1 }
                var last = -Double.infinity
                for t in cuts where t * length - last >= 2 * radius {
                    let x = current + d * t
                    let p1 = x - u * radius, p2 = x + u * radius
                    sink.line(to: p1)
                    switch jumps {
                    case .arc: sink.cubic(p1 + n * (radius * 1.33), p2 + n * (radius * 1.33), p2)
                    case .gap, .none: sink.move(to: p2)
                    }
                    last = t * length
                }
                sink.line(to: next)
                current = next
            case .close:
                sink.close()
            case .cubic, .rect:
                return
            }
            index += verb.pointCount
        }
        connectors[c].line = sink.path
    }
}

/// Where along a–b (0…1) it properly crosses c–d, nil when it does not.
func crossingParameter(_ a: Point, _ b: Point, _ c: Point, _ d: Point) -> Double? {
    let r = b - a, s = d - c
    let denominator = r.x * s.y - r.y * s.x
    guard abs(denominator) > 1e-9 else { return nil }
    let q = c - a
    let t = (q.x * s.y - q.y * s.x) / denominator
    let u = (q.x * r.y - q.y * r.x) / denominator
    guard t > 1e-6, t < 1 - 1e-6, u > 1e-6, u < 1 - 1e-6 else { return nil }
    return t
}

// The stroker: polylines (already flattened) to the polygons that cover the stroke, filled
// afterwards with the non-zero rule. Each polyline becomes one closed outline: its left
// offset forwards, the end cap, its right offset backwards, the start cap; a closed one
// becomes two loops (left forwards, right backwards) with a join at every vertex. Outer
// sides of a turn get the join (miter within the limit, else bevel; round; bevel); inner
// sides pivot through the vertex, which keeps every covered point at winding ±1 or more of
// one sign. Dashes cut polylines first, by length along them, starting at the offset.

import DrawBase
import DrawScene
#if canImport(Foundation)
import Foundation
#endif

struct StrokeStyle {
    var width: Double
    var cap: LineCap
    var join: LineJoin
    var miterLimit: Double
    /// Lines per full circle for round joins and caps.
    var circleSegments: Int
}

struct StrokeLimitError: Error {}

enum Stroker {
    /// The most dashes one stroke may be cut into; a longer stroke is refused with a
    /// diagnostic (a dash of 0.001 pt along a long path would otherwise take minutes).
    static let maximumDashes = 1_000_000

    /// Lines per circle for round joins and caps of half-width `radius` (device pixels)
    /// within `tolerance` pixels: the sagitta of each chord stays within it.
    static func circleSegments(radius: Double, tolerance: Double) -> Int {
        guard radius > tolerance else { return 8 }
        let angle = 2 * acos(1 - tolerance / radius)
        guard angle.isFinite, angle > 0 else { return 8 }
        return max(8, min(720, Int((2 * Double.pi / angle).rounded(.up))))
    }

    /// Cuts polylines by a dash pattern (lengths alternate on, off; an odd count repeats
    /// twice, as PDF and SVG say). A pattern that sums to nothing or has a negative length
    /// draws solid.
    static func dash(_ lines: [Polyline], pattern raw: [Double], offset: Double) throws(StrokeLimitError) -> [Polyline] {
        let pattern = raw.count % 2 == 1 ? raw + raw : raw
        let total = pattern.reduce(0, +)
        guard !pattern.isEmpty, total > 0, total.isFinite, pattern.allSatisfy({ $0 >= 0 }) else { return lines }
        var result: [Polyline] = []
        var dashes = 0
        for line in lines {
            var pts = line.points
            if line.closed, let first = pts.first { pts.append(first) }
            guard pts.count >= 1 else { continue }
            // The phase at the start of each subpath is the offset (PDF 8.4.3.6).
            var phase = offset.truncatingRemainder(dividingBy: total)
            if phase < 0 { phase += total }
            var index = 0
            while phase > 0 && phase >= pattern[index] {
                phase -= pattern[index]
                index = (index + 1) % pattern.count
            }
            var remaining = pattern[index] - phase
            var on = index % 2 == 0
            var current: [Point] = on ? [pts[0]] : []
            func emit() throws(StrokeLimitError) {
                if !current.isEmpty {
                    dashes += 1
                    if dashes > maximumDashes { throw StrokeLimitError() }
                    result.append(Polyline(points: current, closed: false))
                }
                current = []
            }
            for i in 1..<max(1, pts.count) {
                var a = pts[i - 1]
                let b = pts[i]
                var length = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                while length > remaining {
                    let t = remaining / length
                    let p = Point(a.x + (b.x - a.x) * t, a.y + (b.y - a.y) * t)
                    if on { current.append(p); try emit() } else { current = [p] }
                    length -= remaining
                    a = p
                    index = (index + 1) % pattern.count
                    on.toggle()
                    remaining = pattern[index]
                    if !on { current = [] }
                    if on && remaining == 0 {
                        // A zero-length dash: a dot (drawn by round or square caps).
                        current = [p]
                        try emit()
                        index = (index + 1) % pattern.count
                        on = false
                        remaining = pattern[index]
                    }
                }
                remaining -= length
                if on { current.append(b) }
            }
            if on {
                try emit()
            } else if remaining <= 1e-9, let last = pts.last, pts.count > 1 {
                // A dash that starts exactly at the end: its caps still show (a dot).
                current = [last]
                try emit()
            }
        }
        return result
    }

    /// The polygons covering the stroke of `lines`.
    static func outline(_ lines: [Polyline], style: StrokeStyle) -> [[Point]] {
        var polygons: [[Point]] = []
        let hw = style.width / 2
        guard hw > 0, hw.isFinite else { return [] }
        for line in lines {
            var pts: [Point] = []
            pts.reserveCapacity(line.points.count)
            for p in line.points where p.x.isFinite && p.y.isFinite {
                if let last = pts.last, abs(last.x - p.x) < 1e-9, abs(last.y - p.y) < 1e-9 { continue }
                pts.append(p)
            }
            var closed = line.closed
            if closed, pts.count > 1, let f = pts.first, let l = pts.last, abs(f.x - l.x) < 1e-9, abs(f.y - l.y) < 1e-9 {
                pts.removeLast()
            }
            if pts.count < 3 && closed { closed = pts.count >= 2 ? closed : false }
            if pts.count == 1 {
                // A zero-length subpath: a dot for round caps, a square for square caps.
                let p = pts[0]
                switch style.cap {
                case .butt: break
                case .round: polygons.append(arc(center: p, radius: hw, from: 0, sweep: -2 * Double.pi, segments: style.circleSegments))
                case .square:
                    polygons.append([Point(p.x - hw, p.y - hw), Point(p.x + hw, p.y - hw), Point(p.x + hw, p.y + hw), Point(p.x - hw, p.y + hw)].reversed())
                }
                continue
            }
            guard pts.count >= 2 else { continue }
            let n = pts.count
            let segs = closed ? n : n - 1
            var dirs: [Point] = []
            dirs.reserveCapacity(segs)
            for i in 0..<segs {
                let a = pts[i], b = pts[(i + 1) % n]
                let len = ((b.x - a.x) * (b.x - a.x) + (b.y - a.y) * (b.y - a.y)).squareRoot()
                dirs.append(Point((b.x - a.x) / len, (b.y - a.y) / len))
            }
            func normal(_ d: Point) -> Point { Point(-d.y * hw, d.x * hw) }
            var left: [Point] = [], right: [Point] = []
            func join(at p: Point, _ a: Point, _ b: Point) {
                let na = normal(a), nb = normal(b)
                let cross = a.x * b.y - a.y * b.x
                let dot = a.x * b.x + a.y * b.y
                for side in [1.0, -1.0] {
                    let sa = Point(p.x + side * na.x, p.y + side * na.y)
                    let sb = Point(p.x + side * nb.x, p.y + side * nb.y)
                    // Turning left (cross > 0) puts the left side inside the turn.
                    let outer = side > 0 ? cross < 0 : cross > 0
                    var pointsOut: [Point]
                    if abs(cross) < 1e-12 && dot > 0 {
                        pointsOut = [sa]
                    } else if !outer {
                        pointsOut = [sa, p, sb]
                    } else {
                        switch style.join {
                        case .bevel: pointsOut = [sa, sb]
                        case .miter:
                            let ratio = 1 / ((1 + dot) / 2).squareRoot()
                            if ratio <= style.miterLimit, 1 + dot > 1e-12 {
                                let k = side / (1 + dot)
                                pointsOut = [sa, Point(p.x + (na.x + nb.x) * k, p.y + (na.y + nb.y) * k), sb]
                            } else {
                                pointsOut = [sa, sb]
                            }
                        case .round:
                            let start = atan2(side * na.y, side * na.x)
                            var sweep = atan2(na.x * nb.y - na.y * nb.x, na.x * nb.x + na.y * nb.y)
                            if abs(abs(sweep) - Double.pi) < 1e-9 { sweep = side > 0 ? -Double.pi : Double.pi }
                            let steps = max(1, Int((abs(sweep) / (2 * Double.pi) * Double(style.circleSegments)).rounded(.up)))
                            pointsOut = (0...steps).map { i in
                                let t = start + sweep * Double(i) / Double(steps)
                                return Point(p.x + hw * cos(t), p.y + hw * sin(t))
                            }
                        }
                    }
                    if side > 0 { left += pointsOut } else { right += pointsOut }
                }
            }
            if closed {
                for i in 0..<n { join(at: pts[i], dirs[(i + segs - 1) % segs], dirs[i]) }
                polygons.append(left)
                polygons.append(right.reversed())
                continue
            }
            let n0 = normal(dirs[0]), nl = normal(dirs[segs - 1])
            left.append(Point(pts[0].x + n0.x, pts[0].y + n0.y))
            right.append(Point(pts[0].x - n0.x, pts[0].y - n0.y))
            for i in 1..<(n - 1) { join(at: pts[i], dirs[i - 1], dirs[i]) }
            let end = pts[n - 1]
            left.append(Point(end.x + nl.x, end.y + nl.y))
            right.append(Point(end.x - nl.x, end.y - nl.y))
            var polygon = left
            let dl = dirs[segs - 1], d0 = dirs[0]
            switch style.cap {
            case .butt: break
            case .square:
                polygon.append(Point(end.x + nl.x + dl.x * hw, end.y + nl.y + dl.y * hw))
                polygon.append(Point(end.x - nl.x + dl.x * hw, end.y - nl.y + dl.y * hw))
            case .round:
                polygon += arc(center: end, radius: hw, from: atan2(nl.y, nl.x), sweep: -Double.pi, segments: style.circleSegments)
            }
            polygon += right.reversed()
            let start = pts[0]
            switch style.cap {
            case .butt: break
            case .square:
                polygon.append(Point(start.x - n0.x - d0.x * hw, start.y - n0.y - d0.y * hw))
                polygon.append(Point(start.x + n0.x - d0.x * hw, start.y + n0.y - d0.y * hw))
            case .round:
                polygon += arc(center: start, radius: hw, from: atan2(-n0.y, -n0.x), sweep: -Double.pi, segments: style.circleSegments)
            }
            polygons.append(polygon)
        }
        return polygons
    }

    /// Points on a circle from angle `from` through `sweep` radians.
    static func arc(center c: Point, radius r: Double, from: Double, sweep: Double, segments: Int) -> [Point] {
        let steps = max(2, Int((abs(sweep) / (2 * Double.pi) * Double(segments)).rounded(.up)))
        return (0...steps).map { i in
            let t = from + sweep * Double(i) / Double(steps)
            return Point(c.x + r * cos(t), c.y + r * sin(t))
        }
    }
}

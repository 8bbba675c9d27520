// The diagram shapes (`diamond` … `regularPolygon`), each built once here as an IR path in
// its frame, with the area its label and children go in and the frame a content size needs.
//
// Every outline lies inside its frame and touches it on the sides the shape reaches, so the
// frame is the shape's bounding box. Stars and regular polygons are stretched to fill their
// frame. The first subpath of an outline is its boundary; cylinders and notes add a second,
// open subpath (the front rim, the fold) that is drawn but never clipped against. A person's
// head and body are both boundary.

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

enum Shapes {
    /// Defaults of the shapes' options (docs/language.md).
    static let defaultStarPoints = 5
    static let defaultStarInner = 0.5
    static let defaultSides = 6
    /// Horizontal offset of parallelograms and trapezoids as an angle from the vertical.
    static let defaultSkewAngle = 20.0

    /// The drawn outline of a shape in `r`.
    static func outline(_ kind: NodeKind, _ options: ShapeOptions, in r: Rect) -> Scene.Path {
        var sink = PathSink()
        build(kind, options, in: r, into: &sink, decorations: true)
        return sink.path
    }

    /// The boundary a connector is clipped to (the outline without its decorations).
    static func boundary(_ kind: NodeKind, _ options: ShapeOptions, in r: Rect) -> Scene.Path {
        var sink = PathSink()
        build(kind, options, in: r, into: &sink, decorations: false)
        return sink.path
    }

    /// The horizontal inset of parallelograms and trapezoids.
    static func skewOffset(_ options: ShapeOptions, in r: Rect) -> Double {
        let raw: Double
        if let length = options.skewLength { raw = abs(length) }
        else { raw = r.height * tan((options.skewAngle.map(abs) ?? defaultSkewAngle) * Double.pi / 180) }
        return min(raw, r.width / 2)
    }

    static func skewSign(_ options: ShapeOptions) -> Double {
        (options.skewLength ?? options.skewAngle ?? 1) < 0 ? -1 : 1
    }

    static func cylinderCap(_ r: Rect) -> Double { min(r.height / 4, max(3, r.width * 0.1)) }
    static func documentWave(_ r: Rect) -> Double { min(10, r.height * 0.08) }
    static func noteFold(_ r: Rect) -> Double { min(16, min(r.width, r.height) * 0.25) }

    private static func cut(_ r: Rect) -> Double { min(r.width, r.height) * (2 - 2.0.squareRoot()) / 2 }

    private static func polygon(_ points: [Point], into sink: inout PathSink) {
        guard let first = points.first else { return }
        sink.move(to: first)
        for p in points.dropFirst() { sink.line(to: p) }
        sink.close()
    }

    /// Vertices of a star or regular polygon around the unit circle, first vertex at the top,
    /// clockwise on the page, then stretched so their bounding box is `r`.
    static func radialVertices(_ kind: NodeKind, _ options: ShapeOptions, in r: Rect) -> [Point] {
        let unit = unitVertices(kind, options)
        guard let b = pointBounds(unit), b.width > 0, b.height > 0 else { return [] }
        return unit.map { Point(r.minX + ($0.x - b.minX) / b.width * r.width, r.minY + ($0.y - b.minY) / b.height * r.height) }
    }

    private static func unitVertices(_ kind: NodeKind, _ options: ShapeOptions) -> [Point] {
        var result: [Point] = []
        if kind == .star {
            let n = options.starPoints ?? defaultStarPoints
            let inner = options.inner ?? defaultStarInner
            for i in 0..<(2 * n) {
                let angle = -Double.pi / 2 + Double(i) * Double.pi / Double(n)
                let radius = i % 2 == 0 ? 1 : inner
                result.append(Point(radius * cos(angle), radius * sin(angle)))
            }
        } else {
            let n = options.sides ?? defaultSides
            for i in 0..<n {
                let angle = -Double.pi / 2 + Double(i) * 2 * Double.pi / Double(n)
                result.append(Point(cos(angle), sin(angle)))
            }
        }
        return result
    }

    /// The largest centred square's half side (in unit space) inside a radial shape: its
    /// inscribed circle's radius / √2.
    private static func radialInnerHalf(_ kind: NodeKind, _ options: ShapeOptions) -> (Rect, Double) {
        let unit = unitVertices(kind, options)
        let b = pointBounds(unit) ?? Rect(x: -1, y: -1, width: 2, height: 2)
        var radius = Double.infinity
        for i in unit.indices {
            let a = unit[i], c = unit[(i + 1) % unit.count]
            radius = min(radius, distanceToSegment(Point(0, 0), a, c))
        }
        return (b, radius / 2.0.squareRoot())
    }

    private static func build(_ kind: NodeKind, _ options: ShapeOptions, in r: Rect, into sink: inout PathSink, decorations: Bool) {
        let (x0, y0, x1, y1) = (r.minX, r.minY, r.maxX, r.maxY)
        let (cx, cy, w, h) = (r.midX, r.midY, r.width, r.height)
        switch kind {
        case .diamond:
            polygon([Point(cx, y0), Point(x1, cy), Point(cx, y1), Point(x0, cy)], into: &sink)
        case .triangle:
            switch options.direction ?? .up {
            case .up: polygon([Point(cx, y0), Point(x1, y1), Point(x0, y1)], into: &sink)
            case .down: polygon([Point(x0, y0), Point(x1, y0), Point(cx, y1)], into: &sink)
            case .left: polygon([Point(x0, cy), Point(x1, y0), Point(x1, y1)], into: &sink)
            case .right: polygon([Point(x0, y0), Point(x1, cy), Point(x0, y1)], into: &sink)
            }
        case .hexagon:
            let d = min(w / 2, h / 2 / 3.0.squareRoot())
            polygon([Point(x0 + d, y0), Point(x1 - d, y0), Point(x1, cy), Point(x1 - d, y1), Point(x0 + d, y1), Point(x0, cy)], into: &sink)
        case .octagon:
            let c = cut(r)
            polygon([Point(x0 + c, y0), Point(x1 - c, y0), Point(x1, y0 + c), Point(x1, y1 - c),
                     Point(x1 - c, y1), Point(x0 + c, y1), Point(x0, y1 - c), Point(x0, y0 + c)], into: &sink)
        case .parallelogram:
            let d = skewOffset(options, in: r)
            if skewSign(options) > 0 {
                polygon([Point(x0 + d, y0), Point(x1, y0), Point(x1 - d, y1), Point(x0, y1)], into: &sink)
            } else {
                polygon([Point(x0, y0), Point(x1 - d, y0), Point(x1, y1), Point(x0 + d, y1)], into: &sink)
            }
        case .trapezoid:
            let d = skewOffset(options, in: r)
            if skewSign(options) > 0 {
                polygon([Point(x0 + d, y0), Point(x1 - d, y0), Point(x1, y1), Point(x0, y1)], into: &sink)
            } else {
                polygon([Point(x0, y0), Point(x1, y0), Point(x1 - d, y1), Point(x0 + d, y1)], into: &sink)
            }
        case .star, .regularPolygon:
            polygon(radialVertices(kind, options, in: r), into: &sink)
        case .cylinder:
            let e = cylinderCap(r)
            let k = 0.5522847498
            let rx = w / 2
            // Back of the top ellipse, right side, front of the bottom ellipse, left side.
            sink.move(to: Point(x0, y0 + e))
            sink.cubic(Point(x0, y0 + e - e * k), Point(cx - rx * k, y0), Point(cx, y0))
            sink.cubic(Point(cx + rx * k, y0), Point(x1, y0 + e - e * k), Point(x1, y0 + e))
            sink.line(to: Point(x1, y1 - e))
            sink.cubic(Point(x1, y1 - e + e * k), Point(cx + rx * k, y1), Point(cx, y1))
            sink.cubic(Point(cx - rx * k, y1), Point(x0, y1 - e + e * k), Point(x0, y1 - e))
            sink.close()
            if decorations {
                // The front rim of the top ellipse.
                sink.move(to: Point(x0, y0 + e))
                sink.cubic(Point(x0, y0 + e + e * k), Point(cx - rx * k, y0 + 2 * e), Point(cx, y0 + 2 * e))
                sink.cubic(Point(cx + rx * k, y0 + 2 * e), Point(x1, y0 + e + e * k), Point(x1, y0 + e))
            }
        case .document:
            // A wave along the bottom: one cubic whose controls sit k = a/0.2887 above and below
            // the line y1 − a, so the wave reaches y1 at its lowest and y1 − 2a at its highest.
            let a = documentWave(r)
            let k = a / 0.28867513459
            let base = y1 - a
            sink.move(to: Point(x0, y0))
            sink.line(to: Point(x1, y0))
            sink.line(to: Point(x1, base))
            sink.cubic(Point(x1 - w / 3, base - k), Point(x0 + w / 3, base + k), Point(x0, base))
            sink.close()
        case .note:
            let f = noteFold(r)
            polygon([Point(x0, y0), Point(x1 - f, y0), Point(x1, y0 + f), Point(x1, y1), Point(x0, y1)], into: &sink)
            if decorations {
                sink.move(to: Point(x1 - f, y0))
                sink.line(to: Point(x1 - f, y0 + f))
                sink.line(to: Point(x1, y0 + f))
            }
        case .cloud:
            // Bumps on an ellipse, each an outward cubic; the result is stretched to the frame.
            let bumps = 9
            var unit: [Point] = []
            for i in 0..<bumps {
                let angle = -Double.pi / 2 + Double(i) * 2 * Double.pi / Double(bumps) + (i % 2 == 0 ? 0 : 0.08)
                unit.append(Point(cos(angle), sin(angle) * 0.82))
            }
            var raw = PathSink()
            raw.move(to: unit[0])
            for i in 0..<bumps {
                let a = unit[i], b = unit[(i + 1) % bumps]
                let mid = (a + b) * 0.5
                let bulge = 0.55 * distance(a, b)
                let outward = mid * (1 / max(1e-9, (mid.x * mid.x + mid.y * mid.y).squareRoot()))
                raw.cubic(a + (mid - a) * 0.2 + outward * bulge, b + (mid - b) * 0.2 + outward * bulge, b)
            }
            raw.close()
            let path = raw.path
            guard let b = tightBounds(of: path), b.width > 0, b.height > 0 else { return }
            let points = path.points.map { Point(x0 + ($0.x - b.minX) / b.width * w, y0 + ($0.y - b.minY) / b.height * h) }
            sink.verbs.append(contentsOf: path.verbs)
            sink.points.append(contentsOf: points)
        case .capsule:
            sink.addRoundedRect(r, radius: min(w, h) / 2)
        case .person:
            // A head (circle) over shoulders: a rounded-top body taking the lower 58 %.
            let headRadius = min(w * 0.22, h * 0.2)
            let headCenter = Point(cx, y0 + headRadius)
            sink.addEllipse(in: Rect(x: headCenter.x - headRadius, y: y0, width: 2 * headRadius, height: 2 * headRadius))
            let top = y0 + h * 0.42
            let shoulder = min(w / 2, (y1 - top) * 0.6)
            let k = 0.5522847498
            sink.move(to: Point(x0, y1))
            sink.line(to: Point(x0, top + shoulder))
            sink.cubic(Point(x0, top + shoulder * (1 - k)), Point(x0 + shoulder * (1 - k), top), Point(x0 + shoulder, top))
            sink.line(to: Point(x1 - shoulder, top))
            sink.cubic(Point(x1 - shoulder * (1 - k), top), Point(x1, top + shoulder * (1 - k)), Point(x1, top + shoulder))
            sink.line(to: Point(x1, y1))
            sink.close()
        default:
            sink.addRoundedRect(r, radius: 0)
        }
    }

    /// Where a shape's label and children go: a rectangle inside the outline.
    static func labelArea(_ kind: NodeKind, _ options: ShapeOptions, in r: Rect) -> Rect {
        let (w, h) = (r.width, r.height)
        switch kind {
        case .diamond:
            return Rect(x: r.minX + w / 4, y: r.minY + h / 4, width: w / 2, height: h / 2)
        case .triangle:
            switch options.direction ?? .up {
            case .up: return Rect(x: r.minX + w / 4, y: r.minY + h / 2, width: w / 2, height: h / 2)
            case .down: return Rect(x: r.minX + w / 4, y: r.minY, width: w / 2, height: h / 2)
            case .left: return Rect(x: r.minX + w / 2, y: r.minY + h / 4, width: w / 2, height: h / 2)
            case .right: return Rect(x: r.minX, y: r.minY + h / 4, width: w / 2, height: h / 2)
            }
        case .hexagon:
            let d = min(w / 2, h / 2 / 3.0.squareRoot())
            return Rect(x: r.minX + d, y: r.minY, width: max(0, w - 2 * d), height: h)
        case .octagon:
            let c = cut(r) / 2
            return Rect(x: r.minX + c, y: r.minY + c, width: w - 2 * c, height: h - 2 * c)
        case .parallelogram, .trapezoid:
            let d = skewOffset(options, in: r)
            return Rect(x: r.minX + d, y: r.minY, width: max(0, w - 2 * d), height: h)
        case .star, .regularPolygon:
            let (b, half) = radialInnerHalf(kind, options)
            let sx = w / b.width, sy = h / b.height
            let center = Point(r.minX + (0 - b.minX) * sx, r.minY + (0 - b.minY) * sy)
            return Rect(x: center.x - half * sx, y: center.y - half * sy, width: 2 * half * sx, height: 2 * half * sy)
        case .cylinder:
            let e = cylinderCap(r)
            return Rect(x: r.minX, y: r.minY + 2 * e, width: w, height: max(0, h - 3 * e))
        case .document:
            return Rect(x: r.minX, y: r.minY, width: w, height: max(0, h - 2 * documentWave(r)))
        case .note:
            let f = noteFold(r) / 2
            return Rect(x: r.minX, y: r.minY + f, width: w - f, height: h - f)
        case .cloud:
            return Rect(x: r.minX + w * 0.18, y: r.minY + h * 0.2, width: w * 0.64, height: h * 0.6)
        case .capsule:
            let inset = min(w, h) / 2 * (1 - 1 / 2.0.squareRoot())
            return Rect(x: r.minX + inset, y: r.minY + inset, width: w - 2 * inset, height: h - 2 * inset)
        case .person:
            let top = r.minY + h * 0.42
            let shoulder = min(w / 2, (r.maxY - top) * 0.6)
            let inset = shoulder * (1 - 1 / 2.0.squareRoot())
            return Rect(x: r.minX + inset, y: top + inset, width: w - 2 * inset, height: r.maxY - top - inset)
        default:
            return r
        }
    }

    /// The frame a shape needs so that `labelArea` holds `content`.
    static func frameSize(_ kind: NodeKind, _ options: ShapeOptions, content: Size) -> Size {
        let (cw, ch) = (max(content.width, 1), max(content.height, 1))
        switch kind {
        case .diamond, .triangle:
            return Size(2 * cw, 2 * ch)
        case .hexagon:
            // Full height, the label between the slanted sides' inner ends.
            let d = ch / 2 / 3.0.squareRoot()
            return Size(cw + 2 * d, ch)
        case .octagon:
            // c = (2 − √2)/2 · min(w, h) and the label area is inset by c/2 on each side.
            let k = (2 - 2.0.squareRoot()) / 2
            let m = min(cw, ch)
            let c = k * m / (1 - k)
            return Size(cw + c, ch + c)
        case .parallelogram, .trapezoid:
            if let length = options.skewLength { return Size(cw + 2 * abs(length), ch) }
            let d = ch * tan((options.skewAngle.map(abs) ?? defaultSkewAngle) * Double.pi / 180)
            return Size(cw + 2 * d, ch)
        case .star, .regularPolygon:
            let (b, half) = radialInnerHalf(kind, options)
            guard half > 0 else { return Size(cw, ch) }
            return Size(cw / (2 * half) * b.width, ch / (2 * half) * b.height)
        case .cylinder:
            var h = ch
            for _ in 0..<8 { h = ch + 3 * cylinderCap(Rect(x: 0, y: 0, width: cw, height: h)) }
            return Size(cw, h)
        case .document:
            var h = ch
            for _ in 0..<8 { h = ch + 2 * documentWave(Rect(x: 0, y: 0, width: cw, height: h)) }
            return Size(cw, h)
        case .note:
            var size = Size(cw, ch)
            for _ in 0..<8 {
                let f = noteFold(Rect(origin: .zero, size: size)) / 2
                size = Size(cw + f, ch + f)
            }
            return size
        case .cloud:
            return Size(cw / 0.64, ch / 0.6)
        case .capsule:
            // The shorter side is the diameter; the inset is (1 − 1/√2)·radius on every side.
            let k = 1 - 1 / 2.0.squareRoot()
            let h = ch / (1 - k)
            return Size(max(cw + k * h, h), h)
        case .person:
            // Body = lower 58 % of the height; the inset shoulders need width.
            let h = ch / 0.55
            return Size(max(cw * 1.25, h * 0.6), h)
        default:
            return Size(cw, ch)
        }
    }
}

/// The distance from `p` to the segment `a`–`b`.
func distanceToSegment(_ p: Point, _ a: Point, _ b: Point) -> Double {
    let d = b - a
    let length2 = d.x * d.x + d.y * d.y
    guard length2 > 0 else { return distance(p, a) }
    let t = max(0, min(1, ((p.x - a.x) * d.x + (p.y - a.y) * d.y) / length2))
    return distance(p, a + d * t)
}

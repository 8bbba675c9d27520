// The diagram shapes (`diamond` … `pentagon`): one geometry entry each, a `DiagramShape`
// conformance named in `NodeKind.layoutClass` (KindClasses.swift). An entry builds the
// outline as an IR path in its frame, and gives the area its label and children go in, the
// frame a content size needs and the size without content.
//
// Every outline lies inside its frame and touches it on the sides the shape reaches, so the
// frame is the shape's bounding box. Stars and regular polygons are stretched to fill their
// frame. The first subpath of an outline is its boundary; cylinders and notes add a second,
// open subpath (the front rim, the fold) that is drawn but never clipped against. A person's
// head and body are both boundary.

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

/// One diagram shape's geometry (its entry in `NodeKind.layoutClass`).
protocol DiagramShape {
    /// Builds the outline in `r`; with `decorations`, also the open subpaths drawn but never
    /// clipped against (a cylinder's front rim, a note's fold).
    static func build(_ options: ShapeOptions, in r: Rect, into sink: inout PathSink, decorations: Bool)
    /// Where the label and children go: a rectangle inside the outline.
    static func labelArea(_ options: ShapeOptions, in r: Rect) -> Rect
    /// The frame whose label area holds `content` (at least 1 × 1).
    static func frameSize(_ options: ShapeOptions, content: Size) -> Size
    /// The size without size, label or children.
    static var defaultSize: Size { get }
}

extension DiagramShape {
    static var defaultSize: Size { LayoutDefaults.shapeSize }
}

enum Shapes {
    /// Defaults of the shapes' options (docs/language.md).
    static let defaultStarPoints = 5
    static let defaultStarInner = 0.5
    static let defaultSides = 6
    /// Horizontal offset of parallelograms and trapezoids as an angle from the vertical.
    static let defaultSkewAngle = 20.0
    /// The size of the shapes whose frame is square by default.
    static let squareSize = Size(54, 54)

    /// The drawn outline of a shape in `r`.
    static func outline(_ shape: any DiagramShape.Type, _ options: ShapeOptions, in r: Rect) -> Scene.Path {
        var sink = PathSink()
        shape.build(options, in: r, into: &sink, decorations: true)
        return sink.path
    }

    /// The boundary a connector is clipped to (the outline without its decorations).
    static func boundary(_ shape: any DiagramShape.Type, _ options: ShapeOptions, in r: Rect) -> Scene.Path {
        var sink = PathSink()
        shape.build(options, in: r, into: &sink, decorations: false)
        return sink.path
    }

    /// The area a content size needs, at least 1 × 1, then the shape's frame for it.
    static func frameSize(_ shape: any DiagramShape.Type, _ options: ShapeOptions, content: Size) -> Size {
        shape.frameSize(options, content: Size(max(content.width, 1), max(content.height, 1)))
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

    /// The frame of a skewed shape (parallelogram, trapezoid) around a content size.
    static func skewedFrame(_ options: ShapeOptions, content: Size) -> Size {
        let (cw, ch) = (content.width, content.height)
        if let length = options.skewLength { return Size(cw + 2 * abs(length), ch) }
        let d = ch * tan((options.skewAngle.map(abs) ?? defaultSkewAngle) * Double.pi / 180)
        return Size(cw + 2 * d, ch)
    }

    /// The label area of a skewed shape: between the slanted sides' inner ends.
    static func skewedLabelArea(_ options: ShapeOptions, in r: Rect) -> Rect {
        let d = skewOffset(options, in: r)
        return Rect(x: r.minX + d, y: r.minY, width: max(0, r.width - 2 * d), height: r.height)
    }

    static func cylinderCap(_ r: Rect) -> Double { min(r.height / 4, max(3, r.width * 0.1)) }
    static func documentWave(_ r: Rect) -> Double { min(10, r.height * 0.08) }
    static func noteFold(_ r: Rect) -> Double { min(16, min(r.width, r.height) * 0.25) }

    static func cut(_ r: Rect) -> Double { min(r.width, r.height) * (2 - 2.0.squareRoot()) / 2 }

    static func polygon(_ points: [Point], into sink: inout PathSink) {
        guard let first = points.first else { return }
        sink.move(to: first)
        for p in points.dropFirst() { sink.line(to: p) }
        sink.close()
    }

    /// Vertices of a star or regular polygon around the unit circle, first vertex at the top,
    /// clockwise on the page, then stretched so their bounding box is `r`.
    static func radialVertices(_ unit: [Point], in r: Rect) -> [Point] {
        guard let b = pointBounds(unit), b.width > 0, b.height > 0 else { return [] }
        return unit.map { Point(r.minX + ($0.x - b.minX) / b.width * r.width, r.minY + ($0.y - b.minY) / b.height * r.height) }
    }

    /// A star's vertices on the unit circle: `points` tips, inner corners at `inner`.
    static func starVertices(_ options: ShapeOptions) -> [Point] {
        var result: [Point] = []
        let n = options.starPoints ?? defaultStarPoints
        let inner = options.inner ?? defaultStarInner
        for i in 0..<(2 * n) {
            let angle = -Double.pi / 2 + Double(i) * Double.pi / Double(n)
            let radius = i % 2 == 0 ? 1 : inner
            result.append(Point(radius * cos(angle), radius * sin(angle)))
        }
        return result
    }

    /// A regular polygon's `n` vertices on the unit circle, the first at the top.
    static func polygonVertices(_ n: Int) -> [Point] {
        var result: [Point] = []
        for i in 0..<n {
            let angle = -Double.pi / 2 + Double(i) * 2 * Double.pi / Double(n)
            result.append(Point(cos(angle), sin(angle)))
        }
        return result
    }

    /// The largest centred square's half side (in unit space) inside a radial shape: its
    /// inscribed circle's radius / √2.
    static func radialInnerHalf(_ unit: [Point]) -> (Rect, Double) {
        let b = pointBounds(unit) ?? Rect(x: -1, y: -1, width: 2, height: 2)
        var radius = Double.infinity
        for i in unit.indices {
            let a = unit[i], c = unit[(i + 1) % unit.count]
            radius = min(radius, distanceToSegment(Point(0, 0), a, c))
        }
        return (b, radius / 2.0.squareRoot())
    }

    /// The label area of a radial shape (star, regular polygon) stretched to `r`.
    static func radialLabelArea(_ unit: [Point], in r: Rect) -> Rect {
        let (b, half) = radialInnerHalf(unit)
        let sx = r.width / b.width, sy = r.height / b.height
        let center = Point(r.minX + (0 - b.minX) * sx, r.minY + (0 - b.minY) * sy)
        return Rect(x: center.x - half * sx, y: center.y - half * sy, width: 2 * half * sx, height: 2 * half * sy)
    }

    /// The frame of a radial shape around a content size.
    static func radialFrame(_ unit: [Point], content: Size) -> Size {
        let (cw, ch) = (content.width, content.height)
        let (b, half) = radialInnerHalf(unit)
        guard half > 0 else { return Size(cw, ch) }
        return Size(cw / (2 * half) * b.width, ch / (2 * half) * b.height)
    }
}

// MARK: The geometry entries

enum DiamondShape: DiagramShape {
    static let defaultSize = Shapes.squareSize
    static func build(_ options: ShapeOptions, in r: Rect, into sink: inout PathSink, decorations: Bool) {
        Shapes.polygon([Point(r.midX, r.minY), Point(r.maxX, r.midY), Point(r.midX, r.maxY), Point(r.minX, r.midY)], into: &sink)
    }
    static func labelArea(_ options: ShapeOptions, in r: Rect) -> Rect {
        Rect(x: r.minX + r.width / 4, y: r.minY + r.height / 4, width: r.width / 2, height: r.height / 2)
    }
    static func frameSize(_ options: ShapeOptions, content: Size) -> Size { Size(2 * content.width, 2 * content.height) }
}

enum TriangleShape: DiagramShape {
    static let defaultSize = Shapes.squareSize
    static func build(_ options: ShapeOptions, in r: Rect, into sink: inout PathSink, decorations: Bool) {
        let (x0, y0, x1, y1, cx, cy) = (r.minX, r.minY, r.maxX, r.maxY, r.midX, r.midY)
        switch options.direction ?? .up {
        case .up: Shapes.polygon([Point(cx, y0), Point(x1, y1), Point(x0, y1)], into: &sink)
        case .down: Shapes.polygon([Point(x0, y0), Point(x1, y0), Point(cx, y1)], into: &sink)
        case .left: Shapes.polygon([Point(x0, cy), Point(x1, y0), Point(x1, y1)], into: &sink)
        case .right: Shapes.polygon([Point(x0, y0), Point(x1, cy), Point(x0, y1)], into: &sink)
        }
    }
    static func labelArea(_ options: ShapeOptions, in r: Rect) -> Rect {
        let (w, h) = (r.width, r.height)
        switch options.direction ?? .up {
        case .up: return Rect(x: r.minX + w / 4, y: r.minY + h / 2, width: w / 2, height: h / 2)
        case .down: return Rect(x: r.minX + w / 4, y: r.minY, width: w / 2, height: h / 2)
        case .left: return Rect(x: r.minX + w / 2, y: r.minY + h / 4, width: w / 2, height: h / 2)
        case .right: return Rect(x: r.minX, y: r.minY + h / 4, width: w / 2, height: h / 2)
        }
    }
    static func frameSize(_ options: ShapeOptions, content: Size) -> Size { Size(2 * content.width, 2 * content.height) }
}

enum HexagonShape: DiagramShape {
    static let defaultSize = Shapes.squareSize
    static func build(_ options: ShapeOptions, in r: Rect, into sink: inout PathSink, decorations: Bool) {
        let (x0, y0, x1, y1, cy) = (r.minX, r.minY, r.maxX, r.maxY, r.midY)
        let d = min(r.width / 2, r.height / 2 / 3.0.squareRoot())
        Shapes.polygon([Point(x0 + d, y0), Point(x1 - d, y0), Point(x1, cy), Point(x1 - d, y1), Point(x0 + d, y1), Point(x0, cy)], into: &sink)
    }
    static func labelArea(_ options: ShapeOptions, in r: Rect) -> Rect {
        let d = min(r.width / 2, r.height / 2 / 3.0.squareRoot())
        return Rect(x: r.minX + d, y: r.minY, width: max(0, r.width - 2 * d), height: r.height)
    }
    static func frameSize(_ options: ShapeOptions, content: Size) -> Size {
        // Full height, the label between the slanted sides' inner ends.
        let d = content.height / 2 / 3.0.squareRoot()
        return Size(content.width + 2 * d, content.height)
    }
}

enum OctagonShape: DiagramShape {
    static let defaultSize = Shapes.squareSize
    static func build(_ options: ShapeOptions, in r: Rect, into sink: inout PathSink, decorations: Bool) {
        let (x0, y0, x1, y1) = (r.minX, r.minY, r.maxX, r.maxY)
        let c = Shapes.cut(r)
        Shapes.polygon([Point(x0 + c, y0), Point(x1 - c, y0), Point(x1, y0 + c), Point(x1, y1 - c),
                        Point(x1 - c, y1), Point(x0 + c, y1), Point(x0, y1 - c), Point(x0, y0 + c)], into: &sink)
    }
    static func labelArea(_ options: ShapeOptions, in r: Rect) -> Rect {
        let c = Shapes.cut(r) / 2
        return Rect(x: r.minX + c, y: r.minY + c, width: r.width - 2 * c, height: r.height - 2 * c)
    }
    static func frameSize(_ options: ShapeOptions, content: Size) -> Size {
        // c = (2 − √2)/2 · min(w, h) and the label area is inset by c/2 on each side.
        let k = (2 - 2.0.squareRoot()) / 2
        let m = min(content.width, content.height)
        let c = k * m / (1 - k)
        return Size(content.width + c, content.height + c)
    }
}

enum ParallelogramShape: DiagramShape {
    static func build(_ options: ShapeOptions, in r: Rect, into sink: inout PathSink, decorations: Bool) {
        let (x0, y0, x1, y1) = (r.minX, r.minY, r.maxX, r.maxY)
        let d = Shapes.skewOffset(options, in: r)
        if Shapes.skewSign(options) > 0 {
            Shapes.polygon([Point(x0 + d, y0), Point(x1, y0), Point(x1 - d, y1), Point(x0, y1)], into: &sink)
        } else {
            Shapes.polygon([Point(x0, y0), Point(x1 - d, y0), Point(x1, y1), Point(x0 + d, y1)], into: &sink)
        }
    }
    static func labelArea(_ options: ShapeOptions, in r: Rect) -> Rect { Shapes.skewedLabelArea(options, in: r) }
    static func frameSize(_ options: ShapeOptions, content: Size) -> Size { Shapes.skewedFrame(options, content: content) }
}

enum TrapezoidShape: DiagramShape {
    static func build(_ options: ShapeOptions, in r: Rect, into sink: inout PathSink, decorations: Bool) {
        let (x0, y0, x1, y1) = (r.minX, r.minY, r.maxX, r.maxY)
        let d = Shapes.skewOffset(options, in: r)
        if Shapes.skewSign(options) > 0 {
            Shapes.polygon([Point(x0 + d, y0), Point(x1 - d, y0), Point(x1, y1), Point(x0, y1)], into: &sink)
        } else {
            Shapes.polygon([Point(x0, y0), Point(x1, y0), Point(x1 - d, y1), Point(x0 + d, y1)], into: &sink)
        }
    }
    static func labelArea(_ options: ShapeOptions, in r: Rect) -> Rect { Shapes.skewedLabelArea(options, in: r) }
    static func frameSize(_ options: ShapeOptions, content: Size) -> Size { Shapes.skewedFrame(options, content: content) }
}

enum StarShape: DiagramShape {
    static let defaultSize = Shapes.squareSize
    static func build(_ options: ShapeOptions, in r: Rect, into sink: inout PathSink, decorations: Bool) {
        Shapes.polygon(Shapes.radialVertices(Shapes.starVertices(options), in: r), into: &sink)
    }
    static func labelArea(_ options: ShapeOptions, in r: Rect) -> Rect { Shapes.radialLabelArea(Shapes.starVertices(options), in: r) }
    static func frameSize(_ options: ShapeOptions, content: Size) -> Size { Shapes.radialFrame(Shapes.starVertices(options), content: content) }
}

enum RegularPolygonShape: DiagramShape {
    static let defaultSize = Shapes.squareSize
    static func vertices(_ options: ShapeOptions) -> [Point] { Shapes.polygonVertices(options.sides ?? Shapes.defaultSides) }
    static func build(_ options: ShapeOptions, in r: Rect, into sink: inout PathSink, decorations: Bool) {
        Shapes.polygon(Shapes.radialVertices(vertices(options), in: r), into: &sink)
    }
    static func labelArea(_ options: ShapeOptions, in r: Rect) -> Rect { Shapes.radialLabelArea(vertices(options), in: r) }
    static func frameSize(_ options: ShapeOptions, content: Size) -> Size { Shapes.radialFrame(vertices(options), content: content) }
}

/// A regular pentagon, one corner at the top, stretched to its frame: the shape added to
/// show that a shape is this entry and its catalogue entry (docs/architecture.md).
enum PentagonShape: DiagramShape {
    static let defaultSize = Shapes.squareSize
    static let vertices = Shapes.polygonVertices(5)
    static func build(_ options: ShapeOptions, in r: Rect, into sink: inout PathSink, decorations: Bool) {
        Shapes.polygon(Shapes.radialVertices(vertices, in: r), into: &sink)
    }
    static func labelArea(_ options: ShapeOptions, in r: Rect) -> Rect { Shapes.radialLabelArea(vertices, in: r) }
    static func frameSize(_ options: ShapeOptions, content: Size) -> Size { Shapes.radialFrame(vertices, content: content) }
}

enum CylinderShape: DiagramShape {
    static func build(_ options: ShapeOptions, in r: Rect, into sink: inout PathSink, decorations: Bool) {
        let (x0, y0, x1, y1, cx) = (r.minX, r.minY, r.maxX, r.maxY, r.midX)
        let e = Shapes.cylinderCap(r)
        let k = 0.5522847498
        let rx = r.width / 2
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
    }
    static func labelArea(_ options: ShapeOptions, in r: Rect) -> Rect {
        let e = Shapes.cylinderCap(r)
        return Rect(x: r.minX, y: r.minY + 2 * e, width: r.width, height: max(0, r.height - 3 * e))
    }
    static func frameSize(_ options: ShapeOptions, content: Size) -> Size {
        var h = content.height
        for _ in 0..<8 { h = content.height + 3 * Shapes.cylinderCap(Rect(x: 0, y: 0, width: content.width, height: h)) }
        return Size(content.width, h)
    }
}

enum DocumentShape: DiagramShape {
    static func build(_ options: ShapeOptions, in r: Rect, into sink: inout PathSink, decorations: Bool) {
        // A wave along the bottom: one cubic whose controls sit k = a/0.2887 above and below
        // the line y1 − a, so the wave reaches y1 at its lowest and y1 − 2a at its highest.
        let (x0, y0, x1, y1, w) = (r.minX, r.minY, r.maxX, r.maxY, r.width)
        let a = Shapes.documentWave(r)
        let k = a / 0.28867513459
        let base = y1 - a
        sink.move(to: Point(x0, y0))
        sink.line(to: Point(x1, y0))
        sink.line(to: Point(x1, base))
        sink.cubic(Point(x1 - w / 3, base - k), Point(x0 + w / 3, base + k), Point(x0, base))
        sink.close()
    }
    static func labelArea(_ options: ShapeOptions, in r: Rect) -> Rect {
        Rect(x: r.minX, y: r.minY, width: r.width, height: max(0, r.height - 2 * Shapes.documentWave(r)))
    }
    static func frameSize(_ options: ShapeOptions, content: Size) -> Size {
        var h = content.height
        for _ in 0..<8 { h = content.height + 2 * Shapes.documentWave(Rect(x: 0, y: 0, width: content.width, height: h)) }
        return Size(content.width, h)
    }
}

enum NoteShape: DiagramShape {
    static func build(_ options: ShapeOptions, in r: Rect, into sink: inout PathSink, decorations: Bool) {
        let (x0, y0, x1, y1) = (r.minX, r.minY, r.maxX, r.maxY)
        let f = Shapes.noteFold(r)
        Shapes.polygon([Point(x0, y0), Point(x1 - f, y0), Point(x1, y0 + f), Point(x1, y1), Point(x0, y1)], into: &sink)
        if decorations {
            sink.move(to: Point(x1 - f, y0))
            sink.line(to: Point(x1 - f, y0 + f))
            sink.line(to: Point(x1, y0 + f))
        }
    }
    static func labelArea(_ options: ShapeOptions, in r: Rect) -> Rect {
        let f = Shapes.noteFold(r) / 2
        return Rect(x: r.minX, y: r.minY + f, width: r.width - f, height: r.height - f)
    }
    static func frameSize(_ options: ShapeOptions, content: Size) -> Size {
        var size = content
        for _ in 0..<8 {
            let f = Shapes.noteFold(Rect(origin: .zero, size: size)) / 2
            size = Size(content.width + f, content.height + f)
        }
        return size
    }
}

enum CloudShape: DiagramShape {
    static func build(_ options: ShapeOptions, in r: Rect, into sink: inout PathSink, decorations: Bool) {
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
        let points = path.points.map { Point(r.minX + ($0.x - b.minX) / b.width * r.width, r.minY + ($0.y - b.minY) / b.height * r.height) }
        sink.verbs.append(contentsOf: path.verbs)
        sink.points.append(contentsOf: points)
    }
    static func labelArea(_ options: ShapeOptions, in r: Rect) -> Rect {
        Rect(x: r.minX + r.width * 0.18, y: r.minY + r.height * 0.2, width: r.width * 0.64, height: r.height * 0.6)
    }
    static func frameSize(_ options: ShapeOptions, content: Size) -> Size { Size(content.width / 0.64, content.height / 0.6) }
}

enum CapsuleShape: DiagramShape {
    static let defaultSize = Size(54, 27)
    static func build(_ options: ShapeOptions, in r: Rect, into sink: inout PathSink, decorations: Bool) {
        sink.addRoundedRect(r, radius: min(r.width, r.height) / 2)
    }
    static func labelArea(_ options: ShapeOptions, in r: Rect) -> Rect {
        let inset = min(r.width, r.height) / 2 * (1 - 1 / 2.0.squareRoot())
        return Rect(x: r.minX + inset, y: r.minY + inset, width: r.width - 2 * inset, height: r.height - 2 * inset)
    }
    static func frameSize(_ options: ShapeOptions, content: Size) -> Size {
        // The shorter side is the diameter; the inset is (1 − 1/√2)·radius on every side.
        let k = 1 - 1 / 2.0.squareRoot()
        let h = content.height / (1 - k)
        return Size(max(content.width + k * h, h), h)
    }
}

enum PersonShape: DiagramShape {
    static let defaultSize = Size(27, 45)
    static func build(_ options: ShapeOptions, in r: Rect, into sink: inout PathSink, decorations: Bool) {
        // A head (circle) over shoulders: a rounded-top body taking the lower 58 %.
        let (x0, y0, x1, y1, cx, w, h) = (r.minX, r.minY, r.maxX, r.maxY, r.midX, r.width, r.height)
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
    }
    static func labelArea(_ options: ShapeOptions, in r: Rect) -> Rect {
        let top = r.minY + r.height * 0.42
        let shoulder = min(r.width / 2, (r.maxY - top) * 0.6)
        let inset = shoulder * (1 - 1 / 2.0.squareRoot())
        return Rect(x: r.minX + inset, y: top + inset, width: r.width - 2 * inset, height: r.maxY - top - inset)
    }
    static func frameSize(_ options: ShapeOptions, content: Size) -> Size {
        // Body = lower 58 % of the height; the inset shoulders need width.
        let h = content.height / 0.55
        return Size(max(content.width * 1.25, h * 0.6), h)
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

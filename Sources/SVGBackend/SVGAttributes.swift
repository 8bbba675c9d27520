// Shapes, paints and transforms as SVG attributes. Numbers always go through the shared
// formatter; values equal to SVG's initial value are left out (see the file header of
// SVGWriter.swift for why that is safe).

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import DrawOutput
import DrawScene

/// Fraction digits for the linear part of a `matrix(…)`: its entries multiply coordinates of
/// hundreds of points, so 4 digits (the default) could move a far corner by 0.05 pt.
private let matrixPrecision = 6

extension Color {
    /// The colour as `0xRRGGBB`, each component rounded to 8 bits.
    var hexTriple: Int {
        func byte(_ c: Double) -> Int { c.isFinite ? Int((min(1, max(0, c)) * 255).rounded()) : 0 }
        return byte(red) << 16 | byte(green) << 8 | byte(blue)
    }
}

extension ByteBuffer {
    /// ` name="#rrggbb"`, plus ` opacityName="a"` when the colour is not opaque.
    mutating func appendColor(_ color: Color, attribute: String, opacityAttribute: String) {
        append(" "); append(attribute); append("=\"#")
        let hex = Array("0123456789abcdef".utf8)
        let triple = color.hexTriple
        for shift in stride(from: 20, through: 0, by: -4) { append(hex[(triple >> shift) & 15]) }
        append("\"")
        if !color.isOpaque { appendOpacity(color.alpha, attribute: opacityAttribute) }
    }

    /// ` name="a"` with `a` clamped to 0…1.
    mutating func appendOpacity(_ value: Double, attribute: String) {
        append(" "); append(attribute); append("=\"")
        append(number: value.isFinite ? min(1, max(0, value)) : 1)
        append("\"")
    }

    /// ` x=… y=… width=… height=…` of a rectangle.
    mutating func appendRectAttributes(_ rect: Rect) {
        append(" x=\""); append(number: rect.minX)
        append("\" y=\""); append(number: rect.minY)
        append("\" width=\""); append(number: rect.width)
        append("\" height=\""); append(number: rect.height); append("\"")
    }

    /// Opens the element for a path — `<rect …` when it is exactly an axis-aligned rectangle
    /// drawn clockwise from its top-left corner (the way SVG itself draws a `<rect>`, so dashes
    /// start at the same place), else `<path d="…"`. The caller adds paint and closes it.
    mutating func appendShape(_ path: Scene.Path) {
        if let rect = path.asClockwiseRect {
            append("<rect"); appendRectAttributes(rect)
            return
        }
        append("<path d=\"")
        var first = true
        path.forEachSegment { verb, points in
            if !first { append(" ") }
            first = false
            switch verb {
            case .move: append("M")
            case .line: append("L")
            case .cubic: append("C")
            case .close: append("Z")
            }
            var firstPoint = true
            for p in points {
                if !firstPoint { append(" ") }
                firstPoint = false
                append(number: p.x); append(" "); append(number: p.y)
            }
        }
        append("\"")
    }

    /// The stroke attributes: colour, and whatever differs from the initial values.
    mutating func appendStroke(_ stroke: Stroke) {
        appendColor(stroke.color, attribute: "stroke", opacityAttribute: "stroke-opacity")
        let width = stroke.width.isFinite ? max(0, stroke.width) : 1
        if width != 1 { append(" stroke-width=\""); append(number: width); append("\"") }
        switch stroke.cap {
        case .butt: break
        case .round: append(" stroke-linecap=\"round\"")
        case .square: append(" stroke-linecap=\"square\"")
        }
        switch stroke.join {
        case .miter:
            // SVG (like PDF) requires a limit of at least 1.
            let limit = stroke.miterLimit.isFinite ? max(1, stroke.miterLimit) : 4
            if limit != 4 { append(" stroke-miterlimit=\""); append(number: limit); append("\"") }
        case .round: append(" stroke-linejoin=\"round\"")
        case .bevel: append(" stroke-linejoin=\"bevel\"")
        }
        // A dash array with a negative or non-finite entry is an error in SVG and one summing
        // to zero draws nothing in some viewers: both mean a solid line.
        let dash = stroke.dash
        if !dash.isEmpty, dash.allSatisfy({ $0.isFinite && $0 >= 0 }), dash.reduce(0, +) > 0 {
            append(" stroke-dasharray=\"")
            for (index, length) in dash.enumerated() {
                if index > 0 { append(" ") }
                append(number: length)
            }
            append("\"")
            if stroke.dashOffset != 0 && stroke.dashOffset.isFinite {
                append(" stroke-dashoffset=\""); append(number: stroke.dashOffset); append("\"")
            }
        }
    }

    /// The transform in its simplest exact SVG form: `translate(…)`, `scale(…)`,
    /// `rotate(…)` (each possibly after a `translate`), or `matrix(…)`.
    mutating func appendTransform(_ t: Transform) {
        let hasTranslation = t.e != 0 || t.f != 0
        func translate() {
            append("translate("); append(number: t.e); append(" "); append(number: t.f); append(")")
        }
        if t.b == 0 && t.c == 0 {
            if t.a == 1 && t.d == 1 { translate(); return }
            if hasTranslation { translate(); append(" ") }
            append("scale("); append(number: t.a, precision: matrixPrecision)
            if t.a != t.d { append(" "); append(number: t.d, precision: matrixPrecision) }
            append(")")
            return
        }
        // A pure rotation: orthonormal, determinant +1.
        let tolerance = 1e-12
        if abs(t.a - t.d) < tolerance && abs(t.b + t.c) < tolerance && abs(t.a * t.a + t.b * t.b - 1) < tolerance {
            if hasTranslation { translate(); append(" ") }
            append("rotate("); append(number: atan2(t.b, t.a) * 180 / Double.pi, precision: matrixPrecision); append(")")
            return
        }
        append("matrix(")
        append(number: t.a, precision: matrixPrecision); append(" ")
        append(number: t.b, precision: matrixPrecision); append(" ")
        append(number: t.c, precision: matrixPrecision); append(" ")
        append(number: t.d, precision: matrixPrecision); append(" ")
        append(number: t.e); append(" "); append(number: t.f); append(")")
    }
}

extension Scene.Path {
    /// The rectangle this path draws, if it is exactly move, three lines and close around
    /// an axis-aligned rectangle with positive size, clockwise on the page from the top-left.
    var asClockwiseRect: Rect? {
        guard verbs == [.move, .line, .line, .line, .close], points.count == 4 else { return nil }
        let p0 = points[0], p1 = points[1], p2 = points[2], p3 = points[3]
        guard p1.y == p0.y, p1.x > p0.x, p2.x == p1.x, p2.y > p1.y, p3.y == p2.y, p3.x == p0.x else { return nil }
        return Rect(x: p0.x, y: p0.y, width: p1.x - p0.x, height: p2.y - p1.y)
    }
}

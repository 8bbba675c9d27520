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
import DrawBase
import DrawOutput
import DrawScene

/// Fraction digits for the linear part of a `matrix(…)`: its entries multiply coordinates of
/// hundreds of points, so 4 digits (the default) could move a far corner by 0.05 pt.
private let matrixPrecision = 6

extension Color {
    /// The colour as `0xRRGGBB`, each component rounded to 8 bits.
    var hexTriple: Int {
        // `roundedNonNegative`, not `rounded()`: libm's round was a quarter of the writer's
        // colour cost (issue 38).
        func byte(_ c: Double) -> Int { c.isFinite ? roundedNonNegative(min(1, max(0, c)) * 255) : 0 }
        return byte(red) << 16 | byte(green) << 8 | byte(blue)
    }
}

extension ByteBuffer {
    /// ` name="#rrggbb"`, plus ` opacityName="a"` when the colour is not opaque.
    mutating func appendColor(_ color: Color, attribute: StaticString, opacityAttribute: StaticString) {
        appendColor(color, hexTriple: color.hexTriple, attribute: attribute, opacityAttribute: opacityAttribute)
    }

    /// As `appendColor(_:attribute:opacityAttribute:)`, for a caller that already has the
    /// colour's `hexTriple`.
    mutating func appendColor(_ color: Color, hexTriple triple: Int, attribute: StaticString, opacityAttribute: StaticString) {
        withCursor(maximumLength: attribute.utf8CodeUnitCount + 11) { out in
            out.byte(0x20); out.text(attribute); out.byte(0x3D); out.byte(0x22); out.byte(0x23)
            // A static string's bytes: no array is allocated per colour.
            let hex = ("0123456789abcdef" as StaticString).utf8Start
            out.byte(hex[(triple >> 20) & 15]); out.byte(hex[(triple >> 16) & 15])
            out.byte(hex[(triple >> 12) & 15]); out.byte(hex[(triple >> 8) & 15])
            out.byte(hex[(triple >> 4) & 15]); out.byte(hex[triple & 15])
            out.byte(0x22)
        }
        if !color.isOpaque { appendOpacity(color.alpha, attribute: opacityAttribute) }
    }

    /// ` name="a"` with `a` clamped to 0…1.
    mutating func appendOpacity(_ value: Double, attribute: StaticString) {
        append(0x20); append(static: attribute); append(0x3D); append(0x22)
        append(number: value.isFinite ? min(1, max(0, value)) : 1)
        append(0x22)
    }

    /// ` x=… y=… width=… height=…` of a rectangle.
    mutating func appendRectAttributes(_ rect: Rect, numbers: NumberCache? = nil) {
        let x = rect.minX, y = rect.minY, width = rect.width, height = rect.height
        guard ByteCursor.fits(x), ByteCursor.fits(y), ByteCursor.fits(width), ByteCursor.fits(height) else {
            append(static: " x=\""); append(number: x)
            append(static: "\" y=\""); append(number: y)
            append(static: "\" width=\""); append(number: width)
            append(static: "\" height=\""); append(number: height); append(0x22)
            return
        }
        withCursor(maximumLength: 32 + 4 * NumberFormat.maximumFastLength, numbers: numbers) { out in
            out.text(" x=\""); out.number(x)
            out.text("\" y=\""); out.number(y)
            out.text("\" width=\""); out.number(width)
            out.text("\" height=\""); out.number(height); out.byte(0x22)
        }
    }

    /// Opens the element for a path — `<rect …` when it is exactly an axis-aligned rectangle
    /// drawn clockwise from its top-left corner (the way SVG itself draws a `<rect>`, so dashes
    /// start at the same place), else `<path d="…"`. The caller adds paint and closes it.
    mutating func appendShape(_ path: Scene.Path, numbers: NumberCache? = nil) {
        if let rect = path.asClockwiseRect {
            append(static: "<rect"); appendRectAttributes(rect, numbers: numbers)
            return
        }
        let verbs = path.verbs, points = path.points
        // Path data in one piece through a cursor when every coordinate takes the fast
        // number path (always, for drawings on a page); else number by number.
        var fast = true
        for p in points where !(ByteCursor.fits(p.x) && ByteCursor.fits(p.y)) { fast = false; break }
        guard fast else { appendPathElementSlowly(verbs, points); return }
        // A `.rect` writes its four-line form: four points from its two, four more letters.
        var rectangles = 0
        for verb in verbs { if case .rect = verb { rectangles += 1 } }
        let maximumLength = 16 + 2 * verbs.count + (points.count + 2 * rectangles) * (2 * NumberFormat.maximumFastLength + 2) + 8 * rectangles
        withCursor(maximumLength: maximumLength, numbers: numbers) { out in
            out.text("<path d=\"")
            var pointIndex = 0
            for (verbIndex, verb) in verbs.enumerated() {
                let n = verb.pointCount
                guard pointIndex + n <= points.count else { break }  // malformed: stop, don't trap
                if verbIndex > 0 { out.byte(0x20) }
                switch verb {
                case .move: out.byte(0x4D)   // M
                case .line: out.byte(0x4C)   // L
                case .cubic: out.byte(0x43)  // C
                case .close: out.byte(0x5A)  // Z
                case .rect:
                    let (a, b, c, d) = Scene.Path.rectangleCorners(points[pointIndex], points[pointIndex + 1])
                    out.byte(0x4D); out.number(a.x); out.byte(0x20); out.number(a.y)
                    for p in [b, c, d] { out.text(" L"); out.number(p.x); out.byte(0x20); out.number(p.y) }
                    out.text(" Z")
                    pointIndex += n
                    continue
                }
                for k in 0..<n {
                    let p = points[pointIndex + k]
                    if k > 0 { out.byte(0x20) }
                    out.number(p.x); out.byte(0x20); out.number(p.y)
                }
                pointIndex += n
            }
            out.byte(0x22)
        }
    }

    /// `<path d="…"` number by number (coordinates too large for the cursor's bound).
    private mutating func appendPathElementSlowly(_ verbs: [Scene.PathVerb], _ points: [Point]) {
        append(static: "<path d=\"")
        var pointIndex = 0
        for (verbIndex, verb) in verbs.enumerated() {
            let n = verb.pointCount
            guard pointIndex + n <= points.count else { break }  // malformed: stop, don't trap
            if verbIndex > 0 { append(0x20) }
            switch verb {
            case .move: append(0x4D)   // M
            case .line: append(0x4C)   // L
            case .cubic: append(0x43)  // C
            case .close: append(0x5A)  // Z
            case .rect:
                let (a, b, c, d) = Scene.Path.rectangleCorners(points[pointIndex], points[pointIndex + 1])
                append(0x4D); append(number: a.x); append(0x20); append(number: a.y)
                for p in [b, c, d] { append(static: " L"); append(number: p.x); append(0x20); append(number: p.y) }
                append(static: " Z")
                pointIndex += n
                continue
            }
            for k in 0..<n {
                let p = points[pointIndex + k]
                if k > 0 { append(0x20) }
                append(number: p.x); append(0x20); append(number: p.y)
            }
            pointIndex += n
        }
        append(0x22)
    }

    /// The stroke attributes: colour, and whatever differs from the initial values.
    mutating func appendStroke(_ stroke: Stroke, numbers: NumberCache? = nil, gradientID: Int? = nil, names: SVGNames = SVGNames(prefix: "")) {
        if let gradientID {
            append(static: " stroke=\"url(#"); appendName(names, "g", gradientID); append(static: ")\"")
        } else {
            appendColor(stroke.color, attribute: "stroke", opacityAttribute: "stroke-opacity")
        }
        let width = stroke.width.isFinite ? max(0, stroke.width) : 1
        if width != 1 {
            if ByteCursor.fits(width) {
                withCursor(maximumLength: 16 + NumberFormat.maximumFastLength, numbers: numbers) { out in
                    out.text(" stroke-width=\""); out.number(width); out.byte(0x22)
                }
            } else {
                append(static: " stroke-width=\""); append(number: width); append(static: "\"")
            }
        }
        switch stroke.cap {
        case .butt: break
        case .round: append(static: " stroke-linecap=\"round\"")
        case .square: append(static: " stroke-linecap=\"square\"")
        }
        switch stroke.join {
        case .miter:
            // SVG (like PDF) requires a limit of at least 1.
            let limit = stroke.miterLimit.isFinite ? max(1, stroke.miterLimit) : 4
            if limit != 4 { append(static: " stroke-miterlimit=\""); append(number: limit); append(static: "\"") }
        case .round: append(static: " stroke-linejoin=\"round\"")
        case .bevel: append(static: " stroke-linejoin=\"bevel\"")
        }
        // A dash array with a negative or non-finite entry is an error in SVG and one summing
        // to zero draws nothing in some viewers: both mean a solid line.
        let dash = stroke.dash
        if !dash.isEmpty, dash.allSatisfy({ $0.isFinite && $0 >= 0 }), dash.reduce(0, +) > 0 {
            append(static: " stroke-dasharray=\"")
            for (index, length) in dash.enumerated() {
                if index > 0 { append(0x20) }
                append(number: length)
            }
            append(static: "\"")
            if stroke.dashOffset != 0 && stroke.dashOffset.isFinite {
                append(static: " stroke-dashoffset=\""); append(number: stroke.dashOffset); append(static: "\"")
            }
        }
    }

    /// The transform in its simplest exact SVG form: `translate(…)`, `scale(…)`,
    /// `rotate(…)` (each possibly after a `translate`), or `matrix(…)`.
    mutating func appendTransform(_ t: Transform) {
        let hasTranslation = t.e != 0 || t.f != 0
        func translate() {
            append(static: "translate("); append(number: t.e); append(0x20); append(number: t.f); append(static: ")")
        }
        if t.b == 0 && t.c == 0 {
            if t.a == 1 && t.d == 1 { translate(); return }
            if hasTranslation { translate(); append(0x20) }
            append(static: "scale("); append(number: t.a, precision: matrixPrecision)
            if t.a != t.d { append(0x20); append(number: t.d, precision: matrixPrecision) }
            append(static: ")")
            return
        }
        // A pure rotation: orthonormal, determinant +1.
        let tolerance = 1e-12
        if abs(t.a - t.d) < tolerance && abs(t.b + t.c) < tolerance && abs(t.a * t.a + t.b * t.b - 1) < tolerance {
            if hasTranslation { translate(); append(0x20) }
            append(static: "rotate("); append(number: atan2(t.b, t.a) * 180 / Double.pi, precision: matrixPrecision); append(static: ")")
            return
        }
        append(static: "matrix(")
        append(number: t.a, precision: matrixPrecision); append(0x20)
        append(number: t.b, precision: matrixPrecision); append(0x20)
        append(number: t.c, precision: matrixPrecision); append(0x20)
        append(number: t.d, precision: matrixPrecision); append(0x20)
        append(number: t.e); append(0x20); append(number: t.f); append(static: ")")
    }
}

extension Scene.Path {
    /// The rectangle this path draws, if it is exactly move, three lines and close (or one
    /// `.rect`, its storage form) around an axis-aligned rectangle with positive size,
    /// clockwise on the page from the top-left.
    var asClockwiseRect: Rect? {
        let p0: Point, p1: Point, p2: Point, p3: Point
        if verbs.count == 1, points.count == 2, verbs[0] == .rect {
            (p0, p1, p2, p3) = Scene.Path.rectangleCorners(points[0], points[1])
        } else {
            // Element by element: comparing with an array literal would allocate that array.
            guard verbs.count == 5, points.count == 4, verbs[0] == .move, verbs[1] == .line, verbs[2] == .line,
                  verbs[3] == .line, verbs[4] == .close else { return nil }
            (p0, p1, p2, p3) = (points[0], points[1], points[2], points[3])
        }
        guard p1.y == p0.y, p1.x > p0.x, p2.x == p1.x, p2.y > p1.y, p3.y == p2.y, p3.x == p0.x else { return nil }
        return Rect(x: p0.x, y: p0.y, width: p1.x - p0.x, height: p2.y - p1.y)
    }
}

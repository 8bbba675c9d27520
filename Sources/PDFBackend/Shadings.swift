// Gradients in PDF (issue 24): each IR gradient becomes an axial (type 2) or radial (type 3)
// shading whose function is a stitching (type 3) of linear interpolations (type 2) between
// neighbouring stops, painted through a shading pattern whose matrix is the gradient
// transform in the stream's default space. `repeat` and `reflect`, which PDF shadings do not
// know, are unrolled: the function's domain covers the periods the painted area reaches
// (at most `ShadingLimits.maxPeriods`). Transparent stops paint through a luminosity soft
// mask drawn with a DeviceGray shading of the stops' alpha (ISO 32000-1 §11.6.5.2).

import DrawOutput
import DrawScene

enum ShadingLimits {
    /// Periods of a repeating or reflecting gradient unrolled into one shading function;
    /// beyond them the gradient pads with the colours at the ends.
    static let maxPeriods = 512
}

/// One shading object: a gradient's colours (or, `gray`, its alpha) over the domain `t0…t1`.
struct ShadingSpec: Hashable {
    var gradient: Gradient
    var gray: Bool
    var t0: Double
    var t1: Double
}

/// A shading pattern: a shading and the matrix from gradient space to the default space of
/// the content stream that uses it.
struct PatternKey: Hashable {
    var shading: Int
    var matrix: Transform
}

extension Gradient {
    /// The range of unspread offsets over `bounds` (in the painted path's coordinates),
    /// rounded out to whole periods; 0…1 for `pad`.
    func offsetRange(over bounds: Rect?) -> (Double, Double) {
        guard spread != .pad, let bounds else { return (0, 1) }
        let determinant = transform.a * transform.d - transform.b * transform.c
        guard determinant.isFinite, abs(determinant) > 1e-12 else { return (0, 1) }
        let inverse = inverse(transform, determinant: determinant)
        let corners = [Point(bounds.minX, bounds.minY), Point(bounds.maxX, bounds.minY),
                       Point(bounds.maxX, bounds.maxY), Point(bounds.minX, bounds.maxY)].map { inverse.apply($0) }
        var low = 0.0, high = 1.0
        switch geometry {
        case .linear:
            let ts = corners.compactMap { offset(at: $0) }
            low = ts.min() ?? 0; high = ts.max() ?? 1
        case .radial(let center, let radius, let focal):
            // Over a box, the offset is largest at a corner; the focal point's distance
            // from the centre bounds the error of taking distances from the centre.
            let far = corners.map { (($0.x - center.x) * ($0.x - center.x) + ($0.y - center.y) * ($0.y - center.y)).squareRoot() }.max() ?? radius
            low = 0
            high = radius > 0 ? (far + ((focal.x - center.x) * (focal.x - center.x) + (focal.y - center.y) * (focal.y - center.y)).squareRoot()) / radius : 1
        }
        low = low.rounded(.down); high = max(low + 1, high.rounded(.up))
        if high - low > Double(ShadingLimits.maxPeriods) { return (0, 1) }
        return (low, high)
    }
}

extension PDFFile {
    /// Writes a shading dictionary for `spec`.
    mutating func writeShading(_ spec: ShadingSpec, object: Int) {
        let gradient = spec.gradient
        dictionary(object) { out in
            func number(_ x: Double) { out.append(number: x); out.append(0x20) }
            func components(_ c: Color) {
                out.append(0x5B)
                if spec.gray { out.append(number: c.alpha) } else {
                    out.append(number: c.red); out.append(0x20); out.append(number: c.green); out.append(0x20); out.append(number: c.blue)
                }
                out.append(0x5D)
            }
            switch gradient.geometry {
            case .linear(let start, let end):
                out.append(static: " /ShadingType 2 /Coords [")
                let a = start + (end - start) * spec.t0, b = start + (end - start) * spec.t1
                number(a.x); number(a.y); number(b.x); out.append(number: b.y)
            case .radial(let center, let radius, let focal):
                out.append(static: " /ShadingType 3 /Coords [")
                let c = focal + (center - focal) * spec.t1
                number(focal.x); number(focal.y); number(0); number(c.x); number(c.y); out.append(number: radius * spec.t1)
            }
            out.append(static: "] /ColorSpace ")
            out.append(static: spec.gray ? "/DeviceGray" : "/DeviceRGB")
            out.append(static: " /Domain [")
            number(spec.t0); out.append(number: spec.t1)
            out.append(static: "] /Extend [true true] /Function << /FunctionType 3 /Domain [")
            number(spec.t0); out.append(number: spec.t1)
            // Segments: (start, end, colour at start, colour at end), without zero widths.
            var segments: [(Double, Double, Color, Color)] = []
            let stops = gradient.stops
            var period = spec.t0
            while period < spec.t1 {
                let mirrored = gradient.spread == .reflect && Int(period.rounded(.down)).isMultiple(of: 2) == false
                var pieces: [(Double, Double, Color, Color)] = []
                var previous = (0.0, stops[0].color)
                for stop in stops + [Gradient.Stop(offset: 1, color: stops[stops.count - 1].color)] {
                    if stop.offset > previous.0 { pieces.append((previous.0, stop.offset, previous.1, stop.color)) }
                    previous = (stop.offset, stop.color)
                }
                if pieces.isEmpty { pieces = [(0, 1, stops[0].color, stops[stops.count - 1].color)] }
                if mirrored { pieces = pieces.reversed().map { (1 - $0.1, 1 - $0.0, $0.3, $0.2) } }
                for piece in pieces { segments.append((period + piece.0, period + piece.1, piece.2, piece.3)) }
                period += 1
            }
            out.append(static: "] /Functions [")
            for (index, segment) in segments.enumerated() {
                if index > 0 { out.append(0x20) }
                out.append(static: "<< /FunctionType 2 /Domain [0 1] /C0 ")
                components(segment.2)
                out.append(static: " /C1 ")
                components(segment.3)
                out.append(static: " /N 1 >>")
            }
            out.append(static: "] /Bounds [")
            for (index, segment) in segments.dropLast().enumerated() {
                if index > 0 { out.append(0x20) }
                out.append(number: segment.1)
            }
            out.append(static: "] /Encode [")
            for index in segments.indices {
                if index > 0 { out.append(0x20) }
                out.append(static: "0 1")
            }
            out.append(static: "] >>")
        }
    }

    /// Writes a shading pattern dictionary.
    mutating func writePattern(_ key: PatternKey, shadingObject: Int, object: Int) {
        dictionary(object) { out in
            out.append(static: " /Type /Pattern /PatternType 2 /Shading ")
            out.reference(shadingObject)
            out.append(static: " /Matrix [")
            let m = key.matrix
            out.append(number: m.a, precision: Precision.matrix); out.append(0x20)
            out.append(number: m.b, precision: Precision.matrix); out.append(0x20)
            out.append(number: m.c, precision: Precision.matrix); out.append(0x20)
            out.append(number: m.d, precision: Precision.matrix); out.append(0x20)
            out.append(number: m.e); out.append(0x20); out.append(number: m.f)
            out.append(static: "]")
        }
    }
}

extension SceneWriter {
    /// Paints `path` with a gradient fill or stroke (not both: the caller splits them):
    /// `q`, a soft mask for transparent stops, the pattern as colour, the path, `Q`.
    mutating func emitGradientPath(_ path: Scene.Path, fill: Fill?, stroke: Stroke?, ctm: Transform, alphaScale: Double,
                                   into stream: inout ContentStream) {
        guard let gradient = fill?.gradient ?? stroke?.gradient else { return }
        var bounds = path.controlBounds
        if let stroke, let b = bounds {
            let w = stroke.width * max(1, stroke.miterLimit)
            bounds = Rect(x: b.minX - w, y: b.minY - w, width: b.width + 2 * w, height: b.height + 2 * w)
        }
        let (t0, t1) = gradient.offsetRange(over: bounds)
        let shading = resources.shading(for: ShadingSpec(gradient: gradient, gray: false, t0: t0, t1: t1))
        let pattern = resources.pattern(for: PatternKey(shading: shading, matrix: gradient.transform.then(ctm)))
        stream.save()
        if gradient.hasTransparency, let box = bounds {
            // The mask's space is the user space at `gs`; its form draws the alpha shading
            // through the gradient transform over the painted area.
            let alphaShading = resources.shading(for: ShadingSpec(gradient: gradient, gray: true, t0: t0, t1: t1))
            var mask = ContentStream(state: .unknown)
            mask.numbers = stream.numbers
            mask.concatenate(gradient.transform)
            mask.resources.shadings.insert(alphaShading)
            mask.out.append(static: "/Sh"); mask.out.append(integer: alphaShading); mask.out.append(0x20)
            mask.op("sh")
            let formResources = mask.resources
            let content = mask.finish()
            let formIndex = resources.forms.count
            resources.forms.append(FormXObject(content: content, boundingBox: box, resources: formResources, luminosityMask: true))
            var key = AlphaKey()
            key.softMask = formIndex
            let state = resources.graphicsState(for: key)
            stream.applyGraphicsState(state)
        }
        setAlpha(fill: fill.map { _ in alphaScale }, stroke: stroke.map { _ in alphaScale }, in: &stream)
        stream.resources.patterns.insert(pattern)
        if let stroke {
            stream.out.append(static: "/Pattern CS /P"); stream.out.append(integer: pattern); stream.out.append(static: " SCN\n")
            stream.setLineWidth(stroke.width)
            stream.setLineCap(stroke.cap)
            stream.setLineJoin(stroke.join)
            if stroke.join == .miter { stream.setMiterLimit(stroke.miterLimit) }
            let dash = stroke.dash
            let validDash = !dash.isEmpty && dash.allSatisfy { $0 >= 0 && $0.isFinite } && dash.contains { $0 > 0 }
            stream.setDash(validDash ? dash : [], phase: validDash ? stroke.dashOffset : 0)
            stream.appendPath(path)
            stream.op("S")
        } else if let fill {
            stream.out.append(static: "/Pattern cs /P"); stream.out.append(integer: pattern); stream.out.append(static: " scn\n")
            stream.appendPath(path)
            stream.op(fill.rule == .evenOdd ? "f*" : "f")
        }
        stream.restore()
    }
}

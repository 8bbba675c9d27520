// Gradients in PDF (issue 24): each IR gradient becomes an axial (type 2) or radial (type 3)
// shading whose function is a stitching (type 3) of linear interpolations (type 2) between
// neighbouring stops, painted through a shading pattern whose matrix is the gradient
// transform in the stream's default space. `repeat` and `reflect`, which PDF shadings do not
// know, are unrolled: the function's domain covers the periods the painted area reaches
// (at most `ShadingLimits.maxPeriods`). Transparent stops paint through a luminosity soft
// mask drawn with a DeviceGray shading of the stops' alpha (ISO 32000-1 §11.6.5.2).

import DrawBase
import DrawOutput
import DrawScene

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
            let segments = gradient.segments(from: spec.t0, to: spec.t1)
            out.append(static: "] /Functions [")
            for (index, segment) in segments.enumerated() {
                if index > 0 { out.append(0x20) }
                out.append(static: "<< /FunctionType 2 /Domain [0 1] /C0 ")
                components(segment.startColor)
                out.append(static: " /C1 ")
                components(segment.endColor)
                out.append(static: " /N 1 >>")
            }
            out.append(static: "] /Bounds [")
            for (index, segment) in segments.dropLast().enumerated() {
                if index > 0 { out.append(0x20) }
                out.append(number: segment.end)
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
            out.appendPatternMatrix(key.matrix)
        }
    }
}

extension SceneWriter {
    /// Paints `path` with a gradient fill or stroke (not both: the caller splits them):
    /// `q`, a soft mask for transparent stops, the pattern as colour, the path, `Q`.
    mutating func emitGradientPath(_ path: Scene.Path, fill: Fill?, stroke: Stroke?, ctm: Transform, alphaScale: Double,
                                   into stream: inout ContentStream) {
        guard let gradient = fill?.gradient ?? stroke?.gradient else { return }
        let bounds = Gradient.paintedBounds(path, stroke: stroke)
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
            stream.setStrokeStyle(stroke)
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

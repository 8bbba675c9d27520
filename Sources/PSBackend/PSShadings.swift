// Gradients in PostScript (issue 24): LanguageLevel 3 shading patterns — an axial (type 2)
// or radial (type 3) shading with a stitching function of the stops, made into a pattern
// with the gradient transform (`makepattern` takes the CTM of the moment, so the matrix is
// the gradient transform alone) and set as the colour of the fill or stroke. Repeating and
// reflecting gradients are unrolled over the periods the path reaches, as in PDF.
// PostScript shadings carry no alpha: transparent stops are drawn with their colours only
// (a warning says so, as for opacity).

import DrawBase
import DrawOutput
import DrawScene

extension PSBody {
    /// Paints `path` with `gradient` as its fill (`stroke` nil) or stroke.
    func gradientPath(_ path: Scene.Path, gradient: Gradient, fill: Fill?, stroke: Stroke?, into content: inout PSContent) {
        let bounds = Gradient.paintedBounds(path, stroke: stroke)
        let (t0, t1) = gradient.offsetRange(over: bounds)
        content.gsave()
        content.path(path)
        if usesOpacity { content.setFillAlpha(fill != nil ? gradient.representativeColor.alpha : 1) }
        if usesOpacity, stroke != nil { content.setStrokeAlpha(gradient.representativeColor.alpha) }
        // Transparent stops where Ghostscript's transparency is on: the stops' alpha as a
        // DeviceGray shading drawn into a luminosity soft mask, the colours inside a
        // transparency group under it (as PDF's soft mask does); elsewhere colours only.
        let masked = usesOpacity && gradient.hasTransparency && bounds != nil
        if masked, let box = bounds {
            let corners = [box.minX, box.minY, box.maxX, box.maxY]
            content.raw("tp {/DeviceGray setcolorspace true << /Subtype /Luminosity >> ")
            for v in corners { content.number(v) }
            content.raw(".begintransparencymaskgroup ")
            shadingPattern(gradient, t0: t0, t1: t1, gray: true, into: &content)
            for v in [box.minX, box.minY, box.width, box.height] { content.number(v) }
            content.raw("rectfill 0 .endtransparencymask << >> ")
            for v in corners { content.number(v) }
            content.op(".begintransparencygroup 1 fa 1 sa} if")
        }
        shadingPattern(gradient, t0: t0, t1: t1, gray: false, into: &content)
        if let stroke {
            content.setStrokeStyle(stroke)
            content.op("s")
        } else {
            content.op(fill?.rule == .evenOdd ? "ef" : "f")
        }
        if masked { content.op("tp {.endtransparencygroup false << /Subtype /None >> 0 0 1 1 .begintransparencymaskgroup} if") }
        content.grestore()
    }

    /// `<< /PatternType 2 /Shading … >> [transform] makepattern setpattern`: the gradient's
    /// colours over `t0…t1`, or with `gray` its alpha (DeviceGray, for a soft mask).
    func shadingPattern(_ gradient: Gradient, t0: Double, t1: Double, gray: Bool, into content: inout PSContent) {
        content.rawText("<< /PatternType 2 /Shading << ")
        switch gradient.geometry {
        case .linear(let start, let end):
            let a = start + (end - start) * t0, b = start + (end - start) * t1
            content.rawText("/ShadingType 2 /Coords [")
            content.number(a.x); content.number(a.y); content.number(b.x); content.number(b.y)
        case .radial(let center, let radius, let focal):
            let c = focal + (center - focal) * t1
            content.rawText("/ShadingType 3 /Coords [")
            content.number(focal.x); content.number(focal.y); content.number(0)
            content.number(c.x); content.number(c.y); content.number(radius * t1)
        }
        content.rawText("] /ColorSpace " + (gray ? "/DeviceGray" : "/DeviceRGB") + " /Extend [true true] /Domain [")
        content.number(t0); content.number(t1)
        content.rawText("] /Function << /FunctionType 3 /Domain [")
        content.number(t0); content.number(t1)
        content.rawText("] /Functions [")
        content.newline()
        let segments = gradient.segments(from: t0, to: t1)
        for segment in segments {
            content.rawText("<< /FunctionType 2 /Domain [0 1] /C0 [")
            for v in gray ? [segment.startColor.alpha] : [segment.startColor.red, segment.startColor.green, segment.startColor.blue] {
                content.number(min(1, max(0, v)))
            }
            content.rawText("] /C1 [")
            for v in gray ? [segment.endColor.alpha] : [segment.endColor.red, segment.endColor.green, segment.endColor.blue] {
                content.number(min(1, max(0, v)))
            }
            content.rawText("] /N 1 >>")
            content.newline()
        }
        content.rawText("] /Bounds [")
        for segment in segments.dropLast() { content.number(segment.end) }
        content.rawText("] /Encode [")
        for _ in segments { content.rawText("0 1 ") }
        content.rawText("] >> >> >> [")
        let m = gradient.transform
        for v in [m.a, m.b, m.c, m.d] { content.number(v, precision: 8) }
        content.number(m.e); content.number(m.f)
        content.op("] makepattern setpattern")
    }
}

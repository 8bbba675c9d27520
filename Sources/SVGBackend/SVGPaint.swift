// Gradients and shadow filters as SVG definitions (issue 24). Gradients are written in
// `userSpaceOnUse` with the IR's gradient transform, so a gradient in box units maps onto
// the box exactly as in PDF and PostScript; shadows are `feGaussianBlur` of the group's
// alpha, offset and flooded with the shadow's colour, merged under the group.

import DrawOutput
import DrawScene

extension SVGPageWriter {
    func writeGradient(_ gradient: Gradient, id: Int, into out: inout ByteBuffer) {
        func attribute(_ name: StaticString, _ value: Double) {
            out.append(0x20); out.append(static: name); out.append(static: "=\""); out.append(number: value); out.append(0x22)
        }
        let closing: StaticString
        switch gradient.geometry {
        case .linear(let start, let end):
            out.append(static: "<linearGradient id=\"g"); out.append(integer: id); out.append(0x22)
            attribute("x1", start.x); attribute("y1", start.y); attribute("x2", end.x); attribute("y2", end.y)
            closing = "</linearGradient>\n"
        case .radial(let center, let radius, let focal):
            out.append(static: "<radialGradient id=\"g"); out.append(integer: id); out.append(0x22)
            attribute("cx", center.x); attribute("cy", center.y); attribute("r", radius)
            if focal != center { attribute("fx", focal.x); attribute("fy", focal.y) }
            closing = "</radialGradient>\n"
        }
        out.append(static: " gradientUnits=\"userSpaceOnUse\"")
        if !gradient.transform.isIdentity {
            out.append(static: " gradientTransform=\""); out.appendTransform(gradient.transform); out.append(0x22)
        }
        switch gradient.spread {
        case .pad: break
        case .repeat: out.append(static: " spreadMethod=\"repeat\"")
        case .reflect: out.append(static: " spreadMethod=\"reflect\"")
        }
        out.append(static: ">\n")
        for stop in gradient.stops {
            out.append(static: "  <stop offset=\""); out.append(number: stop.offset); out.append(0x22)
            out.appendColor(stop.color, attribute: "stop-color", opacityAttribute: "stop-opacity")
            out.append(static: "/>\n")
        }
        out.append(static: closing)
    }

    /// `<filter id="s<id>">`: per shadow, the source alpha blurred (σ = blur / 2), offset,
    /// coloured; then the shadows in order and the group itself on top.
    func writeShadowFilter(_ shadows: [Shadow], id: Int, into out: inout ByteBuffer) {
        // The region: generous around the page (the filter's user space is the group's
        // parent's, which may be offset from the page by transforms of enclosing groups).
        let extent = max(pageSize.width, pageSize.height, 1)
        out.append(static: "<filter id=\"s"); out.append(integer: id)
        out.append(static: "\" filterUnits=\"userSpaceOnUse\" x=\""); out.append(number: -2 * extent)
        out.append(static: "\" y=\""); out.append(number: -2 * extent)
        out.append(static: "\" width=\""); out.append(number: 5 * extent)
        out.append(static: "\" height=\""); out.append(number: 5 * extent)
        out.append(static: "\" color-interpolation-filters=\"sRGB\">\n")
        for (index, shadow) in shadows.enumerated() {
            let n = index + 1
            var source: StaticString = "SourceAlpha"
            if shadow.sigma > 0 {
                out.append(static: "  <feGaussianBlur in=\"SourceAlpha\" stdDeviation=\""); out.append(number: shadow.sigma)
                out.append(static: "\" result=\"b"); out.append(integer: n); out.append(static: "\"/>\n")
                source = ""
            }
            out.append(static: "  <feOffset in=\"")
            if source.utf8CodeUnitCount > 0 { out.append(static: source) } else { out.append(0x62); out.append(integer: n) }
            out.append(static: "\" dx=\""); out.append(number: shadow.offset.x)
            out.append(static: "\" dy=\""); out.append(number: shadow.offset.y)
            out.append(static: "\" result=\"o"); out.append(integer: n); out.append(static: "\"/>\n")
            out.append(static: "  <feFlood")
            out.appendColor(shadow.color, attribute: "flood-color", opacityAttribute: "flood-opacity")
            out.append(static: "/>\n")
            out.append(static: "  <feComposite in2=\"o"); out.append(integer: n)
            out.append(static: "\" operator=\"in\" result=\"s"); out.append(integer: n); out.append(static: "\"/>\n")
        }
        out.append(static: "  <feMerge>\n")
        for index in shadows.indices {
            out.append(static: "    <feMergeNode in=\"s"); out.append(integer: index + 1); out.append(static: "\"/>\n")
        }
        out.append(static: "    <feMergeNode in=\"SourceGraphic\"/>\n  </feMerge>\n</filter>\n")
    }
}

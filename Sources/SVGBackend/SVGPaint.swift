// Gradients and shadow filters as SVG definitions (issue 24). Gradients are written in
// `userSpaceOnUse` with the IR's gradient transform, so a gradient in box units maps onto
// the box exactly as in PDF and PostScript; shadows are `feGaussianBlur` of the group's
// alpha, offset and flooded with the shadow's colour, merged under the group.

import DrawBase
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
            out.append(static: "<linearGradient id=\""); out.appendName(names, "g", id); out.append(0x22)
            attribute("x1", start.x); attribute("y1", start.y); attribute("x2", end.x); attribute("y2", end.y)
            closing = "</linearGradient>\n"
        case .radial(let center, let radius, let focal):
            out.append(static: "<radialGradient id=\""); out.appendName(names, "g", id); out.append(0x22)
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
    /// `region`: the ink of the groups it draws with their shadows, in their user space (the
    /// groups' parent's; nil when they paint nothing), widened to whole points and one more
    /// on each side for anti-aliasing; a renderer draws nothing of the filter outside it.
    func writeShadowFilter(_ shadows: [Shadow], region: Rect?, id: Int, into out: inout ByteBuffer) {
        let box = region.map { Rect(x: $0.minX.rounded(.down) - 1, y: $0.minY.rounded(.down) - 1,
                                    width: $0.maxX.rounded(.up) - $0.minX.rounded(.down) + 2,
                                    height: $0.maxY.rounded(.up) - $0.minY.rounded(.down) + 2) } ?? Rect(x: 0, y: 0, width: 0, height: 0)
        out.append(static: "<filter id=\""); out.appendName(names, "s", id)
        out.append(static: "\" filterUnits=\"userSpaceOnUse\" x=\""); out.append(number: box.minX)
        out.append(static: "\" y=\""); out.append(number: box.minY)
        out.append(static: "\" width=\""); out.append(number: box.width)
        out.append(static: "\" height=\""); out.append(number: box.height)
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

    /// The id number of document pattern `index`, its `<pattern>` written into the body at
    /// its first use on the page (a `<pattern>` is never drawn where it stands, so it needs
    /// no `<defs>`; its content is written by the same walk as the page's, so its clip paths,
    /// gradients and nested patterns share the page's numbering). `userSpaceOnUse` with the
    /// pattern's transform as `patternTransform`: the tile lands where PDF's `/Matrix` and
    /// PostScript's `makepattern` put it. Nil for an index the document does not have.
    mutating func patternID(_ pattern: Scene.PatternID, depth: Int) -> Int? {
        guard document.patterns.indices.contains(pattern.index) else { return nil }
        let id = pattern.index + 1
        guard writtenPatterns.insert(pattern.index).inserted else { return id }
        let resource = document.patterns[pattern.index]
        indent(depth)
        body.append(static: "<pattern id=\""); body.appendName(names, "p", id)
        body.append(static: "\" patternUnits=\"userSpaceOnUse\" x=\"0\" y=\"0\" width=\""); body.append(number: resource.step.width)
        body.append(static: "\" height=\""); body.append(number: resource.step.height); body.append(0x22)
        if !resource.transform.isIdentity {
            body.append(static: " patternTransform=\""); body.appendTransform(resource.transform); body.append(0x22)
        }
        body.append(static: ">\n")
        // The tile is its box; a step larger than it leaves the rest of the cell empty.
        var items = resource.items
        if resource.step != resource.size {
            var box = Scene.PathBuilder()
            box.addRect(Rect(origin: .zero, size: resource.size))
            if let clip = box.finish() { items = [.group(Scene.Group(clip: clip, items: items))] }
        }
        writeItems(items[...])
        indent(depth)
        body.append(static: "</pattern>\n")
        return id
    }
}

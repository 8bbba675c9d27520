// The text form of the scene IR, printed by `drawc ir` and compared by golden tests.
//
// One line per item, children indented by two spaces, every number through
// `DrawOutput.NumberFormat` at 4 fraction digits, colours as `#rrggbb` (`#rrggbbaa` when
// not opaque). The format is described in docs/ir.md; it is meant to be read in diffs, so
// it stays line-oriented and never depends on dictionary order.

import DrawFonts
import DrawOutput
import DrawScene

/// The IR of `document` as text (see docs/ir.md).
package func dumpIR(_ document: Scene.Document) -> String {
    var out = IRWriter()
    out.document(document)
    return String(decoding: out.bytes, as: UTF8.self)
}

private struct IRWriter {
    var bytes: [UInt8] = []
    var indent = 0

    mutating func text(_ s: String) { bytes.append(contentsOf: s.utf8) }
    mutating func number(_ v: Double) { NumberFormat.write(v, into: &bytes) }
    mutating func integer(_ v: Int) { NumberFormat.write(integer: v, into: &bytes) }
    mutating func newline() { bytes.append(0x0A) }
    mutating func startLine() {
        for _ in 0..<indent { bytes.append(0x20); bytes.append(0x20) }
    }
    mutating func point(_ p: Point) { number(p.x); text(" "); number(p.y) }

    mutating func color(_ c: Color) {
        text("#")
        for component in [c.red, c.green, c.blue] { hexByte(component) }
        if !c.isOpaque { hexByte(c.alpha) }
    }

    mutating func hexByte(_ component: Double) {
        let value = component.isFinite ? Int((max(0, min(1, component)) * 255).rounded()) : 0
        bytes.append(hexDigit(value >> 4)); bytes.append(hexDigit(value & 15))
    }

    func hexDigit(_ v: Int) -> UInt8 { UInt8(truncatingIfNeeded: v < 10 ? 0x30 + v : 0x57 + v) }

    /// A string in double quotes with `\`, `"` and control characters escaped.
    mutating func quoted(_ s: String) {
        bytes.append(0x22)
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": text("\\\"")
            case "\\": text("\\\\")
            case "\n": text("\\n")
            case "\t": text("\\t")
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    text("\\u{" + String(scalar.value, radix: 16) + "}")
                } else {
                    bytes.append(contentsOf: String(scalar).utf8)
                }
            }
        }
        bytes.append(0x22)
    }

    mutating func document(_ d: Scene.Document) {
        text("document pages "); integer(d.pages.count)
        text(" fonts "); integer(d.fonts.count)
        text(" images "); integer(d.images.count)
        if let title = d.metadata.title { text(" title "); quoted(title) }
        if d.metadata.noPrintScaling { text(" printScaling none") }
        newline()
        for (index, font) in d.fonts.enumerated() {
            text("font "); integer(index); text(" ")
            switch font {
            case .standard(let f): text("standard "); text(f.postScriptName)
            case .trueType(let f): text(f.outlineFormat == .cff ? "cff " : "truetype "); text(f.postScriptName)
            }
            newline()
        }
        for (index, image) in d.images.enumerated() {
            text("image "); integer(index); text(" ")
            text(image.format == .png ? "png " : "jpeg ")
            integer(image.pixelWidth); text("x"); integer(image.pixelHeight)
            text(" bytes "); integer(image.bytes.count)
            newline()
        }
        for (index, page) in d.pages.enumerated() {
            text("page "); integer(index + 1)
            text(" size "); number(page.size.width); text(" "); number(page.size.height)
            if let background = page.background { text(" background "); color(background) }
            for (name, box) in [(" bleed ", page.bleedBox), (" trim ", page.trimBox)] {
                guard let box else { continue }
                text(name); number(box.minX); text(" "); number(box.minY); text(" "); number(box.width); text(" "); number(box.height)
            }
            newline()
            indent += 1
            for item in page.items { self.item(item) }
            indent -= 1
        }
    }

    mutating func item(_ item: Scene.Item) {
        startLine()
        switch item {
        case .path(let path, let paint):
            text("path")
            if let fill = paint.fill {
                text(" fill "); color(fill.color)
                if fill.rule == .evenOdd { text(" evenodd") }
            }
            if let stroke = paint.stroke {
                text(" stroke "); color(stroke.color)
                text(" width "); number(stroke.width)
                if stroke.cap != .butt { text(stroke.cap == .round ? " cap round" : " cap square") }
                if stroke.join != .miter { text(stroke.join == .round ? " join round" : " join bevel") }
                if stroke.miterLimit != 4 { text(" miter "); number(stroke.miterLimit) }
                if !stroke.dash.isEmpty {
                    text(" dash [")
                    for (i, d) in stroke.dash.enumerated() {
                        if i > 0 { text(" ") }
                        number(d)
                    }
                    text("]")
                    if stroke.dashOffset != 0 { text(" offset "); number(stroke.dashOffset) }
                }
            }
            if paint.fill == nil && paint.stroke == nil { text(" invisible") }
            newline()
            indent += 1
            pathData(path)
            indent -= 1
        case .text(let run):
            text("text font "); integer(run.font.index)
            text(" size "); number(run.size)
            text(" color "); color(run.color)
            text(" origin "); point(run.origin)
            text(" advance "); number(run.advance)
            text(" "); quoted(run.text)
            newline()
            indent += 1
            startLine()
            text("glyphs")
            for glyph in run.glyphs {
                text(" "); integer(Int(glyph.glyph)); text("@"); number(glyph.x)
            }
            newline()
            indent -= 1
        case .image(let image):
            text("image "); integer(image.image.index)
            text(" rect "); point(image.rect.origin)
            text(" "); number(image.rect.width); text(" "); number(image.rect.height)
            newline()
        case .group(let group):
            text("group")
            if !group.transform.isIdentity {
                let t = group.transform
                text(" transform [")
                number(t.a); text(" "); number(t.b); text(" "); number(t.c); text(" ")
                number(t.d); text(" "); number(t.e); text(" "); number(t.f)
                text("]")
            }
            if group.opacity != 1 { text(" opacity "); number(group.opacity) }
            newline()
            indent += 1
            if let clip = group.clip {
                startLine(); text("clip"); newline()
                indent += 1
                pathData(clip)
                indent -= 1
            }
            for child in group.items { self.item(child) }
            indent -= 1
        }
    }

    /// Path data, one subpath per line: `M x y L x y C x1 y1 x2 y2 x y Z`.
    mutating func pathData(_ path: Scene.Path) {
        var index = 0
        var lineOpen = false
        for verb in path.verbs {
            switch verb {
            case .move:
                if lineOpen { newline() }
                startLine(); lineOpen = true
                text("M "); point(path.points[index])
            case .line:
                if !lineOpen { startLine(); lineOpen = true } else { text(" ") }
                text("L "); point(path.points[index])
            case .cubic:
                if !lineOpen { startLine(); lineOpen = true } else { text(" ") }
                text("C "); point(path.points[index]); text(" "); point(path.points[index + 1])
                text(" "); point(path.points[index + 2])
            case .close:
                if !lineOpen { startLine(); lineOpen = true } else { text(" ") }
                text("Z")
            }
            index += verb.pointCount
        }
        if lineOpen { newline() }
    }
}

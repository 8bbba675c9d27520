// The text form of the scene IR, printed by `drawc ir` and compared by golden tests.
//
// One line per item, children indented by two spaces, every number through
// `DrawOutput.NumberFormat` at 4 fraction digits, colours as `#rrggbb` (`#rrggbbaa` when
// not opaque). The format is described in docs/ir.md; it is meant to be read in diffs, so
// it stays line-oriented and never depends on dictionary order. It lives beside the IR
// types it prints (Scene.swift, Document.swift, Paint.swift), so a field added to the IR
// and its text form are changed in one target.

import DrawBase
import DrawDiagnostics
import DrawFonts
import DrawOutput

/// The IR of `document` as text (see docs/ir.md).
/// With `sources` (and a document laid out with `recordSources`), each item is preceded by
/// a `source` line naming the statement that made it.
package func dumpIR(_ document: Scene.Document, sources: SourceManager? = nil) -> String {
    var out = IRWriter()
    out.sourceFiles = sources
    out.sources = document.sources
    out.document(document)
    return String(decoding: out.bytes, as: UTF8.self)
}

private struct IRWriter {
    var bytes: [UInt8] = []
    var indent = 0
    var sourceFiles: SourceManager?
    var sources: [Scene.ItemSource] = []

    /// `source 3:1-3:24 def lib.draw:2:5-2:30`: the statement in the main file, then the
    /// component-body statements (with their file when it is not the main one).
    mutating func source(_ id: Scene.SourceID?) {
        guard let files = sourceFiles else { return }
        startLine()
        text("source")
        if let id, id.index >= 0, Int(id.index) < sources.count {
            let entry = sources[Int(id.index)]
            text(" "); span(entry.span, files)
            for definition in entry.definitions { text(" def "); span(definition, files) }
        } else {
            text(" none")
        }
        newline()
    }

    mutating func span(_ span: Span, _ files: SourceManager) {
        guard let file = files[span.file] else { text("?"); return }
        if span.file != FileID(0) { text(file.path); text(":") }
        let start = file.location(of: span.start), end = file.location(of: span.end)
        integer(start.line); text(":"); integer(start.column); text("-")
        integer(end.line); text(":"); integer(end.column)
    }

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
        for (index, pattern) in d.patterns.enumerated() {
            text("pattern "); integer(index)
            text(" size "); number(pattern.size.width); text(" "); number(pattern.size.height)
            text(" step "); number(pattern.step.width); text(" "); number(pattern.step.height)
            if !pattern.transform.isIdentity {
                let t = pattern.transform
                text(" transform [")
                number(t.a); text(" "); number(t.b); text(" "); number(t.c); text(" ")
                number(t.d); text(" "); number(t.e); text(" "); number(t.f)
                text("]")
            }
            newline()
            indent += 1
            for item in pattern.items { self.item(item) }
            indent -= 1
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
            for (i, item) in page.items.enumerated() {
                if sourceFiles != nil { source(i < page.itemSources.count ? page.itemSources[i] : nil) }
                self.item(item)
            }
            indent -= 1
        }
    }

    /// ` linear (x0, y0) (x1, y1)` or ` radial …`, the spread, the transform and the stops.
    mutating func gradient(_ g: Gradient) {
        switch g.geometry {
        case .linear(let start, let end):
            text(" linear "); point(start); text(" "); point(end)
        case .radial(let center, let radius, let focal):
            text(" radial "); point(center); text(" r "); number(radius)
            if focal != center { text(" focal "); point(focal) }
        }
        if g.spread != .pad { text(g.spread == .repeat ? " repeat" : " reflect") }
        if !g.transform.isIdentity {
            let t = g.transform
            text(" transform [")
            number(t.a); text(" "); number(t.b); text(" "); number(t.c); text(" ")
            number(t.d); text(" "); number(t.e); text(" "); number(t.f)
            text("]")
        }
        text(" stops [")
        for (index, stop) in g.stops.enumerated() {
            if index > 0 { text(" ") }
            number(stop.offset); text(" "); color(stop.color)
        }
        text("]")
    }

    mutating func item(_ item: Scene.Item) {
        startLine()
        switch item {
        case .path(let path, let paint):
            text("path")
            if let fill = paint.fill {
                text(" fill "); color(fill.color)
                if fill.rule == .evenOdd { text(" evenodd") }
                if let gradient = fill.gradient { self.gradient(gradient) }
                if let pattern = fill.pattern { text(" pattern "); integer(pattern.index) }
            }
            if let stroke = paint.stroke {
                text(" stroke "); color(stroke.color)
                if let gradient = stroke.gradient { self.gradient(gradient) }
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
            for (i, glyph) in run.glyphs.enumerated() {
                text(" "); integer(Int(glyph.glyph)); text("@"); number(glyph.x)
                if run.y(i) != 0 { text(","); number(run.y(i)) }
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
            if group.blend != .normal { text(" blend "); text(group.blend.name) }
            for shadow in group.shadows {
                text(" shadow "); point(shadow.offset); text(" blur "); number(shadow.blur); text(" "); color(shadow.color)
            }
            if let ink = group.inkBounds {
                text(" ink "); point(ink.origin); text(" "); number(ink.width); text(" "); number(ink.height)
            } else {
                text(" ink none")
            }
            newline()
            indent += 1
            if let clip = group.clip {
                startLine(); text("clip"); newline()
                indent += 1
                pathData(clip)
                indent -= 1
            }
            for (i, child) in group.items.enumerated() {
                if sourceFiles != nil { source(i < group.itemSources.count ? group.itemSources[i] : nil) }
                self.item(child)
            }
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
            case .rect:
                // As the four-line form it stands for: the dump shows what is drawn, the same
                // for either way of storing a rectangle.
                if lineOpen { newline() }
                startLine(); lineOpen = true
                let (a, b, c, d) = Scene.Path.rectangleCorners(path.points[index], path.points[index + 1])
                text("M "); point(a); text(" L "); point(b); text(" L "); point(c); text(" L "); point(d); text(" Z")
            }
            index += verb.pointCount
        }
        if lineOpen { newline() }
    }
}

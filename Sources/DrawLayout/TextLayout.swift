// Text measurement and line layout with real font metrics.
//
// A text is split into lines at `\n`, each line wrapped greedily at spaces when a wrap
// width is given, and every glyph positioned with its advance and the font's pair kerning.
// Lines are stacked `lineHeight` apart; within a line box the baseline sits at
// half-leading + ascent of the primary face, as in CSS:
//     baseline = top + (lineHeight − (ascent + descent)) / 2 + ascent
// so a single line of 12pt Helvetica at the default 1.2 line height has its baseline
// 10.266pt below the top of its 14.4pt box, and text is optically centred in labels.

import DrawCatalogue
import DrawDiagnostics
import DrawFonts
import DrawScene
import DrawSemantics

/// A face layout can measure with. Faces are numbered in the order layout first resolves
/// them; the document's font list is built from the faces actually drawn. A class, so that
/// looking a face up never copies its metric tables' references.
final class LayoutFace {
    enum Kind {
        case standard(Standard14Font)
        case trueType(TrueTypeFontRef)
    }
    // All `let` (but one): a class's `var` properties pay a dynamic exclusivity check per access.
    let kind: Kind
    /// Name for messages ("Helvetica-Bold").
    let displayName: String
    /// Ascent and descent (positive, below the baseline) in em.
    let ascent: Double
    let descent: Double
    /// The metrics, kept once here (copying the metrics struct costs reference counting).
    let standardMetrics: Standard14Metrics?
    /// 1 / unitsPerEm of a TrueType face (font units to em).
    let unitScale: Double
    /// Standard faces: the code of each ASCII scalar (-1 when the face has none), and the
    /// advance in em of each code — the common case without a lookup per glyph.
    let asciiCodes: [Int16]
    let advancesByCode: [Double]
    /// Standard faces: pair kerning in 1/1000 em by `left << 8 | right` code, looked up in
    /// the metrics (a binary search) once per pair and kept; `Int16.min` until then. The one
    /// `var`: only ever touched inside `kerning`, so unchecked exclusivity is safe.
    @exclusivity(unchecked) private var kerningByCodes: [Int16]

    init(kind: Kind, displayName: String, ascent: Double, descent: Double, standardMetrics: Standard14Metrics?, unitScale: Double = 1.0 / 1000) {
        self.kind = kind; self.displayName = displayName; self.ascent = ascent; self.descent = descent
        self.standardMetrics = standardMetrics; self.unitScale = unitScale
        if case .standard(let font) = kind, let metrics = standardMetrics {
            asciiCodes = (0..<128).map { v in font.code(for: Unicode.Scalar(UInt8(v))).map { Int16($0) } ?? -1 }
            advancesByCode = (0..<256).map { Double(metrics.advance(code: UInt8($0))) / 1000 }
            kerningByCodes = Array(repeating: Int16.min, count: 65536)
        } else {
            asciiCodes = []
            advancesByCode = []
            kerningByCodes = []
        }
    }

    var resource: Scene.FontResource {
        switch kind {
        case .standard(let f): .standard(f)
        case .trueType(let f): .trueType(f)
        }
    }

    /// The glyph id for a scalar, or nil when the face lacks it.
    @inline(__always)
    func glyph(for scalar: Unicode.Scalar) -> UInt16? {
        if scalar.value < 128, !asciiCodes.isEmpty {
            let code = asciiCodes[Int(scalar.value)]
            return code < 0 ? nil : UInt16(code)
        }
        switch kind {
        case .standard(let f): return f.code(for: scalar).map { UInt16($0) }
        case .trueType(let f): return f.glyph(for: scalar)
        }
    }

    /// Advance in em.
    @inline(__always)
    func advance(_ glyph: UInt16) -> Double {
        if !advancesByCode.isEmpty { return advancesByCode[Int(glyph & 0xFF)] }
        if case .trueType(let f) = kind { return Double(f.advance(glyph: glyph)) * unitScale }
        return 0
    }

    /// Pair kerning in em (negative: closer).
    func kerning(_ left: UInt16, _ right: UInt16) -> Double {
        if let metrics = standardMetrics {
            let slot = Int(left & 0xFF) << 8 | Int(right & 0xFF)
            let cached = kerningByCodes[slot]
            if cached != Int16.min { return Double(cached) / 1000 }
            let value = metrics.kerning(UInt8(truncatingIfNeeded: left), UInt8(truncatingIfNeeded: right))
            if let exact = Int16(exactly: value), exact != Int16.min { kerningByCodes[slot] = exact }
            return Double(value) / 1000
        }
        if case .trueType(let f) = kind { return Double(f.kerning(left, right)) * unitScale }
        return 0
    }
}

/// One run of glyphs in one face on one line; glyph x positions are relative to `x`.
struct LaidOutRun {
    var face: Int
    var x: Double
    var glyphs: [Scene.PositionedGlyph]
    var advance: Double
}

struct LaidOutLine {
    var runs: [LaidOutRun]
    /// Width without trailing spaces.
    var width: Double
}

/// A measured text block: lines in the block's own coordinates (top-left at 0, 0).
struct TextBlock {
    var lines: [LaidOutLine]
    var size: Size
    var fontSize: Double
    var lineHeight: Double
    /// Distance from a line box's top to its baseline.
    var baselineOffset: Double
    var align: TextAlign
    var color: Color

    /// Calls `body` with each text run of the block (its face index, the run) with the
    /// block's top-left corner at `origin`, inside a box `width` wide. No array of runs is
    /// made: the caller appends them to the page's items as they come.
    func forEachRun(at origin: Point, width: Double, _ body: (_ face: Int, _ run: Scene.TextRun) -> Void) {
        for (index, line) in lines.enumerated() {
            let shift: Double
            switch align {
            case .left: shift = 0
            case .center: shift = (width - line.width) / 2
            case .right: shift = width - line.width
            }
            let baseline = origin.y + Double(index) * lineHeight + baselineOffset
            for run in line.runs where !run.glyphs.isEmpty {
                let textRun = Scene.TextRun(
                    font: Scene.FontID(run.face), size: fontSize, color: color,
                    origin: Point(origin.x + shift + run.x, baseline), glyphs: run.glyphs, advance: run.advance)
                body(run.face, textRun)
            }
        }
    }
}

/// One shaped scalar before line breaking.
struct ShapedGlyph {
    var scalar: Unicode.Scalar
    var face: Int
    /// Position of the face in the node's font list.
    var faceSlot: Int
    var glyph: UInt16
    /// Advance in points.
    var advance: Double
    /// Kerning with the next glyph in points (0 when the next glyph is in another face).
    var kern: Double
    var isSpace: Bool
}

extension LayoutEngine {
    /// Measures and breaks `content` into lines with the fonts and size of `style`.
    /// `wrapWidth`: break lines to fit (at spaces; a longer word overflows).
    /// `fixedWidth`: the block's width when given (else the widest line).
    /// `literal`: the string literal the content was written as, when its bytes are the
    /// content's bytes — then a missing character is reported at its exact place.
    mutating func layoutText(_ content: String, style: ResolvedStyle, wrapWidth: Double?, align: TextAlign, span: Span,
                             literal: Span? = nil) -> TextBlock {
        let faces = resolveFaces(style, span: span)
        let size = style.fontSize
        let primary = faces.first.map { self.faces[$0] }
        let ascent = (primary?.ascent ?? 0.75) * size
        let descent = (primary?.descent ?? 0.25) * size
        let lineHeight: Double
        switch style.lineHeight {
        case .multiple(let m): lineHeight = m * size
        case .absolute(let v): lineHeight = v
        }
        let baselineOffset = (lineHeight - (ascent + descent)) / 2 + ascent

        var lines: [LaidOutLine] = []
        // The engine's scratch buffer, taken for the duration (no allocation per text).
        var shaped = shapedScratch
        shapedScratch = []
        defer { shaped.removeAll(keepingCapacity: true); shapedScratch = shaped }
        var missing: [Unicode.Scalar] = []
        /// Byte offset in the content of each missing scalar's first occurrence.
        var missingOffsets: [Int] = []
        let faceObjects = lastFaceObjects
        // Kerning between neighbours in the same face, then line breaking; one paragraph
        // (a line of the source text) at a time.
        func finishParagraph() {
            if shaped.count > 1 {
                for i in 0..<(shaped.count - 1) where shaped[i].face == shaped[i + 1].face {
                    shaped[i].kern = faceObjects[shaped[i].faceSlot].kerning(shaped[i].glyph, shaped[i + 1].glyph) * size
                }
            }
            breakLines(shaped[...], wrapWidth: wrapWidth, into: &lines)
            shaped.removeAll(keepingCapacity: true)
        }
        let text = composer.compose(content)
        var complexScript: String?
        var byteOffset = 0
        for scalar in text.unicodeScalars {
            let offset = byteOffset
            byteOffset += UTF8.width(scalar)
            if scalar == "\n" { finishParagraph(); continue }
            if scalar == "\r" { continue }
            if scalar.value >= 0x0590, complexScript == nil, let script = complexScriptName(for: scalar) { complexScript = script }
            // A tab is drawn as a space: the standard fonts have no tab glyph.
            let s: Unicode.Scalar = scalar == "\t" ? " " : scalar
            var found = false
            for (slot, face) in faceObjects.enumerated() {
                if let glyph = face.glyph(for: s) {
                    shaped.append(ShapedGlyph(scalar: scalar, face: faces[slot], faceSlot: slot, glyph: glyph,
                                              advance: face.advance(glyph) * size, kern: 0, isSpace: s == " "))
                    found = true
                    break
                }
            }
            if !found, !faces.isEmpty, !missing.contains(s) { missing.append(s); missingOffsets.append(offset) }
        }
        finishParagraph()
        if let script = complexScript {
            report(.error("layout.complex-script", at: span,
                "text in \(script) needs complex shaping, which drawc does not do yet",
                notes: [Diagnostic.Note("letters of this script change shape or order with their neighbours; drawing them one by one would be wrong")]))
        }

        // A complex script is reported once for the node, not letter by letter.
        if !missing.isEmpty && complexScript == nil {
            // Exact places only when the text is byte for byte the literal (no escapes, no
            // composition).
            let exact = literal != nil && text.utf8.elementsEqual(content.utf8)
            let names = faces.map { "'\(self.faces[$0].displayName)'" }
            let fontText = names.count == 1 ? "font \(names[0])" : "fonts \(names.joined(separator: ", "))"
            let advice = Diagnostic.Note(standardOnly(faces) ? "the standard PDF fonts cover Windows-1252 (WinAnsi) only; use a TrueType font for other scripts" : "choose a font that has it, or add one to a fallback list: font: [\"A\", \"B\"]")
            func describe(_ scalar: Unicode.Scalar) -> String {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                return code + (scalar.properties.isWhitespace || scalar.value < 0x20 ? "" : " '\(scalar)'")
            }
            if exact, let literal {
                // Each character at its own place.
                for (scalar, offset) in zip(missing, missingOffsets).prefix(5) {
                    let start = literal.start + 1 + UInt32(offset)
                    let at = Span(file: literal.file, start: start, end: start + UInt32(UTF8.width(scalar)))
                    report(.error("layout.missing-glyph", at: at, "character \(describe(scalar)) is not in the \(fontText)", notes: [advice]))
                }
            } else {
                // One place for all (a mistake is reported once per place): one message naming them.
                let shown = missing.prefix(5).map(describe)
                let list = shown.count == 1 ? shown[0] : shown.dropLast().joined(separator: ", ") + " and " + shown.last!
                let more = missing.count > 5 ? " (and \(missing.count - 5) more)" : ""
                report(.error("layout.missing-glyph", at: span,
                    "\(shown.count == 1 ? "character" : "characters") \(list)\(more) \(shown.count == 1 ? "is" : "are") not in the \(fontText)",
                    notes: [advice]))
            }
            if missing.count > 5, exact, literal != nil {
                report(.error("layout.missing-glyph", at: span, "\(missing.count - 5) more characters are not in the \(fontText)"))
            }
        }

        var width = 0.0
        for line in lines { width = max(width, line.width) }
        return TextBlock(lines: lines, size: Size(width, Double(lines.count) * lineHeight), fontSize: size,
                         lineHeight: lineHeight, baselineOffset: baselineOffset, align: align, color: style.color)
    }

    private mutating func standardOnly(_ faces: [Int]) -> Bool {
        faces.allSatisfy { if case .standard = self.faces[$0].kind { true } else { false } }
    }

    /// Faces for the `font:` list of a style, resolved once per distinct list. A font that
    /// cannot be had is reported at the `font:` value it was named in (`span`, the text's
    /// own place, only for the default font).
    mutating func resolveFaces(_ style: ResolvedStyle, span textSpan: Span) -> [Int] {
        let span = style.fontsSpan.isUnknown ? textSpan : style.fontsSpan
        let key = FaceKey(names: style.fonts, bold: style.bold, italic: style.italic)
        if let last = lastFaceKey, last == key { return lastFaces }
        if let cached = faceCache[key] {
            lastFaceKey = key; lastFaces = cached; lastFaceObjects = cached.map { faces[$0] }
            return cached
        }
        var result: [Int] = []
        for name in style.fonts {
            if let face = face(named: name, bold: style.bold, italic: style.italic, span: span) { result.append(face) }
        }
        if result.isEmpty, style.fonts.isEmpty, let helvetica = face(named: "Helvetica", bold: style.bold, italic: style.italic, span: span) {
            result.append(helvetica)
        }
        faceCache[key] = result
        lastFaceKey = key; lastFaces = result; lastFaceObjects = result.map { faces[$0] }
        return result
    }

    private mutating func face(named name: String, bold: Bool, italic: Bool, span: Span) -> Int? {
        if let standard = Standard14Font(family: name, bold: bold, italic: italic) {
            if let index = faces.firstIndex(where: { if case .standard(let f) = $0.kind { f == standard } else { false } }) {
                return index
            }
            let metrics = standard.metrics
            faces.append(LayoutFace(kind: .standard(standard), displayName: standard.postScriptName,
                                    ascent: Double(metrics.ascender) / 1000, descent: Double(-metrics.descender) / 1000,
                                    standardMetrics: metrics))
            return faces.count - 1
        }
        switch fonts.trueType?(name, bold, italic) {
        case .success(let ref):
            if let index = faces.firstIndex(where: { if case .trueType(let f) = $0.kind { f == ref } else { false } }) {
                return index
            }
            let scale = 1 / Double(max(1, ref.unitsPerEm))
            faces.append(LayoutFace(kind: .trueType(ref), displayName: ref.postScriptName,
                                    ascent: Double(ref.ascender) * scale, descent: Double(-ref.descender) * scale,
                                    standardMetrics: nil, unitScale: scale))
            return faces.count - 1
        case .failure(let error):
            report(.error("layout.font-unavailable", at: span, error.message))
            return nil
        case nil:
            report(.error("layout.unknown-font", at: span, "unknown font '\(name)'",
                notes: [Diagnostic.Note("the built-in fonts are Helvetica, Times, Courier, Symbol and ZapfDingbats; other fonts are found by family name on the font path or by file path")]))
            return nil
        }
    }
}

struct FaceKey: Hashable {
    var names: [String]
    var bold: Bool
    var italic: Bool
}

/// Greedy line breaking of one paragraph: lines end before a space that would overflow;
/// trailing spaces never count toward a line's width and are not drawn.
private func breakLines(_ glyphs: ArraySlice<ShapedGlyph>, wrapWidth: Double?, into lines: inout [LaidOutLine]) {
    var start = glyphs.startIndex
    let end = glyphs.endIndex
    if start == end { lines.append(LaidOutLine(runs: [], width: 0)); return }
    while start < end {
        var lineEnd = end
        if let limit = wrapWidth {
            // Walk words; remember the last break that still fits.
            var x = 0.0
            var lastBreak: Int? = nil
            var i = start
            while i < end {
                if glyphs[i].isSpace {
                    lastBreak = i
                } else if x + glyphs[i].advance > limit + 1e-9, let b = lastBreak, b > start {
                    lineEnd = b
                    break
                }
                x += glyphs[i].advance + glyphs[i].kern
                i += 1
            }
        }
        lines.append(makeLine(glyphs[start..<lineEnd]))
        // The next line starts after the spaces at the break.
        start = lineEnd
        while start < end, glyphs[start].isSpace { start += 1 }
        if start == end && lineEnd == end { break }
    }
}

private func makeLine(_ glyphs: ArraySlice<ShapedGlyph>) -> LaidOutLine {
    var trimmedEnd = glyphs.endIndex
    while trimmedEnd > glyphs.startIndex, glyphs[trimmedEnd - 1].isSpace { trimmedEnd -= 1 }
    var runs: [LaidOutRun] = []
    var x = 0.0
    var width = 0.0
    var i = glyphs.startIndex
    while i < trimmedEnd {
        let face = glyphs[i].face
        var run = LaidOutRun(face: face, x: x, glyphs: [], advance: 0)
        // Usually one run holds the whole line: room for all of it, no regrowth per glyph.
        run.glyphs.reserveCapacity(trimmedEnd - i)
        var runX = 0.0
        while i < trimmedEnd, glyphs[i].face == face {
            run.glyphs.append(Scene.PositionedGlyph(glyph: glyphs[i].glyph, x: runX, scalar: glyphs[i].scalar))
            // Kerning only with a right neighbour drawn on the same line in the same face.
            runX += glyphs[i].advance + (i + 1 < trimmedEnd && glyphs[i + 1].face == face ? glyphs[i].kern : 0)
            i += 1
        }
        run.advance = runX
        x += runX
        width = x
        runs.append(run)
    }
    return LaidOutLine(runs: runs, width: width)
}

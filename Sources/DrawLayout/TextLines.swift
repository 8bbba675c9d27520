// Lines of a shaped text: greedy breaking at UAX #14 opportunities and hyphenation points,
// the ellipsis of `maxLines:`, tabs, and each line cut into runs of positioned glyphs (with
// what shaping gave them: offsets, the texts glyphs stand for) and justified.

import DrawBase
import DrawCatalogue
import DrawDiagnostics
import DrawFonts
import DrawScene
import DrawSemantics

extension LayoutEngine {
    /// `…` in the face of `glyph` (its style's first face that has it), else three full stops.
    func ellipsisGlyphs(after glyph: ShapedGlyph, settings: [RunSettings]) -> [ShapedGlyph] {
        let r = settings[Int(glyph.style)]
        for candidate in [[Unicode.Scalar(0x2026)!], [".", ".", "."] as [Unicode.Scalar]] {
            for face in r.faces {
                let f = faces[face]
                let ids = candidate.compactMap { f.glyph(for: $0) }
                guard ids.count == candidate.count else { continue }
                return zip(candidate, ids).map { scalar, id in
                    ShapedGlyph(scalar: scalar, face: face, glyph: id, advance: f.advance(id) * r.size, kern: 0, isSpace: false,
                                isTab: false, style: glyph.style, size: r.size, offset: -1)
                }
            }
        }
        return []
    }

    /// The hyphen drawn at a hyphenated line end, in the face of the glyph before it.
    func hyphenGlyph(after glyph: ShapedGlyph) -> ShapedGlyph? {
        let f = faces[glyph.face]
        guard let id = f.glyph(for: "-") else { return nil }
        return ShapedGlyph(scalar: "-", face: glyph.face, glyph: id, advance: f.advance(id) * glyph.size, kern: 0, isSpace: false,
                           isTab: false, style: glyph.style, size: glyph.size, offset: -1)
    }

    /// Greedy line breaking of one paragraph at the break opportunities of UAX #14 (and
    /// hyphenation points): a line ends at the last opportunity that still fits. Trailing
    /// spaces never count toward a line's width and are not drawn.
    func breakParagraph(_ glyphs: [ShapedGlyph], _ paragraph: Range<Int>, settings: [RunSettings], wrapWidth: Double?,
                                scale: Double, into ranges: inout [LineRange]) {
        let start0 = paragraph.lowerBound, end = paragraph.upperBound
        if start0 == end { ranges.append(LineRange(start: start0, end: end, hyphen: false, paragraphEnd: true)); return }
        // Without a width only a mandatory break (after BK, CR, LF, NL) ends a line: with none
        // of those the paragraph is one line, as the loop below would find (and no class
        // array is made for it).
        if wrapWidth == nil {
            var hardBreaks = false
            for i in paragraph where !glyphs[i].isTab {
                // Printable ASCII is never BK, CR, LF or NL (ASCIIShapingTests checks it).
                if glyphs[i].scalar.value >= 0x20 && glyphs[i].scalar.value < 0x7F { continue }
                let c = LineBreakClass.resolved(glyphs[i].scalar)
                if c == .BK || c == .CR || c == .LF || c == .NL { hardBreaks = true; break }
            }
            if !hardBreaks {
                ranges.append(LineRange(start: start0, end: end, hyphen: false, paragraphEnd: true))
                return
            }
        }
        var classes: [LineBreakClass] = []
        classes.reserveCapacity(end - start0)
        for i in paragraph {
            classes.append(glyphs[i].isTab ? LineBreakClass.BA : LineBreakClass.resolved(glyphs[i].scalar))
        }
        let actions = lineBreakActions(classes)
        // Hyphenation is looked for only where a line overflows, in the word it overflows in.
        let hyphenates = wrapWidth != nil && settings.contains(where: { $0.typography.hyphenate })
        func isLetter(_ i: Int) -> Bool {
            settings[Int(glyphs[i].style)].typography.hyphenate && glyphs[i].scalar.properties.isAlphabetic
        }
        /// The last hyphenation point of the word around `i` where the line from `start`
        /// (pen at `x` before glyph `wordStart`) still fits with its hyphen, and its width.
        func hyphenBreak(around i: Int, lineStart: Int, wordStart: Int, x: Double, limit: Double) -> Int? {
            var e = i
            while e < end, isLetter(e) { e += 1 }
            let points = Hyphenator.english.points((wordStart..<e).map { glyphs[$0].scalar })
            guard !points.isEmpty else { return nil }
            var best: Int? = nil
            var pen = x
            var k = wordStart
            for p in points {
                let q = wordStart + p
                guard q > lineStart, q <= i, actions[q - start0] == .prohibited else { continue }
                while k < q - 1 { pen += glyphs[k].advance + glyphs[k].kern; k += 1 }
                let width = pen + glyphs[q - 1].advance + (hyphenGlyph(after: glyphs[q - 1])?.advance ?? 0)
                if width <= limit + 1e-9 { best = q }
            }
            return best
        }
        var start = start0
        while start < end {
            var lineEnd = end
            var hyphen = false
            var x = 0.0, contentEnd = 0.0
            var lastFit: (Int, Bool)? = nil
            // The letters before `i` from `wordStart`, with the pen at `wordX` before them.
            var wordStart = -1, wordX = 0.0
            var i = start
            while i < end {
                let k = i - start0
                if i > start {
                    let action = actions[k]
                    if action == .mandatory { lineEnd = i; break }
                    if action == .allowed {
                        if wrapWidth == nil || contentEnd <= wrapWidth! + 1e-9 {
                            lastFit = (i, false)
                        } else if let fit = lastFit {
                            (lineEnd, hyphen) = fit; break
                        } else {
                            // The piece before this opportunity is wider than the line alone.
                            (lineEnd, hyphen) = (i, false); break
                        }
                    }
                }
                let g = glyphs[i]
                let advance = g.isTab ? tabAdvance(at: x, stops: settings[Int(g.style)].typography.tabStops, scale: scale) : g.advance
                if hyphenates {
                    if isLetter(i) { if wordStart < 0 { wordStart = i; wordX = x } } else { wordStart = -1 }
                }
                if !g.isSpace {
                    contentEnd = x + advance
                    if let limit = wrapWidth, contentEnd > limit + 1e-9 {
                        if hyphenates, wordStart >= 0,
                           let q = hyphenBreak(around: i, lineStart: max(start, lastFit?.0 ?? start), wordStart: wordStart, x: wordX, limit: limit) {
                            (lineEnd, hyphen) = (q, true); break
                        }
                        if let fit = lastFit, fit.0 > start { (lineEnd, hyphen) = fit; break }
                    }
                }
                x += advance + g.kern
                i += 1
            }
            ranges.append(LineRange(start: start, end: lineEnd, hyphen: hyphen, paragraphEnd: lineEnd == end))
            start = lineEnd
        }
    }

    /// The advance of a tab whose pen is at `x`: to the next stop (then on at the last interval).
    func tabAdvance(at x: Double, stops: [Double], scale: Double) -> Double {
        for stop in stops where stop * scale > x + 1e-9 { return stop * scale - x }
        let last = (stops.last ?? 0) * scale
        let interval = stops.count > 1 ? (stops[stops.count - 1] - stops[stops.count - 2]) * scale : last
        guard interval > 0 else { return 0 }
        let steps = ((x - last) / interval).rounded(.down) + 1
        return last + steps * interval - x
    }

    /// Positions the glyphs of one line in runs of one face, size and style; `extra` (an
    /// ellipsis) goes after the last glyph drawn.
    func makeLine(_ glyphs: [ShapedGlyph], _ range: LineRange, settings: [RunSettings], scale: Double,
                          extra: [ShapedGlyph], texts: [String]?) -> LaidOutLine {
        var trimmedEnd = range.end
        while trimmedEnd > range.start, glyphs[trimmedEnd - 1].isSpace { trimmedEnd -= 1 }
        let drawn = trimmedEnd - range.start
        // The usual line is a run of the shaped glyphs as they are: read in place, not copied.
        guard range.hyphen || !extra.isEmpty else {
            return glyphs.withUnsafeBufferPointer {
                makeLine(UnsafeBufferPointer(rebasing: $0[range.start..<trimmedEnd]), drawn: drawn, settings: settings, scale: scale,
                         texts: texts)
            }
        }
        var list = Array(glyphs[range.start..<trimmedEnd])
        if range.hyphen, let last = list.last, let hyphen = hyphenGlyph(after: last) { list.append(hyphen) }
        list.append(contentsOf: extra)
        return list.withUnsafeBufferPointer { makeLine($0, drawn: drawn, settings: settings, scale: scale, texts: texts) }
    }

    /// `makeLine` over the line's glyphs: the first `drawn` are the shaped text's (kerned with
    /// their right neighbour), any after them a hyphen or an ellipsis. `texts`: the text's
    /// shaping texts (`ShapedGlyph.textIndex`), nil when no glyph of the text came from shaping
    /// or reordering — then no glyph has an offset, a text of its own or a logical index, and
    /// the glyphs are positioned without looking for them (most Latin text).
    func makeLine(_ list: UnsafeBufferPointer<ShapedGlyph>, drawn: Int, settings: [RunSettings], scale: Double,
                  texts: [String]?) -> LaidOutLine {
        var runs: [LaidOutRun] = []
        var x = 0.0
        var width = 0.0
        var i = 0
        while i < list.count {
            let first = list[i]
            // The run: glyphs of one face, size and style.
            var end = i + 1
            while end < list.count, list[end].face == first.face, list[end].size == first.size, list[end].style == first.style { end += 1 }
            let runStart = i, count = end - i
            var runX = 0.0
            let positioned = [Scene.PositionedGlyph](unsafeUninitializedCapacity: count) { buffer, initialized in
                for k in 0..<count {
                    let g = list[runStart + k]
                    let advance = g.isTab ? tabAdvance(at: x + runX, stops: settings[Int(g.style)].typography.tabStops, scale: scale) : g.advance
                    buffer.initializeElement(at: k, to: Scene.PositionedGlyph(glyph: g.glyph, x: runX, scalar: g.scalar))
                    // Kerning only with a right neighbour drawn on the same line in the same run.
                    let next = runStart + k + 1
                    runX += advance + (next < end && next < drawn ? g.kern : 0)
                }
                initialized = count
            }
            var run = LaidOutRun(face: first.face, x: x, glyphs: positioned, advance: runX, size: first.size,
                                 style: Int(first.style), shift: settings[Int(first.style)].shift)
            if let texts { Self.addShaping(to: &run, UnsafeBufferPointer(rebasing: list[runStart..<end]), texts: texts) }
            runs.append(run)
            i = end
            x += runX
            width = x
        }
        return LaidOutLine(runs: runs, width: width, baseline: 0)
    }

    /// What shaping gave the glyphs of `run` beyond their pens: offsets from the pen (x) and
    /// the baseline (`glyphY`), the texts glyphs stand for (`glyphText`) and the run's logical
    /// text (`actualText`).
    static func addShaping(to run: inout LaidOutRun, _ glyphs: UnsafeBufferPointer<ShapedGlyph>, texts: [String]) {
        var glyphY: [Double]? = nil
        var glyphText: [String]? = nil
        for (k, g) in glyphs.enumerated() {
            if g.offsetX != 0 { run.glyphs[k].x += g.offsetX }
            if g.offsetY != 0 || glyphY != nil {
                if glyphY == nil { glyphY = [Double](repeating: 0, count: k) }
                glyphY!.append(g.offsetY)
            }
            if g.glyphTextIndex != -1 || glyphText != nil {
                if glyphText == nil { glyphText = glyphs[..<k].map { String($0.scalar) } }
                glyphText!.append(g.glyphTextIndex >= 0 ? texts[Int(g.glyphTextIndex)] : g.glyphTextIndex == -2 ? "" : String(g.scalar))
            }
        }
        run.glyphY = glyphY
        run.glyphText = glyphText
        run.actualText = actualText(glyphs[...], texts: texts)
    }

    /// The logical text of a run's glyphs when shaping or reordering made it differ from
    /// their scalars in drawing order (ligatures, split characters, right to left); nil
    /// otherwise. A line the bidirectional algorithm reordered has each glyph's logical index.
    static func actualText(_ glyphs: Slice<UnsafeBufferPointer<ShapedGlyph>>, texts: [String]) -> String? {
        guard glyphs.contains(where: { $0.textIndex != -1 || $0.isRTL }) else { return nil }
        // Built as UTF-8 bytes: appending to a `String.UnicodeScalarView` cost tens of
        // instructions a scalar (a run of shaped Latin with one ligature builds its whole text).
        var text: [UInt8] = []
        text.reserveCapacity(glyphs.count + glyphs.count / 2)
        func add(_ g: ShapedGlyph) {
            switch g.textIndex {
            case -1:
                if g.scalar.value < 0x80 { text.append(UInt8(g.scalar.value)) } else { UTF8.encode(g.scalar) { text.append($0) } }
            case -2: break
            default: text.append(contentsOf: texts[Int(g.textIndex)].utf8)
            }
        }
        if glyphs.contains(where: { $0.logicalIndex >= 0 }) {
            for g in glyphs.sorted(by: { $0.logicalIndex < $1.logicalIndex }) { add(g) }
        } else {
            for g in glyphs { add(g) }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Stretches a line to `width`: the extra space goes to its word spaces, or, in a line
    /// without spaces (CJK), between all its characters.
    func justify(_ line: inout LaidOutLine, to width: Double) {
        let extra = width - line.width
        guard extra > 1e-9 else { return }
        var spaces = 0, count = 0
        for run in line.runs {
            count += run.glyphs.count
            for g in run.glyphs where g.scalar == " " { spaces += 1 }
        }
        let gaps = spaces > 0 ? spaces : count - 1
        guard gaps > 0 else { return }
        let step = extra / Double(gaps)
        var added = 0.0
        for r in line.runs.indices {
            let runStart = added
            let originalX = line.runs[r].x
            for g in line.runs[r].glyphs.indices {
                line.runs[r].glyphs[g].x += added - runStart
                let isGap = spaces > 0 ? line.runs[r].glyphs[g].scalar == " " : true
                if isGap { added += step }
            }
            line.runs[r].x = originalX + runStart
            // The last glyph of the line takes no gap after it.
            line.runs[r].advance += added - runStart
        }
        if spaces == 0, let r = line.runs.indices.last { line.runs[r].advance -= step }
        line.width = width
    }
}

// Bidirectional text in text layout: the paragraphs of a shaped text resolved by UAX #9
// (Bidi.swift) on the logical text, and each line, once broken (UAX #14 on the logical
// text), put in visual order (rules L1, L2) with mirrored glyphs at right-to-left levels
// (rule L4) before it is cut into runs. Only texts with a right-to-left letter, an Arabic
// digit or an explicit directional control come here (`needsBidi` in TextLayout.swift):
// left-to-right text pays nothing.
//
// The paragraph direction is `textDirection:`; `auto` finds it from the first strong
// character (rules P2, P3), and `rtl` sends every text here. Runs come
// out in visual order, each a piece of one face, size and style, its glyphs left to right;
// a markup run keeps its style through reordering (runs split wherever the style changes).

import DrawScene
import DrawSemantics

/// A resolved paragraph of a shaped text: glyphs `start..<end`.
struct BidiShapedParagraph {
    var start: Int
    var end: Int
    var paragraph: BidiParagraph
}

extension LayoutEngine {
    /// The paragraphs of `shaped` (ending at `paragraphEnds`) with their levels resolved.
    func bidiParagraphs(_ shaped: [ShapedGlyph], paragraphEnds: [Int], direction: TextDirection) -> [BidiShapedParagraph] {
        let base: UInt8?
        switch direction {
        case .auto: base = nil
        case .ltr: base = 0
        case .rtl: base = 1
        }
        var result: [BidiShapedParagraph] = []
        var start = 0
        for end in paragraphEnds {
            let scalars = shaped[start..<end].map(\.scalar)
            let classes = scalars.map(BidiClass.of)
            result.append(BidiShapedParagraph(start: start, end: end,
                                              paragraph: BidiParagraph(classes: classes, scalars: scalars, baseLevel: base)))
            start = end
        }
        return result
    }

    /// `makeLine` for a line of a text that needs the bidirectional algorithm: the glyphs of
    /// `range` (trailing spaces dropped) in visual order, mirrored where their level is odd
    /// and kerned with their visual neighbours; `extra` (hyphen, ellipsis) at the line's end in
    /// the paragraph's direction.
    func makeBidiLine(_ glyphs: [ShapedGlyph], _ range: LineRange, paragraphs: [BidiShapedParagraph], settings: [RunSettings],
                      scale: Double, extra: [ShapedGlyph], texts: [String]) -> LaidOutLine {
        var trimmedEnd = range.end
        while trimmedEnd > range.start, glyphs[trimmedEnd - 1].isSpace { trimmedEnd -= 1 }
        guard let p = paragraphs.first(where: { range.start >= $0.start && range.start < $0.end }) ?? paragraphs.last else {
            return LaidOutLine(runs: [], width: 0, baseline: 0)
        }
        let levels = p.paragraph.lineLevels((range.start - p.start)..<(trimmedEnd - p.start))
        var list: [ShapedGlyph] = []
        list.reserveCapacity(levels.count + extra.count + 1)
        for k in bidiVisualOrder(levels) {
            var g = glyphs[range.start + k]
            g.logicalIndex = Int32(k)
            // Mirroring (L4) of a glyph shaping left as the cmap's.
            if levels[k] & 1 == 1, let mirrored = BidiTables.mirror(g.scalar), let id = faces[g.face].glyph(for: mirrored),
               !g.isShaped || faces[g.face].glyph(for: g.scalar) == g.glyph {
                let face = faces[g.face]
                g.advance += (face.advance(id) - face.advance(g.glyph)) * g.size
                g.scalar = mirrored
                g.glyph = id
            }
            list.append(g)
        }
        var tail: [ShapedGlyph] = []
        if range.hyphen, trimmedEnd > range.start, let hyphen = hyphenGlyph(after: glyphs[trimmedEnd - 1]) { tail.append(hyphen) }
        tail.append(contentsOf: extra)
        for n in tail.indices { tail[n].logicalIndex = Int32(levels.count + n) }
        if p.paragraph.baseLevel & 1 == 1 { list.insert(contentsOf: tail, at: 0) } else { list.append(contentsOf: tail) }
        // Kerning between visual neighbours of one face, size and style (a shaped word has its
        // own positioning).
        for i in list.indices {
            list[i].kern = 0
            guard i + 1 < list.count else { continue }
            let a = list[i], b = list[i + 1]
            if a.face == b.face, a.size == b.size, a.style == b.style, !a.isTab, !b.isTab, !(a.isShaped && b.isShaped) {
                list[i].kern = faces[a.face].kerning(a.glyph, b.glyph) * a.size
            }
        }
        var line = list.withUnsafeBufferPointer { makeLine($0, drawn: $0.count, settings: settings, scale: scale, texts: texts) }
        line.rightToLeft = p.paragraph.baseLevel & 1 == 1
        return line
    }
}

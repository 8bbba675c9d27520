// Tiling patterns in PostScript (issue 24): each document pattern a page uses is defined
// once at the top of the page as a LanguageLevel 2 pattern dictionary (PLRM 3rd ed. §4.9.2:
// /PatternType 1, /PaintType 1 — coloured —, /TilingType 1, /BBox the tile's box, /XStep
// /YStep its step, /PaintProc the tile's items); a fill instantiates it with `makepattern`,
// which takes the current transformation of the moment (the path's user space) followed by
// the pattern's own transform, so the tile lands where PDF's /Matrix and SVG's
// patternTransform put it.

import DrawBase
import DrawOutput
import DrawScene

extension PSBody {
    /// The name of document pattern `index`'s dictionary.
    static func patternName(_ index: Int) -> String { "DrawcTile\(index)" }

    /// `/DrawcTile<n> << … /PaintProc { pop … } >> def` for each pattern the page uses.
    func definePatterns(_ indices: [Int], into content: inout PSContent) {
        for index in indices {
            let pattern = document.patterns[index]
            content.rawText("/" + Self.patternName(index) + " << /PatternType 1 /PaintType 1 /TilingType 1 /BBox [0 0 ")
            content.number(pattern.size.width); content.number(pattern.size.height)
            content.rawText("] /XStep "); content.number(pattern.step.width)
            content.rawText("/YStep "); content.number(pattern.step.height)
            content.rawText("/PaintProc { pop")
            content.newline()
            // The procedure runs in a graphics state of its own: nothing of the page's is known.
            content.forgetState()
            content.gsave()
            // The tile is its box: what the items draw outside it is not part of the tile.
            content.number(0); content.number(0); content.number(pattern.size.width); content.number(pattern.size.height)
            content.op("rectclip")
            items(pattern.items, into: &content)
            content.grestore()
            content.op("} >> def")
            // Back on the page, whose state the procedure's text did not change; unknown here
            // as far as the tracker goes, so the next colour and line style are written again.
            content.forgetState()
        }
    }

    /// Fills `path` with its fill's pattern (the stroke, if any, is the caller's).
    func tiledPath(_ path: Scene.Path, fill: Fill, into content: inout PSContent) {
        guard let id = fill.pattern, document.patterns.indices.contains(id.index) else { return }
        let m = document.patterns[id.index].transform
        content.gsave()
        content.path(path)
        if usesOpacity { content.setFillAlpha(1) }
        content.rawText(Self.patternName(id.index) + " [")
        for v in [m.a, m.b, m.c, m.d] { content.number(v, precision: 8) }
        content.number(m.e); content.number(m.f)
        content.op("] makepattern setpattern")
        content.op(fill.rule == .evenOdd ? "ef" : "f")
        content.grestore()
    }
}

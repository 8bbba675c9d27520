// OpenType shaping in text layout: the words of a text that need it shaped in their face
// (DrawFonts' Shaping.swift) and their glyphs put in the place of the text's, each with the
// text it stands for (PDF's ToUnicode and ActualText, SVG's selectable text).

import DrawCatalogue
import DrawDiagnostics
import DrawFonts
import DrawScene
import DrawSemantics

extension LayoutEngine {
    /// The text each glyph of a cluster stands for on its own: a glyph the font maps a
    /// scalar of the cluster to stands for that scalar; the first other glyph (a ligature, a
    /// contextual form) for the scalars no glyph took; any further one for nothing.
    static func glyphTexts(_ glyphs: [UInt16], scalars: ArraySlice<Unicode.Scalar>, face: LayoutFace) -> [String] {
        if glyphs.count == 1 { return [String(String.UnicodeScalarView(scalars))] }
        var taken = [Bool](repeating: false, count: scalars.count)
        var result = [String?](repeating: nil, count: glyphs.count)
        let cmap = scalars.map { face.glyph(for: $0) }
        for (k, glyph) in glyphs.enumerated() {
            if let j = cmap.indices.first(where: { !taken[$0] && cmap[$0] == glyph }) {
                taken[j] = true
                result[k] = String(scalars[scalars.startIndex + j])
            }
        }
        var rest = String.UnicodeScalarView()
        for j in taken.indices where !taken[j] { rest.append(scalars[scalars.startIndex + j]) }
        var restGiven = false
        return result.map { text in
            if let text { return text }
            if restGiven { return "" }
            restGiven = true
            return String(rest)
        }
    }

    /// Shapes the words of `shaped` that need it — a TrueType face whose plan for the
    /// word's script changes glyphs, or `features:` — replacing their glyphs by the shaped
    /// ones in logical order (clusters ascending; a right-to-left word's glyphs reversed, which the
    /// bidirectional algorithm puts back in HarfBuzz's visual order: `makeBidiLine`).
    /// A word: glyphs of one face, style and size between spaces, tabs and paragraph ends
    /// (shaping word by word, as browsers' word caches do: no lookup of a real font reaches
    /// across a space).
    /// Returns whether shaping changed any glyph.
    func shapeWords(_ shaped: inout [ShapedGlyph], paragraphEnds: inout [Int], settings: [RunSettings], scale: Double,
                            texts: inout [String]) -> Bool {
        // Text in the standard fonts only (never shaped) costs one look at the faces.
        guard !shaped.isEmpty, faces.contains(where: { if case .trueType = $0.kind { true } else { false } }) else { return false }
        // `out` is filled from the first word that shaping changes (until then it would be a
        // copy of `shaped[..<i]`, thrown away when nothing changes).
        var out: [ShapedGlyph] = []
        var changed = false
        var ends = paragraphEnds[...]
        var newEnds: [Int] = []
        var i = 0
        func flushEnds(upTo index: Int) {
            let written = changed ? out.count : index
            while let e = ends.first, e <= index { newEnds.append(e - index + written); ends = ends.dropFirst() }
        }
        while i < shaped.count {
            flushEnds(upTo: i)
            let first = shaped[i]
            let face = faces[first.face]
            guard !first.isSpace, !first.isTab, face.isOutlineFace else { if changed { out.append(first) }; i += 1; continue }
            let limit = ends.first.map { min($0, shaped.count) } ?? shaped.count
            var e = i + 1
            while e < limit, shaped[e].face == first.face, shaped[e].style == first.style, shaped[e].size == first.size,
                  !shaped[e].isSpace, !shaped[e].isTab { e += 1 }
            let features = settings[Int(first.style)].typography.features
            var script = ShapingScript.common
            for k in i..<e { if let s = ShapingScript.of(shaped[k].scalar) { script = s; break } }
            let plain: Bool
            switch script {
            case .common, .latin, .greek, .cyrillic: plain = face.latinIsPlain && features.isEmpty
            case .arabic, .syriac, .hebrew, .devanagari, .bengali, .tamil, .thai, .lao: plain = false
            }
            guard !plain, let glyphs = face.shapeWord(shaped[i..<e].lazy.map(\.scalar), script: script, features: features) else {
                if changed { out.append(contentsOf: shaped[i..<e]) }
                i = e; continue
            }
            if !changed {
                changed = true
                out.reserveCapacity(shaped.count + shaped.count / 8)
                out.append(contentsOf: shaped[..<i])
            }
            let rtl = script.direction == .rightToLeft
            let logical = rtl ? Array(glyphs.reversed()) : glyphs
            let unit = face.unitScale * first.size
            let letterSpacing = settings[Int(first.style)].typography.letterSpacing * scale
            let wordLength = e - i
            // Cluster starts, ascending: a cluster's text runs to the next start. In logical
            // order the clusters usually ascend already: then the next start is the next glyph's.
            var ascending = true
            for k in logical.indices.dropFirst() where logical[k].cluster < logical[k - 1].cluster { ascending = false; break }
            let starts = ascending ? [] : Array(Set(logical.map(\.cluster))).sorted()
            var clusterStart = 0
            while clusterStart < logical.count {
                // One cluster: its glyphs, its scalars.
                let c = min(max(logical[clusterStart].cluster, 0), wordLength - 1)
                var clusterEnd = clusterStart + 1
                while clusterEnd < logical.count, logical[clusterEnd].cluster == logical[clusterStart].cluster { clusterEnd += 1 }
                let next = ascending ? (clusterEnd < logical.count ? min(max(logical[clusterEnd].cluster, c + 1), wordLength) : wordLength)
                    : starts.first(where: { $0 > c }) ?? wordLength
                // One glyph for one scalar (most Latin letters): its text is that scalar (and no
                // array of texts is made for it).
                let single = clusterEnd - clusterStart == 1 && next - c == 1
                let own = single ? []
                    : Self.glyphTexts(logical[clusterStart..<clusterEnd].map(\.glyph), scalars: ArraySlice(shaped[(i + c)..<(i + next)].map(\.scalar)),
                                      face: face)
                for k in 0..<(clusterEnd - clusterStart) {
                    let index = clusterStart + k
                    var item = shaped[i + c]
                    let g = logical[index]
                    let firstOfCluster = k == 0
                    item.glyph = g.glyph
                    item.advance = Double(g.xAdvance) * unit + (firstOfCluster ? letterSpacing : 0)
                    item.kern = 0
                    item.offsetX = Double(g.xOffset) * unit
                    item.offsetY = -Double(g.yOffset) * unit
                    item.isShaped = true
                    item.isRTL = rtl
                    if !firstOfCluster {
                        item.textIndex = -2
                    } else if next - c > 1 {
                        texts.append(String(String.UnicodeScalarView(shaped[(i + c)..<(i + next)].lazy.map(\.scalar))))
                        item.textIndex = Int32(texts.count - 1)
                    }
                    if single {
                        // Its own scalar: glyphTextIndex stays -1.
                    } else if own[k].isEmpty {
                        item.glyphTextIndex = -2
                    } else if own[k].unicodeScalars.count != 1 || own[k].unicodeScalars.first != item.scalar {
                        texts.append(own[k])
                        item.glyphTextIndex = Int32(texts.count - 1)
                    }
                    out.append(item)
                }
                clusterStart = clusterEnd
            }
            i = e
        }
        flushEnds(upTo: shaped.count)
        guard changed else { return false }
        shaped = out
        paragraphEnds = newEnds
        return true
    }
}

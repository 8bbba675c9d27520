// What text layout reports about a text: damaged glyphs, features without OpenType fonts,
// markup mistakes, characters no font has (each at its exact place when it can be found).

import DrawCatalogue
import DrawDiagnostics
import DrawFonts
import DrawScene
import DrawSemantics

extension LayoutEngine {
    /// Glyphs whose data is damaged (a broken `loca` entry, a corrupt charstring), one error
    /// per face at the text naming the font and the glyphs (issue 34, point 11): before, PDF
    /// and SVG left the text out without a word and only PostScript warned. Every glyph the
    /// text shows is decoded once per face (`LayoutFace.damage(of:)`), here, for every format.
    mutating func reportDamagedGlyphs(_ shaped: [ShapedGlyph], span: Span) {
        guard faces.contains(where: \.isOutlineFace) else { return }
        // Almost never is a glyph damaged: look for one first, in place (a loop over the
        // generic sequence below cost 30 instructions a glyph).
        let faceList = faces
        let clean = shaped.withUnsafeBufferPointer { glyphs in
            var current = -1
            var face = faceList[0]
            for g in glyphs where !g.isTab {
                if g.face != current { current = g.face; face = faceList[current] }
                if face.isOutlineFace, face.damage(of: g.glyph) != nil { return false }
            }
            return true
        }
        guard !clean else { return }
        reportDamagedGlyphs(shaped.lazy.filter { !$0.isTab }.map { ($0.face, $0.glyph, $0.scalar) }, span: span)
    }

    /// `reportDamagedGlyphs` for the one-line ASCII path (`asciiLine`): a glyph per byte.
    mutating func reportDamagedGlyphs(_ line: LaidOutLine, content: String, span: Span) {
        guard let run = line.runs.first, faces[run.face].isOutlineFace else { return }
        reportDamagedGlyphs(zip(run.glyphs, content.utf8).lazy.map { (run.face, $0.glyph, Unicode.Scalar($1)) }, span: span)
    }

    mutating func reportDamagedGlyphs(_ glyphs: some Sequence<(Int, UInt16, Unicode.Scalar)>, span: Span) {
        var damaged: [(face: Int, glyph: UInt16, scalar: Unicode.Scalar, error: FontError)] = []
        let faceList = faces
        var current = -1
        var face = faceList[0]
        for (faceIndex, glyph, scalar) in glyphs {
            if faceIndex != current { current = faceIndex; face = faceList[current] }
            guard face.isOutlineFace, let error = face.damage(of: glyph),
                  !damaged.contains(where: { $0.face == faceIndex && $0.glyph == glyph }) else { continue }
            damaged.append((faceIndex, glyph, scalar, error))
        }
        guard !damaged.isEmpty else { return }
        var reported: [Int] = []
        for entry in damaged where !reported.contains(entry.face) {
            reported.append(entry.face)
            let glyphs = damaged.filter { $0.face == entry.face }
            let named = glyphs.prefix(5).map { LayoutMessages.damagedGlyph($0.glyph, for: $0.scalar) }
            let layoutFace = faceList[entry.face]
            var file: String?
            if case .trueType(let ref) = layoutFace.kind, let path = ref.path { file = lastComponent(path) }
            report(LayoutMessages.damagedGlyphs(font: layoutFace.displayName, file: file, glyphs: named, more: max(0, glyphs.count - 5),
                                                detail: entry.error.detail, at: span))
        }
    }

    /// `features:` on text whose fonts are all standard ones (issue 33): the standard 14 have
    /// no OpenType tables, so the features would change nothing without a word.
    mutating func reportFeaturesWithoutOpenType(_ faceIndices: [Int], span: Span) {
        var standard: [String] = []
        for index in faceIndices {
            switch faces[index].kind {
            case .trueType: return
            case .standard: standard.append(faces[index].displayName)
            }
        }
        guard let first = standard.first else { return }
        report(LayoutMessages.featuresWithoutOpenType(font: first, at: span))
    }

    /// Markup mistakes at their bytes when the content is the literal's bytes, else at the text.
    mutating func reportMarkupErrors(_ errors: [MarkupError], span: Span, literal: Span?) {
        for e in errors {
            var at = span
            var notes: [Diagnostic.Note] = []
            if let literal {
                let start = literal.start + 1 + UInt32(e.offset)
                at = Span(file: literal.file, start: start, end: start + UInt32(e.length))
                if let opened = e.openedAt, let opener = e.openerText {
                    let o = literal.start + 1 + UInt32(opened)
                    notes.append(LayoutMessages.markupOpenedHere(opener, at: Span(file: literal.file, start: o, end: o + 1)))
                }
            }
            notes.append(LayoutMessages.markupSummary)
            report(.error(e.id.rawValue, at: at, e.message, notes: notes))
        }
    }

    mutating func reportTextProblems(complexScript: String?, missing: [Unicode.Scalar], missingOffsets: [Int],
                                             faces: [Int], span: Span, literal: Span?, content: String) {
        if let script = complexScript {
            report(LayoutMessages.complexScript(script, at: span))
        }
        // A complex script is reported once for the node, not letter by letter.
        guard !missing.isEmpty, complexScript == nil else { return }
        let fontText = LayoutMessages.fontList(faces.map { self.faces[$0].displayName })
        let advice = LayoutMessages.missingGlyphAdvice(standardOnly: standardOnly(faces))
        // Exact places only when the text is byte for byte the literal (no escapes, no
        // composition) and every missing character's offset is known.
        if let literal, missingOffsets.allSatisfy({ $0 >= 0 }) {
            // Each character at its own place.
            for (scalar, offset) in zip(missing, missingOffsets).prefix(5) {
                let start = literal.start + 1 + UInt32(offset)
                let at = Span(file: literal.file, start: start, end: start + UInt32(UTF8.width(scalar)))
                report(LayoutMessages.missingGlyph(scalar, fonts: fontText, advice: advice, at: at))
            }
            if missing.count > 5 {
                report(LayoutMessages.moreMissingGlyphs(missing.count - 5, fonts: fontText, at: span))
            }
        } else {
            // One place for all (a mistake is reported once per place): one message naming them.
            var notes = [advice]
            if let field = dataField(holding: missing[0], in: content) {
                notes.insert(LayoutMessages.missingGlyphFromData(at: field), at: 0)
            }
            report(LayoutMessages.missingGlyphs(missing.prefix(5).map(LayoutMessages.describeCharacter), more: max(0, missing.count - 5),
                                                fonts: fontText, notes: notes, at: span))
        }
    }

    /// The field of a data file (`Drawing.dataTexts`) that text made from data took `scalar`
    /// from: the first field holding it whose whole text is in `content` (the longest, when
    /// several are), so the message can name the record (`people.csv:3`).
    func dataField(holding scalar: Unicode.Scalar, in content: String) -> Span? {
        guard !dataTexts.isEmpty else { return nil }
        var best: (text: String, span: Span)?
        for (text, span) in dataTexts where text.unicodeScalars.contains(scalar) && content.contains(text) {
            if best == nil || text.utf8.count > best!.text.utf8.count
                || (text.utf8.count == best!.text.utf8.count && span.start < best!.span.start) { best = (text, span) }
        }
        return best?.span
    }
}

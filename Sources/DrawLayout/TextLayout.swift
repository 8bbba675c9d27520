// Text measurement and line layout with real font metrics.
//
// A text is split into lines at `\n`, each line wrapped greedily at spaces when a wrap
// width is given, and every glyph positioned with its advance and the font's pair kerning.
// Lines are stacked `lineHeight` apart; within a line box the baseline sits at
// half-leading + ascent of the primary face, as in CSS:
//     baseline = top + (lineHeight − (ascent + descent)) / 2 + ascent
// so a single line of 12pt Helvetica at the default 1.2 line height has its baseline
// 10.266pt below the top of its 14.4pt box, and text is optically centred in labels.

import DrawBase
import DrawCatalogue
import DrawDiagnostics
import DrawFonts
import DrawScene
import DrawSemantics

/// One shaped scalar before line breaking.
struct ShapedGlyph {
    var scalar: Unicode.Scalar
    var face: Int
    var glyph: UInt16
    /// Advance in points (letter and word spacing included).
    var advance: Double
    /// Kerning with the next glyph in points (0 when the next glyph is in another face).
    var kern: Double
    var isSpace: Bool
    /// A tab with tab stops: its advance is decided where it lands on the line.
    var isTab: Bool
    /// Index in the text's run styles.
    var style: Int32
    /// Font size in points (smaller than the style's for synthesised small caps).
    var size: Double
    /// Byte offset of the scalar in the text's content (-1: unknown).
    var offset: Int32
    /// Shaping (OpenType): the glyph's offset in points (x right, y down), whether it came
    /// from shaping a word and whether that word is right to left, and the text it stands
    /// for — -1: its scalar; -2: none (a further glyph of its cluster); n ≥ 0: `texts[n]`.
    var offsetX: Double = 0
    var offsetY: Double = 0
    var isShaped = false
    var isRTL = false
    var textIndex: Int32 = -1
    /// Its index in logical order on a line the bidirectional algorithm reordered (-1: none).
    var logicalIndex: Int32 = -1
    /// The text the glyph alone stands for (PDF's ToUnicode), as `textIndex`: -1: its scalar.
    var glyphTextIndex: Int32 = -1
}

/// A run's resolved settings while a text is laid out.
struct RunSettings {
    var faces: [Int]
    var size: Double
    var ascent: Double
    var descent: Double
    var shift: Double
    var typography: Typography
    var style: BlockStyle
}

/// One line before it is built: glyphs `start..<end` of the shaped text.
struct LineRange {
    var start: Int
    var end: Int
    var hyphen: Bool
    var paragraphEnd: Bool
}

extension LayoutEngine {
    /// Measures and breaks `content` into lines with the fonts and size of `style`.
    /// `wrapWidth`: break lines to fit (where UAX #14 allows, and at hyphenation points
    /// with `hyphenate: true`; a longer unbreakable piece overflows).
    /// `literal`: the string literal the content was written as, when its bytes are the
    /// content's bytes — then a missing character is reported at its exact place.
    /// `fit`: `maxLines:` and `overflow:`; `box`: the room the text has (for `shrink`).
    /// `contentFile`: the file the content is written in (its expression's), which font
    /// paths in markup are relative to; nil: the file of `span`.
    mutating func layoutText(_ content: String, style: ResolvedStyle, wrapWidth: Double?, align: TextAlign, span: Span,
                             literal: Span? = nil, fit: TextFit = TextFit(), box: Size? = nil, contentFile: FileID? = nil) -> TextBlock {
        // Kept from an earlier layout (TextCache.swift): the same faces are resolved again,
        // as measuring would, and the block comes back without shaping or breaking.
        guard let cache = textCache, !style.hasMarkup else {
            return measureText(content, style: style, wrapWidth: wrapWidth, align: align, span: span, literal: literal,
                               fit: fit, box: box, contentFile: contentFile)
        }
        // Where `font:` was written only places its diagnostics (reported by resolving the
        // faces, on every use): not part of the key, so a text moved by an edit is still found.
        var keyStyle = style
        if !keyStyle.fontsSpan.isUnknown { keyStyle.fontsSpan = .unknown }
        let key = TextMeasureCache.Key(content: content, style: keyStyle, wrapWidth: wrapWidth, align: align, fit: fit,
                                       box: fit.overflow == .shrink ? box : nil)
        if let entry = cache.lookup(key) {
            let reported = reportCount
            let faces = resolveFaces(style, span: span)
            if reportCount == reported {
                if faces == entry.faces { return entry.block }
                if let moved = entry.block.movingFaces(from: entry.faces, to: faces) { return moved }
            }
            // The fonts resolve differently now: measure again (what was reported stays reported,
            // as a fresh layout would have reported it resolving these faces for this text).
            return measureText(content, style: style, wrapWidth: wrapWidth, align: align, span: span, literal: literal,
                               fit: fit, box: box, contentFile: contentFile)
        }
        let reported = reportCount
        let block = measureText(content, style: style, wrapWidth: wrapWidth, align: align, span: span, literal: literal,
                                fit: fit, box: box, contentFile: contentFile)
        if reportCount == reported { cache.store(key, TextMeasureCache.Entry(block: block, faces: resolveFaces(style, span: span))) }
        return block
    }

    /// `layoutText`, always measuring.
    private mutating func measureText(_ content: String, style: ResolvedStyle, wrapWidth: Double?, align: TextAlign, span: Span,
                                      literal: Span?, fit: TextFit, box: Size?, contentFile: FileID?) -> TextBlock {
        let file = contentFile ?? span.file
        let first = layoutText(content, style: style, wrapWidth: wrapWidth, align: align, span: span, literal: literal,
                               fit: fit, scale: 1, file: file)
        guard fit.overflow == .shrink, let box, !Self.fits(first, box, wrapWidth: wrapWidth) else { return first }
        // The largest scale that fits, by bisection (a bounded number of layouts).
        var low = TextLimits.minimumShrink, high = 1.0
        var best = layoutText(content, style: style, wrapWidth: wrapWidth, align: align, span: span, literal: literal, fit: fit, scale: low,
                              file: file)
        guard Self.fits(best, box, wrapWidth: wrapWidth) else { return best }
        for _ in 0..<TextLimits.shrinkSteps {
            let mid = (low + high) / 2
            let block = layoutText(content, style: style, wrapWidth: wrapWidth, align: align, span: span, literal: literal, fit: fit, scale: mid,
                                   file: file)
            if Self.fits(block, box, wrapWidth: wrapWidth) { low = mid; best = block } else { high = mid }
        }
        return best
    }

    /// Whether a block fits a box (within the overflow tolerance).
    static func fits(_ block: TextBlock, _ box: Size, wrapWidth: Double?) -> Bool {
        let tolerance = LayoutDefaults.overflowTolerance
        return block.size.width <= box.width + tolerance && block.size.height <= box.height + tolerance
    }

    private mutating func layoutText(_ content: String, style base: ResolvedStyle, wrapWidth: Double?, align: TextAlign, span: Span,
                                     literal: Span?, fit: TextFit, scale: Double, file: FileID) -> TextBlock {
        // The runs: the whole content in the node's style, or the markup's runs.
        var markupRuns: [MarkupRun]? = nil
        if base.hasMarkup {
            let (runs, errors) = parseMarkup(content)
            if errors.isEmpty {
                markupRuns = runs
            } else {
                reportMarkupErrors(errors, span: span, literal: literal)
            }
        }
        // The base style's settings, made first (its faces resolved and reported) and kept
        // apart from the markup runs': the one-line fast path below needs no array of them.
        let baseSettings = runSettings(base, span: span, scale: scale)
        let lineHeight: Double
        switch base.lineHeight {
        case .multiple(let m): lineHeight = m * baseSettings.size
        case .absolute(let v): lineHeight = v * scale
        }
        let halfLeading = (lineHeight - (baseSettings.ascent + baseSettings.descent)) / 2
        // A text of one style has no styles of its own unless it is underlined or struck
        // through (its runs take the block's colour): an array fewer per text.
        let baseStyles = !baseSettings.style.underline && !baseSettings.style.strikethrough ? [] : [baseSettings.style]

        // One line of printable ASCII in the first face, neither wrapped nor cut: its glyphs positioned straight from
        // the bytes (the same numbers as shaping, kerning, breaking and `makeLine` below give it, no shaped glyphs),
        // and the block made without the run settings' scratch array (one run: the base style's).
        if markupRuns == nil, wrapWidth == nil, fit.maxLines == nil, baseSettings.typography.textDirection != .rtl,
           let line = asciiLine(content, baseSettings, scale: scale) {
            reportDamagedGlyphs(line, content: content, span: span)
            var lines = [line], top = 0.0
            placeLine(&lines[0], top: &top, halfLeading: halfLeading, base: baseSettings, settings: [])
            return TextBlock(lines: lines, size: Size(max(0.0, lines[0].width), top), fontSize: baseSettings.size,
                             lineHeight: lineHeight, baselineOffset: lines[0].baseline, align: align, color: base.color,
                             styles: baseStyles)
        }

        // The engine's scratch arrays, taken for the duration like `shaped` below (three
        // arrays fewer to allocate and free per text).
        var settings = runSettingsScratch
        runSettingsScratch = []
        defer { settings.removeAll(keepingCapacity: true); runSettingsScratch = settings }
        settings.append(baseSettings)
        func settle(_ style: ResolvedStyle) -> Int {
            settings.append(runSettings(style, span: span, scale: scale))
            return settings.count - 1
        }

        // The engine's scratch buffer, taken for the duration (no allocation per text).
        var shaped = shapedScratch
        shapedScratch = []
        defer { shaped.removeAll(keepingCapacity: true); shapedScratch = shaped }
        var paragraphEnds = paragraphEndsScratch
        paragraphEndsScratch = []
        defer { paragraphEnds.removeAll(keepingCapacity: true); paragraphEndsScratch = paragraphEnds }
        var missing: [Unicode.Scalar] = []
        /// Byte offset in the content of each missing scalar's first occurrence (-1: unknown).
        var missingOffsets: [Int] = []
        var missingFaces: [Int] = baseSettings.faces
        var complexScript: String?
        /// Whether the text has a right-to-left letter, an Arabic digit or an explicit
        /// directional control: only then is the bidirectional algorithm run (BidiLayout.swift).
        var needsBidi = baseSettings.typography.textDirection == .rtl
        var exactOffsets = literal != nil

        func shape(_ text: String.UnicodeScalarView, offsets: [Int32]?, run: Int) {
            let r = settings[run]
            let t = r.typography
            let faceObjects = r.faces.map { self.faces[$0] }
            var byteOffset = 0
            var index = 0
            var wordStart = true
            // (Asked once per run, not per scalar: the comparison is a call into DrawSemantics.)
            let plain = t.textTransform == .none && !t.smallCaps
            func add(_ scalar: Unicode.Scalar, drawn: Unicode.Scalar, offset: Int, size: Double) {
                let isTab = drawn == "\t" && !t.tabStops.isEmpty
                let s: Unicode.Scalar = drawn == "\t" ? " " : drawn
                for (slot, face) in faceObjects.enumerated() {
                    if let glyph = face.glyph(for: s) {
                        var advance = face.advance(glyph) * size + t.letterSpacing * scale
                        if s == " " { advance += t.wordSpacing * scale }
                        shaped.append(ShapedGlyph(scalar: isTab ? "\t" : drawn, face: r.faces[slot], glyph: glyph, advance: advance, kern: 0,
                                                  isSpace: s == " " && !isTab, isTab: isTab, style: Int32(run), size: size,
                                                  offset: Int32(offset)))
                        return
                    }
                }
                if !r.faces.isEmpty, !missing.contains(s) {
                    missing.append(s); missingOffsets.append(offset); missingFaces = r.faces
                }
            }
            for scalar in text {
                let offset: Int
                if let offsets { offset = index < offsets.count ? Int(offsets[index]) : -1 } else { offset = byteOffset }
                index += 1
                byteOffset += UTF8.width(scalar)
                if scalar == "\n" { paragraphEnds.append(shaped.count); wordStart = true; continue }
                if scalar == "\r" { continue }
                if scalar.value >= 0x0590 {
                    if complexScript == nil, let script = complexScriptName(for: scalar) { complexScript = script }
                    if !needsBidi, BidiClass.of(scalar).needsResolution { needsBidi = true }
                }
                // The common case: no transform, no small caps — no Unicode property lookups.
                if plain {
                    add(scalar, drawn: scalar, offset: offset, size: r.size)
                    continue
                }
                let letter = scalar.properties.isAlphabetic
                var mapped: String? = nil
                switch t.textTransform {
                case .none: break
                case .uppercase: mapped = scalar.properties.uppercaseMapping
                case .lowercase: mapped = scalar.properties.lowercaseMapping
                case .capitalize: if wordStart && letter { mapped = scalar.properties.titlecaseMapping }
                }
                wordStart = !letter
                for drawn in (mapped.map { Array($0.unicodeScalars) } ?? [scalar]) {
                    if t.smallCaps, drawn.properties.isLowercase,
                       let upper = drawn.properties.uppercaseMapping.unicodeScalars.first, upper != drawn {
                        add(drawn, drawn: upper, offset: offset, size: r.size * Typography.smallCapsScale)
                    } else {
                        add(scalar, drawn: drawn, offset: offset, size: r.size)
                    }
                }
            }
        }

        if let markupRuns {
            for run in markupRuns {
                var runStyle = run.style.apply(to: base)
                if run.style.fontOffset >= 0, let names = run.style.fonts {
                    // A markup font: a path is relative to the file the text is written in, and
                    // a font that cannot be had is reported at its bytes in the literal.
                    runStyle.fonts = names.map(markupFontReference(file: file))
                    if let literal {
                        let start = literal.start + 1 + UInt32(run.style.fontOffset)
                        runStyle.fontsSpan = Span(file: literal.file, start: start, end: start + UInt32(run.style.fontLength))
                    } else {
                        runStyle.fontsSpan = span
                    }
                }
                let index = settle(runStyle)
                let composed = composer.compose(String(run.text)).unicodeScalars
                if composed.count != run.text.count { exactOffsets = false }
                shape(composed, offsets: composed.count == run.text.count ? run.offsets : nil, run: index)
            }
        } else {
            // (Text without combining marks is kept as it is: no comparison needed.)
            // (Printable ASCII has nothing to compose: it goes straight to glyphs.)
            var text = content
            if !shapeASCII(&text, settings[0], run: 0, scale: scale, into: &shaped) {
                if composer.composes(content) {
                    text = composer.compose(content)
                    if !text.utf8.elementsEqual(content.utf8) { exactOffsets = false }
                }
                shape(text.unicodeScalars, offsets: nil, run: 0)
            }
        }
        paragraphEnds.append(shaped.count)

        // OpenType shaping, word by word, where the face and script need it.
        var texts: [String] = []
        let shapedSome = shapeWords(&shaped, paragraphEnds: &paragraphEnds, settings: settings, scale: scale, texts: &texts)
        reportDamagedGlyphs(shaped, span: span)

        // Kerning between neighbours in the same face, size and run (shaped words have theirs).
        // (In place, the face looked up once per change of face: reading `faces[…]` per pair
        // retained and released it every time.)
        if shaped.count > 1 {
            let faceList = faces
            shaped.withUnsafeMutableBufferPointer { g in
                var current = g[0].face
                var face = faceList[current]
                for i in 0..<(g.count - 1) where g[i].face == g[i + 1].face && g[i].size == g[i + 1].size
                    && g[i].style == g[i + 1].style && !g[i].isTab && !g[i + 1].isTab && !(g[i].isShaped && g[i + 1].isShaped) {
                    if g[i].face != current { current = g[i].face; face = faceList[current] }
                    g[i].kern = face.kerning(g[i].glyph, g[i + 1].glyph) * g[i].size
                }
            }
        }

        // Line breaking, one paragraph at a time.
        var ranges = lineRangesScratch
        lineRangesScratch = []
        defer { ranges.removeAll(keepingCapacity: true); lineRangesScratch = ranges }
        var paragraphStart = 0
        for paragraphEnd in paragraphEnds {
            breakParagraph(shaped, paragraphStart..<paragraphEnd, settings: settings, wrapWidth: wrapWidth, scale: scale, into: &ranges)
            paragraphStart = paragraphEnd
        }

        // `maxLines:`: the lines past it are dropped, the last kept one ends in an ellipsis.
        var ellipsis: [ShapedGlyph] = []
        if let maxLines = fit.maxLines, ranges.count > maxLines {
            ranges.removeLast(ranges.count - maxLines)
            var last = ranges[maxLines - 1]
            let anchor = last.end > last.start ? shaped[last.end - 1] : shaped[min(last.start, shaped.count - 1)]
            ellipsis = ellipsisGlyphs(after: anchor, settings: settings)
            let ellipsisWidth = ellipsis.reduce(0) { $0 + $1.advance }
            if let limit = wrapWidth {
                // The longest prefix of the line that leaves room for the ellipsis.
                var x = 0.0, end = last.start
                var i = last.start
                while i < last.end {
                    let g = shaped[i]
                    let advance = g.isTab ? tabAdvance(at: x, stops: settings[Int(g.style)].typography.tabStops, scale: scale) : g.advance
                    if !g.isSpace, x + advance + ellipsisWidth > limit + 1e-9 { break }
                    x += advance + g.kern
                    i += 1
                    if !g.isSpace { end = i }
                }
                last.end = end
            }
            last.hyphen = false
            last.paragraphEnd = true
            ranges[maxLines - 1] = last
        }

        var lines: [LaidOutLine] = []
        lines.reserveCapacity(ranges.count)
        var top = 0.0
        let bidi = needsBidi ? bidiParagraphs(shaped, paragraphEnds: paragraphEnds, direction: base.typography.textDirection) : []
        for (index, range) in ranges.enumerated() {
            let extra = index == ranges.count - 1 ? ellipsis : []
            var line = needsBidi ? makeBidiLine(shaped, range, paragraphs: bidi, settings: settings, scale: scale, extra: extra, texts: texts)
                : makeLine(shaped, range, settings: settings, scale: scale, extra: extra, texts: shapedSome ? texts : nil)
            if align == .justify, let limit = wrapWidth, !range.paragraphEnd { justify(&line, to: limit) }
            placeLine(&line, top: &top, halfLeading: halfLeading, base: baseSettings, settings: settings)
            lines.append(line)
        }
        if lines.isEmpty {
            lines.append(LaidOutLine(runs: [], width: 0, baseline: halfLeading + baseSettings.ascent))
            top = lineHeight
        }

        if complexScript != nil || !missing.isEmpty {
            reportTextProblems(complexScript: complexScript, missing: missing, missingOffsets: missingOffsets,
                               faces: missingFaces, span: span, literal: exactOffsets ? literal : nil, content: content)
        }

        var width = 0.0
        for line in lines { width = max(width, line.width) }
        return TextBlock(lines: lines, size: Size(width, top), fontSize: baseSettings.size,
                         lineHeight: lineHeight, baselineOffset: lines[0].baseline, align: align, color: base.color,
                         styles: settings.count == 1 ? baseStyles : settings.map(\.style))
    }

    /// A run's resolved settings at `scale`: its faces (resolved, and reported where they
    /// cannot be had), sizes and typography.
    private mutating func runSettings(_ style: ResolvedStyle, span: Span, scale: Double) -> RunSettings {
        let faces = resolveFaces(style, span: span)
        let t = style.typography  // read once: each read copies it out of the style's box (issue 38)
        if !t.features.isEmpty { reportFeaturesWithoutOpenType(faces, span: span) }
        let size = style.fontSize * scale
        let primary = faces.first.map { self.faces[$0] }
        return RunSettings(
            faces: faces, size: size, ascent: (primary?.ascent ?? 0.75) * size, descent: (primary?.descent ?? 0.25) * size,
            shift: (t.baselineShift + t.baselineShiftEm * style.fontSize) * scale, typography: t,
            style: BlockStyle(color: style.color, underline: t.underline, strikethrough: t.strikethrough))
    }

    /// The line box: the base style's (`base`, which is `settings[0]` when there are
    /// settings; a text of one style passes none), grown to hold every run's ascent and
    /// descent; sets the line's baseline below `top` and moves `top` past the line.
    private func placeLine(_ line: inout LaidOutLine, top: inout Double, halfLeading: Double, base: RunSettings, settings: [RunSettings]) {
        var ascent = base.ascent, descent = base.descent
        for run in line.runs where !run.glyphs.isEmpty {
            // The three numbers read in place: a copy of the settings retains their arrays.
            let (size, runAscent, runDescent) = run.style == 0 ? (base.size, base.ascent, base.descent)
                : (settings[run.style].size, settings[run.style].ascent, settings[run.style].descent)
            let k = size > 0 ? run.size / size : 1
            ascent = max(ascent, runAscent * k + run.shift)
            descent = max(descent, runDescent * k - run.shift)
        }
        line.baseline = top + halfLeading + ascent
        top += ascent + descent + 2 * halfLeading
    }

    /// The line `layoutText` makes of a text without a wrap width: printable ASCII (no tab, no
    /// newline) whose characters are all in the run's first face, in one run, trailing spaces
    /// not drawn. The glyphs' advances, kerning and positions are computed in the order
    /// `shapeASCII`, the kerning pass and `makeLine` compute them, so the numbers are the
    /// same bits; nil for any other text (ASCIIShapingTests compares it with the general path).
    private func asciiLine(_ content: String, _ r: RunSettings, scale: Double) -> LaidOutLine? {
        guard shapesASCIIBytes, r.typography.textTransform == .none, !r.typography.smallCaps, r.typography.features.isEmpty,
              let faceIndex = r.faces.first, faces[faceIndex].latinIsPlain else { return nil }
        let face = faces[faceIndex]
        let size = r.size
        let letterSpacing = r.typography.letterSpacing * scale, wordSpacing = r.typography.wordSpacing * scale
        var text = content
        return text.withUTF8 { bytes -> LaidOutLine? in
            guard face.hasGlyphs(forPrintableASCII: bytes) else { return nil }
            var drawn = bytes.count
            while drawn > 0, bytes[drawn - 1] == 0x20 { drawn -= 1 }
            guard drawn > 0 else { return LaidOutLine(runs: [], width: 0, baseline: 0) }
            // Reserved, then appended: `Array(unsafeUninitializedCapacity:)` allocates through
            // the standard library's unspecialized path, ~680 instructions a text (issue 38).
            var glyphs: [Scene.PositionedGlyph] = []
            glyphs.reserveCapacity(drawn)
            let runX = face.positionASCII(bytes, drawn: drawn, size: size, letterSpacing: letterSpacing, wordSpacing: wordSpacing,
                                          into: &glyphs)
            var x = 0.0
            let run = LaidOutRun(face: faceIndex, x: x, glyphs: glyphs, advance: runX, size: size, style: 0, shift: r.shift)
            x += runX
            return LaidOutLine(runs: [run], width: x, baseline: 0)
        }
    }

    /// What a font named in markup refers to: as `font:` resolves it, relative to `file`.
    private func markupFontReference(file: FileID) -> (String) -> String {
        let index = Int(file.raw)
        let importer = index < sourcePaths.count ? sourcePaths[index] : nil
        return { name in importer.map { fontReference(name, importer: $0) } ?? name }
    }

    /// The common case of `layoutText`'s `shape`, byte for byte the same glyphs: printable
    /// ASCII without a transform, every character in the run's first face — bytes straight to
    /// glyphs, no scalar decoding and no search through the faces. False (nothing added) for
    /// any other text, which `shape` then takes scalar by scalar. (A method of its own with
    /// `shaped` inout: appending to the closure-captured array checked exclusivity per glyph.)
    private func shapeASCII(_ text: inout String, _ r: RunSettings, run: Int, scale: Double, into shaped: inout [ShapedGlyph]) -> Bool {
        guard shapesASCIIBytes, r.typography.textTransform == .none, !r.typography.smallCaps, r.typography.features.isEmpty,
              let faceIndex = r.faces.first, faces[faceIndex].latinIsPlain else { return false }
        let face = faces[faceIndex]
        let size = r.size
        let letterSpacing = r.typography.letterSpacing * scale, wordSpacing = r.typography.wordSpacing * scale
        let style = Int32(run)
        let start = shaped.count
        let shapedAll = text.withUTF8 { bytes -> Bool in
            shaped.reserveCapacity(start + bytes.count)
            for offset in 0..<bytes.count {
                let byte = bytes[offset]
                guard byte >= 0x20, byte < 0x7F else { return false }
                let scalar = Unicode.Scalar(byte)
                guard let glyph = face.glyph(for: scalar) else { return false }
                var advance = face.advance(glyph) * size + letterSpacing
                if byte == 0x20 { advance += wordSpacing }
                shaped.append(ShapedGlyph(scalar: scalar, face: faceIndex, glyph: glyph, advance: advance, kern: 0,
                                          isSpace: byte == 0x20, isTab: false, style: style, size: size, offset: Int32(offset)))
            }
            return true
        }
        if !shapedAll { shaped.removeSubrange(start...) }
        return shapedAll
    }
}

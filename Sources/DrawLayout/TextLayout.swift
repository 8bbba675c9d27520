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
    /// Underline and strikethrough: the centre of the stroke above the baseline (negative:
    /// below) and its thickness, in em, from the font's own metrics (AFM UnderlinePosition,
    /// which is the centre; `post`, which gives the top; OS/2 yStrikeoutPosition, the top).
    /// The AFMs have no strikeout: the standard fonts strike through at half the x-height
    /// (a third of the cap height for Symbol and ZapfDingbats), as thick as the underline.
    let underlineCentre: Double
    let underlineThickness: Double
    let strikeoutCentre: Double
    let strikeoutThickness: Double
    /// Whether Latin text in this face is one glyph per character with pair kerning (a
    /// standard face, or a TrueType face without Latin GSUB lookups or other positioning):
    /// then the ASCII paths below need no shaping.
    let latinIsPlain: Bool
    /// A TrueType or CFF face, whose glyph data is read from its file (and may be damaged).
    let isOutlineFace: Bool
    /// Shaping plans by script and features, and words shaped before (a page repeats its
    /// words). Only touched inside `shapeWord`, hence unchecked exclusivity.
    @exclusivity(unchecked) private var plans: [ShapingPlanKey: ShapingPlan] = [:]
    @exclusivity(unchecked) private var shapedWords: [ShapedWordKey: [GlyphPlacement]] = [:]

    init(kind: Kind, displayName: String, ascent: Double, descent: Double, standardMetrics: Standard14Metrics?, unitScale: Double = 1.0 / 1000) {
        self.kind = kind; self.displayName = displayName; self.ascent = ascent; self.descent = descent
        self.standardMetrics = standardMetrics; self.unitScale = unitScale
        switch kind {
        case .standard:
            let m = standardMetrics
            let thickness = Double(m?.underlineThickness ?? 50) / 1000
            underlineCentre = Double(m?.underlinePosition ?? -100) / 1000
            underlineThickness = thickness
            let x = Double(m?.xHeight ?? 0)
            strikeoutCentre = (x > 0 ? x / 2 : Double(m?.capHeight ?? 700) / 3) / 1000
            strikeoutThickness = thickness
        case .trueType(let f):
            underlineThickness = Double(max(1, f.underlineThickness)) * unitScale
            underlineCentre = Double(f.underlinePosition) * unitScale - underlineThickness / 2
            strikeoutThickness = Double(max(1, f.strikeoutThickness)) * unitScale
            strikeoutCentre = Double(f.strikeoutPosition) * unitScale - strikeoutThickness / 2
        }
        if case .trueType(let f) = kind {
            latinIsPlain = !f.shapingChangesGlyphs(f.shapingPlan(script: .latin))
            isOutlineFace = true
        } else {
            latinIsPlain = true
            isOutlineFace = false
        }
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

    /// Glyph data checked so far (TrueType and CFF faces), by glyph id: 0 not yet, 1 decodes,
    /// 2 damaged (its reason in `glyphDamages`). Only touched inside `damage(of:)`.
    @exclusivity(unchecked) private var glyphChecks: [UInt8] = []
    @exclusivity(unchecked) private var glyphDamages: [UInt16: FontError] = [:]

    /// Why `glyph` of this face cannot be drawn (`TrueTypeFontRef.glyphDamage`, asked once
    /// per glyph and face); nil for a glyph that decodes and for the standard faces.
    func damage(of glyph: UInt16) -> FontError? {
        guard case .trueType(let f) = kind else { return nil }
        if glyphChecks.isEmpty { glyphChecks = Array(repeating: 0, count: 65536) }
        switch glyphChecks[Int(glyph)] {
        case 1: return nil
        case 2: return glyphDamages[glyph]
        default:
            let damage = f.glyphDamage(glyph)
            glyphChecks[Int(glyph)] = damage == nil ? 1 : 2
            if let damage { glyphDamages[glyph] = damage }
            return damage
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

    /// One word (a run of one script, no spaces) shaped in this TrueType face: glyphs in
    /// visual order, in font units (Shaping.swift); nil for a standard face.
    func shapeWord(_ scalars: [Unicode.Scalar], script: ShapingScript, features: [String]) -> [GlyphPlacement]? {
        guard case .trueType(let font) = kind else { return nil }
        let wordKey = ShapedWordKey(scalars: scalars, script: script, features: features)
        if let known = shapedWords[wordKey] { return known }
        let planKey = ShapingPlanKey(script: script, features: features)
        let plan: ShapingPlan
        if let known = plans[planKey] { plan = known } else {
            plan = font.shapingPlan(script: script, features: features.compactMap(FeatureSetting.init(parsing:)))
            plans[planKey] = plan
        }
        let glyphs = font.shape(scalars, plan: plan)
        if shapedWords.count > 50_000 { shapedWords.removeAll(keepingCapacity: true) }
        shapedWords[wordKey] = glyphs
        return glyphs
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
        if !kerningByCodes.isEmpty {
            // A pair seen before: read before `standardMetrics` is unwrapped (which copies
            // the metrics, tables and all, on every call).
            let cached = kerningByCodes[Int(left & 0xFF) << 8 | Int(right & 0xFF)]
            if cached != Int16.min { return Double(cached) / 1000 }
        }
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

    /// Whether every byte is printable ASCII (U+0020…U+007E) that this face has a glyph for.
    func hasGlyphs(forPrintableASCII bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        if !asciiCodes.isEmpty {
            return asciiCodes.withUnsafeBufferPointer { codes in
                for byte in bytes { guard byte >= 0x20, byte < 0x7F, codes[Int(byte)] >= 0 else { return false } }
                return true
            }
        }
        for byte in bytes { guard byte >= 0x20, byte < 0x7F, glyph(for: Unicode.Scalar(byte)) != nil else { return false } }
        return true
    }

    /// The glyphs of `bytes[0..<drawn]` (which `hasGlyphs(forPrintableASCII:)` accepted) in
    /// `out`, positioned as one run: each advance (`letterSpacing` added, and `wordSpacing`
    /// to a space) and the kerning with the next glyph, summed in the order shaping, the
    /// kerning pass and `makeLine` sum them. Returns the pen after the last glyph.
    func positionASCII(_ bytes: UnsafeBufferPointer<UInt8>, drawn: Int, size: Double, letterSpacing: Double, wordSpacing: Double,
                       into out: UnsafeMutableBufferPointer<Scene.PositionedGlyph>) -> Double {
        var runX = 0.0
        guard drawn > 0 else { return runX }
        if !asciiCodes.isEmpty && !advancesByCode.isEmpty {
            // A standard face: codes, advances and the kerning cache read straight from the tables.
            return asciiCodes.withUnsafeBufferPointer { codes in
                advancesByCode.withUnsafeBufferPointer { advances in
                    var glyph = UInt16(codes[Int(bytes[0])])
                    for i in 0..<drawn {
                        let byte = bytes[i]
                        var advance = advances[Int(glyph & 0xFF)] * size + letterSpacing
                        if byte == 0x20 { advance += wordSpacing }
                        out.initializeElement(at: i, to: Scene.PositionedGlyph(glyph: glyph, x: runX, scalar: Unicode.Scalar(byte)))
                        if i + 1 < drawn {
                            let next = UInt16(codes[Int(bytes[i + 1])])
                            let cached = kerningByCodes[Int(glyph & 0xFF) << 8 | Int(next & 0xFF)]
                            let kern = (cached != Int16.min ? Double(cached) / 1000 : kerning(glyph, next)) * size
                            runX += advance + kern
                            glyph = next
                        } else {
                            runX += advance + 0
                        }
                    }
                    return runX
                }
            }
        }
        var glyph = self.glyph(for: Unicode.Scalar(bytes[0])) ?? 0
        for i in 0..<drawn {
            let byte = bytes[i]
            var advance = advance(glyph) * size + letterSpacing
            if byte == 0x20 { advance += wordSpacing }
            out.initializeElement(at: i, to: Scene.PositionedGlyph(glyph: glyph, x: runX, scalar: Unicode.Scalar(byte)))
            if i + 1 < drawn {
                let next = self.glyph(for: Unicode.Scalar(bytes[i + 1])) ?? 0
                runX += advance + kerning(glyph, next) * size
                glyph = next
            } else {
                runX += advance + 0
            }
        }
        return runX
    }
}

struct ShapingPlanKey: Hashable {
    var script: ShapingScript
    var features: [String]
}

struct ShapedWordKey: Hashable {
    /// The word's scalars, not a `String`: a String's hash and `==` go through canonical
    /// equivalence (NFC) for any non-ASCII text, which cost more than shaping a cached word.
    var scalars: [Unicode.Scalar]
    var script: ShapingScript
    var features: [String]
}

/// One run of glyphs in one face, size and style on one line; glyph x positions are
/// relative to `x`.
struct LaidOutRun {
    var face: Int
    var x: Double
    var glyphs: [Scene.PositionedGlyph]
    var advance: Double
    /// Font size in points.
    var size: Double
    /// Index in the block's `styles`.
    var style: Int
    /// Points above the line's baseline (`baselineShift:`).
    var shift: Double
    /// The logical text when shaping made the glyphs stand for it otherwise, and the
    /// glyphs' offsets from the baseline when some has one (Scene.TextRun).
    var actualText: String? = nil
    var glyphY: [Double]? = nil
    var glyphText: [String]? = nil
}

struct LaidOutLine {
    var runs: [LaidOutRun]
    /// Width without trailing spaces.
    var width: Double
    /// Distance from the block's top to this line's baseline.
    var baseline: Double
    /// The line's paragraph is right to left (UAX #9): `align: start` is its right side.
    var rightToLeft = false
}

/// What a run of a block draws beside its glyphs: colour and decorations.
struct BlockStyle {
    var color: Color
    var underline: Bool
    var strikethrough: Bool
}

/// A measured text block: lines in the block's own coordinates (top-left at 0, 0).
struct TextBlock {
    var lines: [LaidOutLine]
    var size: Size
    var fontSize: Double
    var lineHeight: Double
    /// Distance from the block's top to its first baseline.
    var baselineOffset: Double
    var align: TextAlign
    var color: Color
    /// The styles of the runs, one per markup run; none for a text of one style without
    /// underline or strikethrough, whose runs take `color` (an array fewer per text).
    var styles: [BlockStyle] = []
    /// Distance from the block's top to its last baseline.
    var lastBaselineOffset: Double { lines.last?.baseline ?? baselineOffset }

    /// Calls `body` with each text run of the block (its face index, the run) with the
    /// block's top-left corner at `origin`, inside a box `width` wide, and `decoration` with
    /// each underline or strikethrough rectangle (page coordinates) and its colour. No array
    /// of runs is made: the caller appends them to the page's items as they come.
    func forEachRun(at origin: Point, width: Double, faces: [LayoutFace], _ body: (_ face: Int, _ run: Scene.TextRun) -> Void,
                    decoration: (_ rect: Rect, _ color: Color) -> Void = { _, _ in }) {
        for line in lines {
            let shift: Double
            switch align {
            case .left: shift = 0
            case .center: shift = (width - line.width) / 2
            case .right: shift = width - line.width
            case .start, .justify: shift = line.rightToLeft ? width - line.width : 0
            case .end: shift = line.rightToLeft ? 0 : width - line.width
            }
            let baseline = origin.y + line.baseline
            for run in line.runs where !run.glyphs.isEmpty {
                let color = styles.isEmpty ? self.color : styles[run.style].color
                let textRun = Scene.TextRun(
                    font: Scene.FontID(run.face), size: run.size, color: color,
                    origin: Point(origin.x + shift + run.x, baseline - run.shift), glyphs: run.glyphs, advance: run.advance,
                    actualText: run.actualText, glyphY: run.glyphY, glyphText: run.glyphText)
                body(run.face, textRun)
            }
            // Decorations after the line's glyphs, each run with its own face's metrics.
            for run in line.runs where !run.glyphs.isEmpty && !styles.isEmpty {
                let style = styles[run.style]
                guard style.underline || style.strikethrough else { continue }
                let face = faces[run.face]
                let left = origin.x + shift + run.x
                for (on, centre, thickness) in [(style.underline, face.underlineCentre, face.underlineThickness),
                                                 (style.strikethrough, face.strikeoutCentre, face.strikeoutThickness)] where on {
                    let t = max(thickness * run.size, 0.01)
                    let y = baseline - run.shift - centre * run.size - t / 2
                    decoration(Rect(x: left, y: y, width: run.advance, height: t), style.color)
                }
            }
        }
    }
}

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
        guard let cache = textCache, !style.typography.markup else {
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
        if base.typography.markup {
            let (runs, errors) = parseMarkup(content)
            if errors.isEmpty {
                markupRuns = runs
            } else {
                reportMarkupErrors(errors, span: span, literal: literal)
            }
        }
        // The engine's scratch arrays, taken for the duration like `shaped` below (three
        // arrays fewer to allocate and free per text).
        var settings = runSettingsScratch
        runSettingsScratch = []
        defer { settings.removeAll(keepingCapacity: true); runSettingsScratch = settings }
        func settle(_ style: ResolvedStyle) -> Int {
            let faces = resolveFaces(style, span: span)
            if !style.typography.features.isEmpty { reportFeaturesWithoutOpenType(faces, span: span) }
            let size = style.fontSize * scale
            let primary = faces.first.map { self.faces[$0] }
            let t = style.typography
            settings.append(RunSettings(
                faces: faces, size: size, ascent: (primary?.ascent ?? 0.75) * size, descent: (primary?.descent ?? 0.25) * size,
                shift: (t.baselineShift + t.baselineShiftEm * style.fontSize) * scale, typography: t,
                style: BlockStyle(color: style.color, underline: t.underline, strikethrough: t.strikethrough)))
            return settings.count - 1
        }
        _ = settle(base)
        let baseSettings = settings[0]
        let lineHeight: Double
        switch base.lineHeight {
        case .multiple(let m): lineHeight = m * baseSettings.size
        case .absolute(let v): lineHeight = v * scale
        }
        let halfLeading = (lineHeight - (baseSettings.ascent + baseSettings.descent)) / 2

        // One line of printable ASCII in the first face, neither wrapped nor cut: its glyphs positioned straight from
        // the bytes (the same numbers as shaping, kerning, breaking and `makeLine` below give it, no shaped glyphs).
        if markupRuns == nil, wrapWidth == nil, fit.maxLines == nil, base.typography.textDirection != .rtl,
           let line = asciiLine(content, baseSettings, scale: scale) {
            reportDamagedGlyphs(line, content: content, span: span)
            var lines = [line], top = 0.0
            placeLine(&lines[0], top: &top, halfLeading: halfLeading, settings: settings)
            return TextBlock(lines: lines, size: Size(max(0.0, lines[0].width), top), fontSize: baseSettings.size,
                             lineHeight: lineHeight, baselineOffset: lines[0].baseline, align: align, color: base.color,
                             styles: settings.count == 1 && !settings[0].style.underline && !settings[0].style.strikethrough
                                 && settings[0].style.color == base.color ? [] : settings.map(\.style))
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
        var needsBidi = base.typography.textDirection == .rtl
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
        shapeWords(&shaped, paragraphEnds: &paragraphEnds, settings: settings, scale: scale, texts: &texts)
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
                : makeLine(shaped, range, settings: settings, scale: scale, extra: extra, texts: texts)
            if align == .justify, let limit = wrapWidth, !range.paragraphEnd { justify(&line, to: limit) }
            placeLine(&line, top: &top, halfLeading: halfLeading, settings: settings)
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
                         styles: settings.count == 1 && !settings[0].style.underline && !settings[0].style.strikethrough
                             && settings[0].style.color == base.color ? [] : settings.map(\.style))
    }

    /// The line box: the base style's (`settings[0]`), grown to hold every run's ascent and
    /// descent; sets the line's baseline below `top` and moves `top` past the line.
    private func placeLine(_ line: inout LaidOutLine, top: inout Double, halfLeading: Double, settings: [RunSettings]) {
        var ascent = settings[0].ascent, descent = settings[0].descent
        for run in line.runs where !run.glyphs.isEmpty {
            let r = settings[run.style]
            let k = r.size > 0 ? run.size / r.size : 1
            ascent = max(ascent, r.ascent * k + run.shift)
            descent = max(descent, r.descent * k - run.shift)
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
            var runX = 0.0
            let glyphs = [Scene.PositionedGlyph](unsafeUninitializedCapacity: drawn) { buffer, initialized in
                runX = face.positionASCII(bytes, drawn: drawn, size: size, letterSpacing: letterSpacing, wordSpacing: wordSpacing,
                                          into: buffer)
                initialized = drawn
            }
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

    /// Glyphs whose data is damaged (a broken `loca` entry, a corrupt charstring), one error
    /// per face at the text naming the font and the glyphs (issue 34, point 11): before, PDF
    /// and SVG left the text out without a word and only PostScript warned. Every glyph the
    /// text shows is decoded once per face (`LayoutFace.damage(of:)`), here, for every format.
    private mutating func reportDamagedGlyphs(_ shaped: [ShapedGlyph], span: Span) {
        guard faces.contains(where: \.isOutlineFace) else { return }
        reportDamagedGlyphs(shaped.lazy.filter { !$0.isTab }.map { ($0.face, $0.glyph, $0.scalar) }, span: span)
    }

    /// `reportDamagedGlyphs` for the one-line ASCII path (`asciiLine`): a glyph per byte.
    private mutating func reportDamagedGlyphs(_ line: LaidOutLine, content: String, span: Span) {
        guard let run = line.runs.first, faces[run.face].isOutlineFace else { return }
        reportDamagedGlyphs(zip(run.glyphs, content.utf8).lazy.map { (run.face, $0.glyph, Unicode.Scalar($1)) }, span: span)
    }

    private mutating func reportDamagedGlyphs(_ glyphs: some Sequence<(Int, UInt16, Unicode.Scalar)>, span: Span) {
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
    private mutating func reportFeaturesWithoutOpenType(_ faceIndices: [Int], span: Span) {
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
    private mutating func reportMarkupErrors(_ errors: [MarkupError], span: Span, literal: Span?) {
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

    private mutating func reportTextProblems(complexScript: String?, missing: [Unicode.Scalar], missingOffsets: [Int],
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
            report(LayoutMessages.missingGlyphs(missing.prefix(5).map(describeCharacter), more: max(0, missing.count - 5),
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

    /// `…` in the face of `glyph` (its style's first face that has it), else three full stops.
    private func ellipsisGlyphs(after glyph: ShapedGlyph, settings: [RunSettings]) -> [ShapedGlyph] {
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
    private func breakParagraph(_ glyphs: [ShapedGlyph], _ paragraph: Range<Int>, settings: [RunSettings], wrapWidth: Double?,
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
    private func tabAdvance(at x: Double, stops: [Double], scale: Double) -> Double {
        for stop in stops where stop * scale > x + 1e-9 { return stop * scale - x }
        let last = (stops.last ?? 0) * scale
        let interval = stops.count > 1 ? (stops[stops.count - 1] - stops[stops.count - 2]) * scale : last
        guard interval > 0 else { return 0 }
        let steps = ((x - last) / interval).rounded(.down) + 1
        return last + steps * interval - x
    }

    /// Positions the glyphs of one line in runs of one face, size and style; `extra` (an
    /// ellipsis) goes after the last glyph drawn.
    private func makeLine(_ glyphs: [ShapedGlyph], _ range: LineRange, settings: [RunSettings], scale: Double,
                          extra: [ShapedGlyph], texts: [String]) -> LaidOutLine {
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
    /// their right neighbour), any after them a hyphen or an ellipsis.
    func makeLine(_ list: UnsafeBufferPointer<ShapedGlyph>, drawn: Int, settings: [RunSettings], scale: Double,
                  texts: [String]) -> LaidOutLine {
        var runs: [LaidOutRun] = []
        var x = 0.0
        var width = 0.0
        var i = 0
        while i < list.count {
            let first = list[i]
            let r = settings[Int(first.style)]
            // Usually one run holds the whole line: room for all of it, no regrowth per glyph.
            var positioned: [Scene.PositionedGlyph] = []
            positioned.reserveCapacity(list.count - i)
            var runX = 0.0
            let runStart = i
            var glyphY: [Double]? = nil
            var glyphText: [String]? = nil
            while i < list.count, list[i].face == first.face, list[i].size == first.size, list[i].style == first.style {
                let g = list[i]
                let advance = g.isTab ? tabAdvance(at: x + runX, stops: r.typography.tabStops, scale: scale) : g.advance
                positioned.append(Scene.PositionedGlyph(glyph: g.glyph, x: runX + g.offsetX, scalar: g.scalar))
                if g.offsetY != 0 || glyphY != nil {
                    if glyphY == nil { glyphY = [Double](repeating: 0, count: positioned.count - 1) }
                    glyphY!.append(g.offsetY)
                }
                if g.glyphTextIndex != -1 || glyphText != nil {
                    if glyphText == nil { glyphText = list[runStart..<i].map { String($0.scalar) } }
                    glyphText!.append(g.glyphTextIndex >= 0 ? texts[Int(g.glyphTextIndex)] : g.glyphTextIndex == -2 ? "" : String(g.scalar))
                }
                // Kerning only with a right neighbour drawn on the same line in the same run.
                let sameRun = i + 1 < list.count && list[i + 1].face == g.face && list[i + 1].size == g.size && list[i + 1].style == g.style
                runX += advance + (sameRun && i + 1 < drawn ? g.kern : 0)
                i += 1
            }
            runs.append(LaidOutRun(face: first.face, x: x, glyphs: positioned, advance: runX, size: first.size,
                                   style: Int(first.style), shift: r.shift,
                                   actualText: Self.actualText(list[runStart..<i], texts: texts), glyphY: glyphY,
                                   glyphText: glyphText))
            x += runX
            width = x
        }
        return LaidOutLine(runs: runs, width: width, baseline: 0)
    }

    /// The logical text of a run's glyphs when shaping or reordering made it differ from
    /// their scalars in drawing order (ligatures, split characters, right to left); nil
    /// otherwise. A line the bidirectional algorithm reordered has each glyph's logical index.
    private static func actualText(_ glyphs: Slice<UnsafeBufferPointer<ShapedGlyph>>, texts: [String]) -> String? {
        guard glyphs.contains(where: { $0.textIndex != -1 || $0.isRTL }) else { return nil }
        var text = String.UnicodeScalarView()
        let ordered = glyphs.contains(where: { $0.logicalIndex >= 0 }) ? glyphs.sorted { $0.logicalIndex < $1.logicalIndex } : Array(glyphs)
        for g in ordered {
            switch g.textIndex {
            case -1: text.append(g.scalar)
            case -2: break
            default: text.append(contentsOf: texts[Int(g.textIndex)].unicodeScalars)
            }
        }
        return String(text)
    }

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
    private func shapeWords(_ shaped: inout [ShapedGlyph], paragraphEnds: inout [Int], settings: [RunSettings], scale: Double,
                            texts: inout [String]) {
        // Text in the standard fonts only (never shaped) costs one look at the faces.
        guard !shaped.isEmpty, faces.contains(where: { if case .trueType = $0.kind { true } else { false } }) else { return }
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
            guard !first.isSpace, !first.isTab, case .trueType = face.kind else { if changed { out.append(first) }; i += 1; continue }
            let limit = ends.first.map { min($0, shaped.count) } ?? shaped.count
            var e = i + 1
            while e < limit, shaped[e].face == first.face, shaped[e].style == first.style, shaped[e].size == first.size,
                  !shaped[e].isSpace, !shaped[e].isTab { e += 1 }
            let r = settings[Int(first.style)]
            var script = ShapingScript.common
            for k in i..<e { if let s = ShapingScript.of(shaped[k].scalar) { script = s; break } }
            let plain: Bool
            switch script {
            case .common, .latin, .greek, .cyrillic: plain = face.latinIsPlain && r.typography.features.isEmpty
            case .arabic, .syriac, .hebrew, .devanagari, .bengali, .tamil, .thai, .lao: plain = false
            }
            let scalars = shaped[i..<e].map(\.scalar)
            guard !plain, let glyphs = face.shapeWord(scalars, script: script, features: r.typography.features) else {
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
            let letterSpacing = r.typography.letterSpacing * scale
            // Cluster starts, ascending: a cluster's text runs to the next start. In logical
            // order the clusters usually ascend already: then the next start is the next glyph's.
            var ascending = true
            for k in logical.indices.dropFirst() where logical[k].cluster < logical[k - 1].cluster { ascending = false; break }
            let starts = ascending ? [] : Array(Set(logical.map(\.cluster))).sorted()
            var clusterStart = 0
            while clusterStart < logical.count {
                // One cluster: its glyphs, its scalars.
                let c = min(max(logical[clusterStart].cluster, 0), scalars.count - 1)
                var clusterEnd = clusterStart + 1
                while clusterEnd < logical.count, logical[clusterEnd].cluster == logical[clusterStart].cluster { clusterEnd += 1 }
                let next = ascending ? (clusterEnd < logical.count ? min(max(logical[clusterEnd].cluster, c + 1), scalars.count) : scalars.count)
                    : starts.first(where: { $0 > c }) ?? scalars.count
                // One glyph for one scalar (most Latin letters): its text is that scalar.
                let own = clusterEnd - clusterStart == 1 && next - c == 1 ? [""]
                    : Self.glyphTexts(logical[clusterStart..<clusterEnd].map(\.glyph), scalars: scalars[c..<next], face: face)
                for (k, text) in own.enumerated() {
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
                        texts.append(String(String.UnicodeScalarView(scalars[c..<next])))
                        item.textIndex = Int32(texts.count - 1)
                    }
                    if clusterEnd - clusterStart == 1 && next - c == 1 {
                        // Its own scalar: glyphTextIndex stays -1.
                    } else if text.isEmpty {
                        item.glyphTextIndex = -2
                    } else if text.unicodeScalars.count != 1 || text.unicodeScalars.first != item.scalar {
                        texts.append(text)
                        item.glyphTextIndex = Int32(texts.count - 1)
                    }
                    out.append(item)
                }
                clusterStart = clusterEnd
            }
            i = e
        }
        flushEnds(upTo: shaped.count)
        guard changed else { return }
        shaped = out
        paragraphEnds = newEnds
    }

    /// Stretches a line to `width`: the extra space goes to its word spaces, or, in a line
    /// without spaces (CJK), between all its characters.
    private func justify(_ line: inout LaidOutLine, to width: Double) {
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
            report(.error(.fontUnavailable, at: span, error.message))
            return nil
        case nil:
            report(LayoutMessages.unknownFont(name, at: span))
            return nil
        }
    }
}

struct FaceKey: Hashable {
    var names: [String]
    var bold: Bool
    var italic: Bool
}


/// `U+0041 'A'` (no quoted character for white space and controls), for messages.
func describeCharacter(_ scalar: Unicode.Scalar) -> String {
    let hex = String(scalar.value, radix: 16, uppercase: true)
    let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    return code + (scalar.properties.isWhitespace || scalar.value < 0x20 ? "" : " '\(scalar)'")
}

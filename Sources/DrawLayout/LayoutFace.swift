// The faces text layout measures with: a standard or TrueType face with its metrics, the
// caches that keep a page's repeated look-ups cheap (kerning pairs, damaged glyphs, shaping
// plans and shaped words), and the resolution of a style's `font:` list to faces.

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
    /// Shaping plans by script and features (the last one asked for first), and words shaped
    /// before (a page repeats its words). Only touched inside `shapeWord`, hence unchecked
    /// exclusivity.
    @exclusivity(unchecked) private var planKeys: [ShapingPlanKey] = []
    @exclusivity(unchecked) private var plans: [ShapingPlan] = []
    @exclusivity(unchecked) private var lastPlan = -1
    @exclusivity(unchecked) private var shapedWords = ShapedWordCache()

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
        // A glyph checked before: read before the face's font is taken out of `kind` (a retain).
        if !glyphChecks.isEmpty, glyphChecks[Int(glyph)] == 1 { return nil }
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
    func shapeWord(_ word: some Collection<Unicode.Scalar>, script: ShapingScript, features: [String]) -> [GlyphPlacement]? {
        guard case .trueType(let font) = kind else { return nil }
        let plan = planIndex(font, script: script, features: features)
        if let known = shapedWords.find(word, plan: plan) { return known }
        let glyphs = font.shape(Array(word), plan: plans[plan])
        shapedWords.insert(word, plan: plan, glyphs: glyphs)
        return glyphs
    }

    /// The index in `plans` of the plan for `script` and `features`, made on first use.
    private func planIndex(_ font: TrueTypeFontRef, script: ShapingScript, features: [String]) -> Int {
        if lastPlan >= 0, planKeys[lastPlan].script == script, planKeys[lastPlan].features == features { return lastPlan }
        let key = ShapingPlanKey(script: script, features: features)
        if let known = planKeys.firstIndex(of: key) { lastPlan = known; return known }
        planKeys.append(key)
        plans.append(font.shapingPlan(script: script, features: features.compactMap(FeatureSetting.init(parsing:))))
        lastPlan = plans.count - 1
        return lastPlan
    }

    /// Advance in em.
    @inline(__always)
    func advance(_ glyph: UInt16) -> Double {
        if !advancesByCode.isEmpty { return advancesByCode[Int(glyph & 0xFF)] }
        if case .trueType(let f) = kind { return Double(f.advance(glyph: glyph)) * unitScale }
        return 0
    }

    /// Pair kerning in em (negative: closer).
    @inline(__always)
    func kerning(_ left: UInt16, _ right: UInt16) -> Double {
        if !kerningByCodes.isEmpty {
            // A pair seen before: read before `standardMetrics` is unwrapped (which copies
            // the metrics, tables and all, on every call), and in the caller (the call cost
            // as much as the read: a page kerns every pair of its text).
            let cached = kerningByCodes[Int(left & 0xFF) << 8 | Int(right & 0xFF)]
            if cached != Int16.min { return Double(cached) / 1000 }
        }
        return kerningLookedUp(left, right)
    }

    /// `kerning` of a pair not in the cache (or of a TrueType face).
    @inline(never)
    private func kerningLookedUp(_ left: UInt16, _ right: UInt16) -> Double {
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

    /// The glyphs of `bytes[0..<drawn]` (which `hasGlyphs(forPrintableASCII:)` accepted)
    /// appended to `out` (its capacity reserved by the caller), positioned as one run: each advance (`letterSpacing` added, and `wordSpacing`
    /// to a space) and the kerning with the next glyph, summed in the order shaping, the
    /// kerning pass and `makeLine` sum them. Returns the pen after the last glyph.
    func positionASCII(_ bytes: UnsafeBufferPointer<UInt8>, drawn: Int, size: Double, letterSpacing: Double, wordSpacing: Double,
                       into out: inout [Scene.PositionedGlyph]) -> Double {
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
                        out.append(Scene.PositionedGlyph(glyph: glyph, x: runX, scalar: Unicode.Scalar(byte)))
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
            out.append(Scene.PositionedGlyph(glyph: glyph, x: runX, scalar: Unicode.Scalar(byte)))
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

/// Words a face shaped before, by their scalars and plan: an open-addressed table over one
/// array of all the words' scalars, so that finding a word takes no array of its own and no
/// `Hasher` (a `Dictionary` keyed by the word's scalars cost both per word; one keyed by a
/// `String` compared through canonical equivalence, which cost more than shaping the word).
struct ShapedWordCache {
    struct Entry {
        var start: Int
        var count: Int
        var hash: UInt32
        var plan: Int
        var glyphs: [GlyphPlacement]
    }
    /// Index in `entries`, -1 for an empty slot; a power of two long (or empty).
    private var slots: [Int32] = []
    private var entries: [Entry] = []
    private var scalars: [Unicode.Scalar] = []
    /// Words kept at most (a hostile text of distinct words does not grow the table without end).
    static let limit = 50_000

    private static func hash(_ word: some Collection<Unicode.Scalar>, plan: Int) -> UInt32 {
        // FNV-1a over the scalar values.
        var h: UInt32 = 2_166_136_261 ^ UInt32(truncatingIfNeeded: plan)
        for s in word { h = (h ^ s.value) &* 16_777_619 }
        return h
    }

    func find(_ word: some Collection<Unicode.Scalar>, plan: Int) -> [GlyphPlacement]? {
        guard !slots.isEmpty else { return nil }
        let h = Self.hash(word, plan: plan)
        let mask = slots.count - 1
        var slot = Int(h) & mask
        while slots[slot] >= 0 {
            let e = Int(slots[slot])
            if entries[e].hash == h, entries[e].plan == plan, entries[e].count == word.count,
               scalars[entries[e].start..<(entries[e].start + entries[e].count)].elementsEqual(word) { return entries[e].glyphs }
            slot = (slot + 1) & mask
        }
        return nil
    }

    mutating func insert(_ word: some Collection<Unicode.Scalar>, plan: Int, glyphs: [GlyphPlacement]) {
        if entries.count >= Self.limit { slots = []; entries = []; scalars = [] }
        if (entries.count + 1) * 2 > slots.count {
            // Grow: twice the room, every entry placed again.
            slots = [Int32](repeating: -1, count: max(256, slots.count * 2))
            for (e, entry) in entries.enumerated() { place(Int32(e), hash: entry.hash) }
        }
        let h = Self.hash(word, plan: plan)
        entries.append(Entry(start: scalars.count, count: word.count, hash: h, plan: plan, glyphs: glyphs))
        scalars.append(contentsOf: word)
        place(Int32(entries.count - 1), hash: h)
    }

    private mutating func place(_ entry: Int32, hash: UInt32) {
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while slots[slot] >= 0 { slot = (slot + 1) & mask }
        slots[slot] = entry
    }
}

extension LayoutEngine {
    mutating func standardOnly(_ faces: [Int]) -> Bool {
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

    mutating func face(named name: String, bold: Bool, italic: Bool, span: Span) -> Int? {
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

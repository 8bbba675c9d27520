// Text shaping: one run of text (one font, script and direction) to positioned glyphs, as
// HarfBuzz shapes it. The plan — which features, in which stages, with which masks — follows
// HarfBuzz's feature order per script; the script's shaper prepares the buffer (Arabic
// joining forms, Thai sara am, Indic syllables) and the lookups of the plan's stages do the
// rest (OpenTypeApply.swift). docs/fonts.md describes what is shaped and how it is tested.

/// The direction glyphs are laid out in.
package enum ShapingDirection: Sendable, Hashable {
    case leftToRight, rightToLeft
}

/// One OpenType feature setting: `value` 0 turns it off, 1 on, n > 1 picks alternate n.
package struct FeatureSetting: Hashable, Sendable {
    package var tag: OpenTypeTag
    package var value: Int
    package init(tag: OpenTypeTag, value: Int) { self.tag = tag; self.value = value }

    /// CSS-like text: "smcp" (on), "-liga" (off), "salt=2" (alternate 2); nil when malformed.
    package init?(parsing text: String) {
        var body = Substring(text)
        var value = 1
        if body.hasPrefix("-") { value = 0; body = body.dropFirst() } else if body.hasPrefix("+") { body = body.dropFirst() }
        if let eq = body.firstIndex(of: "=") {
            guard value == 1, let v = Int(body[body.index(after: eq)...]), v >= 0, v <= 0xFFFF else { return nil }
            value = v
            body = body[..<eq]
        }
        guard body.utf8.count == 4, body.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F }), let tag = OpenTypeTag(String(body)) else { return nil }
        self.tag = tag; self.value = value
    }
}

/// The scripts shaping tells apart: each has its OpenType tags and its shaper.
package enum ShapingScript: Sendable, Hashable {
    case common, latin, greek, cyrillic, arabic, syriac, hebrew, devanagari, bengali, tamil, thai, lao

    /// OpenType script tags, preferred first.
    var tags: [OpenTypeTag] {
        let names: [String]
        switch self {
        case .common: names = []
        case .latin: names = ["latn"]
        case .greek: names = ["grek"]
        case .cyrillic: names = ["cyrl"]
        case .arabic: names = ["arab"]
        case .syriac: names = ["syrc"]
        case .hebrew: names = ["hebr"]
        case .devanagari: names = ["dev2", "deva"]
        case .bengali: names = ["bng2", "beng"]
        case .tamil: names = ["tml2", "taml"]
        case .thai: names = ["thai"]
        case .lao: names = ["lao "]
        }
        return names.compactMap { OpenTypeTag($0) }
    }

    /// The direction the script is written in.
    package var direction: ShapingDirection {
        switch self {
        case .arabic, .syriac, .hebrew: .rightToLeft
        case .common, .latin, .greek, .cyrillic, .devanagari, .bengali, .tamil, .thai, .lao: .leftToRight
        }
    }

    /// The script of a scalar, nil for characters of no script of their own (spaces,
    /// punctuation, digits, marks), which take the script of the text around them.
    package static func of(_ scalar: Unicode.Scalar) -> ShapingScript? {
        let v = scalar.value
        if v < 0x80 { return (v | 0x20) >= 0x61 && (v | 0x20) <= 0x7A ? .latin : nil }
        switch v {
        case 0x00C0...0x024F, 0x1E00...0x1EFF, 0x2C60...0x2C7F, 0xA720...0xA7FF, 0xFB00...0xFB06: return .latin
        case 0x0370...0x03FF, 0x1F00...0x1FFF: return .greek
        case 0x0400...0x052F, 0x2DE0...0x2DFF, 0xA640...0xA69F: return .cyrillic
        case 0x0591...0x05F4, 0xFB1D...0xFB4F: return scalar.properties.generalCategory == .nonspacingMark ? nil : .hebrew
        case 0x0600...0x06FF, 0x0750...0x077F, 0x0870...0x08FF, 0xFB50...0xFDFF, 0xFE70...0xFEFE:
            if v == 0x060C || v == 0x061B || v == 0x061F || v == 0x0640 || (0x064B...0x0655).contains(v) || v == 0x0670 { return nil }
            return .arabic
        case 0x0700...0x074F, 0x0860...0x086F: return .syriac
        case 0x0900...0x097F, 0xA8E0...0xA8FF:
            return v == 0x0964 || v == 0x0965 ? nil : .devanagari
        case 0x0980...0x09FF: return .bengali
        case 0x0B80...0x0BFF: return .tamil
        case 0x0E00...0x0E7F: return .thai
        case 0x0E80...0x0EFF: return .lao
        default: return nil
        }
    }
}

/// A glyph of shaped text, in font units (y up), as HarfBuzz reports it.
package struct GlyphPlacement: Hashable, Sendable {
    package var glyph: UInt16
    /// Index in the shaped scalars of the first scalar of the glyph's cluster.
    package var cluster: Int
    package var xAdvance: Int
    package var xOffset: Int
    package var yOffset: Int
}

/// What the shaper does between GSUB stages.
enum ShapingPause: Hashable {
    case none
    case indicInitialReordering
    case indicFinalReordering
}

/// A step of a plan: the lookups of one stage, then what to do before the next.
struct ShapingStage {
    var lookups: [PlannedLookup]
    var pause: ShapingPause
}

/// The shaper a script uses.
enum Shaper: Hashable {
    case standard, arabic, hebrew, thai, indic

    init(_ script: ShapingScript) {
        switch script {
        case .arabic, .syriac: self = .arabic
        case .hebrew: self = .hebrew
        case .thai, .lao: self = .thai
        case .devanagari, .bengali, .tamil: self = .indic
        case .common, .latin, .greek, .cyrillic: self = .standard
        }
    }
}

/// Which features a plan applies, in which stages: built once per (face, script, direction,
/// language, features) and kept by whoever shapes with it.
package struct ShapingPlan: Sendable {
    var direction: ShapingDirection = .leftToRight
    var gsub: [ShapingStage] = []
    var gpos: [PlannedLookup] = []
    /// The mask bit of each feature applied to some glyphs only (Arabic forms, Indic).
    var masks: [OpenTypeTag: UInt32] = [:]
    var globalMask: UInt32 = 1
    var shaper: Shaper = .standard
    var script: ShapingScript = .common
    /// Whether GSUB/GPOS has the script (else the shaper may fall back).
    var hasGPOS = false
    /// Whether GPOS positions marks (a `mark` feature for the script): else Hebrew falls back
    /// to presentation forms.
    var hasGPOSMark = false
    /// The GSUB lookups of the features the Indic reordering asks about (rphf, blwf, …).
    var probedLookups: [OpenTypeTag: [Int]] = [:]

    func hasProbedLookups(_ tag: String) -> Bool { OpenTypeTag(tag).flatMap { probedLookups[$0] }.map { !$0.isEmpty } ?? false }

    func mask(_ tag: String) -> UInt32 { OpenTypeTag(tag).flatMap { masks[$0] } ?? 0 }

    struct Entry {
        var tag: OpenTypeTag
        var global: Bool
        var value: Int
        var manualZWJ: Bool
        var manualZWNJ: Bool
        var stage: Int
        var order: Int
        var perSyllable = false
    }

    init(tables: OpenTypeLayoutTables, reader r: ByteReader, script: ShapingScript, direction: ShapingDirection,
         language: OpenTypeTag?, features user: [FeatureSetting]) {
        self.script = script
        self.direction = direction
        shaper = Shaper(script)
        var entries: [Entry] = []
        var stage = 0
        var pauses: [Int: ShapingPause] = [:]
        func add(_ tag: String, global: Bool = true, value: Int = 1, manualZWJ: Bool = false, manualZWNJ: Bool = false,
                 perSyllable: Bool = false) {
            guard let t = OpenTypeTag(tag) else { return }
            entries.append(Entry(tag: t, global: global, value: value, manualZWJ: manualZWJ, manualZWNJ: manualZWNJ, stage: stage,
                                 order: entries.count, perSyllable: perSyllable))
        }
        func pause(_ action: ShapingPause = .none) { pauses[stage] = action; stage += 1 }

        add("rvrn")
        pause()
        switch direction {
        case .leftToRight: add("ltra"); add("ltrm")
        case .rightToLeft: add("rtla")
        }
        switch shaper {
        case .arabic:
            add("stch")
            pause()
            add("ccmp", manualZWJ: true); add("locl", manualZWJ: true)
            pause()
            for form in ["isol", "fina", "fin2", "fin3", "medi", "med2", "init"] { add(form, global: false); pause() }
            pause()
            add("rlig", manualZWJ: true)
            pause()
            add("rclt", manualZWJ: true); add("calt", manualZWJ: true)
            pause()
            add("mset")
        case .indic:
            add("locl", perSyllable: true); add("ccmp", perSyllable: true)
            pause(.indicInitialReordering)
            for f in IndicShaper.basicFeatures {
                add(f.tag, global: f.global, manualZWJ: true, manualZWNJ: true, perSyllable: true)
                pause()
            }
            pause(.indicFinalReordering)
            for f in IndicShaper.otherFeatures { add(f.tag, global: f.global, manualZWJ: true, manualZWNJ: true, perSyllable: true) }
        case .standard, .hebrew, .thai:
            break
        }
        // HarfBuzz's common features, then the horizontal ones.
        add("abvm", manualZWJ: true, manualZWNJ: true); add("blwm", manualZWJ: true, manualZWNJ: true)
        add("ccmp"); add("locl")
        add("mark", manualZWJ: true, manualZWNJ: true); add("mkmk", manualZWJ: true, manualZWNJ: true)
        add("rlig", manualZWJ: true)
        add("calt", manualZWJ: true); add("clig"); add("curs", manualZWJ: true, manualZWNJ: true)
        add("dist", manualZWJ: true, manualZWNJ: true); add("kern"); add("liga"); add("rclt")
        for f in user { entries.append(Entry(tag: f.tag, global: true, value: f.value, manualZWJ: false, manualZWNJ: false,
                                             stage: stage, order: entries.count)) }

        // One entry per tag: the first one's stage and joiner handling, the last one's value.
        var merged: [OpenTypeTag: Entry] = [:]
        var tagOrder: [OpenTypeTag] = []
        for e in entries {
            if var m = merged[e.tag] {
                m.stage = min(m.stage, e.stage)
                if e.global { m.global = true; m.value = e.value } else { m.global = false; m.value = max(m.value, e.value) }
                merged[e.tag] = m
            } else {
                merged[e.tag] = e
                tagOrder.append(e.tag)
            }
        }
        let gsubSystem = tables.gsub?.languageSystem(r, scripts: script.tags, language: language)
        let gposSystem = tables.gpos?.languageSystem(r, scripts: script.tags, language: language)
        hasGPOS = gposSystem != nil
        var stages = [[PlannedLookup]](repeating: [], count: stage + 1)
        var nextBit: UInt32 = 1
        for tag in tagOrder {
            let e = merged[tag]!
            guard e.value > 0 else { continue }
            let gsubLookups = gsubSystem.flatMap { tables.gsub!.lookupIndices(r, languageSystem: $0, feature: tag) } ?? []
            let gposLookups = gposSystem.flatMap { tables.gpos!.lookupIndices(r, languageSystem: $0, feature: tag) } ?? []
            var mask = globalMask
            if !e.global {
                guard nextBit < 31 else { continue }
                mask = UInt32(1) << nextBit
                nextBit += 1
                masks[tag] = mask
            }
            if tag.description == "mark" && !gposLookups.isEmpty { hasGPOSMark = true }
            if shaper == .indic, IndicShaper.probedFeatures.contains(tag.description) { probedLookups[tag] = gsubLookups }
            guard !gsubLookups.isEmpty || !gposLookups.isEmpty else { continue }
            let alternate = e.value > 1 ? e.value - 1 : 0
            for index in gsubLookups {
                stages[e.stage].append(PlannedLookup(index: index, mask: mask, autoZWJ: !e.manualZWJ, autoZWNJ: !e.manualZWNJ,
                                                     alternate: alternate, perSyllable: e.perSyllable))
            }
            for index in gposLookups {
                gpos.append(PlannedLookup(index: index, mask: mask, autoZWJ: !e.manualZWJ, autoZWNJ: !e.manualZWNJ))
            }
        }
        func sortedMerged(_ list: [PlannedLookup]) -> [PlannedLookup] {
            var out: [PlannedLookup] = []
            for l in list.sorted(by: { $0.index < $1.index }) {
                if var last = out.last, last.index == l.index {
                    last.mask |= l.mask
                    last.autoZWJ = last.autoZWJ && l.autoZWJ
                    last.autoZWNJ = last.autoZWNJ && l.autoZWNJ
                    last.perSyllable = last.perSyllable && l.perSyllable
                    out[out.count - 1] = last
                } else {
                    out.append(l)
                }
            }
            return out
        }
        gsub = stages.enumerated().map { ShapingStage(lookups: sortedMerged($0.element), pause: pauses[$0.offset] ?? .none) }
        gpos = sortedMerged(gpos)
    }
}

extension TrueTypeFontRef {
    /// Shapes one run: `scalars` in logical order, all of one script and direction, in this
    /// face. Returns the glyphs in visual order (right to left runs reversed), each with the
    /// index of the first scalar of its cluster, advances and offsets in font units — what
    /// `hb-shape` prints for the same text.
    package func shape(_ scalars: [Unicode.Scalar], script: ShapingScript, direction: ShapingDirection? = nil,
                       language: OpenTypeTag? = nil, features: [FeatureSetting] = []) -> [GlyphPlacement] {
        shape(scalars, plan: shapingPlan(script: script, direction: direction, language: language, features: features))
    }

    /// `shape` with a plan made by `shapingPlan` for this face.
    package func shape(_ scalars: [Unicode.Scalar], plan: ShapingPlan) -> [GlyphPlacement] {
        let direction = plan.direction
        var buffer = makeBuffer(scalars, plan: plan)
        switch plan.shaper {
        case .indic: break  // IndicShaper.prepare normalizes its own way
        case .hebrew where !plan.hasGPOSMark:
            ShapingNormalizer.normalize(&buffer, font: self, fallback: HebrewShaper.presentationForm)
        case .standard, .arabic, .hebrew, .thai:
            ShapingNormalizer.normalize(&buffer, font: self)
        }
        switch plan.shaper {
        case .arabic: ArabicShaper.setMasks(&buffer, plan: plan)
        case .thai: ThaiShaper.preprocess(&buffer, font: self)
        case .indic: IndicShaper.prepare(&buffer, plan: plan, font: self)
        case .standard, .hebrew: break
        }
        for i in buffer.indices { buffer[i].props = initialProps(buffer[i]) }
        let rtl = direction == .rightToLeft
        if let gsub = layoutTables.gsub {
            var applier = LookupApplier(reader: reader, gdef: layoutTables.gdef, table: gsub, gsub: true, rightToLeft: rtl, buffer: buffer)
            for stage in plan.gsub {
                for lookup in stage.lookups { applier.apply(lookup) }
                switch stage.pause {
                case .none: break
                case .indicInitialReordering: IndicShaper.initialReordering(&applier.buffer, plan: plan, font: self)
                case .indicFinalReordering: IndicShaper.finalReordering(&applier.buffer, plan: plan, font: self)
                }
            }
            buffer = applier.buffer
        } else {
            for stage in plan.gsub {
                switch stage.pause {
                case .none: break
                case .indicInitialReordering: IndicShaper.initialReordering(&buffer, plan: plan, font: self)
                case .indicFinalReordering: IndicShaper.finalReordering(&buffer, plan: plan, font: self)
                }
            }
        }
        // Positions: advances from hmtx, then GPOS.
        for i in buffer.indices { buffer[i].xAdvance = Int32(advance(glyph: buffer[i].glyph)) }
        if let gpos = layoutTables.gpos, !plan.gpos.isEmpty {
            var applier = LookupApplier(reader: reader, gdef: layoutTables.gdef, table: gpos, gsub: false, rightToLeft: rtl, buffer: buffer)
            for lookup in plan.gpos { applier.apply(lookup) }
            buffer = applier.buffer
            if plan.shaper != .indic { for i in buffer.indices where buffer[i].isMark { buffer[i].xAdvance = 0; buffer[i].yAdvance = 0 } }
            hideIgnorables(&buffer)
            var finish = LookupApplier(reader: reader, gdef: layoutTables.gdef, table: gpos, gsub: false, rightToLeft: rtl, buffer: buffer)
            finish.propagateAttachments()
            buffer = finish.buffer
        } else {
            if plan.shaper != .indic { for i in buffer.indices where buffer[i].isMark { buffer[i].xAdvance = 0 } }
            if plan.gpos.isEmpty && kerningSource == .kernTable && buffer.count > 1 {
                for i in 0..<(buffer.count - 1) { buffer[i].xAdvance += Int32(kerning(buffer[i].glyph, buffer[i + 1].glyph)) }
            }
            hideIgnorables(&buffer)
        }
        if rtl { buffer.reverse() }
        return buffer.map {
            GlyphPlacement(glyph: $0.glyph, cluster: Int($0.cluster), xAdvance: Int($0.xAdvance), xOffset: Int($0.xOffset),
                           yOffset: Int($0.yOffset))
        }
    }

    /// The plan for shaping runs of `script` in this face: built once and kept by the caller
    /// (layout keeps one per face and settings), since finding the features' lookups reads
    /// the script and feature lists.
    package func shapingPlan(script: ShapingScript, direction: ShapingDirection? = nil, language: OpenTypeTag? = nil,
                             features: [FeatureSetting] = []) -> ShapingPlan {
        ShapingPlan(tables: layoutTables, reader: reader, script: script, direction: direction ?? script.direction,
                    language: language, features: features)
    }

    /// The buffer before shaping: glyphs from the cmap, clusters by grapheme (marks and ZWJ
    /// join the cluster before them), the global mask.
    func makeBuffer(_ scalars: [Unicode.Scalar], plan: ShapingPlan) -> [ShapingItem] {
        var buffer: [ShapingItem] = []
        buffer.reserveCapacity(scalars.count)
        var cluster: Int32 = 0
        for (i, s) in scalars.enumerated() {
            let v = s.value
            let ignorable: IgnorableKind
            if v == 0x200C { ignorable = .zwnj } else if v == 0x200D { ignorable = .zwj }
            else if v >= 0xAD, s.properties.isDefaultIgnorableCodePoint { ignorable = .other } else { ignorable = .none }
            if i == 0 || !isContinuation(s) { cluster = Int32(i) }
            buffer.append(ShapingItem(glyph: glyph(for: s) ?? 0, codepoint: v, cluster: cluster, mask: plan.globalMask, props: 0,
                                      ignorable: ignorable))
        }
        return buffer
    }

    func isContinuation(_ s: Unicode.Scalar) -> Bool {
        if s.value < 0x300 { return false }
        if s.value == 0x200D { return true }
        switch s.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return (0x1F3FB...0x1F3FF).contains(s.value) || (0xE0020...0xE007F).contains(s.value)
        }
    }

    /// GDEF's class of the glyph, or one guessed from the character when the font has none.
    func initialProps(_ g: ShapingItem) -> UInt16 {
        let kept = g.props & (GlyphProps.substituted | GlyphProps.ligated | GlyphProps.multiplied)
        if layoutTables.gdef.hasGlyphClasses {
            let r = reader
            return kept | GlyphProps.fromGDEF(layoutTables.gdef.glyphClass(r, g.glyph), markAttachClass: layoutTables.gdef.markAttachClass(r, g.glyph))
        }
        if let s = Unicode.Scalar(g.codepoint), s.value >= 0x300, s.properties.generalCategory == .nonspacingMark { return kept | GlyphProps.mark }
        return kept | GlyphProps.base
    }

    /// Default ignorables (ZWJ, ZWNJ, soft hyphen…) become the space glyph with no advance.
    func hideIgnorables(_ buffer: inout [ShapingItem]) {
        guard buffer.contains(where: { $0.ignorable != .none && $0.props & GlyphProps.substituted == 0 }) else { return }
        if let space = glyph(for: " ") {
            for i in buffer.indices where buffer[i].ignorable != .none && buffer[i].props & GlyphProps.substituted == 0 {
                buffer[i].glyph = space; buffer[i].xAdvance = 0; buffer[i].yAdvance = 0; buffer[i].xOffset = 0; buffer[i].yOffset = 0
            }
        } else {
            buffer.removeAll { $0.ignorable != .none && $0.props & GlyphProps.substituted == 0 }
        }
    }

    /// Whether shaping can change this face's glyphs beyond one glyph per character with pair
    /// kerning: some lookup of the default features for `script` exists in GSUB, or GPOS has
    /// lookups other than pair positioning.
    package func shapingChangesGlyphs(_ plan: ShapingPlan) -> Bool {
        plan.gsub.contains { !$0.lookups.isEmpty } || plan.gpos.contains { layoutTables.gpos?.lookups[$0.index].type != 2 }
    }
}

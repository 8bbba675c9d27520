// The Indic shaper (Devanagari, Bengali, Tamil), as HarfBuzz shapes these scripts with an
// OpenType font of the new ("dev2", "bng2", "tml2") specification:
//
// 1. prepare: split vowels decomposed (normalization), each scalar's category and position in
//    its syllable (IndicCategories+Generated.swift, from Unicode's IndicSyllabicCategory.txt
//    and IndicPositionalCategory.txt), the text cut into syllables by the syllable grammar;
// 2. initial reordering (after locl, ccmp): a dotted circle into each broken cluster, the base
//    consonant found, a leading Ra + virama marked to become a reph, pre-base matras put
//    first, masks set for the features that apply before or after the base;
// 3. the basic features, one stage each (nukt akhn rphf rkrf pref blwf abvf half pstf vatu
//    cjct), each within its syllable;
// 4. final reordering: the pre-base matra moved after the half forms, the reph to its place
//    (per script), a pre-base-reordering consonant before the base, init on a word-initial
//    matra; then the presentation features (init pres abvs blws psts haln).
//
// docs/fonts.md lists what is compared with hb-shape and the known differences.

/// The shaping category of a scalar in an Indic syllable (raw values: the generated table's).
enum IndicCategory: UInt8 {
    case x, c, v, n, h, zwnj, zwj, m, sm, a, placeholder, dottedCircle, rs, repha, ra, cm, symbol, cs

    var flag: UInt32 { 1 << UInt32(rawValue) }
    static func flags(_ list: IndicCategory...) -> UInt32 { list.reduce(0) { $0 | $1.flag } }
}

/// Where a glyph goes in its syllable; reordering sorts by it (raw values: the generated table's).
enum IndicPosition: UInt8 {
    case start, raToBecomeReph, preM, preC, baseC, afterMain, aboveC, beforeSub, belowC, afterSub, beforePost, postC,
         afterPost, finalC, smvd, end
}

/// The kind of a syllable, kept in the low bits of `ShapingItem.syllable`.
enum IndicSyllable: UInt8 {
    case consonant, vowel, standalone, symbol, broken, other
}

/// A pattern over categories: the syllable grammar, matched by following every way at once
/// (the set of positions a pattern can end at), so the longest match is found exactly.
private indirect enum IndicPattern: Sendable {
    case one(UInt32)
    case seq([IndicPattern])
    case alt([IndicPattern])
    case opt(IndicPattern)
    case star(IndicPattern)

    func ends(_ cats: [UInt8], from starts: Set<Int>) -> Set<Int> {
        switch self {
        case .one(let flags):
            var out = Set<Int>()
            for s in starts where s < cats.count && flags & (1 << UInt32(cats[s])) != 0 { out.insert(s + 1) }
            return out
        case .seq(let parts):
            var current = starts
            for p in parts {
                current = p.ends(cats, from: current)
                if current.isEmpty { break }
            }
            return current
        case .alt(let parts):
            var out = Set<Int>()
            for p in parts { out.formUnion(p.ends(cats, from: starts)) }
            return out
        case .opt(let p):
            return starts.union(p.ends(cats, from: starts))
        case .star(let p):
            var all = starts
            var frontier = starts
            while !frontier.isEmpty {
                let next = p.ends(cats, from: frontier).subtracting(all)
                all.formUnion(next)
                frontier = next
            }
            return all
        }
    }
}

/// The syllable grammar (HarfBuzz's Indic machine).
private enum IndicGrammar {
    typealias P = IndicPattern
    static func c(_ list: IndicCategory...) -> P { .one(list.reduce(0) { $0 | $1.flag }) }

    static let consonant = c(.c, .ra)
    static let n = P.seq([.opt(.seq([.opt(c(.zwnj)), c(.rs)])), .opt(.seq([c(.n), .opt(c(.n))]))])
    static let z = c(.zwj, .zwnj)
    static let reph = P.alt([.seq([c(.ra), c(.h)]), c(.repha)])
    static let cn = P.seq([consonant, .opt(c(.zwj)), .opt(n)])
    static let symbol = P.seq([c(.symbol), .opt(c(.n))])
    static let matraGroup = P.seq([.star(z), c(.m), .opt(c(.n)), .opt(c(.h))])
    static let syllableTail = P.seq([.opt(.seq([.opt(z), c(.sm), .opt(c(.sm)), .opt(c(.zwnj))])), .star(c(.a))])
    static let halantGroup = P.seq([.opt(z), c(.h), .opt(.seq([c(.zwj), .opt(c(.n))]))])
    static let finalHalantGroup = P.alt([halantGroup, .seq([c(.h), c(.zwnj)])])
    static let halantOrMatraGroup = P.alt([finalHalantGroup, .star(matraGroup)])
    static let complexTail = P.seq([.star(.seq([halantGroup, cn])), .opt(c(.cm)), halantOrMatraGroup, syllableTail])

    /// The syllable kinds in the machine's order of preference for matches of equal length.
    static let syllables: [(IndicSyllable, P)] = [
        (.consonant, .seq([.opt(c(.repha, .cs)), cn, complexTail])),
        (.vowel, .seq([.opt(reph), c(.v), .opt(n), .alt([c(.zwj), complexTail])])),
        (.standalone, .seq([.alt([.seq([.opt(c(.repha, .cs)), c(.placeholder)]), .seq([.opt(reph), c(.dottedCircle)])]),
                            .opt(n), complexTail])),
        (.symbol, .seq([symbol, syllableTail])),
        (.broken, .seq([.opt(reph), .opt(n), complexTail])),
    ]

    /// The kind and length of the syllable starting at `start` (at least one glyph).
    static func syllable(_ cats: [UInt8], at start: Int) -> (IndicSyllable, Int) {
        var best: (IndicSyllable, Int) = (.other, 0)
        for (kind, pattern) in syllables {
            if let end = pattern.ends(cats, from: [start]).max(), end - start > best.1 { best = (kind, end - start) }
        }
        return best.1 == 0 ? (.other, 1) : best
    }
}

/// How one script places its reph and finds its base.
private struct IndicScriptConfig {
    enum RephPosition { case beforePost, afterSub, afterPost }
    var virama: Unicode.Scalar
    var reph: RephPosition
    /// Tamil has no half forms: a pre-base matra stays right before the base.
    var hasHalfForms: Bool

    init(_ script: ShapingScript) {
        switch script {
        case .bengali: virama = "\u{09CD}"; reph = .afterSub; hasHalfForms = true
        case .tamil: virama = "\u{0BCD}"; reph = .afterPost; hasHalfForms = false
        case .devanagari, .common, .latin, .greek, .cyrillic, .arabic, .syriac, .hebrew, .thai, .lao:
            virama = "\u{094D}"; reph = .beforePost; hasHalfForms = true
        }
    }
}

enum IndicShaper {
    /// The basic shaping forms, each applied in a stage of its own, in this order; `global`
    /// ones apply to every glyph, the others to the glyphs the reordering marks.
    static let basicFeatures: [(tag: String, global: Bool)] = [
        ("nukt", true), ("akhn", true), ("rphf", false), ("rkrf", true), ("pref", false), ("blwf", false),
        ("abvf", false), ("half", false), ("pstf", false), ("vatu", true), ("cjct", true),
    ]
    /// The presentation forms, applied together after the final reordering.
    static let otherFeatures: [(tag: String, global: Bool)] = [
        ("init", false), ("pres", true), ("abvs", true), ("blws", true), ("psts", true), ("haln", true),
    ]
    /// The features whose lookups the reordering asks whether they would apply.
    static let probedFeatures = ["rphf", "pref", "blwf", "pstf", "vatu"]

    static func properties(_ v: UInt32) -> (IndicCategory, IndicPosition) {
        var lo = 0, hi = indicPropertyRanges.count
        while lo < hi {
            let mid = (lo + hi) / 2
            let r = indicPropertyRanges[mid]
            if v < r.0 { hi = mid } else if v > r.1 { lo = mid + 1 } else {
                return (IndicCategory(rawValue: r.2) ?? .x, IndicPosition(rawValue: r.3) ?? .end)
            }
        }
        return (.x, .end)
    }

    static func category(_ g: ShapingItem) -> IndicCategory { IndicCategory(rawValue: g.category) ?? .x }
    static func position(_ g: ShapingItem) -> IndicPosition { IndicPosition(rawValue: g.position) ?? .end }
    static func isConsonant(_ g: ShapingItem) -> Bool {
        IndicCategory.flags(.c, .cs, .ra, .cm, .v, .placeholder, .dottedCircle) & category(g).flag != 0
    }
    static func isJoiner(_ g: ShapingItem) -> Bool { g.category == IndicCategory.zwj.rawValue || g.category == IndicCategory.zwnj.rawValue }
    static func isHalant(_ g: ShapingItem) -> Bool { g.category == IndicCategory.h.rawValue }
    static func isMatra(_ g: ShapingItem) -> Bool { g.category == IndicCategory.m.rawValue }
    static func kind(_ g: ShapingItem) -> IndicSyllable { IndicSyllable(rawValue: g.syllable & 0x0F) ?? .other }

    /// Normalization (split vowels decomposed, not recomposed), categories, syllables.
    static func prepare(_ buffer: inout [ShapingItem], plan: ShapingPlan, font: TrueTypeFontRef) {
        ShapingNormalizer.normalize(&buffer, font: font, always: true, exclude: [0x0931, 0x09DC, 0x09DD, 0x0B94],
                                    compose: { a, _ in !ShapingNormalizer.isMark(a) })
        // Bengali YYA: a composition exclusion HarfBuzz composes all the same.
        var i = 0
        while i + 1 < buffer.count {
            if buffer[i].codepoint == 0x09AF, buffer[i + 1].codepoint == 0x09BC, let g = font.glyph(for: "\u{09DF}") {
                buffer[i].codepoint = 0x09DF; buffer[i].glyph = g
                buffer.remove(at: i + 1)
            }
            i += 1
        }
        for k in buffer.indices {
            let (cat, pos) = properties(buffer[k].codepoint)
            buffer[k].category = cat.rawValue
            buffer[k].position = pos.rawValue
        }
        let cats = buffer.map(\.category)
        var start = 0
        var serial: UInt8 = 1
        while start < buffer.count {
            let (kind, length) = IndicGrammar.syllable(cats, at: start)
            for k in start..<min(buffer.count, start + length) { buffer[k].syllable = serial << 4 | kind.rawValue }
            serial = serial == 15 ? 1 : serial + 1
            start += length
        }
    }

    /// The syllables of the buffer: ranges of one `syllable` value.
    static func syllables(_ buffer: [ShapingItem]) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var start = 0
        while start < buffer.count {
            var end = start + 1
            while end < buffer.count, buffer[end].syllable == buffer[start].syllable { end += 1 }
            out.append(start..<end)
            start = end
        }
        return out
    }

    /// Whether the lookups of `feature` would substitute exactly `glyphs` (no context).
    static func wouldSubstitute(_ glyphs: [UInt16], feature: String, plan: ShapingPlan, font: TrueTypeFontRef) -> Bool {
        guard let tag = OpenTypeTag(feature), let lookups = plan.probedLookups[tag], !lookups.isEmpty,
              let gsub = font.layoutTables.gsub else { return false }
        for index in lookups {
            var items: [ShapingItem] = []
            for g in glyphs {
                var item = ShapingItem(glyph: g, codepoint: 0, cluster: 0, mask: 1, props: 0, ignorable: .none)
                item.props = font.initialProps(item)
                items.append(item)
            }
            var applier = LookupApplier(reader: font.reader, gdef: font.layoutTables.gdef, table: gsub, gsub: true,
                                        rightToLeft: false, buffer: items)
            guard index < gsub.lookups.count else { continue }
            let lookup = gsub.lookups[index]
            applier.flags = lookup.flags; applier.filteringSet = lookup.markFilteringSet
            // Only a substitution that takes every glyph (a ligature of them, or one glyph replaced).
            if let next = applier.applyAt(lookup, 0), applier.buffer.count < glyphs.count || next >= glyphs.count { return true }
        }
        return false
    }

    /// Where a consonant goes, by what the font does with it beside a virama.
    static func consonantPosition(_ consonant: UInt16, virama: UInt16, plan: ShapingPlan, font: TrueTypeFontRef) -> IndicPosition {
        let pairs = [[virama, consonant], [consonant, virama]]
        if pairs.contains(where: { wouldSubstitute($0, feature: "blwf", plan: plan, font: font)
            || wouldSubstitute($0, feature: "vatu", plan: plan, font: font) }) { return .belowC }
        if pairs.contains(where: { wouldSubstitute($0, feature: "pstf", plan: plan, font: font) }) { return .postC }
        if pairs.contains(where: { wouldSubstitute($0, feature: "pref", plan: plan, font: font) }) { return .postC }
        return .baseC
    }

    // MARK: Initial reordering

    static func initialReordering(_ buffer: inout [ShapingItem], plan: ShapingPlan, font: TrueTypeFontRef) {
        let config = IndicScriptConfig(plan.script)
        let virama = font.glyph(for: config.virama) ?? 0
        var known: [UInt16: IndicPosition] = [:]
        for i in buffer.indices where buffer[i].position == IndicPosition.baseC.rawValue {
            let g = buffer[i].glyph
            let p = known[g] ?? consonantPosition(g, virama: virama, plan: plan, font: font)
            known[g] = p
            buffer[i].position = p.rawValue
        }
        insertDottedCircles(&buffer, font: font)
        for range in syllables(buffer) {
            switch kind(buffer[range.lowerBound]) {
            case .consonant, .vowel, .standalone, .broken:
                reorderSyllable(&buffer, range.lowerBound, range.upperBound, plan: plan, font: font)
            case .symbol, .other:
                break
            }
        }
    }

    /// A dotted circle at the start of each broken cluster (after a leading repha), when the
    /// font has one: the marks of the cluster then sit on it.
    static func insertDottedCircles(_ buffer: inout [ShapingItem], font: TrueTypeFontRef) {
        guard buffer.contains(where: { kind($0) == .broken }), let circle = font.glyph(for: "\u{25CC}") else { return }
        var i = 0
        var last: UInt8? = nil
        while i < buffer.count {
            let s = buffer[i].syllable
            if kind(buffer[i]) == .broken && s != last {
                last = s
                var at = i
                if category(buffer[at]) == .repha { at += 1 }
                let template = buffer[min(at, buffer.count - 1)]
                var dot = ShapingItem(glyph: circle, codepoint: 0x25CC, cluster: template.cluster, mask: template.mask, props: 0,
                                      ignorable: .none)
                dot.props = font.initialProps(dot)
                dot.syllable = s
                dot.category = IndicCategory.dottedCircle.rawValue
                dot.position = IndicPosition.end.rawValue
                buffer.insert(dot, at: at)
                i = at + 1
                continue
            }
            last = s
            i += 1
        }
    }

    static func reorderSyllable(_ info: inout [ShapingItem], _ start: Int, _ end: Int, plan: ShapingPlan, font: TrueTypeFontRef) {
        let rphf = plan.mask("rphf"), half = plan.mask("half"), blwf = plan.mask("blwf"), abvf = plan.mask("abvf")
        let pstf = plan.mask("pstf"), pref = plan.mask("pref")
        var base = end
        var hasReph = false
        var limit = start
        // A leading Ra + virama the font makes a reph of.
        if start + 3 <= end, !isJoiner(info[start + 2]), plan.hasProbedLookups("rphf"),
           wouldSubstitute([info[start].glyph, info[start + 1].glyph], feature: "rphf", plan: plan, font: font) {
            limit += 2
            while limit < end, isJoiner(info[limit]) { limit += 1 }
            base = start
            hasReph = true
        }
        // The base: from the end, the last consonant without a below- or post-base form.
        var i = end
        var seenBelow = false
        repeat {
            i -= 1
            if isConsonant(info[i]) {
                let p = position(info[i])
                if p != .belowC && (p != .postC || seenBelow) { base = i; break }
                if p == .belowC { seenBelow = true }
                base = i
            } else if start < i, category(info[i]) == .zwj, category(info[i - 1]) == .h {
                break
            }
        } while i > limit
        if hasReph && base == start && limit - base <= 2 { hasReph = false }

        for k in start..<base { info[k].position = min(IndicPosition.preC.rawValue, info[k].position) }
        if base < end { info[base].position = IndicPosition.baseC.rawValue }
        // A consonant after a matra is final.
        for k in (base + 1)..<max(base + 1, end) where isMatra(info[k]) {
            for j in (k + 1)..<max(k + 1, end) where isConsonant(info[j]) {
                info[j].position = IndicPosition.finalC.rawValue
                break
            }
            break
        }
        if hasReph { info[start].position = IndicPosition.raToBecomeReph.rawValue }

        // Joiners, nuktas, viramas and medials move with what comes before them.
        var lastPosition = IndicPosition.start.rawValue
        let attached = IndicCategory.flags(.zwj, .zwnj, .n, .rs, .cm, .h)
        for k in start..<end {
            if attached & category(info[k]).flag != 0 {
                info[k].position = lastPosition
                if isHalant(info[k]) && info[k].position == IndicPosition.preM.rawValue {
                    // A virama after a pre-base matra stays with what is before the matra.
                    var j = k
                    while j > start {
                        if info[j - 1].position != IndicPosition.preM.rawValue { info[k].position = info[j - 1].position; break }
                        j -= 1
                    }
                }
            } else if info[k].position != IndicPosition.smvd.rawValue {
                lastPosition = info[k].position
            }
        }
        // A post-base consonant owns what is between it and the consonant or matra before.
        var last = base
        for k in (base + 1)..<max(base + 1, end) {
            if isConsonant(info[k]) {
                for j in (last + 1)..<max(last + 1, k) where info[j].position < IndicPosition.smvd.rawValue {
                    info[j].position = info[k].position
                }
                last = k
            } else if isMatra(info[k]) {
                last = k
            }
        }

        // Sort by position (stable), remembering whether anything moved.
        let before = info[start..<end].map(\.cluster)
        let sorted = info[start..<end].enumerated().sorted {
            $0.element.position != $1.element.position ? $0.element.position < $1.element.position : $0.offset < $1.offset
        }
        info.replaceSubrange(start..<end, with: sorted.map(\.element))
        // The base again; a run of several pre-base matras keeps its logical order.
        base = end
        var firstLeftMatra = end, lastLeftMatra = end
        for k in start..<end {
            if info[k].position == IndicPosition.baseC.rawValue { base = k; break }
            if info[k].position == IndicPosition.preM.rawValue {
                if firstLeftMatra == end { firstLeftMatra = k }
                lastLeftMatra = k
            }
        }
        if firstLeftMatra < lastLeftMatra {
            info[firstLeftMatra...lastLeftMatra].reverse()
            var k = firstLeftMatra
            for j in firstLeftMatra...lastLeftMatra where isMatra(info[j]) {
                info[k...j].reverse()
                k = j + 1
            }
        }
        if info[start..<end].map(\.cluster) != before { mergeClusters(&info, start, end) }

        // Masks: reph, before the base (half, blwf), after it (blwf, abvf, pstf).
        var k = start
        while k < end, info[k].position == IndicPosition.raToBecomeReph.rawValue { info[k].mask |= rphf; k += 1 }
        for j in start..<base { info[j].mask |= half | blwf }
        for j in (base + 1)..<max(base + 1, end) { info[j].mask |= blwf | abvf | pstf }
        // A virama + consonant the font reorders before the base (pref).
        if plan.hasProbedLookups("pref"), base + 2 < end {
            for j in (base + 1)..<(end - 1)
            where wouldSubstitute([info[j].glyph, info[j + 1].glyph], feature: "pref", plan: plan, font: font) {
                info[j].mask |= pref; info[j + 1].mask |= pref
                break
            }
        }
        // A ZWNJ stops the half forms of the consonants before it.
        for j in (start + 1)..<max(start + 1, end) where category(info[j]) == .zwnj {
            var m = j
            repeat {
                m -= 1
                info[m].mask &= ~half
            } while m > start && !isConsonant(info[m])
        }
    }

    /// One cluster for `start..<end` (the smallest of theirs).
    static func mergeClusters(_ info: inout [ShapingItem], _ start: Int, _ end: Int) {
        guard start < end else { return }
        let cluster = info[start..<end].map(\.cluster).min()!
        for k in start..<end { info[k].cluster = cluster }
    }

    // MARK: Final reordering

    static func finalReordering(_ buffer: inout [ShapingItem], plan: ShapingPlan, font: TrueTypeFontRef) {
        let virama = font.glyph(for: IndicScriptConfig(plan.script).virama) ?? 0
        for i in buffer.indices where buffer[i].glyph == virama && virama != 0
            && buffer[i].props & GlyphProps.ligated != 0 && buffer[i].props & GlyphProps.multiplied != 0 {
            buffer[i].category = IndicCategory.h.rawValue
            buffer[i].props &= ~(GlyphProps.ligated | GlyphProps.multiplied)
        }
        for range in syllables(buffer) { finalReorderSyllable(&buffer, range.lowerBound, range.upperBound, plan: plan) }
    }

    static func ligatedAndDidNotMultiply(_ g: ShapingItem) -> Bool {
        g.props & GlyphProps.ligated != 0 && g.props & GlyphProps.multiplied == 0
    }

    static func finalReorderSyllable(_ info: inout [ShapingItem], _ start: Int, _ end: Int, plan: ShapingPlan) {
        let config = IndicScriptConfig(plan.script)
        let pref = plan.mask("pref")
        var tryPref = plan.hasProbedLookups("pref")
        // The base again.
        var base = start
        while base < end {
            if info[base].position >= IndicPosition.baseC.rawValue {
                if tryPref && base + 1 < end {
                    for i in (base + 1)..<end where info[i].mask & pref != 0 {
                        if !(info[i].props & GlyphProps.substituted != 0 && ligatedAndDidNotMultiply(info[i])) {
                            // A pref candidate that formed nothing: the base is around here.
                            base = i
                            while base < end && isHalant(info[base]) { base += 1 }
                            if base < end { info[base].position = IndicPosition.baseC.rawValue }
                            tryPref = false
                        }
                        break
                    }
                }
                if start < base && base < end && info[base].position > IndicPosition.baseC.rawValue { base -= 1 }
                break
            }
            base += 1
        }
        if base == end && start < base && category(info[base - 1]) == .zwj { base -= 1 }
        if base < end {
            while start < base && (category(info[base]) == .n || category(info[base]) == .h) { base -= 1 }
        }

        // A pre-base matra: after the last half form (a standalone virama), before the base.
        if start + 1 < end && start < base {
            var newPos = base == end ? base - 2 : base - 1
            if config.hasHalfForms {
                var searching = true
                while searching {
                    searching = false
                    while newPos > start && !(isMatra(info[newPos]) || isHalant(info[newPos])) { newPos -= 1 }
                    if isHalant(info[newPos]) && info[newPos].position != IndicPosition.preM.rawValue {
                        if newPos + 1 < end, category(info[newPos + 1]) == .zwj, newPos > start {
                            newPos -= 1
                            searching = true
                        }
                    } else {
                        newPos = start
                    }
                }
            }
            if start < newPos && info[newPos].position != IndicPosition.preM.rawValue {
                var i = newPos
                while i > start {
                    if info[i - 1].position == IndicPosition.preM.rawValue {
                        let oldPos = i - 1
                        if oldPos < base && base <= newPos { base -= 1 }
                        let moved = info.remove(at: oldPos)
                        info.insert(moved, at: newPos)
                        mergeClusters(&info, newPos, min(end, base + 1))
                        newPos -= 1
                    }
                    i -= 1
                }
            } else {
                for i in start..<base where info[i].position == IndicPosition.preM.rawValue {
                    mergeClusters(&info, i, min(end, base + 1))
                    break
                }
            }
        }

        // The reph, when it formed.
        if start + 1 < end, info[start].position == IndicPosition.raToBecomeReph.rawValue,
           (category(info[start]) == .repha) != ligatedAndDidNotMultiply(info[start]) {
            var newRephPos = -1
            func afterFirstHalant() -> Int? {
                var p = start + 1
                while p < base && !isHalant(info[p]) { p += 1 }
                guard p < base && isHalant(info[p]) else { return nil }
                if p + 1 < base && isJoiner(info[p + 1]) { p += 1 }
                return p
            }
            if config.reph != .afterPost, let p = afterFirstHalant() {
                newRephPos = p
            } else if config.reph == .afterSub {
                var p = base
                let stop: Set<UInt8> = [IndicPosition.postC.rawValue, IndicPosition.afterPost.rawValue, IndicPosition.smvd.rawValue]
                while p + 1 < end && !stop.contains(info[p + 1].position) { p += 1 }
                if p < end { newRephPos = p }
            }
            if newRephPos < 0, config.reph == .afterPost, let p = afterFirstHalant() { newRephPos = p }
            if newRephPos < 0 {
                var p = end - 1
                while p > start && info[p].position == IndicPosition.smvd.rawValue { p -= 1 }
                if isHalant(info[p]) {
                    for i in (base + 1)..<max(base + 1, p) where isMatra(info[i]) { p -= 1 }
                }
                newRephPos = p
            }
            mergeClusters(&info, start, newRephPos + 1)
            let reph = info.remove(at: start)
            info.insert(reph, at: newRephPos)
            if start < base && base <= newRephPos { base -= 1 }
        }

        // A pre-base-reordering consonant the pref feature formed.
        if tryPref && base + 1 < end {
            for i in (base + 1)..<end where info[i].mask & pref != 0 {
                if ligatedAndDidNotMultiply(info[i]) {
                    var newPos = base
                    if config.hasHalfForms {
                        while newPos > start && !(isMatra(info[newPos - 1]) || isHalant(info[newPos - 1])) { newPos -= 1 }
                    }
                    if newPos > start && isHalant(info[newPos - 1]) && newPos < end && isJoiner(info[newPos]) { newPos += 1 }
                    mergeClusters(&info, newPos, i + 1)
                    let moved = info.remove(at: i)
                    info.insert(moved, at: newPos)
                    if newPos <= base && base < i { base += 1 }
                }
                break
            }
        }

        // init on a pre-base matra that starts a word.
        if info[start].position == IndicPosition.preM.rawValue {
            let wordStart: Bool
            if start == 0 { wordStart = true } else if let s = Unicode.Scalar(info[start - 1].codepoint) {
                switch s.properties.generalCategory {
                case .format, .unassigned, .privateUse, .surrogate, .lowercaseLetter, .modifierLetter, .otherLetter,
                     .titlecaseLetter, .uppercaseLetter, .spacingMark, .enclosingMark, .nonspacingMark:
                    wordStart = false
                default:
                    wordStart = true
                }
            } else { wordStart = true }
            if wordStart { info[start].mask |= plan.mask("init") }
        }
    }
}

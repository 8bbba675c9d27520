// Applying GSUB and GPOS lookups to a buffer of glyphs (OpenType 1.9 GSUB types 1–8, GPOS
// types 1–9), with the matching rules HarfBuzz follows so that the result is HarfBuzz's:
// lookup flags and mark filtering sets decide which glyphs a lookup skips, ZWJ and ZWNJ are
// skipped in context matching, ligatures number their components so later marks attach to
// the right one, and mark and cursive attachments are resolved to offsets at the end.
//
// The buffer is worked on in place (a word is a few dozen glyphs at most: layout shapes text
// word by word, as browsers' word caches do).

/// Glyph property bits, arranged like the lookup flags they are tested against.
struct GlyphProps {
    static let base: UInt16 = 0x02
    static let ligature: UInt16 = 0x04
    static let mark: UInt16 = 0x08
    static let substituted: UInt16 = 0x10
    static let ligated: UInt16 = 0x20
    static let multiplied: UInt16 = 0x40
    static let classBits: UInt16 = 0x0E
    static func fromGDEF(_ c: GlyphClass, markAttachClass: Int) -> UInt16 {
        switch c {
        case .base: base
        case .ligature: ligature
        case .mark: mark | UInt16(truncatingIfNeeded: markAttachClass) << 8
        case .unclassified, .component: 0
        }
    }
}

/// What a glyph of the buffer is besides its id.
enum IgnorableKind: UInt8 { case none, zwnj, zwj, other }

/// One glyph in the shaping buffer, with its position (font units).
struct ShapingItem {
    var glyph: UInt16
    var codepoint: UInt32
    var cluster: Int32
    var mask: UInt32
    var props: UInt16
    var ignorable: IgnorableKind
    /// Ligature id (0: none); `ligBase`: this glyph is a ligature of `ligCount` components,
    /// else it is a mark on (or component of) component `ligCount` (1-based; 0: none).
    var ligID: UInt8 = 0
    var ligBase = false
    var ligCount: UInt8 = 0
    /// Shaper data: syllable serial (Indic), category and position.
    var syllable: UInt8 = 0
    var category: UInt8 = 0
    var position: UInt8 = 0
    var xAdvance: Int32 = 0
    var yAdvance: Int32 = 0
    var xOffset: Int32 = 0
    var yOffset: Int32 = 0
    var attachChain: Int16 = 0
    /// 0: none, 1: mark, 2: cursive.
    var attachType: UInt8 = 0

    var isMark: Bool { props & GlyphProps.mark != 0 }
    var isBase: Bool { props & GlyphProps.base != 0 }
    var isLigatureGlyph: Bool { props & GlyphProps.ligature != 0 }
    var isMultiplied: Bool { props & GlyphProps.multiplied != 0 }
    var ligComponent: Int { ligBase ? 0 : Int(ligCount) }
    var ligComponents: Int { ligBase && isLigatureGlyph ? Int(ligCount) : 1 }
}

/// A lookup as a plan applies it: the features that use it set `mask`.
struct PlannedLookup {
    var index: Int
    var mask: UInt32
    var autoZWJ: Bool
    var autoZWNJ: Bool
    /// The alternate chosen by AlternateSubst (feature value − 1).
    var alternate: Int = 0
    /// Matching stays within the glyph's syllable (`ShapingItem.syllable`).
    var perSyllable = false
}

struct LookupApplier {
    let r: ByteReader
    let gdef: GlyphDefinitions
    let table: LayoutTable
    let isGSUB: Bool
    let rightToLeft: Bool
    var buffer: [ShapingItem]
    var nextLigatureID: UInt8 = 1

    // The current lookup's settings.
    var lookupMask: UInt32 = 1
    var flags = 0
    var filteringSet: Int?
    var autoZWJ = true
    var autoZWNJ = true
    var alternate = 0
    /// Whether matching stays within a syllable (the Indic shaper's features).
    var perSyllable = false
    var depth = 0
    var operations = 0

    static let maxDepth = 6
    static let maxContext = 64
    /// A bound on substitutions and positionings per buffer (hostile fonts can loop).
    var operationLimit: Int { max(4096, buffer.count * 64) }

    init(reader: ByteReader, gdef: GlyphDefinitions, table: LayoutTable, gsub: Bool, rightToLeft: Bool, buffer: [ShapingItem]) {
        self.r = reader; self.gdef = gdef; self.table = table; self.isGSUB = gsub; self.rightToLeft = rightToLeft
        self.buffer = buffer
    }

    // MARK: Glyph properties and skipping

    func glyphProps(_ glyph: UInt16) -> UInt16? {
        guard gdef.hasGlyphClasses else { return nil }
        return GlyphProps.fromGDEF(gdef.glyphClass(r, glyph), markAttachClass: gdef.markAttachClass(r, glyph))
    }

    /// Whether a lookup with `flags` looks at the glyph at all.
    func passesFlags(_ g: ShapingItem, flags: Int, filteringSet: Int?) -> Bool {
        if Int(g.props) & flags & 0x0E != 0 { return false }
        if g.isMark {
            if flags & LookupFlags.useMarkFilteringSet != 0 {
                return filteringSet.map { gdef.markSetContains(r, $0, g.glyph) } ?? false
            }
            if flags & 0xFF00 != 0 { return flags & 0xFF00 == Int(g.props) & 0xFF00 }
        }
        return true
    }

    enum Skip { case yes, no, maybe }

    /// Whether glyph `g` may be skipped while matching (context: backtrack or lookahead).
    func skip(_ g: ShapingItem, flags: Int, context: Bool) -> Skip {
        if !passesFlags(g, flags: flags, filteringSet: filteringSet) { return .yes }
        if g.ignorable != .none {
            let ignoreZWNJ = !isGSUB || (context && autoZWNJ)
            let ignoreZWJ = context || autoZWJ
            if (ignoreZWNJ || g.ignorable != .zwnj) && (ignoreZWJ || g.ignorable != .zwj) { return .maybe }
        }
        return .no
    }

    /// The next glyph after `from` (or before it, `backward`) that matching considers, with
    /// `test` deciding whether it matches: its index, or nil when the next considered glyph
    /// does not match (or there is none).
    func step(from: Int, backward: Bool, context: Bool, flags: Int, syllable: UInt8 = 0, test: (ShapingItem) -> Bool?) -> Int? {
        var i = from
        while true {
            i += backward ? -1 : 1
            guard i >= 0, i < buffer.count else { return nil }
            let g = buffer[i]
            let s = skip(g, flags: flags, context: context)
            if s == .yes { continue }
            // The matcher: mask (input only), syllable, then the test.
            var match: Bool? = nil  // nil: maybe
            if !context && g.mask & lookupMask == 0 { match = false }
            else if syllable != 0 && g.syllable != syllable { match = false }
            else { match = test(g) }
            if match == true || (match == nil && s == .no) { return i }
            if s == .no { return nil }
        }
    }

    // MARK: Running lookups

    /// Applies one lookup over the whole buffer.
    mutating func apply(_ planned: PlannedLookup) {
        guard planned.index < table.lookups.count else { return }
        let lookup = table.lookups[planned.index]
        lookupMask = planned.mask
        autoZWJ = planned.autoZWJ; autoZWNJ = planned.autoZWNJ; alternate = planned.alternate
        perSyllable = planned.perSyllable
        flags = lookup.flags; filteringSet = lookup.markFilteringSet
        if isGSUB && lookup.type == 8 {
            var i = buffer.count - 1
            while i >= 0 {
                if buffer[i].mask & lookupMask != 0, passesFlags(buffer[i], flags: flags, filteringSet: filteringSet) {
                    for sub in lookup.subtables where reverseChain(sub, at: i) { break }
                }
                i -= 1
            }
            return
        }
        var i = 0
        while i < buffer.count {
            if buffer[i].mask & lookupMask != 0, passesFlags(buffer[i], flags: flags, filteringSet: filteringSet),
               let next = applyAt(lookup, i) {
                i = next
            } else {
                i += 1
            }
            if operations > operationLimit { return }
        }
    }

    /// Applies `lookup` to the glyph at `i`: the index to continue at, nil when no subtable applied.
    mutating func applyAt(_ lookup: OpenTypeLookup, _ i: Int) -> Int? {
        for sub in lookup.subtables {
            if let next = isGSUB ? substitute(type: lookup.type, sub, i) : position(type: lookup.type, sub, i) {
                operations += 1
                return next
            }
        }
        return nil
    }

    /// Applies a nested lookup (from a context rule) at `i`, with its own flags.
    mutating func applyNested(_ index: Int, at i: Int) -> Bool {
        guard depth < Self.maxDepth, index < table.lookups.count, i < buffer.count else { return false }
        let lookup = table.lookups[index]
        let saved = (flags, filteringSet)
        flags = lookup.flags; filteringSet = lookup.markFilteringSet
        depth += 1
        defer { depth -= 1; (flags, filteringSet) = saved }
        if isGSUB && lookup.type == 8 {
            for sub in lookup.subtables where reverseChain(sub, at: i) { return true }
            return false
        }
        return applyAt(lookup, i) != nil
    }

    // MARK: GSUB

    mutating func replace(_ i: Int, with glyph: UInt16) {
        buffer[i].glyph = glyph
        var props = buffer[i].props | GlyphProps.substituted
        if let gdefProps = glyphProps(glyph) { props = props & ~(GlyphProps.classBits | 0xFF00) | gdefProps }
        buffer[i].props = props
    }

    mutating func substitute(type: Int, _ sub: Int, _ i: Int) -> Int? {
        let glyph = Int(buffer[i].glyph)
        switch type {
        case 1:
            guard let format = r.u16OrNil(sub), let cov = r.u16OrNil(sub + 2),
                  let index = KerningTables.coverage(r, sub + cov, glyph) else { return nil }
            if format == 1 {
                guard let delta = r.u16OrNil(sub + 4) else { return nil }
                replace(i, with: UInt16(truncatingIfNeeded: glyph + delta))
            } else if format == 2 {
                guard let count = r.u16OrNil(sub + 4), index < count, let g = r.u16OrNil(sub + 6 + 2 * index) else { return nil }
                replace(i, with: UInt16(g))
            } else { return nil }
            return i + 1
        case 2:
            guard r.u16OrNil(sub) == 1, let cov = r.u16OrNil(sub + 2), let index = KerningTables.coverage(r, sub + cov, glyph),
                  let count = r.u16OrNil(sub + 4), index < count, let so = r.u16OrNil(sub + 6 + 2 * index),
                  let n = r.u16OrNil(sub + so) else { return nil }
            let sequence = sub + so + 2
            if n == 1 {
                guard let g = r.u16OrNil(sequence) else { return nil }
                replace(i, with: UInt16(g))
                return i + 1
            }
            if n == 0 { buffer.remove(at: i); return i }
            guard n <= Self.maxContext else { return nil }
            let template = buffer[i]
            let classGuess: UInt16? = template.isLigatureGlyph ? GlyphProps.base : nil
            var items: [ShapingItem] = []
            for k in 0..<n {
                guard let g = r.u16OrNil(sequence + 2 * k) else { return nil }
                var item = template
                item.glyph = UInt16(g)
                if template.ligID == 0 { item.ligBase = false; item.ligCount = UInt8(truncatingIfNeeded: k) }
                var props = template.props | GlyphProps.substituted | GlyphProps.multiplied
                if let gdefProps = glyphProps(item.glyph) { props = props & ~(GlyphProps.classBits | 0xFF00) | gdefProps }
                else if let guess = classGuess { props = props & ~(GlyphProps.classBits | 0xFF00) | guess }
                item.props = props
                items.append(item)
            }
            buffer.replaceSubrange(i...i, with: items)
            return i + n
        case 3:
            guard r.u16OrNil(sub) == 1, let cov = r.u16OrNil(sub + 2), let index = KerningTables.coverage(r, sub + cov, glyph),
                  let count = r.u16OrNil(sub + 4), index < count, let so = r.u16OrNil(sub + 6 + 2 * index),
                  let n = r.u16OrNil(sub + so), n > 0 else { return nil }
            let choice = min(max(0, alternate), n - 1)
            guard let g = r.u16OrNil(sub + so + 2 + 2 * choice) else { return nil }
            replace(i, with: UInt16(g))
            return i + 1
        case 4:
            return ligature(sub, i)
        case 5:
            return context(sub, i, chained: false)
        case 6:
            return context(sub, i, chained: true)
        default:
            return nil
        }
    }

    mutating func ligature(_ sub: Int, _ i: Int) -> Int? {
        guard r.u16OrNil(sub) == 1, let cov = r.u16OrNil(sub + 2),
              let index = KerningTables.coverage(r, sub + cov, Int(buffer[i].glyph)),
              let setCount = r.u16OrNil(sub + 4), index < setCount, let so = r.u16OrNil(sub + 6 + 2 * index),
              let ligCount = r.u16OrNil(sub + so) else { return nil }
        let set = sub + so
        for l in 0..<ligCount {
            guard let lo = r.u16OrNil(set + 2 + 2 * l), let ligGlyph = r.u16OrNil(set + lo),
                  let components = r.u16OrNil(set + lo + 2), components >= 1, components <= Self.maxContext else { continue }
            let lig = set + lo
            var positions = [i]
            var ok = true
            for k in 1..<components {
                guard let want = r.u16OrNil(lig + 4 + 2 * (k - 1)),
                      let next = step(from: positions[k - 1], backward: false, context: false, flags: flags,
                                      syllable: perSyllable ? buffer[i].syllable : 0, test: { Int($0.glyph) == want }) else { ok = false; break }
                positions.append(next)
            }
            guard ok else { continue }
            ligate(positions, glyph: UInt16(ligGlyph))
            return positions.last! - (components - 1) + 1
        }
        return nil
    }

    /// Replaces the glyphs at `positions` by one ligature glyph (HarfBuzz's numbering of
    /// components, so that marks between and after keep the component they belong to).
    mutating func ligate(_ positions: [Int], glyph: UInt16) {
        let first = positions[0], last = positions[positions.count - 1]
        // One cluster for everything the ligature spans.
        var cluster = buffer[first].cluster
        for k in first...last { cluster = min(cluster, buffer[k].cluster) }
        for k in first...last { buffer[k].cluster = cluster }
        let isBaseLigature = buffer[first].isBase && positions.dropFirst().allSatisfy { buffer[$0].isMark }
        let isMarkLigature = buffer[first].isMark && positions.dropFirst().allSatisfy { buffer[$0].isMark }
        let isLigature = !isBaseLigature && !isMarkLigature
        var ligID: UInt8 = 0
        if isLigature { ligID = nextLigatureID; nextLigatureID = nextLigatureID == 255 ? 1 : nextLigatureID + 1 }
        var total = 0
        for p in positions { total += buffer[p].ligComponents }
        var lastLigID = buffer[first].ligID
        var lastComponents = buffer[first].ligComponents
        var soFar = lastComponents
        // The ligature glyph.
        buffer[first].glyph = glyph
        var props = (buffer[first].props | GlyphProps.substituted | GlyphProps.ligated) & ~GlyphProps.multiplied
        if let gdefProps = glyphProps(glyph) { props = props & ~(GlyphProps.classBits | 0xFF00) | gdefProps }
        else if isLigature { props = props & ~(GlyphProps.classBits | 0xFF00) | GlyphProps.ligature }
        buffer[first].props = props
        if isLigature {
            buffer[first].ligID = ligID; buffer[first].ligBase = true; buffer[first].ligCount = UInt8(truncatingIfNeeded: min(total, 15))
        }
        for k in 1..<positions.count {
            for m in (positions[k - 1] + 1)..<positions[k] where isLigature {
                var comp = buffer[m].ligComponent
                if comp == 0 { comp = lastComponents }
                let newComp = soFar - lastComponents + min(comp, lastComponents)
                buffer[m].ligID = ligID; buffer[m].ligBase = false; buffer[m].ligCount = UInt8(truncatingIfNeeded: min(newComp, 15))
            }
            lastLigID = buffer[positions[k]].ligID
            lastComponents = buffer[positions[k]].ligComponents
            soFar += lastComponents
        }
        if !isMarkLigature && lastLigID != 0 {
            var m = last + 1
            while m < buffer.count, buffer[m].ligID == lastLigID, buffer[m].ligComponent != 0 {
                let newComp = soFar - lastComponents + min(buffer[m].ligComponent, lastComponents)
                buffer[m].ligID = ligID; buffer[m].ligBase = false; buffer[m].ligCount = UInt8(truncatingIfNeeded: min(newComp, 15))
                m += 1
            }
        }
        for p in positions.dropFirst().reversed() { buffer.remove(at: p) }
    }

    mutating func reverseChain(_ sub: Int, at i: Int) -> Bool {
        guard r.u16OrNil(sub) == 1, let cov = r.u16OrNil(sub + 2),
              let index = KerningTables.coverage(r, sub + cov, Int(buffer[i].glyph)),
              let backCount = r.u16OrNil(sub + 4) else { return false }
        let aheadAt = sub + 6 + 2 * backCount
        guard let aheadCount = r.u16OrNil(aheadAt) else { return false }
        let substAt = aheadAt + 2 + 2 * aheadCount
        guard let substCount = r.u16OrNil(substAt), index < substCount, let g = r.u16OrNil(substAt + 2 + 2 * index) else { return false }
        var at = i
        for k in 0..<backCount {
            guard let o = r.u16OrNil(sub + 6 + 2 * k),
                  let j = step(from: at, backward: true, context: true, flags: flags, test: { KerningTables.coverage(self.r, sub + o, Int($0.glyph)) != nil })
            else { return false }
            at = j
        }
        at = i
        for k in 0..<aheadCount {
            guard let o = r.u16OrNil(aheadAt + 2 + 2 * k),
                  let j = step(from: at, backward: false, context: true, flags: flags, test: { KerningTables.coverage(self.r, sub + o, Int($0.glyph)) != nil })
            else { return false }
            at = j
        }
        replace(i, with: UInt16(g))
        return true
    }

    // MARK: Contexts (GSUB 5, 6; GPOS 7, 8)

    /// A sequence to match: glyph ids, classes of a ClassDef, or coverage tables.
    enum Sequence {
        case glyphs(Int)          // offset of u16 glyph ids
        case classes(Int, Int)    // offset of u16 class values, ClassDef offset
        case coverages(Int, Int)  // offset of u16 coverage offsets, base they are relative to

        func matches(_ r: ByteReader, _ k: Int, _ glyph: UInt16) -> Bool {
            switch self {
            case .glyphs(let at):
                return r.u16OrNil(at + 2 * k) == Int(glyph)
            case .classes(let at, let classDef):
                return r.u16OrNil(at + 2 * k) == KerningTables.glyphClass(r, classDef, Int(glyph))
            case .coverages(let at, let base):
                guard let o = r.u16OrNil(at + 2 * k) else { return false }
                return KerningTables.coverage(r, base + o, Int(glyph)) != nil
            }
        }
    }

    /// Matches input (after the first glyph, which the caller checked), backtrack and
    /// lookahead at `i`: the input positions, nil when the rule does not match.
    func matchRule(at i: Int, input: Sequence, inputCount: Int, backtrack: Sequence?, backtrackCount: Int,
                   lookahead: Sequence?, lookaheadCount: Int) -> [Int]? {
        guard inputCount >= 1, inputCount <= Self.maxContext else { return nil }
        var positions = [i]
        for k in 1..<max(1, inputCount) where inputCount > 1 {
            guard let j = step(from: positions[k - 1], backward: false, context: false, flags: flags, syllable: perSyllable ? buffer[i].syllable : 0,
                               test: { input.matches(self.r, k - 1, $0.glyph) }) else { return nil }
            positions.append(j)
        }
        if let backtrack {
            var at = i
            for k in 0..<backtrackCount {
                guard let j = step(from: at, backward: true, context: true, flags: flags, test: { backtrack.matches(self.r, k, $0.glyph) })
                else { return nil }
                at = j
            }
        }
        if let lookahead {
            var at = positions.last!
            for k in 0..<lookaheadCount {
                guard let j = step(from: at, backward: false, context: true, flags: flags, test: { lookahead.matches(self.r, k, $0.glyph) })
                else { return nil }
                at = j
            }
        }
        return positions
    }

    /// Applies the sequence lookup records at `records` to the matched positions; the index to
    /// continue at.
    mutating func applyRecords(_ records: Int, count: Int, positions start: [Int]) -> Int {
        var positions = start
        var end = positions.last! + 1
        for k in 0..<min(count, 64) {
            guard let seqIndex = r.u16OrNil(records + 4 * k), let lookupIndex = r.u16OrNil(records + 4 * k + 2) else { break }
            guard seqIndex < positions.count else { continue }
            let at = positions[seqIndex]
            let before = buffer.count
            guard applyNested(lookupIndex, at: at) else { continue }
            var delta = buffer.count - before
            guard delta != 0 else { continue }
            end += delta
            if end < at { delta += at - end; end = at }
            var next = seqIndex + 1
            if delta > 0 {
                guard delta + positions.count <= Self.maxContext else { break }
            } else {
                delta = max(delta, next - positions.count)
                next -= delta
            }
            // Shift the positions after the nested lookup's one.
            let tail = Array(positions[next...])
            positions.removeSubrange(next...)
            let newNext = next + delta
            while positions.count < newNext { positions.append(positions[positions.count - 1] + 1) }
            if positions.count > newNext { positions.removeSubrange(newNext...) }
            for p in tail { positions.append(p + delta) }
            for j in (seqIndex + 1)..<min(newNext, positions.count) { positions[j] = positions[j - 1] + 1 }
        }
        return max(end, start[0] + 1)
    }

    mutating func context(_ sub: Int, _ i: Int, chained: Bool) -> Int? {
        guard let format = r.u16OrNil(sub) else { return nil }
        let glyph = Int(buffer[i].glyph)
        switch (chained, format) {
        case (false, 1), (false, 2):
            guard let cov = r.u16OrNil(sub + 2), let index = KerningTables.coverage(r, sub + cov, glyph) else { return nil }
            var classDef = 0
            var setIndex = index
            if format == 2 {
                guard let cd = r.u16OrNil(sub + 4) else { return nil }
                classDef = sub + cd
                setIndex = KerningTables.glyphClass(r, classDef, glyph)
            }
            let setsAt = sub + (format == 1 ? 4 : 6)
            guard let setCount = r.u16OrNil(setsAt), setIndex < setCount, let so = r.u16OrNil(setsAt + 2 + 2 * setIndex), so != 0,
                  let ruleCount = r.u16OrNil(sub + so) else { return nil }
            let set = sub + so
            for k in 0..<ruleCount {
                guard let ro = r.u16OrNil(set + 2 + 2 * k), let inputCount = r.u16OrNil(set + ro),
                      let recordCount = r.u16OrNil(set + ro + 2) else { continue }
                let rule = set + ro
                let input: Sequence = format == 1 ? .glyphs(rule + 4) : .classes(rule + 4, classDef)
                guard let positions = matchRule(at: i, input: input, inputCount: inputCount, backtrack: nil, backtrackCount: 0,
                                                lookahead: nil, lookaheadCount: 0) else { continue }
                return applyRecords(rule + 4 + 2 * (inputCount - 1), count: recordCount, positions: positions)
            }
            return nil
        case (false, 3):
            guard let inputCount = r.u16OrNil(sub + 2), inputCount >= 1, let recordCount = r.u16OrNil(sub + 4),
                  let first = r.u16OrNil(sub + 6), KerningTables.coverage(r, sub + first, glyph) != nil,
                  let positions = matchRule(at: i, input: .coverages(sub + 8, sub), inputCount: inputCount, backtrack: nil,
                                            backtrackCount: 0, lookahead: nil, lookaheadCount: 0) else { return nil }
            return applyRecords(sub + 6 + 2 * inputCount, count: recordCount, positions: positions)
        case (true, 1), (true, 2):
            guard let cov = r.u16OrNil(sub + 2), let index = KerningTables.coverage(r, sub + cov, glyph) else { return nil }
            var backDef = 0, inputDef = 0, aheadDef = 0
            var setIndex = index
            if format == 2 {
                guard let b = r.u16OrNil(sub + 4), let n = r.u16OrNil(sub + 6), let a = r.u16OrNil(sub + 8) else { return nil }
                backDef = sub + b; inputDef = sub + n; aheadDef = sub + a
                setIndex = KerningTables.glyphClass(r, inputDef, glyph)
            }
            let setsAt = sub + (format == 1 ? 4 : 10)
            guard let setCount = r.u16OrNil(setsAt), setIndex < setCount, let so = r.u16OrNil(setsAt + 2 + 2 * setIndex), so != 0,
                  let ruleCount = r.u16OrNil(sub + so) else { return nil }
            let set = sub + so
            for k in 0..<ruleCount {
                guard let ro = r.u16OrNil(set + 2 + 2 * k), let backCount = r.u16OrNil(set + ro) else { continue }
                let rule = set + ro
                let inputAt = rule + 2 + 2 * backCount
                guard let inputCount = r.u16OrNil(inputAt), inputCount >= 1 else { continue }
                let aheadAt = inputAt + 2 + 2 * (inputCount - 1)
                guard let aheadCount = r.u16OrNil(aheadAt) else { continue }
                let recordsAt = aheadAt + 2 + 2 * aheadCount
                guard let recordCount = r.u16OrNil(recordsAt) else { continue }
                let back: Sequence = format == 1 ? .glyphs(rule + 2) : .classes(rule + 2, backDef)
                let input: Sequence = format == 1 ? .glyphs(inputAt + 2) : .classes(inputAt + 2, inputDef)
                let ahead: Sequence = format == 1 ? .glyphs(aheadAt + 2) : .classes(aheadAt + 2, aheadDef)
                guard let positions = matchRule(at: i, input: input, inputCount: inputCount, backtrack: back, backtrackCount: backCount,
                                                lookahead: ahead, lookaheadCount: aheadCount) else { continue }
                return applyRecords(recordsAt + 2, count: recordCount, positions: positions)
            }
            return nil
        case (true, 3):
            guard let backCount = r.u16OrNil(sub + 2) else { return nil }
            let inputAt = sub + 4 + 2 * backCount
            guard let inputCount = r.u16OrNil(inputAt), inputCount >= 1, let first = r.u16OrNil(inputAt + 2),
                  KerningTables.coverage(r, sub + first, glyph) != nil else { return nil }
            let aheadAt = inputAt + 2 + 2 * inputCount
            guard let aheadCount = r.u16OrNil(aheadAt) else { return nil }
            let recordsAt = aheadAt + 2 + 2 * aheadCount
            guard let recordCount = r.u16OrNil(recordsAt),
                  let positions = matchRule(at: i, input: .coverages(inputAt + 4, sub), inputCount: inputCount,
                                            backtrack: .coverages(sub + 4, sub), backtrackCount: backCount,
                                            lookahead: .coverages(aheadAt + 2, sub), lookaheadCount: aheadCount) else { return nil }
            return applyRecords(recordsAt + 2, count: recordCount, positions: positions)
        default:
            return nil
        }
    }

    // MARK: GPOS

    /// Adds a ValueRecord at `at` with `format` to the glyph at `i`; its size in bytes.
    @discardableResult
    mutating func applyValue(_ format: Int, at: Int, to i: Int) -> Int {
        var o = at
        if format & 0x1 != 0 { buffer[i].xOffset += Int32(Int16(truncatingIfNeeded: r.u16OrNil(o) ?? 0)); o += 2 }
        if format & 0x2 != 0 { buffer[i].yOffset += Int32(Int16(truncatingIfNeeded: r.u16OrNil(o) ?? 0)); o += 2 }
        if format & 0x4 != 0 { buffer[i].xAdvance += Int32(Int16(truncatingIfNeeded: r.u16OrNil(o) ?? 0)); o += 2 }
        // YAdvance applies to vertical text only; device tables need a size (hb-shape has none).
        return KerningTables.valueSize(format)
    }

    func anchor(_ at: Int) -> (x: Int32, y: Int32)? {
        guard let format = r.u16OrNil(at), (1...3).contains(format), let x = r.u16OrNil(at + 2), let y = r.u16OrNil(at + 4) else { return nil }
        return (Int32(Int16(truncatingIfNeeded: x)), Int32(Int16(truncatingIfNeeded: y)))
    }

    mutating func position(type: Int, _ sub: Int, _ i: Int) -> Int? {
        let glyph = Int(buffer[i].glyph)
        switch type {
        case 1:
            guard let format = r.u16OrNil(sub), let cov = r.u16OrNil(sub + 2), let index = KerningTables.coverage(r, sub + cov, glyph),
                  let vf = r.u16OrNil(sub + 4) else { return nil }
            if format == 1 { applyValue(vf, at: sub + 6, to: i) }
            else if format == 2 {
                guard let count = r.u16OrNil(sub + 6), index < count else { return nil }
                applyValue(vf, at: sub + 8 + index * KerningTables.valueSize(vf), to: i)
            } else { return nil }
            return i + 1
        case 2:
            guard let format = r.u16OrNil(sub), let cov = r.u16OrNil(sub + 2), let index = KerningTables.coverage(r, sub + cov, glyph),
                  let vf1 = r.u16OrNil(sub + 4), let vf2 = r.u16OrNil(sub + 6),
                  let j = step(from: i, backward: false, context: false, flags: flags, test: { _ in nil }) else { return nil }
            let size1 = KerningTables.valueSize(vf1), size2 = KerningTables.valueSize(vf2)
            let second = Int(buffer[j].glyph)
            if format == 1 {
                guard let setCount = r.u16OrNil(sub + 8), index < setCount, let so = r.u16OrNil(sub + 10 + 2 * index),
                      let count = r.u16OrNil(sub + so) else { return nil }
                let set = sub + so
                let recordSize = 2 + size1 + size2
                var lo = 0, hi = count
                while lo < hi {
                    let mid = (lo + hi) / 2
                    let record = set + 2 + recordSize * mid
                    guard let g = r.u16OrNil(record) else { return nil }
                    if g == second {
                        applyValue(vf1, at: record + 2, to: i)
                        applyValue(vf2, at: record + 2 + size1, to: j)
                        return size2 > 0 ? j + 1 : j
                    }
                    if g < second { lo = mid + 1 } else { hi = mid }
                }
                return nil
            } else if format == 2 {
                guard let cd1 = r.u16OrNil(sub + 8), let cd2 = r.u16OrNil(sub + 10), let count1 = r.u16OrNil(sub + 12),
                      let count2 = r.u16OrNil(sub + 14) else { return nil }
                let c1 = KerningTables.glyphClass(r, sub + cd1, glyph), c2 = KerningTables.glyphClass(r, sub + cd2, second)
                guard c1 < count1, c2 < count2 else { return nil }
                let record = sub + 16 + (c1 * count2 + c2) * (size1 + size2)
                applyValue(vf1, at: record, to: i)
                applyValue(vf2, at: record + size1, to: j)
                return size2 > 0 ? j + 1 : j
            }
            return nil
        case 3:
            return cursive(sub, i)
        case 4, 5, 6:
            return markAttachment(type: type, sub, i)
        case 7:
            return context(sub, i, chained: false)
        case 8:
            return context(sub, i, chained: true)
        default:
            return nil
        }
    }

    mutating func cursive(_ sub: Int, _ i: Int) -> Int? {
        guard r.u16OrNil(sub) == 1, let cov = r.u16OrNil(sub + 2), let count = r.u16OrNil(sub + 4) else { return nil }
        func record(_ glyph: UInt16) -> (entry: Int, exit: Int)? {
            guard let index = KerningTables.coverage(r, sub + cov, Int(glyph)), index < count,
                  let entry = r.u16OrNil(sub + 6 + 4 * index), let exit = r.u16OrNil(sub + 8 + 4 * index) else { return nil }
            return (entry, exit)
        }
        guard let this = record(buffer[i].glyph), this.entry != 0, let entryAnchor = anchor(sub + this.entry),
              let p = step(from: i, backward: true, context: false, flags: flags, test: { _ in nil }),
              let prev = record(buffer[p].glyph), prev.exit != 0, let exitAnchor = anchor(sub + prev.exit) else { return nil }
        // p exits into i's entry.
        let j = i
        if rightToLeft {
            let d = exitAnchor.x + buffer[p].xOffset
            buffer[p].xAdvance -= d
            buffer[p].xOffset -= d
            buffer[j].xAdvance = entryAnchor.x + buffer[j].xOffset
        } else {
            buffer[p].xAdvance = exitAnchor.x + buffer[p].xOffset
            let d = entryAnchor.x + buffer[j].xOffset
            buffer[j].xAdvance -= d
            buffer[j].xOffset -= d
        }
        var child = p, parent = j
        var yOffset = entryAnchor.y - exitAnchor.y
        if flags & LookupFlags.rightToLeft == 0 { swap(&child, &parent); yOffset = -yOffset }
        reverseCursiveChain(child, newParent: parent)
        buffer[child].attachType = 2
        buffer[child].attachChain = Int16(parent - child)
        buffer[child].yOffset = yOffset
        return i + 1
    }

    /// Before `child` attaches to `newParent`, turns its old chain around so that the tree
    /// it led now hangs from it.
    mutating func reverseCursiveChain(_ i: Int, newParent: Int) {
        let chain = Int(buffer[i].attachChain)
        guard chain != 0, buffer[i].attachType == 2 else { return }
        buffer[i].attachChain = 0
        let j = i + chain
        guard j >= 0, j < buffer.count, j != newParent else { return }
        reverseCursiveChain(j, newParent: newParent)
        buffer[j].yOffset = -buffer[i].yOffset
        buffer[j].attachChain = Int16(-chain)
        buffer[j].attachType = 2
    }

    mutating func markAttachment(type: Int, _ sub: Int, _ i: Int) -> Int? {
        guard r.u16OrNil(sub) == 1, let markCov = r.u16OrNil(sub + 2), let baseCov = r.u16OrNil(sub + 4),
              let classCount = r.u16OrNil(sub + 6), let markArrayO = r.u16OrNil(sub + 8), let baseArrayO = r.u16OrNil(sub + 10),
              let markIndex = KerningTables.coverage(r, sub + markCov, Int(buffer[i].glyph)) else { return nil }
        let markArray = sub + markArrayO
        guard let markCount = r.u16OrNil(markArray), markIndex < markCount,
              let markClass = r.u16OrNil(markArray + 2 + 4 * markIndex), markClass < classCount,
              let markAnchorO = r.u16OrNil(markArray + 4 + 4 * markIndex), let markAnchor = anchor(markArray + markAnchorO) else { return nil }
        // The glyph the mark attaches to.
        var j: Int? = nil
        switch type {
        case 4:
            var k = i - 1
            while k >= 0 {
                let g = buffer[k]
                let s = skip(g, flags: LookupFlags.ignoreMarks, context: false)
                if s != .no { k -= 1; continue }
                guard g.mask & lookupMask != 0 else { break }
                // Only the first glyph of a multiplied sequence takes marks.
                let accept = !g.isMultiplied || g.ligComponent == 0 || k == 0 || buffer[k - 1].isMark || !buffer[k - 1].isMultiplied
                    || g.ligID != buffer[k - 1].ligID || g.ligComponent != buffer[k - 1].ligComponent + 1
                if accept || KerningTables.coverage(r, sub + baseCov, Int(g.glyph)) != nil { j = k; break }
                k -= 1
            }
        case 5:
            j = step(from: i, backward: true, context: false, flags: LookupFlags.ignoreMarks, test: { _ in nil })
        default:
            j = step(from: i, backward: true, context: false, flags: flags & ~0x0E, test: { _ in nil })
            if let m = j {
                let a = buffer[i], b = buffer[m]
                guard b.isMark else { return nil }
                var good = false
                if a.ligID == b.ligID { good = a.ligID == 0 || a.ligComponent == b.ligComponent }
                else { good = (a.ligID > 0 && a.ligComponent == 0) || (b.ligID > 0 && b.ligComponent == 0) }
                guard good else { return nil }
            }
        }
        guard let base = j, let baseIndex = KerningTables.coverage(r, sub + baseCov, Int(buffer[base].glyph)) else { return nil }
        let baseArray = sub + baseArrayO
        var anchorOffset: Int?
        if type == 5 {
            guard let count = r.u16OrNil(baseArray), baseIndex < count, let lo = r.u16OrNil(baseArray + 2 + 2 * baseIndex),
                  let components = r.u16OrNil(baseArray + lo), components > 0 else { return nil }
            let attach = baseArray + lo
            let markLig = buffer[i].ligID, ligID = buffer[base].ligID, markComp = buffer[i].ligComponent
            let comp = (ligID != 0 && ligID == markLig && markComp > 0) ? min(components, markComp) - 1 : components - 1
            if let o = r.u16OrNil(attach + 2 + 2 * (comp * classCount + markClass)), o != 0 { anchorOffset = attach + o }
        } else {
            guard let count = r.u16OrNil(baseArray), baseIndex < count,
                  let o = r.u16OrNil(baseArray + 2 + 2 * (baseIndex * classCount + markClass)), o != 0 else { return nil }
            anchorOffset = baseArray + o
        }
        guard let anchorOffset, let baseAnchor = anchor(anchorOffset) else { return nil }
        buffer[i].xOffset = baseAnchor.x - markAnchor.x
        buffer[i].yOffset = baseAnchor.y - markAnchor.y
        buffer[i].attachType = 1
        buffer[i].attachChain = Int16(base - i)
        return i + 1
    }

    /// Resolves attachments into offsets (after all GPOS lookups).
    mutating func propagateAttachments() {
        var done = [Bool](repeating: false, count: buffer.count)
        func resolve(_ i: Int, _ depth: Int) {
            guard !done[i] else { return }
            done[i] = true
            let chain = Int(buffer[i].attachChain)
            guard chain != 0, depth < 64 else { return }
            let j = i + chain
            guard j >= 0, j < buffer.count else { return }
            resolve(j, depth + 1)
            if buffer[i].attachType == 2 {
                buffer[i].yOffset += buffer[j].yOffset
            } else {
                buffer[i].xOffset += buffer[j].xOffset
                buffer[i].yOffset += buffer[j].yOffset
                if !rightToLeft {
                    if j < i { for k in j..<i { buffer[i].xOffset -= buffer[k].xAdvance } }
                } else {
                    if j < i { for k in (j + 1)...i { buffer[i].xOffset += buffer[k].xAdvance } }
                }
            }
        }
        for i in buffer.indices { resolve(i, 0) }
    }
}

// The Unicode Bidirectional Algorithm (UAX #9, the Unicode version of `Bidi+Generated.swift`).
//
// Takes the scalars of one paragraph in logical (typed) order and resolves an embedding level
// for each (rules P2–P3, X1–X10, W1–W7, N0–N2, I1–I2); per line, rule L1 resets trailing
// white space and separators to the paragraph level and rule L2 gives the visual order. Line
// breaking (UAX #14, LineBreak.swift) works on the logical text between the two: resolve the
// paragraph, break it, then reorder each line. Rule L3 (combining marks) is left to shaping,
// rule L4 (mirrored glyphs) to the glyph stage through `BidiTables.mirror`.
//
// Characters removed by rule X9 (embedding and override controls, PDF, BN) are kept in the
// arrays, as the algorithm's section 5.2 allows, with the level of the character before them
// (the paragraph level at the start), so every position of the text has a level and a place
// in the visual order. Pure: no fonts, no layout — the arrays in, the arrays out.

/// The Bidi_Class property values, in the order of `scripts/generate-bidi-tables.py`.
package enum BidiClass: UInt8 {
    case L, R, AL, EN, ES, ET, AN, CS, NSM, BN, B, S, WS, ON
    case LRE, LRO, RLE, RLO, PDF, LRI, RLI, FSI, PDI

    /// The class of a scalar.
    package static func of(_ scalar: Unicode.Scalar) -> BidiClass {
        let v = scalar.value
        if v < 0x80 { return asciiClasses[Int(v)] }
        var low = 0, high = rangeStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if rangeStarts[mid] <= v { low = mid } else { high = mid - 1 }
        }
        return BidiClass(rawValue: rangeClasses[low]) ?? .L
    }

    private static let asciiClasses: [BidiClass] = (0..<128).map { v in
        var low = 0, high = rangeStarts.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if rangeStarts[mid] <= UInt32(v) { low = mid } else { high = mid - 1 }
        }
        return BidiClass(rawValue: rangeClasses[low]) ?? .L
    }

    /// Whether a text with a scalar of this class can need reordering in a left-to-right
    /// paragraph: right-to-left letters, Arabic digits and the explicit controls. A text
    /// without any is all level 0 in such a paragraph (the fast path).
    var needsResolution: Bool {
        switch self {
        case .R, .AL, .AN, .LRE, .LRO, .RLE, .RLO, .PDF, .LRI, .RLI, .FSI, .PDI: true
        case .L, .EN, .ES, .ET, .CS, .NSM, .BN, .B, .S, .WS, .ON: false
        }
    }

    /// Removed by rule X9.
    var isRemovedByX9: Bool {
        switch self {
        case .LRE, .LRO, .RLE, .RLO, .PDF, .BN: true
        case .L, .R, .AL, .EN, .ES, .ET, .AN, .CS, .NSM, .B, .S, .WS, .ON, .LRI, .RLI, .FSI, .PDI: false
        }
    }

    var isIsolateInitiator: Bool { self == .LRI || self == .RLI || self == .FSI }

    /// A neutral or isolate formatting character (NI of rules N1 and N2).
    var isNeutralOrIsolate: Bool {
        switch self {
        case .B, .S, .WS, .ON, .LRI, .RLI, .FSI, .PDI: true
        case .L, .R, .AL, .EN, .ES, .ET, .AN, .CS, .NSM, .BN, .LRE, .LRO, .RLE, .RLO, .PDF: false
        }
    }
}

extension BidiTables {
    /// The scalar drawn for `scalar` at an odd (right-to-left) level (rule L4), nil when it has
    /// no Bidi_Mirroring_Glyph.
    package static func mirror(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        guard let i = index(of: scalar.value, in: mirrorSources) else { return nil }
        return Unicode.Scalar(mirrorTargets[i])
    }

    /// The pairing identity of a bracket (BD16): its opening bracket's scalar, canonical
    /// equivalents made one (U+2329 and U+232A are U+3008 and U+3009); nil for other scalars.
    static func bracket(_ v: UInt32) -> (id: UInt32, isOpen: Bool)? {
        func canonical(_ v: UInt32) -> UInt32 { v == 0x2329 ? 0x3008 : v == 0x232A ? 0x3009 : v }
        if let i = index(of: v, in: bracketOpeners) { return (canonical(bracketOpeners[i]), true) }
        if let i = index(of: v, in: bracketClosers) { return (canonical(bracketOpeners[i]), false) }
        return nil
    }

    /// Binary search in a sorted array; the closers are not sorted, so they are searched
    /// through the sorted copy `closerOrder`.
    private static func index(of v: UInt32, in table: [UInt32]) -> Int? {
        if table == bracketClosers {
            guard let k = sortedIndex(of: v, in: sortedClosers) else { return nil }
            return closerOrder[k]
        }
        return sortedIndex(of: v, in: table)
    }

    private static func sortedIndex(of v: UInt32, in table: [UInt32]) -> Int? {
        var low = 0, high = table.count
        while low < high {
            let mid = (low + high) / 2
            if table[mid] < v { low = mid + 1 } else { high = mid }
        }
        return low < table.count && table[low] == v ? low : nil
    }

    private static let closerOrder: [Int] = bracketClosers.indices.sorted { bracketClosers[$0] < bracketClosers[$1] }
    private static let sortedClosers: [UInt32] = closerOrder.map { bracketClosers[$0] }
}

/// A paragraph's resolved embedding levels.
package struct BidiParagraph {
    /// The paragraph embedding level: 0 left to right, 1 right to left.
    package let baseLevel: UInt8
    /// The level of every position after rule I2 (before L1, which is per line).
    package var levels: [UInt8]
    /// The Bidi_Class of every position as the text has it (rule L1 reads them).
    package let classes: [BidiClass]

    /// The deepest embedding level (BD2).
    static let maxDepth: UInt8 = 125

    /// Resolves the levels of a paragraph of `classes`; `scalars` (the same count) gives the
    /// brackets of rule N0 (nil: no brackets). `baseLevel` nil: from the first strong
    /// character (rules P2, P3).
    package init(classes: [BidiClass], scalars: [Unicode.Scalar]?, baseLevel: UInt8?) {
        self.classes = classes
        let base = baseLevel ?? (Self.firstStrong(classes, from: 0, stopAtPDI: false) == .R ? 1 : 0)
        self.baseLevel = base
        levels = Self.resolve(classes, scalars: scalars, base: base)
    }

    /// The first strong class (L, or R for R and AL) from `start`, skipping isolates; with
    /// `stopAtPDI`, ending at a PDI that closes the isolate `start` is in (rule X5c).
    static func firstStrong(_ classes: [BidiClass], from start: Int, stopAtPDI: Bool) -> BidiClass? {
        var depth = 0
        var i = start
        while i < classes.count {
            switch classes[i] {
            case .L: if depth == 0 { return .L }
            case .R, .AL: if depth == 0 { return .R }
            case .LRI, .RLI, .FSI: depth += 1
            case .PDI:
                if depth > 0 { depth -= 1 } else if stopAtPDI { return nil }
            case .B: return nil
            case .EN, .ES, .ET, .AN, .CS, .NSM, .BN, .S, .WS, .ON, .LRE, .LRO, .RLE, .RLO, .PDF: break
            }
            i += 1
        }
        return nil
    }

    /// Rules X1–I2.
    private static func resolve(_ classes: [BidiClass], scalars: [Unicode.Scalar]?, base: UInt8) -> [UInt8] {
        let n = classes.count
        var levels = [UInt8](repeating: base, count: n)
        guard n > 0 else { return levels }
        var types = classes

        // BD9: the matching PDI of each isolate initiator (-1: none), and which PDIs match one.
        var matchingPDI = [Int](repeating: -1, count: n)
        var matched = [Bool](repeating: false, count: n)
        var openIsolates: [Int] = []
        for i in 0..<n {
            switch classes[i] {
            case .LRI, .RLI, .FSI: openIsolates.append(i)
            case .PDI:
                if let opener = openIsolates.popLast() { matchingPDI[opener] = i; matched[i] = true }
            case .B: openIsolates.removeAll()
            case .L, .R, .AL, .EN, .ES, .ET, .AN, .CS, .NSM, .BN, .S, .WS, .ON, .LRE, .LRO, .RLE, .RLO, .PDF: break
            }
        }

        // X1–X8: the directional status stack.
        struct Status { var level: UInt8; var override: BidiClass?; var isolate: Bool }
        var stack: [Status] = [Status(level: base, override: nil, isolate: false)]
        stack.reserveCapacity(Int(maxDepth) + 2)
        var overflowIsolates = 0, overflowEmbeddings = 0, validIsolates = 0
        for i in 0..<n {
            let t = classes[i]
            switch t {
            case .RLE, .LRE, .RLO, .LRO:
                let top = stack[stack.count - 1]
                levels[i] = top.level
                let rtl = t == .RLE || t == .RLO
                let level = rtl ? (top.level + 1) | 1 : (top.level + 2) & ~1
                if level <= maxDepth && overflowIsolates == 0 && overflowEmbeddings == 0 {
                    stack.append(Status(level: level, override: t == .RLO ? .R : t == .LRO ? .L : nil, isolate: false))
                } else if overflowIsolates == 0 {
                    overflowEmbeddings += 1
                }
            case .RLI, .LRI, .FSI:
                let top = stack[stack.count - 1]
                levels[i] = top.level
                if let o = top.override { types[i] = o }
                let rtl = t == .RLI || (t == .FSI && firstStrong(classes, from: i + 1, stopAtPDI: true) == .R)
                let level = rtl ? (top.level + 1) | 1 : (top.level + 2) & ~1
                if level <= maxDepth && overflowIsolates == 0 && overflowEmbeddings == 0 {
                    validIsolates += 1
                    stack.append(Status(level: level, override: nil, isolate: true))
                } else {
                    overflowIsolates += 1
                }
            case .PDI:
                if overflowIsolates > 0 {
                    overflowIsolates -= 1
                } else if validIsolates > 0 {
                    overflowEmbeddings = 0
                    while !stack[stack.count - 1].isolate { stack.removeLast() }
                    stack.removeLast()
                    validIsolates -= 1
                }
                let top = stack[stack.count - 1]
                levels[i] = top.level
                if let o = top.override { types[i] = o }
            case .PDF:
                if overflowIsolates > 0 {
                } else if overflowEmbeddings > 0 {
                    overflowEmbeddings -= 1
                } else if !stack[stack.count - 1].isolate && stack.count >= 2 {
                    stack.removeLast()
                }
                levels[i] = stack[stack.count - 1].level
            case .B:
                levels[i] = base
            case .BN:
                levels[i] = stack[stack.count - 1].level
            case .L, .R, .AL, .EN, .ES, .ET, .AN, .CS, .NSM, .S, .WS, .ON:
                let top = stack[stack.count - 1]
                levels[i] = top.level
                if let o = top.override { types[i] = o }
            }
        }

        // X9: the positions that stay; X10: their level runs, chained into isolating run sequences.
        var kept: [Int] = []
        kept.reserveCapacity(n)
        var keptIndex = [Int](repeating: -1, count: n)
        for i in 0..<n where !classes[i].isRemovedByX9 { keptIndex[i] = kept.count; kept.append(i) }
        var runStarts: [Int] = []   // indices into `kept`
        for k in kept.indices where k == 0 || levels[kept[k]] != levels[kept[k - 1]] { runStarts.append(k) }
        runStarts.append(kept.count)
        /// The level run (index in `runStarts`) starting at each kept position, -1 elsewhere.
        var runStartingAt = [Int](repeating: -1, count: kept.count + 1)
        for r in 0..<(runStarts.count - 1) { runStartingAt[runStarts[r]] = r }

        // The explicit levels, which sos and eos compare (`levels` is resolved in place).
        let explicit = levels
        var sequence: [Int] = []
        var seqTypes: [BidiClass] = []
        for r in 0..<(runStarts.count - 1) {
            let first = kept[runStarts[r]]
            // A matched PDI that starts a level run continues its initiator's sequence (the
            // initiator ends a run of the PDI's level: the isolate inside is deeper).
            if classes[first] == .PDI && matched[first] { continue }
            sequence.removeAll(keepingCapacity: true)
            var run = r
            while true {
                for k in runStarts[run]..<runStarts[run + 1] { sequence.append(kept[k]) }
                let last = sequence[sequence.count - 1]
                guard classes[last].isIsolateInitiator, matchingPDI[last] >= 0 else { break }
                let pdi = matchingPDI[last]
                let next = runStartingAt[keptIndex[pdi]]
                guard next >= 0 else { break }
                run = next
            }
            seqTypes.removeAll(keepingCapacity: true)
            for i in sequence { seqTypes.append(types[i]) }
            resolveSequence(sequence, &seqTypes, classes: classes, scalars: scalars, explicit: explicit, levels: &levels, kept: kept,
                            keptIndex: keptIndex, base: base)
        }

        // Removed positions take the level of the position before them.
        for i in 0..<n where classes[i].isRemovedByX9 { levels[i] = i > 0 ? levels[i - 1] : base }
        return levels
    }

    /// W1–I2 on one isolating run sequence (positions `seq`, their current types `t`).
    private static func resolveSequence(_ seq: [Int], _ t: inout [BidiClass], classes: [BidiClass], scalars: [Unicode.Scalar]?,
                                        explicit: [UInt8], levels: inout [UInt8], kept: [Int], keptIndex: [Int], base: UInt8) {
        let count = seq.count
        let level = explicit[seq[0]]
        let before = keptIndex[seq[0]] > 0 ? explicit[kept[keptIndex[seq[0]] - 1]] : base
        let last = seq[count - 1]
        let after: UInt8
        if classes[last].isIsolateInitiator {
            after = base
        } else {
            let k = keptIndex[last] + 1
            after = k < kept.count ? explicit[kept[k]] : base
        }
        let sos: BidiClass = max(level, before) & 1 == 1 ? .R : .L
        let eos: BidiClass = max(level, after) & 1 == 1 ? .R : .L

        // W1: a non-spacing mark takes the type before it (ON after an isolate initiator or PDI).
        var previous = sos
        for k in 0..<count {
            if t[k] == .NSM {
                t[k] = k == 0 ? sos : (previous.isIsolateInitiator || previous == .PDI ? .ON : previous)
            }
            previous = t[k]
        }
        // W2, W3: European numbers after Arabic letters are Arabic numbers; AL is R.
        var strong = sos
        for k in 0..<count {
            switch t[k] {
            case .L, .R: strong = t[k]
            case .AL: strong = .AL; t[k] = .R
            case .EN: if strong == .AL { t[k] = .AN }
            case .ES, .ET, .AN, .CS, .NSM, .BN, .B, .S, .WS, .ON, .LRE, .LRO, .RLE, .RLO, .PDF, .LRI, .RLI, .FSI, .PDI: break
            }
        }
        // W4: one separator between two numbers of a kind.
        if count >= 3 {
            for k in 1..<(count - 1) {
                if t[k] == .ES, t[k - 1] == .EN, t[k + 1] == .EN { t[k] = .EN }
                else if t[k] == .CS, t[k - 1] == .EN, t[k + 1] == .EN { t[k] = .EN }
                else if t[k] == .CS, t[k - 1] == .AN, t[k + 1] == .AN { t[k] = .AN }
            }
        }
        // W5: terminators next to a European number; W6: other separators and terminators are ON.
        var k = 0
        while k < count {
            if t[k] == .ET {
                var end = k
                while end < count && t[end] == .ET { end += 1 }
                let number = (k > 0 && t[k - 1] == .EN) || (end < count && t[end] == .EN)
                for j in k..<end { t[j] = number ? .EN : .ON }
                k = end
                continue
            }
            if t[k] == .ES || t[k] == .CS { t[k] = .ON }
            k += 1
        }
        // W7: European numbers after L are L.
        strong = sos
        for k in 0..<count {
            switch t[k] {
            case .L, .R: strong = t[k]
            case .EN: if strong == .L { t[k] = .L }
            case .AL, .ES, .ET, .AN, .CS, .NSM, .BN, .B, .S, .WS, .ON, .LRE, .LRO, .RLE, .RLO, .PDF, .LRI, .RLI, .FSI, .PDI: break
            }
        }

        let embedding: BidiClass = level & 1 == 1 ? .R : .L
        /// The direction a type gives neutrals (EN and AN count as R), nil for others.
        func direction(_ c: BidiClass) -> BidiClass? {
            switch c {
            case .L: .L
            case .R, .AL, .EN, .AN: .R
            case .ES, .ET, .CS, .NSM, .BN, .B, .S, .WS, .ON, .LRE, .LRO, .RLE, .RLO, .PDF, .LRI, .RLI, .FSI, .PDI: nil
            }
        }

        // N0: paired brackets (BD16) take the direction of what they enclose or surround.
        if let scalars {
            var pairs: [(open: Int, close: Int)] = []
            var openers: [(id: UInt32, at: Int)] = []
            scan: for k in 0..<count where t[k] == .ON {
                let v = scalars[seq[k]].value
                guard v >= 0x28, let bracket = BidiTables.bracket(v) else { continue }
                if bracket.isOpen {
                    if openers.count == 63 { break scan }
                    openers.append((bracket.id, k))
                } else if let j = openers.lastIndex(where: { $0.id == bracket.id }) {
                    pairs.append((openers[j].at, k))
                    openers.removeSubrange(j...)
                }
            }
            pairs.sort { $0.open < $1.open }
            for (open, close) in pairs {
                var inside: BidiClass? = nil
                for j in (open + 1)..<close {
                    guard let d = direction(t[j]) else { continue }
                    if d == embedding { inside = d; break }
                    inside = d
                }
                guard let found = inside else { continue }
                var resolved = embedding
                if found != embedding {
                    var context = sos
                    var j = open - 1
                    while j >= 0 {
                        if let d = direction(t[j]) { context = d; break }
                        j -= 1
                    }
                    resolved = context == found ? found : embedding
                }
                for at in [open, close] {
                    t[at] = resolved
                    var j = at + 1
                    while j < count && classes[seq[j]] == .NSM { t[j] = resolved; j += 1 }
                }
            }
        }

        // N1, N2: neutrals between two of one direction take it, others the embedding direction.
        k = 0
        while k < count {
            guard t[k].isNeutralOrIsolate else { k += 1; continue }
            var end = k
            while end < count && t[end].isNeutralOrIsolate { end += 1 }
            let leading = k == 0 ? sos : (direction(t[k - 1]) ?? embedding)
            let trailing = end == count ? eos : (direction(t[end]) ?? embedding)
            let resolved = leading == trailing ? leading : embedding
            for j in k..<end { t[j] = resolved }
            k = end
        }

        // I1, I2.
        for k in 0..<count {
            let i = seq[k]
            if level & 1 == 0 {
                switch t[k] {
                case .R: levels[i] = level + 1
                case .AN, .EN: levels[i] = level + 2
                default: levels[i] = level
                }
            } else {
                switch t[k] {
                case .L, .EN, .AN: levels[i] = level + 1
                default: levels[i] = level
                }
            }
        }
    }

    /// The levels of the line `range` after rule L1: separators, and white space and isolate
    /// controls before them or at the line's end, at the paragraph level.
    package func lineLevels(_ range: Range<Int>) -> [UInt8] {
        var result = Array(levels[range])
        var trailing = true   // in white space that runs to the line's end or a separator
        var i = range.upperBound - 1
        while i >= range.lowerBound {
            switch classes[i] {
            case .S, .B:
                result[i - range.lowerBound] = baseLevel
                trailing = true
            case .WS, .LRI, .RLI, .FSI, .PDI, .BN, .LRE, .LRO, .RLE, .RLO, .PDF:
                if trailing { result[i - range.lowerBound] = baseLevel }
            case .L, .R, .AL, .EN, .ES, .ET, .AN, .CS, .NSM, .ON:
                trailing = false
            }
            i -= 1
        }
        return result
    }
}

/// Rule L2: the logical indices of a line's positions in visual order (left to right), from
/// their levels.
package func bidiVisualOrder(_ levels: [UInt8]) -> [Int] {
    var order = Array(levels.indices)
    guard var highest = levels.max() else { return order }
    var lowestOdd = UInt8.max
    for l in levels where l & 1 == 1 { lowestOdd = min(lowestOdd, l) }
    while highest >= lowestOdd && highest > 0 {
        var i = 0
        while i < levels.count {
            guard levels[i] >= highest else { i += 1; continue }
            var end = i
            while end < levels.count && levels[end] >= highest { end += 1 }
            order[i..<end].reverse()
            i = end
        }
        highest -= 1
    }
    return order
}

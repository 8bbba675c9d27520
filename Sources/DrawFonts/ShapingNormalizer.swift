// Normalization before shaping, as HarfBuzz does it: a character the font lacks is
// decomposed into pieces it has (canonical decompositions), runs of marks are put in
// canonical order, and a base with a following mark is composed into one character when the
// font has that character ("A" + U+0301 → "Á"; alef + madda above → U+0622).

package enum ShapingNormalizer {
    static func decomposition(_ c: UInt32) -> (UInt32, UInt32)? {
        var lo = 0, hi = canonicalDecompositions.count / 3
        while lo < hi {
            let mid = (lo + hi) / 2
            let v = canonicalDecompositions[3 * mid]
            if v == c { return (canonicalDecompositions[3 * mid + 1], canonicalDecompositions[3 * mid + 2]) }
            if v < c { lo = mid + 1 } else { hi = mid }
        }
        return nil
    }

    static func composition(_ a: UInt32, _ b: UInt32) -> UInt32? {
        var lo = 0, hi = canonicalCompositions.count / 3
        while lo < hi {
            let mid = (lo + hi) / 2
            let x = canonicalCompositions[3 * mid], y = canonicalCompositions[3 * mid + 1]
            if x == a && y == b { return canonicalCompositions[3 * mid + 2] }
            if x < a || (x == a && y < b) { lo = mid + 1 } else { hi = mid }
        }
        return nil
    }

    static func combiningClass(_ v: UInt32) -> UInt8 {
        guard v >= 0x300, let s = Unicode.Scalar(v) else { return 0 }
        return s.properties.canonicalCombiningClass.rawValue
    }

    /// The full canonical decomposition of `c`, nil when it has none.
    static func fullDecomposition(_ c: UInt32) -> [UInt32]? {
        guard let (a, b) = decomposition(c) else { return nil }
        var out = fullDecomposition(a) ?? [a]
        if b != 0 { out += fullDecomposition(b) ?? [b] }
        return out
    }

    /// `always`: decompose whenever the pieces are in the font (the Indic shapers' split
    /// vowels), not only when the character itself is missing.
    /// `exclude`: characters kept whole all the same.
    /// `fallback`: a composition Unicode does not make (Hebrew presentation forms).
    static func normalize(_ buffer: inout [ShapingItem], font: TrueTypeFontRef, always: Bool = false, exclude: Set<UInt32> = [],
                          compose: (UInt32, UInt32) -> Bool = { _, _ in true },
                          fallback: (UInt32, UInt32) -> UInt32? = { _, _ in nil }) {
        // Decompose.
        var i = 0
        while i < buffer.count {
            let item = buffer[i]
            if item.codepoint >= 0xC0, item.glyph == 0 || always, !exclude.contains(item.codepoint), let pieces = fullDecomposition(item.codepoint),
               let glyphs = Optional(pieces.map { Unicode.Scalar($0).flatMap { font.glyph(for: $0) } }),
               glyphs.allSatisfy({ $0 != nil }) {
                var items: [ShapingItem] = []
                for (p, g) in zip(pieces, glyphs) {
                    var n = item
                    n.codepoint = p; n.glyph = g!
                    items.append(n)
                }
                buffer.replaceSubrange(i...i, with: items)
                i += items.count
            } else {
                i += 1
            }
        }
        // Reorder marks by combining class (stable).
        i = 0
        while i < buffer.count {
            guard combiningClass(buffer[i].codepoint) != 0 else { i += 1; continue }
            var end = i
            while end < buffer.count, combiningClass(buffer[end].codepoint) != 0 { end += 1 }
            if end - i > 1 {
                let sorted = buffer[i..<end].enumerated().sorted {
                    let a = combiningClass($0.element.codepoint), b = combiningClass($1.element.codepoint)
                    return a != b ? a < b : $0.offset < $1.offset
                }.map(\.element)
                buffer.replaceSubrange(i..<end, with: sorted)
            }
            i = end
        }
        // Compose a starter with the marks after it that are not blocked.
        var starter: Int? = nil
        i = 0
        while i < buffer.count {
            let v = buffer[i].codepoint
            let ccc = combiningClass(v)
            if let s = starter, v >= 0x300, isMark(v),
               i == s + 1 || combiningClass(buffer[i - 1].codepoint) < ccc,
               compose(buffer[s].codepoint, v),
               let c = composition(buffer[s].codepoint, v) ?? fallback(buffer[s].codepoint, v), let scalar = Unicode.Scalar(c), let g = font.glyph(for: scalar) {
                buffer[s].codepoint = c
                buffer[s].glyph = g
                let cluster = min(buffer[s].cluster, buffer[i].cluster)
                buffer.remove(at: i)
                for k in s..<i { buffer[k].cluster = cluster }
                continue
            }
            if ccc == 0 { starter = i }
            i += 1
        }
    }

    static func isMark(_ v: UInt32) -> Bool {
        guard let s = Unicode.Scalar(v) else { return false }
        switch s.properties.generalCategory {
        case .nonspacingMark, .spacingMark, .enclosingMark: return true
        default: return false
        }
    }
}

extension ShapingNormalizer {
    /// The canonical decomposition (NFD) of `scalars`: each scalar fully decomposed, each run
    /// of marks in canonical order. Two texts are canonically equivalent exactly when these are
    /// equal (what Swift's `String ==` decides by normalising, at a fraction of the cost).
    package static func canonicalDecomposition(_ scalars: some Sequence<Unicode.Scalar>) -> [UInt32] {
        var out: [UInt32] = []
        for s in scalars {
            if let pieces = fullDecomposition(s.value) { out += pieces } else { out.append(s.value) }
        }
        var i = 0
        while i < out.count {
            guard combiningClass(out[i]) != 0 else { i += 1; continue }
            var end = i
            while end < out.count, combiningClass(out[end]) != 0 { end += 1 }
            if end - i > 1 {
                let sorted = out[i..<end].enumerated().sorted {
                    let a = combiningClass($0.element), b = combiningClass($1.element)
                    return a != b ? a < b : $0.offset < $1.offset
                }.map(\.element)
                out.replaceSubrange(i..<end, with: sorted)
            }
            i = end
        }
        return out
    }

    /// Every scalar with a canonical decomposition, ascending.
    package static var decomposableScalars: [UInt32] {
        stride(from: 0, to: canonicalDecompositions.count, by: 3).map { canonicalDecompositions[$0] }
    }
}

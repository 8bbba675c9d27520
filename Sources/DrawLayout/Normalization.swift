// Canonical composition of combining sequences ("e" + U+0301 → "é"), so text typed or pasted
// in decomposed form finds the precomposed glyphs fonts have — without Foundation, whose
// normalisation would load ICU on every run.
//
// A grapheme cluster composes to the first scalar of the candidate blocks — those with the
// precomposed letters that fonts of the scripts drawc draws carry (Latin, Greek, Cyrillic,
// kana) — that is canonically equivalent to it (what Swift's `String ==` decides). The
// equivalence is decided on canonical decompositions (DrawFonts' `ShapingNormalizer`, from
// the UCD's tables): the candidates are indexed by theirs once per process, and a cluster
// costs one decomposition and one look-up (comparing the cluster as a `String` with every
// candidate cost millions of instructions per cluster). Clusters with no single precomposed
// scalar stay as they are (the font then needs the combining mark itself).

import DrawFonts

/// Blocks searched for a precomposed scalar.
private let compositionCandidates: [ClosedRange<UInt32>] = [
    0x00C0...0x024F,  // Latin-1 Supplement, Latin Extended-A/B
    0x0370...0x04FF,  // Greek, Cyrillic
    0x1E00...0x1FFF,  // Latin Extended Additional, Greek Extended
    0x3040...0x30FF,  // Hiragana, Katakana (voiced marks)
]

/// Whether a scalar is a combining mark that composition may absorb.
@inline(__always)
func isCombiningMark(_ v: UInt32) -> Bool {
    (0x0300...0x036F).contains(v) || (0x1AB0...0x1AFF).contains(v) || (0x1DC0...0x1DFF).contains(v)
        || (0x20D0...0x20FF).contains(v) || (0xFE20...0xFE2F).contains(v) || v == 0x3099 || v == 0x309A
}

/// Each candidate scalar with a canonical decomposition, by that decomposition; of several
/// equivalent candidates (U+03AC and its singleton U+1F71) the first in the blocks' order.
private let candidatesByDecomposition: [[UInt32]: Unicode.Scalar] = {
    var table: [[UInt32]: Unicode.Scalar] = [:]
    for v in ShapingNormalizer.decomposableScalars where compositionCandidates.contains(where: { $0.contains(v) }) {
        guard let scalar = Unicode.Scalar(v) else { continue }
        let key = ShapingNormalizer.canonicalDecomposition(CollectionOfOne(scalar))
        if table[key] == nil { table[key] = scalar }
    }
    return table
}()

struct Composer {
    /// Clusters looked up before, by their scalars.
    private var cache: [[UInt32]: Unicode.Scalar?] = [:]

    /// Whether `compose` may change `text` (false: it returns `text` as it is).
    func composes(_ text: String) -> Bool {
        // Every combining mark is U+0300 or above, whose UTF-8 lead byte is 0xCC or above:
        // text without such a byte (ASCII, most Latin) has none, found without decoding.
        guard text.utf8.contains(where: { $0 >= 0xCC }) else { return false }
        return text.unicodeScalars.contains(where: { isCombiningMark($0.value) })
    }

    /// `text` with combining sequences composed where a precomposed scalar exists.
    mutating func compose(_ text: String) -> String {
        guard composes(text) else { return text }
        var result = String.UnicodeScalarView()
        for character in text {
            let scalars = character.unicodeScalars
            if scalars.count > 1, scalars.dropFirst().contains(where: { isCombiningMark($0.value) }),
               let composed = composedScalar(scalars) {
                result.append(composed)
            } else {
                // One by one: `append(contentsOf:)` with a cluster's scalars took the generic path.
                for scalar in scalars { result.append(scalar) }
            }
        }
        return String(result)
    }

    private mutating func composedScalar(_ cluster: Character.UnicodeScalarView) -> Unicode.Scalar? {
        let key = cluster.map(\.value)
        if let known = cache[key] { return known }
        // A candidate scalar decomposes to at least two scalars; so does every cluster here.
        let found = candidatesByDecomposition[ShapingNormalizer.canonicalDecomposition(cluster)]
        cache[key] = found
        return found
    }
}

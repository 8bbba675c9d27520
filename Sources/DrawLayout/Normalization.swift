// Canonical composition of combining sequences ("e" + U+0301 → "é"), so text typed or pasted
// in decomposed form finds the precomposed glyphs fonts have — without Foundation, whose
// normalisation would load ICU on every run.
//
// Swift's `String` comparison is canonical equivalence, so a grapheme cluster equals the one
// precomposed scalar it composes to. Candidates are the blocks with precomposed letters that
// fonts of the scripts drawc draws carry (Latin, Greek, Cyrillic, kana); each distinct
// cluster is looked up once per compilation. Clusters with no single precomposed scalar stay
// as they are (the font then needs the combining mark itself).

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

struct Composer {
    private var cache: [String: Unicode.Scalar?] = [:]

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
               let composed = composedScalar(String(character)) {
                result.append(composed)
            } else {
                result.append(contentsOf: scalars)
            }
        }
        return String(result)
    }

    private mutating func composedScalar(_ cluster: String) -> Unicode.Scalar? {
        if let known = cache[cluster] { return known }
        var found: Unicode.Scalar?
        search: for range in compositionCandidates {
            for v in range {
                if let s = Unicode.Scalar(v), String(s) == cluster { found = s; break search }
            }
        }
        cache[cluster] = found
        return found
    }
}

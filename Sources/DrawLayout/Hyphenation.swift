// Hyphenation by Liang's algorithm (F. M. Liang, "Word Hy-phen-a-tion by Com-put-er", 1983,
// as TeX does it) with the American English patterns of hyph-en-us.tex
// (Hyphenation+Generated.swift; the patterns file and its licence are in Data/).
//
// Takes one word (letters only); hands back the positions where a hyphen may go: between
// letter k - 1 and k for each k returned, at least `leftMin` letters from the start and
// `rightMin` from the end (2 and 3, the patterns' own hyphenmins). Words with letters
// outside a–z (after lower-casing) are not hyphenated: the patterns know none.

/// Liang's patterns, read once into a table keyed by the pattern's letters.
final class Hyphenator: Sendable {
    /// Letters of a pattern (with `.` for a word edge) → its inter-letter values.
    private let patterns: [[UInt8]: [UInt8]]
    private let exceptions: [[UInt8]: [Int]]
    private let longestPattern: Int
    let leftMin = 2
    let rightMin = 3
    /// Words longer than this are left whole (a guard: the work grows with the square).
    static let maxWordLength = 64

    static let english = Hyphenator(patterns: englishPatterns, exceptions: englishExceptions)

    init(patterns text: String, exceptions: String) {
        var table: [[UInt8]: [UInt8]] = [:]
        var longest = 0
        for pattern in text.split(separator: " ") {
            var letters: [UInt8] = []
            var values: [UInt8] = [0]
            for b in pattern.utf8 {
                if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") {
                    values[values.count - 1] = b - UInt8(ascii: "0")
                } else {
                    letters.append(b)
                    values.append(0)
                }
            }
            table[letters] = values
            longest = max(longest, letters.count)
        }
        patterns = table
        longestPattern = longest
        var words: [[UInt8]: [Int]] = [:]
        for word in exceptions.split(separator: " ") {
            var letters: [UInt8] = []
            var points: [Int] = []
            for b in word.utf8 {
                if b == UInt8(ascii: "-") { points.append(letters.count) } else { letters.append(b) }
            }
            words[letters] = points
        }
        self.exceptions = words
    }

    /// The hyphenation points of `word` (indices of the letter after each point).
    func points(_ word: [Unicode.Scalar]) -> [Int] {
        let n = word.count
        guard n >= leftMin + rightMin, n <= Self.maxWordLength else { return [] }
        var letters: [UInt8] = []
        letters.reserveCapacity(n + 2)
        for scalar in word {
            let lower = scalar.value | 0x20
            guard scalar.value < 128, lower >= 0x61, lower <= 0x7A else { return [] }
            letters.append(UInt8(lower))
        }
        if let known = exceptions[letters] { return known }
        let padded = [UInt8(ascii: ".")] + letters + [UInt8(ascii: ".")]
        var values = [UInt8](repeating: 0, count: padded.count + 1)
        for start in 0..<padded.count {
            for length in 1...min(longestPattern, padded.count - start) {
                guard let found = patterns[Array(padded[start..<(start + length)])] else { continue }
                for (k, v) in found.enumerated() where v > values[start + k] { values[start + k] = v }
            }
        }
        // values[i] sits before padded[i]; letter k of the word is padded[k + 1].
        var result: [Int] = []
        for k in leftMin...(n - rightMin) where values[k + 1] % 2 == 1 { result.append(k) }
        return result
    }
}

// Hyphenation by Liang's algorithm (F. M. Liang, "Word Hy-phen-a-tion by Com-put-er", 1983,
// as TeX does it) with the American English patterns of hyph-en-us.tex
// (Hyphenation+Generated.swift; the patterns file and its licence are in Data/).
//
// Takes one word (letters only); hands back the positions where a hyphen may go: between
// letter k - 1 and k for each k returned, at least `leftMin` letters from the start and
// `rightMin` from the end (2 and 3, the patterns' own hyphenmins). Words with letters
// outside a–z (after lower-casing) are not hyphenated: the patterns know none.

/// Liang's patterns, read once into a packed trie (the structure Liang's thesis describes):
/// a word's substrings starting at one letter are all matched in one walk from the root,
/// with no key made per substring.
package final class Hyphenator: Sendable {
    /// The trie's nodes, 0 the root. The children of node `n` are the edges
    /// `firstEdge[n]..<firstEdge[n + 1]`, sorted by letter (`edgeLetters`, `edgeTargets`).
    private let firstEdge: [Int32]
    private let edgeLetters: [UInt8]
    private let edgeTargets: [Int32]
    /// The root's child for each ASCII byte (-1: none): most walks end within a step or two.
    private let rootChildren: [Int32]
    /// The inter-letter values of the pattern that ends at node `n`:
    /// `valuePool[valueStart[n]..<valueStart[n] + depth + 1]` (`valueStart[n]` -1: no pattern).
    private let valueStart: [Int32]
    private let valuePool: [UInt8]
    private let exceptions: [[UInt8]: [Int]]
    let leftMin = 2
    let rightMin = 3
    /// Words longer than this are left whole (a guard against hostile input).
    static let maxWordLength = 64

    package static let english = Hyphenator(patterns: englishPatterns, exceptions: englishExceptions)

    init(patterns text: String, exceptions: String) {
        // A pointer trie first (children by letter), then packed breadth-first.
        var children: [[UInt8: Int32]] = [[:]]
        var values: [[UInt8]?] = [nil]
        for pattern in text.split(separator: " ") {
            var node = 0
            var pointValues: [UInt8] = [0]
            for b in pattern.utf8 {
                if b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") {
                    pointValues[pointValues.count - 1] = b - UInt8(ascii: "0")
                    continue
                }
                if let next = children[node][b] {
                    node = Int(next)
                } else {
                    children.append([:]); values.append(nil)
                    children[node][b] = Int32(children.count - 1)
                    node = children.count - 1
                }
                pointValues.append(0)
            }
            values[node] = pointValues
        }
        var order: [Int] = [0]
        var packedIndex = [Int32](repeating: -1, count: children.count)
        packedIndex[0] = 0
        var head = 0
        while head < order.count {
            let node = order[head]
            head += 1
            for (_, child) in children[node].sorted(by: { $0.key < $1.key }) {
                packedIndex[Int(child)] = Int32(order.count)
                order.append(Int(child))
            }
        }
        var first: [Int32] = [], letters: [UInt8] = [], targets: [Int32] = []
        var starts: [Int32] = [], pool: [UInt8] = []
        for node in order {
            first.append(Int32(letters.count))
            for (letter, child) in children[node].sorted(by: { $0.key < $1.key }) {
                letters.append(letter)
                targets.append(packedIndex[Int(child)])
            }
            if let v = values[node] {
                starts.append(Int32(pool.count))
                pool.append(contentsOf: v)
            } else {
                starts.append(-1)
            }
        }
        first.append(Int32(letters.count))
        var root = [Int32](repeating: -1, count: 128)
        for e in Int(first[0])..<Int(first[1]) where letters[e] < 128 { root[Int(letters[e])] = targets[e] }
        firstEdge = first; edgeLetters = letters; edgeTargets = targets; rootChildren = root
        valueStart = starts; valuePool = pool

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

    /// The number of trie nodes and of patterns (for tests).
    var counts: (nodes: Int, patterns: Int) { (valueStart.count, valueStart.filter { $0 >= 0 }.count) }

    /// The hyphenation points of `word` (indices of the letter after each point).
    package func points(_ word: [Unicode.Scalar]) -> [Int] {
        let n = word.count
        guard n >= leftMin + rightMin, n <= Self.maxWordLength else { return [] }
        var letters: [UInt8] = []
        letters.reserveCapacity(n)
        for scalar in word {
            let lower = scalar.value | 0x20
            guard scalar.value < 128, lower >= 0x61, lower <= 0x7A else { return [] }
            letters.append(UInt8(lower))
        }
        if let known = exceptions[letters] { return known }
        // The word between edge marks; values[i] sits before padded[i].
        let count = n + 2
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 2 * count + 1) { buffer -> [Int] in
            let padded = UnsafeMutableBufferPointer(rebasing: buffer[0..<count])
            let values = UnsafeMutableBufferPointer(rebasing: buffer[count...])
            padded[0] = UInt8(ascii: ".")
            for i in 0..<n { padded[i + 1] = letters[i] }
            padded[count - 1] = UInt8(ascii: ".")
            for i in values.indices { values[i] = 0 }
            for start in 0..<count {
                var node = rootChildren[Int(padded[start])]
                var i = start
                while node >= 0 {
                    let v = valueStart[Int(node)]
                    if v >= 0 {
                        // The pattern covers padded[start...i]: one value more than letters.
                        for k in 0...(i - start + 1) where valuePool[Int(v) + k] > values[start + k] {
                            values[start + k] = valuePool[Int(v) + k]
                        }
                    }
                    i += 1
                    guard i < count else { break }
                    let letter = padded[i]
                    var next: Int32 = -1
                    for e in Int(firstEdge[Int(node)])..<Int(firstEdge[Int(node) + 1]) {
                        let l = edgeLetters[e]
                        if l == letter { next = edgeTargets[e]; break }
                        if l > letter { break }
                    }
                    node = next
                }
            }
            // Letter k of the word is padded[k + 1].
            var result: [Int] = []
            for k in leftMin...(n - rightMin) where values[k + 1] % 2 == 1 { result.append(k) }
            return result
        }
    }
}

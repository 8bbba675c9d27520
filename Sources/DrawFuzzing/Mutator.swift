// The fuzzer's custom mutator (libFuzzer's LLVMFuzzerCustomMutator, Sources/drawc-fuzz): most
// mutations stay within the structure, so that most inputs still reach layout and every
// backend, and a share stays hostile byte noise for the lexer and the parser.
//
// - A generated input (first byte 0x00): its choice bytes are mutated (it stays a drawing
//   that parses); now and then it is turned into the source text it stands for, which the
//   text mutations below then perturb.
// - A text input: mutated as bytes (libFuzzer's own mutations, dictionary included), then,
//   most of the time, repaired: each statement line that `check` reports an error on is
//   dropped and the braces are balanced, until the drawing checks cleanly. A mutation that
//   breaks one statement so becomes a drawing without it, which goes on to the backends.
//   Now and then a text input is read as generator choices instead.
//
// The byte-level mutation is passed in (`LLVMFuzzerMutate` under libFuzzer, a seeded
// stand-in in the tests), so all of this runs and is tested without libFuzzer.

import DrawDiagnostics
import DrawKit
import DrawSyntax

extension FuzzTarget {
    /// How a mutation was made (for the tests and the counters).
    package enum MutationKind: Sendable, Hashable {
        case choices, generatedToText, rawText, repairedText, textToChoices
    }

    /// Out of 16: how often each kind is picked.
    static let rawTextShare = 3, textToChoicesShare = 1, generatedToTextShare = 2

    /// Rounds of check-and-drop a repair may take before it gives up (each is a `check`).
    static let repairRounds = 6

    /// One mutation of `input`, at most `maxSize` bytes. `seed` picks the kind;
    /// `byteMutate(&bytes, maxSize)` is the byte-level mutation.
    package func mutate(_ input: [UInt8], maxSize: Int, seed: UInt32,
                        byteMutate: (inout [UInt8], Int) -> Void) -> (bytes: [UInt8], kind: MutationKind) {
        let roll = Int(seed % 16)
        if input.first == 0 {
            if roll < Self.generatedToTextShare {
                let text = Self.source(of: input)
                if !text.isEmpty, text.count <= maxSize { return (text, .generatedToText) }
            }
            var choices = Array(input.dropFirst())
            byteMutate(&choices, max(1, maxSize - 1))
            return ([0] + choices.prefix(maxSize - 1), .choices)
        }
        var bytes = input
        byteMutate(&bytes, maxSize)
        if roll < Self.textToChoicesShare, maxSize > 1 { return ([0] + bytes.prefix(maxSize - 1), .textToChoices) }
        // A mutation may have made a generated input of a text one: keep it a text.
        if bytes.first == 0 { bytes.removeFirst() }
        if roll < Self.textToChoicesShare + Self.rawTextShare { return (bytes, .rawText) }
        return (Array(repair(bytes).prefix(maxSize)), .repairedText)
    }

    /// `text` with every line that `check` finds an error on dropped and its braces balanced,
    /// round after round, until it checks cleanly (or `repairRounds` are spent, or an error
    /// has no place in the text).
    package func repair(_ text: [UInt8]) -> [UInt8] {
        var text = Self.balancingBraces(text)
        for _ in 0..<Self.repairRounds {
            let result = check(source: text, path: Self.path, options: options(files: files))
            let errors = result.diagnostics.filter { $0.severity == .error }
            if errors.isEmpty { return text }
            var drop: [Range<Int>] = []
            for error in errors {
                guard let location = error.location, location.path == Self.path else { continue }
                let start = min(location.byteOffset, text.count), end = min(text.count, start + location.byteLength)
                drop.append(Self.lines(of: start..<end, in: text))
            }
            if drop.isEmpty { return text }
            var kept: [UInt8] = []
            kept.reserveCapacity(text.count)
            for index in text.indices where !drop.contains(where: { $0.contains(index) }) { kept.append(text[index]) }
            if kept.count == text.count { return text }
            text = Self.balancingBraces(kept)
        }
        return text
    }

    /// The whole lines (with their line ends) that `range` touches.
    static func lines(of range: Range<Int>, in text: [UInt8]) -> Range<Int> {
        var start = range.lowerBound, end = range.upperBound
        while start > 0 && text[start - 1] != 0x0A { start -= 1 }
        if end > start && text[end - 1] == 0x0A { end -= 1 }
        while end < text.count && text[end] != 0x0A { end += 1 }
        return start..<min(text.count, end + 1)
    }

    /// `text` with each `}` that closes nothing dropped and a `}` line added for each `{`
    /// left open (strings and comments are read as the lexer reads them).
    static func balancingBraces(_ text: [UInt8]) -> [UInt8] {
        let syntax = tokenizeLossless(SourceFile(id: FileID(0), path: path, bytes: text))
        var out: [UInt8] = []
        out.reserveCapacity(text.count + 8)
        var open = 0
        for index in syntax.tokens.indices {
            switch syntax.tokens[index].kind {
            case .leftBrace: open += 1
            case .rightBrace:
                if open == 0 { continue }
                open -= 1
            default: break
            }
            out += syntax.bytes(of: index)
        }
        if open > 0 {
            if out.last != 0x0A { out.append(0x0A) }
            for _ in 0..<open { out += [0x7D, 0x0A] }
        }
        return out
    }
}

/// A problem found in the input, as data: wording and display are separate concerns (the
/// renderers). The `id` is stable (`parse.unclosed-delimiter`) so tests and tools can match
/// on it while the message wording improves.
package struct Diagnostic: Hashable, Sendable {
    package enum Severity: UInt8, Hashable, Sendable, Comparable {
        /// Something informational attached to nothing else.
        case note
        /// The output is produced but may not be what the author meant.
        case warning
        /// The input is wrong; no output is written.
        case error

        package static func < (a: Severity, b: Severity) -> Bool { a.rawValue < b.rawValue }

        package var name: String {
            switch self {
            case .note: "note"
            case .warning: "warning"
            case .error: "error"
            }
        }
    }

    /// A secondary message at another place ("'{' opened here", "'x' is defined here"): the
    /// LSP's related information. A note written without a place is a hint (see `init`).
    package struct Note: Hashable, Sendable {
        package var span: Span?
        package var message: String
        package init(_ message: String, at span: Span? = nil) {
            self.message = message
            self.span = span
        }
    }

    /// A suggested edit: replace the bytes of `span` with `replacement`.
    package struct FixIt: Hashable, Sendable {
        package var span: Span
        package var replacement: String
        package init(replacing span: Span, with replacement: String) {
            self.span = span
            self.replacement = replacement
        }
    }

    /// The stable id (`sem.invalid-value`), from a stage's typed message ids.
    package var id: String
    package var severity: Severity
    package var span: Span
    package var message: String
    /// Located notes only: each has a span.
    package var notes: [Note]
    /// What to do about it, with no place of its own ("did you mean 'fill'?", "split it with
    /// 'let'"): typst's hints. Shown after the notes; JSON and the LSP keep them apart.
    package var hints: [String]
    package var fixIts: [FixIt]

    /// A note given without a place becomes a hint, so callers that build "did you mean"
    /// notes need not know the difference; `notes` keeps only located ones.
    package init(
        _ id: String, _ severity: Severity = .error, at span: Span, _ message: String,
        notes: [Note] = [], hints: [String] = [], fixIts: [FixIt] = []
    ) {
        self.id = id
        self.severity = severity
        self.span = span
        self.message = message
        self.notes = notes.filter { $0.span != nil }
        self.hints = notes.compactMap { $0.span == nil ? $0.message : nil } + hints
        self.fixIts = fixIts
    }

    package static func error(_ id: String, at span: Span, _ message: String, notes: [Note] = [], hints: [String] = [],
                              fixIts: [FixIt] = []) -> Diagnostic {
        Diagnostic(id, .error, at: span, message, notes: notes, hints: hints, fixIts: fixIts)
    }

    package static func warning(_ id: String, at span: Span, _ message: String, notes: [Note] = [], hints: [String] = [],
                                fixIts: [FixIt] = []) -> Diagnostic {
        Diagnostic(id, .warning, at: span, message, notes: notes, hints: hints, fixIts: fixIts)
    }

    /// The one order of diagnostics shown to people and tools: by file, then position;
    /// diagnostics at the same place keep the order they were found in. A stage's "too many
    /// errors" stays after the diagnostics of its file (the lexer runs ahead of the parser,
    /// so findings past the place reporting stopped may exist).
    package static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.enumerated().sorted { a, b in
            let (x, y) = (a.element.span, b.element.span)
            if x.file != y.file { return x.file < y.file }
            let (capA, capB) = (a.element.endsReporting, b.element.endsReporting)
            if capA != capB { return capB }
            if x.file != y.file { return x.file < y.file }
            if x.start != y.start { return x.start < y.start }
            return a.offset < b.offset
        }.map(\.element)
    }

    /// Whether this is a stage's "too many errors" (`DiagnosticPolicy.tooManyErrorsID`).
    var endsReporting: Bool { id.hasSuffix(".too-many-errors") }
}

/// Edit distance used for "did you mean" suggestions: the closest candidate within a
/// distance that grows with the length of the word, or nil when nothing is close.
package func closestMatch(to word: String, in candidates: some Sequence<String>) -> String? {
    let target = Array(word.lowercased().utf8)
    let limit = max(1, min(3, target.count / 3))
    var best: (String, Int)?
    for candidate in candidates {
        let other = Array(candidate.lowercased().utf8)
        if abs(other.count - target.count) > limit { continue }
        let distance = editDistance(target, other)
        if distance <= limit, best == nil || distance < best!.1 || (distance == best!.1 && candidate < best!.0) {
            best = (candidate, distance)
        }
    }
    return best?.0
}

/// The candidates that hold `word` or that `word` starts with (`reddish`: red; `blu`:
/// blue, aliceblue, …), nearest in length first, at most `limit`: what a message lists when
/// no single spelling is close. Names under three letters are too short to tell.
package func closeNames(to word: String, in candidates: some Sequence<String>, limit: Int = 3) -> [String] {
    let target = word.lowercased()
    guard target.count >= 3 else { return [] }
    let found = candidates.filter { candidate in
        let other = candidate.lowercased()
        return other.count >= 3 && other != target && (other.contains(target) || target.hasPrefix(other))
    }
    return Array(found.sorted { (abs($0.count - target.count), $0) < (abs($1.count - target.count), $1) }.prefix(limit))
}

/// Optimal-string-alignment distance (Levenshtein plus adjacent transposition).
package func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous2 = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                value = min(value, previous2[j - 2] + 1)
            }
            current[j] = value
        }
        (previous2, previous, current) = (previous, current, previous2)
    }
    return previous[b.count]
}

// The one place diagnostics are recorded, by every stage (lexer and parser, evaluation,
// layout), under one declared policy for caps and repeats. Stages append; nobody throws.
//
// The policy, for all stages alike:
// - A diagnostic with the same id at the same span as one already recorded is dropped: a
//   mistake inside a loop, a component or a style used a thousand times is reported once.
//   At an unknown span the message is part of the key, so unrelated messages without a
//   place are not merged.
// - After `maximumErrors` errors, the next error is replaced by one "too many errors"
//   diagnostic at its place (the stage's own id) and nothing more is recorded; the stage
//   stops when it sees `isCapped`. Warnings do not count (repeats bound them).
// - Syntax only: at most one error per source line, because what follows a first syntax
//   error on its line is almost always a consequence of it.
// - A breached limit (`reportLimit`) is always recorded while not capped: it explains why
//   the stage stopped.
// The order diagnostics are shown in is `Diagnostic.sorted`, the only sort.

/// The caps and repeat rules of one stage. The stages' policies are declared together here.
package struct DiagnosticPolicy: Sendable, Hashable {
    /// The id of the diagnostic that ends reporting.
    package var tooManyErrorsID: String
    /// Errors recorded before that diagnostic.
    package var maximumErrors: Int
    /// At most one error per source line (needs the source file's line table).
    package var oneErrorPerLine: Bool

    package init(tooManyErrorsID: String, maximumErrors: Int, oneErrorPerLine: Bool) {
        self.tooManyErrorsID = tooManyErrorsID
        self.maximumErrors = maximumErrors
        self.oneErrorPerLine = oneErrorPerLine
    }

    /// Lexer and parser, per file.
    package static let syntax = DiagnosticPolicy(tooManyErrorsID: "parse.too-many-errors", maximumErrors: 50, oneErrorPerLine: true)
    /// Evaluation of a drawing and its imports (`EvaluationLimits.maxDiagnostics` may lower the cap).
    package static let evaluation = DiagnosticPolicy(tooManyErrorsID: "sem.too-many-errors", maximumErrors: 500, oneErrorPerLine: false)
    /// Layout of all pages.
    package static let layout = DiagnosticPolicy(tooManyErrorsID: "layout.too-many-errors", maximumErrors: 500, oneErrorPerLine: false)

    /// The diagnostic that ends reporting, at the place of the error that would have passed the cap.
    package func tooManyErrors(at span: Span) -> Diagnostic {
        .error(tooManyErrorsID, at: span, "too many errors (\(maximumErrors)), stopping here")
    }
}

/// Collects one stage's diagnostics under its policy.
package struct DiagnosticSink: Sendable {
    package let policy: DiagnosticPolicy
    /// What was recorded, in the order found (show them through `Diagnostic.sorted`).
    package private(set) var diagnostics: [Diagnostic] = []
    package private(set) var errorCount = 0
    /// Set once the cap is reached: the stage stops when it sees this.
    package private(set) var isCapped = false

    private struct Place: Hashable {
        var id: String
        var span: Span
        var message: String?
    }
    private var places: Set<Place> = []
    /// Zero-based lines that carry an error (syntax only); at most the cap entries.
    private var linesWithErrors: Set<Int> = []
    /// The file whose lines `oneErrorPerLine` counts.
    private let lines: SourceFile?

    package init(policy: DiagnosticPolicy, lines: SourceFile? = nil) {
        precondition(!policy.oneErrorPerLine || lines != nil, "one error per line needs the source file")
        self.policy = policy
        self.lines = lines
    }

    package var hasErrors: Bool { errorCount > 0 }

    private static func place(of diagnostic: Diagnostic) -> Place {
        Place(id: diagnostic.id, span: diagnostic.span, message: diagnostic.span.isUnknown ? diagnostic.message : nil)
    }

    /// Whether `id` at `span` was recorded already: lets a loop skip building the same
    /// message (and its did-you-mean search) on every iteration.
    package func wasReported(_ id: String, at span: Span) -> Bool {
        !span.isUnknown && places.contains(Place(id: id, span: span, message: nil))
    }

    /// Whether an error at `offset` of the syntax file would be recorded (not capped, its line clean).
    package func wouldReportError(at offset: UInt32) -> Bool {
        guard !isCapped else { return false }
        guard policy.oneErrorPerLine, let lines else { return true }
        return !linesWithErrors.contains(lines.lineIndex(of: offset))
    }

    /// Records `diagnostic` unless the policy drops it. Returns whether it was recorded.
    @discardableResult
    package mutating func report(_ diagnostic: Diagnostic) -> Bool {
        if isCapped { return false }
        if diagnostic.severity == .error, policy.oneErrorPerLine, let lines {
            if linesWithErrors.contains(lines.lineIndex(of: diagnostic.span.start)) { return false }
        }
        guard places.insert(Self.place(of: diagnostic)).inserted else { return false }
        if diagnostic.severity == .error {
            if errorCount >= policy.maximumErrors {
                isCapped = true
                diagnostics.append(policy.tooManyErrors(at: diagnostic.span))
                return false
            }
            errorCount += 1
            if policy.oneErrorPerLine, let lines { linesWithErrors.insert(lines.lineIndex(of: diagnostic.span.start)) }
        }
        diagnostics.append(diagnostic)
        return true
    }

    /// Records a breached limit: not subject to repeats or the one-per-line rule.
    package mutating func reportLimit(_ diagnostic: Diagnostic) {
        if isCapped { return }
        places.insert(Self.place(of: diagnostic))
        if diagnostic.severity == .error {
            errorCount += 1
            if policy.oneErrorPerLine, let lines { linesWithErrors.insert(lines.lineIndex(of: diagnostic.span.start)) }
        }
        diagnostics.append(diagnostic)
    }

    /// Takes the diagnostics out, leaving the sink empty (its policy state is kept).
    package mutating func takeAll() -> [Diagnostic] {
        defer { diagnostics = [] }
        return diagnostics
    }
}

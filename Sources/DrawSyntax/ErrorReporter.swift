import DrawDiagnostics

/// Collects the diagnostics of the lexer and the parser of one file and applies the
/// reporting policy shared by both: at most one error per line (the first one found is the
/// one that matters; what follows on that line is usually a consequence), and after
/// `ParseLimits.maximumErrors` errors one "too many errors" and silence.
package struct ErrorReporter {
    package private(set) var diagnostics: [Diagnostic] = []
    package private(set) var errorCount = 0
    /// Set once the error cap is reached; the parser stops when it sees this.
    package private(set) var isCapped = false
    /// Zero-based lines that already carry an error. Few entries (at most the cap).
    private var linesWithErrors: Set<Int> = []
    private let source: SourceFile

    package init(source: SourceFile) { self.source = source }

    /// Whether an error at `offset` would be reported (not capped, its line still clean).
    package func wouldReport(at offset: UInt32) -> Bool {
        !isCapped && !linesWithErrors.contains(source.lineIndex(of: offset))
    }

    /// Records `diagnostic` unless its line already has an error or the cap is reached.
    /// Returns whether it was recorded.
    @discardableResult
    package mutating func report(_ diagnostic: Diagnostic) -> Bool {
        if isCapped { return false }
        if diagnostic.severity == .error {
            let line = source.lineIndex(of: diagnostic.span.start)
            if linesWithErrors.contains(line) { return false }
            linesWithErrors.insert(line)
            errorCount += 1
        }
        diagnostics.append(diagnostic)
        if errorCount >= ParseLimits.maximumErrors {
            isCapped = true
            diagnostics.append(ParseMessages.tooManyErrors(at: diagnostic.span))
        }
        return true
    }

    /// Records a diagnostic that is not subject to the one-per-line rule (a limit).
    package mutating func reportAlways(_ diagnostic: Diagnostic) {
        if isCapped { return }
        linesWithErrors.insert(source.lineIndex(of: diagnostic.span.start))
        errorCount += 1
        diagnostics.append(diagnostic)
    }
}

/// Limits against hostile input. Each breached limit is a diagnostic, never a crash.
package enum ParseLimits {
    /// Errors reported per file before "too many errors".
    package static let maximumErrors = 50
    /// Nesting of blocks, parentheses, brackets, unary operators and string interpolations
    /// together (typst uses 256 too). Keeps the recursive-descent parser far from the
    /// end of the stack.
    package static let maximumNestingDepth = 256
    /// Depth of one expression tree. A flat sum `1+1+…` builds a left-leaning tree as
    /// deep as it has terms; later stages walk trees recursively, so the parser refuses
    /// one deeper than this (a `let` splits it).
    package static let maximumExpressionDepth = 1000
    /// Bytes in one source file (offsets are UInt32; larger files are refused whole).
    package static let maximumFileSize = 1 << 31
}

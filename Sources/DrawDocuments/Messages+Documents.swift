// The diagnostic ids of drawings embedded in documents (`drawc markdown`, `drawc mdbook`,
// `drawc pandoc-filter`), typed: the options written on a draw block's fence line or in its
// pandoc attributes. The drawings' own diagnostics are the compiler's.

import DrawDiagnostics

package enum DocumentsID: String, CaseIterable, Sendable {
    /// `` ```draw size=300 ``: an option the fence line does not know, or a word that is not `name=value`.
    case fenceOption = "markdown.fence-option"
    /// `` ```draw width=wide ``: a value the option does not take.
    case fenceValue = "markdown.fence-value"
}

extension Diagnostic {
    /// `size=300` on the fence line: an unknown option (with the nearest name it may mean).
    static func unknownFenceOption(_ name: String, at span: Span, known: [String]) -> Diagnostic {
        let hints = closestMatch(to: name, in: known).map { ["did you mean '\($0)'?"] } ?? ["the options are \(known.joined(separator: ", "))"]
        return .error(DocumentsID.fenceOption.rawValue, at: span, "unknown draw block option '\(name)'", hints: hints)
    }

    /// `300` alone on the fence line: options are written `name=value`.
    static func fenceWordWithoutValue(_ word: String, at span: Span) -> Diagnostic {
        .error(DocumentsID.fenceOption.rawValue, at: span, "'\(word)' is not an option: write name=value (for example width=300)")
    }

    /// `width=wide`: a value the option does not take.
    static func badFenceValue(_ name: String, _ value: String, expected: String, at span: Span) -> Diagnostic {
        .error(DocumentsID.fenceValue.rawValue, at: span, "'\(name)=\(value)' is not valid: \(name) takes \(expected)")
    }
}

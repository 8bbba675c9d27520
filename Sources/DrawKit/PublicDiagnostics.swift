import DrawDiagnostics

/// A problem found in a drawing: the public mirror of the compiler's internal diagnostic.
/// Errors stop output; warnings and notes do not.
public struct DrawDiagnostic: Sendable, Hashable {
    public enum Severity: String, Sendable, Hashable, Comparable {
        case note, warning, error

        public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
        var rank: Int {
            switch self {
            case .note: 0
            case .warning: 1
            case .error: 2
            }
        }
    }

    /// Where in which file: 1-based line and column (columns count Unicode scalars), the end
    /// of the span, and the byte range.
    public struct Location: Sendable, Hashable {
        public var path: String
        public var line: Int
        public var column: Int
        public var endLine: Int
        public var endColumn: Int
        /// Byte offset of the span's start in the file, and its length in bytes.
        public var byteOffset: Int
        public var byteLength: Int

        public init(path: String, line: Int, column: Int, endLine: Int, endColumn: Int, byteOffset: Int, byteLength: Int) {
            self.path = path; self.line = line; self.column = column
            self.endLine = endLine; self.endColumn = endColumn
            self.byteOffset = byteOffset; self.byteLength = byteLength
        }
    }

    /// A secondary message at another place ("'{' opened here").
    public struct Note: Sendable, Hashable {
        public var message: String
        public var location: Location?
        public init(message: String, location: Location?) { self.message = message; self.location = location }
    }

    /// A suggested edit: replace the text at `location` with `replacement`.
    public struct FixIt: Sendable, Hashable {
        public var location: Location
        public var replacement: String
        public init(location: Location, replacement: String) { self.location = location; self.replacement = replacement }
    }

    /// A stable identifier such as `parse.unclosed-delimiter`: match on it, not on wording.
    public var id: String
    public var severity: Severity
    public var message: String
    /// The file the problem is in, also when there is no exact place (`location` nil).
    public var file: String?
    /// Nil for problems not tied to a place in a source file (e.g. a limit of the whole file).
    public var location: Location?
    public var notes: [Note]
    /// What to do about it, with no place of its own ("did you mean 'fill'?").
    public var hints: [String]
    public var fixIts: [FixIt]

    public init(id: String, severity: Severity, message: String, file: String? = nil, location: Location?, notes: [Note] = [],
                hints: [String] = [], fixIts: [FixIt] = []) {
        self.id = id; self.severity = severity; self.message = message
        self.file = file ?? location?.path
        self.location = location; self.notes = notes; self.hints = hints; self.fixIts = fixIts
    }
}

/// How diagnostics are shown.
public enum DiagnosticFormat: String, Sendable, Hashable, CaseIterable {
    /// `file:line:col: error: message`, the source line and a caret under the span.
    case text
    /// A JSON array of objects, one per diagnostic (see `docs/cli.md`).
    case json
}

/// Diagnostics together with the sources they point into, so they can be rendered with
/// their source lines. Every result type of DrawKit carries one.
public struct DiagnosticReport: Sendable {
    /// The diagnostics, sorted by file and position.
    public let diagnostics: [DrawDiagnostic]
    let internalDiagnostics: [Diagnostic]
    let sources: SourceManager

    init(_ diagnostics: [Diagnostic], sources: SourceManager) {
        let sorted = Diagnostic.sorted(diagnostics)
        self.internalDiagnostics = sorted
        self.sources = sources
        self.diagnostics = sorted.map { DiagnosticReport.mirror($0, sources: sources) }
    }

    /// The main file's path: where diagnostics without a place are reported.
    var mainPath: String? { sources.files.first?.path }

    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
    public var errorCount: Int { diagnostics.count { $0.severity == .error } }
    public var warningCount: Int { diagnostics.count { $0.severity == .warning } }

    /// The diagnostics rendered for people (`.text`, with ANSI colour when `color` is true)
    /// or for tools (`.json`). Text ends with a newline when not empty.
    public func rendered(as format: DiagnosticFormat, color: Bool = false) -> String {
        switch format {
        case .text: DiagnosticText.render(internalDiagnostics, sources: sources, mainPath: mainPath, color: color)
        case .json: DiagnosticJSON.render(diagnostics)
        }
    }

    static func location(_ span: Span, sources: SourceManager) -> DrawDiagnostic.Location? {
        guard !span.isUnknown, let file = sources[span.file] else { return nil }
        let start = file.location(of: span.start)
        let end = file.location(of: span.end)
        return DrawDiagnostic.Location(
            path: file.path, line: start.line, column: start.column, endLine: end.line, endColumn: end.column,
            byteOffset: Int(span.start), byteLength: Int(span.length))
    }

    static func mirror(_ d: Diagnostic, sources: SourceManager) -> DrawDiagnostic {
        let severity: DrawDiagnostic.Severity =
            switch d.severity {
            case .note: .note
            case .warning: .warning
            case .error: .error
            }
        return DrawDiagnostic(
            id: d.id, severity: severity, message: d.message,
            file: sources[d.span.file]?.path ?? sources.files.first?.path, location: location(d.span, sources: sources),
            notes: d.notes.map { DrawDiagnostic.Note(message: $0.message, location: $0.span.flatMap { location($0, sources: sources) }) },
            hints: d.hints,
            fixIts: d.fixIts.compactMap { fix in
                location(fix.span, sources: sources).map { DrawDiagnostic.FixIt(location: $0, replacement: fix.replacement) }
            })
    }
}

extension Array where Element == DrawDiagnostic {
    /// Renders public diagnostics as JSON (the same shape as `DiagnosticReport.rendered(as: .json)`).
    public func renderedJSON() -> String { DiagnosticJSON.render(self) }
}

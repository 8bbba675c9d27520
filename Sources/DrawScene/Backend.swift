import DrawDiagnostics

/// What every output format offers: the scene IR in, files out. DrawKit keeps one table
/// from output format to backend and calls through this protocol only.
package protocol Backend: Sendable {
    /// Renders the whole document.
    func render(_ document: Scene.Document) -> BackendOutput
}

/// A message from a backend: a stable id and the text shown to people.
package struct BackendMessage: Hashable, Sendable {
    package var id: String
    package var message: String
    /// The source of the cause, from `Document.causes` (`.unknown` only for hand-built documents).
    package var span: Span
    package init(id: String, message: String, span: Span = .unknown) { self.id = id; self.message = message; self.span = span }
}

/// What a backend produced.
package struct BackendOutput: Sendable {
    /// The files: one for a format that holds the whole document, else one per page.
    package var files: [[UInt8]]
    /// True when `files` holds one file per page.
    package var onePerPage: Bool
    /// What the format shows differently from the others (the output is still written).
    package var warnings: [BackendMessage]
    /// What stopped the backend; `files` is then empty.
    package var errors: [BackendMessage]

    package init(files: [[UInt8]], onePerPage: Bool, warnings: [BackendMessage] = [], errors: [BackendMessage] = []) {
        self.files = files; self.onePerPage = onePerPage; self.warnings = warnings; self.errors = errors
    }
}

import DrawDiagnostics

/// The entry point of the front end: bytes of one source file in, the AST and the
/// diagnostics found on the way out. Never throws, never crashes, always returns a tree.
package func parse(_ source: SourceFile) -> (file: File, diagnostics: [Diagnostic]) {
    // Placeholder until the parser lands (issue 2).
    (File(file: source.id), [])
}

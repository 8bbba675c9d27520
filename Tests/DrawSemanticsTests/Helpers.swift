import DrawDiagnostics
import DrawScene
@testable import DrawSemantics
import DrawSyntax
import Testing

/// The result of evaluating a source text in tests.
struct Evaluated {
    var drawing: Drawing
    var diagnostics: [Diagnostic]
    var sources: SourceManager

    /// Top-level nodes of the first page.
    var nodes: [Node] { drawing.pages.first?.nodes ?? [] }
    var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }
    var ids: [String] { diagnostics.map(\.id) }

    /// The source text a diagnostic points at.
    func text(of diagnostic: Diagnostic) -> String {
        sources[diagnostic.span.file]?.text(of: diagnostic.span) ?? ""
    }
}

/// Parses and evaluates `source` as `/test/main.draw`; `files` are importable by absolute path.
func evaluate(_ source: String, files: [String: String] = [:], allowParseErrors: Bool = false,
              limits: EvaluationLimits = .standard) -> Evaluated {
    var sources = SourceManager()
    let id = sources.add(path: "/test/main.draw", bytes: Array(source.utf8))
    let (file, parseDiagnostics) = DrawSyntax.parse(sources[id]!)
    if !allowParseErrors {
        #expect(parseDiagnostics.isEmpty, "parse errors: \(parseDiagnostics.map(\.message))")
    }
    let evaluator = Evaluator(loadFile: { path in files[path].map { Array($0.utf8) } }, limits: limits)
    let (drawing, diagnostics) = evaluator.evaluate(file, sources: &sources)
    return Evaluated(drawing: drawing, diagnostics: parseDiagnostics + diagnostics, sources: sources)
}

/// Evaluates and expects no diagnostics at all.
func evaluateClean(_ source: String, files: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation) -> Evaluated {
    let result = evaluate(source, files: files)
    #expect(result.diagnostics.isEmpty, "unexpected: \(result.diagnostics.map { "\($0.id): \($0.message)" })", sourceLocation: sourceLocation)
    return result
}

func approx(_ a: Double?, _ b: Double, tolerance: Double = 1e-9) -> Bool {
    guard let a else { return false }
    return abs(a - b) <= tolerance
}

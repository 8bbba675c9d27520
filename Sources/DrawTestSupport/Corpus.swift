// The diagnostics corpus: Tests/Corpus/ok/*.draw must give no diagnostics, and each
// Tests/Corpus/bad/<what>.draw sits beside <what>.expected, its exact rendered diagnostics.
// Paths in rendered diagnostics are relative to Tests/Corpus, so expected files do not
// depend on where the package is checked out.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DrawDiagnostics
import DrawLayout
import DrawSemantics
import DrawSyntax

/// The package's root directory, found from this file's own path.
package let packageRoot: String = {
    var components = "\(#filePath)".split(separator: "/", omittingEmptySubsequences: false)
    components.removeLast(3)  // Sources/DrawTestSupport/Corpus.swift
    return components.joined(separator: "/")
}()

/// `Tests/Corpus` inside the package.
package var corpusRoot: String { packageRoot + "/Tests/Corpus" }

/// The `.draw` files directly inside `Tests/Corpus/<subdirectory>`, sorted, as absolute paths.
package func corpusFiles(in subdirectory: String) -> [String] {
    let directory = corpusRoot + "/" + subdirectory
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return names.filter { $0.hasSuffix(".draw") }.sorted().map { directory + "/" + $0 }
}

/// `path` relative to Tests/Corpus when it lies inside it, else unchanged.
package func corpusRelativePath(_ path: String) -> String {
    let prefix = corpusRoot + "/"
    return path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : path
}

/// Runs the front-end stages over `source` and returns every diagnostic, in order.
/// Each stage is one line; a stage that needs imports reads them into `sources`.
package func corpusDiagnostics(for source: SourceFile, sources: inout SourceManager) -> [Diagnostic] {
    var diagnostics: [Diagnostic] = []
    let (file, parseDiagnostics) = parse(source)
    diagnostics += parseDiagnostics
    // Evaluation (only on a file that parsed without errors, as the compiler does).
    // Imports in corpus files resolve relative to Tests/Corpus (file paths are relative to it).
    // (or with errors confined to literals, which leave the statements around them whole).
    guard !parseDiagnostics.contains(where: { $0.severity == .error }) || file.errorsConfinedToLiterals else { return diagnostics }
    let evaluator = Evaluator(loadFile: { path in
        FileManager.default.contents(atPath: path.hasPrefix("/") ? path : corpusRoot + "/" + path).map { [UInt8]($0) }
    })
    let (drawing, evaluationDiagnostics) = evaluator.evaluate(file, sources: &sources)
    diagnostics += evaluationDiagnostics
    // Layout (only on a drawing that evaluated without errors, as the compiler does); the
    // standard 14 fonts only, so corpus files never depend on installed fonts.
    guard !evaluationDiagnostics.contains(where: { $0.severity == .error }) else { return diagnostics }
    diagnostics += layout(drawing).1
    return diagnostics
}

/// The diagnostics of the file at `path`, rendered for a terminal without colour, with the
/// file named relative to Tests/Corpus. Empty when the file is clean.
package func renderedDiagnostics(forFileAt path: String) -> String {
    guard let data = FileManager.default.contents(atPath: path) else { return "cannot read \(path)\n" }
    var sources = SourceManager()
    let id = sources.add(path: corpusRelativePath(path), bytes: [UInt8](data))
    let diagnostics = corpusDiagnostics(for: sources[id]!, sources: &sources)
    return TerminalDiagnosticRenderer(color: false, sources: sources).render(diagnostics)
}

/// Compares `actual` with the contents of `expectedPath`. Returns nil when they match, or a
/// message to fail the test with. With DRAWC_UPDATE_GOLDEN=1 in the environment it writes
/// `actual` to the file instead and still returns a message, so a recording run never
/// passes by accident.
package func compareWithExpectedFile(_ actual: String, at expectedPath: String) -> String? {
    let update = ProcessInfo.processInfo.environment["DRAWC_UPDATE_GOLDEN"] == "1"
    let expected = FileManager.default.contents(atPath: expectedPath).map { String(decoding: $0, as: UTF8.self) }
    if update {
        if expected == actual { return nil }
        _ = FileManager.default.createFile(atPath: expectedPath, contents: Data(actual.utf8))
        return "recorded \(corpusRelativePath(expectedPath)) (DRAWC_UPDATE_GOLDEN=1); review the diff and run again without it"
    }
    guard let expected else {
        return "missing \(corpusRelativePath(expectedPath)); run with DRAWC_UPDATE_GOLDEN=1 to record:\n\(actual)"
    }
    if expected == actual { return nil }
    return "\(corpusRelativePath(expectedPath)) differs.\n--- expected\n\(expected)--- actual\n\(actual)"
}

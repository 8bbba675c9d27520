// The diagnostics corpus: Tests/Corpus/ok/*.draw must give no diagnostics, and each
// Tests/Corpus/bad/<what>.draw sits beside <what>.expected, its exact rendered diagnostics
// with their ids (`file:line:col: error[parse.expected-value]: message`, source line, caret).
// A new case: write bad/<what-it-tests>.draw, run
// `DRAWC_UPDATE_GOLDEN=1 swift test --skip-build --filter CorpusTests` (it writes the
// .expected file and fails), read the file, run again without the switch.
// Paths in rendered diagnostics are relative to Tests/Corpus, so expected files do not
// depend on where the package is checked out.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import DrawDiagnostics
import DrawResources
import DrawKit
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

/// Runs the stages over `source` as the compiler does (DrawKit's `StageDriver`: each stage
/// only after an error-free one) and returns every diagnostic, in order. Imports in corpus
/// files resolve relative to Tests/Corpus (file paths are relative to it); the standard 14
/// fonts only, so corpus files never depend on installed fonts. `sources` receives the
/// files read.
package func corpusDiagnostics(for source: SourceFile, sources: inout SourceManager) -> [Diagnostic] {
    let driver = corpusDriver(bytes: source.bytes, path: source.path)
    driver.build()
    sources = driver.sources
    return driver.diagnostics
}

/// The driver the corpus runs: imports from Tests/Corpus, standard-14 fonts.
package func corpusDriver(bytes: [UInt8], path: String) -> StageDriver {
    StageDriver(
        source: bytes, path: path,
        // Through the compiler's own file boundary, so corpus cases see its rules and limits.
        resources: Resources(reader: FileSystemReader(baseDirectory: corpusRoot)),
        fonts: FontResolver())
}

/// The diagnostics of the file at `path`, rendered for a terminal without colour and with
/// each diagnostic's id (`error[lex.malformed-color]:`), with the file named relative to
/// Tests/Corpus. Empty when the file is clean.
/// A case named after an output format (`pdf-…`, `svg-…`, `ps-…`, `eps-…`, `png-…`) is also
/// rendered to that format when it builds without errors, so what a backend reports at a
/// statement (`png.shadow-not-drawn` while PDF draws shadows as images) is pinned too.
package func renderedDiagnostics(forFileAt path: String) -> String {
    guard let data = FileManager.default.contents(atPath: path) else { return "cannot read \(path)\n" }
    let bytes = [UInt8](data), relative = corpusRelativePath(path)
    let driver = corpusDriver(bytes: bytes, path: relative)
    driver.build()
    let sources = driver.sources
    var diagnostics = driver.diagnostics
    let name = relative.split(separator: "/").last.map(String.init) ?? relative
    if let format = OutputFormat.allCases.first(where: { name.hasPrefix($0.rawValue + "-") }),
       !diagnostics.contains(where: { $0.severity == .error }), let document = driver.takeDocument() {
        _ = render(document, format: format, options: CompileOptions(), diagnostics: &diagnostics) { item in
            let recording = corpusDriver(bytes: bytes, path: relative)
            recording.recordSources = true
            recording.build()
            return recording.takeDocument()?.sourceSpan(of: item)
        }
    }
    var renderer = TerminalDiagnosticRenderer(color: false, sources: sources)
    renderer.showsIDs = true
    return renderer.render(diagnostics)
}

/// Compares `actual` with the contents of `expectedPath` (see `GoldenFiles`). Returns nil
/// when they match, or a message to fail the test with; DRAWC_UPDATE_GOLDEN=1 records.
package func compareWithExpectedFile(_ actual: String, at expectedPath: String) -> String? {
    GoldenFiles.check(actual, against: expectedPath)
}

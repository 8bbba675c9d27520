import DrawBase
import DrawDiagnostics
import DrawResources
import DrawScene
import DrawRaster
import SVGBackend
import DrawSyntax

// The pipeline, run in one place for every entry point: parse → evaluate → lay out →
// render. Each stage appends to one diagnostic list; a stage runs only when the ones
// before it reported no error (so a mistake is reported once, not again by every stage).

/// Compiles one drawing to `format`.
///
///     let result = compile(source: text, path: "label.draw", format: .pdf)
///     if result.succeeded { try write(result.outputs[0].bytes) }
///     else { print(result.report.rendered(as: .text)) }
///
/// - Parameters:
///   - source: the `.draw` text.
///   - path: the file's path, shown in diagnostics; imports, fonts and images named in the
///     drawing are found relative to its folder. Use a made-up name such as `<stdin>` for
///     text that has no file (relative names are then found from the current folder).
///   - format: what to produce.
///   - options: font folders, PDF compression, title.
/// - Returns: the output files and the diagnostics. Never throws: every problem, including
///   hostile input, is a diagnostic.
public func compile(source: String, path: String, format: OutputFormat, options: CompileOptions = CompileOptions()) -> CompileResult {
    compile(source: Array(source.utf8), path: path, format: format, options: options)
}

/// Compiles one drawing given as UTF-8 bytes (invalid UTF-8 is reported, not repaired
/// silently). See `compile(source:path:format:options:)` for the String form.
public func compile(source: [UInt8], path: String, format: OutputFormat, options: CompileOptions = CompileOptions()) -> CompileResult {
    var built = buildDocument(source: source, path: path, options: options)
    guard let document = built.document, !built.hasErrors else {
        return CompileResult(outputs: [], report: DiagnosticReport(built.diagnostics, sources: built.sources), pageCount: 0,
                             filesRead: built.filesRead)
    }
    built.document = nil
    var diagnostics = built.diagnostics
    let outputs = render(document, format: format, options: options, diagnostics: &diagnostics) { item in
        sourceSpan(of: item, source: source, path: path, options: options)
    }
    let failed = diagnostics.contains { $0.severity == .error }
    let pageCount = document.pages.count
    // The scene is freed on the other core while the caller writes the output.
    Stages.discard(consume document)
    return CompileResult(
        outputs: failed ? [] : outputs, report: DiagnosticReport(diagnostics, sources: built.sources),
        pageCount: pageCount, filesRead: built.filesRead)
}

/// Checks a drawing without producing output: every diagnostic `compile` would report
/// (syntax, names and types, layout problems such as a missing glyph).
public func check(source: [UInt8], path: String, options: CompileOptions = CompileOptions()) -> CheckResult {
    let built = buildDocument(source: source, path: path, options: options, checkOnly: true)
    return CheckResult(report: DiagnosticReport(built.diagnostics, sources: built.sources))
}

/// Checks a drawing given as a String. See `check(source:path:options:)`.
public func check(source: String, path: String, options: CompileOptions = CompileOptions()) -> CheckResult {
    check(source: Array(source.utf8), path: path, options: options)
}

/// The scene IR of a drawing as text: every page, path, text run and group in page points,
/// at fixed precision (the format is described in `docs/ir.md`). For tests and debugging.
public func dumpIR(source: [UInt8], path: String, options: CompileOptions = CompileOptions()) -> IRResult {
    let built = buildDocument(source: source, path: path, options: options)
    guard let document = built.document, !built.hasErrors else {
        return IRResult(text: nil, report: DiagnosticReport(built.diagnostics, sources: built.sources), filesRead: built.filesRead)
    }
    var diagnostics = built.diagnostics
    let text = Stages.dumpIR(document, diagnostics: &diagnostics, sources: options.recordSources ? built.sources : nil)
    return IRResult(text: text, report: DiagnosticReport(diagnostics, sources: built.sources), filesRead: built.filesRead)
}

/// Dumps a drawing given as a String. See `dumpIR(source:path:options:)`.
public func dumpIR(source: String, path: String, options: CompileOptions = CompileOptions()) -> IRResult {
    dumpIR(source: Array(source.utf8), path: path, options: options)
}

/// What the front half of the pipeline made of a source: for the public entry points and
/// for tests (`package`), which also want the `Scene.Document` itself.
package struct BuiltDocument: Sendable {
    package var sources: SourceManager
    package var diagnostics: [Diagnostic]
    /// Nil when a stage could not produce it.
    package var document: Scene.Document?
    /// Every file read through the resource boundary (see `CompileResult.filesRead`).
    package var filesRead: [String] = []
    package var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }
}

/// Parse, evaluate and lay out: source bytes to the scene IR (through `StageDriver`, the one
/// driver of the stages).
package func buildDocument(source: [UInt8], path: String, options: CompileOptions, checkOnly: Bool = false) -> BuiltDocument {
    let driver = StageDriver(source: source, path: path, options: options)
    guard driver.build(), var document = driver.takeDocument() else {
        return BuiltDocument(sources: driver.sources, diagnostics: driver.diagnostics, document: nil, filesRead: driver.filesRead)
    }
    if document.metadata.title == nil {
        document.metadata.title = options.title ?? title(fromPath: path)
    } else if let title = options.title {
        document.metadata.title = title
    }
    return BuiltDocument(sources: driver.sources, diagnostics: driver.diagnostics, document: document, filesRead: driver.filesRead)
}

/// Renders a laid-out document; for tests (`package`) and for `compile`. Every format goes
/// through its `Backend` from `OutputFormat.backend(options:)`; warnings and errors become
/// diagnostics. An error a backend pins on an item is reported at that item's statement when
/// `locate` finds it (else at the cause the backend gave, such as the page).
package func render(_ document: Scene.Document, format: OutputFormat, options: CompileOptions, diagnostics: inout [Diagnostic],
                    locate: ((Scene.ItemLocation) -> Span?)? = nil) -> [OutputFile] {
    let backend = format.backend(options: options)
    // Formats without blur get shadows as images rasterized by drawc (issue 24).
    let (lowered, shadowWarnings) = backend.traits.shadowsAsImages ? ShadowImages.lower(document) : (document, [])
    let output = backend.render(lowered)
    for warning in shadowWarnings + output.warnings {
        let span = warning.item.flatMap { item in locate?(item) } ?? warning.span
        let diagnostic = Diagnostic.warning(warning.id, at: span, warning.message)
        if !diagnostics.contains(diagnostic) { diagnostics.append(diagnostic) }
    }
    for error in output.errors {
        let span = error.item.flatMap { item in locate?(item) } ?? error.span
        diagnostics.append(Diagnostic.error(error.id, at: span, error.message))
    }
    if !output.errors.isEmpty { return [] }
    if output.onePerPage && output.files.count == 1 { return [OutputFile(page: nil, bytes: output.files[0])] }
    if !output.onePerPage { return output.files.map { OutputFile(page: nil, bytes: $0) } }
    return output.files.enumerated().map { OutputFile(page: $0.offset + 1, bytes: $0.element) }
}

/// The statement that made the item at `item`: the drawing is laid out again with its
/// sources recorded (only when a backend failed on an item, so a compile that succeeds never
/// pays for recording them).
package func sourceSpan(of item: Scene.ItemLocation, source: [UInt8], path: String, options: CompileOptions) -> Span? {
    var recording = options
    recording.recordSources = true
    return buildDocument(source: source, path: path, options: recording).document?.sourceSpan(of: item)
}

/// `dir/shipping-label.draw` → `shipping-label`.
func title(fromPath path: String) -> String? {
    if path == "-" || path.hasPrefix("<") { return nil }
    var name = Substring(path)
    if let slash = name.lastIndex(of: "/") { name = name[name.index(after: slash)...] }
    if let dot = name.lastIndex(of: "."), dot != name.startIndex { name = name[..<dot] }
    return name.isEmpty ? nil : String(name)
}

// MARK: - For tests (package access)

extension BuiltDocument {
    /// Pages of the laid-out document (0 when there is none).
    package var pageCount: Int { document?.pages.count ?? 0 }

    /// The text of every text run, page by page, in paint order: what a text extractor such
    /// as pdftotext should find on each page.
    package var pageTexts: [[String]] {
        guard let document else { return [] }
        return document.pages.map { page in
            var texts: [String] = []
            func walk(_ items: [Scene.Item]) {
                for item in items {
                    switch item {
                    case .text(let run): texts.append(run.text)
                    case .group(let group): walk(group.items)
                    case .path, .image: break
                    }
                }
            }
            walk(page.items)
            return texts
        }
    }

    /// Page sizes in points.
    package var pageSizes: [(width: Double, height: Double)] {
        document?.pages.map { ($0.size.width, $0.size.height) } ?? []
    }
}

/// The pages of a document as SVG wrapped by their source (`data-s`), for the
/// preview (DrawTools): tools get SVG through DrawKit, never from the backend itself.
package func annotatedSVGPages(of document: Scene.Document) -> [String] {
    SVGWriter.renderAnnotated(document).map { String(decoding: $0, as: UTF8.self) }
}

/// The IR text of a laid-out document, as `dumpIR` gives it; for the fuzzer and tests
/// (`package`), which render one built document in every way.
package func irText(of document: Scene.Document) -> String? {
    var diagnostics: [Diagnostic] = []
    return Stages.dumpIR(document, diagnostics: &diagnostics)
}

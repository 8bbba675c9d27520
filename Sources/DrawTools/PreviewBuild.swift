// DrawTools — what `drawc watch` and `drawc preview` share, without sockets or signals.
//
// Takes: a drawing's bytes and path, HTTP requests as bytes, and drag requests. Hands on:
// `PreviewSnapshot`s (annotated SVG pages, the statements behind them, diagnostics, the
// files read), HTTP responses as bytes, and rewritten source text. Invariants: nothing here
// opens a socket, reads the clock or touches any file except through `FileStamp` (stat) and
// the caller; every request is checked (Host, token, Origin, path) before it is answered.
// Deliberately not here: the accept loop, threads and signals (the drawc executable, behind
// `#if`), and any drawing logic (DrawKit and the stages do that).

import DrawBase
import DrawDiagnostics
import DrawKit
import DrawScene
import DrawSyntax

/// One compile of the previewed drawing, as the page shows it.
package struct PreviewSnapshot: Sendable {
    /// Counts compiles of this run; the page and edit requests name the picture by it.
    package var version: Int
    /// The source bytes the picture was made from (an edit is refused when the file differs).
    package var source: [UInt8]
    /// One SVG per page, items wrapped in `<g data-s="N">`; empty when the compile failed.
    package var pages: [String]
    /// The statements items came from: `sources[N]` for `data-s="N"`.
    package var sources: [PreviewSource]
    /// Diagnostics rendered as text (`file:line:col: error: …`), empty when there are none.
    package var diagnosticsText: String
    /// The diagnostics with locations, for the page's error panel.
    package var diagnostics: [DrawDiagnostic]
    package var hasErrors: Bool
    /// Every other file the drawing read (imports, data, images), for the watcher.
    package var filesRead: [String]
    /// Milliseconds the compile took (supplied by the caller, which owns the clock).
    package var milliseconds: Double = 0
    /// Per page, where the drawing's (0, 0) lands in page points (`Scene.Page.origin`): a
    /// click in page points becomes the `at:` of an inserted statement.
    package var origins: [Point] = []

    package init(version: Int, source: [UInt8], pages: [String], sources: [PreviewSource], diagnosticsText: String,
                 diagnostics: [DrawDiagnostic], hasErrors: Bool, filesRead: [String], origins: [Point] = []) {
        self.version = version; self.source = source; self.pages = pages; self.sources = sources
        self.diagnosticsText = diagnosticsText; self.diagnostics = diagnostics; self.hasErrors = hasErrors; self.filesRead = filesRead
        self.origins = origins
    }
}

/// A statement behind items of the picture.
package struct PreviewSource: Sendable, Hashable {
    package var path: String
    package var line: Int
    package var column: Int
    package var endLine: Int
    package var endColumn: Int
    package var byteStart: Int
    package var byteEnd: Int
    /// The statement's first line, as written.
    package var lineText: String
    /// The whole statement (at most `statementLimit` bytes).
    package var statement: String
    /// Component-body statements that made the items, `path:line:col`, outermost first.
    package var definitions: [String]
    package var kind: String
    /// Nil when the statement's numbers can be dragged; else why not.
    package var notDraggable: String?

    package static let statementLimit = 2000
}

package enum PreviewBuilder {
    /// Compiles `source` with sources recorded, the SVG annotated.
    package static func build(source: [UInt8], path: String, version: Int, options: CompileOptions = CompileOptions()) -> PreviewSnapshot {
        var options = options
        options.recordSources = true
        let driver = StageDriver(source: source, path: path, options: options)
        let ok = driver.build()
        let diagnostics = driver.diagnostics
        var pages: [String] = []
        var sources: [PreviewSource] = []
        var origins: [Point] = []
        if ok, let document = driver.takeDocument() {
            origins = document.pages.map(\.origin)
            pages = annotatedSVGPages(of: document)
            let syntax = DrawSyntax.parse(driver.source).0
            sources = document.sources.map { describe($0, driver: driver, syntax: syntax) }
        }
        let report = DiagnosticReport(diagnostics, sources: driver.sources)
        let hasErrors = report.hasErrors || pages.isEmpty
        return PreviewSnapshot(
            version: version, source: source, pages: hasErrors ? [] : pages, sources: hasErrors ? [] : sources,
            diagnosticsText: report.diagnostics.isEmpty ? "" : report.rendered(as: .text, color: false),
            diagnostics: report.diagnostics, hasErrors: hasErrors, filesRead: driver.filesRead, origins: hasErrors ? [] : origins)
    }

    static func describe(_ source: Scene.ItemSource, driver: StageDriver, syntax: File) -> PreviewSource {
        let files = driver.sources
        let span = source.span
        guard let file = files[span.file] else {
            return PreviewSource(path: "", line: 0, column: 0, endLine: 0, endColumn: 0, byteStart: 0, byteEnd: 0,
                                 lineText: "", statement: "", definitions: [], kind: source.kind,
                                 notDraggable: "it was not made by a statement of this file")
        }
        let start = file.location(of: span.start), end = file.location(of: span.end)
        let line = String(decoding: file.lineBytes(start.line - 1), as: UTF8.self)
        let statementEnd = min(Int(span.end), Int(span.start) + PreviewSource.statementLimit, file.bytes.count)
        let statement = String(decoding: file.bytes[min(Int(span.start), statementEnd)..<statementEnd], as: UTF8.self)
        let definitions = source.definitions.compactMap { definition -> String? in
            guard let f = files[definition.file] else { return nil }
            let at = f.location(of: definition.start)
            return "\(f.path):\(at.line):\(at.column)"
        }
        var reason = source.placedByParent
        if reason == nil, span.file == driver.fileID {
            switch PositionRewrite.targets(in: syntax, source: file.bytes, statement: span) {
            case .success: reason = nil
            case .failure(let why): reason = why.message
            }
        } else if reason == nil {
            reason = "it was not made by a statement of this file"
        }
        return PreviewSource(
            path: file.path, line: start.line, column: start.column, endLine: end.line, endColumn: end.column,
            byteStart: Int(span.start), byteEnd: Int(span.end), lineText: line, statement: statement,
            definitions: definitions, kind: source.kind, notDraggable: reason)
    }
}

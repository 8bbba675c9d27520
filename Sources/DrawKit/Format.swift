import DrawDiagnostics
import DrawFormat

// `format`: a drawing in its canonical layout (docs/format.md), for `drawc fmt`, apps and
// the language server. The layout is fixed (no options), so every tool formats alike.

/// The result of `format`: the canonical text, or the diagnostics of a file that does not
/// parse (such a file is never reformatted).
public struct FormatResult: Sendable {
    /// The formatted drawing as UTF-8 bytes; nil when the source has syntax errors.
    public var bytes: [UInt8]?
    /// The syntax errors (and warnings) found; empty for a file that formats.
    public var report: DiagnosticReport
    /// Whether the formatted text differs from the source (false when there are errors).
    public var changed: Bool

    /// The formatted drawing as text; nil when the source has syntax errors.
    public var text: String? { bytes.map { String(decoding: $0, as: UTF8.self) } }
    public var diagnostics: [DrawDiagnostic] { report.diagnostics }
    public var hasErrors: Bool { bytes == nil }
}

/// Formats a drawing given as UTF-8 bytes.
///
///     let result = format(source: bytes, path: "label.draw")
///     if let text = result.text { save(text) } else { show(result.report.rendered(as: .text)) }
///
/// The meaning is kept exactly (the scene IR of the result is the IR of the source), every
/// comment is kept in order, literals keep their spelling, and formatting the result again
/// changes nothing.
public func format(source: [UInt8], path: String = "<source>") -> FormatResult {
    var sources = SourceManager()
    let id = sources.add(path: path, bytes: source)
    switch formatSource(sources[id]!) {
    case .formatted(let bytes):
        return FormatResult(bytes: bytes, report: DiagnosticReport([], sources: sources), changed: bytes != source)
    case .failed(let diagnostics):
        return FormatResult(bytes: nil, report: DiagnosticReport(diagnostics, sources: sources), changed: false)
    }
}

/// Formats a drawing given as a String. See `format(source:path:)` for the bytes form.
public func format(source: String, path: String = "<source>") -> FormatResult {
    format(source: Array(source.utf8), path: path)
}

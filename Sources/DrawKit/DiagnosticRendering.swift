import DrawDiagnostics

// Text comes from DrawDiagnostics' terminal renderer, so `drawc` prints exactly what the
// diagnostics corpus expects. The one addition: a diagnostic with no place in a file is
// prefixed with the main file's path, so a line like `a.draw: error: …` still says which of
// several inputs it is about.
enum DiagnosticText {
    static func render(_ diagnostics: [Diagnostic], sources: SourceManager, mainPath: String?, color: Bool) -> String {
        let renderer = TerminalDiagnosticRenderer(color: color, sources: sources)
        var out = ""
        for diagnostic in diagnostics {
            if (diagnostic.span.isUnknown || sources[diagnostic.span.file] == nil), let mainPath {
                out += (color ? "\u{1B}[1m" + mainPath + ":\u{1B}[0m " : mainPath + ": ")
            }
            renderer.render(diagnostic, into: &out)
        }
        return out
    }
}

/// The one JSON renderer of diagnostics (`drawc check --diagnostics json`, DrawKit's
/// `renderedJSON()`): an array of objects with keys always in this order: id, severity,
/// file, line, column, endLine, endColumn, message, notes, hints, fixIts; one diagnostic per
/// line, so diagnostics of several inputs can be merged into one array. Positions are
/// 1-based; columns count Unicode scalars; `endLine`/`endColumn` is the position just after
/// the span (an empty span has end == start). A diagnostic with no place keeps its file's
/// path and has null positions; notes always have a place; hints are plain strings.
enum DiagnosticJSON {
    static func render(_ diagnostics: [DrawDiagnostic]) -> String {
        if diagnostics.isEmpty { return "[]\n" }
        var out = "[\n"
        for (index, d) in diagnostics.enumerated() {
            out += "  {\"id\":" + jsonString(d.id) + ",\"severity\":" + jsonString(d.severity.rawValue)
            out += place(d.location, file: d.file)
            out += ",\"message\":" + jsonString(d.message)
            out += ",\"notes\":["
            out += d.notes.map { "{\"message\":" + jsonString($0.message) + place($0.location, file: nil) + "}" }.joined(separator: ",")
            out += "],\"hints\":[" + d.hints.map(jsonString).joined(separator: ",")
            out += "],\"fixIts\":["
            out += d.fixIts.map { "{\"replacement\":" + jsonString($0.replacement) + place($0.location, file: nil) + "}" }.joined(separator: ",")
            out += "]}"
            out += index + 1 < diagnostics.count ? ",\n" : "\n"
        }
        return out + "]\n"
    }

    private static func place(_ l: DrawDiagnostic.Location?, file: String?) -> String {
        guard let l else {
            return ",\"file\":" + (file.map(jsonString) ?? "null") + ",\"line\":null,\"column\":null,\"endLine\":null,\"endColumn\":null"
        }
        return ",\"file\":" + jsonString(l.path) + ",\"line\":\(l.line),\"column\":\(l.column),\"endLine\":\(l.endLine),\"endColumn\":\(l.endColumn)"
    }
}

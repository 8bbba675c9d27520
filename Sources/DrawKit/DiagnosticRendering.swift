import DrawDiagnostics

/// The terminal rendering of diagnostics:
///
///     samples/label.draw:3:6: error: unknown property 'fil'
///     rect fil: red
///          ^~~
///
/// Notes that carry a place are shown the same way with `note:`; notes without a place are
/// indented under their diagnostic. Colour (ANSI) only when asked for.
enum DiagnosticText {
    private static let reset = "\u{1B}[0m"
    private static let bold = "\u{1B}[1m"

    static func render(_ diagnostics: [Diagnostic], sources: SourceManager, mainPath: String?, color: Bool) -> String {
        var out = ""
        for d in diagnostics {
            emit(severity: d.severity.name, message: d.message, span: d.span, sources: sources, mainPath: mainPath, color: color, into: &out)
            for note in d.notes {
                if let span = note.span, !span.isUnknown {
                    emit(severity: "note", message: note.message, span: span, sources: sources, mainPath: nil, color: color, into: &out)
                } else {
                    out += "  " + paint("note:", severity: "note", color: color) + " " + note.message + "\n"
                }
            }
            for fix in d.fixIts where !fix.span.isUnknown {
                if let file = sources[fix.span.file] {
                    let (line, column) = file.location(of: fix.span.start)
                    let what = fix.replacement.isEmpty ? "remove this" : "replace with '\(fix.replacement)'"
                    out += "\(file.path):\(line):\(column): " + paint("fix-it:", severity: "note", color: color) + " \(what)\n"
                }
            }
        }
        return out
    }

    private static func paint(_ text: String, severity: String, color: Bool) -> String {
        guard color else { return text }
        let code =
            switch severity {
            case "error": "\u{1B}[1;31m"
            case "warning": "\u{1B}[1;35m"
            default: "\u{1B}[1;36m"
            }
        return code + text + reset
    }

    private static func emit(
        severity: String, message: String, span: Span, sources: SourceManager, mainPath: String?, color: Bool, into out: inout String
    ) {
        guard !span.isUnknown, let file = sources[span.file] else {
            if let mainPath { out += (color ? bold + mainPath + ":" + reset : mainPath + ":") + " " }
            out += paint(severity + ":", severity: severity, color: color) + " " + message + "\n"
            return
        }
        let (line, column) = file.location(of: span.start)
        let place = "\(file.path):\(line):\(column):"
        out += (color ? bold + place + reset : place) + " " + paint(severity + ":", severity: severity, color: color)
        out += " " + (color ? bold + message + reset : message) + "\n"

        // The source line, then spaces (tabs where the source has tabs, so the caret lines
        // up) and `^~~~` under the span, cut at the end of the line.
        let lineIndex = line - 1
        let lineBytes = file.lineBytes(lineIndex)
        let text = String(decoding: lineBytes, as: UTF8.self)
        out += text + "\n"
        var pad = ""
        var scalarsBefore = 0
        for scalar in text.unicodeScalars {
            if scalarsBefore >= column - 1 { break }
            pad.append(scalar == "\t" ? "\t" : " ")
            scalarsBefore += 1
        }
        while scalarsBefore < column - 1 {
            pad.append(" ")
            scalarsBefore += 1
        }
        let lineStart = Int(file.lineStarts[lineIndex])
        let lineEnd = lineStart + lineBytes.count
        let spanEnd = min(Int(span.end), lineEnd)
        var width = 0
        if spanEnd > Int(span.start) {
            for byte in file.bytes[Int(span.start)..<spanEnd] where byte & 0xC0 != 0x80 { width += 1 }
        }
        let marker = "^" + String(repeating: "~", count: max(0, width - 1))
        out += pad + (color ? "\u{1B}[1;32m" + marker + reset : marker) + "\n"
    }
}

/// The JSON rendering: an array with one object per diagnostic, one per line.
///
///     [
///     {"id":"eval.unknown-property","severity":"error","message":"…","file":"a.draw","line":3,
///      "column":6,"endLine":3,"endColumn":9,"notes":[…],"fixIts":[…]}
///     ]
enum DiagnosticJSON {
    static func render(_ diagnostics: [DrawDiagnostic]) -> String {
        if diagnostics.isEmpty { return "[]\n" }
        var out = "[\n"
        for (index, d) in diagnostics.enumerated() {
            out += "{\"id\":" + quote(d.id) + ",\"severity\":" + quote(d.severity.rawValue)
            out += ",\"message\":" + quote(d.message)
            out += location(d.location, file: d.file)
            out += ",\"notes\":["
            out += d.notes.map { "{\"message\":" + quote($0.message) + location($0.location) + "}" }.joined(separator: ",")
            out += "],\"fixIts\":["
            out += d.fixIts.map { "{\"replacement\":" + quote($0.replacement) + location($0.location) + "}" }.joined(separator: ",")
            out += "]}"
            out += index + 1 < diagnostics.count ? ",\n" : "\n"
        }
        return out + "]\n"
    }

    private static func location(_ l: DrawDiagnostic.Location?, file: String? = nil) -> String {
        guard let l else { return ",\"file\":" + (file.map(quote) ?? "null") }
        return ",\"file\":" + quote(l.path) + ",\"line\":\(l.line),\"column\":\(l.column),\"endLine\":\(l.endLine),\"endColumn\":\(l.endColumn)"
            + ",\"byteOffset\":\(l.byteOffset),\"byteLength\":\(l.byteLength)"
    }

    /// A JSON string literal (RFC 8259): quotes, backslashes and control characters escaped.
    static func quote(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case let c where c.value < 0x20 || c.value == 0x7F:
                let hex = Array("0123456789abcdef")
                out += "\\u00" + String(hex[Int(c.value >> 4)]) + String(hex[Int(c.value & 15)])
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

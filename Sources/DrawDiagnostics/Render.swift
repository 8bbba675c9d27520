// Rendering diagnostics for people (terminal). JSON for tools is DrawKit's one renderer
// (`DiagnosticJSON`, of the public values). Neither decides anything about the diagnostics
// (order, filtering, wording).
//
// Terminal shape, as clang and swiftc print it:
//
//     shapes.draw:3:12: error: unexpected character '@'
//     rect fill: @
//                ^
//     shapes.draw:1:6: note: '{' opened here
//     ...
//
// Columns count Unicode scalars, 1-based (`SourceFile.location`). Tabs before the caret
// are copied into the caret line so the caret stays under its character in any tab width.

/// Renders diagnostics as text for a terminal or a log.
package struct TerminalDiagnosticRenderer {
    /// Finds the source text of a span's file; nil prints the diagnostic without excerpt.
    package var source: (FileID) -> SourceFile?
    /// ANSI colours and bold; the caller decides (the CLI: only when stderr is a terminal).
    package var color: Bool
    /// Writes each diagnostic's stable id after its severity (`error[parse.expected-value]:`);
    /// the diagnostics corpus's `.expected` files are rendered so, pinning the id as well as
    /// the wording.
    package var showsIDs = false

    package init(color: Bool = false, source: @escaping (FileID) -> SourceFile?) {
        self.color = color
        self.source = source
    }

    package init(color: Bool = false, sources: SourceManager) {
        self.init(color: color) { sources[$0] }
    }

    package init(color: Bool = false, file: SourceFile) {
        self.init(color: color) { $0 == file.id ? file : nil }
    }

    /// All diagnostics, in the order given, each ending with a line feed.
    package func render(_ diagnostics: [Diagnostic]) -> String {
        var out = ""
        for diagnostic in diagnostics { render(diagnostic, into: &out) }
        return out
    }

    package func render(_ diagnostic: Diagnostic) -> String {
        var out = ""
        render(diagnostic, into: &out)
        return out
    }

    package func render(_ diagnostic: Diagnostic, into out: inout String) {
        let file = diagnostic.span.isUnknown ? nil : source(diagnostic.span.file)
        header(file: file, span: diagnostic.span, severity: diagnostic.severity.name + (showsIDs ? "[\(diagnostic.id)]" : ""),
               severityColor: colorCode(for: diagnostic.severity), message: diagnostic.message, into: &out)
        var sameLineFixIts: [Diagnostic.FixIt] = []
        var otherFixIts: [Diagnostic.FixIt] = []
        if let file {
            let line = file.lineIndex(of: diagnostic.span.start)
            for fixIt in diagnostic.fixIts {
                if fixIt.span.file == diagnostic.span.file, file.lineIndex(of: fixIt.span.start) == line {
                    sameLineFixIts.append(fixIt)
                } else {
                    otherFixIts.append(fixIt)
                }
            }
            excerpt(file: file, span: diagnostic.span, fixIts: sameLineFixIts, into: &out)
        } else {
            otherFixIts = diagnostic.fixIts
        }
        for note in diagnostic.notes {
            let span = note.span ?? diagnostic.span
            let noteFile = span.isUnknown ? nil : source(span.file)
            header(file: noteFile, span: span, severity: "note", severityColor: Ansi.cyan, message: note.message, into: &out)
            // A note without a place of its own or at the same place needs no second excerpt.
            if let noteFile, let noteSpan = note.span, noteSpan != diagnostic.span {
                excerpt(file: noteFile, span: noteSpan, fixIts: [], into: &out)
            }
        }
        // Hints have no place of their own: shown as notes at the diagnostic's place, the shape
        // the corpus pins (JSON and the LSP keep them apart from located notes).
        for hint in diagnostic.hints {
            header(file: file, span: diagnostic.span, severity: "note", severityColor: Ansi.cyan, message: hint, into: &out)
        }
        for fixIt in otherFixIts {
            let fixFile = fixIt.span.isUnknown ? nil : source(fixIt.span.file)
            let original = fixFile?.text(of: fixIt.span) ?? ""
            let message = original.isEmpty ? "insert \(quotedSource(fixIt.replacement))" : "replace \(quotedSource(original)) with \(quotedSource(fixIt.replacement))"
            header(file: fixFile, span: fixIt.span, severity: "note", severityColor: Ansi.cyan, message: message, into: &out)
            if let fixFile { excerpt(file: fixFile, span: fixIt.span, fixIts: [fixIt], into: &out) }
        }
    }

    private func colorCode(for severity: Diagnostic.Severity) -> String {
        switch severity {
        case .error: Ansi.red
        case .warning: Ansi.magenta
        case .note: Ansi.cyan
        }
    }

    /// `path:line:col: severity: message` (just `severity: message` without a place).
    private func header(file: SourceFile?, span: Span, severity: String, severityColor: String, message: String,
                        into out: inout String) {
        if color { out += Ansi.bold }
        if let file {
            let (line, column) = file.location(of: span.start)
            out += "\(file.path):\(line):\(column): "
        }
        if color { out += severityColor }
        out += severity + ":"
        if color { out += Ansi.reset + Ansi.bold }
        out += " " + message
        if color { out += Ansi.reset }
        out += "\n"
    }

    /// Source lines longer than this many columns are shown as a window of this width
    /// around the diagnostic's start, `…` marking what is left out on either side (and the
    /// caret line ending in `…` when the span goes on past the window).
    package static let maximumExcerptColumns = 120
    /// Columns of a long line shown before the span's start.
    static let excerptContextColumns = 40

    /// The source line of `span.start`, a caret line under the span (to the end of the line
    /// if the span goes on), and the replacement text of fix-its on that line.
    private func excerpt(file: SourceFile, span: Span, fixIts: [Diagnostic.FixIt], into out: inout String) {
        let lineIndex = file.lineIndex(of: span.start)
        let lineBytes = file.lineBytes(lineIndex)
        let lineStart = Int(file.lineStarts[lineIndex])
        let lineEnd = lineStart + lineBytes.count
        let startOffset = min(Int(span.start), lineEnd)
        let endOffset = min(max(Int(span.end), startOffset), lineEnd)

        // The part of the line shown: all of it, or a window around the start.
        var from = lineStart, to = lineEnd
        if scalarCount(file.bytes, from: lineStart, to: lineEnd) > Self.maximumExcerptColumns {
            from = startOffset
            var back = 0
            while from > lineStart, back < Self.excerptContextColumns {
                from -= 1
                while from > lineStart, file.bytes[from] & 0xC0 == 0x80 { from -= 1 }
                back += 1
            }
            to = from
            var forward = 0
            while to < lineEnd, forward < Self.maximumExcerptColumns {
                to += 1
                while to < lineEnd, file.bytes[to] & 0xC0 == 0x80 { to += 1 }
                forward += 1
            }
        }
        let cutBefore = from > lineStart, cutAfter = to < lineEnd
        out += (cutBefore ? "…" : "") + String(decoding: file.bytes[from..<to], as: UTF8.self) + (cutAfter ? "…" : "") + "\n"

        let lead = cutBefore ? " " : ""
        let prefix = lead + indentation(lineBytes: lineBytes, lineStart: from, upTo: startOffset)
        let spanWidth = scalarCount(file.bytes, from: startOffset, to: min(endOffset, to))
        var caret = prefix + "^"
        if spanWidth > 1 { caret += String(repeating: "~", count: spanWidth - 1) }
        if endOffset > to { caret += "…" }
        out += color ? Ansi.green + Ansi.bold + caret + Ansi.reset + "\n" : caret + "\n"

        for fixIt in fixIts {
            let fixStart = min(Int(fixIt.span.start), lineEnd)
            guard fixStart >= from, fixStart <= to else { continue }
            var replacement = fixIt.replacement
            if replacement.unicodeScalars.count > Self.maximumExcerptColumns {
                replacement = String(String.UnicodeScalarView(replacement.unicodeScalars.prefix(Self.maximumExcerptColumns))) + "…"
            }
            let line = lead + indentation(lineBytes: lineBytes, lineStart: from, upTo: fixStart) + replacement
            out += color ? Ansi.green + line + Ansi.reset + "\n" : line + "\n"
        }
    }

    /// Blanks as wide as the line's text before `offset`: a tab for a tab, a space otherwise.
    private func indentation(lineBytes: ArraySlice<UInt8>, lineStart: Int, upTo offset: Int) -> String {
        var result = ""
        var index = lineStart
        while index < offset {
            let byte = lineBytes[index]
            if byte & 0xC0 != 0x80 { result += byte == 0x09 ? "\t" : " " }
            index += 1
        }
        return result
    }

    private func scalarCount(_ bytes: [UInt8], from start: Int, to end: Int) -> Int {
        var count = 0
        var index = start
        while index < end {
            if bytes[index] & 0xC0 != 0x80 { count += 1 }
            index += 1
        }
        return count
    }
}

private enum Ansi {
    static let reset = "\u{1B}[0m"
    static let bold = "\u{1B}[1m"
    static let red = "\u{1B}[31m"
    static let green = "\u{1B}[32m"
    static let magenta = "\u{1B}[35m"
    static let cyan = "\u{1B}[36m"
}

/// A JSON string literal (RFC 8259), written by the one JSON writer (`JSON.writeString`).
package func jsonString(_ text: String) -> String { JSON.quoted(text) }

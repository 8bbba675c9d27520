// Formatting through the `drawc fmt` printer (DrawFormat's `formatSource`): the whole
// document, or the top-level statements a range touches. A file with syntax errors is not
// formatted (its meaning is unknown): the reply is no edit, and its diagnostics say why.
//
// Whole-document formatting answers with one edit covering what changed (the common first
// and last lines are left out, so the editor keeps its cursor and folds). Range formatting
// formats the whole file (the printer's layout of a statement depends only on the
// statement and its depth), pairs the old and the new file's top-level statements by
// position (formatting keeps their number and order) and replaces only the lines of the
// statements that overlap the range.

import DrawDiagnostics
import DrawFormat
import DrawSyntax

extension LanguageServer {
    func formatting(_ document: TextDocument, _ analysis: Analysis, range: (Int, Int)?) -> Reply {
        guard case .formatted(let formatted) = formatSource(analysis.source) else { return .result(.array([])) }
        let old = document.bytes
        if formatted == old { return .result(.array([])) }
        guard let (start, end) = range else {
            return .result(.array([minimalEdit(old, formatted, document)]))
        }
        var newSources = SourceManager()
        let newID = newSources.add(path: analysis.path, bytes: formatted)
        let (newFile, _) = parse(newSources[newID]!)
        let oldStatements = analysis.file.statements, newStatements = newFile.statements
        guard oldStatements.count == newStatements.count else {
            return .result(.array([minimalEdit(old, formatted, document)]))
        }
        var edits: [JSON] = []
        for (o, n) in zip(oldStatements, newStatements) {
            guard Int(o.span.start) < max(end, start + 1) && start < Int(o.span.end) + 1 else { continue }
            let (a, b) = lineExtent(old, Int(o.span.start), Int(o.span.end))
            let (c, d) = lineExtent(formatted, Int(n.span.start), Int(n.span.end))
            if Array(old[a..<b]) != Array(formatted[c..<d]) {
                edits.append(.object([("range", document.range(a, b)),
                                      ("newText", .string(String(decoding: formatted[c..<d], as: UTF8.self)))]))
            }
        }
        return .result(.array(edits))
    }

    /// From the start of the line holding `start` (when only blanks precede it) to `end`.
    func lineExtent(_ bytes: [UInt8], _ start: Int, _ end: Int) -> (Int, Int) {
        var a = start
        while a > 0, bytes[a - 1] == 0x20 || bytes[a - 1] == 0x09 { a -= 1 }
        if a > 0 && bytes[a - 1] != 0x0A { a = start }
        return (a, min(end, bytes.count))
    }

    /// One edit turning `old` into `new`: the differing middle, whole lines.
    func minimalEdit(_ old: [UInt8], _ new: [UInt8], _ document: TextDocument) -> JSON {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        while prefix > 0, old[prefix - 1] != 0x0A { prefix -= 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
              old[old.count - 1 - suffix] == new[new.count - 1 - suffix] {
            suffix += 1
        }
        // The kept tail starts at a line start.
        while suffix > 0, old.count - suffix - 1 >= 0, old[old.count - suffix - 1] != 0x0A { suffix -= 1 }
        let text = String(decoding: new[prefix..<(new.count - suffix)], as: UTF8.self)
        return .object([("range", document.range(prefix, old.count - suffix)), ("newText", .string(text))])
    }
}

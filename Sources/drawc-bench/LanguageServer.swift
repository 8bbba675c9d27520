// drawc-bench --lsp [EDITS]: issue 15's rows. A 2,000-line drawing (styles, components, lets,
// stacks of named shapes, connectors) is opened in the language server (in this process,
// through the same `handle` the stdio loop calls), then edited EDITS times with incremental
// changes that alternate between a value and a name on lines spread over the file. Timed:
// each change up to its published diagnostics (lex, parse, names, evaluation, layout), and a
// completion request at a property value after it. Medians, in wall and CPU time.

import DrawDiagnostics
import DrawLanguageServer
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The drawing: exactly `lines` lines.
func languageServerWorkload(lines: Int) -> String {
    var out = [
        "// A generated 2,000-line diagram for the language server benchmark.",
        "let accent = #d7263d", "let gap = 12pt",
        "style card { fill: #f3f4f6, stroke: #374151, corner: 4pt }",
        "def service(name, tint = #e8f0fe) {", "  rect name, fill: tint, corner: 6pt, padding: 8pt", "}",
    ]
    var group = 0
    while out.count < lines - 1 {
        out.append("hstack spacing: gap, align: center {")
        for i in 0..<8 where out.count < lines - 3 {
            let id = "n\(group)_\(i)"
            out.append(i % 2 == 0 ? "  service \"Node \(group).\(i)\", id: \(id), tint: accent"
                                  : "  rect \"Box \(group).\(i)\", id: \(id), style: card, width: 60pt, height: 30pt")
        }
        out.append("}")
        if out.count < lines - 1 { out.append("n\(group)_0 -> n\(group)_1, label: \"link \(group)\"") }
        group += 1
    }
    while out.count < lines { out.append("") }
    return out.joined(separator: "\n") + "\n"
}

func runLanguageServerBench(edits: Int, output: String) -> Never {
    func cpuSeconds() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t)
        return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
    }
    func wallSeconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
    func message(_ members: [(String, JSON)]) -> [UInt8] { JSON.object([("jsonrpc", "2.0")] + members).bytes }

    let text = languageServerWorkload(lines: 2000)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let server = LanguageServer()
    let uri = "file:///tmp/drawc-bench-lsp/diagram.draw"
    _ = server.handle(message([("id", 1), ("method", "initialize"), ("params", .object([("capabilities", .object([]))]))]))
    let opened = server.handle(message([("method", "textDocument/didOpen"), ("params", .object([
        ("textDocument", .object([("uri", .string(uri)), ("languageId", "draw"), ("version", 1), ("text", .string(text))])),
    ]))]))
    let clean = String(decoding: opened.first ?? [], as: UTF8.self).contains("\"diagnostics\":[]")
    // The lines edited: `service` lines (the tint's value) spread over the file.
    let targets = lines.indices.filter { lines[$0].hasPrefix("  service ") }
    var changeWall: [Double] = [], changeCPU: [Double] = [], completionWall: [Double] = [], completionCPU: [Double] = []
    var version = 1
    for edit in 0..<edits {
        let line = targets[(edit * 37) % targets.count]
        let column = lines[line].utf16.count - "accent".utf16.count
        // Alternately: `tint: accent` → `tint: #10b981` and back (two edits per line).
        let replacement = version % 2 == 1 ? "#10b981" : "accent"
        let length = version % 2 == 1 ? "accent".utf16.count : "#10b981".utf16.count
        version += 1
        let range: JSON = .object([("start", Position(line: line, character: column).json),
                                   ("end", Position(line: line, character: column + length).json)])
        let change = message([("method", "textDocument/didChange"), ("params", .object([
            ("textDocument", .object([("uri", .string(uri)), ("version", JSON(version))])),
            ("contentChanges", .array([.object([("range", range), ("text", .string(replacement))])])),
        ]))])
        let (w0, c0) = (wallSeconds(), cpuSeconds())
        let published = server.handle(change)
        changeWall.append(wallSeconds() - w0); changeCPU.append(cpuSeconds() - c0)
        if published.isEmpty { FileHandle.standardError.write(Data("drawc-bench: no diagnostics published\n".utf8)); exit(1) }
        // Undo at once when this was the first of the pair, so the next edit finds `accent` again.
        if version % 2 == 0 {
            version += 1
            let back: JSON = .object([("start", Position(line: line, character: column).json),
                                      ("end", Position(line: line, character: column + "#10b981".utf16.count).json)])
            _ = server.handle(message([("method", "textDocument/didChange"), ("params", .object([
                ("textDocument", .object([("uri", .string(uri)), ("version", JSON(version))])),
                ("contentChanges", .array([.object([("range", back), ("text", "accent")])])),
            ]))]))
        }
        // Completion of the value of `tint:` on the edited line (after `tint: `).
        let request = message([("id", JSON(1000 + edit)), ("method", "textDocument/completion"), ("params", .object([
            ("textDocument", .object([("uri", .string(uri))])),
            ("position", Position(line: line, character: column).json),
        ]))])
        let (w1, c1) = (wallSeconds(), cpuSeconds())
        let items = server.handle(request)
        completionWall.append(wallSeconds() - w1); completionCPU.append(cpuSeconds() - c1)
        if items.isEmpty { FileHandle.standardError.write(Data("drawc-bench: no completion\n".utf8)); exit(1) }
    }
    func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
    func ms(_ seconds: Double) -> String { String(format: "%.2f ms", seconds * 1000) }
    let rows = [
        "| diagnostics after an edit (2,000 lines, \(text.utf8.count / 1024) KB\(clean ? "" : ", with diagnostics")) | \(ms(median(changeWall))) wall, \(ms(median(changeCPU))) CPU | \(ms(changeWall.max() ?? 0)) | ≤ 20 ms |",
        "| completion after an edit (the value of `tint:`) | \(ms(median(completionWall))) wall, \(ms(median(completionCPU))) CPU | \(ms(completionWall.max() ?? 0)) | ≤ 10 ms |",
    ]
    for row in rows { print(row) }
    let table = """
    <!-- lsp -->
    ## The language server (drawc-bench --lsp, \(Date().formatted(.iso8601.year().month().day())))

    A generated 2,000-line drawing (styles, components, lets, stacks of named shapes,
    connectors) open in the language server, in the bench process (release build), through
    the `handle` the stdio loop calls. \(edits) incremental edits, each changing a value on a
    line spread over the file; "diagnostics" is one change up to its published diagnostics
    (lex, parse, names, evaluation, layout and the JSON message), "completion" a completion
    request at the edited property's value after it. Medians (and the slowest) of \(edits).

    | measured | median | slowest | target |
    |---|---|---|---|
    \(rows.joined(separator: "\n"))
    <!-- /lsp -->
    """
    writeSectionAndExit("lsp", table, to: output)
}

/// drawc-bench --lsp-long-lines: issue 34's rows. Two hostile documents opened in the language
/// server (in this process, through `handle`): one line of 320 KB (13,000 statements separated
/// by `;`, a non-ASCII letter in each) and a `let` of 100,000 nested parentheses. Timed, once
/// each (the quadratic walk took seconds a request): the open up to its published diagnostics,
/// `semanticTokens/full`, `foldingRange` and `documentSymbol`. Prints table rows.
func runLanguageServerLongLinesBench() -> Never {
    func wallSeconds() -> Double { Double(DispatchTime.now().uptimeNanoseconds) / 1e9 }
    func message(_ members: [(String, JSON)]) -> [UInt8] { JSON.object([("jsonrpc", "2.0")] + members).bytes }
    let documents = [
        ("one line of 320 KB", String(repeating: "rect \"é\", width: 10pt; ", count: 13_000) + "\n"),
        ("100,000 nested parentheses", "let x = " + String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000) + "\n"),
    ]
    let server = LanguageServer()
    _ = server.handle(message([("id", 1), ("method", "initialize"), ("params", .object([("capabilities", .object([]))]))]))
    var id = 10
    for (index, (name, text)) in documents.enumerated() {
        let uri = "file:///tmp/drawc-bench-lsp/long\(index).draw"
        var cells: [String] = []
        let t0 = wallSeconds()
        _ = server.handle(message([("method", "textDocument/didOpen"), ("params", .object([
            ("textDocument", .object([("uri", .string(uri)), ("languageId", "draw"), ("version", 1), ("text", .string(text))])),
        ]))]))
        cells.append(String(format: "%.3f s", wallSeconds() - t0))
        for method in ["textDocument/semanticTokens/full", "textDocument/foldingRange", "textDocument/documentSymbol"] {
            id += 1
            let start = wallSeconds()
            let reply = server.handle(message([("id", JSON(id)), ("method", .string(method)), ("params", .object([
                ("textDocument", .object([("uri", .string(uri))])),
            ]))]))
            if reply.isEmpty { FileHandle.standardError.write(Data("drawc-bench: no answer to \(method)\n".utf8)); exit(1) }
            cells.append(String(format: "%.3f s", wallSeconds() - start))
        }
        print("| \(name) (\(text.utf8.count / 1024) KB) | " + cells.joined(separator: " | ") + " |")
    }
    exit(0)
}

// What the server keeps from one version of a document to the next (measured texts, the
// name index built on demand) must never show: after every edit of a replayed sequence —
// value changes, renames, deletions, a broken font, a missing character, a syntax error and
// its fix — the server's diagnostics are exactly those of a from-scratch `drawc check` of
// the same text (DrawKit's check path), its published message is byte for byte that of a
// server that never saw an earlier version, and so are the frames hover shows.

import DrawDiagnostics
import DrawKit
@testable import DrawLanguageServer
@testable import DrawLayout
import DrawSemantics
import DrawTestSupport
import Foundation
import Testing

@Suite("LanguageServerReuse", .serialized)
struct LanguageServerReuseTests {
    static let fontPath = packageRoot() + "/Tests/Fonts"
    static let folder = NSTemporaryDirectory() + "drawc-lsp-reuse"
    static let uri = "file://" + folder + "/diagram.draw"

    static let original = """
    let accent = #d7263d
    let gap = 12pt
    style card { fill: #f3f4f6, stroke: #374151, corner: 4pt }
    def service(name, tint = #e8f0fe) {
      rect name, fill: tint, corner: 6pt, padding: 8pt
    }
    text "Title in Times", font: "Times", bold: true, fontSize: 16pt
    hstack spacing: gap, align: center {
      service "Node 0.0", id: a, tint: accent
      rect "Box 0.1", id: b, style: card, width: 60pt, height: 30pt
      service "Node 0.2", id: c
      text "A longer caption that wraps inside its width", width: 90pt, align: center
      text "Sans caption", font: "DejaVu Sans", fontSize: 9pt
    }
    hstack spacing: gap {
      rect "Shrinks to fit its box", width: 50pt, height: 20pt, overflow: shrink
      text "At most two lines of a text that is much too long to fit", width: 80pt, maxLines: 2
      text "<b>bold</b> and <i>italic</i>", markup: true
      text "Second sans", font: "DejaVu Sans", fontSize: 9pt
    }
    a -> b, label: "link a"
    b -> c, label: "link b"

    """

    /// One edit: the first occurrence of `find` becomes `replace`.
    struct Edit: CustomStringConvertible {
        var what: String
        var find: String
        var replace: String
        var description: String { what }
    }

    static let edits: [Edit] = [
        Edit(what: "a value", find: "tint: accent", replace: "tint: #10b981"),
        Edit(what: "the value back", find: "tint: #10b981", replace: "tint: accent"),
        Edit(what: "a let others use", find: "let gap = 12pt", replace: "let gap = 30pt"),
        Edit(what: "a label", find: "\"Box 0.1\"", replace: "\"Box zero point one\""),
        Edit(what: "a wrap width", find: "width: 90pt", replace: "width: 40pt"),
        Edit(what: "rename a let (its uses now undefined)", find: "let accent", replace: "let highlight"),
        Edit(what: "rename its use too", find: "tint: accent", replace: "tint: highlight"),
        Edit(what: "rename a node id (the connectors now dangle)", find: "id: b,", replace: "id: bee,"),
        Edit(what: "rename the connectors' ends", find: "a -> b", replace: "a -> bee"),
        Edit(what: "and the other", find: "b -> c", replace: "bee -> c"),
        Edit(what: "a font that does not exist", find: "font: \"DejaVu Sans\"", replace: "font: \"No Such Face\""),
        Edit(what: "the font back", find: "font: \"No Such Face\"", replace: "font: \"DejaVu Sans\""),
        Edit(what: "a character no font has", find: "\"Sans caption\"", replace: "\"Sans caption \u{4E2D}\""),
        Edit(what: "the same text elsewhere, shifted", find: "\"Node 0.2\"", replace: "\"Sans caption \u{4E2D}\""),
        Edit(what: "delete the first text (fonts resolve in another order)", find: "text \"Title in Times\", font: \"Times\", bold: true, fontSize: 16pt\n", replace: ""),
        Edit(what: "a syntax error (a comma missing)", find: "  text \"Sans caption \u{4E2D}\", font", replace: "  text \"Sans caption \u{4E2D}\" font"),
        Edit(what: "fix it", find: "  text \"Sans caption \u{4E2D}\" font", replace: "  text \"Sans caption \u{4E2D}\", font"),
        Edit(what: "delete a node a connector names", find: "  service \"Node 0.0\", id: a, tint: highlight\n", replace: ""),
        Edit(what: "put it back", find: "hstack spacing: gap, align: center {\n", replace: "hstack spacing: gap, align: center {\n  service \"Node 0.0\", id: a, tint: highlight\n"),
        Edit(what: "an unknown property", find: "corner: 6pt, padding", replace: "corners: 6pt, padding"),
        Edit(what: "fixed", find: "corners: 6pt, padding", replace: "corner: 6pt, padding"),
        Edit(what: "a connector label", find: "label: \"link a\"", replace: "label: \"the first link\""),
        Edit(what: "the title back, at the end", find: "bee -> c, label: \"link b\"\n", replace: "bee -> c, label: \"link b\"\ntext \"Title in Times\", font: \"Times\", bold: true, fontSize: 16pt\n"),
        // A font that cannot be had is reported at its first use only: a text in it that did
        // not report (another came first) must report once that one is gone.
        Edit(what: "two texts in a font that does not exist", find: "\"Sans caption \u{4E2D}\", font: \"DejaVu Sans\"",
             replace: "\"Sans caption \u{4E2D}\", font: \"Nowhere Sans\""),
        Edit(what: "the second one too", find: "\"Second sans\", font: \"DejaVu Sans\"", replace: "\"Second sans\", font: \"Nowhere Sans\""),
        Edit(what: "delete the first (the second reports now)", find: "  text \"Sans caption \u{4E2D}\", font: \"Nowhere Sans\", fontSize: 9pt\n",
             replace: ""),
        Edit(what: "its font back", find: "\"Second sans\", font: \"Nowhere Sans\"", replace: "\"Second sans\", font: \"DejaVu Sans\""),
        // A mistake inside one literal leaves the statements around it whole: `drawc check`
        // goes on to evaluate the rest (through the one StageDriver), and so does the server.
        Edit(what: "a literal mistake", find: "fill: #f3f4f6", replace: "fill: #ggg"),
        Edit(what: "and an undefined name beside it", find: "tint: highlight", replace: "tint: nowhere"),
        Edit(what: "both fixed", find: "fill: #ggg", replace: "fill: #f3f4f6"),
    ]

    func message(_ members: [(String, JSON)]) -> [UInt8] { JSON.object([("jsonrpc", "2.0")] + members).bytes }

    func open(_ server: LanguageServer, _ text: String, version: Int) -> [UInt8] {
        server.handle(message([("method", "textDocument/didOpen"), ("params", .object([
            ("textDocument", .object([("uri", .string(Self.uri)), ("languageId", "draw"), ("version", JSON(version)),
                                      ("text", .string(text))])),
        ]))])).first ?? []
    }

    /// The published diagnostics of a server that sees `text` as its first version.
    func fresh(_ text: String, version: Int) -> ([UInt8], Analysis?) {
        let server = LanguageServer(fontPaths: [Self.fontPath])
        startSession(server)
        let published = open(server, text, version: version)
        return (published, server.analyses[Self.uri])
    }

    /// `drawc check` of the same text: every diagnostic, in the order the command prints them.
    func check(_ text: String) -> [Diagnostic] {
        let built = buildDocument(source: Array(text.utf8), path: String(Self.uri.dropFirst("file://".count)),
                                  options: CompileOptions(fontSearchPaths: [Self.fontPath]), checkOnly: true)
        return Diagnostic.sorted(built.diagnostics)
    }

    @Test("a replayed sequence of edits: after each, the diagnostics of a fresh check and a fresh server")
    func replayedEditsMatchFreshChecks() throws {
        try FileManager.default.createDirectory(atPath: Self.folder, withIntermediateDirectories: true)
        let server = LanguageServer(fontPaths: [Self.fontPath])
        startSession(server)
        var text = Self.original
        var version = 1
        _ = open(server, text, version: version)
        var sawErrors = Set<String>()
        for edit in Self.edits {
            let range = try #require(text.range(of: edit.find), "\(edit): '\(edit.find)' is not in the text")
            // The change as the editor sends it: a range in UTF-16 positions and the new text.
            let document = try #require(server.documents[Self.uri])
            let start = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
            let end = text.utf8.distance(from: text.startIndex, to: range.upperBound)
            let change: JSON = .object([("range", .object([("start", document.position(of: start).json),
                                                            ("end", document.position(of: end).json)])),
                                        ("text", .string(edit.replace))])
            text.replaceSubrange(range, with: edit.replace)
            version += 1
            let published = server.handle(message([("method", "textDocument/didChange"), ("params", .object([
                ("textDocument", .object([("uri", .string(Self.uri)), ("version", JSON(version))])),
                ("contentChanges", .array([change])),
            ]))])).first ?? []
            #expect(server.documents[Self.uri]?.text == text, "\(edit)")

            let analysis = try #require(server.analyses[Self.uri])
            let expected = check(text)
            #expect(Diagnostic.sorted(analysis.diagnostics) == expected, "\(edit): the server's diagnostics are not drawc check's")
            let (freshPublished, freshAnalysis) = fresh(text, version: version)
            #expect(String(decoding: published, as: UTF8.self) == String(decoding: freshPublished, as: UTF8.self), "\(edit)")
            // Frames and values where this version reached layout and evaluation (else the
            // server keeps the last ones for hover, by design, and a fresh one has none).
            let fresh = try #require(freshAnalysis)
            if fresh.evaluated { #expect(analysis.values == fresh.values, "\(edit): values") }
            if !fresh.frames.isEmpty { #expect(analysis.frames == fresh.frames, "\(edit): frames") }
            #expect(analysis.evaluated == fresh.evaluated, "\(edit)")
            for diagnostic in expected { sawErrors.insert(diagnostic.id) }
        }
        // The sequence reached what it is meant to: undefined names, a dangling connector,
        // an unknown font, a missing character, a syntax error, an unknown property.
        #expect(sawErrors.count >= 6, "\(sawErrors.sorted())")
        // A literal's syntax error and an evaluation error in one version.
        #expect(sawErrors.contains("lex.malformed-color"), "\(sawErrors.sorted())")
        // And the texts were reused (most of them, after every edit but the first).
        let cache = try #require(server.textCaches[Self.uri])
        #expect(cache.hits > cache.misses, "hits \(cache.hits), misses \(cache.misses)")
    }

    @Test("the measured-text cache keeps what the last layout used, and as many older texts at most")
    func theTextCacheAgesOut() throws {
        try FileManager.default.createDirectory(atPath: Self.folder, withIntermediateDirectories: true)
        let server = LanguageServer(fontPaths: [Self.fontPath])
        startSession(server)
        func labels(_ prefix: String) -> String {
            (0..<20).map { "rect \"\(prefix) \($0)\"" }.joined(separator: "\n") + "\n"
        }
        _ = open(server, labels("first"), version: 1)
        let cache = try #require(server.textCaches[Self.uri])
        #expect(cache.count == 20 && cache.misses == 20 && cache.hits == 0)
        // The same labels again: every one from the cache.
        let whole = { (text: String, version: Int) in
            _ = server.handle(self.message([("method", "textDocument/didChange"), ("params", .object([
                ("textDocument", .object([("uri", .string(Self.uri)), ("version", JSON(version))])),
                ("contentChanges", .array([.object([("text", .string(text))])])),
            ]))]))
        }
        whole(labels("first"), 2)
        #expect(cache.hits == 20 && cache.misses == 20)
        // Other labels: the first ones stay while they are no more than those used now.
        whole(labels("second"), 3)
        #expect(cache.count == 40 && cache.misses == 40)
        whole(labels("first"), 4)
        #expect(cache.count == 40 && cache.misses == 40 && cache.hits == 40)
        // Yet other labels: the older ones outnumber them and are dropped.
        whole(labels("third"), 5)
        #expect(cache.count == 20 && cache.misses == 60)
        whole(labels("first"), 6)
        #expect(cache.misses == 80)
        // Closing the document drops its cache.
        _ = server.handle(message([("method", "textDocument/didClose"), ("params", .object([
            ("textDocument", .object([("uri", .string(Self.uri))])),
        ]))]))
        #expect(server.textCaches[Self.uri] == nil)
        #expect(TextCacheLimits.maximumEntries >= 10_000)
    }

    @Test("the name index is built when a request needs it, and is the same as built at once")
    func theNameIndexIsBuiltOnDemand() throws {
        try FileManager.default.createDirectory(atPath: Self.folder, withIntermediateDirectories: true)
        let server = LanguageServer(fontPaths: [Self.fontPath])
        startSession(server)
        _ = open(server, Self.original, version: 1)
        let analysis = try #require(server.analyses[Self.uri])
        #expect(!analysis.names.isBuilt, "publishing diagnostics built the index")
        let direct = buildSymbolIndex(analysis.file, source: analysis.source, path: analysis.path, imported: [])
        #expect(analysis.index.declarations == direct.declarations)
        #expect(analysis.index.uses.map(\.span) == direct.uses.map(\.span))
        #expect(analysis.names.isBuilt)
        // What `drawc lsp` does while no message waits: build the latest version's names.
        _ = server.handle(message([("method", "textDocument/didChange"), ("params", .object([
            ("textDocument", .object([("uri", .string(Self.uri)), ("version", 2)])),
            ("contentChanges", .array([.object([("text", .string(Self.original + "let more = 1\n"))])])),
        ]))]))
        let changed = try #require(server.analyses[Self.uri])
        #expect(!changed.names.isBuilt)
        server.whenIdle()
        #expect(changed.names.isBuilt)
        #expect(changed.index.declarations.contains { $0.name == "more" })
    }
}

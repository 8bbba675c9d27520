// Issue 33, point 6, the language server's part: hover keeps showing the laid-out frame of a
// node from the last good layout while the file has errors (moved with the edit), and
// property completion leaves out the properties the node already has.

import DrawDiagnostics
@testable import DrawLanguageServer
import Testing

@Suite("LanguageServerTrust")
struct LanguageServerTrustTests {
    let uri = "file:///tmp/trust-test.draw"

    func send(_ server: LanguageServer, _ method: String, _ params: JSON) {
        _ = server.handle(JSON.object([("jsonrpc", "2.0"), ("method", .string(method)), ("params", params)]).bytes)
    }

    func request(_ server: LanguageServer, _ id: Int, _ method: String, _ params: JSON) -> JSON? {
        let body = JSON.object([("jsonrpc", "2.0"), ("id", JSON(id)), ("method", .string(method)), ("params", params)]).bytes
        return server.handle(body).compactMap { JSON.parse($0) }.first { $0["id"] == JSON(id) }
    }

    func open(_ server: LanguageServer, _ text: String) {
        send(server, "textDocument/didOpen", .object([
            ("textDocument", .object([("uri", .string(uri)), ("languageId", "draw"), ("version", 1), ("text", .string(text))])),
        ]))
    }

    func change(_ server: LanguageServer, _ text: String, version: Int) {
        send(server, "textDocument/didChange", .object([
            ("textDocument", .object([("uri", .string(uri)), ("version", JSON(version))])),
            ("contentChanges", .array([.object([("text", .string(text))])])),
        ]))
    }

    func at(_ line: Int, _ character: Int) -> JSON {
        .object([("textDocument", .object([("uri", .string(uri))])), ("position", Position(line: line, character: character).json)])
    }

    func hover(_ server: LanguageServer, _ line: Int, _ character: Int) -> String {
        request(server, 7, "textDocument/hover", at(line, character))?["result"]?["contents"]?["value"]?.string ?? ""
    }

    /// The properties offered (items of kind Property, 10; `stroke` is a node kind too).
    func labels(_ server: LanguageServer, _ line: Int, _ character: Int) -> Set<String> {
        let items = request(server, 8, "textDocument/completion", at(line, character))?["result"]?["items"]?.array ?? []
        return Set(items.filter { $0["kind"]?.int == 10 }.compactMap { $0["label"]?.string })
    }

    @Test func hoverShowsTheLastGoodFrameWhileTheFileHasErrors() {
        let server = LanguageServer()
        startSession(server)
        open(server, "rect \"a\", id: box, size: (40, 30), at: (10, 20)\n")
        let good = hover(server, 0, 1)
        #expect(good.contains("width 40, height 30"), "\(good)")
        #expect(!good.contains("as last laid out"))
        // A half-typed line above it: nothing is laid out, the rect moved down a line.
        change(server, "let x = \nrect \"a\", id: box, size: (40, 30), at: (10, 20)\n", version: 2)
        let stale = hover(server, 1, 1)
        #expect(stale.contains("width 40, height 30"), "\(stale)")
        #expect(stale.contains("as last laid out"), "\(stale)")
        // The line rewritten: its statement is not the one laid out, no frame is claimed for it.
        change(server, "let x = \nrect \"b\", size: (40, 30)\n", version: 3)
        #expect(!hover(server, 1, 1).contains("frame:"))
        // Fixed: laid out again, current.
        change(server, "rect \"b\", size: (50, 30)\n", version: 4)
        let fixed = hover(server, 0, 1)
        #expect(fixed.contains("width 50") && !fixed.contains("as last laid out"), "\(fixed)")
    }

    @Test func propertyCompletionLeavesOutWhatTheNodeHas() {
        let server = LanguageServer()
        startSession(server)
        open(server, "rect \"b\", stroke: blue {\n  corner: 4pt\n  \n}\nrect \"a\", fill: red, ")
        let arguments = labels(server, 4, 21)
        #expect(arguments.contains("stroke") && arguments.contains("corner"), "\(arguments.sorted())")
        #expect(!arguments.contains("fill"))
        let block = labels(server, 2, 2)
        #expect(block.contains("fill") && block.contains("lineWidth"), "\(block.sorted().prefix(20))")
        #expect(!block.contains("stroke") && !block.contains("corner"))
    }
}

// The protocol layer alone, without a process: JSON, framing, positions and incremental
// edits, and the server's answers to hostile or out-of-order messages. Also: the TextMate
// grammar names exactly the node kinds and functions the language has.

import DrawDiagnostics
@testable import DrawLanguageServer
import DrawSemantics
import DrawTestSupport
import Foundation
import Testing

@Suite("LanguageServerProtocol")
struct LanguageServerProtocolTests {
    // MARK: JSON

    @Test func jsonRoundTripsWithKeyOrderAndEscapes() throws {
        let text = #"{"b":1,"a":[true,false,null,-2.5,"x\n\"\u00e9\ud83d\ude00"],"c":{}}"#
        let value = try #require(JSON.parse(Array(text.utf8)))
        #expect(value["a"]?[4]?.string == "x\n\"é😀")
        #expect(String(decoding: value.bytes, as: UTF8.self) == #"{"b":1,"a":[true,false,null,-2.5,"x\n\"é😀"],"c":{}}"#)
    }

    @Test func jsonRejectsMalformedAndTooDeepInput() {
        for bad in ["", "{", "[1,]", "{\"a\" 1}", "tru", "\"open", "[1] 2", "{\"a\":}"] {
            #expect(JSON.parse(Array(bad.utf8)) == nil, "\(bad)")
        }
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(JSON.parse(Array(deep.utf8)) == nil)
    }

    @Test func numbersAreWrittenWithoutExponents() {
        #expect(String(decoding: JSON.number(0.000001).bytes, as: UTF8.self) == "0.000001")
        #expect(String(decoding: JSON.number(-0.0).bytes, as: UTF8.self) == "0")
        #expect(String(decoding: JSON.number(1e15).bytes, as: UTF8.self) == "1000000000000000")
        #expect(String(decoding: JSON.number(.nan).bytes, as: UTF8.self) == "0")
    }

    // MARK: Framing

    @Test func messagesSplitAcrossReadsAndJoinedInOne() {
        var reader = MessageReader()
        let one = framed(Array("{\"a\":1}".utf8)), two = framed(Array("{\"b\":22}".utf8))
        let stream = one + two
        reader.append(stream[0..<5])
        #expect(reader.next() == .needMore)
        reader.append(stream[5...])
        #expect(reader.next() == .message(Array("{\"a\":1}".utf8)))
        #expect(reader.next() == .message(Array("{\"b\":22}".utf8)))
        #expect(reader.next() == .needMore)
    }

    @Test func brokenHeadersStopTheStream() {
        var reader = MessageReader()
        reader.append(Array("Content-Type: x\r\n\r\n{}".utf8))
        if case .broken = reader.next() {} else { Issue.record("a message without Content-Length was accepted") }
        var huge = MessageReader()
        huge.append(Array("Content-Length: 999999999999\r\n\r\n".utf8))
        if case .broken = huge.next() {} else { Issue.record("a message over the limit was accepted") }
    }

    // MARK: Positions

    @Test func positionsCountUTF16AndClamp() {
        var doc = TextDocument(uri: "file:///x.draw", version: 1, text: "a😀é\nsecond\n")
        #expect(doc.offset(of: Position(line: 0, character: 3)) == 5)  // after the emoji (4 bytes, 2 units)
        #expect(doc.position(of: 7) == Position(line: 0, character: 4))  // after é
        #expect(doc.offset(of: Position(line: 0, character: 99)) == 7)  // clamped to the line end
        #expect(doc.offset(of: Position(line: 9, character: 0)) == doc.bytes.count)
        doc.apply(.object([("range", .object([("start", Position(line: 1, character: 0).json),
                                              ("end", Position(line: 1, character: 6).json)])), ("text", "third")]))
        #expect(doc.text == "a😀é\nthird\n")
        // A range past the end and a reversed one are clamped, never a crash.
        doc.apply(.object([("range", .object([("start", Position(line: 40, character: 0).json),
                                              ("end", Position(line: 1, character: 2).json)])), ("text", "!")]))
        #expect(doc.text == "a😀é\nth!")
    }

    @Test func fileURIsRoundTrip() {
        let path = "/tmp/a folder/é#1.draw"
        #expect(fileURI(ofPath: path) == "file:///tmp/a%20folder/%C3%A9%231.draw")
        #expect(filePath(ofURI: fileURI(ofPath: path)) == path)
    }

    // MARK: The server

    func request(_ server: LanguageServer, _ id: Int, _ method: String, _ params: JSON) -> JSON? {
        let body = JSON.object([("jsonrpc", "2.0"), ("id", JSON(id)), ("method", .string(method)), ("params", params)]).bytes
        return server.handle(body).compactMap { JSON.parse($0) }.first { $0["id"] == JSON(id) }
    }

    @Test func garbageAndUnknownMethodsGetErrorsNotCrashes() throws {
        let server = LanguageServer()
        startSession(server)
        let replies = server.handle(Array("not json".utf8)).compactMap { JSON.parse($0) }
        #expect(replies.first?["error"]?["code"]?.int == -32700)
        #expect(request(server, 1, "no/such/method", .null)?["error"]?["code"]?.int == -32601)
        #expect(request(server, 2, "textDocument/hover", .object([]))?["error"]?["code"]?.int == -32602)
        let hover = request(server, 3, "textDocument/hover", .object([("textDocument", .object([("uri", "file:///nope.draw")]))]))
        #expect(hover?["error"]?["code"]?.int == -32602)
        #expect(request(server, 4, "shutdown", .null)?["result"] == .null)
        #expect(request(server, 5, "textDocument/hover", .null)?["error"]?["code"]?.int == -32600)
        _ = server.handle(JSON.object([("jsonrpc", "2.0"), ("method", "exit")]).bytes)
        #expect(server.shouldExit && server.exitStatus == 0)
    }

    @Test func everyRequestOnEveryPrefixOfASampleAnswers() throws {
        // Every feature at the end of every prefix of a real drawing (cut at every 11th
        // byte): the half-typed file never crashes the server and always gets an answer.
        let sample = try String(contentsOfFile: packageRoot() + "/samples/flowchart.draw", encoding: .utf8)
        let bytes = Array(sample.utf8)
        let server = LanguageServer()
        startSession(server)
        let uri = "file://" + packageRoot() + "/samples/typing.draw"
        _ = server.handle(JSON.object([("jsonrpc", "2.0"), ("method", "textDocument/didOpen"), ("params", .object([
            ("textDocument", .object([("uri", .string(uri)), ("languageId", "draw"), ("version", 1), ("text", "")])),
        ]))]).bytes)
        var id = 10
        for cut in stride(from: 0, through: bytes.count, by: 11) {
            let text = String(decoding: bytes[0..<cut], as: UTF8.self)
            _ = server.handle(JSON.object([("jsonrpc", "2.0"), ("method", "textDocument/didChange"), ("params", .object([
                ("textDocument", .object([("uri", .string(uri)), ("version", JSON(cut + 2))])),
                ("contentChanges", .array([.object([("text", .string(text))])])),
            ]))]).bytes)
            let document = server.documents[uri]!
            let end = document.position(of: document.bytes.count).json
            let doc: JSON = .object([("uri", .string(uri))])
            for method in ["textDocument/completion", "textDocument/hover", "textDocument/signatureHelp", "textDocument/definition",
                           "textDocument/references", "textDocument/documentSymbol", "textDocument/foldingRange",
                           "textDocument/semanticTokens/full", "textDocument/documentColor", "textDocument/formatting",
                           "textDocument/documentHighlight"] {
                id += 1
                let reply = request(server, id, method, .object([("textDocument", doc), ("position", end),
                                                                ("context", .object([("includeDeclaration", true)]))]))
                #expect(reply != nil && reply?["error"] == nil, "\(method) at byte \(cut)")
            }
        }
    }

    // MARK: The cursor, for the preview

    final class RecordingLink: PreviewLink {
        var told: [String] = []
        func cursorMoved(path: String, line: Int, column: Int) { told.append("\(path):\(line):\(column)") }
    }

    @Test func theCursorReachesThePreviewLinkInScalarColumns() throws {
        let server = LanguageServer()
        startSession(server)
        let link = RecordingLink()
        server.previewLink = link
        let uri = "file:///tmp/cursor%20test.draw"
        // Line 2: "é" is two bytes and one UTF-16 unit, "😀" four bytes and two units; each one scalar.
        let text = "rect \"a\"\nlet s = \"é😀\"; rect \"b\"\n"
        _ = server.handle(JSON.object([("jsonrpc", "2.0"), ("method", "textDocument/didOpen"), ("params", .object([
            ("textDocument", .object([("uri", .string(uri)), ("languageId", "draw"), ("version", 1), ("text", .string(text))])),
        ]))]).bytes)
        func cursor(_ line: Int, _ character: Int) {
            _ = server.handle(JSON.object([("jsonrpc", "2.0"), ("method", "drawc/cursor"), ("params", .object([
                ("textDocument", .object([("uri", .string(uri))])),
                ("position", Position(line: line, character: character).json),
            ]))]).bytes)
        }
        cursor(0, 2)
        cursor(1, 14)  // after `let s = "é😀";`: 14 UTF-16 units (9 + 1 + 2 + 2), 13 scalars, so column 14
        cursor(1, 14)  // the same place again: not told twice
        cursor(7, 99)  // past the end: clamped to the last line
        #expect(link.told == ["/tmp/cursor test.draw:1:3", "/tmp/cursor test.draw:2:14", "/tmp/cursor test.draw:3:1"])
        // documentHighlight tells it too, and answers the name's occurrences.
        let reply = request(server, 5, "textDocument/documentHighlight", .object([
            ("textDocument", .object([("uri", .string(uri))])), ("position", Position(line: 1, character: 5).json),
        ]))
        #expect(link.told.last == "/tmp/cursor test.draw:2:6")
        #expect(reply?["result"]?[0]?["kind"]?.int == 3)
        // A document that is no file has no preview.
        let count = link.told.count
        _ = server.handle(JSON.object([("jsonrpc", "2.0"), ("method", "textDocument/didOpen"), ("params", .object([
            ("textDocument", .object([("uri", "untitled:Untitled-1"), ("languageId", "draw"), ("version", 1), ("text", "rect")])),
        ]))]).bytes)
        _ = server.handle(JSON.object([("jsonrpc", "2.0"), ("method", "drawc/cursor"), ("params", .object([
            ("textDocument", .object([("uri", "untitled:Untitled-1")])), ("position", Position(line: 0, character: 1).json),
        ]))]).bytes)
        #expect(link.told.count == count)
    }

    // MARK: The grammar and the language

    /// The alternatives of the first group of a grammar pattern `…(a|b|c)…`.
    func alternatives(in pattern: String) -> Set<String> {
        guard let open = pattern.firstIndex(of: "("), let close = pattern[open...].firstIndex(of: ")") else { return [] }
        return Set(pattern[pattern.index(after: open)..<close].split(separator: "|").map(String.init))
    }

    @Test func theGrammarNamesEveryKindAndFunctionOfTheLanguage() throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: packageRoot() + "/grammar/draw.tmLanguage.json"))
        let grammar = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let repository = try #require(grammar["repository"] as? [String: Any])
        let kindPatterns = try #require((repository["node-kind"] as? [String: Any])?["patterns"] as? [[String: Any]])
        let kinds = alternatives(in: try #require(kindPatterns.first?["match"] as? String))
        #expect(kinds == Set(LanguageQueries.kinds.map(\.name)))
        let expression = try #require((repository["expression"] as? [String: Any])?["patterns"] as? [[String: Any]])
        let builtin = try #require(expression.first { (($0["captures"] as? [String: Any])?["1"] as? [String: Any])?["name"] as? String
            == "support.function.builtin.draw" })
        #expect(alternatives(in: try #require(builtin["match"] as? String)) == Set(LanguageQueries.functions.map(\.name)))
        let units = try #require((repository["numbers"] as? [String: Any])?["patterns"] as? [[String: Any]])
        let unitPattern = try #require(units.first?["match"] as? String)
        let unitGroup = String(unitPattern[unitPattern.range(of: "(pt")!.lowerBound...])
        #expect(alternatives(in: unitGroup) == Set(LanguageQueries.units))
    }

    @Test func theVSCodeExtensionShipsTheGrammarAndStartsTheServer() throws {
        let root = packageRoot()
        let grammar = try Data(contentsOf: URL(fileURLWithPath: root + "/grammar/draw.tmLanguage.json"))
        let shipped = try Data(contentsOf: URL(fileURLWithPath: root + "/editors/vscode/syntaxes/draw.tmLanguage.json"))
        #expect(shipped == grammar, "editors/vscode/syntaxes/draw.tmLanguage.json differs: run 'npm run grammar' in editors/vscode")
        let package = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: root + "/editors/vscode/package.json"))) as? [String: Any])
        let contributes = try #require(package["contributes"] as? [String: Any])
        let language = try #require((contributes["languages"] as? [[String: Any]])?.first)
        #expect(language["id"] as? String == "draw" && language["extensions"] as? [String] == [".draw"])
        let grammarEntry = try #require((contributes["grammars"] as? [[String: Any]])?.first)
        let grammarJSON = try #require(try JSONSerialization.jsonObject(with: grammar) as? [String: Any])
        #expect(grammarEntry["scopeName"] as? String == grammarJSON["scopeName"] as? String)
        let configuration = try #require(try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: root + "/editors/vscode/language-configuration.json"))) as? [String: Any])
        #expect((configuration["comments"] as? [String: Any])?["lineComment"] as? String == "//")
        #expect((configuration["autoClosingPairs"] as? [[String: Any]])?.count ?? 0 >= 4)
        let client = try String(contentsOfFile: root + "/editors/vscode/extension.js", encoding: .utf8)
        #expect(client.contains("[\"lsp\"]"))
    }
}

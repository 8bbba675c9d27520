// Issue 34, the language server's part: request ids echoed exactly as received, the protocol's
// order (`initialize` first) and ids that are no ids, and positions that cost the same on a
// 320 KB line as on a short one.

import DrawDiagnostics
@testable import DrawLanguageServer
import Testing

/// Sends `initialize`, as every client does first (LSP 3.17: requests before it are refused).
func startSession(_ server: LanguageServer) {
    _ = server.handle(Array(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{}}}"#.utf8))
}

@Suite("LanguageServerHardening")
struct LanguageServerHardeningTests {
    func text(_ body: [UInt8]) -> String { String(decoding: body, as: UTF8.self) }

    @Test("ids are echoed byte for byte: beyond 2^53, beyond Int, with an exponent, strings")
    func idsAreEchoedExactly() throws {
        let server = LanguageServer()
        startSession(server)
        for id in ["1e19", "9007199254740993", "18446744073709551616", "-0", "1.50", "7", "1E+400", #""x\"y""#] {
            let replies = server.handle(Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"shutdown"}"#.utf8))
            #expect(replies.count == 1)
            let reply = try #require(replies.first)
            #expect(text(reply).hasPrefix(#"{"jsonrpc":"2.0","id":\#(id),"#), "\(text(reply))")
            #expect(JSON.parse(reply) != nil)
        }
        // What a number alone would have printed: never a crash, always JSON.
        for value in [1e19, -1e19, 9.3e18, 1e300, 12345678901.25] {
            let bytes = JSON.number(value).bytes
            #expect(JSON.parse(bytes)?.number == value, "\(text(bytes))")
        }
        // Hover's numbers for people: past Int's range the exponent stays (it used to trap).
        #expect(number(1e20) == "1e+20" && number(1e16) == "10000000000000000" && number(2.5) == "2.5")
        #expect(JSON.parse(Array("+1".utf8)) == nil && JSON.parse(Array("01".utf8)) == nil && JSON.parse(Array(".5".utf8)) == nil)
    }

    @Test("requests before initialize: ServerNotInitialized; notifications dropped, exit kept")
    func initializeComesFirst() throws {
        let server = LanguageServer()
        let early = server.handle(Array(#"{"jsonrpc":"2.0","id":3,"method":"textDocument/hover","params":{}}"#.utf8))
        #expect(JSON.parse(early.first ?? [])?["error"]?["code"]?.int == -32002)
        #expect(JSON.parse(early.first ?? [])?["id"]?.int == 3)
        let opened = server.handle(Array(#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///a.draw","version":1,"text":"rect"}}}"#.utf8))
        #expect(opened.isEmpty && server.documents.isEmpty)
        startSession(server)
        let later = server.handle(Array(#"{"jsonrpc":"2.0","id":4,"method":"shutdown"}"#.utf8))
        #expect(JSON.parse(later.first ?? [])?["result"] == .null)
        _ = server.handle(Array(#"{"jsonrpc":"2.0","method":"exit"}"#.utf8))
        #expect(server.shouldExit)
    }

    @Test("an id that is an object, array, boolean or null: Invalid Request with a null id, nothing run")
    func idsThatAreNoIds() throws {
        let server = LanguageServer()
        startSession(server)
        for id in [#"{"a":1}"#, "[1]", "true", "null"] {
            let replies = server.handle(Array(#"{"jsonrpc":"2.0","id":\#(id),"method":"shutdown"}"#.utf8))
            let reply = try #require(JSON.parse(replies.first ?? []), "no answer for id \(id)")
            #expect(reply["error"]?["code"]?.int == -32600 && reply["id"] == .null, "\(id)")
            #expect(!server.isShutDown, "the request with id \(id) was run")
        }
        let batch = server.handle(Array(#"[{"jsonrpc":"2.0","id":1,"method":"shutdown"}]"#.utf8))
        #expect(JSON.parse(batch.first ?? [])?["error"]?["code"]?.int == -32600 && !server.isShutDown)
    }

    @Test("framing: a Content-Length that is no number or comes twice stops the stream, saying which")
    func framingHeaders() {
        for (header, reason) in [("Content-Length: abc", "not a number"), ("Content-Length: +2", "not a number"),
                                 ("Content-Length: 2\r\nContent-Length: 3", "more than one")] {
            var reader = MessageReader()
            reader.append(Array("\(header)\r\n\r\n{}".utf8))
            guard case .broken(let why) = reader.next() else { Issue.record("accepted: \(header)"); continue }
            #expect(why.contains(reason), "\(header): \(why)")
        }
    }

    // MARK: Positions on long lines (issue 34, point 9)

    /// The protocol's position of `offset`, walked from the line's start (what the server did).
    func walkedPosition(_ bytes: [UInt8], _ offset: Int) -> Position {
        var line = 0, lineStart = 0
        for i in 0..<offset where bytes[i] == 0x0A { line += 1; lineStart = i + 1 }
        var units = 0, i = lineStart
        while i < offset {
            let b = bytes[i]
            let length = b < 0x80 ? 1 : b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1
            units += length == 4 ? 2 : 1
            i += length
        }
        return Position(line: line, character: units)
    }

    @Test("positions and offsets agree with a walk from the line's start, at every byte")
    func positionsMatchTheWalk() {
        let text = String(repeating: "a😀é\r\n€x", count: 40) + String(repeating: "b", count: 200) + "\n\n😀" + String(repeating: "é", count: 99)
        let document = TextDocument(uri: "file:///p.draw", version: 1, text: text)
        let bytes = document.bytes
        for offset in 0...bytes.count {
            let position = document.position(of: offset)
            #expect(position == walkedPosition(bytes, offset), "at byte \(offset)")
            // Back again: the start of the scalar the offset is in (or the offset itself).
            if offset == bytes.count || bytes[offset] & 0xC0 != 0x80 {
                #expect(document.offset(of: position) == offset, "round trip at byte \(offset)")
            }
        }
        #expect(document.offset(of: Position(line: 0, character: 2)) == 5)  // past the emoji's two units
        #expect(document.offset(of: Position(line: 0, character: 10_000)) == bytes.firstIndex(of: 0x0D)! + 1)
    }

    @Test("a 320 KB line: each position costs at most a block of bytes, not a walk along the line")
    func positionsOnALongLineCostABlock() {
        let statement = "rect \"é\", width: 10pt; "
        let document = TextDocument(uri: "file:///long.draw", version: 1, text: String(repeating: statement, count: 13_000) + "\n")
        let length = statement.utf8.count, block = TextDocument.checkpointBytes
        var total = 0, worst = 0
        for k in 0..<13_000 {
            var steps = 0
            let position = document.position(of: k * length + 6, steps: &steps)
            #expect(position.line == 0)
            var back = 0
            #expect(document.offset(of: position, steps: &back) == k * length + 6)
            worst = max(worst, steps, back)
            total += steps + back
        }
        // A walk from the line's start would look at 160 KB on average, 4e9 bytes in all.
        #expect(worst <= 3 * block + 40, "worst \(worst) bytes for one position")
        #expect(total <= 13_000 * (4 * block + 40))
    }
}

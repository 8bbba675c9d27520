// The fuzz targets of the two servers (issue 34): fuzz bytes read as choices (ChoiceReader)
// that make structure-aware inputs, so that byte mutations stay well-formed enough to reach
// past the parsers.
//
// - `LanguageServerFuzzTarget`: a session of JSON-RPC messages — `initialize` or not, documents
//   opened, changed (whole or by ranges) and closed, every request the server answers at
//   positions in and far out of range, ids that are numbers (1e19, 2^53 + 1, -0), strings,
//   objects, arrays, booleans, null or missing, sometimes a body of noise or a broken header —
//   framed and split into reads as the stdio loop gets them (MessageReader), each body handed
//   to `LanguageServer.handle`. Crashes are the findings, and a broken promise is one too:
//   every reply must be JSON, and every request with a number or string id that the server
//   answers must get exactly one response carrying that id's text byte for byte.
// - `PreviewRequestFuzzTarget`: one HTTP request — method, route, query, headers (Host,
//   Origin, token, Content-Length right, wrong, missing or twice, Transfer-Encoding, noise),
//   and a flat JSON body of the fields the routes read with numbers in and out of range —
//   fed in pieces to the preview's request reader (`RequestReading`, as the poll loop does),
//   which must agree with `HTTPRequest.parse` of the whole, then answered by a
//   `PreviewServer` of a small drawing (writes are taken as made: the undo steps grow).

import DrawDiagnostics
import DrawKit
import DrawLanguageServer
import DrawTools
import Foundation

// MARK: The language server

package struct LanguageServerFuzzTarget {
    package private(set) var inputs = 0
    package private(set) var messages = 0

    package init() {}

    static let methods = [
        "textDocument/hover", "textDocument/completion", "textDocument/signatureHelp", "textDocument/definition",
        "textDocument/references", "textDocument/prepareRename", "textDocument/rename", "textDocument/documentSymbol",
        "textDocument/foldingRange", "textDocument/semanticTokens/full", "textDocument/formatting",
        "textDocument/rangeFormatting", "textDocument/documentColor", "textDocument/colorPresentation",
        "textDocument/codeAction", "textDocument/documentHighlight", "completionItem/resolve", "shutdown", "no/such/method",
    ]
    static let ids = ["1", "2", "1e19", "-1e19", "9007199254740993", "18446744073709551616", "-0", "1.5", "0",
                      #""a""#, #""""#, #""\u00e9\n""#, "null", "true", "[1]", #"{"id":1}"#, "1E400"]
    static let numbers = ["0", "1", "2", "3", "7", "40", "-1", "2.5", "1e19", "-1e19", "9007199254740993", "1e400", "\"1\"", "null"]
    static let snippets = [
        "rect \"a\", at: (10, 10), width: 20, height: 10, fill: red\n", "let x = 3\n", "circle r: x * 2, fill: #ff0000\n",
        "def card(t) {\n  rect t, padding: 4pt\n}\ncard \"é😀\"\n", "text \"hello\", fontSize: 12pt; rect\n", "hstack spacing: 4 {\n",
        "}\n", "(((((", ")))", "// comment\n", "/* block\n comment */\n", "import \"lib.draw\"\n", "a -> b, label: \"x\"\n",
        "for i in range(0, 3) { rect at: (i * 10, 0) }\n", "\u{0}", "\r\n", "\"unterminated", "let c = rgb(1e30, 0, 0)\n",
        "let big = 10000000000 * 10000000000 * 100000000000\nrect big\n",
    ]

    /// The message bodies an input stands for (for the replay tool and tests).
    package static func messages(of input: [UInt8]) -> [[UInt8]] {
        var choices = ChoiceReader(input)
        var out: [[UInt8]] = []
        let uris = ["file:///tmp/drawc-fuzz/a.draw", "file:///tmp/drawc-fuzz/b.draw", "untitled:1"]
        func text() -> String {
            var s = ""
            for _ in 0..<choices.int(0...6) { s += choices.pick(snippets) }
            if choices.choose(8) == 0 { s = String(repeating: s.isEmpty ? "(" : s, count: choices.int(1...200)) }
            return s
        }
        func quoted(_ s: String) -> String { String(decoding: JSON.string(s).bytes, as: UTF8.self) }
        func position() -> String { #"{"line":\#(choices.pick(numbers)),"character":\#(choices.pick(numbers))}"# }
        func document() -> String { #"{"uri":\#(quoted(choices.pick(uris))),"version":\#(choices.pick(numbers))}"# }
        if choices.choose(6) != 0 {
            out.append(Array(#"{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"capabilities":{}}}"#.utf8))
        }
        for _ in 0..<choices.int(1...12) {
            let body: String
            switch choices.choose(9) {
            case 0, 1:
                body = #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":\#(quoted(choices.pick(uris))),"languageId":"draw","version":1,"text":\#(quoted(text()))}}}"#
            case 2:
                let change = choices.flag() ? #"{"text":\#(quoted(text()))}"#
                    : #"{"range":{"start":\#(position()),"end":\#(position())},"text":\#(quoted(text()))}"#
                body = #"{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":\#(document()),"contentChanges":[\#(change)]}}"#
            case 3:
                body = #"{"jsonrpc":"2.0","method":"\#(choices.pick(["textDocument/didClose", "drawc/cursor", "initialized", "exit", "$/cancelRequest"]))","params":{"textDocument":\#(document()),"position":\#(position())}}"#
            case 4:
                // Noise: not JSON, a batch, JSON that is no message.
                body = choices.pick(["not json", "[]", #"[{"jsonrpc":"2.0","id":1,"method":"shutdown"}]"#, "{}", #"{"id":1}"#, "1e19", "\"x\"",
                                     #"{"jsonrpc":"2.0","id":1,"result":null}"#])
            default:
                let id = choices.choose(10) == 0 ? "" : #""id":\#(choices.pick(ids)),"#
                let method = choices.pick(methods)
                body = #"{"jsonrpc":"2.0",\#(id)"method":"\#(method)","params":{"textDocument":\#(document()),"position":\#(position()),"range":{"start":\#(position()),"end":\#(position())},"newName":"n\#(choices.int(0...9))","context":{"includeDeclaration":true,"diagnostics":[]},"color":{"red":\#(choices.pick(numbers)),"green":0,"blue":0,"alpha":1},"options":{"tabSize":\#(choices.pick(numbers)),"insertSpaces":true}}}"#
            }
            out.append(Array(body.utf8))
        }
        return out
    }

    /// Runs one input; a broken promise stops the process (a finding for libFuzzer).
    package mutating func run(_ input: [UInt8]) {
        inputs += 1
        var choices = ChoiceReader(Array(input.reversed()))  // the framing's own choices, independent of the messages'
        let bodies = Self.messages(of: input)
        var stream: [UInt8] = []
        for body in bodies {
            switch choices.choose(16) {
            case 0: stream += Array("Content-Length: x\r\n\r\n".utf8) + body  // a broken header: the stream stops there
            case 1: stream += Array("Content-Length: \(body.count)\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n".utf8) + body
            default: stream += framed(body)
            }
        }
        let server = LanguageServer()
        var reader = MessageReader()
        var offset = 0
        reading: while offset < stream.count {
            let piece = min(stream.count - offset, choices.flag() ? stream.count : choices.int(1...64))
            reader.append(stream[offset..<offset + piece])
            offset += piece
            while true {
                switch reader.next() {
                case .needMore: continue reading
                case .broken: break reading
                case .message(let body):
                    messages += 1
                    check(body, server.handle(body), server)
                    if server.shouldExit { break reading }
                }
            }
        }
    }

    func check(_ body: [UInt8], _ replies: [[UInt8]], _ server: LanguageServer) {
        for reply in replies where JSON.parse(reply) == nil {
            fatalError("drawc-fuzz: a reply of the language server is not JSON: \(String(decoding: reply.prefix(300), as: UTF8.self))")
        }
        guard let (message, idText) = JSON.parseMessage(body), let id = RequestID(message["id"], text: idText),
              message["method"]?.string != nil else { return }
        var expected: [UInt8] = []
        id.write(into: &expected)
        let head = Array(#"{"jsonrpc":"2.0","id":"#.utf8) + expected + [UInt8(ascii: ",")]
        let answers = replies.filter { $0.starts(with: head) }
        // After `exit` nothing is answered; otherwise exactly one response with the id as sent.
        if !(answers.count == 1 || (answers.isEmpty && server.shouldExit)) {
            fatalError("drawc-fuzz: \(answers.count) responses with id \(String(decoding: expected, as: UTF8.self)) to \(String(decoding: body.prefix(300), as: UTF8.self))")
        }
    }
}

// MARK: The preview's requests

package struct PreviewRequestFuzzTarget {
    package private(set) var inputs = 0
    package private(set) var complete = 0
    let server: PreviewServer
    static let token = "0123456789abcdef0123456789abcdef"
    static let drawing = Array("rect \"a\", at: (10, 10), width: 20, height: 10, fill: red\ncircle r: 5, at: (40, 40)\n".utf8)

    package init() {
        server = PreviewServer(path: "fuzz.draw", port: 4000, token: Self.token, editorTemplate: nil)
        server.update(PreviewBuilder.build(source: Self.drawing, path: "fuzz.draw", version: 1))
    }

    static let routes = ["/", "/state", "/events", "/edit", "/undo", "/open", "/highlight", "/%2e%2e/fuzz.draw", "/state?token=" + token,
                         "/events?token=" + token + "&x=%zz", "/a%00b", "*", "/edit?token=" + token]
    static let numbers = ["0", "1", "2", "-1", "0.5", "1e19", "-9.3e18", "1e300", "1e400", "9007199254740993", "\"1\"", "null", "true", "{}"]
    static let fields = ["version", "source", "dx", "dy", "snap", "line", "column"]

    /// The request bytes an input stands for.
    package static func request(of input: [UInt8]) -> [UInt8] {
        var choices = ChoiceReader(input)
        var body = "{"
        for field in fields where choices.choose(4) != 0 {
            body += (body == "{" ? "" : ",") + "\"\(field)\":" + choices.pick(numbers)
        }
        body += choices.choose(10) == 0 ? "" : "}"
        var text = choices.pick(["GET", "POST", "POST", "PUT", "G\u{1}T"]) + " " + choices.pick(routes) + " "
            + choices.pick(["HTTP/1.1", "HTTP/1.1", "HTTP/1.0", "HTTP/2"]) + "\r\n"
        var headers: [String] = []
        switch choices.choose(6) {
        case 0: break
        case 1: headers.append("Host: evil.example:4000")
        case 2: headers += ["Host: 127.0.0.1:4000", "Host: localhost:4000"]
        default: headers.append(choices.pick(["Host: 127.0.0.1:4000", "Host: localhost:4000", "host:127.0.0.1:4000"]))
        }
        if choices.choose(3) != 0 { headers.append("X-Drawc-Token: " + (choices.choose(8) == 0 ? "wrong" : token)) }
        if choices.choose(3) != 0 { headers.append("Origin: " + choices.pick(["http://127.0.0.1:4000", "http://evil.example", "null"])) }
        switch choices.choose(8) {
        case 0: break
        case 1: headers.append("Content-Length: " + choices.pick(["abc", "+5", "-1", "99999999999999999999", "", "1e3"]))
        case 2: headers += ["Content-Length: \(body.utf8.count)", "Content-Length: 0"]
        case 3: headers.append("Transfer-Encoding: chunked")
        default: headers.append("Content-Length: \(body.utf8.count)")
        }
        if choices.choose(8) == 0 { headers.append(choices.pick(["X: " + String(repeating: "a", count: 17_000), "bad header", " X: y", "A:\u{0}"])) }
        for _ in 0..<choices.int(0...headers.count) where headers.count > 1 {
            headers.swapAt(choices.choose(headers.count), choices.choose(headers.count))
        }
        text += headers.map { $0 + "\r\n" }.joined() + "\r\n" + body
        return Array(text.utf8)
    }

    /// Runs one input; a disagreement between the piecewise and the whole parse stops the process.
    package mutating func run(_ input: [UInt8]) {
        inputs += 1
        var choices = ChoiceReader(Array(input.reversed()))
        let bytes = Self.request(of: input)
        let whole = HTTPRequest.parse(bytes)
        var table = RequestReading()
        _ = table.accept(5, now: 0)
        var offset = 0
        var outcome = RequestReading.Outcome.reading
        while offset < bytes.count, outcome == .reading {
            let piece = min(bytes.count - offset, choices.flag() ? bytes.count : choices.int(1...48))
            outcome = table.received(bytes[offset..<offset + piece], on: 5)
            offset += piece
        }
        switch (outcome, whole) {
        case (.reading, .incomplete): return
        case (.refuse(let a, let m), .invalid(let b, let n)) where a == b && m == n: return
        case (.request(let request), .complete(let parsed)) where request == parsed:
            complete += 1
            switch server.handle(request, readFile: { Self.drawing }) {
            case .writeSource(let write): server.wrote(write)
            case .respond, .openEventStream, .openEditor, .broadcast: break
            }
        default:
            // Read in pieces as the poll loop reads it, a request is the request read whole.
            fatalError("drawc-fuzz: the request reader (\(outcome)) and the parser (\(whole)) disagree on \(String(decoding: bytes.prefix(400), as: UTF8.self))")
        }
        // The undo steps stay bounded, whatever the requests.
        if server.undoStack.count > PreviewServer.maximumUndoSteps { fatalError("drawc-fuzz: undo steps past the bound") }
    }
}

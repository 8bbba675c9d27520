// The preview's HTTP parsing, routes and security checks, without sockets.

import DrawKit
@testable import DrawTools
import Testing

func request(_ method: String, _ target: String, headers: [String: String] = [:], body: String = "") -> HTTPRequest {
    var text = "\(method) \(target) HTTP/1.1\r\n"
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
    if !body.isEmpty { text += "Content-Length: \(body.utf8.count)\r\n" }
    text += "\r\n" + body
    guard case .complete(let parsed) = HTTPRequest.parse(Array(text.utf8)) else { fatalError("not parsed: \(text)") }
    return parsed
}

func status(_ action: PreviewServer.Action) -> Int {
    switch action {
    case .respond(let response): response.status
    case .openEventStream: 200
    case .writeSource(let write): write.response.status
    case .openEditor(_, let response), .broadcast(_, let response): response.status
    }
}

@Suite("preview server")
struct ServerTests {
    static let source = Array("rect \"a\", at: (10, 10), width: 20, height: 10, fill: red\n".utf8)

    func server() -> PreviewServer {
        let server = PreviewServer(path: "t.draw", port: 4000, token: "secret0123456789secret0123456789", editorTemplate: "ed +{line}:{col} {file}")
        server.update(PreviewBuilder.build(source: Self.source, path: "t.draw", version: 1))
        return server
    }

    let host = ["Host": "127.0.0.1:4000"]
    let good = ["Host": "127.0.0.1:4000", "Origin": "http://127.0.0.1:4000", "X-Drawc-Token": "secret0123456789secret0123456789"]

    @Test func parsesRequests() {
        let parsed = request("POST", "/edit?a=1&b=x%20y", headers: ["Host": "h", "X-Thing": " v "], body: "{}")
        #expect(parsed.method == "POST" && parsed.path == "/edit" && parsed.query == ["a": "1", "b": "x y"])
        #expect(parsed.headers["x-thing"] == "v" && parsed.body == Array("{}".utf8))
        #expect(HTTPRequest.parse(Array("GET / HTTP/1.1\r\nHost: x\r\n".utf8)) == .incomplete)
        #expect(HTTPRequest.parse(Array("POST / HTTP/1.1\r\nContent-Length: 5\r\n\r\nab".utf8)) == .incomplete)
        if case .invalid(let code, _) = HTTPRequest.parse(Array("GARBAGE\r\n\r\n".utf8)) { #expect(code == 400) } else { Issue.record("accepted") }
        if case .invalid(let code, _) = HTTPRequest.parse(Array("POST / HTTP/1.1\r\nContent-Length: 99999999\r\n\r\n".utf8)) {
            #expect(code == 413)
        } else { Issue.record("accepted") }
        let huge = "GET / HTTP/1.1\r\nX: " + String(repeating: "a", count: HTTPRequest.maximumHeaderBytes + 10)
        if case .invalid(let code, _) = HTTPRequest.parse(Array(huge.utf8)) { #expect(code == 431) } else { Issue.record("accepted") }
    }

    @Test func servesOnlyThePageAndTheDrawing() {
        let s = server()
        #expect(status(s.handle(request("GET", "/", headers: host), readFile: { Self.source })) == 200)
        #expect(status(s.handle(request("GET", "/t.draw", headers: host), readFile: { Self.source })) == 404)
        #expect(status(s.handle(request("GET", "/../t.draw", headers: host), readFile: { Self.source })) == 404)
        #expect(status(s.handle(request("GET", "/state", headers: host), readFile: { Self.source })) == 403)
        #expect(status(s.handle(request("GET", "/state?token=secret0123456789secret0123456789", headers: host), readFile: { Self.source })) == 200)
        #expect(status(s.handle(request("GET", "/events?token=wrong", headers: host), readFile: { Self.source })) == 403)
        #expect(status(s.handle(request("GET", "/", headers: ["Host": "evil.example:4000"]), readFile: { Self.source })) == 421)
        #expect(status(s.handle(request("GET", "/", headers: [:]), readFile: { Self.source })) == 421)
        #expect(status(s.handle(request("DELETE", "/edit", headers: good), readFile: { Self.source })) == 405)
    }

    @Test func editsNeedTokenAndOrigin() {
        let s = server()
        let body = #"{"version":1,"source":0,"dx":5,"dy":0}"#
        var noToken = good; noToken["X-Drawc-Token"] = nil
        var otherOrigin = good; otherOrigin["Origin"] = "http://evil.example"
        var noOrigin = good; noOrigin["Origin"] = nil
        var queryToken = good; queryToken["X-Drawc-Token"] = nil
        for headers in [noToken, otherOrigin, noOrigin] {
            #expect(status(s.handle(request("POST", "/edit", headers: headers, body: body), readFile: { Self.source })) == 403)
        }
        // The token only in the query is not enough for an edit.
        #expect(status(s.handle(request("POST", "/edit?token=secret0123456789secret0123456789", headers: queryToken, body: body),
                                readFile: { Self.source })) == 403)
        guard case .writeSource(let write) = s.handle(request("POST", "/edit", headers: good, body: body), readFile: { Self.source }) else {
            Issue.record("the edit was not accepted"); return
        }
        #expect(write.response.status == 200 && write.expected == Self.source)
        let text = write.text
        #expect(String(decoding: text, as: UTF8.self) == "rect \"a\", at: (15, 10), width: 20, height: 10, fill: red\n")
        s.wrote(write)
        // Undo gives the text back (the file is still what the drag wrote).
        guard case .writeSource(let undo) = s.handle(request("POST", "/undo", headers: good), readFile: { text }) else {
            Issue.record("undo was refused"); return
        }
        #expect(undo.text == Self.source && undo.expected == text)
    }

    @Test func editsOnlyAnUnchangedFile() {
        let s = server()
        let body = #"{"version":1,"source":0,"dx":5,"dy":0}"#
        let changed = Array("rect at: (0, 0)\n".utf8)
        guard case .respond(let response) = s.handle(request("POST", "/edit", headers: good, body: body), readFile: { changed }) else {
            Issue.record("an edit of a changed file was accepted"); return
        }
        #expect(response.status == 409 && String(decoding: response.body, as: UTF8.self).contains("\"reload\":true"))
        let stale = #"{"version":0,"source":0,"dx":5,"dy":0}"#
        #expect(status(s.handle(request("POST", "/edit", headers: good, body: stale), readFile: { Self.source })) == 409)
    }

    @Test func editorCommandWithoutAShell() {
        #expect(PreviewServer.editorCommand("code -g {file}:{line}:{col}", file: "a b.draw", line: 3, column: 7) == ["code", "-g", "a b.draw:3:7"])
        #expect(PreviewServer.editorCommand("'my editor' --line={line}", file: "x.draw", line: 2, column: 1) == ["my editor", "--line=2", "x.draw"])
        let s = server()
        guard case .openEditor(let command, _) = s.handle(request("POST", "/open", headers: good, body: #"{"source":0}"#), readFile: { Self.source }) else {
            Issue.record("open was refused"); return
        }
        #expect(command == ["ed", "+1:1", "t.draw"])
    }

    @Test func highlightForTheLanguageServer() {
        let s = server()
        // No Origin (not a browser) is fine, the token is not.
        #expect(status(s.handle(request("POST", "/highlight", headers: host, body: #"{"line":1,"column":3}"#), readFile: { Self.source })) == 403)
        var headers = good; headers["Origin"] = nil
        guard case .broadcast(let event, _) = s.handle(request("POST", "/highlight", headers: headers, body: #"{"line":1,"column":3}"#),
                                                        readFile: { Self.source }) else {
            Issue.record("highlight was refused"); return
        }
        #expect(String(decoding: event, as: UTF8.self) == "event: highlight\ndata: {\"sources\":[0],\"line\":1,\"column\":3}\n\n")
    }

    @Test func theLanguageServersAnnouncementAndRequest() throws {
        // What a preview writes and the language server reads back.
        let told = PreviewAnnouncement(file: "/home/u/a \"b\".draw", port: 4000, token: "secret0123456789secret0123456789", pid: 77)
        #expect(PreviewAnnouncement(json: Array(told.json.utf8)) == told)
        // Anything that is not a well-formed announcement is not believed: a token that would
        // break the header it goes into, a port or pid out of range, a missing field.
        for bad in [#"{"file":"/a","port":4000,"token":"x\r\nEvil: 1","pid":7}"#, #"{"file":"/a","port":0,"token":"t","pid":7}"#,
                    #"{"file":"/a","port":70000,"token":"t","pid":7}"#, #"{"file":"/a","port":4000,"token":"","pid":7}"#,
                    #"{"file":"/a","port":4000,"pid":7}"#, #"{"file":"/a","port":4000.5,"token":"t","pid":7}"#, "[]"] {
            #expect(PreviewAnnouncement(json: Array(bad.utf8)) == nil, "\(bad)")
        }
        // The file name: a stable hash of the real path; the folder: per user.
        #expect(PreviewDiscovery.fileName(forPreviewOf: "/a.draw") == PreviewDiscovery.fileName(forPreviewOf: "/a.draw"))
        #expect(PreviewDiscovery.fileName(forPreviewOf: "/a.draw") != PreviewDiscovery.fileName(forPreviewOf: "/b.draw"))
        #expect(PreviewDiscovery.fileName(forPreviewOf: "").hasPrefix("preview-cbf29ce484222325"))
        #expect(PreviewDiscovery.folder(environment: ["XDG_RUNTIME_DIR": "/run/user/5/"], userID: 5) == "/run/user/5/drawc")
        #expect(PreviewDiscovery.folder(environment: ["XDG_RUNTIME_DIR": "relative", "TMPDIR": "/var/tmp/"], userID: 5) == "/var/tmp/drawc-5")
        #expect(PreviewDiscovery.folder(environment: [:], userID: 0) == "/tmp/drawc-0")
        // The request the language server sends is one the server accepts (no Origin: not a browser).
        let bytes = PreviewAnnouncement.highlightRequest(port: 4000, token: "secret0123456789secret0123456789", line: 1, column: 3)
        guard case .complete(let parsed) = HTTPRequest.parse(bytes) else { Issue.record("not parsed"); return }
        guard case .broadcast(let event, let reply) = server().handle(parsed, readFile: { Self.source }) else {
            Issue.record("the language server's highlight was refused"); return
        }
        #expect(reply.status == 200)
        #expect(String(decoding: event, as: UTF8.self).contains("\"sources\":[0]"))
    }

    @Test func stateKeepsTheLastGoodPictureUnderErrors() {
        let s = server()
        s.update(PreviewBuilder.build(source: Array("rect at: (\n".utf8), path: "t.draw", version: 2))
        let state = s.stateJSON()
        #expect(state.contains("\"version\":2,\"pictureVersion\":1,\"ok\":false"))
        #expect(state.contains("\\u003csvg"))
        #expect(state.contains("\"file\":\"t.draw\",\"line\":1,\"column\":11"))
    }

    @Test func flatJSON() {
        #expect(FlatJSON.parse(Array(#"{"a": 1.5, "b": true, "c": "x\"y", "d": null}"#.utf8)) == ["a": .number(1.5), "b": .bool(true), "c": .string("x\"y"), "d": .null])
        #expect(FlatJSON.parse(Array(#"{"a": {"b": 1}}"#.utf8)) == nil)
        #expect(FlatJSON.parse(Array(#"{"a": 1"#.utf8)) == nil)
        #expect(FlatJSON.parse(Array("[]".utf8)) == nil)
    }
}

// The HTTP contract of the preview's edits (issue 40): `POST /edit` with `op`, `POST /redo`,
// `GET /inspect`, `GET /export` — the same checks on every write, every number in range, a
// refused edit answered 4xx with its reason and nothing written.

import DrawKit
@testable import DrawTools
import Testing

@Suite("preview edit routes")
struct EditRouteTests {
    static let source = Array("page size: (300, 200), margin: 0\nrect \"a\", at: (10, 10), width: 20, height: 10, fill: red // a\nellipse at: (80, 10), width: 30, height: 20\n".utf8)
    static let token = "secret0123456789secret0123456789"
    let good = ["Host": "127.0.0.1:4000", "Origin": "http://127.0.0.1:4000", "X-Drawc-Token": EditRouteTests.token]

    func server(_ text: [UInt8] = EditRouteTests.source) -> PreviewServer {
        let server = PreviewServer(path: "t.draw", port: 4000, token: Self.token, editorTemplate: nil)
        server.update(PreviewBuilder.build(source: text, path: "t.draw", version: 1))
        return server
    }

    /// The source index of the first item of the statement on `line`.
    func index(_ s: PreviewServer, line: Int) -> Int {
        s.current!.sources.firstIndex { $0.line == line }!
    }

    func post(_ s: PreviewServer, _ body: String, file: [UInt8] = EditRouteTests.source) -> PreviewServer.Action {
        s.handle(request("POST", "/edit", headers: good, body: body), readFile: { file })
    }

    func written(_ action: PreviewServer.Action) -> String? {
        if case .writeSource(let write) = action { return String(decoding: write.text, as: UTF8.self) }
        return nil
    }

    func message(_ action: PreviewServer.Action) -> String {
        if case .respond(let response) = action { return String(decoding: response.body, as: UTF8.self) }
        return ""
    }

    @Test func everyOperationWrites() {
        let s = server()
        let a = index(s, line: 2), e = index(s, line: 3)
        #expect(written(post(s, #"{"version":1,"op":"resize","source":\#(a),"width":40,"height":15}"#))?.contains("\nrect \"a\", at: (10, 10), width: 40, height: 15, fill: red // a\n") == true)
        #expect(written(post(s, ##"{"version":1,"op":"set","source":\##(a),"property":"fill","value":"#0000ff"}"##))?.contains("fill: #0000ff // a") == true)
        #expect(written(post(s, #"{"version":1,"op":"text","source":\#(a),"text":"b"}"#))?.contains("\nrect \"b\",") == true)
        #expect(written(post(s, #"{"version":1,"op":"delete","source":\#(e)}"#)) == "page size: (300, 200), margin: 0\nrect \"a\", at: (10, 10), width: 20, height: 10, fill: red // a\n")
        #expect(written(post(s, #"{"version":1,"op":"duplicate","source":\#(e),"dx":40,"dy":0}"#))?.hasSuffix("ellipse at: (120, 10), width: 30, height: 20\n") == true)
        #expect(written(post(s, #"{"version":1,"op":"insert","kind":"circle","at":[50,60]}"#))?.hasSuffix("\ncircle at: (50, 60), r: 20\n") == true)
        #expect(written(post(s, #"{"version":1,"op":"connect","from":\#(a),"to":\#(e)}"#))?.hasSuffix("id: ellipse\nbox -> ellipse\n") == true)
        #expect(written(post(s, #"{"version":1,"op":"insert","kind":"ellipse","at":[200,100],"from":\#(e)}"#))?
            .hasSuffix("height: 20, id: ellipse\nellipse at: (200, 100), width: 80, height: 40, id: ellipse2\nellipse -> ellipse2\n") == true)
        #expect(written(post(s, #"{"version":1,"op":"ink","points":[[1,2,0.5],[3,4,0.6]],"color":"navy","width":2}"#))?
            .hasSuffix("stroke width: 2pt, color: navy, points: \"1,2,0.5 2,2,0.1\"\n") == true)
        #expect(written(post(s, #"{"version":1,"source":\#(a),"dx":5,"dy":0}"#))?.contains("\nrect \"a\", at: (15, 10)") == true)
    }

    @Test func refusedEditsWriteNothing() {
        let s = server()
        let a = index(s, line: 2)
        let cases: [(String, Int)] = [
            (#"{"version":1,"op":"explode","source":\#(a)}"#, 400),
            (#"{"version":1,"op":"resize","source":\#(a),"width":-4,"height":15}"#, 400),
            (#"{"version":1,"op":"resize","source":\#(a),"width":1e19,"height":15}"#, 400),
            (#"{"version":1,"op":"resize","source":99,"width":4,"height":15}"#, 400),
            (#"{"version":1,"op":"set","source":\#(a),"property":"fill","value":"12mm"}"#, 422),
            (#"{"version":1,"op":"set","source":\#(a),"property":"fill"}"#, 400),
            (#"{"version":1,"op":"insert","kind":"rect","at":[1e8,0]}"#, 400),
            (#"{"version":1,"op":"insert","kind":"rect","at":[1]}"#, 400),
            (#"{"version":1,"op":"insert","kind":"vstack","at":[1,1]}"#, 422),
            (#"{"version":1,"op":"insert","kind":"rect","at":[1,1],"page":0}"#, 400),
            (#"{"version":1,"op":"connect","from":\#(a),"to":\#(a)}"#, 422),
            (#"{"version":1,"op":"insert","kind":"rect","at":[1,1],"from":99}"#, 400),
            (#"{"version":1,"op":"ink","points":[]}"#, 400),
            (#"{"version":1,"op":"ink","points":[[1,2,1.5]]}"#, 400),
            (#"{"version":1,"op":"ink","points":[[1,2],[1,2,0.5]]}"#, 400),
            (#"{"version":1,"op":"ink","points":[[1,2]],"width":5000}"#, 400),
            (#"{"version":1,"op":"ink","points":[[1,2]],"color":"red, at: (0, 0)"}"#, 422),
            (#"{"version":1,"op":"ink","points":[[[1]]]}"#, 400),
        ]
        for (body, expected) in cases {
            let action = post(s, body)
            #expect(status(action) == expected, "\(body): \(message(action))")
            #expect(written(action) == nil)
        }
        #expect(message(post(s, #"{"version":1,"op":"set","source":\#(a),"property":"fill","value":"12mm"}"#)).contains("cannot set: it would not compile: line 2:"))
        // The same checks as a drag: another picture, a changed file, no token.
        #expect(status(post(s, #"{"version":0,"op":"delete","source":\#(a)}"#)) == 409)
        #expect(status(post(s, #"{"version":1,"op":"delete","source":\#(a)}"#, file: Array("rect\n".utf8))) == 409)
        var noToken = good; noToken["X-Drawc-Token"] = nil
        #expect(status(s.handle(request("POST", "/edit", headers: noToken, body: #"{"version":1,"op":"delete","source":0}"#), readFile: { Self.source })) == 403)
        var noOrigin = good; noOrigin["Origin"] = nil
        #expect(status(s.handle(request("POST", "/redo", headers: noOrigin), readFile: { Self.source })) == 403)
    }

    @Test func undoThenRedo() {
        let s = server()
        let a = index(s, line: 2)
        guard case .writeSource(let edit) = post(s, #"{"version":1,"op":"set","source":\#(a),"property":"fill","value":"blue"}"#) else {
            Issue.record("the edit was refused"); return
        }
        s.wrote(edit)
        #expect(status(s.handle(request("POST", "/redo", headers: good), readFile: { edit.text })) == 409)
        guard case .writeSource(let undo) = s.handle(request("POST", "/undo", headers: good), readFile: { edit.text }) else {
            Issue.record("undo was refused"); return
        }
        #expect(undo.text == Self.source)
        s.wrote(undo)
        // Redo only while the file is still what the undo wrote.
        #expect(status(s.handle(request("POST", "/redo", headers: good), readFile: { Array("changed".utf8) })) == 409)
        guard case .writeSource(let redo) = s.handle(request("POST", "/redo", headers: good), readFile: { Self.source }) else {
            Issue.record("redo was refused"); return
        }
        #expect(redo.text == edit.text && redo.kind == .redo)
        s.wrote(redo)
        #expect(s.undoStack.count == 1 && s.redoStack.isEmpty)
        // A new edit empties the redo list.
        s.wrote(PreviewServer.SourceWrite(kind: .undo, text: Self.source, expected: edit.text, response: .json(200, "{}")))
        #expect(s.redoStack.count == 1)
        s.wrote(PreviewServer.SourceWrite(kind: .edit, text: edit.text, expected: Self.source, response: .json(200, "{}")))
        #expect(s.redoStack.isEmpty)
    }

    @Test func inspectorAndExport() {
        let s = server()
        let a = index(s, line: 2)
        let host = ["Host": "127.0.0.1:4000"]
        let inspect = s.handle(request("GET", "/inspect?token=\(Self.token)&source=\(a)", headers: host), readFile: { Self.source })
        let json = message(inspect)
        #expect(json.contains(#""kind":"rect","label":"a","labelEditable":true"#), "\(json)")
        #expect(json.contains(#"{"name":"fill","control":"color""#) && json.contains(#""written":"red""#))
        #expect(json.contains(#"{"name":"width","control":"length""#) && json.contains(#"{"name":"bold","control":"bool""#))
        #expect(status(s.handle(request("GET", "/inspect?source=\(a)", headers: host), readFile: { Self.source })) == 403)
        #expect(status(s.handle(request("GET", "/inspect?token=\(Self.token)&source=1e9", headers: host), readFile: { Self.source })) == 400)
        // Every output format exports (the list is the backends'), each with its media type.
        #expect(PreviewServer.exportFormats == OutputFormat.allCases)
        let formats: [(String, [UInt8])] = [("png", [0x89, 0x50, 0x4E, 0x47]), ("pdf", Array("%PDF".utf8)), ("svg", Array("<?xm".utf8)),
                                            ("ps", Array("%!PS".utf8)), ("eps", Array("%!PS".utf8))]
        for (format, magic) in formats {
            guard case .respond(let response) = s.handle(request("GET", "/export?token=\(Self.token)&format=\(format)&page=1", headers: host), readFile: { Self.source }) else {
                Issue.record("export \(format) did not answer"); continue
            }
            #expect(response.status == 200 && Array(response.body.prefix(4)) == magic, "\(format)")
            #expect(response.headers.contains { $0.0 == "Content-Disposition" && $0.1 == "attachment; filename=\"t.\(format)\"" })
            #expect(response.headers.contains { $0.0 == "Content-Type" && $0.1 == OutputFormat(rawValue: format)?.mediaType }, "\(format)")
        }
        #expect(status(s.handle(request("GET", "/export?token=\(Self.token)&format=tiff", headers: host), readFile: { Self.source })) == 400)
        #expect(status(s.handle(request("GET", "/export?token=\(Self.token)&format=png&page=2", headers: host), readFile: { Self.source })) == 404)
        #expect(status(s.handle(request("GET", "/export?format=png", headers: host), readFile: { Self.source })) == 403)
        // A query's numbers are digits only, in range: one reader for both routes.
        for query in ["/inspect?token=\(Self.token)&source=+\(a)", "/inspect?token=\(Self.token)&source=", "/inspect?token=\(Self.token)&source=99999999999",
                      "/export?token=\(Self.token)&format=png&page=+1", "/export?token=\(Self.token)&format=png&page=0",
                      "/export?token=\(Self.token)&format=png&page=-1", "/export?token=\(Self.token)&format=png&page=1.0"] {
            #expect(status(s.handle(request("GET", query, headers: host), readFile: { Self.source })) == 400, "\(query)")
        }
        #expect(PreviewServer.wholeNumber("0042", in: 0...100) == 42 && PreviewServer.wholeNumber("101", in: 0...100) == nil)
    }

    @Test func listsInRequests() {
        #expect(FlatJSON.parse(Array(#"{"at": [1, 2.5], "p": [[1, 2, 0.5], []]}"#.utf8))
            == ["at": .list([.number(1), .number(2.5)]), "p": .list([.list([.number(1), .number(2), .number(0.5)]), .list([])])])
        #expect(FlatJSON.parse(Array(#"{"p": [[[1]]]}"#.utf8)) == nil)
        #expect(FlatJSON.parse(Array(#"{"p": [1, ]}"#.utf8)) == nil)
        #expect(FlatJSON.parse(Array(#"{"p": [1"#.utf8)) == nil)
    }
}

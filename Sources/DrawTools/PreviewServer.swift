import DrawBase
import DrawDiagnostics
import DrawKit
import DrawOutput
import DrawScene

/// The preview's routes, security checks and state; the executable owns the sockets, the
/// clock and the file writes, and calls `handle` for one request at a time.
///
/// Routes (docs/preview.md): `GET /` the page; `GET /events` the server-sent events (state
/// and highlight); `GET /state` the state as JSON; `POST /edit` a drag; `POST /undo`;
/// `POST /open` opens the editor; `POST /highlight` (for the language server) outlines the
/// items of the statement at a line and column. Nothing else, and no file from the disk.
package final class PreviewServer {
    /// The previewed file: the only one an edit may write.
    package let path: String
    package let port: Int
    /// The per-run secret: given to the page, required by every route but the page itself.
    package let token: String
    /// The editor command template (`code -g {file}:{line}:{col}`), if any.
    package let editorTemplate: String?

    /// The newest compile, and the newest one without errors (shown under errors).
    package private(set) var current: PreviewSnapshot?
    package private(set) var lastGood: PreviewSnapshot?
    /// Each edit the preview wrote, newest last (Ctrl-Z in the page): the text before it and
    /// the text written. An undo goes back only while the file is still what was written.
    package private(set) var undoStack: [(before: [UInt8], after: [UInt8])] = []
    /// Edits undone, newest last (Ctrl-Shift-Z); a new edit empties it.
    package private(set) var redoStack: [(before: [UInt8], after: [UInt8])] = []
    /// Shown once by the page with the next state (e.g. "the file changed on disk").
    package var notice: String?
    /// The options the preview compiles with: an edit must compile with them to be written.
    package var compileOptions = CompileOptions()

    /// The most undo steps kept.
    package static let maximumUndoSteps = 100
    /// The largest move of one drag, in points, each way (Scene's coordinate range).
    package static let maximumDrag = 1e7
    /// Lines and columns a request may name (1-based).
    package static let lineRange = 1...1_000_000_000
    /// Versions a request may name.
    package static let versionRange = 0...1_000_000_000

    package init(path: String, port: Int, token: String, editorTemplate: String?) {
        self.path = path; self.port = port; self.token = token; self.editorTemplate = editorTemplate
    }

    /// What the executable must do for a request.
    package enum Action: Sendable {
        /// Send this and close.
        case respond(HTTPResponse)
        /// Send `HTTPResponse.eventStreamHead()` and the current state event, then keep the
        /// connection for later events.
        case openEventStream
        /// Write the file (atomically) in the same step on the serial queue, only if it is
        /// still what `handle` read; then `wrote` (or `refused`), then the response.
        case writeSource(SourceWrite)
        /// Start the editor with these arguments (no shell), then send the response.
        case openEditor([String], HTTPResponse)
        /// Send `event` to every event stream, then the response.
        case broadcast(event: [UInt8], HTTPResponse)
    }

    /// A write of the previewed file, decided by `handle`.
    package struct SourceWrite: Sendable, Equatable {
        package enum Kind: Sendable, Equatable { case edit, undo, redo }
        package var kind: Kind
        /// The new text of the file.
        package var text: [UInt8]
        /// The file's text when the request was checked: the write goes ahead only if the file
        /// still holds it (an editor's save in between is refused, not overwritten).
        package var expected: [UInt8]
        package var response: HTTPResponse
        /// The picture of `text`, made while checking that it compiles: the watch loop shows
        /// it instead of compiling the same text again (nil for undo and redo).
        package var picture: PreviewSnapshot? = nil

        /// Equal writes write the same text the same way (the picture follows from the text).
        package static func == (a: SourceWrite, b: SourceWrite) -> Bool {
            a.kind == b.kind && a.text == b.text && a.expected == b.expected && a.response == b.response
        }
    }

    /// The write was made: an edit becomes an undo step, an undo takes one off.
    package func wrote(_ write: SourceWrite) {
        switch write.kind {
        case .edit:
            undoStack.append((before: write.expected, after: write.text))
            if undoStack.count > Self.maximumUndoSteps { undoStack.removeFirst() }
            redoStack = []
        case .undo:
            if let step = undoStack.popLast() { redoStack.append(step) }
        case .redo:
            if let step = redoStack.popLast() { undoStack.append(step) }
        }
    }

    /// The file changed between the check and the write (an editor saved it): nothing was
    /// written; the page reloads.
    package func refused(_ write: SourceWrite) -> HTTPResponse {
        let doing = switch write.kind {
        case .edit: "editing"
        case .undo: "undoing"
        case .redo: "redoing"
        }
        notice = "the file changed on disk while " + doing + ": reloaded, nothing was written"
        return .json(409, "{\"ok\":false,\"reload\":true,\"message\":\(JSONText.string(notice!))}")
    }

    package func update(_ snapshot: PreviewSnapshot) {
        current = snapshot
        if !snapshot.hasErrors { lastGood = snapshot }
    }

    // MARK: Security

    /// `Host` must name this server by loopback address: a page of another site reaching us
    /// through a DNS name that resolves to 127.0.0.1 (DNS rebinding) sends its own name.
    func hostAllowed(_ request: HTTPRequest) -> Bool {
        guard let host = request.headers["host"] else { return false }
        return host == "127.0.0.1:\(port)" || host == "localhost:\(port)"
    }

    /// `Origin` must be this server; `allowMissing` for clients that are not browsers.
    func originAllowed(_ request: HTTPRequest, allowMissing: Bool) -> Bool {
        guard let origin = request.headers["origin"] else { return allowMissing }
        return origin == "http://127.0.0.1:\(port)" || origin == "http://localhost:\(port)"
    }

    /// The token from the `X-Drawc-Token` header or the `token` query parameter, compared
    /// in time independent of where it differs.
    func tokenAllowed(_ request: HTTPRequest, headerOnly: Bool) -> Bool {
        guard let given = request.headers["x-drawc-token"] ?? (headerOnly ? nil : request.query["token"]) else { return false }
        let a = Array(given.utf8), b = Array(token.utf8)
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for i in a.indices { difference |= a[i] ^ b[i] }
        return difference == 0
    }

    // MARK: Routing

    /// Answers one request. `readFile` reads the previewed file as it is on disk now.
    package func handle(_ request: HTTPRequest, readFile: () -> [UInt8]?) -> Action {
        guard hostAllowed(request) else { return .respond(.text(421, "wrong Host: this server answers only as 127.0.0.1:\(port)")) }
        switch (request.method, request.path) {
        case ("GET", "/"):
            let page = PreviewPage.html(token: token, title: title)
            return .respond(HTTPResponse(status: 200, contentType: "text/html; charset=utf-8", body: Array(page.utf8), headers: [
                ("Content-Security-Policy", "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"),
                ("X-Frame-Options", "DENY"), ("Referrer-Policy", "no-referrer"),
            ]))
        case ("GET", "/events"):
            guard tokenAllowed(request, headerOnly: false) else { return .respond(.text(403, "missing or wrong token")) }
            guard originAllowed(request, allowMissing: true) else { return .respond(.text(403, "wrong Origin")) }
            return .openEventStream
        case ("GET", "/state"):
            guard tokenAllowed(request, headerOnly: false) else { return .respond(.text(403, "missing or wrong token")) }
            guard originAllowed(request, allowMissing: true) else { return .respond(.text(403, "wrong Origin")) }
            return .respond(.json(200, stateJSON()))
        case ("GET", "/inspect"):
            guard tokenAllowed(request, headerOnly: false) else { return .respond(.text(403, "missing or wrong token")) }
            guard originAllowed(request, allowMissing: true) else { return .respond(.text(403, "wrong Origin")) }
            return .respond(inspect(request.query))
        case ("GET", "/export"):
            guard tokenAllowed(request, headerOnly: false) else { return .respond(.text(403, "missing or wrong token")) }
            guard originAllowed(request, allowMissing: true) else { return .respond(.text(403, "wrong Origin")) }
            return .respond(export(request.query))
        case ("POST", "/edit"), ("POST", "/undo"), ("POST", "/redo"), ("POST", "/open"):
            guard tokenAllowed(request, headerOnly: true) else { return .respond(.text(403, "missing or wrong token")) }
            guard originAllowed(request, allowMissing: false) else { return .respond(.text(403, "wrong Origin")) }
            let body = FlatJSON.parse(request.body) ?? [:]
            switch request.path {
            case "/edit": return edit(body, readFile: readFile)
            case "/undo": return undo(readFile: readFile)
            case "/redo": return redo(readFile: readFile)
            default: return openEditor(body)
            }
        case ("POST", "/highlight"):
            guard tokenAllowed(request, headerOnly: true) else { return .respond(.text(403, "missing or wrong token")) }
            guard originAllowed(request, allowMissing: true) else { return .respond(.text(403, "wrong Origin")) }
            return highlight(FlatJSON.parse(request.body) ?? [:])
        case (_, "/"), (_, "/events"), (_, "/state"), (_, "/edit"), (_, "/undo"), (_, "/redo"), (_, "/open"), (_, "/highlight"),
             (_, "/inspect"), (_, "/export"):
            return .respond(.text(405, "method not allowed"))
        default:
            return .respond(.text(404, "not found: the preview serves only its page and the drawing"))
        }
    }

    var title: String {
        String(path.split(separator: "/").last ?? Substring(path))
    }

    /// Checks shared by edit and undo: the picture the page saw is the newest, the file on
    /// disk is what it was made from. On a mismatch the page is told to reload.
    func checkUnchanged(version: Int?, readFile: () -> [UInt8]?) -> HTTPResponse? {
        guard let current else { return .json(409, #"{"ok":false,"message":"nothing compiled yet"}"#) }
        guard let disk = readFile() else { return .json(409, #"{"ok":false,"message":"cannot read the file"}"#) }
        if disk != current.source || (version != nil && version != current.version) {
            notice = "the file changed on disk since this picture: reloaded, nothing was written"
            return .json(409, "{\"ok\":false,\"reload\":true,\"message\":\(JSONText.string(notice!))}")
        }
        return nil
    }

    /// The operations of `POST /edit` (`op`; `move` when absent).
    package enum EditOperation: String, CaseIterable, Sendable {
        case move, resize, set, text, delete, duplicate, insert, connect, ink
    }

    /// A request refused before any rewrite: its answer.
    struct Refused: Error { var action: Action }

    static func refusal(_ status: Int, _ message: String) -> Action {
        .respond(.json(status, "{\"ok\":false,\"message\":\(JSONText.string(message))}"))
    }

    func edit(_ body: [String: FlatJSON.Value], readFile: () -> [UInt8]?) -> Action {
        // Every number is checked before it is used: whole where it counts, in range.
        let versionValue = body["version"]
        let version = versionValue?.wholeNumber(in: Self.versionRange)
        guard versionValue == nil || versionValue == .null || version != nil else {
            return Self.refusal(400, "an edit needs version (a whole number from 0 to 1000000000)")
        }
        let opValue = body["op"] ?? .string("move")
        guard case .string(let opName) = opValue, let op = EditOperation(rawValue: opName) else {
            return Self.refusal(400, "op is one of " + EditOperation.allCases.map(\.rawValue).joined(separator: ", "))
        }
        if let refused = checkUnchanged(version: version, readFile: readFile) { return .respond(refused) }
        let current = current!
        guard !current.hasErrors else { return Self.refusal(409, "the drawing has errors: fix them before editing") }
        let verb = op == .move ? "drag" : op.rawValue

        /// The statement a `source` (or `from`/`to`) names: in the picture, in this file.
        func statement(_ key: String) -> Result<(PreviewSource, Span), Refused> {
            guard let index = body[key]?.wholeNumber(in: 0...Int(Int32.max)), current.sources.indices.contains(index) else {
                return .failure(Refused(action: Self.refusal(400, "\(key) is a whole number naming an item of the picture")))
            }
            let source = current.sources[index]
            guard source.path == path else { return .failure(Refused(action: Self.refusal(422, "cannot \(verb): it is not in the previewed file"))) }
            return .success((source, Span(file: FileID(0), start: UInt32(source.byteStart), end: UInt32(source.byteEnd))))
        }
        func number(_ key: String, _ range: ClosedRange<Double>) -> Double? {
            guard let n = body[key]?.number, range.contains(n) else { return nil }
            return n
        }
        func string(_ key: String) -> String? {
            if case .string(let s) = body[key] { return s } else { return nil }
        }
        let page = body["page"]?.wholeNumber(in: 1...1_000_000)
        if body["page"] != nil && body["page"] != .null && page == nil {
            return Self.refusal(400, "page is a whole number from 1")
        }
        // Page points → the drawing's coordinates (the `at:` of a top-level statement).
        let origin = current.origins.indices.contains((page ?? 1) - 1) ? current.origins[(page ?? 1) - 1] : Point(0, 0)

        let result: Result<[UInt8], PositionRewrite.Refusal>
        switch op {
        case .move:
            guard let dx = number("dx", -Self.maximumDrag...Self.maximumDrag), let dy = number("dy", -Self.maximumDrag...Self.maximumDrag) else {
                return Self.refusal(400, "an edit needs version and source (whole numbers), dx and dy (within ±10000000)")
            }
            guard let index = body["source"]?.wholeNumber(in: 0...Int(Int32.max)), current.sources.indices.contains(index) else {
                return Self.refusal(400, "an edit needs version and source (whole numbers), dx and dy (within ±10000000)")
            }
            let source = current.sources[index]
            if let reason = source.notDraggable { return Self.refusal(422, "cannot drag: " + reason) }
            guard source.path == path else { return Self.refusal(422, "cannot drag: it is not in the previewed file") }
            let span = Span(file: FileID(0), start: UInt32(source.byteStart), end: UInt32(source.byteEnd))
            result = PositionRewrite.move(source: current.source, path: path, statement: span, dx: dx, dy: dy, snap: body["snap"]?.bool ?? false)
        case .resize:
            guard let width = number("width", 1e-6...Self.maximumDrag), let height = number("height", 1e-6...Self.maximumDrag) else {
                return Self.refusal(400, "resize needs width and height in points, more than 0 and at most 10000000")
            }
            switch statement("source") {
            case .failure(let refused): return refused.action
            case .success(let (_, span)): result = SourceEdit.resize(source: current.source, path: path, statement: span, width: width, height: height)
            }
        case .set:
            guard let property = string("property"), let value = string("value") else {
                return Self.refusal(400, "set needs property and value (strings; the value in source syntax)")
            }
            switch statement("source") {
            case .failure(let refused): return refused.action
            case .success(let (_, span)): result = SourceEdit.set(source: current.source, path: path, statement: span, property: property, value: value)
            }
        case .text:
            guard let text = string("text") else { return Self.refusal(400, "text needs text (a string)") }
            switch statement("source") {
            case .failure(let refused): return refused.action
            case .success(let (_, span)): result = SourceEdit.text(source: current.source, path: path, statement: span, text: text)
            }
        case .delete:
            switch statement("source") {
            case .failure(let refused): return refused.action
            case .success(let (_, span)): result = SourceEdit.delete(source: current.source, path: path, statement: span)
            }
        case .duplicate:
            let dx = body["dx"] == nil ? 20 : number("dx", -Self.maximumDrag...Self.maximumDrag)
            let dy = body["dy"] == nil ? 20 : number("dy", -Self.maximumDrag...Self.maximumDrag)
            guard let dx, let dy else { return Self.refusal(400, "duplicate's dx and dy are within ±10000000") }
            switch statement("source") {
            case .failure(let refused): return refused.action
            case .success(let (_, span)): result = SourceEdit.duplicate(source: current.source, path: path, statement: span, dx: dx, dy: dy)
            }
        case .insert:
            guard let kind = string("kind"), let at = body["at"]?.numbers, at.count == 2, at.allSatisfy({ abs($0) <= Self.maximumDrag }) else {
                return Self.refusal(400, "insert needs kind (a string) and at: [x, y] in page points (within ±10000000)")
            }
            let text = string("text")
            if body["text"] != nil && body["text"] != .null && text == nil { return Self.refusal(400, "insert's text is a string") }
            // Connect mode's drag from a node to empty paper: the new node is connected from it.
            var from: Span? = nil
            if body["from"] != nil && body["from"] != .null {
                switch statement("from") {
                case .failure(let refused): return refused.action
                case .success(let (_, span)): from = span
                }
            }
            result = SourceEdit.insert(source: current.source, path: path, kind: kind, x: at[0] - origin.x, y: at[1] - origin.y, text: text, page: page, from: from)
        case .connect:
            let from: Span, to: Span
            switch statement("from") {
            case .failure(let refused): return refused.action
            case .success(let (_, span)): from = span
            }
            switch statement("to") {
            case .failure(let refused): return refused.action
            case .success(let (_, span)): to = span
            }
            result = SourceEdit.connect(source: current.source, path: path, from: from, to: to)
        case .ink:
            guard case .list(let list) = body["points"], !list.isEmpty, list.count <= SourceEdit.maximumInkPoints else {
                return Self.refusal(400, "ink needs points: [[x, y, pressure], …] (1 to \(SourceEdit.maximumInkPoints))")
            }
            var points: [[Double]] = []
            points.reserveCapacity(list.count)
            for item in list {
                guard let numbers = item.numbers, numbers.count == 2 || numbers.count == 3,
                      abs(numbers[0]) <= Self.maximumDrag, abs(numbers[1]) <= Self.maximumDrag,
                      numbers.count == 2 || (0...1).contains(numbers[2]), numbers.count == (points.first?.count ?? numbers.count) else {
                    return Self.refusal(400, "a point is [x, y] or [x, y, pressure], all of one size: coordinates within ±10000000 pt, pressure from 0 to 1")
                }
                points.append([numbers[0] - origin.x, numbers[1] - origin.y] + numbers.dropFirst(2))
            }
            let color = string("color")
            if body["color"] != nil && body["color"] != .null && color == nil { return Self.refusal(400, "ink's color is a string") }
            let width = number("width", 1e-6...1000)
            if body["width"] != nil && body["width"] != .null && width == nil { return Self.refusal(400, "ink's width is more than 0 and at most 1000 pt") }
            result = SourceEdit.ink(source: current.source, path: path, points: points, color: color, width: width, page: page)
        }
        let text: [UInt8]
        switch result {
        case .failure(let refusal): return Self.refusal(422, "cannot \(verb): " + refusal.message)
        case .success(let new): text = new
        }
        if text == current.source { return .respond(.json(200, #"{"ok":true,"changed":false}"#)) }
        // It must compile with the preview's options; the picture made doing so is the one shown.
        let picture = PreviewBuilder.build(source: text, path: path, version: current.version, options: compileOptions)
        if picture.hasErrors {
            let why = SourceEdit.notCompiling(picture.diagnostics)?.message ?? "it would not compile: it has no page"
            return Self.refusal(422, "cannot \(verb): " + why)
        }
        // The file on disk is `current.source` (checked above).
        return .writeSource(SourceWrite(kind: .edit, text: text, expected: current.source,
                                        response: .json(200, #"{"ok":true,"changed":true}"#), picture: picture))
    }

    /// The selected statement's properties for the page's inspector (docs/preview.md).
    func inspect(_ query: [String: String]) -> HTTPResponse {
        guard let current, !current.hasErrors else { return .json(409, #"{"ok":false,"message":"the drawing has errors"}"#) }
        guard let index = Self.wholeNumber(query["source"], in: 0...Int(Int32.max)), current.sources.indices.contains(index) else {
            return .json(400, #"{"ok":false,"message":"source is a whole number naming an item of the picture"}"#)
        }
        let source = current.sources[index]
        guard source.path == path else { return .json(422, #"{"ok":false,"message":"it is not in the previewed file"}"#) }
        let span = Span(file: FileID(0), start: UInt32(source.byteStart), end: UInt32(source.byteEnd))
        switch SourceEdit.inspect(source: current.source, path: path, statement: span) {
        case .success(let json): return .json(200, json)
        case .failure(let refusal): return .json(422, "{\"ok\":false,\"message\":\(JSONText.string(refusal.message))}")
        }
    }

    /// A query parameter that is a whole number within `range`: digits only (no sign, no
    /// point), at most 10 of them; nil otherwise. The one way a query's number becomes an `Int`
    /// (a body's is `FlatJSON.Value.wholeNumber`).
    static func wholeNumber(_ text: String?, in range: ClosedRange<Int>) -> Int? {
        guard let text, (1...10).contains(text.utf8.count), text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
              let value = Int(text), range.contains(value) else { return nil }
        return value
    }

    /// The formats `GET /export` writes: every output format, as its backend describes it.
    package static var exportFormats: [OutputFormat] { OutputFormat.allCases }

    /// A page of the newest good picture through drawc's own backends, as a download
    /// (`format` one of `exportFormats`; `page` from 1; a format of one file for all pages
    /// holds every page).
    func export(_ query: [String: String]) -> HTTPResponse {
        guard let format = query["format"].flatMap(OutputFormat.init(rawValue:)), Self.exportFormats.contains(format) else {
            let choice = OutputFormat.listed(Self.exportFormats.map(\.rawValue), last: " or ")
            return .json(400, "{\"ok\":false,\"message\":" + JSONText.string("format is " + choice) + "}")
        }
        guard let page = Self.wholeNumber(query["page"] ?? "1", in: 1...1_000_000) else {
            return .json(400, #"{"ok":false,"message":"page is a whole number from 1"}"#)
        }
        guard let shown = lastGood else { return .json(409, #"{"ok":false,"message":"nothing compiled yet"}"#) }
        let result = compile(source: shown.source, path: path, format: format)
        guard !result.report.hasErrors, page <= result.pageCount else {
            return .json(result.report.hasErrors ? 409 : 404, #"{"ok":false,"message":"no such page"}"#)
        }
        let file = result.outputs.first { $0.page == page } ?? result.outputs.first { $0.page == nil }
        guard let file else { return .json(404, #"{"ok":false,"message":"no such page"}"#) }
        let stem = title.hasSuffix(".draw") ? String(title.dropLast(5)) : title
        let name = (!format.isOnePagePerFile || result.pageCount == 1 ? stem : "\(stem)-\(page)") + "." + format.fileExtension
        let safeName = String(name.unicodeScalars.map { $0.isASCII && $0 != "\"" && $0 != "\\" && $0.value >= 0x20 ? Character($0) : "_" })
        return HTTPResponse(status: 200, contentType: format.mediaType, body: file.bytes, headers: [
            ("Content-Disposition", "attachment; filename=\"\(safeName)\""),
            ("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'; img-src data:"),
        ])
    }

    /// Puts back the text before the newest drag, only while the file is still exactly what
    /// that drag wrote: an editor's change since then is never thrown away (409, nothing written).
    func undo(readFile: () -> [UInt8]?) -> Action {
        guard let step = undoStack.last else { return .respond(.json(409, #"{"ok":false,"message":"nothing to undo"}"#)) }
        guard let disk = readFile() else { return .respond(.json(409, #"{"ok":false,"message":"cannot read the file"}"#)) }
        guard disk == step.after else {
            notice = "the file changed since the preview's last edit: undo in the editor; nothing was written"
            return .respond(.json(409, "{\"ok\":false,\"reload\":true,\"message\":\(JSONText.string(notice!))}"))
        }
        return .writeSource(SourceWrite(kind: .undo, text: step.before, expected: disk, response: .json(200, #"{"ok":true,"changed":true}"#)))
    }

    /// Writes again the newest undone edit, only while the file is still what the undo put back.
    func redo(readFile: () -> [UInt8]?) -> Action {
        guard let step = redoStack.last else { return .respond(.json(409, #"{"ok":false,"message":"nothing to redo"}"#)) }
        guard let disk = readFile() else { return .respond(.json(409, #"{"ok":false,"message":"cannot read the file"}"#)) }
        guard disk == step.before else {
            notice = "the file changed since the preview's last undo: redo in the editor; nothing was written"
            return .respond(.json(409, "{\"ok\":false,\"reload\":true,\"message\":\(JSONText.string(notice!))}"))
        }
        return .writeSource(SourceWrite(kind: .redo, text: step.after, expected: disk, response: .json(200, #"{"ok":true,"changed":true}"#)))
    }

    func openEditor(_ body: [String: FlatJSON.Value]) -> Action {
        guard let template = editorTemplate else {
            return .respond(.json(409, #"{"ok":false,"message":"no editor: start the preview with --editor or set DRAWC_EDITOR"}"#))
        }
        guard let current, let index = body["source"]?.wholeNumber(in: 0...Int(Int32.max)), current.sources.indices.contains(index) else {
            return .respond(.json(400, #"{"ok":false,"message":"unknown source"}"#))
        }
        let source = current.sources[index]
        return .openEditor(Self.editorCommand(template, file: source.path, line: source.line, column: source.column),
                           .json(200, #"{"ok":true}"#))
    }

    /// The editor's arguments: the template split at spaces (single or double quotes group),
    /// then `{file}`, `{line}`, `{col}` replaced in each argument. No shell ever sees it.
    package static func editorCommand(_ template: String, file: String, line: Int, column: Int) -> [String] {
        var words: [String] = [], word = "", quote: Character?, inWord = false
        for c in template {
            if let q = quote {
                if c == q { quote = nil } else { word.append(c) }
            } else if c == "'" || c == "\"" {
                quote = c; inWord = true
            } else if c == " " || c == "\t" {
                if inWord { words.append(word); word = ""; inWord = false }
            } else {
                word.append(c); inWord = true
            }
        }
        if inWord { words.append(word) }
        let hasFile = words.contains { $0.contains("{file}") }
        var result = words.map {
            $0.replacing("{file}", with: file).replacing("{line}", with: String(line)).replacing("{col}", with: String(column))
        }
        if !hasFile { result.append(file) }
        return result
    }

    /// For the language server: the innermost statement at (line, column) is outlined in the page.
    func highlight(_ body: [String: FlatJSON.Value]) -> Action {
        let columnValue = body["column"]
        guard let line = body["line"]?.wholeNumber(in: Self.lineRange),
              let column = columnValue == nil ? 1 : columnValue?.wholeNumber(in: Self.lineRange) else {
            return .respond(.json(400, #"{"ok":false,"message":"highlight needs line (and column), whole numbers from 1 to 1000000000"}"#))
        }
        let sources = (current?.hasErrors == false ? current : lastGood)?.sources ?? []
        var best: Int?
        for (index, s) in sources.enumerated() where s.path == path {
            let after = (line, column) >= (s.line, s.column), before = (line, column) <= (s.endLine, s.endColumn)
            guard after && before else { continue }
            if let b = best, sources[b].byteEnd - sources[b].byteStart <= s.byteEnd - s.byteStart { continue }
            best = index
        }
        // Every entry of the same statement (component bodies share their call site).
        let ids = best.map { b in sources.indices.filter { sources[$0].byteStart == sources[b].byteStart && sources[$0].byteEnd == sources[b].byteEnd } } ?? []
        let list = ids.map(String.init).joined(separator: ",")
        let event = Array("event: highlight\ndata: {\"sources\":[\(list)],\"line\":\(line),\"column\":\(column)}\n\n".utf8)
        return .broadcast(event: event, .json(200, "{\"ok\":true,\"sources\":[\(list)]}"))
    }

    // MARK: State

    /// The state event for event streams.
    package func stateEvent() -> [UInt8] {
        Array(("event: state\ndata: " + stateJSON() + "\n\n").utf8)
    }

    /// What the page shows: the newest compile's diagnostics over the newest good picture.
    package func stateJSON() -> String {
        var out = "{"
        let shown = lastGood
        out += "\"version\":\(current?.version ?? 0)"
        out += ",\"pictureVersion\":\(shown?.version ?? 0)"
        out += ",\"ok\":\(current.map { !$0.hasErrors } ?? false)"
        out += ",\"editor\":\(editorTemplate != nil)"
        out += ",\"file\":" + JSONText.string(path)
        out += ",\"ms\":" + NumberFormat.string(current?.milliseconds ?? 0, precision: 1)
        if let notice { out += ",\"notice\":" + JSONText.string(notice) }
        out += ",\"pages\":[" + (shown?.pages ?? []).map(JSONText.string).joined(separator: ",") + "]"
        out += ",\"sources\":[" + (shown?.sources ?? []).map(Self.sourceJSON).joined(separator: ",") + "]"
        out += ",\"diagnosticsText\":" + JSONText.string(current?.diagnosticsText ?? "")
        out += ",\"diagnostics\":[" + (current?.diagnostics ?? []).map(Self.diagnosticJSON).joined(separator: ",") + "]"
        return out + "}"
    }

    static func sourceJSON(_ s: PreviewSource) -> String {
        var out = "{\"path\":" + JSONText.string(s.path)
        out += ",\"line\":\(s.line),\"column\":\(s.column),\"endLine\":\(s.endLine),\"endColumn\":\(s.endColumn)"
        out += ",\"kind\":" + JSONText.string(s.kind)
        out += ",\"text\":" + JSONText.string(s.lineText)
        out += ",\"statement\":" + JSONText.string(s.statement)
        out += ",\"definitions\":[" + s.definitions.map(JSONText.string).joined(separator: ",") + "]"
        out += ",\"notDraggable\":" + (s.notDraggable.map(JSONText.string) ?? "null")
        return out + "}"
    }

    static func diagnosticJSON(_ d: DrawDiagnostic) -> String {
        var out = "{\"severity\":" + JSONText.string(d.severity.rawValue)
        out += ",\"id\":" + JSONText.string(d.id)
        out += ",\"message\":" + JSONText.string(d.message)
        out += ",\"file\":" + JSONText.string(d.location?.path ?? d.file ?? "")
        out += ",\"line\":\(d.location?.line ?? 0),\"column\":\(d.location?.column ?? 0)"
        return out + "}"
    }
}

/// A JSON object of numbers, booleans, strings, nulls and lists of them (two levels deep at
/// most: ink's points): all the preview's requests send. Anything else (objects inside,
/// deeper lists, bad syntax) makes `parse` return nil.
package enum FlatJSON {
    package enum Value: Hashable, Sendable {
        case number(Double), bool(Bool), string(String), null
        /// `[…]` of numbers, strings, booleans, nulls or such lists (two levels at most: ink's points).
        case list([Value])
        package var number: Double? { if case .number(let n) = self { return n } else { return nil } }
        /// A list of numbers only (`[x, y]`, `[x, y, pressure]`).
        package var numbers: [Double]? {
            guard case .list(let items) = self else { return nil }
            var result: [Double] = []
            for item in items { guard case .number(let n) = item else { return nil }; result.append(n) }
            return result
        }
        package var bool: Bool? { if case .bool(let b) = self { return b } else { return nil } }

        /// The number when it is a whole number within `range`; nil otherwise (`1e19`, `2.5`,
        /// a string). The one way a request's number becomes an `Int`: never a trap.
        package func wholeNumber(in range: ClosedRange<Int>) -> Int? {
            guard case .number(let n) = self, n == n.rounded(), n >= Double(range.lowerBound), n <= Double(range.upperBound) else { return nil }
            return Int(n)
        }
    }

    /// The request body read by the one JSON reader (`JSON.parse`), then held to the flat
    /// shape: an object whose members are scalars or lists at most two deep.
    package static func parse(_ bytes: [UInt8]) -> [String: Value]? {
        guard case .object(let members)? = JSON.parse(bytes) else { return nil }
        func flat(_ value: JSON, depth: Int) -> Value? {
            switch value {
            case .null: return .null
            case .bool(let b): return .bool(b)
            case .number(let n): return n.isFinite ? .number(n) : nil
            case .string(let s): return .string(s)
            case .array(let items):
                guard depth < 2 else { return nil }
                var list: [Value] = []
                for item in items {
                    guard let element = flat(item, depth: depth + 1) else { return nil }
                    list.append(element)
                }
                return .list(list)
            case .object: return nil
            }
        }
        var result: [String: Value] = [:]
        for (key, member) in members {
            guard let value = flat(member, depth: 0) else { return nil }
            result[key] = value
        }
        return result
    }
}

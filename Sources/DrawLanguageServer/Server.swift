// DrawLanguageServer — the Language Server Protocol 3.17 for .draw files, as pure logic:
// message bodies in, message bodies out. The drawc executable owns the stdio loop
// (`drawc lsp`); tests and the benchmark drive this type directly.
//
// Takes: JSON-RPC messages (requests and notifications) one at a time. Hands on: the
// responses and notifications to send, in order. Invariants: every request gets exactly
// one response (a result or an error), never a crash: a malformed message is answered
// with the protocol's error codes, an unknown method with MethodNotFound; a document is
// re-analysed on every change and its diagnostics published at once; positions are UTF-16
// (the protocol's default) and every byte offset is converted in TextDocument.
//
// Does not: read standard input or write output, run anything concurrently, or watch the
// file system (imports are read when a document that names them is analysed).

import DrawDiagnostics
import DrawFonts
import DrawLayout
import DrawResources
import DrawSemantics
import DrawSyntax

/// The server's state: open documents and their latest analyses.
package final class LanguageServer {
    package private(set) var documents: [String: TextDocument] = [:]
    package private(set) var analyses: [String: Analysis] = [:]
    /// Set by `shutdown`; `exit` then ends the loop with status 0 (1 without it).
    package private(set) var isShutDown = false
    /// Set by `initialize`: until then requests are answered with ServerNotInitialized.
    package private(set) var isInitialized = false
    package private(set) var shouldExit = false
    package var exitStatus: Int32 { isShutDown ? 0 : 1 }

    let fontPaths: [String]
    let environment: [String: String]
    /// Font libraries by drawing folder, kept across analyses (each caches the files it read).
    var fontLibraries: [String: FontLibrary] = [:]
    /// Measured texts of each open document, kept from one analysis to the next (layout's
    /// `TextMeasureCache`; dropped when the document is closed).
    var textCaches: [String: TextMeasureCache] = [:]
    /// Font families found on the font path, by drawing folder (scanned once, on first use).
    var fontFamilies: [String: [String]] = [:]
    /// Where completion of file names looks (the file system; tests may supply folders).
    let directoryLister: any DirectoryLister
    /// Told where the cursor is (set by `drawc lsp` to post it to a running preview).
    package var previewLink: (any PreviewLink)?
    var lastCursor: CursorPlace?

    package init(fontPaths: [String] = [], environment: [String: String] = [:],
                 directoryLister: any DirectoryLister = FileSystemLister()) {
        self.fontPaths = fontPaths
        self.environment = environment
        self.directoryLister = directoryLister
    }

    // MARK: Messages

    /// Handles one message body; returns the bodies to send.
    package func handle(_ body: [UInt8]) -> [[UInt8]] {
        guard let (message, idText) = JSON.parseMessage(body) else {
            return [Self.errorResponse(id: nil, code: -32700, "the message is not JSON")]
        }
        guard case .object = message else {
            return [Self.errorResponse(id: nil, code: -32600, "a message is a JSON object (batches are not part of the protocol)")]
        }
        let idValue = message["id"]
        let id = RequestID(idValue, text: idText)
        guard let method = message["method"]?.string else {
            // A response to a request of ours (none are sent) or garbage.
            if idValue != nil, message["result"] != nil || message["error"] != nil { return [] }
            return [Self.errorResponse(id: id, code: -32600, "a request needs a method")]
        }
        let params = message["params"] ?? .null
        if idValue != nil {
            // An id that is not a string or a number (`null` included: the protocol's ids are
            // integers or strings) cannot be answered by: Invalid Request, with a null id.
            guard let id else {
                return [Self.errorResponse(id: nil, code: -32600, "a request's id is a number or a string")]
            }
            if shouldExit { return [] }
            // LSP 3.17: before `initialize`, every request is ServerNotInitialized.
            if !isInitialized && method != "initialize" {
                return [Self.errorResponse(id: id, code: -32002, "the server is not initialized: 'initialize' comes first")]
            }
            if isShutDown && method != "exit" {
                return [Self.errorResponse(id: id, code: -32600, "the server is shut down")]
            }
            switch request(method, params) {
            case .result(let result): return [Self.response(id: id, result: result)]
            case .error(let code, let text): return [Self.errorResponse(id: id, code: code, text)]
            }
        }
        // Before `initialize`, notifications are dropped, except `exit`.
        if !isInitialized && method != "exit" { return [] }
        return notification(method, params)
    }

    enum Reply {
        case result(JSON)
        case error(Int, String)
    }

    func request(_ method: String, _ params: JSON) -> Reply {
        switch method {
        case "initialize":
            isInitialized = true
            return .result(Self.initializeResult)
        case "shutdown":
            isShutDown = true
            return .result(.null)
        case "textDocument/completion": return withDocument(params) { .result(completion($0, $1, params)) }
        case "completionItem/resolve": return .result(params)
        case "textDocument/hover": return withDocument(params) { .result(hover($0, $1, params)) }
        case "textDocument/signatureHelp": return withDocument(params) { .result(signatureHelp($0, $1, params)) }
        case "textDocument/definition": return withDocument(params) { .result(definition($0, $1, params)) }
        case "textDocument/references": return withDocument(params) { .result(references($0, $1, params)) }
        case "textDocument/prepareRename": return withDocument(params) { .result(prepareRename($0, $1, params)) }
        case "textDocument/rename": return withDocument(params) { rename($0, $1, params) }
        case "textDocument/documentSymbol": return withDocument(params) { .result(documentSymbols($0, $1)) }
        case "textDocument/foldingRange": return withDocument(params) { .result(foldingRanges($0, $1)) }
        case "textDocument/semanticTokens/full": return withDocument(params) { .result(semanticTokens($0, $1)) }
        case "textDocument/formatting": return withDocument(params) { formatting($0, $1, range: nil) }
        case "textDocument/rangeFormatting":
            return withDocument(params) { document, analysis in
                guard let range = document.offsets(of: params["range"]) else { return .error(-32602, "a range is needed") }
                return formatting(document, analysis, range: range)
            }
        case "textDocument/documentColor": return withDocument(params) { .result(documentColors($0, $1)) }
        case "textDocument/colorPresentation": return withDocument(params) { .result(colorPresentations($0, $1, params)) }
        case "textDocument/codeAction": return withDocument(params) { .result(codeActions($0, $1, params)) }
        case "textDocument/documentHighlight": return withDocument(params) { .result(documentHighlights($0, $1, params)) }
        default: return .error(-32601, "unknown method '\(method)'")
        }
    }

    func notification(_ method: String, _ params: JSON) -> [[UInt8]] {
        switch method {
        case "exit":
            shouldExit = true
            return []
        case "textDocument/didOpen":
            guard let item = params["textDocument"], let uri = item["uri"]?.string, let text = item["text"]?.string else { return [] }
            documents[uri] = TextDocument(uri: uri, version: item["version"]?.int ?? 0, text: text)
            return reanalyse(uri)
        case "textDocument/didChange":
            guard let uri = params["textDocument"]?["uri"]?.string, var document = documents[uri] else { return [] }
            for change in params["contentChanges"]?.array ?? [] { document.apply(change) }
            document.version = params["textDocument"]?["version"]?.int ?? document.version + 1
            documents[uri] = document
            return reanalyse(uri)
        case "textDocument/didClose":
            guard let uri = params["textDocument"]?["uri"]?.string else { return [] }
            documents[uri] = nil
            analyses[uri] = nil
            textCaches[uri] = nil
            return [Self.notificationBody("textDocument/publishDiagnostics",
                                          .object([("uri", .string(uri)), ("diagnostics", .array([]))]))]
        case "drawc/cursor":
            guard let uri = params["textDocument"]?["uri"]?.string, let position = Position(params["position"]) else { return [] }
            cursorMoved(uri: uri, position: position)
            return []
        default:
            // initialized, didSave, $/cancelRequest, $/setTrace…: nothing to do.
            return []
        }
    }

    func withDocument(_ params: JSON, _ body: (TextDocument, Analysis) -> Reply) -> Reply {
        guard let uri = params["textDocument"]?["uri"]?.string else { return .error(-32602, "a textDocument is needed") }
        guard let document = documents[uri] else { return .error(-32602, "'\(uri)' is not open") }
        let analysis = analyses[uri] ?? analyse(document)
        return body(document, analysis)
    }

    // MARK: Analysis

    /// Analyses `uri` and every open document that imports it; their diagnostics.
    func reanalyse(_ uri: String) -> [[UInt8]] {
        guard let document = documents[uri] else { return [] }
        var out: [[UInt8]] = []
        let analysis = analyse(document)
        analyses[uri] = analysis
        out.append(publishDiagnostics(document, analysis))
        for (other, otherAnalysis) in analyses.sorted(by: { $0.key < $1.key })
        where other != uri && otherAnalysis.imported[analysis.path] != nil {
            guard let otherDocument = documents[other] else { continue }
            let updated = analyse(otherDocument)
            analyses[other] = updated
            out.append(publishDiagnostics(otherDocument, updated))
        }
        return out
    }

    func analyse(_ document: TextDocument) -> Analysis {
        let path = filePath(ofURI: document.uri)
        var overlay: [String: [UInt8]] = [:]
        for (uri, open) in documents where uri != document.uri { overlay[filePath(ofURI: uri)] = open.bytes }
        return DrawLanguageServer.analyse(uri: document.uri, path: path, version: document.version, bytes: document.bytes,
                                          overlay: overlay, fonts: fontLibrary(for: path),
                                          previous: analyses[document.uri], textCache: textCache(for: document.uri))
    }

    /// Work the messages put off, for the stdio loop to do while no message waits: the name
    /// index of each open document's latest version (built on first use otherwise).
    package func whenIdle() {
        for analysis in analyses.values { _ = analysis.index }
    }

    func textCache(for uri: String) -> TextMeasureCache {
        if let cache = textCaches[uri] { return cache }
        let cache = TextMeasureCache()
        textCaches[uri] = cache
        return cache
    }

    func fontLibrary(for path: String) -> FontLibrary {
        let folder = drawingFolder(path)
        if let library = fontLibraries[folder ?? ""] { return library }
        let library = FontLibrary(
            searchDirectories: FontLibrary.searchDirectories(fontPath: fontPaths, environment: environment, drawingDirectory: folder),
            baseDirectory: folder)
        fontLibraries[folder ?? ""] = library
        return library
    }

    /// The open analysis of the file at `path`, if the editor has it open.
    func openAnalysis(ofPath path: String) -> Analysis? {
        analyses.values.first { $0.path == path }
    }

    // MARK: Diagnostics

    func publishDiagnostics(_ document: TextDocument, _ analysis: Analysis) -> [UInt8] {
        let items = analysis.diagnostics.map { lspDiagnostic($0, document, analysis) }
        return Self.notificationBody("textDocument/publishDiagnostics", .object([
            ("uri", .string(document.uri)), ("version", JSON(document.version)), ("diagnostics", .array(items)),
        ]))
    }

    /// The range a diagnostic is shown at in this document: its own span in this file; for
    /// a file this one imports, the `import` that brings it in.
    func localRange(_ span: Span, _ document: TextDocument, _ analysis: Analysis) -> JSON {
        if span.isUnknown { return document.range(0, 0) }
        if span.file == analysis.source.id { return document.range(of: span) }
        // The `import` that brings the file in: directly, or through the file it imports.
        if let path = analysis.sources[span.file]?.path {
            for importer in analysis.index.imports {
                let resolved = resolveImportedPath(importer.path, importer: analysis.path)
                if resolved == path || analysis.imported[resolved].map({ reaches($0, path, analysis, depth: 0) }) == true {
                    return document.range(of: importer.span)
                }
            }
        }
        if let importer = analysis.index.imports.first { return document.range(of: importer.span) }
        return document.range(0, 0)
    }

    /// Whether the file indexed by `index` imports `path`, directly or not.
    func reaches(_ index: SymbolIndex, _ path: String, _ analysis: Analysis, depth: Int) -> Bool {
        guard depth < AnalysisLimits.maximumImportedFiles else { return false }
        for i in index.imports {
            let resolved = resolveImportedPath(i.path, importer: index.path)
            if resolved == path { return true }
            if let next = analysis.imported[resolved], reaches(next, path, analysis, depth: depth + 1) { return true }
        }
        return false
    }

    func lspDiagnostic(_ diagnostic: Diagnostic, _ document: TextDocument, _ analysis: Analysis) -> JSON {
        var message = diagnostic.message
        if !diagnostic.span.isUnknown, diagnostic.span.file != analysis.source.id, let other = analysis.sources[diagnostic.span.file] {
            let (line, column) = other.location(of: diagnostic.span.start)
            message = "\(displayName(other.path)):\(line):\(column): \(message)"
        }
        var related: [JSON] = []
        for note in diagnostic.notes {
            if let span = note.span, !span.isUnknown, let file = analysis.sources[span.file] {
                related.append(.object([("location", location(path: file.path, span: span, source: file, analysis: analysis)),
                                        ("message", .string(note.message))]))
            } else {
                message += "\n" + note.message
            }
        }
        // Hints (what to do, with no place) follow the message, as the terminal shows them.
        for hint in diagnostic.hints { message += "\n" + hint }
        var members: [(String, JSON)] = [
            ("range", localRange(diagnostic.span, document, analysis)),
            ("severity", JSON(diagnostic.severity == .error ? 1 : diagnostic.severity == .warning ? 2 : 3)),
            ("code", .string(diagnostic.id)),
            ("source", "drawc"),
            ("message", .string(message)),
        ]
        if !related.isEmpty { members.append(("relatedInformation", .array(related))) }
        return .object(members)
    }

    /// A protocol `Location` of a span in the file at `path`.
    func location(path: String, span: Span, source: SourceFile, analysis: Analysis) -> JSON {
        let uri = path == analysis.path ? analysis.uri : fileURI(ofPath: path)
        let document = documents[uri] ?? TextDocument(uri: uri, version: 0, text: String(decoding: source.bytes, as: UTF8.self))
        return .object([("uri", .string(uri)), ("range", document.range(of: span))])
    }

    // MARK: Message bodies

    /// `{"jsonrpc":"2.0","id":…,` with the id as received (`null` when there is none).
    static func responseHead(id: RequestID?) -> [UInt8] {
        var out = Array(#"{"jsonrpc":"2.0","id":"#.utf8)
        if let id { id.write(into: &out) } else { out += Array("null".utf8) }
        out.append(UInt8(ascii: ","))
        return out
    }

    static func response(id: RequestID, result: JSON) -> [UInt8] {
        var out = responseHead(id: id) + Array(#""result":"#.utf8)
        result.write(into: &out)
        out.append(UInt8(ascii: "}"))
        return out
    }

    static func errorResponse(id: RequestID?, code: Int, _ message: String) -> [UInt8] {
        var out = responseHead(id: id) + Array(#""error":"#.utf8)
        JSON.object([("code", JSON(code)), ("message", .string(message))]).write(into: &out)
        out.append(UInt8(ascii: "}"))
        return out
    }

    static func notificationBody(_ method: String, _ params: JSON) -> [UInt8] {
        JSON.object([("jsonrpc", "2.0"), ("method", .string(method)), ("params", params)]).bytes
    }

    static let initializeResult: JSON = .object([
        ("capabilities", .object([
            ("positionEncoding", "utf-16"),
            // 2: incremental changes.
            ("textDocumentSync", .object([("openClose", true), ("change", 2),
                                          ("save", .object([("includeText", false)]))])),
            ("completionProvider", .object([("triggerCharacters", [".", ":", " ", "\"", "#", "/"]), ("resolveProvider", false)])),
            ("hoverProvider", true),
            ("signatureHelpProvider", .object([("triggerCharacters", ["(", ","]), ("retriggerCharacters", [" "])])),
            ("definitionProvider", true),
            ("referencesProvider", true),
            ("renameProvider", .object([("prepareProvider", true)])),
            ("documentSymbolProvider", true),
            ("foldingRangeProvider", true),
            ("semanticTokensProvider", .object([
                ("legend", .object([("tokenTypes", .array(SemanticTokenType.allCases.map { .string($0.name) })),
                                    ("tokenModifiers", ["declaration", "defaultLibrary"])])),
                ("full", true),
            ])),
            ("documentFormattingProvider", true),
            ("documentRangeFormattingProvider", true),
            ("colorProvider", true),
            ("codeActionProvider", .object([("codeActionKinds", ["quickfix"])])),
            ("documentHighlightProvider", true),
        ])),
        ("serverInfo", .object([("name", "drawc"), ("version", .string(serverVersion))])),
    ])

    /// Set by the executable to DrawKit's version.
    package nonisolated(unsafe) static var serverVersion = "0"
}

// MARK: Paths and URIs

/// The file path of a `file:` URI (percent-decoded); other schemes keep the URI as a name.
package func filePath(ofURI uri: String) -> String {
    guard uri.hasPrefix("file://") else { return uri }
    var rest = Array(uri.utf8.dropFirst(7))
    // `file://host/path`: drop a host (usually empty).
    if let slash = rest.firstIndex(of: UInt8(ascii: "/")) { rest = Array(rest[slash...]) }
    var out: [UInt8] = []
    var i = 0
    while i < rest.count {
        if rest[i] == UInt8(ascii: "%"), i + 2 < rest.count, let h = hexValue(rest[i + 1]), let l = hexValue(rest[i + 2]) {
            out.append(h << 4 | l)
            i += 3
        } else {
            out.append(rest[i])
            i += 1
        }
    }
    return String(decoding: out, as: UTF8.self)
}

/// The `file:` URI of an absolute path (bytes outside the unreserved set percent-encoded).
package func fileURI(ofPath path: String) -> String {
    var out = "file://"
    let hex = Array("0123456789ABCDEF".utf8)
    for byte in path.utf8 {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
            out.unicodeScalars.append(Unicode.Scalar(byte))
        default:
            out += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
        }
    }
    return out
}

private func hexValue(_ b: UInt8) -> UInt8? {
    switch b {
    case 0x30...0x39: b - 0x30
    case 0x41...0x46: b - 0x41 + 10
    case 0x61...0x66: b - 0x61 + 10
    default: nil
    }
}

func drawingFolder(_ path: String) -> String? {
    guard path.hasPrefix("/"), let slash = path.lastIndex(of: "/") else { return nil }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

func displayName(_ path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
}

// Go to definition, find references and rename for ids, `let`, `fn`, `style`, `def`,
// parameters and loop variables, across the files a drawing imports (and the open drawings
// that import the file being edited); document symbols.

import DrawDiagnostics
import DrawSemantics
import DrawSyntax

extension LanguageServer {
    /// The declaration named at `offset`: a use of it, or the declaration itself.
    func declarationKey(at offset: Int, _ analysis: Analysis) -> DeclarationKey? {
        let o = UInt32(max(0, offset))
        if let use = analysis.index.uses.first(where: { $0.span.start <= o && o <= $0.span.end }) { return use.target }
        if let d = analysis.index.declarations.first(where: { $0.span.start <= o && o <= $0.span.end }) { return d.key }
        return nil
    }

    func definition(_ document: TextDocument, _ analysis: Analysis, _ params: JSON) -> JSON {
        guard let position = Position(params["position"]),
              let key = declarationKey(at: document.offset(of: position), analysis),
              let declaration = analysis.declaration(key) else { return .null }
        return declarationLocation(declaration, analysis)
    }

    func declarationLocation(_ d: Declaration, _ analysis: Analysis) -> JSON {
        spanLocation(path: d.path, span: d.span, analysis)
    }

    func spanLocation(path: String, span: Span, _ analysis: Analysis) -> JSON {
        if path == analysis.path, let document = documents[analysis.uri] {
            return .object([("uri", .string(analysis.uri)), ("range", document.range(of: span))])
        }
        let uri = openAnalysis(ofPath: path)?.uri ?? fileURI(ofPath: path)
        let text = documents[uri] ?? TextDocument(uri: uri, version: 0, text: readText(path) ?? "")
        return .object([("uri", .string(uri)), ("range", text.range(of: span))])
    }

    func readText(_ path: String) -> String? {
        guard case .success(let bytes) = OverlayReader(overlay: [:]).read(path, maximumBytes: 256 << 20) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Every place that names `key`: in this file, the files it imports, and every open file
    /// whose names resolve to it. Each as (path, span); declarations first when asked.
    func occurrences(of key: DeclarationKey, _ analysis: Analysis, includeDeclaration: Bool) -> [(String, Span)] {
        var indexes: [SymbolIndex] = [analysis.index] + analysis.imported.keys.sorted().map { analysis.imported[$0]! }
        for other in analyses.keys.sorted() where other != analysis.uri {
            if let a = analyses[other], a.imported[key.path] != nil || a.path == key.path { indexes.append(a.index) }
        }
        var seen = Set<String>()
        var out: [(String, Span)] = []
        if includeDeclaration, let d = analysis.declaration(key) { out.append((d.path, d.span)) }
        for index in indexes where seen.insert(index.path).inserted {
            for use in index.uses where use.target == key { out.append((index.path, use.span)) }
        }
        var unique = Set<String>()
        return out.filter { unique.insert("\($0.0):\($0.1.start)").inserted }
    }

    func references(_ document: TextDocument, _ analysis: Analysis, _ params: JSON) -> JSON {
        guard let position = Position(params["position"]),
              let key = declarationKey(at: document.offset(of: position), analysis) else { return .array([]) }
        let include = params["context"]?["includeDeclaration"]?.bool ?? true
        return .array(occurrences(of: key, analysis, includeDeclaration: include).map { spanLocation(path: $0.0, span: $0.1, analysis) })
    }

    func prepareRename(_ document: TextDocument, _ analysis: Analysis, _ params: JSON) -> JSON {
        guard let position = Position(params["position"]),
              let key = declarationKey(at: document.offset(of: position), analysis),
              let declaration = analysis.declaration(key) else { return .null }
        let o = UInt32(document.offset(of: position))
        let span = analysis.index.uses.first { $0.span.start <= o && o <= $0.span.end }?.span
            ?? (declaration.path == analysis.path ? declaration.span : nil)
        guard let span else { return .null }
        return .object([("range", document.range(of: span)), ("placeholder", .string(declaration.name))])
    }

    func rename(_ document: TextDocument, _ analysis: Analysis, _ params: JSON) -> Reply {
        guard let position = Position(params["position"]), let newName = params["newName"]?.string else {
            return .error(-32602, "a position and a newName are needed")
        }
        guard isIdentifier(newName) else {
            return .error(-32602, "'\(newName)' is not a name (an ASCII letter or '_', then letters, digits and '_')")
        }
        guard let key = declarationKey(at: document.offset(of: position), analysis), analysis.declaration(key) != nil else {
            return .error(-32602, "nothing to rename here")
        }
        var changes: [String: [JSON]] = [:]
        var order: [String] = []
        for (path, span) in occurrences(of: key, analysis, includeDeclaration: true) {
            let location = spanLocation(path: path, span: span, analysis)
            guard let uri = location["uri"]?.string, let range = location["range"] else { continue }
            if changes[uri] == nil { order.append(uri) }
            changes[uri, default: []].append(.object([("range", range), ("newText", .string(newName))]))
        }
        return .result(.object([("changes", .object(order.map { ($0, .array(changes[$0]!)) }))]))
    }

    // MARK: Document symbols

    func documentSymbols(_ document: TextDocument, _ analysis: Analysis) -> JSON {
        .array(symbols(analysis.file.statements, analysis.file, document, pageNumber: 0))
    }

    func symbols(_ statements: [Stmt], _ file: File, _ document: TextDocument, pageNumber: Int) -> [JSON] {
        var out: [JSON] = []
        var page = pageNumber
        func symbol(_ name: String, _ detail: String, _ kind: Int, _ span: Span, _ selection: Span, _ children: [JSON]) -> JSON {
            var members: [(String, JSON)] = [
                ("name", .string(name)), ("detail", .string(detail)), ("kind", JSON(kind)),
                ("range", document.range(of: span)), ("selectionRange", document.range(of: selection)),
            ]
            if !children.isEmpty { members.append(("children", .array(children))) }
            return .object(members)
        }
        for s in statements {
            switch s.kind {
            case .page(_, let block):
                guard let block else { continue }
                page += 1
                out.append(symbol("page \(page)", "page", 3, s.span, Span(file: s.span.file, start: s.span.start, end: s.span.start + 4),
                                  symbols(block.statements, file, document, pageNumber: 0)))
            case .def(let name, let parameters, let body):
                out.append(symbol(name.name, "def(\(parameters.map(\.name.name).joined(separator: ", ")))", 5, s.span, name.span,
                                  symbols(body.statements, file, document, pageNumber: 0)))
            case .style(let name, _):
                out.append(symbol(name.name, "style", 23, s.span, name.span, []))
            case .letBinding(let name, _):
                out.append(symbol(name.name, "let", 13, s.span, name.span, []))
            case .function(let name, let parameters, _):
                out.append(symbol(name.name, "fn(\(parameters.map(\.name.name).joined(separator: ", ")))", 12, s.span, name.span, []))
            case .node(let node):
                let children = node.block.map { symbols($0.statements, file, document, pageNumber: 0) } ?? []
                var id: (String, Span)?
                for a in file[node.arguments] where a.label(in: file)?.name == "id" {
                    let v = file[a.value]
                    if case .name(let n) = v.kind { id = (file[n], v.span) }
                    if case .string = v.kind { id = (document.text(of: v.span).trimmingQuotes, v.span) }
                }
                if let block = node.block, id == nil {
                    for st in block.statements {
                        if case .property(let a) = st.kind, a.label(in: file)?.name == "id" {
                            let v = file[a.value]
                            if case .name(let n) = v.kind { id = (file[n], v.span) }
                        }
                    }
                }
                if let id {
                    out.append(symbol(id.0, node.kind.name, 19, s.span, id.1, children))
                } else {
                    out += children
                }
            case .forLoop(_, _, let block):
                out += symbols(block.statements, file, document, pageNumber: 0)
            case .labels(let labels):
                out += symbols(labels.block.statements, file, document, pageNumber: 0)
            case .ifElse(_, let a, let b):
                out += symbols(a.statements, file, document, pageNumber: 0)
                if let b { out += symbols(b.statements, file, document, pageNumber: 0) }
            default: break
            }
        }
        return out
    }
}

func isIdentifier(_ name: String) -> Bool {
    let bytes = Array(name.utf8)
    guard let first = bytes.first, first == UInt8(ascii: "_") || (first | 0x20 >= UInt8(ascii: "a") && first | 0x20 <= UInt8(ascii: "z")) else {
        return false
    }
    if LanguageQueries.keywords.contains(name) { return false }
    return bytes.allSatisfy { b in
        b == UInt8(ascii: "_") || (b >= 0x30 && b <= 0x39) || (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "z"))
    }
}

extension TextDocument {
    func text(of span: Span) -> String {
        let start = min(Int(span.start), bytes.count), end = min(Int(span.end), bytes.count)
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

extension String {
    var trimmingQuotes: String {
        var s = Substring(self)
        if s.hasPrefix("\"") { s = s.dropFirst() }
        if s.hasSuffix("\"") { s = s.dropLast() }
        return String(s)
    }
}

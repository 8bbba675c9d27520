// Completion: what may be typed at the cursor, from the cursor's context (CursorContext),
// the language's tables (LanguageQueries) and the names in scope (SymbolIndex).

import DrawDiagnostics
import DrawFonts
import DrawResources
import DrawSemantics
import DrawSyntax

/// LSP `CompletionItemKind` numbers.
enum CompletionKind: Int {
    case function = 3, constructor = 4, field = 5, variable = 6, `class` = 7, module = 9, property = 10, unit = 11
    case value = 12, keyword = 14, snippet = 15, color = 16, file = 17, reference = 18, enumMember = 20, `struct` = 22
    case folder = 19
}

struct CompletionCandidate {
    var label: String
    var kind: CompletionKind
    var detail: String?
    var documentation: String?
    /// A snippet (`$1` placeholders) or plain text to insert; nil: the label.
    var insert: String?
    var isSnippet = false
}

extension LanguageServer {
    func completion(_ document: TextDocument, _ analysis: Analysis, _ params: JSON) -> JSON {
        guard let position = Position(params["position"]) else { return .array([]) }
        let offset = document.offset(of: position)
        let context = cursorContext(at: offset, tokens: analysis.tokens, comments: analysis.comments, bytes: document.bytes)
        let candidates = completionCandidates(context, offset: offset, document: document, analysis: analysis)
        let prefix = context.prefix.lowercased()
        var seen = Set<String>()
        var items: [JSON] = []
        for (rank, c) in candidates.enumerated() where seen.insert(c.label).inserted {
            if !prefix.isEmpty && !c.label.lowercased().hasPrefix(prefix) && !fuzzyMatch(prefix, c.label.lowercased()) { continue }
            var members: [(String, JSON)] = [("label", .string(c.label)), ("kind", JSON(c.kind.rawValue))]
            if let detail = c.detail { members.append(("detail", .string(detail))) }
            if let doc = c.documentation {
                members.append(("documentation", .object([("kind", "markdown"), ("value", .string(doc))])))
            }
            members.append(("sortText", .string(String(format4(rank)))))
            let insert = c.insert ?? c.label
            members.append(("textEdit", .object([
                ("range", document.range(context.prefixStart, offset)), ("newText", .string(insert)),
            ])))
            members.append(("insertTextFormat", JSON(c.isSnippet ? 2 : 1)))
            items.append(.object(members))
        }
        return .object([("isIncomplete", false), ("items", .array(items))])
    }

    func completionCandidates(_ context: CursorContext, offset: Int, document: TextDocument, analysis: Analysis) -> [CompletionCandidate] {
        switch context.place {
        case .none: return []
        case .unit:
            return LanguageQueries.unitDocs.map { CompletionCandidate(label: $0.name, kind: .unit, detail: $0.doc) }
        case .member(let base):
            var out = LanguageQueries.anchors.map {
                CompletionCandidate(label: $0, kind: .field, detail: "anchor of '\(base)' (a point on the page)")
            }
            out += LanguageQueries.frameMembers.map {
                CompletionCandidate(label: $0, kind: .field, detail: "\($0) of '\(base)'s frame (a length)")
            }
            return out
        case .statementStart:
            var out: [CompletionCandidate] = []
            if let owner = context.owner, owner != "def", owner != "page", owner != "labels" {
                // Inside a node's (or a style's) block: its properties as `name: ` lines first.
                let properties = owner == "style" ? LanguageQueries.properties : LanguageQueries.properties(forKind: owner)
                // Not the ones the node already has (on its line or a line of the block).
                let given = labelsGivenInBlock(around: offset, tokens: analysis.tokens, bytes: analysis.source.bytes)
                out += properties.filter { !given.contains($0.name) }.map(propertyCandidate)
            }
            if context.owner != "style" {
                out += kindCandidates(analysis, offset: offset)
                out += keywordCandidates()
                out += names(analysis, offset: offset, categories: [.nodeID]).map {
                    CompletionCandidate(label: $0.name, kind: .reference, detail: "node '\($0.name)' (connector start)")
                }
            }
            return out
        case .argumentName:
            if context.kind == "page" {
                return LanguageQueries.pageSettings.map(propertyCandidate)
            }
            if context.kind == "labels" {
                return LanguageQueries.labelsSettings.map { CompletionCandidate(label: $0, kind: .property, insert: $0 + ": ") }
            }
            guard let kind = context.kind else { return [] }
            var out: [CompletionCandidate] = []
            if let component = componentDeclaration(named: kind, analysis) {
                out += component.parameters.map {
                    CompletionCandidate(label: $0, kind: .property, detail: "parameter of '\(kind)'", insert: $0 + ": ")
                }
            }
            // Not the ones the statement already has.
            let given = labelsGiven(inStatementAt: context.statementStart, skipping: offset, tokens: analysis.tokens,
                                    bytes: analysis.source.bytes)
            out += LanguageQueries.properties(forKind: kind).filter { !given.contains($0.name) }.map(propertyCandidate)
            return out
        case .value(let property):
            return valueCandidates(property: property, kind: context.kind ?? context.owner, analysis: analysis, offset: offset,
                                   document: document)
        case .connectorEnd:
            return names(analysis, offset: offset, categories: [.nodeID]).map {
                CompletionCandidate(label: $0.name, kind: .reference, detail: "node '\($0.name)'")
            }
        case .stringValue(let property):
            guard property == "font" else { return [] }
            return fontCandidates(analysis).map { CompletionCandidate(label: $0, kind: .file, detail: "font") }
        case .expression:
            return expressionCandidates(analysis, offset: offset)
        case .filePath(let use, let folder):
            var out = fileCandidates(use, folder: folder, typing: context.prefix, analysis: analysis)
            if use == .font && folder.isEmpty {
                out += fontCandidates(analysis).map { CompletionCandidate(label: $0, kind: .file, detail: "font") }
            }
            return out
        }
    }

    /// The files in `folder` (as typed: relative to the document's folder, or absolute) that
    /// `use` accepts, then its folders (as `name/`); hidden names only when the name being
    /// typed starts with a dot (the caller filters by it). A document that is no file (an
    /// untitled one) has no folder: only absolute folders are listed then.
    func fileCandidates(_ use: FileUse, folder: String, typing prefix: String, analysis: Analysis) -> [CompletionCandidate] {
        let listed: String
        if folder.hasPrefix("/") {
            listed = folder
        } else if analysis.path.hasPrefix("/"), let base = drawingFolder(analysis.path) {
            listed = folder.isEmpty ? base : (base == "/" ? "/" : base + "/") + folder
        } else {
            return []
        }
        let normalized = normalizePath(listed)
        guard let entries = directoryLister.entries(of: normalized.isEmpty ? "/" : normalized) else { return [] }
        let own = displayName(analysis.path)
        var files: [CompletionCandidate] = [], folders: [CompletionCandidate] = []
        for entry in entries where !entry.name.hasPrefix(".") || prefix.hasPrefix(".") {
            if entry.isDirectory {
                folders.append(CompletionCandidate(label: entry.name + "/", kind: .folder, detail: "folder"))
            } else if use.accepts(entry.name), !(use == .drawing && folder.isEmpty && entry.name == own) {
                files.append(CompletionCandidate(label: entry.name, kind: .file, detail: use.detail))
            }
        }
        return files + folders
    }

    func propertyCandidate(_ p: LanguageQueries.PropertyInfo) -> CompletionCandidate {
        CompletionCandidate(label: p.name, kind: .property, detail: p.expected, documentation: propertyMarkdown(p),
                            insert: p.name + ": ")
    }

    func kindCandidates(_ analysis: Analysis, offset: Int) -> [CompletionCandidate] {
        var out = LanguageQueries.kinds.map { kind -> CompletionCandidate in
            let snippet = kind.positional.map { "\(kind.name) \"${1:\($0)}\"$0" } ?? "\(kind.name) $0"
            return CompletionCandidate(label: kind.name, kind: .class,
                                       detail: kind.positional.map { "node kind (\($0))" } ?? "node kind",
                                       documentation: kindMarkdown(kind.name), insert: snippet, isSnippet: true)
        }
        for component in names(analysis, offset: offset, categories: [.component]) {
            var snippet = component.name
            for (i, p) in component.parameters.enumerated() {
                snippet += i == 0 ? " ${1:\(p)}" : ", \(p): ${\(i + 1):\(p)}"
            }
            out.append(CompletionCandidate(label: component.name, kind: .constructor,
                                           detail: "component(\(component.parameters.joined(separator: ", ")))",
                                           insert: snippet + "$0", isSnippet: true))
        }
        return out
    }

    func keywordCandidates() -> [CompletionCandidate] {
        LanguageQueries.keywordSpecs.filter { $0.role == .statement }.map {
            CompletionCandidate(label: $0.name, kind: .keyword, detail: "keyword", insert: $0.snippet, isSnippet: $0.snippet != nil)
        }
    }

    func valueCandidates(property: String, kind: String?, analysis: Analysis, offset: Int, document: TextDocument) -> [CompletionCandidate] {
        if property == "style" {
            return names(analysis, offset: offset, categories: [.style]).map {
                CompletionCandidate(label: $0.name, kind: .struct, detail: "style")
            }
        }
        if property == "id" { return [] }
        if property == "font" {
            return fontCandidates(analysis).map { CompletionCandidate(label: $0, kind: .file, detail: "font", insert: "\"\($0)\"") }
        }
        var out: [CompletionCandidate] = []
        let info = kind == "page" ? LanguageQueries.pageSettings.first { $0.name == property } : LanguageQueries.property(named: property)
        if property == "from" || property == "to" || property == "at" {
            out += names(analysis, offset: offset, categories: [.nodeID]).map {
                CompletionCandidate(label: $0.name, kind: .reference, detail: "node '\($0.name)'")
            }
        }
        if let info {
            out += info.words.map { CompletionCandidate(label: $0, kind: .enumMember, detail: "\(property): \($0)") }
            if info.takesColor {
                out += LanguageQueries.colorNames.map {
                    CompletionCandidate(label: $0.name, kind: .color, detail: hexString($0.rgb), documentation: hexString($0.rgb))
                }
            }
        }
        out += names(analysis, offset: offset, categories: [.letBinding, .parameter, .loopVariable]).map {
            CompletionCandidate(label: $0.name, kind: .variable, detail: analysis.values[$0.span].map { "= \($0)" } ?? $0.category.rawValue)
        }
        out += functionCandidates(analysis, offset: offset)
        return out
    }

    func expressionCandidates(_ analysis: Analysis, offset: Int) -> [CompletionCandidate] {
        var out = names(analysis, offset: offset, categories: [.letBinding, .parameter, .loopVariable]).map {
            CompletionCandidate(label: $0.name, kind: .variable, detail: analysis.values[$0.span].map { "= \($0)" } ?? $0.category.rawValue)
        }
        out += names(analysis, offset: offset, categories: [.nodeID]).map {
            CompletionCandidate(label: $0.name, kind: .reference, detail: "node '\($0.name)'")
        }
        out += functionCandidates(analysis, offset: offset)
        out += LanguageQueries.keywordSpecs.filter { $0.role == .value }.map { CompletionCandidate(label: $0.name, kind: .keyword) }
        return out
    }

    func functionCandidates(_ analysis: Analysis, offset: Int) -> [CompletionCandidate] {
        var out = names(analysis, offset: offset, categories: [.function]).map { f in
            CompletionCandidate(label: f.name, kind: .function, detail: "fn \(f.name)(\(f.parameters.joined(separator: ", ")))",
                                insert: f.name + "(" + snippetArguments(f.parameters) + ")", isSnippet: true)
        }
        out += LanguageQueries.functions.map { f in
            CompletionCandidate(label: f.name, kind: .function, detail: f.signature,
                                documentation: f.summary + (f.example.isEmpty ? "" : "\n\n```draw\n\(f.example)\n```"),
                                insert: f.name + "(" + snippetArguments(f.parameters.filter { !$0.hasSuffix(":") && $0 != "…" }) + ")",
                                isSnippet: true)
        }
        return out
    }

    func snippetArguments(_ parameters: [String]) -> String {
        parameters.enumerated().map { "${\($0.offset + 1):\($0.element)}" }.joined(separator: ", ")
    }

    /// Declarations visible at `offset`: top-level ones of this file and its imports, and
    /// block-level ones whose statement encloses the offset (parameters, loop variables,
    /// lets of the block). Sorted by name.
    func names(_ analysis: Analysis, offset: Int, categories: Set<SymbolCategory>) -> [Declaration] {
        var out: [Declaration] = []
        for d in analysis.index.declarations where categories.contains(d.category) {
            guard let scope = d.scope else { out.append(d); continue }
            // Inside its block or statement (a half-typed block may not be closed yet: its span
            // then ends where the parser stopped, so the end is taken generously).
            let inside = Int(scope.start) <= offset && offset <= Int(scope.end) + 1
            if inside && (d.category != .letBinding || Int(d.span.start) < offset) { out.append(d) }
        }
        for path in analysis.imported.keys.sorted() {
            out += analysis.imported[path]!.exports.filter { categories.contains($0.category) }
        }
        return out.sorted { $0.name < $1.name }
    }

    func componentDeclaration(named name: String, _ analysis: Analysis) -> Declaration? {
        names(analysis, offset: 0, categories: [.component]).first { $0.name == name }
    }

    /// Standard-14 families first, then the families found on the font path.
    func fontCandidates(_ analysis: Analysis) -> [String] {
        let folder = drawingFolder(analysis.path) ?? ""
        if fontFamilies[folder] == nil {
            fontFamilies[folder] = fontLibrary(for: analysis.path).familyNames()
        }
        return ["Helvetica", "Times", "Courier", "Symbol", "ZapfDingbats"] + (fontFamilies[folder] ?? [])
    }
}

/// Whether the letters of `needle` appear in order in `haystack` (camel-case matching).
func fuzzyMatch(_ needle: String, _ haystack: String) -> Bool {
    var it = haystack.makeIterator()
    outer: for c in needle {
        while let h = it.next() { if h == c { continue outer } }
        return false
    }
    return true
}

func format4(_ n: Int) -> String {
    let s = String(n)
    return String(repeating: "0", count: max(0, 5 - s.count)) + s
}

func hexString(_ rgb: UInt32) -> String {
    let digits = Array("0123456789abcdef")
    var s = "#"
    for shift in stride(from: 20, through: 0, by: -4) { s.append(digits[Int((rgb >> UInt32(shift)) & 15)]) }
    return s
}

func propertyMarkdown(_ p: LanguageQueries.PropertyInfo) -> String {
    var text = "**\(p.name)**: \(p.expected)"
    if let type = p.typeName { text += " (\(type))" }
    if let doc = p.doc, !doc.isEmpty { text += "\n\n" + doc }
    if let value = p.defaultValue, !value.isEmpty { text += "\n\nDefault: \(value)" }
    text += p.inherited ? "\n\nInherited by children." : ""
    if let kinds = p.kinds { text += "\n\nApplies to: " + kinds.joined(separator: ", ") }
    if let example = p.example, !example.isEmpty { text += "\n\n```draw\n\(example)\n```" }
    return text
}

func kindMarkdown(_ name: String) -> String {
    guard let kind = LanguageQueries.kinds.first(where: { $0.name == name }) else { return "**\(name)**" }
    var text = "**\(name)** — node kind"
    if let positional = kind.positional { text += "; the positional argument is its \(positional)" }
    if !kind.doc.isEmpty { text += "\n\n" + kind.doc }
    let specific = LanguageQueries.properties(forKind: name).filter(\.kindSpecific).map(\.name)
    if !specific.isEmpty { text += "\n\nIts own properties: " + specific.joined(separator: ", ") }
    if !kind.example.isEmpty { text += "\n\n```draw\n\(kind.example)\n```" }
    return text
}

/// The labels (`name:`) a statement already gives at its own level: from the statement that
/// starts at `start` (an offset) to its end — the line end that does not continue it, `;` or
/// its block — leaving out the word at `skipping` (the one being typed).
func labelsGiven(inStatementAt start: Int, skipping: Int, tokens: [Token], bytes: [UInt8]) -> Set<String> {
    guard let first = tokenIndex(before: start + 1, in: tokens) else { return [] }
    var labels = Set<String>()
    var depth = 0, i = first
    while i + 1 < tokens.count {
        let t = tokens[i]
        switch t.kind {
        case .endOfFile: return labels
        case .leftParen, .leftBracket: depth += 1
        case .rightParen, .rightBracket: depth = max(0, depth - 1)
        case .leftBrace, .rightBrace: if depth == 0 { return labels }
        case .semicolon where depth == 0: return labels
        case .newline where depth == 0: if i == 0 || !tokens[i - 1].kind.continuesLine { if i > first { return labels } }
        case .identifier where depth == 0 && tokens[i + 1].kind == .colon:
            if !(Int(t.start) <= skipping && skipping <= Int(t.end)) { labels.insert(text(t, bytes)) }
        default: break
        }
        i += 1
    }
    return labels
}

/// The labels a block's node already has, for a `name:` line typed at `offset` in its block:
/// its lines' (`name: value` at the block's level) and its statement's arguments.
func labelsGivenInBlock(around offset: Int, tokens: [Token], bytes: [UInt8]) -> Set<String> {
    guard let before = tokenIndex(before: offset, in: tokens), let brace = openBraceBefore(before, tokens: tokens) else { return [] }
    var labels = Set<String>()
    var depth = 0, i = brace + 1, lineStart = true
    while i + 1 < tokens.count {
        let t = tokens[i]
        switch t.kind {
        case .endOfFile: i = tokens.count; continue
        case .leftParen, .leftBracket, .leftBrace: depth += 1
        case .rightParen, .rightBracket: depth = max(0, depth - 1)
        case .rightBrace: if depth == 0 { i = tokens.count; continue } else { depth -= 1 }
        case .newline, .semicolon:
            // A line after a trailing `,` continues its statement: its labels are that node's.
            if depth == 0 { lineStart = t.kind == .semicolon || i == 0 || !tokens[i - 1].kind.continuesLine; i += 1; continue }
        case .identifier where depth == 0 && lineStart && tokens[i + 1].kind == .colon:
            if !(Int(t.start) <= offset && offset <= Int(t.end)) { labels.insert(text(t, bytes)) }
        default: break
        }
        lineStart = false
        i += 1
    }
    let owner = statementBounds(endingAt: brace - 1, tokens: tokens).start
    if owner < brace { labels.formUnion(labelsGiven(inStatementAt: Int(tokens[owner].start), skipping: offset, tokens: tokens, bytes: bytes)) }
    return labels
}

// How a document is shown: folding ranges, semantic tokens, document colours and colour
// presentations, quick fixes from the diagnostics' fix-its, and formatting.

import DrawDiagnostics
import DrawSemantics
import DrawSyntax

/// The semantic token types of the legend, in legend order.
enum SemanticTokenType: Int, CaseIterable {
    case keyword, type, `class`, function, property, variable, parameter, string, number, comment, `operator`, enumMember, `struct`

    var name: String {
        switch self {
        case .keyword: "keyword"
        case .type: "type"
        case .class: "class"
        case .function: "function"
        case .property: "property"
        case .variable: "variable"
        case .parameter: "parameter"
        case .string: "string"
        case .number: "number"
        case .comment: "comment"
        case .operator: "operator"
        case .enumMember: "enumMember"
        case .struct: "struct"
        }
    }
}

extension LanguageServer {
    // MARK: Folding

    func foldingRanges(_ document: TextDocument, _ analysis: Analysis) -> JSON {
        var out: [JSON] = []
        var stack: [Int] = []
        for t in analysis.tokens {
            switch t.kind {
            case .leftBrace, .leftBracket, .leftParen: stack.append(Int(t.start))
            case .rightBrace, .rightBracket, .rightParen:
                guard let open = stack.popLast() else { continue }
                let a = document.position(of: open).line, b = document.position(of: Int(t.start)).line
                if b > a { out.append(.object([("startLine", JSON(a)), ("endLine", JSON(b - 1))])) }
            default: break
            }
        }
        // Block comments over several lines, and runs of line comments.
        var run: (Int, Int)?
        func flush() {
            if let (a, b) = run, b > a { out.append(.object([("startLine", JSON(a)), ("endLine", JSON(b)), ("kind", "comment")])) }
            run = nil
        }
        for c in analysis.comments {
            let a = document.position(of: Int(c.span.start)).line, b = document.position(of: Int(c.span.end)).line
            if c.style == .block {
                flush()
                if b > a { out.append(.object([("startLine", JSON(a)), ("endLine", JSON(b)), ("kind", "comment")])) }
            } else if let (s, e) = run, a == e + 1 {
                run = (s, a)
            } else {
                flush()
                run = (a, a)
            }
        }
        flush()
        return .array(out)
    }

    // MARK: Semantic tokens

    func semanticTokens(_ document: TextDocument, _ analysis: Analysis) -> JSON {
        var entries: [(start: Int, end: Int, type: SemanticTokenType, modifiers: Int)] = []
        let tokens = analysis.tokens
        let bytes = document.bytes
        var useTargets: [UInt32: DeclarationKey?] = [:]
        for use in analysis.index.uses { useTargets[use.span.start] = use.target }
        var declared: [UInt32: SymbolCategory] = [:]
        for d in analysis.index.declarations { declared[d.span.start] = d.category }
        var statementHead = true
        for (i, t) in tokens.enumerated() {
            let type: SemanticTokenType?
            var modifiers = 0
            switch t.kind {
            case .newline, .semicolon, .leftBrace, .rightBrace:
                statementHead = true
                continue
            case .endOfFile, .invalid: continue
            case .number: type = .number
            case .color: type = .number
            case .string, .stringHead, .stringMiddle, .stringTail: type = .string
            case .identifier:
                let word = text(t, bytes)
                if let category = declared[t.start] {
                    type = tokenType(category)
                    modifiers = 1
                } else if let target = useTargets[t.start] ?? nil, let declaration = analysis.declaration(target) {
                    type = tokenType(declaration.category)
                } else if i + 1 < tokens.count, tokens[i + 1].kind == .colon, !(i > 0 && tokens[i - 1].kind == .leftParen) {
                    type = .property
                } else if statementHead, LanguageQueries.isKind(word) {
                    type = .class
                    modifiers = 2
                } else if i + 1 < tokens.count, tokens[i + 1].kind == .leftParen {
                    type = .function
                    modifiers = 2
                } else if i > 0, tokens[i - 1].kind == .dot {
                    type = .property
                } else {
                    type = .enumMember
                }
            case .keywordStyle where i + 1 < tokens.count && tokens[i + 1].kind == .colon:
                type = .property  // `style: caption` is a property like any other
            default:
                type = t.kind.isKeyword ? .keyword : (t.kind == .comma || t.kind == .colon || t.kind == .dot || t.kind.isBracket ? nil : .operator)
            }
            statementHead = false
            if let type { entries.append((Int(t.start), Int(t.end), type, modifiers)) }
        }
        // Comments, one entry per line they cover.
        for c in analysis.comments {
            var start = Int(c.span.start)
            let end = Int(c.span.end)
            while start < end {
                var lineEnd = start
                while lineEnd < end && bytes[lineEnd] != 0x0A { lineEnd += 1 }
                var trimmed = lineEnd
                if trimmed > start && bytes[trimmed - 1] == 0x0D { trimmed -= 1 }
                if trimmed > start { entries.append((start, trimmed, .comment, 0)) }
                start = lineEnd + 1
            }
        }
        entries.sort { $0.start < $1.start }
        var data: [JSON] = []
        var previous = Position(line: 0, character: 0)
        for e in entries {
            let a = document.position(of: e.start), b = document.position(of: e.end)
            guard a.line == b.line, b.character > a.character else { continue }
            let deltaLine = a.line - previous.line
            let deltaStart = deltaLine == 0 ? a.character - previous.character : a.character
            data += [JSON(deltaLine), JSON(deltaStart), JSON(b.character - a.character), JSON(e.type.rawValue), JSON(e.modifiers)]
            previous = a
        }
        return .object([("data", .array(data))])
    }

    func tokenType(_ category: SymbolCategory) -> SemanticTokenType {
        switch category {
        case .letBinding, .loopVariable, .nodeID: .variable
        case .parameter: .parameter
        case .function: .function
        case .style: .struct
        case .component: .class
        }
    }

    // MARK: Colours

    func documentColors(_ document: TextDocument, _ analysis: Analysis) -> JSON {
        var out: [JSON] = []
        let file = analysis.file
        func add(_ span: Span, _ r: Double, _ g: Double, _ b: Double, _ a: Double) {
            out.append(.object([
                ("range", document.range(of: span)),
                ("color", .object([("red", .number(r)), ("green", .number(g)), ("blue", .number(b)), ("alpha", .number(a))])),
            ]))
        }
        for expr in file.exprs {
            switch expr.kind {
            case .color(let r, let g, let b, let a):
                add(expr.span, Double(r) / 255, Double(g) / 255, Double(b) / 255, Double(a) / 255)
            case .name(let n):
                if analysis.index.uses.contains(where: { $0.span.start == expr.span.start && $0.target != nil }) { continue }
                if let rgb = LanguageQueries.namedColor(file[n]), file[n] != "none" {
                    add(expr.span, Double(rgb >> 16) / 255, Double(rgb >> 8 & 255) / 255, Double(rgb & 255) / 255, 1)
                }
            case .call(let id):
                let call = file[id]
                let name = file[call.callee].name
                guard name == "rgb" || name == "rgba" else { continue }
                let args = file[call.arguments].map { file[$0.value].kind }
                var values: [Double] = []
                for kind in args {
                    guard case .number(let v, let unit) = kind, unit == .none || unit == .percent else { values = []; break }
                    values.append(unit == .percent ? v / 100 * 255 : v)
                }
                guard values.count == (name == "rgb" ? 3 : 4) else { continue }
                let alpha = name == "rgba" ? values[3] / 255 : 1
                // rgba's alpha is written 0–1.
                let a = name == "rgba" ? (args.count == 4 ? (values[3] <= 1 ? values[3] : alpha) : 1) : 1
                add(expr.span, clamp(values[0] / 255), clamp(values[1] / 255), clamp(values[2] / 255), clamp(a))
            default: continue
            }
        }
        return .array(out)
    }

    func colorPresentations(_ document: TextDocument, _ analysis: Analysis, _ params: JSON) -> JSON {
        guard let color = params["color"], let range = params["range"],
              let r = color["red"]?.number, let g = color["green"]?.number, let b = color["blue"]?.number else { return .array([]) }
        let a = color["alpha"]?.number ?? 1
        let R = Int((clamp(r) * 255).rounded()), G = Int((clamp(g) * 255).rounded()), B = Int((clamp(b) * 255).rounded())
        let A = Int((clamp(a) * 255).rounded())
        var hex = hexString(UInt32(R << 16 | G << 8 | B))
        if A != 255 { hex += String(hexString(UInt32(A)).suffix(2)) }
        var labels = [hex]
        labels.append(A == 255 ? "rgb(\(R), \(G), \(B))" : "rgba(\(R), \(G), \(B), \(number(clamp(a))))")
        if A == 255, let named = LanguageQueries.colorNames.first(where: { $0.rgb == UInt32(R << 16 | G << 8 | B) }) {
            labels.append(named.name)
        }
        return .array(labels.map { .object([("label", .string($0)), ("textEdit", .object([("range", range), ("newText", .string($0))]))]) })
    }

    // MARK: Code actions

    func codeActions(_ document: TextDocument, _ analysis: Analysis, _ params: JSON) -> JSON {
        guard let (start, end) = document.offsets(of: params["range"]) else { return .array([]) }
        var out: [JSON] = []
        for d in analysis.diagnostics where d.span.file == analysis.source.id && !d.fixIts.isEmpty {
            guard Int(d.span.start) <= end && start <= Int(d.span.end) else { continue }
            let edits: [JSON] = d.fixIts.map { .object([("range", document.range(of: $0.span)), ("newText", .string($0.replacement))]) }
            let title = d.fixIts.count == 1 ? "Replace with '\(d.fixIts[0].replacement)'" : "Apply the suggested fix"
            out.append(.object([
                ("title", .string(title)), ("kind", "quickfix"), ("isPreferred", true),
                ("diagnostics", .array([lspDiagnostic(d, document, analysis)])),
                ("edit", .object([("changes", .object([(document.uri, .array(edits))]))])),
            ]))
        }
        return .array(out)
    }
}

func clamp(_ x: Double) -> Double { x.isFinite ? min(1, max(0, x)) : 0 }

extension TokenKind {
    var isBracket: Bool {
        switch self {
        case .leftParen, .rightParen, .leftBracket, .rightBracket, .leftBrace, .rightBrace: true
        default: false
        }
    }
}

// Hover and signature help: what the name under the cursor is (a property's type, a node's
// laid-out frame and paint, a let's value, a colour's hex) and the parameters of the call
// being typed.

import DrawBase
import DrawCatalogue
import DrawDiagnostics
import DrawLayout
import DrawScene
import DrawSemantics
import DrawSyntax

extension LanguageServer {
    func hover(_ document: TextDocument, _ analysis: Analysis, _ params: JSON) -> JSON {
        guard let position = Position(params["position"]) else { return .null }
        let offset = document.offset(of: position)
        let tokens = analysis.tokens
        guard let i = tokenIndex(before: offset + 1, in: tokens) else { return .null }
        var index = i
        // The token under the cursor, or the one ending at it.
        if Int(tokens[index].start) > offset || Int(tokens[index].end) < offset { return .null }
        if Int(tokens[index].end) == offset, index + 1 < tokens.count, Int(tokens[index + 1].start) == offset,
           tokens[index + 1].kind == .identifier || tokens[index + 1].kind == .color || tokens[index + 1].kind.isKeyword {
            index += 1
        }
        let token = tokens[index]
        let bytes = document.bytes
        let word = text(token, bytes)
        let range = document.range(Int(token.start), Int(token.end))
        func reply(_ markdown: String) -> JSON {
            .object([("contents", .object([("kind", "markdown"), ("value", .string(markdown))])), ("range", range)])
        }

        if token.kind == .color, let rgba = parseHexColor(word) {
            return reply(colorMarkdown(rgba, written: word))
        }
        let isLabel = index + 1 < tokens.count && tokens[index + 1].kind == .colon
        guard token.kind == .identifier || (token.kind == .keywordStyle && isLabel) else { return .null }

        // `name:` — a property (or a page setting, or a component's parameter).
        if isLabel {
            let (start, brace) = statementBounds(endingAt: index, tokens: tokens)
            let head = start < tokens.count ? tokens[start] : token
            if head.kind == .keywordPage, let setting = LanguageQueries.pageSettings.first(where: { $0.name == word }) {
                return reply(propertyMarkdown(setting) + "\n\n(page setting)")
            }
            let kind = head.kind == .identifier && start != index ? text(head, bytes) : blockOwner(brace, tokens: tokens, bytes: bytes)
            if let kind, let component = componentDeclaration(named: kind, analysis), component.parameters.contains(word) {
                return reply("**\(word)** — parameter of component `\(kind)`")
            }
            if let property = LanguageQueries.property(named: word) { return reply(propertyMarkdown(property)) }
        }

        // A name that refers to a declaration.
        if let use = analysis.index.uses.first(where: { $0.span.start == token.start }), let key = use.target,
           let declaration = analysis.declaration(key) {
            var markdown = declarationMarkdown(declaration, analysis)
            // A component call at the head of its statement: the node it made, laid out.
            if declaration.category == .component, let statement = statementSpan(startingAt: Int(token.start), analysis.file) {
                markdown += framesMarkdown(statement, analysis)
            }
            return reply(markdown)
        }
        if let declaration = analysis.index.declarations.first(where: { $0.span.start == token.start }) {
            return reply(declarationMarkdown(declaration, analysis))
        }

        // A node kind at the head of a statement: the kind, and the node's frame.
        let (start, _) = statementBounds(endingAt: max(0, index - 1), tokens: tokens)
        if start == index || index == 0, LanguageQueries.isKind(word) {
            var markdown = kindMarkdown(word)
            if let statement = statementSpan(startingAt: Int(token.start), analysis.file) {
                markdown += framesMarkdown(statement, analysis)
            }
            return reply(markdown)
        }
        if let rgb = LanguageQueries.namedColor(word) {
            return reply(colorMarkdown((UInt8(rgb >> 16), UInt8(rgb >> 8 & 255), UInt8(rgb & 255), 255), written: word))
        }
        if let function = LanguageQueries.function(named: word) {
            return reply("```draw\n\(function.signature)\n```\n\(function.summary)")
        }
        if LanguageQueries.anchors.contains(word), index > 0, tokens[index - 1].kind == .dot {
            return reply("**\(word)** — an anchor: a point of the node's frame on the page")
        }
        return .null
    }

    func declarationMarkdown(_ d: Declaration, _ analysis: Analysis) -> String {
        let place = d.path == analysis.path ? "" : "\n\nfrom `\(displayName(d.path))`"
        switch d.category {
        case .letBinding:
            let value = analysis.values.first { $0.key.start == d.span.start && (d.path == analysis.path) == ($0.key.file == analysis.source.id) }?.value
                ?? analysis.values.first { $0.key.start == d.span.start }?.value
            var text = "```draw\nlet \(d.name)"
            if let value { text += " = " + clipped(value) }
            text += "\n```"
            if let value, let rgba = parseHexColor(value) { text += "\n" + colorMarkdown(rgba, written: value) }
            return text + place
        case .function: return "```draw\nfn \(d.name)(\(d.parameters.joined(separator: ", ")))\n```" + place
        case .component: return "```draw\ndef \(d.name)(\(d.parameters.joined(separator: ", ")))\n```\ncomponent" + place
        case .style: return "```draw\nstyle \(d.name)\n```" + place
        case .parameter: return "**\(d.name)** — parameter" + place
        case .loopVariable: return "**\(d.name)** — loop variable" + place
        case .nodeID:
            var text = "**\(d.name)** — node id"
            if let frame = analysis.frames.first(where: { $0.id == d.name }) { text += "\n\n" + frameMarkdown(frame) }
            return text + place
        }
    }

    /// The frames laid out for the node statement at `span` (a statement inside a loop or a
    /// component makes several nodes).
    func framesMarkdown(_ span: Span, _ analysis: Analysis) -> String {
        let made = analysis.frames.filter { $0.span.start == span.start && $0.span.file == analysis.source.id }
        guard let first = made.first else { return "" }
        var text = "\n\n" + frameMarkdown(first)
        if made.count > 1 { text += "\n\n(this statement made \(made.count) nodes; the first is shown)" }
        if !analysis.framesAreCurrent { text += "\n\n(as last laid out: the file has errors now)" }
        return text
    }

    func frameMarkdown(_ f: LaidOutFrame) -> String {
        var text = "frame: x \(number(f.frame.minX)), y \(number(f.frame.minY)), width \(number(f.frame.width)), height \(number(f.frame.height)) pt"
        if f.page > 0 { text += " (page \(f.page + 1))" }
        text += "\n\nfill \(paint(f.style.fill)), stroke \(paint(f.style.stroke)), lineWidth \(number(f.style.lineWidth))pt"
        if f.kind == .text || f.kind == .rect || f.kind.isDiagramShape || f.kind == .ellipse || f.kind == .circle {
            text += ", text color \(paint(f.style.color)), fontSize \(number(f.style.fontSize))pt"
        }
        return text
    }

    // MARK: Signature help

    func signatureHelp(_ document: TextDocument, _ analysis: Analysis, _ params: JSON) -> JSON {
        guard let position = Position(params["position"]) else { return .null }
        let offset = document.offset(of: position)
        let tokens = analysis.tokens
        guard let last = tokenIndex(before: offset, in: tokens) else { return .null }
        // The innermost unclosed `(` of this statement, and the commas after it.
        var depth = 0
        var commas = 0
        var i = last
        var stop = false
        while i >= 0 && !stop {
            switch tokens[i].kind {
            case .rightParen, .rightBracket, .rightBrace: depth += 1
            case .leftBracket, .leftBrace:
                if depth == 0 { stop = true } else { depth -= 1 }
            case .leftParen:
                if depth == 0 {
                    if i > 0, tokens[i - 1].kind == .identifier {
                        let name = text(tokens[i - 1], document.bytes)
                        if let signature = functionSignature(name, analysis) {
                            return signatureJSON(label: signature.0, parameters: signature.1, summary: signature.2, active: commas)
                        }
                    }
                    commas = 0
                    stop = true
                } else { depth -= 1 }
            case .comma: if depth == 0 { commas += 1 }
            case .newline, .semicolon: if depth == 0 && !(i > 0 && tokens[i - 1].kind.continuesLine) { stop = true }
            default: break
            }
            if !stop { i -= 1 }
        }
        // A component call: `service "API", tint: |`.
        let (start, _) = statementBounds(endingAt: last, tokens: tokens)
        guard start <= last, tokens[start].kind == .identifier else { return .null }
        let name = text(tokens[start], document.bytes)
        guard let component = componentDeclaration(named: name, analysis) else { return .null }
        var active = 0
        var j = last
        while j > start {
            if tokens[j].kind == .colon, tokens[j - 1].kind == .identifier {
                active = component.parameters.firstIndex(of: text(tokens[j - 1], document.bytes)) ?? 0
                break
            }
            if tokens[j].kind == .comma { active = -1; break }
            j -= 1
        }
        if active < 0 { active = min(1, max(0, component.parameters.count - 1)) }
        return signatureJSON(label: "\(name)(\(component.parameters.joined(separator: ", ")))", parameters: component.parameters,
                             summary: "component", active: active)
    }

    func functionSignature(_ name: String, _ analysis: Analysis) -> (String, [String], String)? {
        if let f = names(analysis, offset: Int.max, categories: [.function]).first(where: { $0.name == name }) {
            return ("\(name)(\(f.parameters.joined(separator: ", ")))", f.parameters, "fn")
        }
        if let f = LanguageQueries.function(named: name) {
            return (f.signature, f.parameters.map { $0.hasSuffix(":") ? $0 + " …" : $0 }, f.summary)
        }
        return nil
    }

    func signatureJSON(label: String, parameters: [String], summary: String, active: Int) -> JSON {
        // Parameter labels as [start, end] offsets into the label, in UTF-16 code units.
        var parameterItems: [JSON] = []
        var cursor = (label.firstIndex(of: "(").map { label[..<$0].utf16.count } ?? -1) + 1
        for p in parameters {
            let length = p.utf16.count
            parameterItems.append(.object([("label", .array([JSON(cursor), JSON(cursor + length)]))]))
            cursor += length + 2
        }
        let signature: JSON = .object([
            ("label", .string(label)), ("documentation", .string(summary)), ("parameters", .array(parameterItems)),
        ])
        return .object([("signatures", .array([signature])), ("activeSignature", 0),
                        ("activeParameter", JSON(min(active, max(0, parameters.count - 1))))])
    }
}

/// The span of the statement (at any depth) that starts at `offset`.
func statementSpan(startingAt offset: Int, _ file: File) -> Span? {
    var stack: [[Stmt]] = [file.statements]
    while let list = stack.popLast() {
        for s in list {
            if Int(s.span.start) == offset { return s.span }
            guard Int(s.span.start) <= offset && offset < Int(s.span.end) else { continue }
            switch s.kind {
            case .node(let node): if let b = node.block { stack.append(b.statements) }
            case .def(_, _, let b), .forLoop(_, _, let b): stack.append(b.statements)
            case .ifElse(_, let a, let b): stack.append(a.statements); if let b { stack.append(b.statements) }
            case .page(_, let b): if let b { stack.append(b.statements) }
            case .labels(let l): stack.append(l.block.statements)
            default: break
            }
        }
    }
    return nil
}

/// `#rgb`, `#rgba`, `#rrggbb`, `#rrggbbaa` as components.
func parseHexColor(_ text: String) -> (UInt8, UInt8, UInt8, UInt8)? {
    guard text.hasPrefix("#") else { return nil }
    let digits = Array(text.utf8.dropFirst())
    func hex(_ b: UInt8) -> UInt8? {
        switch b {
        case 0x30...0x39: b - 0x30
        case 0x41...0x46: b - 0x41 + 10
        case 0x61...0x66: b - 0x61 + 10
        default: nil
        }
    }
    let values = digits.compactMap(hex)
    guard values.count == digits.count else { return nil }
    switch values.count {
    case 3, 4:
        let a = values.count == 4 ? values[3] * 17 : 255
        return (values[0] * 17, values[1] * 17, values[2] * 17, a)
    case 6, 8:
        let a = values.count == 8 ? values[6] << 4 | values[7] : 255
        return (values[0] << 4 | values[1], values[2] << 4 | values[3], values[4] << 4 | values[5], a)
    default: return nil
    }
}

func colorMarkdown(_ c: (UInt8, UInt8, UInt8, UInt8), written: String) -> String {
    let hex = hexString(UInt32(c.0) << 16 | UInt32(c.1) << 8 | UInt32(c.2))
    var text = "colour `\(written)`: \(hex)"
    if c.3 != 255 { text += ", alpha \(number(Double(c.3) / 255))" }
    text += " — rgb(\(c.0), \(c.1), \(c.2))"
    return text
}

func paint(_ color: Color?) -> String {
    guard let color else { return "none" }
    let r = UInt32((color.red * 255).rounded()), g = UInt32((color.green * 255).rounded()), b = UInt32((color.blue * 255).rounded())
    var text = hexString(r << 16 | g << 8 | b)
    if color.alpha < 1 { text += " (alpha \(number(color.alpha)))" }
    return text
}

/// A number for people: at most two decimals, no trailing zeros.
func number(_ x: Double) -> String {
    let rounded = (x * 100).rounded() / 100
    if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
    var s = String(rounded)
    // Past Int's range (9.2e18) `Int(_:)` traps: the exponent stays there (issue 34).
    if s.contains("e"), abs(rounded) < 9e18 { s = String(Int(rounded)) }
    return s
}

func clipped(_ text: String) -> String {
    text.count > 300 ? String(text.prefix(300)) + "…" : text
}

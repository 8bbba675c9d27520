// Where the cursor is, in the language's terms, read from the tokens around it rather than
// from the tree: a half-typed line does not parse, but its tokens still say "this is the
// value of `fill:` of a rect" or "a member after `web.`". Every scan is bounded by the
// statement it is in, so it is linear in the statement's length.

import DrawFonts
import DrawSyntax

/// What the cursor is on or after.
package struct CursorContext: Sendable {
    package enum Place: Equatable, Sendable {
        /// Where a statement may start (top level or in a block owned by `owner`).
        case statementStart
        /// After `KIND …,` where a `name:` argument may come (or the positional one).
        case argumentName
        /// The value of property `property` (`fill: |`).
        case value(property: String)
        /// After `base.`: anchors and frame members.
        case member(base: String)
        /// After a number glued to the cursor (`12|`): units.
        case unit
        /// After a connector arrow or at the start of one: node ids.
        case connectorEnd
        /// Inside a string that is the value of `property` (`font: "Hel|`).
        case stringValue(property: String?)
        /// Inside a string that names a file: `import "…"`, `csv("…")`, `json("…")`, an
        /// image's file, `font: "…"`. `folder` is the part typed up to its last `/` (the
        /// prefix is what follows it).
        case filePath(use: FileUse, folder: String)
        /// An expression somewhere else (a `let` value, a condition, a function argument).
        case expression
        /// Nothing to offer (a comment, a number in the middle).
        case none
    }

    package var place: Place
    /// The word being typed before the cursor (may be empty), and where it starts.
    package var prefix: String
    package var prefixStart: Int
    /// The kind (or component) of the statement the cursor is in, if it is a node.
    package var kind: String?
    /// The owner of the enclosing block: a node kind or component, `style`, `page`, `def`, or nil at top level.
    package var owner: String?
    /// Offsets of the statement's first significant token.
    package var statementStart: Int
}

/// The index of the last token that starts before `offset`, skipping nothing.
func tokenIndex(before offset: Int, in tokens: [Token]) -> Int? {
    var low = 0, high = tokens.count - 1, found: Int?
    while low <= high {
        let mid = (low + high) / 2
        if Int(tokens[mid].start) < offset { found = mid; low = mid + 1 } else { high = mid - 1 }
    }
    return found
}

/// The token at `offset` (containing it, or ending exactly there) that is a name.
func identifierToken(at offset: Int, in tokens: [Token]) -> Int? {
    guard let i = tokenIndex(before: offset + 1, in: tokens) else { return nil }
    for j in [i, i - 1] where j >= 0 && j < tokens.count {
        let t = tokens[j]
        if (t.kind == .identifier || t.kind.isKeyword) && Int(t.start) <= offset && offset <= Int(t.end) { return j }
    }
    return nil
}

func text(_ token: Token, _ bytes: [UInt8]) -> String {
    String(decoding: bytes[Int(token.start)..<min(Int(token.end), bytes.count)], as: UTF8.self)
}

/// Where statement containing token `index` starts (the first token after the newline,
/// `;`, `{` or `}` that ends the one before), and the index of the unmatched `{` that
/// opens the enclosing block (nil at top level).
func statementBounds(endingAt index: Int, tokens: [Token]) -> (start: Int, openBrace: Int?) {
    var depth = 0
    var i = index
    while i >= 0 {
        let t = tokens[i]
        switch t.kind {
        case .rightParen, .rightBracket, .rightBrace: depth += 1
        case .leftParen, .leftBracket:
            if depth > 0 { depth -= 1 }
        case .leftBrace:
            if depth > 0 { depth -= 1 } else { return (i + 1, i) }
        case .newline, .semicolon:
            if depth == 0 {
                // A line ending in `,` or an operator goes on.
                if t.kind == .newline, i > 0, tokens[i - 1].kind.continuesLine { break }
                return (i + 1, openBraceBefore(i, tokens: tokens))
            }
        default: break
        }
        i -= 1
    }
    return (0, nil)
}

/// The unmatched `{` before token `index`, or nil.
func openBraceBefore(_ index: Int, tokens: [Token]) -> Int? {
    var depth = 0
    var i = index
    while i >= 0 {
        switch tokens[i].kind {
        case .rightBrace: depth += 1
        case .leftBrace:
            if depth == 0 { return i }
            depth -= 1
        default: break
        }
        i -= 1
    }
    return nil
}

/// The owner of the block opened by `{` at `brace`: the first token of its statement
/// (a kind or component name, `style`, `page`, `def`, `labels`); `if`/`for`/`else` blocks
/// belong to the block around them.
func blockOwner(_ brace: Int?, tokens: [Token], bytes: [UInt8]) -> String? {
    var brace = brace
    var guardSteps = 0
    while let b = brace, guardSteps < 10_000 {
        guardSteps += 1
        // `} else {`: the `else` belongs to an `if` whose owner is further out.
        if b > 0, tokens[b - 1].kind == .keywordElse {
            brace = openBraceBefore(b - 1, tokens: tokens)
            continue
        }
        let (start, outer) = statementBounds(endingAt: b - 1, tokens: tokens)
        guard start < tokens.count else { return nil }
        let first = tokens[start]
        switch first.kind {
        case .keywordIf, .keywordFor, .keywordElse, .rightBrace: brace = outer
        case .keywordStyle: return "style"
        case .keywordPage: return "page"
        case .keywordDef: return "def"
        case .identifier: return text(first, bytes)
        default: return nil
        }
    }
    return nil
}

/// Reads the context of `offset`.
func cursorContext(at offset: Int, tokens: [Token], comments: [Comment], bytes: [UInt8]) -> CursorContext {
    var context = CursorContext(place: .none, prefix: "", prefixStart: offset, kind: nil, owner: nil, statementStart: offset)
    for comment in comments where Int(comment.span.start) < offset && offset <= Int(comment.span.end) {
        if comment.style == .block && offset == Int(comment.span.end) { continue }
        return context
    }
    guard var last = tokenIndex(before: offset, in: tokens) else {
        context.place = .statementStart
        return context
    }
    var t = tokens[last]
    // Inside a string (or just after an unterminated one).
    if (t.kind == .string || t.kind == .stringHead || t.kind == .stringTail || t.kind == .stringMiddle)
        && offset < Int(t.end) || (t.kind == .string && offset == Int(t.end) && t.flags & Token.unterminated != 0) {
        context.prefixStart = Int(t.start) + 1
        context.prefix = String(decoding: bytes[min(Int(t.start) + 1, offset)..<offset], as: UTF8.self)
        let label = labelBefore(last, tokens: tokens, bytes: bytes)
        context.place = .stringValue(property: label)
        if t.kind == .string, let use = fileUse(ofStringAt: last, label: label, tokens: tokens, bytes: bytes) {
            // The folder typed so far, and the name being typed after its last `/`.
            let typed = Array(bytes[min(Int(t.start) + 1, offset)..<offset])
            let slash = typed.lastIndex(of: UInt8(ascii: "/")).map { $0 + 1 } ?? 0
            context.place = .filePath(use: use, folder: String(decoding: typed[..<slash], as: UTF8.self))
            context.prefix = String(decoding: typed[slash...], as: UTF8.self)
            context.prefixStart = Int(t.start) + 1 + slash
        }
        return context
    }
    if t.kind == .number && Int(t.end) == offset {
        context.place = .unit
        return context
    }
    if t.kind == .number || t.kind == .color || t.kind == .string { if Int(t.end) > offset { return context } }
    // The word being typed (the cursor may be inside it: what is before the cursor counts).
    if (t.kind == .identifier || t.kind.isKeyword) && Int(t.end) >= offset {
        context.prefix = String(decoding: bytes[Int(t.start)..<offset], as: UTF8.self)
        context.prefixStart = Int(t.start)
        if last == 0 {
            context.place = .statementStart
            context.statementStart = Int(t.start)
            return context
        }
        last -= 1
        t = tokens[last]
    }
    if t.kind == .dot && Int(t.end) == context.prefixStart {
        let base = last > 0 && tokens[last - 1].kind == .identifier ? text(tokens[last - 1], bytes) : ""
        context.place = .member(base: base)
        return context
    }
    // A statement boundary right before: a statement starts here.
    let (start, brace) = statementBounds(endingAt: last, tokens: tokens)
    context.owner = blockOwner(brace, tokens: tokens, bytes: bytes)
    if start > last {
        context.place = .statementStart
        context.statementStart = context.prefixStart
        return context
    }
    context.statementStart = Int(tokens[start].start)
    let first = tokens[start]
    if first.kind == .identifier { context.kind = text(first, bytes) }
    if first.kind == .keywordPage { context.kind = "page" }
    if first.kind == .keywordStyle { context.kind = "style" }

    // Scan the statement at depth 0: the last `,`, `:` label, arrow.
    var depth = 0
    var lastLabel: String?
    var sawArrow = false
    var i = start
    var afterComma = false
    var expressionLead = first.kind == .keywordLet || first.kind == .keywordIf || first.kind == .keywordFor
        || first.kind == .keywordFn || first.kind == .keywordImport
    while i <= last {
        let k = tokens[i].kind
        switch k {
        case .leftParen, .leftBracket, .leftBrace: depth += 1
        case .rightParen, .rightBracket, .rightBrace: depth = max(0, depth - 1)
        case .comma where depth == 0: lastLabel = nil; afterComma = true
        case .colon where depth == 0:
            if i > start, tokens[i - 1].kind == .identifier || tokens[i - 1].kind == .keywordStyle { lastLabel = text(tokens[i - 1], bytes) }
            afterComma = false
        case .arrowRight, .arrowLeft, .arrowBoth, .dashDash: if depth == 0 { sawArrow = true; afterComma = false }
        case .equal where depth == 0: expressionLead = true
        default: if depth == 0 && i > start { afterComma = false }
        }
        i += 1
    }
    let lastKind = tokens[last].kind
    if depth > 0 {
        // Inside brackets: a function argument, a tuple or list element, or a label's value.
        context.place = lastLabel.map { .value(property: $0) } ?? .expression
        return context
    }
    if let lastLabel {
        context.place = .value(property: lastLabel)
        return context
    }
    if expressionLead { context.place = .expression; return context }
    if sawArrow {
        context.place = lastKind.connectorOperator != nil ? .connectorEnd : (afterComma ? .argumentName : .none)
        return context
    }
    if lastKind == .comma || afterComma { context.place = .argumentName; return context }
    if start == last && first.kind == .identifier {
        // `rect |`: the positional argument or a first `name:`.
        context.place = .argumentName
        return context
    }
    if first.kind == .keywordPage && start == last { context.place = .argumentName; return context }
    context.place = .none
    return context
}

/// The label of the argument whose value starts after token `index` (`font: "…"`).
func labelBefore(_ index: Int, tokens: [Token], bytes: [UInt8]) -> String? {
    guard index >= 2, tokens[index - 1].kind == .colon, tokens[index - 2].kind == .identifier || tokens[index - 2].kind == .keywordStyle else { return nil }
    return text(tokens[index - 2], bytes)
}

/// What a string names when it names a file, by the tokens before it: `import "…"`, a
/// `csv("…")` or `json("…")` call's first argument, the file of an `image`, a `font:`.
package enum FileUse: Equatable, Sendable {
    case drawing, csv, json, image, font

    /// Whether a file called `name` is offered for this use.
    func accepts(_ name: String) -> Bool {
        let lower = name.lowercased()
        switch self {
        case .drawing: return lower.hasSuffix(".draw")
        case .csv: return lower.hasSuffix(".csv") || lower.hasSuffix(".tsv") || lower.hasSuffix(".txt")
        case .json: return lower.hasSuffix(".json")
        case .image: return lower.hasSuffix(".png") || lower.hasSuffix(".jpg") || lower.hasSuffix(".jpeg")
        case .font: return FontLibrary.hasFontExtension(lower)
        }
    }

    var detail: String {
        switch self {
        case .drawing: "drawing (import)"
        case .csv: "data file (csv)"
        case .json: "data file (json)"
        case .image: "image (PNG or JPEG)"
        case .font: "font file"
        }
    }
}

/// The file use of the string token at `index`, or nil when it names no file.
func fileUse(ofStringAt index: Int, label: String?, tokens: [Token], bytes: [UInt8]) -> FileUse? {
    if label == "font" { return .font }
    guard index >= 1 else { return nil }
    let before = tokens[index - 1]
    if before.kind == .keywordImport { return .drawing }
    if before.kind == .identifier && text(before, bytes) == "image" { return .image }
    if before.kind == .leftParen, index >= 2, tokens[index - 2].kind == .identifier {
        switch text(tokens[index - 2], bytes) {
        case "csv": return .csv
        case "json": return .json
        default: return nil
        }
    }
    return nil
}

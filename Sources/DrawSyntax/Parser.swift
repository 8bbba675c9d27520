// The recursive-descent parser. Statements recurse only through blocks and expressions
// only through brackets, unary operators and interpolations; a shared depth counter caps
// both (`ParseLimits.maximumNestingDepth`), and sequences (statements, terms of a sum,
// list elements, member chains) are loops, so hostile sizes cannot exhaust the stack.
//
// Newlines: the lexer hands every line end to the parser, which ignores them inside `()`
// and `[]` (`ignoreNewlines > 0`) and after `,` and binary operators (`skipNewlines()`).
//
// Recovery: a statement that fails is skipped up to the next statement boundary (a line
// end or `;` outside braces, a closing `}`, a token that starts a line); braces met while
// skipping are skipped whole, so one mistake in a node's line does not unbalance its block.

import DrawDiagnostics

/// A class rather than a struct: in debug builds every call of a non-mutating helper on a
/// mutating struct copied the whole parser into the caller's frame (35 KB of stack per
/// nesting level was measured). Its mutable state is only ever touched by the parser's own
/// single-threaded calls, never through overlapping accesses, so the dynamic exclusivity
/// checks (11% of parse time in release) are turned off per property.
final class Parser {
    let bytes: UnsafeBufferPointer<UInt8>
    let source: SourceFile
    let file: FileID
    /// The lexer's tokens, valid for the parser's lifetime (`parse` holds the array); the
    /// last is `.endOfFile`, which `advance()` never steps over, so reads stay in bounds.
    let tokens: UnsafeBufferPointer<Token>
    @exclusivity(unchecked) var reporter: DiagnosticSink

    /// Index of the current token.
    @exclusivity(unchecked) var index = 0
    /// End offset of the last consumed token: where a missing token was expected.
    @exclusivity(unchecked) var previousEnd: UInt32 = 0
    /// > 0 inside `(…)` and `[…]`, where line ends are not statement ends.
    @exclusivity(unchecked) var ignoreNewlines = 0
    /// Open blocks, brackets, unary operators and interpolations.
    @exclusivity(unchecked) var depth = 0
    /// Set whenever the current statement met an error, reported or suppressed.
    @exclusivity(unchecked) var statementFailed = false
    /// The names of the nodes whose blocks are open, innermost last (`page` for a page):
    /// what a `name: value` line in a block applies to, for the continuation warning.
    var blockOwners: [String] = []
    /// Blocks closed by a `}` that starts a line indented less than the line of their `{`
    /// (token indices): where a missing `}` most likely is.
    var closerMismatches: [(open: Int, close: Int)] = []
    /// Set once the current statement reported `parse.expression-too-deep`: a long sum over
    /// many lines would otherwise report it on each line.
    @exclusivity(unchecked) var reportedExpressionDepth = false
    /// Set once any statement of the file failed (see `File.errorsConfinedToLiterals`).
    @exclusivity(unchecked) var anyStatementFailed = false

    @exclusivity(unchecked) var exprs: Arena<Expr>
    /// Tree depth of each expression, parallel to `exprs` (capped, so UInt16 suffices).
    @exclusivity(unchecked) var exprDepths: Arena<UInt16>

    // The flat arrays of `File` that lists point into. A list is gathered on a stack first
    // (a call inside an argument, a tuple inside a list, start lists of their own before
    // the outer one is finished) and copied into its array in one piece when complete.
    @exclusivity(unchecked) var arguments: Arena<Argument>
    @exclusivity(unchecked) var exprLists = Arena<ExprID>()
    @exclusivity(unchecked) var stringParts: [StringPart] = []
    @exclusivity(unchecked) var arrows: [ConnectorArrow] = []
    @exclusivity(unchecked) var identifiers: [Identifier] = []
    @exclusivity(unchecked) var calls: [Call] = []
    @exclusivity(unchecked) var comprehensions: [Comprehension] = []
    @exclusivity(unchecked) var argumentStack = Arena<PendingArgument>()
    @exclusivity(unchecked) var exprStack = Arena<ExprID>()
    @exclusivity(unchecked) var partStack: [StringPart] = []
    @exclusivity(unchecked) var blockStack = Arena<Stmt>()

    /// Names already made into Strings: the same few names (kinds, property labels) recur
    /// on every line, and decoding each occurrence again was a tenth of parse time.
    @exclusivity(unchecked) var names = NameTable()

    /// The last label met for each slot of its first and last bytes and length (a
    /// direct-mapped cache in front of `names`): a drawing uses a handful of labels over and over, and comparing two
    /// words of bytes with the one remembered finds its name without hashing it (`labelID`).
    struct LabelMemo {
        var start = 0
        /// 0 while empty (labels are never empty).
        var length = 0
        var id = NameID(0)
    }
    static let labelMemoCount = 128
    let labelMemos: UnsafeMutablePointer<LabelMemo>

    init(bytes: UnsafeBufferPointer<UInt8>, source: SourceFile, tokens: UnsafeBufferPointer<Token>, reporter: DiagnosticSink) {
        self.bytes = bytes
        self.source = source
        self.file = source.id
        self.tokens = tokens
        self.reporter = reporter
        labelMemos = .allocate(capacity: Parser.labelMemoCount)
        labelMemos.initialize(repeating: LabelMemo(), count: Parser.labelMemoCount)
        // Generous, so that they rarely regrow: pages reserved but never written cost nothing,
        // while a regrowth copies the whole arena into freshly zeroed pages. A list of
        // numeric tuples, `(x, y, p), …`, is 8 tokens and 4 expressions a point: exactly
        // half, so half plus an eighth.
        exprs = Arena(capacity: tokens.count / 2 + tokens.count / 8 + 8)
        exprDepths = Arena(capacity: tokens.count / 2 + tokens.count / 8 + 8)
        arguments = Arena(capacity: tokens.count / 3 + 8)
    }

    deinit { labelMemos.deallocate() }

    /// The finished tree.
    func makeFile(statements: [Stmt], comments: [Comment]) -> File {
        File(file: file, statements: statements, exprs: exprs.takeAll(), arguments: arguments.takeAll(),
             exprLists: exprLists.takeAll(),
             stringParts: stringParts, arrows: arrows, identifiers: identifiers, names: names.takeStrings(),
             calls: calls, comments: comments, comprehensions: comprehensions)
    }

    /// An argument read but not yet in `arguments`: its label as a token index, so the
    /// stack holds no Strings and each argument is built once, in its final place.
    struct PendingArgument {
        static let noLabel = UInt32.max
        var labelToken: UInt32
        var value: ExprID
        var span: Span
    }

    /// Moves `argumentStack[base...]` into `arguments` as one list.
    func commitArguments(from base: Int) -> ArgumentList {
        let count = argumentStack.count - base
        if count == 0 { return .empty }
        let list = ArgumentList(start: UInt32(arguments.count), count: UInt32(count))
        for k in base..<argumentStack.count {
            let pending = argumentStack[k]
            let label = pending.labelToken == PendingArgument.noLabel ? nil : labelID(tokens[Int(pending.labelToken)])
            arguments.append(Argument(label: label, value: pending.value, span: pending.span))
        }
        argumentStack.truncate(to: base)
        return list
    }

    /// Moves `exprStack[base...]` into `exprLists` as one list.
    func commitExprs(from base: Int) -> ExprList {
        let count = exprStack.count - base
        if count == 0 { return .empty }
        let list = ExprList(start: UInt32(exprLists.count), count: UInt32(count))
        exprLists.moveAppend(from: &exprStack, startingAt: base)
        return list
    }

    /// Moves `partStack[base...]` into `stringParts` as one list.
    func commitParts(from base: Int) -> StringPartList {
        let count = partStack.count - base
        if count == 0 { return .empty }
        let list = StringPartList(start: UInt32(stringParts.count), count: UInt32(count))
        stringParts.append(contentsOf: partStack[base...])
        partStack.removeSubrange(base...)
        return list
    }

    func addIdentifier(_ identifier: Identifier) -> IdentifierID {
        identifiers.append(identifier)
        return IdentifierID(UInt32(identifiers.count - 1))
    }

    /// The identifier spelled by `token` (an identifier or keyword).
    func identifier(_ token: Token) -> Identifier {
        Identifier(name(token), span: span(token))
    }

    /// Where the text of an identifier or keyword token is in `File.names`.
    func nameID(_ token: Token) -> NameID {
        NameID(UInt32(truncatingIfNeeded: names.index(bytes, Int(token.start), Int(token.end))))
    }

    /// `nameID(token)` for the label of an argument, through `labelMemos`.
    @inline(__always) func labelID(_ token: Token) -> NameID {
        let start = Int(token.start), length = Int(token.end) - start
        guard length <= 16, start + 16 <= bytes.count else { return nameID(token) }
        // (Few of the catalogue's labels share a slot with these factors.)
        let slot = (Int(bytes[start]) &* 3 &+ Int(bytes[start + length - 1]) &* 35 &+ length) & (Parser.labelMemoCount - 1)
        let memo = labelMemos[slot]
        if memo.length == length {
            // Two unaligned words of each name (a memo is only made where that stays in bounds).
            let base = UnsafeRawPointer(bytes.baseAddress!)
            let lowDifference = base.loadUnaligned(fromByteOffset: start, as: UInt64.self)
                ^ base.loadUnaligned(fromByteOffset: memo.start, as: UInt64.self)
            let highDifference = base.loadUnaligned(fromByteOffset: start + 8, as: UInt64.self)
                ^ base.loadUnaligned(fromByteOffset: memo.start + 8, as: UInt64.self)
            let lowMask: UInt64 = length >= 8 ? ~0 : (1 << UInt64(length * 8)) &- 1
            let highMask: UInt64 = length >= 16 ? ~0 : length <= 8 ? 0 : (1 << UInt64((length - 8) * 8)) &- 1
            // The masks keep the name's bytes, in memory order (hence `.littleEndian`).
            if lowDifference & lowMask.littleEndian == 0, highDifference & highMask.littleEndian == 0 { return memo.id }
        }
        // Past its capacity the table hands each new name a fresh index: not to be reused.
        let remembered = !names.isFull
        let id = nameID(token)
        if remembered { labelMemos[slot] = LabelMemo(start: start, length: length, id: id) }
        return id
    }

    /// The text of an identifier or keyword token (ASCII by construction), shared.
    func name(_ token: Token) -> String {
        names.string(bytes, Int(token.start), Int(token.end))
    }

    // MARK: - Tokens

    var current: Token { tokens[index] }
    var kind: TokenKind { tokens[index].kind }

    func peekKind(_ offset: Int) -> TokenKind {
        let j = index + offset
        return j < tokens.count ? tokens[j].kind : .endOfFile
    }

    /// True when a line end was skipped right before the current token.
    var currentStartsLine: Bool { index > 0 && tokens[index - 1].kind == .newline }

    @inline(__always) func advance() {
        let token = tokens[index]
        if token.kind == .endOfFile { return }
        // A missing token is expected after the last real token, not after a line end.
        if token.kind != .newline { previousEnd = token.end }
        index &+= 1  // within `tokens`: the end-of-file token is never stepped over
        if ignoreNewlines > 0 { skipNewlines() }
    }

    @inline(__always) func skipNewlines() {
        while tokens[index].kind == .newline { index &+= 1 }
    }

    func span(_ token: Token) -> Span { Span(file: file, start: token.start, end: token.end) }
    func span(from start: UInt32) -> Span { Span(file: file, start: start, end: max(start, previousEnd)) }

    /// The text of a token, decoded leniently (the lexer reported invalid UTF-8).
    func text(_ token: Token) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(token.start)..<Int(token.end)]), as: UTF8.self)
    }

    /// How the current token is named in "found …".
    var found: String { describe(current) }

    func describe(_ token: Token) -> String {
        switch token.kind {
        case .endOfFile, .newline: return token.kind.description
        case .stringTail where token.start == token.end: return "end of line"
        case .stringMiddle, .stringTail: return "')'"  // the `)` that ends an interpolation
        default:
            var text = text(token)
            if text.unicodeScalars.count > 24 { text = String(String.UnicodeScalarView(text.unicodeScalars.prefix(23))) + "…" }
            return "'" + text + "'"
        }
    }

    /// Where a missing token is reported: at the current token if it is on the same line,
    /// otherwise just after the last token (where the author should have written it).
    var expectedSpan: Span {
        let token = current
        if token.kind == .newline || token.kind == .endOfFile || currentStartsLine || token.start == token.end {
            return Span(file: file, start: previousEnd, end: previousEnd)
        }
        if token.kind == .stringMiddle || token.kind == .stringTail {
            return Span(file: file, start: token.start, end: token.start + 1)  // its `)`
        }
        return span(token)
    }

    /// Reports unless the token at fault was already reported by the lexer; always marks
    /// the statement as failed so that it is skipped.
    func report(_ diagnostic: Diagnostic) {
        statementFailed = true
        if current.wasReported && diagnostic.span.start == current.start { return }
        if current.kind == .invalid { return }
        reporter.report(diagnostic)
    }

    var stopped: Bool { reporter.isCapped }

    // MARK: - Expressions arena

    @inline(__always) func make(_ kind: consuming ExprKind, _ span: Span, depth: Int) -> ExprID {
        let id = ExprID(UInt32(exprs.count))
        exprs.append(Expr(kind, span: span))
        exprDepths.append(UInt16(min(depth, Int(UInt16.max))))
        return id
    }

    func depthOf(_ id: ExprID) -> Int { Int(exprDepths[Int(id.index)]) }
    func spanOf(_ id: ExprID) -> Span { exprs[Int(id.index)].span }

    func makeError(_ span: Span) -> ExprID { make(.error, span, depth: 1) }

    // MARK: - Statements

    // file = separators { statement separators } ;
    // separators = { newline | ";" } ;
    func parseFile() -> [Stmt] {
        // An arena, handed over at its exact size: a doubling array kept a quarter of its
        // 72-byte slots unused on average, for the whole life of the tree.
        var statements = Arena<Stmt>(capacity: tokens.count / 16 + 16)
        while !stopped {
            skipSeparators()
            if kind == .endOfFile { break }
            if kind == .rightBrace || kind == .rightParen || kind == .rightBracket {
                reporter.report(ParseMessages.unexpectedClosingDelimiter(text(current), at: span(current)))
                advance()
                continue
            }
            statements.append(parseStatementAndEnd(inBlock: false))
        }
        return statements.takeAll()
    }

    func skipSeparators() {
        while kind == .newline || kind == .semicolon { advance() }
    }

    /// One statement, then its end: a separator, a `}`, a new line, or (after a property in
    /// a block) a `,`. Anything else is reported unless the statement already failed, and
    /// skipped to the next boundary.
    func parseStatementAndEnd(inBlock: Bool) -> Stmt {
        ignoreNewlines = 0
        statementFailed = false
        defer { if statementFailed { anyStatementFailed = true } }
        reportedExpressionDepth = false
        let startIndex = index
        let statement = parseStatement(inBlock: inBlock)
        // A statement that consumed nothing (an error at its first token) must be skipped,
        // even when that token starts a line, or this loop would never move.
        if index == startIndex {
            synchronize()
            return statement
        }
        if inBlock, case .property = statement.kind, kind == .comma, !statementFailed {
            advance()
            skipNewlines()
            return statement
        }
        if atStatementEnd { return statement }
        if !statementFailed {
            report(ParseMessages.expectedEndOfStatement(found: found, at: span(current)))
        }
        synchronize()
        return statement
    }

    var atStatementEnd: Bool {
        switch kind {
        case .newline, .semicolon, .rightBrace, .endOfFile: true
        default: currentStartsLine
        }
    }

    /// Skips to the next statement boundary; braces opened on the way are skipped whole.
    func synchronize() {
        ignoreNewlines = 0
        let start = index
        var braces = 0
        while true {
            switch kind {
            case .endOfFile:
                return
            case .newline, .semicolon:
                if braces == 0 { return }
                advance()
            case .leftBrace:
                braces += 1
                advance()
            case .rightBrace:
                if braces == 0 { return }
                braces -= 1
                advance()
            default:
                if braces == 0, currentStartsLine, index > start { return }
                advance()
            }
        }
    }

    /// Consumes an opener and everything up to its matching closer (or the end of the file),
    /// without recursion: used where nesting is too deep to parse.
    func skipBalanced() {
        let saved = ignoreNewlines
        ignoreNewlines = 0
        var level = 0
        repeat {
            switch kind {
            case .leftParen, .leftBracket, .leftBrace, .stringHead: level += 1
            case .rightParen, .rightBracket, .rightBrace, .stringTail: level -= 1
            case .endOfFile: ignoreNewlines = saved; return
            default: break
            }
            advance()
        } while level > 0
        ignoreNewlines = saved
        if saved > 0 { skipNewlines() }
    }

    var labelAhead: Bool {
        @inline(__always) get { (kind == .identifier || kind.isKeyword) && peekKind(1) == .colon }
    }

    // statement = let | style | def | import | page | for | if | connector | node | property ;
    func parseStatement(inBlock: Bool) -> Stmt {
        let token = current
        if labelAhead {
            let argument = parseLabelledArgument()
            if !inBlock {
                let label = identifier(token)
                report(ParseMessages.propertyOutsideBlock(label.name, at: label.span))
                return Stmt(.error, span: argument.span)
            }
            return Stmt(.property(argument), span: argument.span)
        }
        if inBlock, let labelSpan = hyphenatedLabelAhead(), let camel = camelCaseLabel(labelSpan) {
            // `border-radius: 4pt` on a line of its own.
            while current.end < labelSpan.end { advance() }
            advance()
            parseHyphenatedProperty(camel, labelSpan: labelSpan)
            return Stmt(.error, span: span(from: token.start))
        }
        switch token.kind {
        case .keywordLet: return parseLet()
        case .keywordStyle: return parseStyle()
        case .keywordDef: return parseDef()
        case .keywordImport: return parseImport()
        case .keywordPage: return parsePage()
        case .keywordFor: return parseFor()
        case .keywordIf: return parseIf()
        case .keywordFn: return parseFunction()
        case .identifier:
            if isLabelsAhead(token) { return parseLabels() }
            return isConnectorAhead() ? parseConnector() : parseNode()
        case .keywordElse:
            report(ParseMessages.elseWithoutIf(at: span(token)))
            return Stmt(.error, span: span(token))
        default:
            report(ParseMessages.expectedStatement(found: found, at: span(token)))
            return Stmt(.error, span: span(token))
        }
    }

    /// Whether the statement starting at the current identifier is a connector: the name,
    /// then any `.name` and `[…]`, then an arrow.
    func isConnectorAhead() -> Bool {
        var j = index + 1
        while j < tokens.count {
            switch tokens[j].kind {
            case .arrowRight, .arrowLeft, .arrowBoth, .dashDash:
                return true
            case .plus, .minus:
                // A port with an offset, `a.right + (0, 5pt) -> b`: an arrow before the end of
                // the statement, outside brackets, makes it a connector.
                var depth = 0
                while j < tokens.count {
                    switch tokens[j].kind {
                    case .leftParen, .leftBracket: depth += 1
                    case .rightParen, .rightBracket: depth -= 1; if depth < 0 { return false }
                    case .arrowRight, .arrowLeft, .arrowBoth, .dashDash: if depth == 0 { return true }
                    case .newline, .semicolon, .comma: if depth == 0 { return false }
                    case .endOfFile, .leftBrace, .rightBrace: return false
                    default: break
                    }
                    j += 1
                }
                return false
            case .dot:
                j += 2
            case .leftBracket:
                var level = 0
                repeat {
                    switch tokens[j].kind {
                    case .leftBracket: level += 1
                    case .rightBracket: level -= 1
                    case .endOfFile, .leftBrace, .rightBrace: return false
                    default: break
                    }
                    j += 1
                } while level > 0 && j < tokens.count
            default:
                return false
            }
        }
        return false
    }

    /// A name after `context`, or nil after reporting.
    func parseName(after context: String) -> Identifier? {
        if kind == .identifier {
            let token = current
            advance()
            return identifier(token)
        }
        report(ParseMessages.expectedName(after: context, found: found, at: expectedSpan))
        return nil
    }

    // let = "let" identifier "=" expression ;
    func parseLet() -> Stmt {
        let start = current.start
        advance()
        guard let name = parseName(after: "'let'") else { return Stmt(.error, span: span(from: start)) }
        guard kind == .equal else {
            report(ParseMessages.expectedToken("'='", after: "'let \(name.name)'", found: found, at: expectedSpan))
            return Stmt(.error, span: span(from: start))
        }
        advance()
        let value = parseExpression()
        return Stmt(.letBinding(name, value), span: span(from: start))
    }

    // style = "style" identifier "{" separators { property ( separators | "," ) } "}" ;
    func parseStyle() -> Stmt {
        let start = current.start
        advance()
        guard let name = parseName(after: "'style'") else { return Stmt(.error, span: span(from: start)) }
        guard blockFollows(after: "'style \(name.name)'") else { return Stmt(.error, span: span(from: start)) }
        let block = parseBlock()
        // No other list is open around a statement: the properties go straight in.
        let first = arguments.count
        for statement in block.statements {
            switch statement.kind {
            case .property(let argument): arguments.append(argument)
            case .error: break
            default:
                let diagnostic = ParseMessages.expectedPropertyInStyle(
                    found: "'" + firstWord(of: statement.span) + "'", at: statement.span)
                statementFailed = true
                reporter.report(diagnostic)
            }
        }
        let properties = ArgumentList(start: UInt32(first), count: UInt32(arguments.count - first))
        return Stmt(.style(name, properties.isEmpty ? .empty : properties), span: span(from: start))
    }

    /// The first word of a span's text, for messages about a whole statement.
    func firstWord(of span: Span) -> String {
        var end = Int(span.start)
        let limit = min(Int(span.end), bytes.count)
        while end < limit, bytes[end] != 0x20, bytes[end] != 0x0A, bytes[end] != 0x09 { end += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[Int(span.start)..<end]), as: UTF8.self)
    }

    // def = "def" identifier [ "(" [ parameter { "," parameter } [ "," ] ] ")" ] block ;
    // parameter = identifier [ "=" expression ] ;
    func parseDef() -> Stmt {
        let start = current.start
        advance()
        guard let name = parseName(after: "'def'") else { return Stmt(.error, span: span(from: start)) }
        var parameters: [Parameter] = []
        if kind == .leftParen {
            guard let list = parseParameterList() else { return Stmt(.error, span: span(from: start)) }
            parameters = list
        }
        guard blockFollows(after: parameters.isEmpty && tokens[index - 1].kind == .identifier
                           ? "'def \(name.name)'" : "'def \(name.name)(…)'") else {
            return Stmt(.error, span: span(from: start))
        }
        let body = parseBlock()
        return Stmt(.def(name, parameters, body), span: span(from: start))
    }

    /// `( [ parameter { "," parameter } [ "," ] ] )` of a `def` or `fn`; the current token
    /// is `(`. Nil when the list is not closed (reported).
    func parseParameterList() -> [Parameter]? {
        var parameters: [Parameter] = []
        let open = current
        ignoreNewlines += 1
        advance()
        while kind != .rightParen {
            guard let parameter = parseName(after: parameters.isEmpty ? "'('" : "','") else { break }
            var defaultValue: ExprID?
            if kind == .equal {
                advance()
                defaultValue = parseExpression()
            }
            parameters.append(Parameter(name: parameter, defaultValue: defaultValue))
            if kind == .comma { advance(); continue }
            break
        }
        ignoreNewlines -= 1
        if !expectCloser(.rightParen, ")", opener: open) { return nil }
        return parameters
    }

    // function = "fn" identifier "(" [ parameter { "," parameter } [ "," ] ] ")" "=" expression ;
    func parseFunction() -> Stmt {
        let start = current.start
        advance()
        guard let name = parseName(after: "'fn'") else { return Stmt(.error, span: span(from: start)) }
        guard kind == .leftParen else {
            report(ParseMessages.expectedToken("'('", after: "'fn \(name.name)'", found: found, at: expectedSpan))
            return Stmt(.error, span: span(from: start))
        }
        guard let parameters = parseParameterList() else { return Stmt(.error, span: span(from: start)) }
        guard kind == .equal else {
            var diagnostic = ParseMessages.expectedToken("'='", after: "'fn \(name.name)(…)'", found: found, at: expectedSpan)
            if kind == .leftBrace {
                diagnostic.notes.append(.init("a function computes one value: 'fn \(name.name)(…) = expression'; a component that draws nodes is written with 'def'"))
            }
            report(diagnostic)
            return Stmt(.error, span: span(from: start))
        }
        advance()
        skipNewlines()
        let body = parseExpression()
        return Stmt(.function(name, parameters, body), span: span(from: start))
    }

    // import = "import" string-literal ;
    func parseImport() -> Stmt {
        let start = current.start
        advance()
        let token = current
        switch token.kind {
        case .string:
            advance()
            let path = decodeStringText(token)
            return Stmt(.importFile(path, span(token)), span: span(from: start))
        case .stringHead:
            let value = parseExpression()
            report(ParseMessages.interpolatedImportPath(at: spanOf(value)))
            return Stmt(.error, span: span(from: start))
        default:
            report(ParseMessages.expectedImportPath(found: found, at: expectedSpan))
            return Stmt(.error, span: span(from: start))
        }
    }

    // page = "page" [ arguments ] [ block ] ;
    func parsePage() -> Stmt {
        let start = current.start
        advance()
        let arguments = parseArguments(positionalAllowed: true)
        if statementFailed { return Stmt(.page(arguments, nil), span: span(from: start)) }
        var block: Block?
        if kind == .leftBrace {
            blockOwners.append("page")
            block = parseBlock()
            blockOwners.removeLast()
        } else {
            checkMissingComma()
        }
        return Stmt(.page(arguments, block), span: span(from: start))
    }

    /// `labels` starts a label sheet when a loop (`labels row in`) or a setting
    /// (`labels copies:`) follows; otherwise it is an ordinary name.
    func isLabelsAhead(_ token: Token) -> Bool {
        // The name's bytes compared in place: building its String to compare cost ~230
        // instructions a statement (issue 38).
        guard Int(token.end) &- Int(token.start) == 6 else { return false }
        let word: StaticString = "labels"
        for k in 0..<6 where bytes[Int(token.start) &+ k] != word.utf8Start[k] { return false }
        let next = peekKind(1)
        if next == .identifier && peekKind(2) == .keywordIn { return true }
        return (next == .identifier || next.isKeyword) && peekKind(2) == .colon
    }

    // labels = "labels" [ identifier "in" expression "," ] arguments block ;
    func parseLabels() -> Stmt {
        let start = current.start
        advance()
        var variable: Identifier?
        var sequence: ExprID?
        if kind == .identifier && peekKind(1) == .keywordIn {
            variable = parseName(after: "'labels'")
            advance()
            sequence = parseExpression()
            if kind == .comma { advance(); skipNewlines() }
        }
        let arguments = parseArguments(positionalAllowed: false)
        guard !statementFailed, blockFollows(after: "the settings of 'labels'") else { return Stmt(.error, span: span(from: start)) }
        let body = parseBlock()
        return Stmt(.labels(LabelsStmt(variable: variable, sequence: sequence, arguments: arguments, block: body)), span: span(from: start))
    }

    // for = "for" identifier "in" expression block ;
    func parseFor() -> Stmt {
        let start = current.start
        advance()
        guard let name = parseName(after: "'for'") else { return Stmt(.error, span: span(from: start)) }
        guard kind == .keywordIn else {
            report(ParseMessages.expectedToken("'in'", after: "'for \(name.name)'", found: found, at: expectedSpan))
            return Stmt(.error, span: span(from: start))
        }
        advance()
        let sequence = parseExpression()
        guard blockFollows(after: "the sequence of 'for'") else { return Stmt(.error, span: span(from: start)) }
        let body = parseBlock()
        return Stmt(.forLoop(name, sequence, body), span: span(from: start))
    }

    // if = "if" expression block [ [ newline ] "else" ( if | block ) ] ;
    func parseIf() -> Stmt {
        let start = current.start
        if depth >= ParseLimits.maximumNestingDepth {
            report(ParseMessages.nestingTooDeep(at: span(current)))
            skipStatementWhole()
            return Stmt(.error, span: span(from: start))
        }
        depth += 1
        defer { depth -= 1 }
        advance()
        let condition = parseExpression()
        guard blockFollows(after: "the condition of 'if'") else { return Stmt(.error, span: span(from: start)) }
        let thenBlock = parseBlock()
        var elseBlock: Block?
        if kind == .newline, peekKind(1) == .keywordElse { advance() }
        if kind == .keywordElse {
            advance()
            if kind == .keywordIf {
                let nested = parseIf()
                elseBlock = Block(statements: [nested], span: nested.span)
            } else if blockFollows(after: "'else'") {
                elseBlock = parseBlock()
            }
        }
        return Stmt(.ifElse(condition, thenBlock, elseBlock), span: span(from: start))
    }

    /// Whether a block follows the statement head just read. A `{` alone on the next line
    /// is reported and accepted (the block is parsed, so its contents are still checked);
    /// anything else is reported unless the statement already failed.
    func blockFollows(after context: String) -> Bool {
        if kind == .leftBrace { return true }
        if kind == .newline, peekKind(1) == .leftBrace {
            var diagnostic = ParseMessages.expectedBlock(after: context, found: found, at: expectedSpan)
            diagnostic.notes.append(.init("a block's '{' goes on the same line as its statement", at: span(tokens[index + 1])))
            report(diagnostic)
            advance()
            return true
        }
        if !statementFailed {
            report(ParseMessages.expectedBlock(after: context, found: found, at: expectedSpan))
        }
        return false
    }

    /// Skips the rest of a statement including its blocks, without recursion.
    func skipStatementWhole() {
        while true {
            switch kind {
            case .endOfFile, .newline, .semicolon, .rightBrace: return
            case .leftBrace, .leftParen, .leftBracket: skipBalanced()
            default: advance()
            }
        }
    }

    // connector = endpoint arrow endpoint { arrow endpoint } [ "," labelled-argument { "," labelled-argument } ] ;
    // arrow = "->" | "<-" | "<->" | "--" ;
    // endpoint = additive ;
    func parseConnector() -> Stmt {
        let start = current.start
        let endpointBase = exprStack.count
        exprStack.append(parseBinary(minimumPrecedence: 5))
        let arrowStart = arrows.count
        while let op = kind.connectorOperator {
            let arrow = current
            // Endpoints are additive expressions, which hold no arrows: these stay contiguous.
            arrows.append(ConnectorArrow(op, span: span(arrow)))
            advance()
            skipNewlines()
            if kind == .identifier || kind == .leftParen {
                exprStack.append(parseBinary(minimumPrecedence: 5))
            } else {
                report(ParseMessages.expectedEndpoint(after: text(arrow), found: found, at: expectedSpan))
                exprStack.append(makeError(expectedSpan))
                let arrowList = ArrowList(start: UInt32(arrowStart), count: UInt32(arrows.count - arrowStart))
                return Stmt(.connector(ConnectorStmt(endpoints: commitExprs(from: endpointBase), arrows: arrowList,
                                                     arguments: .empty)),
                            span: span(from: start))
            }
        }
        let arrowList = ArrowList(start: UInt32(arrowStart), count: UInt32(arrows.count - arrowStart))
        let endpoints = commitExprs(from: endpointBase)
        var arguments = ArgumentList.empty
        if kind == .comma {
            advance()
            skipNewlines()
            arguments = parseArguments(positionalAllowed: false)
        }
        return Stmt(.connector(ConnectorStmt(endpoints: endpoints, arrows: arrowList, arguments: arguments)),
                    span: span(from: start))
    }

    // node = identifier [ arguments ] [ block ] ;
    func parseNode() -> Stmt {
        let kindToken = current
        advance()
        let name = identifier(kindToken)
        let arguments = parseArguments(positionalAllowed: true)
        var block: Block?
        if !statementFailed {
            if kind == .leftBrace {
                blockOwners.append(name.name)
                block = parseBlock()
                blockOwners.removeLast()
            } else {
                checkMissingComma()
            }
        }
        let node = NodeStmt(kind: consume name, arguments: arguments, block: consume block)
        return Stmt(.node(consume node), span: span(from: kindToken.start))
    }

    /// After a node's arguments: another argument on the same line means a missing comma.
    func checkMissingComma() {
        if !atStatementEnd, canStartExpression(kind) || kind.isKeyword {
            if let joined = detachedUnit() {
                report(ParseMessages.detachedUnit(joined.text, at: joined.span))
                return
            }
            report(ParseMessages.expectedComma(found: found, at: span(current)))
        }
    }

    /// `width: 100 pt`: a number and, after spaces, a unit on its own; the number with the
    /// unit glued to it, and the span from the number to the unit.
    func detachedUnit() -> (text: String, span: Span)? {
        guard kind == .identifier, index > 0, tokens[index - 1].kind == .number else { return nil }
        let unit = text(current)
        guard NumberUnit.lettered.contains(where: { $0.spelling == unit }) else { return nil }
        let number = tokens[index - 1]
        let between = bytes[Int(number.end)..<Int(current.start)]
        guard between.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }),
              text(number).allSatisfy({ $0.isNumber || $0 == "." }) else { return nil }
        return (text(number) + unit, Span(file: file, start: number.start, end: current.end))
    }

    /// After a hyphenated label (`background-color`, read up to the `:`): reports it with
    /// drawc's name, once the value is read (`font-weight: bold` becomes `bold: true`).
    func parseHyphenatedProperty(_ camel: String, labelSpan: Span) {
        advance()  // ":"
        skipNewlines()
        let value = parseExpression()
        let valueSpan = spanOf(value)
        if !statementFailed {
            report(ParseMessages.hyphenatedLabel(source.text(of: labelSpan), camelCase: camel, at: labelSpan,
                                                 argument: labelSpan.merged(with: valueSpan), value: source.text(of: valueSpan)))
        }
        statementFailed = true
    }

    /// A line in a block that starts with a hyphenated name and a colon, `border-radius: 4pt`
    /// (names and `-` with nothing between them): the span of the name, else nil.
    func hyphenatedLabelAhead() -> Span? {
        guard kind == .identifier else { return nil }
        var j = index
        while tokens[j].kind == .identifier || tokens[j].kind.isKeyword, tokens[j + 1].kind == .minus,
              tokens[j + 1].start == tokens[j].end, tokens[j + 2].start == tokens[j + 1].end,
              tokens[j + 2].kind == .identifier || tokens[j + 2].kind.isKeyword {
            j += 2
        }
        guard j > index, tokens[j + 1].kind == .colon else { return nil }
        return Span(file: file, start: tokens[index].start, end: tokens[j].end)
    }

    /// `font-size` → `fontSize` when the text of `span` is names joined by single hyphens
    /// (what CSS and SVG write), else nil.
    func camelCaseLabel(_ span: Span) -> String? {
        let text = source.text(of: span)
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count > 1, parts.allSatisfy({ part in
            !part.isEmpty && part.first!.isASCII && part.first!.isLetter && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
        }) else { return nil }
        return String(parts[0]) + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    // arguments = argument { "," argument } ;
    // argument = labelled-argument | expression ;
    // labelled-argument = label ":" expression ;
    // label = identifier | keyword ;
    /// The arguments of a node, `page` or connector (none if nothing can start one). A
    /// positional argument is allowed only first, and only where `positionalAllowed`.
    func parseArguments(positionalAllowed: Bool) -> ArgumentList {
        if !(labelAhead || canStartExpression(kind)) { return .empty }
        let base = argumentStack.count
        while true {
            if labelAhead {
                argumentStack.append(parsePendingLabelledArgument())
            } else if let labelSpan = hyphenatedLabelAhead(), let camel = camelCaseLabel(labelSpan) {
                // `font-style: italic`: a CSS-style name (here with a keyword in it).
                while current.end < labelSpan.end { advance() }
                advance()
                parseHyphenatedProperty(camel, labelSpan: labelSpan)
                break
            } else if canStartExpression(kind) {
                if kind == .identifier, !currentStartsLine, looksLikeValue(peekKind(1)) {
                    // `fill red`: a label without its colon.
                    let next = tokens[index + 1]
                    report(ParseMessages.expectedToken("':'", after: quotedSource(text(current)), found: describe(next), at: span(next)))
                    break
                }
                let startSpan = span(current)
                let value = parseExpression()
                let argumentSpan = spanOf(value).merged(with: startSpan)
                if kind == .colon, let camel = camelCaseLabel(argumentSpan) {
                    // `font-size: 9pt`: a CSS-style name, read as `font - size`.
                    parseHyphenatedProperty(camel, labelSpan: argumentSpan)
                    if statementFailed { break }
                    guard kind == .comma else { break }
                    advance()
                    skipNewlines()
                    continue
                }
                if !positionalAllowed {
                    report(ParseMessages.expectedLabelledArgument(found: "'" + source.text(of: argumentSpan) + "'", at: argumentSpan))
                    break
                } else if argumentStack.count > base {
                    report(ParseMessages.misplacedPositionalArgument(at: argumentSpan))
                }
                argumentStack.append(PendingArgument(labelToken: PendingArgument.noLabel, value: value, span: argumentSpan))
            } else {
                report(ParseMessages.expectedArgument(found: found, at: expectedSpan))
                break
            }
            if statementFailed { break }
            guard kind == .comma else { break }
            advance()
            skipNewlines()
        }
        return commitArguments(from: base)
    }

    /// Tokens that, right after a name, suggest the name was meant as a label.
    func looksLikeValue(_ kind: TokenKind) -> Bool {
        switch kind {
        case .number, .color, .string, .stringHead, .identifier, .keywordTrue, .keywordFalse, .keywordNone: true
        default: false
        }
    }

    // labelled-argument = label ":" expression ;
    // property = label ":" expression ;
    func parseLabelledArgument() -> Argument {
        let pending = parsePendingLabelledArgument()
        return Argument(label: nameID(tokens[Int(pending.labelToken)]), value: pending.value, span: pending.span)
    }

    @inline(__always) func parsePendingLabelledArgument() -> PendingArgument {
        let labelIndex = index
        let labelStart = current.start
        // `advance()` twice, over the label and its `:` (`labelAhead`): neither is a line end
        // nor the end of the file, and nothing lies between them.
        previousEnd = tokens[index &+ 1].end
        index &+= 2
        if ignoreNewlines > 0 { skipNewlines() }
        let value = parseExpression()
        return PendingArgument(labelToken: UInt32(labelIndex), value: value, span: span(from: labelStart))
    }

    // block = "{" separators { statement ( separators | "," ) } "}" ;
    /// The current token is `{`.
    func parseBlock() -> Block {
        let open = current
        if depth >= ParseLimits.maximumNestingDepth {
            report(ParseMessages.nestingTooDeep(at: span(open)))
            skipBalanced()
            return Block(statements: [], span: span(from: open.start))
        }
        depth += 1
        defer { depth -= 1 }
        let openIndex = index
        advance()
        // Gathered on a stack shared by all open blocks, then moved out at exact size: an
        // array per block regrew four times for ten statements.
        let base = blockStack.count
        while !stopped {
            skipSeparators()
            if kind == .rightBrace {
                if currentStartsLine, indentation(at: current.start) < indentation(at: open.start) {
                    closerMismatches.append((openIndex, index))
                }
                advance()
                break
            }
            if kind == .endOfFile {
                let diagnostic = unclosedBlockByIndentation() ?? ParseMessages.unclosedDelimiter(
                    expected: "}", opener: "{", openedAt: span(open), found: found, at: expectedSpan)
                statementFailed = true
                reporter.report(diagnostic)
                break
            }
            let startsLine = currentStartsLine
            let statement = parseStatementAndEnd(inBlock: true)
            if startsLine, blockStack.count > base { checkContinuation(statement, after: blockStack[blockStack.count - 1]) }
            blockStack.append(statement)
        }
        return Block(statements: blockStack.takeTail(from: base), span: span(from: open.start))
    }

    /// The continuation trap (issue 33): a `name: value` line indented deeper than the node
    /// before it reads as that node's, but without a `,` ending the line before, the node's
    /// statement ended there and the property is the enclosing node's.
    func checkContinuation(_ statement: Stmt, after previous: Stmt) {
        guard case .property = statement.kind, let owner = blockOwners.last else { return }
        let previousName: String, previousAt: Span
        switch previous.kind {
        case .node(let node) where node.block == nil: previousName = node.kind.name; previousAt = node.kind.span
        case .connector: previousName = "connector"; previousAt = previous.span
        default: return
        }
        guard indentation(at: statement.span.start) > indentation(at: previous.span.start) else { return }
        let text = source.text(of: statement.span)
        let name = String(text.prefix { $0 != ":" })
        reporter.report(ParseMessages.continuationLine(name, appliesTo: owner, looksLike: previousName, at: statement.span,
                                                       previous: previousAt,
                                                       commaAt: Span(file: file, start: previous.span.end, end: previous.span.end)))
    }

    /// At the end of the file with a `}` missing (as rustc does): the first block whose `}`
    /// was indented less than its `{` line is most likely the one left open; its `}` belongs
    /// before its first line indented no deeper than the `{` line. Nil when no block was.
    func unclosedBlockByIndentation() -> Diagnostic? {
        guard let (openIndex, closeIndex) = closerMismatches.first else { return nil }
        let openLine = indentation(at: tokens[openIndex].start)
        var line = closeIndex
        for j in (openIndex + 1)..<closeIndex where tokens[j - 1].kind == .newline && tokens[j].kind != .newline {
            if indentation(at: tokens[j].start) <= openLine { line = j; break }
        }
        var lineStart = Int(tokens[line].start)
        while lineStart > 0, bytes[lineStart - 1] != 0x0A { lineStart -= 1 }
        let indent = String(decoding: bytes[lineStart..<(lineStart + openLine)], as: UTF8.self)
        return ParseMessages.unclosedBlockByIndentation(opener: span(tokens[openIndex]), closer: span(tokens[closeIndex]),
                                                        missingBefore: span(tokens[line]),
                                                        insertAt: Span(file: file, start: UInt32(lineStart), end: UInt32(lineStart)),
                                                        insert: indent + "}\n", at: expectedSpan)
    }

    /// The spaces and tabs that start the line holding `offset`, counted one each.
    func indentation(at offset: UInt32) -> Int {
        var start = Int(offset)
        while start > 0, bytes[start - 1] != 0x0A { start -= 1 }
        var count = 0
        while start + count < bytes.count, bytes[start + count] == 0x20 || bytes[start + count] == 0x09 { count += 1 }
        return count
    }

    /// Consumes `closer` or reports the unclosed `opener`; returns whether it was there.
    func expectCloser(_ closer: TokenKind, _ closerText: String, opener: Token) -> Bool {
        if kind == closer {
            advance()
            return true
        }
        if !statementFailed {
            report(ParseMessages.unclosedDelimiter(expected: closerText, opener: text(opener), openedAt: span(opener),
                                                   found: found, at: expectedSpan))
        }
        statementFailed = true
        return false
    }

    // MARK: - Expressions

    func canStartExpression(_ kind: TokenKind) -> Bool {
        switch kind {
        case .number, .string, .stringHead, .color, .identifier, .keywordTrue, .keywordFalse, .keywordNone,
             .leftParen, .leftBracket, .minus, .plus, .bang, .invalid,
             .keywordIf:
            true
        default:
            false
        }
    }

    // expression = conditional | or-expression ;   (conditional: parseConditional, via parsePrimary)
    // or-expression = and-expression { "||" and-expression } ;
    // and-expression = comparison { "&&" comparison } ;
    // comparison = range [ ( "==" | "!=" | "<" | "<=" | ">" | ">=" ) range ] ;
    // range = additive [ ( "..<" | "..." ) additive ] ;
    // additive = multiplicative { ( "+" | "-" ) multiplicative } ;
    // multiplicative = unary { ( "*" | "/" | "%" ) unary } ;
    func parseExpression() -> ExprID {
        // Most arguments are a single literal or name followed by `,` `)` or a line end: read
        // it directly instead of through the five precedence levels that would each find no
        // operator (the same tree results).
        switch kind {
        case .number, .color, .identifier:
            if endsExpression(tokens[index + 1].kind) { return parseOperand() }
        case .leftParen:
            // `(x, y)` of plain numbers, the commonest tuple: straight off the tokens.
            if !statementFailed, let tuple = parseNumberTuple() { return tuple }
        default:
            break
        }
        return parseBinary(minimumPrecedence: 1)
    }

    /// Whether a token after a complete operand ends the expression (no operator, member,
    /// index or call can follow it). Inside brackets an operator may follow on the next
    /// line, so there a line end does not end it.
    @inline(__always) func endsExpression(_ next: TokenKind) -> Bool {
        switch next {
        case .comma, .rightParen, .rightBracket, .endOfFile, .semicolon, .rightBrace: true
        case .newline: ignoreNewlines == 0
        default: false
        }
    }

    static func binaryOperator(_ kind: TokenKind) -> (BinaryOperator?, precedence: Int) {
        switch kind {
        case .pipePipe: (.or, 1)
        case .ampersandAmpersand: (.and, 2)
        case .equalEqual: (.equal, 3)
        case .bangEqual: (.notEqual, 3)
        case .less: (.less, 3)
        case .lessEqual: (.lessEqual, 3)
        case .greater: (.greater, 3)
        case .greaterEqual: (.greaterEqual, 3)
        case .halfOpenRange, .closedRange: (nil, 4)
        case .plus: (.add, 5)
        case .minus: (.subtract, 5)
        case .star: (.multiply, 6)
        case .slash: (.divide, 6)
        case .percent: (.remainder, 6)
        default: (nil, 0)
        }
    }

    // (parses or-expression through multiplicative, the binary levels of expression above)
    /// Precedence climbing: left-associative chains are loops, so `1+1+…` with any number
    /// of terms uses constant stack; recursion only goes up the (six) precedence levels.
    func parseBinary(minimumPrecedence: Int) -> ExprID {
        var left = parseUnary()
        var sawComparison = false
        var sawRange = false
        while true {
            let (op, precedence) = Parser.binaryOperator(kind)
            if precedence == 0 || precedence < minimumPrecedence { return left }
            let opToken = current
            advance()
            skipNewlines()
            if precedence == 3 {
                if sawComparison { report(ParseMessages.chainedComparison(text(opToken), at: span(opToken))) }
                sawComparison = true
            } else if precedence == 4 {
                if sawRange { report(ParseMessages.chainedRange(text(opToken), at: span(opToken))) }
                sawRange = true
            }
            let right = parseBinary(minimumPrecedence: precedence + 1)
            let combined = spanOf(left).merged(with: spanOf(right))
            let treeDepth = max(depthOf(left), depthOf(right)) + 1
            if treeDepth > ParseLimits.maximumExpressionDepth {
                reportExpressionTooDeep(at: span(opToken))
                left = makeError(combined)
                continue
            }
            if let op {
                left = make(.binary(left, right, op), combined, depth: treeDepth)
            } else {
                left = make(.range(left, right, inclusive: opToken.kind == .closedRange), combined, depth: treeDepth)
            }
        }
    }

    // unary = ( "-" | "+" | "!" ) unary | postfix ;
    func parseUnary() -> ExprID {
        let op: UnaryOperator
        switch kind {
        case .minus: op = .negate
        case .plus: op = .plus
        case .bang: op = .not
        default: return parsePostfix()
        }
        let opToken = current
        if depth >= ParseLimits.maximumNestingDepth {
            report(ParseMessages.nestingTooDeep(at: span(opToken)))
            while kind == .minus || kind == .plus || kind == .bang { advance() }
            let operand = parsePostfix()
            return makeError(span(opToken).merged(with: spanOf(operand)))
        }
        depth += 1
        defer { depth -= 1 }
        advance()
        let operand = parseUnary()
        return make(.unary(op, operand), span(opToken).merged(with: spanOf(operand)), depth: depthOf(operand) + 1)
    }

    // postfix = primary { "." member-name | "[" expression "]" } ;
    // member-name = identifier | keyword ;
    func parsePostfix() -> ExprID {
        var base = parsePrimary()
        while true {
            if kind == .dot {
                advance()
                if kind == .identifier || kind.isKeyword {
                    let member = identifier(current)
                    advance()
                    let spanned = spanOf(base).merged(with: member.span)
                    base = make(.member(base, addIdentifier(member)), spanned, depth: depthOf(base) + 1)
                    if depthOf(base) > ParseLimits.maximumExpressionDepth {
                        reportExpressionTooDeep(at: member.span)
                        base = makeError(spanned)
                    }
                } else {
                    report(ParseMessages.expectedName(after: "'.'", found: found, at: expectedSpan))
                    return makeError(span(from: spanOf(base).start))
                }
            } else if kind == .leftBracket {
                let open = current
                guard enterNesting(open) else { return makeError(span(from: spanOf(base).start)) }
                ignoreNewlines += 1
                advance()
                let subscriptValue = parseExpression()
                ignoreNewlines -= 1
                depth -= 1
                if !expectCloser(.rightBracket, "]", opener: open) { return makeError(span(from: spanOf(base).start)) }
                base = make(.index(base, subscriptValue), span(from: spanOf(base).start),
                            depth: max(depthOf(base), depthOf(subscriptValue)) + 1)
            } else {
                return base
            }
        }
    }

    func reportExpressionTooDeep(at span: Span) {
        if !reportedExpressionDepth { report(ParseMessages.expressionTooDeep(at: span)) }
        reportedExpressionDepth = true
        statementFailed = true
    }

    /// Counts one level of nesting at `open`; at the limit reports, skips the bracketed
    /// text whole and returns false.
    func enterNesting(_ open: Token) -> Bool {
        if depth >= ParseLimits.maximumNestingDepth {
            report(ParseMessages.nestingTooDeep(at: span(open)))
            skipBalanced()
            return false
        }
        depth += 1
        return true
    }

    /// `parsePrimary` for a number, colour or name that ends its expression (so a name is
    /// no call), inlined into `parseExpression`, where most arguments take this way.
    @inline(__always) func parseOperand() -> ExprID {
        let token = current
        advance()
        switch token.kind {
        case .number:
            if token.wasReported { return makeError(span(token)) }
            let (value, unit) = decodeNumber(token)
            return make(.number(value, unit), span(token), depth: 1)
        case .color:
            if token.wasReported { return makeError(span(token)) }
            let (r, g, b, a) = decodeColor(token)
            return make(.color(red: r, green: g, blue: b, alpha: a), span(token), depth: 1)
        default:
            return make(.name(nameID(token)), span(token), depth: 1)
        }
    }

    // primary = number | color | string | "true" | "false" | "none"
    //         | identifier | call | parenthesized | list | comprehension | record
    //         | conditional ;
    func parsePrimary() -> ExprID {
        let token = current
        switch token.kind {
        case .number:
            advance()
            if token.wasReported { return makeError(span(token)) }
            let (value, unit) = decodeNumber(token)
            return make(.number(value, unit), span(token), depth: 1)
        case .color:
            advance()
            if token.wasReported { return makeError(span(token)) }
            let (r, g, b, a) = decodeColor(token)
            return make(.color(red: r, green: g, blue: b, alpha: a), span(token), depth: 1)
        case .string, .stringHead:
            return parseString()
        case .keywordTrue:
            advance()
            return make(.bool(true), span(token), depth: 1)
        case .keywordFalse:
            advance()
            return make(.bool(false), span(token), depth: 1)
        case .keywordNone:
            advance()
            return make(.none, span(token), depth: 1)
        case .identifier:
            advance()
            if kind == .leftParen { return parseCall(identifier(token)) }
            return make(.name(nameID(token)), span(token), depth: 1)
        case .leftParen:
            return parseParenthesized()
        case .leftBracket:
            return parseList()
        case .keywordIf:
            return parseConditional()
        case .leftBrace:
            return parseRecord()
        case .invalid:
            // Already reported by the lexer.
            statementFailed = true
            advance()
            return makeError(span(token))
        default:
            report(ParseMessages.expectedExpression(found: found, at: expectedSpan))
            return makeError(expectedSpan)
        }
    }

    // call = identifier "(" [ argument { "," argument } [ "," ] ] ")" ;
    func parseCall(_ callee: Identifier) -> ExprID {
        let open = current
        guard enterNesting(open) else { return makeError(span(from: callee.span.start)) }
        defer { depth -= 1 }
        ignoreNewlines += 1
        advance()
        let base = argumentStack.count
        var treeDepth = 1
        while kind != .rightParen, !statementFailed {
            let argument: PendingArgument
            if labelAhead {
                argument = parsePendingLabelledArgument()
            } else if canStartExpression(kind) || kind == .leftBrace {
                let value = parseExpression()
                argument = PendingArgument(labelToken: PendingArgument.noLabel, value: value, span: spanOf(value))
            } else {
                break
            }
            argumentStack.append(argument)
            treeDepth = max(treeDepth, depthOf(argument.value) + 1)
            if kind == .comma { advance(); continue }
            break
        }
        ignoreNewlines -= 1
        let arguments = commitArguments(from: base)
        if !expectCloser(.rightParen, ")", opener: open) { return makeError(span(from: callee.span.start)) }
        calls.append(Call(callee: addIdentifier(callee), arguments: arguments))
        return make(.call(CallID(UInt32(calls.count - 1))), span(from: callee.span.start), depth: treeDepth)
    }

    // parenthesized = "(" expression { "," expression } [ "," ] ")" ;
    /// `(e)` is `e` itself; `(a, b, …)` is a tuple.
    func parseParenthesized() -> ExprID {
        let open = current
        guard enterNesting(open) else { return makeError(span(from: open.start)) }
        defer { depth -= 1 }
        ignoreNewlines += 1
        advance()
        let base = exprStack.count
        let first = parseExpression()
        exprStack.append(first)
        var treeDepth = depthOf(first) + 1
        while kind == .comma, !statementFailed {
            advance()
            if kind == .rightParen, exprStack.count - base >= 2 { break }  // trailing comma
            let element = parseExpression()
            exprStack.append(element)
            treeDepth = max(treeDepth, depthOf(element) + 1)
        }
        ignoreNewlines -= 1
        if exprStack.count - base == 1 { exprStack.truncate(to: base) }
        let elements = commitExprs(from: base)  // empty for `(e)`
        if !expectCloser(.rightParen, ")", opener: open) { return makeError(span(from: open.start)) }
        if elements.isEmpty {
            // `(e)` is `e`, spanning its parentheses so that `(a + b) * c` covers them.
            exprs[Int(first.index)].span = span(from: open.start)
            return first
        }
        return make(.tuple(elements), span(from: open.start), depth: treeDepth)
    }

    // list = "[" [ expression { "," expression } [ "," ] ] "]" ;
    func parseList() -> ExprID {
        let open = current
        guard enterNesting(open) else { return makeError(span(from: open.start)) }
        defer { depth -= 1 }
        ignoreNewlines += 1
        advance()
        if kind == .keywordFor { return parseComprehension(open) }
        let base = exprStack.count
        var treeDepth = 1
        while kind != .rightBracket, !statementFailed {
            let element = kind == .leftParen ? parseNumberTuple() ?? parseExpression() : parseExpression()
            exprStack.append(element)
            treeDepth = max(treeDepth, depthOf(element) + 1)
            if kind == .comma { advance(); continue }
            break
        }
        ignoreNewlines -= 1
        let elements = commitExprs(from: base)
        if !expectCloser(.rightBracket, "]", opener: open) { return makeError(span(from: open.start)) }
        return make(.list(elements), span(from: open.start), depth: treeDepth)
    }

    /// `(n, n)` or `(n, n, n)` of plain number tokens followed by what ends an expression
    /// (`endsExpression`): the points of a polyline or a stroke, written by the thousand, and
    /// the `at:` of nearly every node. Read straight off the tokens: the same nodes, spans and
    /// depths as `parseParenthesized` makes, without the precedence levels around every
    /// number. Nil, having read nothing, for anything else (a line end inside the brackets,
    /// an operator, a reported number, the nesting limit): the general path.
    func parseNumberTuple() -> ExprID? {
        let open = index
        guard depth < ParseLimits.maximumNestingDepth else { return nil }
        // The last token is `.endOfFile`, which matches nothing here: reads stay in bounds.
        var j = open + 1
        var count = 0
        while true {
            let number = tokens[j]
            guard number.kind == .number, !number.wasReported else { return nil }
            count += 1
            let after = tokens[j + 1].kind
            if after == .rightParen { break }
            guard after == .comma, count < 3 else { return nil }
            j += 2
        }
        guard count >= 2 else { return nil }
        let close = j + 1
        guard endsExpression(tokens[close + 1].kind) else { return nil }
        let start = UInt32(exprLists.count)
        for k in 0..<count {
            let token = tokens[open + 1 + 2 * k]
            let (value, unit) = decodeNumber(token)
            exprLists.append(make(.number(value, unit), span(token), depth: 1))
        }
        let closeToken = tokens[close]
        index = close + 1
        previousEnd = closeToken.end
        let spanned = Span(file: file, start: tokens[open].start, end: closeToken.end)
        return make(.tuple(ExprList(start: start, count: UInt32(count))), spanned, depth: 2)
    }

    // comprehension = "[" "for" identifier "in" expression [ "if" expression ] ":" expression "]" ;
    /// After `[`, at `for`; the caller counted the nesting and ignores newlines.
    func parseComprehension(_ open: Token) -> ExprID {
        advance()  // for
        func fail() -> ExprID {
            ignoreNewlines -= 1
            skipToCloser(.rightBracket)
            return makeError(span(from: open.start))
        }
        guard let variable = parseName(after: "'[for'") else { return fail() }
        guard kind == .keywordIn else {
            report(ParseMessages.expectedToken("'in'", after: "'for \(variable.name)'", found: found, at: expectedSpan))
            return fail()
        }
        advance()
        let sequence = parseExpression()
        var filter: ExprID?
        if kind == .keywordIf {
            advance()
            filter = parseExpression()
        }
        guard kind == .colon else {
            report(ParseMessages.expectedToken("':'", after: filter == nil ? "the sequence of '[for'" : "the condition of '[for … if'",
                                               found: found, at: expectedSpan))
            return fail()
        }
        advance()
        let element = parseExpression()
        ignoreNewlines -= 1
        if !expectCloser(.rightBracket, "]", opener: open) { return makeError(span(from: open.start)) }
        var treeDepth = max(depthOf(sequence), depthOf(element)) + 1
        if let filter { treeDepth = max(treeDepth, depthOf(filter) + 1) }
        comprehensions.append(Comprehension(variable: variable, sequence: sequence, filter: filter, element: element))
        return make(.comprehension(ComprehensionID(UInt32(comprehensions.count - 1))), span(from: open.start), depth: treeDepth)
    }

    /// After an error inside brackets: skips to the matching `closer` (consumed) or another
    /// closer (left for the caller), across lines, without recursion.
    func skipToCloser(_ closer: TokenKind) {
        while true {
            switch kind {
            case closer: advance(); return
            case .endOfFile, .rightBrace, .rightBracket, .rightParen: return
            case .leftParen, .leftBracket, .leftBrace, .stringHead: skipBalanced()
            default: advance()
            }
        }
    }

    // conditional = "if" expression [ newline ] "then" expression [ newline ] "else" expression ;
    func parseConditional() -> ExprID {
        let start = current
        if depth >= ParseLimits.maximumNestingDepth {
            report(ParseMessages.nestingTooDeep(at: span(start)))
            advance()
            return makeError(span(start))
        }
        depth += 1
        defer { depth -= 1 }
        advance()
        let condition = parseExpression()
        if kind == .newline, peekKind(1) == .keywordThen { advance() }
        guard kind == .keywordThen else {
            var diagnostic = ParseMessages.expectedToken("'then'", after: "the condition of 'if'", found: found, at: expectedSpan)
            diagnostic.notes.append(.init("a conditional expression is written 'if condition then a else b'"))
            report(diagnostic)
            return makeError(span(from: start.start))
        }
        advance()
        skipNewlines()
        let then = parseExpression()
        if kind == .newline, peekKind(1) == .keywordElse { advance() }
        guard kind == .keywordElse else {
            var diagnostic = ParseMessages.expectedToken("'else'", after: "'if … then …'", found: found, at: expectedSpan)
            diagnostic.notes.append(.init("a conditional expression needs a value for both cases: 'if condition then a else b'"))
            report(diagnostic)
            return makeError(span(from: start.start))
        }
        advance()
        skipNewlines()
        let otherwise = parseExpression()
        let treeDepth = max(depthOf(condition), depthOf(then), depthOf(otherwise)) + 1
        let spanned = span(from: start.start)
        if treeDepth > ParseLimits.maximumExpressionDepth {
            reportExpressionTooDeep(at: span(start))
            return makeError(spanned)
        }
        return make(.conditional(condition, then, otherwise), spanned, depth: treeDepth)
    }

    // record = "{" [ field { "," field } [ "," ] ] "}" ;
    // field = label ":" expression ;
    func parseRecord() -> ExprID {
        let open = current
        guard enterNesting(open) else { return makeError(span(from: open.start)) }
        defer { depth -= 1 }
        ignoreNewlines += 1
        advance()
        let base = argumentStack.count
        var treeDepth = 1
        while kind != .rightBrace, !statementFailed {
            guard labelAhead else {
                report(ParseMessages.expectedToken("a field 'name: value'", after: argumentStack.count > base ? "','" : "'{'",
                                                   found: found, at: expectedSpan))
                break
            }
            let field = parsePendingLabelledArgument()
            argumentStack.append(field)
            treeDepth = max(treeDepth, depthOf(field.value) + 1)
            if kind == .comma { advance(); continue }
            break
        }
        ignoreNewlines -= 1
        let fields = commitArguments(from: base)
        if statementFailed {
            skipToCloser(.rightBrace)
            return makeError(span(from: open.start))
        }
        if !expectCloser(.rightBrace, "}", opener: open) { return makeError(span(from: open.start)) }
        return make(.record(fields), span(from: open.start), depth: treeDepth)
    }

    // string = '"' { string-character | escape | interpolation } '"' ;
    //   (lexed as: string | string-head expression { string-middle expression } string-tail)
    func parseString() -> ExprID {
        let first = current
        if first.kind == .string {
            advance()
            let text = decodeStringText(first)
            var parts = StringPartList.empty
            if !text.isEmpty {
                parts = StringPartList(start: UInt32(stringParts.count), count: 1)
                stringParts.append(.text(text))
            }
            return make(.string(parts), span(first), depth: 1)
        }
        guard enterNesting(first) else { return makeError(span(from: first.start)) }
        defer { depth -= 1 }
        let base = partStack.count
        var treeDepth = 1
        let headText = decodeStringText(first)
        if !headText.isEmpty { partStack.append(.text(headText)) }
        var piece = first
        while true {
            advance()  // the head or middle piece
            let value = parseExpression()
            partStack.append(.interpolation(value))
            treeDepth = max(treeDepth, depthOf(value) + 1)
            if kind == .stringMiddle || kind == .stringTail {
                piece = current
                let text = decodeStringText(piece)
                if !text.isEmpty { partStack.append(.text(text)) }
                if piece.kind == .stringTail {
                    advance()
                    break
                }
                continue
            }
            // Something else before the `)` that closes the interpolation.
            if !statementFailed {
                let openSpan = Span(file: file, start: piece.end - 2, end: piece.end)
                report(ParseMessages.unclosedDelimiter(expected: ")", opener: "\\(", openedAt: openSpan, found: found, at: expectedSpan))
            }
            partStack.removeSubrange(base...)
            skipToStringEnd()
            return makeError(span(from: first.start))
        }
        return make(.string(commitParts(from: base)), span(from: first.start), depth: treeDepth)
    }

    /// After an error inside an interpolation: skips to the tail that ends this string.
    func skipToStringEnd() {
        var level = 0
        while kind != .endOfFile {
            switch kind {
            case .stringHead: level += 1
            case .stringTail:
                if level == 0 { advance(); return }
                level -= 1
            case .newline: return
            default: break
            }
            advance()
        }
    }

    // MARK: - Literal decoding

    /// The value and unit of a number token (validated by the lexer).
    @inline(__always) func decodeNumber(_ token: Token) -> (Double, NumberUnit) {
        // Most numbers are a few digits alone: their value without the general loop below.
        let start = Int(token.start)
        let length = Int(token.end &- token.start)
        if UInt(bitPattern: length &- 1) < 4, start &+ 4 <= bytes.count {  // 1 to 4 bytes
            // One word holds them: each byte less '0', checked and combined four at once (a
            // digit loop cost ~10 instructions a digit). A borrow only runs upwards, into the
            // bytes after the number, which the shift drops; the digits end in the high
            // bytes, the first lowest, as the same number with leading zeros.
            let word = UInt32(littleEndian: UnsafeRawPointer(bytes.baseAddress!).loadUnaligned(fromByteOffset: start, as: UInt32.self))
            let digits = (word &- 0x3030_3030) &<< UInt32(truncatingIfNeeded: (4 &- length) &* 8)
            // A byte is a digit when at most 9: adding 0x76 then leaves its high bit clear.
            if ((digits &+ 0x7676_7676) | digits) & 0x8080_8080 == 0 {
                let pairs = (digits &* 10 &+ (digits &>> 8)) & 0x00FF_00FF
                return (Double((pairs &* 100 &+ (pairs &>> 16)) & 0xFFFF), .none)
            }
        }
        if length <= 4 {
            var value = 0
            var j = start
            while j < Int(token.end), bytes[j] &- UInt8(ascii: "0") < 10 {
                value = value &* 10 &+ Int(bytes[j] &- UInt8(ascii: "0"))
                j += 1
            }
            if j == Int(token.end) { return (Double(value), .none) }
        }
        return decodeNumberInGeneral(token)
    }

    func decodeNumberInGeneral(_ token: Token) -> (Double, NumberUnit) {
        let start = Int(token.start)
        var end = Int(token.end)
        // The common case in one pass: up to 15 digits with an optional fraction, then a
        // unit or nothing; exact as in `parseNumberValue` (an exact mantissa divided once by
        // an exact power of ten). Exponents take the general path below.
        var j = start
        var mantissa: UInt64 = 0
        var digits = 0
        var fractionDigits = 0
        while j < end, bytes[j] &- UInt8(ascii: "0") < 10 {
            mantissa = mantissa &* 10 &+ UInt64(bytes[j] &- UInt8(ascii: "0"))
            digits += 1
            j += 1
        }
        if j < end, bytes[j] == UInt8(ascii: ".") {
            j += 1
            while j < end, bytes[j] &- UInt8(ascii: "0") < 10 {
                mantissa = mantissa &* 10 &+ UInt64(bytes[j] &- UInt8(ascii: "0"))
                digits += 1
                fractionDigits += 1
                j += 1
            }
        }
        if digits <= 15, j == end || bytes[j] | 0x20 != UInt8(ascii: "e") {
            let unit = j == end ? NumberUnit.none : numberUnitOf(bytes, j, end) ?? .none
            var power = 1.0
            for _ in 0..<fractionDigits { power *= 10 }
            return (Double(mantissa) / power, unit)
        }
        var unit = NumberUnit.none
        if bytes[end - 1] == UInt8(ascii: "%") {
            unit = .percent
            end -= 1
        } else {
            var unitStart = end
            while unitStart > start, (bytes[unitStart - 1] | 0x20) &- UInt8(ascii: "a") < 26 { unitStart -= 1 }
            if unitStart < end {
                unit = numberUnitOf(bytes, unitStart, end) ?? .none
                end = unitStart
            }
        }
        return (parseNumberValue(bytes, start, end), unit)
    }

    @inline(__always) func decodeColor(_ token: Token) -> (UInt8, UInt8, UInt8, UInt8) {
        @inline(__always) func hex(_ b: UInt8) -> UInt8 {
            let lower = b | 0x20
            return lower >= UInt8(ascii: "a") ? lower &- UInt8(ascii: "a") &+ 10 : b &- UInt8(ascii: "0")
        }
        let start = Int(token.start) + 1
        let count = Int(token.end) - start
        // `#rgb` and `#rgba` repeat each digit; `#rrggbb` and `#rrggbbaa` pair them.
        @inline(__always) func component(_ k: Int) -> UInt8 {
            if count <= 4 { let v = hex(bytes[start + k]); return v << 4 | v }
            return hex(bytes[start + 2 * k]) << 4 | hex(bytes[start + 2 * k + 1])
        }
        let alpha: UInt8 = count == 4 || count == 8 ? component(3) : 255
        return (component(0), component(1), component(2), alpha)
    }

    /// The literal text of one string piece with escapes decoded.
    func decodeStringText(_ token: Token) -> String {
        // Strip the delimiters: `"` or `)` before, `"` or `\(` after (none if unterminated).
        var start = Int(token.start) + 1
        var end = Int(token.end)
        if token.flags & Token.unterminated == 0 {
            end -= (token.kind == .stringHead || token.kind == .stringMiddle) ? 2 : 1
        }
        if start > end { start = end }
        let content = UnsafeBufferPointer(rebasing: bytes[start..<end])
        if token.flags & Token.hasEscapes == 0 {
            return String(decoding: content, as: UTF8.self)
        }
        var out: [UInt8] = []
        out.reserveCapacity(content.count)
        var j = 0
        while j < content.count {
            let b = content[j]
            guard b == UInt8(ascii: "\\"), j + 1 < content.count else {
                out.append(b)
                j += 1
                continue
            }
            let next = content[j + 1]
            switch next {
            case UInt8(ascii: "n"): out.append(0x0A); j += 2
            case UInt8(ascii: "t"): out.append(0x09); j += 2
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(next); j += 2
            case UInt8(ascii: "u"):
                var k = j + 2
                var value: UInt32 = 0
                var ok = k < content.count && content[k] == UInt8(ascii: "{")
                if ok {
                    k += 1
                    var digits = 0
                    while k < content.count, content[k] != UInt8(ascii: "}") {
                        let lower = content[k] | 0x20
                        if lower &- UInt8(ascii: "0") < 10 { value = value &<< 4 | UInt32(lower - UInt8(ascii: "0")) }
                        else if lower &- UInt8(ascii: "a") < 6 { value = value &<< 4 | UInt32(lower - UInt8(ascii: "a") + 10) }
                        else { break }
                        digits += 1
                        k += 1
                    }
                    ok = digits >= 1 && digits <= 8 && k < content.count && content[k] == UInt8(ascii: "}")
                    if k < content.count, content[k] == UInt8(ascii: "}") { k += 1 }
                }
                if ok, let scalar = Unicode.Scalar(value) {
                    out.append(contentsOf: Array(String(scalar).utf8))
                }
                j = k
            default:
                // A bad escape (already reported): keep the character as written.
                j += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }
}

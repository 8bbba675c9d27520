// DrawFormat — the canonical printer: a .draw file in, the same drawing in its one canonical
// layout out (docs/format.md lists the rules and why each was chosen).
//
// Takes: a `SourceFile`. Hands on: the formatted bytes, or the diagnostics of a file that
// does not parse (a file with syntax errors is never reformatted: what it means is unknown).
// Invariants of the output: it parses to the same tree, so its scene IR is byte for byte the
// IR of the input; every comment of the input is in it, in the same order, its text unchanged
// (bar trailing blanks); formatting it again gives the same bytes; every literal (number,
// colour, string with its escapes) is spelled exactly as written; lines end with `\n`, none
// with blanks, the file with exactly one `\n` (an empty file stays empty).
//
// How: it prints from the lossless token stream (`tokenizeLossless`), never by slicing
// source text, so a comment's place is a position between two tokens and cannot be lost.
// The statement structure it needs (where a statement ends, blocks, labels, connectors) is
// read from the same tokens with the language's own rules; the parse only vouches that the
// file is well formed. Statements recurse through blocks only (depth capped by the parser),
// expressions are walked in a loop with a stack of open brackets.
//
// Does not: reorder anything, change a literal, add or remove parentheses, join lines the
// author broke inside a statement (only a `} else` that was split), or align comments.

import DrawDiagnostics
import DrawSyntax

/// Settings of the canonical form. There is deliberately one form: these are constants, not
/// options, so that every drawing is formatted alike.
package enum FormatRules {
    /// Columns (Unicode scalars) a line should not pass; a longer statement line wraps.
    package static let lineWidth = 100
    /// Spaces per level of indentation.
    package static let indentWidth = 2
}

/// The outcome of formatting one file.
package enum FormatOutcome: Sendable {
    /// The canonical text.
    case formatted([UInt8])
    /// The file has syntax errors: these, and no text.
    case failed([Diagnostic])
}

/// Formats one file (see the header of this file for what is guaranteed).
package func formatSource(_ source: SourceFile) -> FormatOutcome {
    // One lexer run for both: the parse vouches for the file, its tokens are then printed.
    let (tokens, diagnostics) = parseLossless(source)
    if diagnostics.contains(where: { $0.severity == .error }) { return .failed(diagnostics) }
    return .formatted(formatTokens(tokens))
}

/// Formats a lossless token stream of a file that parses without errors.
package func formatTokens(_ tokens: SyntaxTokens) -> [UInt8] {
    let printer = Printer(tokens)
    printer.printFile()
    return printer.out
}

/// How the statement being printed is laid out.
struct StatementMode {
    /// Blocks of this statement go over several lines even if written on one.
    var expandBlocks = false
    /// A line break after each argument comma of the statement's head.
    var wrapArguments = false
    /// Measure the head when a block that goes over several lines is reached, and stop
    /// (returning false) if the head with its ` {` is too wide: the block is then never
    /// printed in vain.
    var checkHead = false
}

extension TokenKind {
    /// `self == other`, compared in place: the synthesized `==` of an enum of another module
    /// is called through its Equatable witness (about 12% of the printer's instructions).
    @inline(__always) func matches(_ other: TokenKind) -> Bool {
        unsafeBitCast(self, to: UInt8.self) == unsafeBitCast(other, to: UInt8.self)
    }
}

/// The printer's state is touched only by its own single-threaded calls, never through
/// overlapping accesses, so the dynamic exclusivity checks (a third of its instructions,
/// as for the parser) are turned off per property.
final class Printer {
    let syntax: SyntaxTokens
    let bytes: [UInt8]
    /// Indices (into `syntax.tokens`) of the significant tokens; the last is the end of file.
    @exclusivity(unchecked) var significant: [Int] = []
    /// The significant tokens themselves, by significant index (read on every step).
    @exclusivity(unchecked) var significantTokens: [Token] = []
    /// For a `{` (by significant index): the significant index of its `}`.
    @exclusivity(unchecked) var closingBrace: [Int: Int] = [:]
    /// `{` whose block was written over several lines (a line end, `;` or line comment inside).
    @exclusivity(unchecked) var brokenBlocks: Set<Int> = []
    /// Significant index of the current token.
    @exclusivity(unchecked) var k = 0
    /// Significant index of the last token printed or dropped (its trivia is consumed).
    @exclusivity(unchecked) var consumed = -1
    @exclusivity(unchecked) var out: [UInt8] = []
    /// Where the current output line starts in `out`.
    @exclusivity(unchecked) var lineStart = 0
    /// Set by `printStatement` when it returns: its head was measured at a block printed over
    /// several lines and fitted, so its first line is final (a trailing comment after the `{`
    /// may still pass the width: comments are never wrapped).
    @exclusivity(unchecked) var headFitted = false
    /// Set by `printStatement` when it returns: it reached a block of its own (not a record).
    /// Without one, printing it with `expandBlocks` would give the same text again.
    @exclusivity(unchecked) var headHadBlock = false

    init(_ syntax: SyntaxTokens) {
        self.syntax = syntax
        self.bytes = syntax.source.bytes
        out.reserveCapacity(bytes.count + bytes.count / 8 + 16)
        significant.reserveCapacity(syntax.tokens.count / 2 + 1)
        significantTokens.reserveCapacity(syntax.tokens.count / 2 + 1)
        for (index, token) in syntax.tokens.enumerated() where !token.kind.isTrivia {
            significant.append(index)
            significantTokens.append(token)
        }
        var stack: [Int] = []
        for s in significant.indices {
            switch kind(s) {
            case .leftBrace: stack.append(s)
            case .rightBrace:
                if let open = stack.popLast() { closingBrace[open] = s }
            case .semicolon:
                if let open = stack.last { brokenBlocks.insert(open) }
            default: break
            }
            if s > 0, !stack.isEmpty, gapHasLineBreak(before: s) {
                for open in stack { brokenBlocks.insert(open) }
            }
        }
    }

    // MARK: - Tokens

    @inline(__always) func token(_ s: Int) -> Token { significantTokens[min(s, significantTokens.count - 1)] }
    func kind(_ s: Int) -> TokenKind { token(s).kind }

    /// Whether the source has a line end between significant tokens `s - 1` and `s` (a line
    /// comment or a block comment over several lines counts: the lexer ends lines there too).
    func gapHasLineBreak(before s: Int) -> Bool {
        guard s > 0 else { return false }
        for index in (significant[s - 1] + 1)..<significant[s] {
            let trivia = syntax.tokens[index]
            switch trivia.kind {
            case .newline, .lineComment: return true
            case .blockComment:
                if bytes[Int(trivia.start)..<Int(trivia.end)].contains(0x0A) { return true }
            default: break
            }
        }
        return false
    }

    /// True when a line break in the source lies between `from` and `to` (significant indices).
    func lineBreakBetween(_ from: Int, _ to: Int) -> Bool {
        var s = from + 1
        while s <= to {
            if gapHasLineBreak(before: s) { return true }
            s += 1
        }
        return false
    }

    // MARK: - Output

    func write(_ text: StaticString) {
        out.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    func writeToken(_ s: Int) {
        let t = token(s)
        let start = Int(t.start), end = Int(t.end)
        if end - start <= 16 {
            // Most tokens are a few bytes: a loop beats the generic slice append's call.
            var j = start
            while j < end { out.append(bytes[j]); j += 1 }
        } else {
            out.append(contentsOf: bytes[start..<end])
        }
        consumed = s
    }

    var atLineStart: Bool { out.count == lineStart }

    /// Ends the current line (dropping blanks at its end), optionally leaves one blank line,
    /// and indents the next. Nothing at the very start of the file.
    func newLine(blank: Bool, indent: Int) {
        guard !out.isEmpty else { return }
        while let last = out.last, last == 0x20 { out.removeLast() }
        if out.last != 0x0A { out.append(0x0A) }
        if blank, out.count >= 2, out[out.count - 2] != 0x0A { out.append(0x0A) }
        lineStart = out.count
        out.append(contentsOf: repeatElement(0x20, count: indent))
    }

    /// Columns of the line that starts at `start` in `out` (up to its end or the next `\n`).
    func lineWidth(from start: Int) -> Int {
        var columns = 0
        var j = start
        while j < out.count, out[j] != 0x0A {
            if out[j] & 0xC0 != 0x80 { columns += 1 }
            j += 1
        }
        return columns
    }

    /// The start in `out` of the line holding offset `offset`.
    func startOfLine(containing offset: Int) -> Int {
        var j = min(offset, out.count)
        while j > 0, out[j - 1] != 0x0A { j -= 1 }
        return j
    }

    // MARK: - Trivia between tokens

    /// What goes before a token; decides the line breaks and blank lines there.
    enum Separator {
        /// Nothing (`f(`, `a.b`, `x,`), unless the source broke the line there.
        case none
        /// One space, unless the source broke the line there.
        case space
        /// A line break added by wrapping (no blank line).
        case wrap
        /// A line break before a statement; a blank line kept (one, for a run) unless it is
        /// the first statement of its block or of the file.
        case statement(first: Bool)
        /// A line break before a `}` or the end of the file; comments before it may keep a
        /// blank line before them, the closer itself never gets one.
        case closer(afterStatements: Bool)
    }

    /// Prints the trivia before significant token `to` (and of any tokens dropped since the
    /// last one printed): comments in order, line breaks as the rules say, then what goes
    /// right before `to`. `indent` is for a new line before `to`; `commentIndent` for a
    /// comment on a line of its own (inside a block, before its `}`, it is the block's).
    /// With `keepBreaks` a line break of the source before `to` is kept.
    func separate(to: Int, _ separator: Separator, indent: Int, commentIndent: Int? = nil, keepBreaks: Bool = true) {
        let commentIndent = commentIndent ?? indent
        var lineEnds = 0
        var mustBreak = false
        var afterComment = false
        /// The last comment is a block comment that began a line of its own: what follows it
        /// on its source line stays on its line (`/* note */ rect`).
        var blockCommentLeadsLine = false
        let blankBeforeFirstComment: Bool
        let blankAfterComment: Bool
        let blankBeforeToken: Bool
        let forcedBreak: Bool
        switch separator {
        case .none, .space:
            (blankBeforeFirstComment, blankAfterComment, blankBeforeToken, forcedBreak) = (false, false, false, false)
        case .wrap:
            (blankBeforeFirstComment, blankAfterComment, blankBeforeToken, forcedBreak) = (false, false, false, true)
        case .statement(let first):
            (blankBeforeFirstComment, blankAfterComment, blankBeforeToken, forcedBreak) = (!first, true, !first, true)
        case .closer(let afterStatements):
            (blankBeforeFirstComment, blankAfterComment, blankBeforeToken, forcedBreak) = (afterStatements, afterStatements, false, true)
        }
        var s = consumed + 1
        while s <= to {
            let lower = s > 0 ? significant[s - 1] + 1 : 0
            for index in lower..<significant[s] {
                let trivia = syntax.tokens[index]
                switch trivia.kind {
                case .newline:
                    lineEnds += syntax.lineEndCount(of: index)
                case .lineComment, .blockComment:
                    if lineEnds == 0, !atLineStart, !mustBreak {
                        out.append(0x20)  // a trailing comment: one space after the code
                        blockCommentLeadsLine = false
                    } else {
                        blockCommentLeadsLine = trivia.kind.matches(.blockComment)
                        let blank = lineEnds >= 2 && (afterComment ? blankAfterComment : blankBeforeFirstComment)
                        newLine(blank: blank, indent: commentIndent)
                    }
                    var text = bytes[Int(trivia.start)..<Int(trivia.end)]
                    if trivia.kind.matches(.lineComment) {
                        while let last = text.last, last == 0x20 || last == 0x09 || last == 0x0C || last == 0x0D { text.removeLast() }
                    }
                    out.append(contentsOf: text)
                    let multiline = trivia.kind.matches(.blockComment) && text.contains(0x0A)
                    if multiline { lineStart = startOfLine(containing: out.count) }
                    mustBreak = trivia.kind.matches(.lineComment) || multiline
                    lineEnds = 0
                    afterComment = true
                default:
                    break  // whitespace and the byte order mark are not kept
                }
            }
            s += 1
        }
        consumed = to - 1
        if blockCommentLeadsLine, !mustBreak, lineEnds == 0 {
            out.append(0x20)
        } else if forcedBreak || mustBreak || (keepBreaks && lineEnds > 0) {
            // After a comment a statement may keep a blank line (the comment stands apart);
            // a closer never gets one.
            let blank = lineEnds >= 2 && (afterComment ? isStatement(separator) : blankBeforeToken)
            newLine(blank: blank, indent: indent)
        } else if case .space = separator {
            out.append(0x20)
        } else if afterComment, !atLineStart {
            // After a comment inside a line: a space, except before what hugs its left side.
            switch kind(to) {
            case .comma, .rightParen, .rightBracket, .colon, .dot: break
            default: out.append(0x20)
            }
        }
    }

    func isStatement(_ separator: Separator) -> Bool {
        if case .statement = separator { return true }
        return false
    }

    // MARK: - Statements

    func printFile() {
        k = 0
        let any = printStatements(indent: 0, oneLine: false)
        // Comments after the last statement, then exactly one line end.
        separate(to: significant.count - 1, .closer(afterStatements: any), indent: 0)
        while let last = out.last, last == 0x20 || last == 0x0A { out.removeLast() }
        if !out.isEmpty { out.append(0x0A) }
    }

    /// Statements up to a `}` (not consumed) or the end of the file; returns whether there
    /// was one.
    @discardableResult
    func printStatements(indent: Int, oneLine: Bool) -> Bool {
        var first = true
        while true {
            // Separators: `;` and the `,` after a property are dropped (lines separate), but
            // in a block kept on one line a comma is written back.
            var sawComma = false
            while kind(k).matches(.semicolon) || kind(k).matches(.comma) {
                if kind(k).matches(.comma) { sawComma = true }
                k += 1
            }
            if kind(k).matches(.rightBrace) || kind(k).matches(.endOfFile) { return !first }
            if oneLine {
                if !first, sawComma { out.append(UInt8(ascii: ",")) }
                separate(to: k, .space, indent: indent, keepBreaks: false)
                printStatement(indent: indent, mode: StatementMode())
            } else {
                separate(to: k, .statement(first: first), indent: indent)
                printCheckedStatement(indent: indent)
            }
            first = false
        }
    }

    /// Prints a statement; if its first line is too wide, prints it again with its blocks
    /// over several lines, and, if its head alone is still too wide, with a line break after
    /// each argument. Each block is printed at most twice this way (once inside the line
    /// that was too wide, once expanded), so deep nesting costs no more than its size
    /// times its depth.
    ///
    /// A block over several lines is printed by the attempt whose head fits, or by the last:
    /// an attempt stops at the `{` when its head is too wide, before printing the block. So
    /// each block is printed over lines once per statement, never once per attempt (which
    /// doubled the work per level of nesting: 60 levels, indented past the width, hung).
    func printCheckedStatement(indent: Int) {
        let saved = (k: k, consumed: consumed, count: out.count, lineStart: lineStart)
        if printStatement(indent: indent, mode: StatementMode(checkHead: true)),
           headFitted || lineWidth(from: saved.lineStart) <= FormatRules.lineWidth {
            return
        }
        func restore() {
            k = saved.k
            consumed = saved.consumed
            out.removeSubrange(saved.count...)
            lineStart = saved.lineStart
        }
        restore()
        // A statement without a block goes straight to its third form: the second would
        // print the same text again. (One with a block holds it, printed over lines, once.)
        if !headHadBlock
            || !printStatement(indent: indent, mode: StatementMode(expandBlocks: true, checkHead: true))
            || (!headFitted && lineWidth(from: saved.lineStart) > FormatRules.lineWidth) {
            restore()
            printStatement(indent: indent, mode: StatementMode(expandBlocks: true, wrapArguments: true))
        }
    }

    /// True for `label:` at `s` (a label is a name or a keyword).
    func isLabel(_ s: Int) -> Bool {
        (kind(s).matches(.identifier) || kind(s).isKeyword) && kind(s + 1).matches(.colon)
    }

    /// Whether the statement starting at the name `s` is a connector (as the parser decides:
    /// the name, `.name` and `[…]` parts, then an arrow).
    func isConnector(_ s: Int) -> Bool {
        var j = s + 1
        while j < significant.count {
            switch kind(j) {
            case .arrowRight, .arrowLeft, .arrowBoth, .dashDash: return true
            case .dot: j += 2
            case .leftBracket:
                var level = 0
                repeat {
                    switch kind(j) {
                    case .leftBracket: level += 1
                    case .rightBracket: level -= 1
                    case .endOfFile, .leftBrace, .rightBrace: return false
                    default: break
                    }
                    j += 1
                } while level > 0 && j < significant.count
            default: return false
            }
        }
        return false
    }

    /// Whether the `{` at `s` opens a record (`{ x: 1, y: 2 }`, an expression) rather than a
    /// block: it stands where an operand is expected (after a label, `=`, an operator, an
    /// opening bracket, a comma inside brackets, `then`, or the `else` of a conditional
    /// expression, which unlike a statement's `else` does not follow a `}`).
    func isRecord(_ s: Int) -> Bool {
        guard s > 0 else { return false }
        switch kind(s - 1) {
        case .colon, .equal, .comma, .leftParen, .leftBracket, .leftBrace, .stringHead, .stringMiddle,
             .plus, .minus, .star, .slash, .percent, .equalEqual, .bangEqual, .less, .lessEqual,
             .greater, .greaterEqual, .ampersandAmpersand, .pipePipe, .bang, .halfOpenRange,
             .closedRange, .keywordThen, .keywordIn:
            return true
        case .keywordElse:
            return s < 2 || !kind(s - 2).matches(.rightBrace)
        default:
            return false
        }
    }

    /// Tokens that end an operand: after them `-` and `+` are binary, `(` a call, `[` an index.
    func endsOperand(_ kind: TokenKind) -> Bool {
        switch kind {
        case .identifier, .number, .color, .string, .stringTail, .rightParen, .rightBracket,
             .keywordTrue, .keywordFalse, .keywordNone:
            true
        default:
            false
        }
    }

    /// Prints the statement at `k`, leaving `k` at the token after it. Returns false (having
    /// printed only part of it) when `mode.checkHead` finds the head too wide.
    @discardableResult
    func printStatement(indent: Int, mode: StatementMode) -> Bool {
        let first = k
        let isProperty = isLabel(k)
        // A node's kind is followed by its arguments: `rect (1, 2)`, `text -x` are not a call
        // and a subtraction.
        let isNode = !isProperty && kind(k).matches(.identifier) && !isConnector(k)
        let statementLine = lineStart
        // The indentation of the line where each open `(`, `[` or interpolation started:
        // its contents are indented one level from there, its closer goes back to it.
        var opened: [Int] = []
        /// `opened.count` inside the record that a too-wide statement breaks one field per
        /// line (the first record outside brackets), or -1.
        var wrappedRecord = -1
        var lineIndent = indent
        var previousUnary = false
        var inHead = true
        var fitted = false
        var hadBlock = false
        defer { headFitted = fitted; headHadBlock = hadBlock }
        var previous = k
        writeToken(k)
        k += 1
        while true {
            let next = kind(k)
            let previousKind = kind(previous)
            if opened.isEmpty {
                if next.matches(.semicolon) || next.matches(.rightBrace) || next.matches(.endOfFile) { return true }
                if isProperty, next.matches(.comma) { return true }
                // (A conditional expression may break before and after its `then` and `else`;
                // no statement starts with either.)
                if gapHasLineBreak(before: k), !previousKind.continuesLine,
                   !(previousKind.matches(.rightBrace) && next.matches(.keywordElse)),
                   !next.matches(.keywordThen), !next.matches(.keywordElse),
                   !previousKind.matches(.keywordThen), !previousKind.matches(.keywordElse) {
                    return true
                }
            }
            if next.matches(.leftBrace), opened.isEmpty, !isRecord(k) {
                hadBlock = true
                if mode.checkHead, inHead, blockGoesOverLines(k, expand: mode.expandBlocks) {
                    if lineWidth(from: statementLine) + 2 > FormatRules.lineWidth { return false }
                    fitted = true
                }
                inHead = false
                separate(to: k, .space, indent: lineIndent, keepBreaks: false)
                printBlock(indent: indent, expand: mode.expandBlocks)
                previous = k - 1
                previousUnary = false
                if kind(k).matches(.keywordElse) {
                    // `} else`, on one line even if the source split it.
                    separate(to: k, .space, indent: indent, keepBreaks: false)
                    writeToken(k)
                    previous = k
                    k += 1
                }
                continue
            }
            // Where the next token goes on the line.
            var separator = Separator.space
            switch next {
            case .comma, .rightParen, .rightBracket, .dot, .colon, .stringMiddle, .stringTail,
                 .halfOpenRange, .closedRange:
                separator = .none
            case .rightBrace:
                separator = .none  // a record's `}` (a block's ends the statement above)
            case .leftParen, .leftBracket:
                if endsOperand(previousKind), !(isNode && previous == first) { separator = .none }
            default:
                break
            }
            switch previousKind {
            case .leftParen, .leftBracket, .dot, .stringHead, .stringMiddle, .halfOpenRange, .closedRange:
                separator = .none
            case .leftBrace:
                separator = .none  // inside a record, as inside `(…)` and `[…]`: `{name: "x"}`
            default:
                break
            }
            // (`- -a` keeps its space: `--` is the connector.)
            if previousUnary, !(previousKind.matches(.minus) && next.matches(.minus)) { separator = .none }
            if mode.wrapArguments, inHead, opened.isEmpty, previousKind.matches(.comma) { separator = .wrap }
            // A too-wide conditional expression breaks before its `then` and `else`.
            if mode.wrapArguments, opened.isEmpty, next.matches(.keywordThen) || (next.matches(.keywordElse) && !previousKind.matches(.rightBrace)) {
                separator = .wrap
            }
            // A too-wide record: one field per line, `}` on its own line.
            if opened.count == wrappedRecord, !(previousKind.matches(.leftBrace) && next.matches(.rightBrace)),
               previousKind.matches(.leftBrace) || previousKind.matches(.comma) || next.matches(.rightBrace) {
                separator = .wrap
            }
            // The indentation of a new line here.
            let closes = next.matches(.rightParen) || next.matches(.rightBracket) || next.matches(.stringTail) || next.matches(.rightBrace)
            let newIndent: Int
            if let innermost = opened.last {
                newIndent = closes ? innermost : innermost + FormatRules.indentWidth
            } else {
                newIndent = indent + FormatRules.indentWidth
            }
            let lineBefore = lineStart
            separate(to: k, separator, indent: newIndent)
            if lineStart != lineBefore { lineIndent = newIndent }
            // Unary `-`, `+`, `!`: where no operand ends before them, or right after a node's kind.
            switch next {
            case .bang: previousUnary = true
            case .minus, .plus: previousUnary = !endsOperand(previousKind) || (isNode && previous == first)
            default: previousUnary = false
            }
            switch next {
            case .leftParen, .leftBracket, .stringHead: opened.append(lineIndent)
            case .leftBrace:
                // (Only in a statement whose value is one expression: a node's arguments
                // wrap one per line first, which puts a record on a line of its own.)
                if mode.wrapArguments, opened.isEmpty, wrappedRecord == -1,
                   isProperty || kind(first).matches(.keywordLet) || kind(first).matches(.keywordFn) {
                    wrappedRecord = 1
                }
                opened.append(lineIndent)
            case .rightParen, .rightBracket, .stringTail, .rightBrace:
                if opened.count == wrappedRecord { wrappedRecord = -2 }  // only the first
                if !opened.isEmpty { opened.removeLast() }
            default: break
            }
            writeToken(k)
            previous = k
            k += 1
        }
    }

    /// Whether the block opened at `open` is printed over several lines (see `printBlock`).
    func blockGoesOverLines(_ open: Int, expand: Bool) -> Bool {
        let close = closingBrace[open] ?? (significant.count - 1)
        if close == open + 1, !hasComments(between: open, and: close) { return false }
        return expand || brokenBlocks.contains(open)
    }

    /// `{ … }` at `k`: `{}` when empty, on one line when it was written on one (and fits),
    /// else one statement per line, indented one level from the statement's own line.
    func printBlock(indent: Int, expand: Bool) {
        let open = k
        writeToken(k)
        k += 1
        let close = closingBrace[open] ?? (significant.count - 1)
        if close == open + 1, !hasComments(between: open, and: close) {
            k = close
            separate(to: k, .none, indent: indent, keepBreaks: false)
            writeToken(k)
            k += 1
            return
        }
        let oneLine = !expand && !brokenBlocks.contains(open)
        let inner = indent + FormatRules.indentWidth
        let any = printStatements(indent: inner, oneLine: oneLine)
        // The `}`: comments before it stay inside the block.
        if oneLine {
            separate(to: k, .space, indent: indent, commentIndent: inner, keepBreaks: false)
        } else {
            separate(to: k, .closer(afterStatements: any), indent: indent, commentIndent: inner)
        }
        writeToken(k)
        k += 1
    }

    /// Whether a comment lies between significant tokens `from` and `to`.
    func hasComments(between from: Int, and to: Int) -> Bool {
        for index in (significant[from] + 1)..<significant[to] {
            let kind = syntax.tokens[index].kind
            if kind.matches(.lineComment) || kind.matches(.blockComment) { return true }
        }
        return false
    }
}

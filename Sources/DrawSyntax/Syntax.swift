// The lossless syntax layer: every byte of a file as a token, for tools (the formatter, the
// language server, the preview's edits), beside the compile path rather than inside it.
//
// Takes: a `SourceFile`. Hands on: `SyntaxTokens`, the parser's tokens with the trivia
// between them (whitespace, runs of line ends, comments, the byte order mark) as tokens of
// their own, in order. Invariants: the tokens tile the file: each starts where the one
// before ended, the first at 0, the last (`.endOfFile`) at the end; concatenating their
// bytes gives the file back byte for byte, whatever it holds (invalid UTF-8, unterminated
// strings and comments, CRLF, tabs, a BOM, a file the lexer gave up on). Every span of the
// AST (`Stmt`, `Expr`, `Argument`, `Block`) maps to the tokens it covers (`tokenRange(of:)`),
// whose first and last significant tokens are the node's first and last token.
//
// How: this is the lexer's trivia mode in the sense of Go's `ScanComments`. The lexer runs
// exactly as for a compile (so both agree on every token), and the gaps between its tokens,
// which by construction hold only trivia, are cut into trivia tokens afterwards, with the
// comments the lexer already lists. So the compile path pays nothing for this layer: no
// flag is tested in its hot loop and no trivia is stored when compiling.
//
// Does not: parse. Tools that need the tree call `parse(_:)` for the `File` and map its
// spans to tokens here; spans and tokens share one coordinate system (byte offsets).

import DrawDiagnostics

/// The lossless token stream of one source file.
package struct SyntaxTokens: Sendable {
    /// The file the tokens cover.
    package let source: SourceFile
    /// Every token, trivia included; the last is `.endOfFile` (zero-length, at the end).
    package let tokens: [Token]
    /// What the lexer reported (the parser's findings are not included).
    package let diagnostics: [Diagnostic]

    /// The source bytes of token `index`.
    package func bytes(of index: Int) -> ArraySlice<UInt8> {
        let token = tokens[index]
        return source.bytes[Int(token.start)..<Int(token.end)]
    }

    /// The text of token `index` (invalid UTF-8 decoded leniently).
    package func text(of index: Int) -> String {
        String(decoding: bytes(of: index), as: UTF8.self)
    }

    /// The tokens concatenated: always equal to `source.bytes`.
    package func reassembled() -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(source.bytes.count)
        for index in tokens.indices { out += bytes(of: index) }
        return out
    }

    /// The index of the first token that starts at or after `offset`.
    package func firstIndex(atOrAfter offset: UInt32) -> Int {
        var low = 0
        var high = tokens.count - 1  // the end-of-file token starts at the end: always qualifies
        while low < high {
            let mid = (low + high) / 2
            if tokens[mid].start >= offset { high = mid } else { low = mid + 1 }
        }
        return low
    }

    /// The tokens inside `span` (a span of the parsed tree): from the first that starts at
    /// or after `span.start` to the last that ends at or before `span.end`. Empty for a
    /// zero-length span (what the parser leaves where something was missing).
    package func tokenRange(of span: Span) -> Range<Int> {
        let first = firstIndex(atOrAfter: span.start)
        if span.start >= span.end { return first..<first }
        var end = first
        // Never the end-of-file token: it is no node's.
        while end < tokens.count - 1, tokens[end].end <= span.end { end += 1 }
        return first..<end
    }

    /// The first significant (non-trivia) token inside `span`, or nil.
    package func firstToken(of span: Span) -> Int? {
        tokenRange(of: span).first { !tokens[$0].kind.isTrivia }
    }

    /// The last significant (non-trivia) token inside `span`, or nil.
    package func lastToken(of span: Span) -> Int? {
        tokenRange(of: span).last { !tokens[$0].kind.isTrivia }
    }

    /// Whether the expression at `span` is written in parentheses, `(e)`: the parser folds
    /// those into `e` (widening its span over them), so this is where they are kept. True when
    /// the first token is `(` and the `)` that closes it is the last.
    package func isParenthesized(_ span: Span) -> Bool {
        guard let first = firstToken(of: span), let last = lastToken(of: span),
              tokens[first].kind == .leftParen, tokens[last].kind == .rightParen else { return false }
        var level = 0
        for index in first...last {
            switch tokens[index].kind {
            case .leftParen: level += 1
            case .rightParen:
                level -= 1
                if level == 0 { return index == last }
            default: break
            }
        }
        return false
    }

    /// The number of line ends in token `index` (a lossless `.newline` covers a run of them).
    package func lineEndCount(of index: Int) -> Int {
        var count = 0
        for byte in bytes(of: index) where byte == 0x0A { count += 1 }
        return count
    }
}

extension SyntaxTokens {
    /// Tokens of a statement, node, argument, block or expression of the tree parsed from
    /// the same source (`parse(_:)`): see `tokenRange(of:)`.
    package func tokenRange(of statement: Stmt) -> Range<Int> { tokenRange(of: statement.span) }
    package func tokenRange(of expression: Expr) -> Range<Int> { tokenRange(of: expression.span) }
    package func tokenRange(of argument: Argument) -> Range<Int> { tokenRange(of: argument.span) }
    package func tokenRange(of block: Block) -> Range<Int> { tokenRange(of: block.span) }
}

/// The lexer's trivia mode: `source` as a lossless token stream (see `SyntaxTokens`).
package func tokenizeLossless(_ source: SourceFile) -> SyntaxTokens {
    var reporter = DiagnosticSink(policy: .syntax, lines: source)
    let lexed = tokenize(source, reporter: &reporter)
    return lexed.tokens.withUnsafeBufferPointer { tokens in
        losslessTokens(source, lexed: tokens, comments: lexed.comments, diagnostics: reporter.diagnostics)
    }
}

/// The lossless stream built from one run of the lexer (`tokenizeLossless`, or
/// `parseLossless`, which parses the same tokens first).
func losslessTokens(_ source: SourceFile, lexed: UnsafeBufferPointer<Token>, comments: [Comment],
                    diagnostics: [Diagnostic]) -> SyntaxTokens {
    var tokens: [Token] = []
    tokens.reserveCapacity(lexed.count * 2 + 4)
    source.bytes.withUnsafeBufferPointer { bytes in
        var filler = TriviaFiller(bytes: bytes, comments: comments)
        var position = 0
        for token in lexed {
            // The parser's line ends are replaced by the trivia of the gaps (a line end inside
            // a block comment is part of the comment); the end of file comes last.
            if token.kind == .newline || token.kind == .endOfFile { continue }
            filler.fill(from: position, to: Int(token.start), into: &tokens)
            tokens.append(token)
            position = max(position, Int(token.end))
        }
        filler.fill(from: position, to: bytes.count, into: &tokens)
    }
    let end = UInt32(truncatingIfNeeded: source.bytes.count)
    tokens.append(Token(kind: .endOfFile, start: end, end: end))
    return SyntaxTokens(source: source, tokens: tokens, diagnostics: diagnostics)
}

/// Cuts the gaps between the lexer's tokens into trivia tokens.
private struct TriviaFiller {
    let bytes: UnsafeBufferPointer<UInt8>
    let comments: [Comment]
    var nextComment = 0

    init(bytes: UnsafeBufferPointer<UInt8>, comments: [Comment]) {
        self.bytes = bytes
        self.comments = comments
    }

    @inline(__always) func byte(_ index: Int) -> UInt8 { index < bytes.count ? bytes[index] : 0 }

    /// Within a line: space, tab, form feed, or a carriage return not ending the line.
    @inline(__always) func isBlank(_ index: Int) -> Bool {
        let b = bytes[index]
        return b == 0x20 || b == 0x09 || b == 0x0C || (b == 0x0D && byte(index + 1) != 0x0A)
    }

    /// The length of the line end at `index` (`\n` 1, `\r\n` 2), or 0.
    @inline(__always) func lineEndLength(_ index: Int) -> Int {
        if bytes[index] == 0x0A { return 1 }
        if bytes[index] == 0x0D, byte(index + 1) == 0x0A { return 2 }
        return 0
    }

    mutating func fill(from start: Int, to end: Int, into tokens: inout [Token]) {
        func emit(_ kind: TokenKind, _ from: Int, _ to: Int) {
            tokens.append(Token(kind: kind, start: UInt32(truncatingIfNeeded: from), end: UInt32(truncatingIfNeeded: to)))
        }
        var j = start
        while j < end {
            while nextComment < comments.count, Int(comments[nextComment].span.start) < j { nextComment += 1 }
            if nextComment < comments.count, Int(comments[nextComment].span.start) == j {
                let comment = comments[nextComment]
                nextComment += 1
                let commentEnd = min(Int(comment.span.end), end)
                emit(comment.style == .line ? .lineComment : .blockComment, j, commentEnd)
                j = commentEnd
                continue
            }
            if j == 0, end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
                emit(.byteOrderMark, 0, 3)
                j = 3
                continue
            }
            let lineEnd = lineEndLength(j)
            if lineEnd > 0 {
                // A run of line ends, with the blanks of empty lines between them.
                var k = j + lineEnd
                var runEnd = k
                while k < end {
                    let length = lineEndLength(k)
                    if length > 0 {
                        k += length
                        runEnd = k
                    } else if isBlank(k) {
                        k += 1
                    } else {
                        break
                    }
                }
                emit(.newline, j, runEnd)
                j = runEnd
                continue
            }
            if isBlank(j) {
                var k = j + 1
                while k < end, isBlank(k) { k += 1 }
                emit(.whitespace, j, k)
                j = k
                continue
            }
            // Not trivia: text the lexer did not reach.
            emit(.skipped, j, end)
            j = end
        }
    }
}

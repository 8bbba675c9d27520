// DrawSyntax — the front end: the bytes of one .draw file in, an AST and diagnostics out.
//
// Takes: a `SourceFile`. Hands on: `File` (statements as structs in arrays, expressions in
// the `exprs` arena, comments beside them) and the lexer's and parser's diagnostics, sorted
// by position. Invariants of the output: every node has a span inside the file; every place
// where the parser could not read what it needed holds an `.error` node, reported exactly
// once, so later stages skip it silently; no expression tree is deeper than
// `ParseLimits.maximumExpressionDepth`, nothing is nested deeper than
// `ParseLimits.maximumNestingDepth`.
//
// Does not: resolve names, check property names or types, read imported files (all
// DrawSemantics), or print anything (DrawDiagnostics renders).
//
// The grammar is grammar/draw.ebnf; each parse function starts with its rule.

import DrawDiagnostics

/// The entry point of the front end: bytes of one source file in, the AST and the
/// diagnostics found on the way out. Never throws, never crashes, always returns a tree.
package func parse(_ source: SourceFile) -> (file: File, diagnostics: [Diagnostic]) {
    var reporter = DiagnosticSink(policy: .syntax, lines: source)
    if source.bytes.count >= ParseLimits.maximumFileSize {
        let lexed = tokenize(source, reporter: &reporter)  // reports it; only the end-of-file token
        let (file, finalReporter) = source.bytes.withUnsafeBufferPointer { bytes in
            lexed.tokens.withUnsafeBufferPointer { tokens in
                let parser = Parser(bytes: bytes, source: source, tokens: tokens, reporter: reporter)
                let statements = parser.parseFile()
                var file = parser.makeFile(statements: statements, comments: lexed.comments)
                file.errorsConfinedToLiterals = false
                return (file, parser.reporter)
            }
        }
        return (file, Diagnostic.sorted(finalReporter.diagnostics))
    }
    let (file, finalReporter) = source.bytes.withUnsafeBufferPointer { bytes in
        let lexer = Lexer(bytes: bytes, file: source.id, reporter: reporter)
        lexer.run()
        let parser = Parser(bytes: bytes, source: source, tokens: lexer.tokens.buffer, reporter: lexer.reporter)
        let statements = parser.parseFile()
        // The tokens are done with: free them before the tree is copied out of the parser's
        // arenas (each freed as it is copied), so that the three never peak together.
        lexer.tokens.discardAll()
        var file = parser.makeFile(statements: statements, comments: lexer.comments)
        file.errorsConfinedToLiterals = !parser.anyStatementFailed
            && parser.reporter.diagnostics.allSatisfy { $0.severity != .error || literalErrorIDs.contains($0.id) }
        return (file, parser.reporter)
    }
    return (file, Diagnostic.sorted(finalReporter.diagnostics))
}

/// For tools that want the tree and the tokens (the language server): exactly `parse(_:)`,
/// and the tokens of the same run of the lexer (exactly `tokenize(_:reporter:)`'s) instead
/// of lexing the file a second time for them.
package func parseKeepingTokens(_ source: SourceFile) -> (file: File, diagnostics: [Diagnostic], tokens: [Token]) {
    var reporter = DiagnosticSink(policy: .syntax, lines: source)
    if source.bytes.count >= ParseLimits.maximumFileSize {
        let lexed = tokenize(source, reporter: &reporter)  // only the end-of-file token
        let parsed = parse(source)
        return (parsed.file, parsed.diagnostics, lexed.tokens)
    }
    let (file, finalReporter, tokens) = source.bytes.withUnsafeBufferPointer { bytes in
        let lexer = Lexer(bytes: bytes, file: source.id, reporter: reporter)
        lexer.run()
        let parser = Parser(bytes: bytes, source: source, tokens: lexer.tokens.buffer, reporter: lexer.reporter)
        let statements = parser.parseFile()
        let tokens = lexer.tokens.takeAll()
        var file = parser.makeFile(statements: statements, comments: lexer.comments)
        file.errorsConfinedToLiterals = !parser.anyStatementFailed
            && parser.reporter.diagnostics.allSatisfy { $0.severity != .error || literalErrorIDs.contains($0.id) }
        return (file, parser.reporter, tokens)
    }
    return (file, Diagnostic.sorted(finalReporter.diagnostics), tokens)
}

/// For tools that check a file and then work on its tokens (the formatter): the parse's
/// diagnostics (exactly those of `parse(_:)`) and the lossless token stream of the same
/// source (exactly `tokenizeLossless(_:)`), from one run of the lexer. The tree itself is
/// not built: the parser's arenas are dropped instead of copied out into a `File`.
package func parseLossless(_ source: SourceFile) -> (syntax: SyntaxTokens, diagnostics: [Diagnostic]) {
    if source.bytes.count >= ParseLimits.maximumFileSize {
        return (tokenizeLossless(source), parse(source).diagnostics)
    }
    return source.bytes.withUnsafeBufferPointer { bytes in
        let lexer = Lexer(bytes: bytes, file: source.id, reporter: DiagnosticSink(policy: .syntax, lines: source))
        lexer.run()
        let lexerDiagnostics = lexer.reporter.diagnostics
        let parser = Parser(bytes: bytes, source: source, tokens: lexer.tokens.buffer, reporter: lexer.reporter)
        _ = parser.parseFile()
        let syntax = losslessTokens(source, lexed: lexer.tokens.buffer, comments: lexer.comments, diagnostics: lexerDiagnostics)
        return (syntax, Diagnostic.sorted(parser.reporter.diagnostics))
    }
}

/// Lexer errors that stay inside one literal token: the parser makes the literal an `.error`
/// expression (or keeps the string as written) and the statement around it is whole.
/// Invalid UTF-8 is not among them: decoded as U+FFFD inside a string, it would make layout
/// report a character missing from the font, a consequence rather than a second mistake.
private let literalErrorIDs: Set<String> = Set([
    SyntaxID.malformedNumber, .numberTooLarge, .unknownUnit, .malformedColor, .invalidEscape, .invalidUnicodeEscape,
].map(\.rawValue))

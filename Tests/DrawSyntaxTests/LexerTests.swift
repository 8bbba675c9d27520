import DrawDiagnostics
import DrawSyntax
import Testing

/// Lexes `text` and returns each token as "kind text" (without the final end of file).
func lex(_ text: String) -> (tokens: [String], diagnostics: [Diagnostic], comments: [DrawSyntax.Comment]) {
    let source = SourceFile(id: FileID(0), path: "t.draw", text: text)
    var reporter = DiagnosticSink(policy: .syntax, lines: source)
    let result = tokenize(source, reporter: &reporter)
    #expect(result.tokens.last?.kind == .endOfFile)
    let tokens = result.tokens.dropLast().map { token in
        "\(token.kind) " + source.text(of: Span(file: source.id, start: token.start, end: token.end))
    }
    return (tokens, reporter.diagnostics, result.comments)
}

@Suite struct LexerTests {
    /// Line starts are found sixteen bytes at a time: a line feed at every offset of a chunk
    /// and of the tail after the last whole chunk, runs of them, `\r\n` and bytes above
    /// 0x7F give exactly the offsets a byte-by-byte scan gives.
    @Test func lineStartsAtEveryOffset() {
        func byteByByte(_ bytes: [UInt8]) -> [UInt32] {
            [0] + bytes.indices.filter { bytes[$0] == 0x0A }.map { UInt32($0 + 1) }
        }
        var cases: [[UInt8]] = [[], [0x0A], Array("é\r\n\n\nx".utf8)]
        for length in [1, 15, 16, 17, 31, 32, 33, 47] {
            for k in 0..<length {
                var bytes = [UInt8](repeating: UInt8(ascii: "a"), count: length)
                bytes[k] = 0x0A
                cases.append(bytes)
                bytes[length - 1 - k] = 0x0A
                cases.append(bytes)
                bytes[(k * 7) % length] = 0x8A  // 0x0A with the high bit: no line feed
                cases.append(bytes)
            }
        }
        cases.append([UInt8](repeating: 0x0A, count: 40))
        cases.append((0..<200).map { UInt8(truncatingIfNeeded: $0 &* 37) })
        for bytes in cases {
            #expect(SourceFile(id: FileID(0), path: "t.draw", bytes: bytes).lineStarts == byteByByte(bytes), "\(bytes)")
        }
    }

    /// Names are told from keywords by length and first byte before the keyword switch: a
    /// keyword with a byte more, a byte less or another first byte is a name.
    @Test func keywordsAndTheirNeighboursAtEveryLength() {
        let keywords = ["let", "style", "def", "import", "page", "for", "in", "if", "else", "true", "false", "none", "fn", "then"]
        for keyword in keywords {
            #expect(lex(keyword).tokens.first?.hasPrefix("keyword") == true, "\(keyword)")
            for name in [keyword + "s", String(keyword.dropLast()), "x" + String(keyword.dropFirst()), keyword.uppercased()]
            where !keywords.contains(name) && !name.isEmpty {
                #expect(lex(name).tokens == ["identifier \(name)"], "\(name)")
            }
        }
    }

    /// Strings are scanned 8 bytes at a time up to the first byte that needs a look: a
    /// quote, backslash, line end or non-ASCII byte at any offset within or across the words
    /// ends the string, starts an escape or interpolation, or is checked exactly as before.
    @Test func longStringsEndAndEscapeAtEveryOffset() {
        for k in 0..<24 {
            let pad = String(repeating: "a", count: k), rest = String(repeating: "b", count: 20)
            #expect(lex("\"\(pad)\"x").tokens == ["string \"\(pad)\"", "identifier x"], "\(k)")
            #expect(lex("\"\(pad)\\n\(rest)\"").tokens == ["string \"\(pad)\\n\(rest)\""], "\(k)")
            #expect(lex("\"\(pad)\\(1)\(rest)\"").tokens.first == "stringHead \"\(pad)\\(", "\(k)")
            #expect(lex("\"\(pad)é\(rest)\"").tokens == ["string \"\(pad)é\(rest)\""], "\(k)")
            let unterminated = lex("\"\(pad)\n\(rest)")
            #expect(unterminated.tokens.first == "string \"\(pad)", "\(k)")
            #expect(unterminated.diagnostics.map(\.span.end) == [UInt32(1 + k)], "\(k)")
            #expect(lex("\"\(pad)\r\(rest)\"").diagnostics.isEmpty, "\(k)")
            #expect(lex("\"\(pad)\r\n\(rest)").diagnostics.map(\.span.end) == [UInt32(1 + k)], "\(k)")
        }
    }

    /// One row per token kind: source text and the single token it must give.
    static let singleTokens: [(String, TokenKind)] = [
        ("name", .identifier), ("_x1", .identifier), ("Rect2", .identifier),
        ("let", .keywordLet), ("style", .keywordStyle), ("def", .keywordDef), ("import", .keywordImport),
        ("page", .keywordPage), ("for", .keywordFor), ("in", .keywordIn), ("if", .keywordIf),
        ("else", .keywordElse), ("true", .keywordTrue), ("false", .keywordFalse), ("none", .keywordNone),
        ("lets", .identifier), ("inx", .identifier), ("pages", .identifier), ("non", .identifier),
        ("fn", .keywordFn), ("then", .keywordThen), ("fns", .identifier), ("thence", .identifier),
        ("12", .number), ("1.5", .number), (".5", .number), ("1e3", .number), ("1.5E-3", .number),
        ("12pt", .number), ("1.5in", .number), ("25mm", .number), ("2cm", .number), ("96px", .number),
        ("50%", .number), ("30deg", .number), (".5in", .number), ("1e3pt", .number),
        ("#abc", .color), ("#abcd", .color), ("#a1b2c3", .color), ("#A1B2C3D4", .color),
        ("\"text\"", .string), ("\"\"", .string), ("\"a\\n\\t\\\"\\\\\\u{1F600}\"", .string), ("\"é ✓ 😀\"", .string),
        ("(", .leftParen), (")", .rightParen), ("[", .leftBracket), ("]", .rightBracket),
        ("{", .leftBrace), ("}", .rightBrace), (",", .comma), (":", .colon), (";", .semicolon),
        (".", .dot), ("=", .equal), ("+", .plus), ("-", .minus), ("*", .star), ("/", .slash), ("%", .percent),
        ("==", .equalEqual), ("!=", .bangEqual), ("<", .less), ("<=", .lessEqual), (">", .greater),
        (">=", .greaterEqual), ("&&", .ampersandAmpersand), ("||", .pipePipe), ("!", .bang),
        ("..<", .halfOpenRange), ("...", .closedRange),
        ("->", .arrowRight), ("<-", .arrowLeft), ("<->", .arrowBoth), ("--", .dashDash),
    ]

    @Test(arguments: singleTokens)
    func singleToken(_ text: String, _ kind: TokenKind) {
        let result = lex(text)
        #expect(result.tokens == ["\(kind) \(text)"])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func everyTokenKindIsCovered() {
        var kinds = Set(Self.singleTokens.map(\.1.rawValue))
        // Covered by the tests below.
        for kind in [TokenKind.endOfFile, .newline, .stringHead, .stringMiddle, .stringTail, .invalid] {
            kinds.insert(kind.rawValue)
        }
        // The lossless layer's trivia, never made by `tokenize`: LosslessTests.triviaKinds
        // (`.skipped` covers the bytes of a file over `ParseLimits.maximumFileSize`, 2 GiB,
        // which no unit test reads; LosslessTests checks every stream tiles its file).
        for kind in [TokenKind.whitespace, .lineComment, .blockComment, .byteOrderMark, .skipped] {
            kinds.insert(kind.rawValue)
        }
        for raw in 0...UInt8.max {
            if let kind = TokenKind(rawValue: raw) { #expect(kinds.contains(raw), "no lexer test for \(kind)") }
        }
    }

    @Test func newlinesCollapseAndCommentsAreTrivia() {
        let result = lex("a // one\n\n  // two\nb /* x */ c /* multi\nline */ d\r\ne")
        #expect(result.tokens == [
            "identifier a", "newline \n", "identifier b", "identifier c", "newline /* multi\nline */",
            "identifier d", "newline \n", "identifier e",
        ])
        #expect(result.comments.map(\.style) == [.line, .line, .block, .block])
        #expect(result.comments.map { $0.span.start } == [2, 12, 21, 31])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func blockCommentsNest() {
        let result = lex("a /* outer /* inner */ still */ b")
        #expect(result.tokens == ["identifier a", "identifier b"])
        #expect(result.comments.count == 1)
    }

    @Test func interpolationSplitsString() {
        let result = lex(#""a \(x + f(1)) b \("c\(d)") e""#)
        #expect(result.tokens == [
            #"stringHead "a \("#, "identifier x", "plus +", "identifier f", "leftParen (", "number 1",
            "rightParen )", #"stringMiddle ) b \("#, #"stringHead "c\("#, "identifier d",
            #"stringTail )""#, #"stringTail ) e""#,
        ])
        #expect(result.diagnostics.isEmpty)
    }

    @Test func rangesAfterNumbers() {
        #expect(lex("1..<5").tokens == ["number 1", "halfOpenRange ..<", "number 5"])
        #expect(lex("1...5").tokens == ["number 1", "closedRange ...", "number 5"])
        #expect(lex("a.b").tokens == ["identifier a", "dot .", "identifier b"])
        #expect(lex("a<-1").tokens == ["identifier a", "arrowLeft <-", "number 1"])
        #expect(lex("a < -1").tokens == ["identifier a", "less <", "minus -", "number 1"])
        #expect(lex("50 % 3").tokens == ["number 50", "percent %", "number 3"])
    }

    /// Each lexical error: the source, the diagnostic id, and the byte range reported.
    static let errors: [(String, String, UInt32, UInt32)] = [
        ("a @ b", "lex.unexpected-character", 2, 3),
        ("a é b", "lex.unexpected-character", 2, 4),
        ("a & b", "lex.unexpected-character", 2, 3),
        ("text \"abc\ntext", "lex.unterminated-string", 5, 9),
        ("text \"a \\(b\nc", "lex.unterminated-string", 5, 11),
        ("a /* b /* c */ d", "lex.unterminated-comment", 2, 4),
        ("\"a\\qb\"", "lex.invalid-escape", 2, 4),
        ("\"a\\u{D800}\"", "lex.invalid-unicode-escape", 2, 10),
        ("\"a\\u{}\"", "lex.invalid-unicode-escape", 2, 6),
        ("\"a\\u12\"", "lex.invalid-unicode-escape", 2, 4),
        ("x 1e", "lex.malformed-number", 2, 4),
        ("x 1e+", "lex.malformed-number", 2, 5),
        ("x 1.2.3", "lex.malformed-number", 2, 7),
        ("x 12em", "lex.unknown-unit", 4, 6),
        ("x 1e999", "lex.number-too-large", 2, 7),
        ("x #12345", "lex.malformed-color", 2, 8),
        ("x #ggg", "lex.malformed-color", 2, 6),
        ("x #", "lex.malformed-color", 2, 3),
        ("x 0..5", "lex.incomplete-range-operator", 3, 5),
    ]

    @Test(arguments: errors)
    func errorAtExactBytes(_ text: String, _ id: String, _ start: UInt32, _ end: UInt32) {
        let diagnostics = lex(text).diagnostics
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.id == id)
        #expect(diagnostics.first?.span.start == start)
        #expect(diagnostics.first?.span.end == end)
    }

    /// Invalid UTF-8 anywhere: outside strings, in strings, in comments; overlong forms,
    /// surrogates, truncated sequences.
    static let invalidUTF8: [([UInt8], UInt32)] = [
        (Array("a ".utf8) + [0xFF] + Array(" b".utf8), 2),
        (Array("\"x ".utf8) + [0xC3] + Array("\"".utf8), 3),
        (Array("// c ".utf8) + [0x80], 5),
        (Array("/* ".utf8) + [0xC0, 0xAF] + Array(" */".utf8), 3),
        (Array("\"".utf8) + [0xED, 0xA0, 0x80] + Array("\"".utf8), 1),
        (Array("\"".utf8) + [0xF4, 0x90, 0x80, 0x80] + Array("\"".utf8), 1),
        (Array("\"ab".utf8) + [0xE2, 0x82], 3),
    ]

    @Test(arguments: invalidUTF8)
    func invalidUTF8IsReportedAtItsByte(_ bytes: [UInt8], _ offset: UInt32) {
        let source = SourceFile(id: FileID(0), path: "t.draw", bytes: bytes)
        var reporter = DiagnosticSink(policy: .syntax, lines: source)
        _ = tokenize(source, reporter: &reporter)
        let first = reporter.diagnostics.first
        #expect(first?.id == "lex.invalid-utf8")
        #expect(first?.span.start == offset)
        #expect(first?.span.end == offset + 1)
    }

    @Test func byteOrderMarkIsSkipped() {
        let source = SourceFile(id: FileID(0), path: "t.draw", bytes: [0xEF, 0xBB, 0xBF] + Array("a".utf8))
        var reporter = DiagnosticSink(policy: .syntax, lines: source)
        let tokens = tokenize(source, reporter: &reporter).tokens
        #expect(tokens.map(\.kind) == [.identifier, .endOfFile])
        #expect(reporter.diagnostics.isEmpty)
    }

    @Test func strayCharactersGiveInvalidTokens() {
        let result = lex("a $ b")
        #expect(result.tokens == ["identifier a", "invalid $", "identifier b"])
    }

    @Test func oneErrorPerLine() {
        #expect(lex("@ @ @\n$").diagnostics.count == 2)
    }
}

@Suite struct NumberValueTests {
    static let cases: [(String, Double, NumberUnit)] = [
        ("12", 12, .none), ("1.5in", 1.5, .inch), (".5", 0.5, .none), ("1e3", 1000, .none),
        ("2.5e-1mm", 0.25, .mm), ("50%", 50, .percent), ("30deg", 30, .deg), ("96px", 96, .px),
        ("0.1", 0.1, .none), ("3.14159", 3.14159, .none), ("12345678901234567890", 12345678901234567168, .none),
        ("0.30000000000000004", 0.30000000000000004, .none), ("2cm", 2, .cm), ("8pt", 8, .pt),
    ]

    @Test(arguments: cases)
    func value(_ text: String, _ value: Double, _ unit: NumberUnit) {
        let source = SourceFile(id: FileID(0), path: "t.draw", text: "let x = " + text)
        let (file, diagnostics) = parse(source)
        // An integer beyond 2^53 still reads as the nearest number, with a warning (issue 33).
        #expect(diagnostics.map(\.id) == (text.utf8.count > 16 && !text.contains(".") ? ["lex.inexact-integer"] : []))
        guard case .letBinding(_, let id) = file.statements.first?.kind else {
            Issue.record("not a let")
            return
        }
        #expect(file[id].kind == .number(value, unit))
    }
}

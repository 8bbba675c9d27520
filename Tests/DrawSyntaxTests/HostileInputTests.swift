import DrawDiagnostics
import DrawSyntax
import Testing

/// Hostile sizes, generated here rather than committed: each must end in a tree or in a
/// clear limit diagnostic — never a stack overflow, never a hang.
@Suite struct HostileInputTests {
    func parseText(_ text: String) -> (File, [Diagnostic]) {
        let (file, diagnostics) = parse(SourceFile(id: FileID(0), path: "hostile.draw", text: text))
        return (file, diagnostics)
    }

    func ids(_ diagnostics: [Diagnostic]) -> [String] { diagnostics.map(\.id) }

    /// A 100,000-digit number (and a million-character line) give a few hundred bytes of
    /// diagnostics, not the number three times over: the message quotes it shortened, the
    /// excerpt shows a window of the line, the caret line stops with the window.
    @Test func hugeTokensGiveShortDiagnostics() {
        for (text, id) in [
            ("rect width: " + String(repeating: "1", count: 100_000) + "\n", "lex.number-too-large"),
            ("rect \"" + String(repeating: "a", count: 500_000) + "\" @ " + String(repeating: "b", count: 500_000) + "\n", "lex.unexpected-character"),
        ] {
            let source = SourceFile(id: FileID(0), path: "hostile.draw", text: text)
            let (_, diagnostics) = parse(source)
            #expect(ids(diagnostics).first == id)
            let rendered = TerminalDiagnosticRenderer(color: false, file: source).render(diagnostics)
            #expect(rendered.utf8.count < 1_000, "\(rendered.utf8.count) bytes of diagnostics")
            for line in rendered.split(separator: "\n") {
                #expect(line.unicodeScalars.count <= TerminalDiagnosticRenderer.maximumExcerptColumns + 100)
            }
        }
        let number = String(repeating: "1", count: 100_000)
        #expect(quotedSource(number) == "'" + String(repeating: "1", count: 16) + "…" + String(repeating: "1", count: 16) + "' (100000 characters)")
        #expect(quotedSource("short") == "'short'")
    }

    @Test func twentyThousandNestedBlocks() {
        let text = String(repeating: "group {\n", count: 20_000) + String(repeating: "}\n", count: 20_000)
        let (file, diagnostics) = parseText(text)
        #expect(ids(diagnostics) == ["parse.nesting-too-deep"])
        #expect(file.statements.count == 1)
        // The limit is reported where it is crossed: the `{` of the 257th block, line 257.
        let source = SourceFile(id: FileID(0), path: "hostile.draw", text: text)
        #expect(source.location(of: diagnostics[0].span.start) == (257, 7))
    }

    @Test func twentyThousandNestedBlocksOnOneLine() {
        let text = String(repeating: "group { ", count: 20_000) + String(repeating: "} ", count: 20_000)
        let (file, diagnostics) = parseText(text)
        #expect(ids(diagnostics) == ["parse.nesting-too-deep"])
        #expect(file.statements.count == 1)
    }

    @Test func nestingJustUnderTheLimitIsFine() {
        let levels = ParseLimits.maximumNestingDepth
        let text = String(repeating: "group {\n", count: levels) + String(repeating: "}\n", count: levels)
        #expect(parseText(text).1.isEmpty)
    }

    @Test func hundredThousandTermSum() {
        let text = "let x = 1" + String(repeating: " + 1", count: 99_999) + "\nlet y = 2\n"
        let (file, diagnostics) = parseText(text)
        #expect(ids(diagnostics) == ["parse.expression-too-deep"])
        #expect(file.statements.count == 2)
    }

    @Test func sumJustUnderTheDepthLimitIsFine() {
        let text = "let x = 1" + String(repeating: " + 1", count: ParseLimits.maximumExpressionDepth - 1) + "\n"
        #expect(parseText(text).1.isEmpty)
    }

    @Test func hundredThousandTermSumOverManyLines() {
        let text = "let x = 1" + String(repeating: " +\n1", count: 99_999) + "\nlet y = 2\n"
        let (file, diagnostics) = parseText(text)
        #expect(ids(diagnostics) == ["parse.expression-too-deep"])
        #expect(file.statements.count == 2)
    }

    @Test func hundredThousandNestedParentheses() {
        let text = "let x = " + String(repeating: "(", count: 100_000) + "1" + String(repeating: ")", count: 100_000)
            + "\nlet y = 2\n"
        let (file, diagnostics) = parseText(text)
        #expect(ids(diagnostics) == ["parse.nesting-too-deep"])
        #expect(file.statements.count == 2)
    }

    @Test func hundredThousandUnclosedParentheses() {
        let text = "let x = " + String(repeating: "(", count: 100_000) + "1\n"
        let (_, diagnostics) = parseText(text)
        #expect(ids(diagnostics) == ["parse.nesting-too-deep"])
    }

    @Test func hundredThousandNestedLists() {
        let text = "let x = " + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        #expect(ids(parseText(text).1) == ["parse.nesting-too-deep"])
    }

    @Test func hundredThousandUnaryOperators() {
        // "- " because "--" is the plain connector arrow.
        let text = "let x = " + String(repeating: "- ", count: 100_000) + "1\nlet y = !!!!true\n"
        let (file, diagnostics) = parseText(text)
        #expect(ids(diagnostics) == ["parse.nesting-too-deep"])
        #expect(file.statements.count == 2)
    }

    @Test func hundredThousandMemberChain() {
        let text = "let x = a" + String(repeating: ".b", count: 100_000) + "\n"
        #expect(ids(parseText(text).1) == ["parse.expression-too-deep"])
    }

    @Test func twentyThousandNestedInterpolations() {
        let text = "let x = " + String(repeating: "\"\\(", count: 20_000) + "1" + String(repeating: ")\"", count: 20_000) + "\n"
        #expect(ids(parseText(text).1) == ["parse.nesting-too-deep"])
    }

    @Test func twentyThousandElseIfs() {
        let text = "if a { }" + String(repeating: " else if a { }", count: 20_000) + "\nrect\n"
        let (file, diagnostics) = parseText(text)
        #expect(ids(diagnostics) == ["parse.nesting-too-deep"])
        #expect(file.statements.count == 2)
    }

    @Test func millionStatements() {
        // Short statements: the point is the count (a loop, not recursion), and debug builds
        // are slow; throughput is measured in release by drawc-bench.
        let text = String(repeating: "x\n", count: 1_000_000)
        let (file, diagnostics) = parseText(text)
        #expect(diagnostics.isEmpty)
        #expect(file.statements.count == 1_000_000)
    }

    @Test func tenThousandErrorsStopAtTheCap() {
        let text = String(repeating: "rect fill:\n", count: 10_000)
        let (_, diagnostics) = parseText(text)
        #expect(diagnostics.count == ParseLimits.maximumErrors + 1)
        #expect(diagnostics.last?.id == "parse.too-many-errors")
    }

    @Test func tenThousandStrayCharactersStopAtTheCap() {
        let text = String(repeating: "@\n", count: 10_000)
        let (_, diagnostics) = parseText(text)
        #expect(diagnostics.count == ParseLimits.maximumErrors + 1)
        #expect(diagnostics.last?.id == "parse.too-many-errors")
    }

    @Test func hundredThousandElementList() {
        let text = "let x = [" + String(repeating: "1, ", count: 100_000) + "]\n"
        let (file, diagnostics) = parseText(text)
        #expect(diagnostics.isEmpty)
        guard case .letBinding(_, let id) = file.statements.first?.kind, case .list(let elements) = file[id].kind else {
            Issue.record("not a list")
            return
        }
        #expect(elements.count == 100_000)
    }

    /// Found by randomBytesNeverCrash: a failing statement whose first token starts a line
    /// used to leave the statement loop without consuming anything.
    @Test func failingStatementAtLineStartMakesProgress() {
        #expect(ids(parseText("0\n0").1) == ["parse.expected-statement", "parse.expected-statement"])
    }

    @Test func randomBytesNeverCrash() {
        var generator = SplitMix(seed: 7)
        let alphabet = Array("rect{}()[]\"\\(),:;.=+-*/%<>!&|#abc0123 \n\té@".utf8)
        for _ in 0..<300 {
            let length = Int(generator.next() % 400)
            var bytes: [UInt8] = []
            for _ in 0..<length {
                let r = generator.next()
                bytes.append(r % 10 == 0 ? UInt8(truncatingIfNeeded: r >> 8) : alphabet[Int(r >> 16) % alphabet.count])
            }
            let source = SourceFile(id: FileID(0), path: "r.draw", bytes: bytes)
            let (file, _) = parse(source)
            for expr in file.exprs {
                #expect(expr.span.end <= UInt32(bytes.count))
            }
        }
    }
}

/// A small deterministic generator for the random-input test.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

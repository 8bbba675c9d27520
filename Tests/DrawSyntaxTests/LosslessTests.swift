// The lossless token stream: its tokens tile the file and concatenate back to it byte for
// byte, on every sample and corpus file and on generated and random inputs; every node of the
// tree maps to its first and last token.

import DrawDiagnostics
import DrawSyntax
import DrawTestSupport
import Foundation
import Testing

enum LosslessFixtures {
    static func read(_ path: String) -> [UInt8] {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
    }

    /// Every sample and every corpus file (ok, bad, fmt).
    static let files: [String] = {
        let samples = ((try? FileManager.default.contentsOfDirectory(atPath: packageRoot + "/samples")) ?? [])
            .filter { $0.hasSuffix(".draw") }.sorted().map { packageRoot + "/samples/" + $0 }
        return samples + corpusFiles(in: "ok") + corpusFiles(in: "bad") + corpusFiles(in: "fmt")
    }()

    /// Inputs that are hard on a lexer, each as bytes.
    static let hostile: [(String, [UInt8])] = [
        ("empty", []),
        ("invalid UTF-8", [0x72, 0x65, 0x63, 0x74, 0x20, 0xFF, 0xC0, 0x80, 0x0A, 0x22, 0xE2, 0x82, 0x22, 0x0A]),
        ("unterminated string", Array("text \"no end\nrect\n".utf8)),
        ("unterminated interpolation", Array("text \"a \\(x + (1\n".utf8)),
        ("unterminated comment", Array("rect /* never /* closed */\n circle".utf8)),
        ("CRLF", Array("rect fill: red\r\n\r\n\r\ncircle // c\r\n".utf8)),
        ("lone CR", Array("rect\rcircle\r".utf8)),
        ("tabs", Array("\tgroup {\n\t\trect\t\tfill: red\n\t}\n".utf8)),
        ("BOM", [0xEF, 0xBB, 0xBF] + Array("rect\n".utf8)),
        ("BOM only", [0xEF, 0xBB, 0xBF]),
        ("BOM in the middle", Array("rect ".utf8) + [0xEF, 0xBB, 0xBF]),
        ("trailing blanks, no final newline", Array("rect   \n\n   \ncircle  ".utf8)),
        ("form feed", Array("rect\u{0C}circle".utf8)),
        ("too many errors", Array(String(repeating: "@ ", count: 200).utf8) + Array("\nrect // after the cap\n".utf8)),
        ("many errors on lines", Array(String(repeating: "rect fill: #ggg\n", count: 80).utf8) + Array("/* c */ x".utf8)),
    ]

    /// Deterministic pseudo-random bytes (xorshift), weighted towards the language's bytes.
    static func randomInput(seed: UInt64, length: Int) -> [UInt8] {
        var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
        func next() -> UInt64 {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return state
        }
        let alphabet = Array("rect fill:#0a9(),[]{}\"\\/*\n\r\t-><.1e%;=!&|_ ".utf8) + [0xEF, 0xBB, 0xBF, 0xC3, 0xA9, 0xFF, 0x80]
        return (0..<length).map { _ in
            let r = next()
            return r % 8 == 0 ? UInt8(truncatingIfNeeded: r >> 8) : alphabet[Int((r >> 8) % UInt64(alphabet.count))]
        }
    }
}

/// Checks the invariants of the lossless stream of `bytes`; returns the failure, or nil.
func losslessProblem(_ bytes: [UInt8]) -> String? {
    let source = SourceFile(id: FileID(0), path: "t.draw", bytes: bytes)
    let syntax = tokenizeLossless(source)
    if syntax.reassembled() != bytes { return "the tokens do not reassemble the file" }
    var position: UInt32 = 0
    for (index, token) in syntax.tokens.enumerated() {
        if token.start != position { return "token \(index) (\(token.kind)) starts at \(token.start), not \(position)" }
        if token.end < token.start { return "token \(index) ends before it starts" }
        position = token.end
    }
    guard let last = syntax.tokens.last, last.kind == .endOfFile, last.start == UInt32(bytes.count) else {
        return "the stream does not end with the end of file at the end"
    }
    // The trivia mode sees the tokens the parser sees.
    var reporter = DiagnosticSink(policy: .syntax, lines: source)
    let plain = tokenize(source, reporter: &reporter).tokens.filter { $0.kind != .newline }
    let significant = syntax.tokens.filter { !$0.kind.isTrivia && $0.kind != .skipped }
    if plain.count != significant.count || zip(plain, significant).contains(where: { $0 != $1 }),
       !syntax.tokens.contains(where: { $0.kind == .skipped }) {
        return "the significant tokens differ from the compile path's"
    }
    return nil
}

/// `parseLossless` (one lexer run, what `drawc fmt` uses) against `parse` and
/// `tokenizeLossless` run apart: the same diagnostics and the same tokens; nil when equal.
func oneLexProblem(_ bytes: [UInt8]) -> String? {
    let source = SourceFile(id: FileID(0), path: "t.draw", bytes: bytes)
    let (syntax, diagnostics) = parseLossless(source)
    let apart = tokenizeLossless(source)
    if syntax.tokens != apart.tokens { return "the tokens differ from tokenizeLossless's" }
    if syntax.diagnostics != apart.diagnostics { return "the lexer's diagnostics differ from tokenizeLossless's" }
    if diagnostics != parse(source).diagnostics { return "the diagnostics differ from parse's" }
    // `parseKeepingTokens` (the language server's one lexer run): parse's tree and diagnostics,
    // tokenize's tokens and comments.
    let kept = parseKeepingTokens(source)
    let parsed = parse(source)
    var findings = DiagnosticSink(policy: .syntax, lines: source)
    let lexed = tokenize(source, reporter: &findings)
    if kept.diagnostics != parsed.diagnostics { return "parseKeepingTokens: the diagnostics differ from parse's" }
    if kept.tokens != lexed.tokens { return "parseKeepingTokens: the tokens differ from tokenize's" }
    if kept.file.comments != lexed.comments { return "parseKeepingTokens: the comments differ from tokenize's" }
    if kept.file.statements.map(\.span) != parsed.file.statements.map(\.span) || kept.file.exprs.count != parsed.file.exprs.count {
        return "parseKeepingTokens: the tree differs from parse's"
    }
    return nil
}

@Suite("Lossless tokens")
struct LosslessTests {
    @Test(arguments: LosslessFixtures.files.map { corpusRelativePath($0) })
    func oneLexerRunForParseAndTokens(_ name: String) throws {
        let path = name.hasPrefix("/") ? name : corpusRoot + "/" + name
        let bytes = LosslessFixtures.read(path)
        #expect(oneLexProblem(bytes) == nil, "\(name): \(oneLexProblem(bytes) ?? "")")
    }

    @Test func oneLexerRunOnHostileAndRandomInput() {
        for (name, bytes) in LosslessFixtures.hostile {
            #expect(oneLexProblem(bytes) == nil, "\(name): \(oneLexProblem(bytes) ?? "")")
        }
        for seed in 1...200 {
            let bytes = LosslessFixtures.randomInput(seed: UInt64(seed), length: Int(seed % 97) * 7 + 1)
            if let problem = oneLexProblem(bytes) {
                Issue.record("seed \(seed): \(problem)")
                return
            }
        }
    }

    @Test(arguments: LosslessFixtures.files.map { corpusRelativePath($0) })
    func roundTripOfEveryFile(_ name: String) throws {
        let path = name.hasPrefix("/") ? name : corpusRoot + "/" + name
        let bytes = LosslessFixtures.read(path)
        #expect(FileManager.default.fileExists(atPath: path), "could not read \(path)")
        #expect(losslessProblem(bytes) == nil, "\(name): \(losslessProblem(bytes) ?? "")")
    }

    @Test func filesAreFound() {
        #expect(LosslessFixtures.files.count > 100)
    }

    @Test(arguments: LosslessFixtures.hostile.map(\.0))
    func roundTripOfHostileInput(_ name: String) {
        let bytes = LosslessFixtures.hostile.first { $0.0 == name }!.1
        #expect(losslessProblem(bytes) == nil, "\(name): \(losslessProblem(bytes) ?? "")")
    }

    @Test func roundTripOfRandomInputs() {
        for seed in 1...400 {
            let bytes = LosslessFixtures.randomInput(seed: UInt64(seed), length: Int(seed % 97) * 7 + 1)
            if let problem = losslessProblem(bytes) {
                Issue.record("seed \(seed): \(problem)")
                return
            }
        }
    }

    @Test func triviaKinds() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("rect  // note\r\n\r\n\tcircle /* a\nb */\n".utf8)
        let syntax = tokenizeLossless(SourceFile(id: FileID(0), path: "t.draw", bytes: bytes))
        let kinds = syntax.tokens.map(\.kind)
        #expect(kinds == [.byteOrderMark, .identifier, .whitespace, .lineComment, .newline, .whitespace, .identifier,
                          .whitespace, .blockComment, .newline, .endOfFile])
        // `\r\n\r\n`: one newline token for the run, two line ends in it.
        #expect(syntax.lineEndCount(of: 4) == 2)
        #expect(syntax.text(of: 3) == "// note")
    }

    @Test func literalSpellingsComeFromTheTokens() {
        let text = "rect width: 1.50in, fill: #FFF, label: \"a\\u{2014}b\", x: .5e1"
        let syntax = tokenizeLossless(SourceFile(id: FileID(0), path: "t.draw", text: text))
        let literals = syntax.tokens.indices.filter { [.number, .color, .string].contains(syntax.tokens[$0].kind) }.map { syntax.text(of: $0) }
        #expect(literals == ["1.50in", "#FFF", "\"a\\u{2014}b\"", ".5e1"])
    }

    /// Every statement, argument and expression of every sample gives its first and last
    /// token, and they are the node's own ends; parentheses are inside the expression's range.
    @Test(arguments: LosslessFixtures.files.filter { $0.contains("/samples/") || $0.contains("/Corpus/ok/") }.map { corpusRelativePath($0) })
    func nodesMapToTheirTokens(_ name: String) throws {
        let path = name.hasPrefix("/") ? name : corpusRoot + "/" + name
        let source = SourceFile(id: FileID(0), path: name, bytes: LosslessFixtures.read(path))
        let (file, _) = parse(source)
        let syntax = tokenizeLossless(source)
        func check(_ span: Span, _ what: String) {
            guard span.start < span.end else { return }
            guard let first = syntax.firstToken(of: span), let last = syntax.lastToken(of: span) else {
                Issue.record("\(name): \(what) at \(span.start) has no tokens")
                return
            }
            #expect(syntax.tokens[first].start == span.start, "\(name): \(what) at \(span.start) starts inside a token")
            #expect(syntax.tokens[last].end == span.end, "\(name): \(what) at \(span.start) ends inside a token")
        }
        func walk(_ statements: [Stmt]) {
            for statement in statements {
                check(statement.span, "statement")
                switch statement.kind {
                case .node(let node): if let block = node.block { check(block.span, "block"); walk(block.statements) }
                case .page(_, let block?): check(block.span, "block"); walk(block.statements)
                case .def(_, _, let block), .forLoop(_, _, let block): walk(block.statements)
                case .ifElse(_, let then, let otherwise): walk(then.statements); walk(otherwise?.statements ?? [])
                default: break
                }
            }
        }
        walk(file.statements)
        for argument in file.arguments { check(argument.span, "argument") }
        for expr in file.exprs { check(expr.span, "expression") }
    }

    @Test func parenthesesAreKept() {
        let text = "let a = (1 + 2) * 3"
        let source = SourceFile(id: FileID(0), path: "t.draw", text: text)
        let (file, diagnostics) = parse(source)
        #expect(diagnostics.isEmpty)
        let syntax = tokenizeLossless(source)
        guard case .letBinding(_, let value) = file.statements[0].kind, case .binary(let left, _, _) = file[value].kind else {
            Issue.record("unexpected tree"); return
        }
        let range = syntax.tokenRange(of: file[left])
        #expect(range.map { syntax.text(of: $0) }.joined() == "(1 + 2)")
        #expect(syntax.tokens[syntax.firstToken(of: file[left].span)!].kind == .leftParen)
        #expect(syntax.isParenthesized(file[left].span))
        #expect(!syntax.isParenthesized(file[value].span))  // `(1 + 2) * 3` starts with `(`, but is not wrapped in one pair
    }
}

// The formatter's guarantees, each tested on every sample, every Tests/Corpus/ok file, the
// formatter corpus and a generated set: idempotent, same meaning (the scene IR of fmt(x) is
// the IR of x, byte for byte; the tree is the same), every comment kept in order with its
// text, re-parses cleanly. And the corpus Tests/Corpus/fmt/*.draw beside *.formatted,
// recorded by the one golden switch (DRAWC_UPDATE_GOLDEN=1).

import DrawDiagnostics
import DrawFormat
import DrawKit
import DrawSyntax
import DrawTestSupport
import Foundation
import Testing

enum FormatFixtures {
    static func read(_ path: String) -> [UInt8] {
        FileManager.default.contents(atPath: path).map { [UInt8]($0) } ?? []
    }

    static let samples: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: packageRoot + "/samples")) ?? [])
        .filter { $0.hasSuffix(".draw") }.sorted().map { packageRoot + "/samples/" + $0 }

    /// Files that compile: samples and the ok corpus.
    static let compiling: [String] = samples + corpusFiles(in: "ok")
    /// Everything the guarantees are checked on (the fmt corpus parses but need not compile).
    static let all: [String] = compiling + corpusFiles(in: "fmt")

    static func name(_ path: String) -> String {
        path.hasPrefix(packageRoot + "/") ? String(path.dropFirst(packageRoot.count + 1)) : path
    }

    /// The canonical text of `bytes`, or nil (with the failure recorded) when it does not format.
    static func formatted(_ bytes: [UInt8], path: String) -> [UInt8]? {
        let source = SourceFile(id: FileID(0), path: path, bytes: bytes)
        switch formatSource(source) {
        case .formatted(let out): return out
        case .failed(let diagnostics):
            Issue.record("\(path) does not format: \(diagnostics.map(\.message))")
            return nil
        }
    }

    /// The tree of `bytes` without positions: what the parser understood.
    static func tree(_ bytes: [UInt8]) -> String {
        let (file, _) = parse(SourceFile(id: FileID(0), path: "t.draw", bytes: bytes))
        return dumpAST(file).replacingOccurrences(of: #" @\d+\.\.\d+"#, with: "", options: .regularExpression)
    }

    /// Variants of a well-formed file that mean the same: the same tokens with other blanks
    /// (spaces and tabs, doubled line ends, CRLF), block comments slipped between tokens, a
    /// BOM, no final newline. Deterministic per seed.
    static func variants(of bytes: [UInt8], seeds: ClosedRange<UInt64>) -> [[UInt8]] {
        let syntax = tokenizeLossless(SourceFile(id: FileID(0), path: "v.draw", bytes: bytes))
        return seeds.map { seed in
            var state = seed &* 0x9E37_79B9_7F4A_7C15 | 1
            func next(_ bound: UInt64) -> UInt64 {
                state ^= state << 13; state ^= state >> 7; state ^= state << 17
                return state % bound
            }
            var out: [UInt8] = seed % 3 == 0 ? [0xEF, 0xBB, 0xBF] : []
            var comment = 0
            for index in syntax.tokens.indices {
                let token = syntax.tokens[index]
                let text = Array(syntax.bytes(of: index))
                switch token.kind {
                case .byteOrderMark: continue
                case .whitespace:
                    out += (0...next(3)).map { _ in next(4) == 0 ? 0x09 : 0x20 }
                case .newline:
                    var lineEnds = text.filter { $0 == 0x0A }.count
                    if next(4) == 0 { lineEnds += Int(next(3)) }
                    for _ in 0..<lineEnds {
                        if next(2) == 0 { out += [0x20, 0x09] }  // trailing blanks
                        out += seed % 2 == 0 ? [0x0D, 0x0A] : [0x0A]
                    }
                default:
                    out += text
                    // Between two tokens on a line: a block comment, or more blanks.
                    if !token.kind.isTrivia, token.kind != .endOfFile, index + 1 < syntax.tokens.count,
                       syntax.tokens[index + 1].kind != .endOfFile {
                        switch next(9) {
                        case 0:
                            comment += 1
                            out += Array(" /* g\(comment) */ ".utf8)
                        case 1: out += [0x20, 0x20, 0x09]
                        default: break
                        }
                    }
                }
            }
            if seed % 4 == 1 { while out.last == 0x0A || out.last == 0x0D { out.removeLast() } }
            return out
        }
    }

    /// The generated set: variants of every sample and ok-corpus file.
    static let generated: [(name: String, bytes: [UInt8])] = compiling.flatMap { path in
        variants(of: read(path), seeds: 1...2).enumerated().map { ("\(name(path)) variant \($0.offset + 1)", $0.element) }
    }
}

/// The guarantees for one input (DrawKit's `checkFormatGuarantees`, which the fuzz target
/// checks too), plus the tree; records issues. `compiles`: the input must build.
func checkGuarantees(_ bytes: [UInt8], name: String, compiles: Bool) {
    // The real file's path, so that data files and images it names are found.
    let relative = name.components(separatedBy: " variant").first ?? name
    let path = relative.hasPrefix("/") ? relative : packageRoot + "/" + relative
    let check = checkFormatGuarantees(bytes, path: path)
    guard let once = check.formatted else {
        Issue.record("\(name) does not format: \(check.syntaxErrors.map(\.message))")
        return
    }
    for violation in check.violations { Issue.record("\(name): \(violation)") }
    if compiles { #expect(check.sourceIR != nil, "\(name) does not compile") }
    // Re-parses to the same tree.
    #expect(FormatFixtures.tree(once) == FormatFixtures.tree(bytes), "\(name): the formatted text parses to another tree")
}

@Suite("Formatter guarantees")
struct FormatGuaranteeTests {
    @Test(arguments: FormatFixtures.all.map(FormatFixtures.name))
    func guaranteesHoldForFile(_ name: String) {
        let path = name.hasPrefix("/") ? name : packageRoot + "/" + name
        checkGuarantees(FormatFixtures.read(path), name: name, compiles: !name.contains("Corpus/fmt/"))
    }

    @Test func guaranteesHoldForTheGeneratedSet() {
        #expect(FormatFixtures.generated.count >= 50)
        for (name, bytes) in FormatFixtures.generated {
            checkGuarantees(bytes, name: name, compiles: true)
        }
    }

    /// A variant differs from its original only in blanks, line ends and added comments:
    /// without the added comments it formats to the original's canonical text.
    @Test func variantsFormatLikeTheirOriginal() {
        for path in FormatFixtures.compiling {
            let original = FormatFixtures.read(path)
            guard let canonical = FormatFixtures.formatted(original, path: path) else { continue }
            let syntax = tokenizeLossless(SourceFile(id: FileID(0), path: path, bytes: original))
            // Only blanks changed: every whitespace token doubled, CRLF line ends.
            var respaced: [UInt8] = []
            for index in syntax.tokens.indices {
                let bytes = Array(syntax.bytes(of: index))
                switch syntax.tokens[index].kind {
                case .whitespace: respaced += bytes + [0x09] + bytes
                case .newline: respaced += bytes.flatMap { $0 == 0x0A ? [0x20, 0x0D, 0x0A] : [$0] }
                default: respaced += bytes
                }
            }
            let again = FormatFixtures.formatted(respaced, path: path) ?? []
            #expect(again == canonical, "\(FormatFixtures.name(path)): \(GoldenFiles.describeDifference(expected: canonical, actual: again))")
        }
    }

    @Test func everySampleIsCanonical() {
        #expect(FormatFixtures.samples.count >= 10)
        for path in FormatFixtures.samples {
            let bytes = FormatFixtures.read(path)
            let formatted = FormatFixtures.formatted(bytes, path: path).map { String(decoding: $0, as: UTF8.self) }
            #expect(formatted == String(decoding: bytes, as: UTF8.self),
                    "\(FormatFixtures.name(path)) is not in canonical form: run 'drawc fmt -w \(FormatFixtures.name(path))'")
        }
    }

    @Test func everyDocsExampleIsCanonical() {
        let examples = docsExamples()
        #expect(examples.count >= 15)
        for example in examples {
            let bytes = Array(example.code.utf8)
            guard let formatted = FormatFixtures.formatted(bytes, path: example.description) else { continue }
            #expect(String(decoding: formatted, as: UTF8.self) == example.code, "\(example) is not in canonical form; it should read:\n\(String(decoding: formatted, as: UTF8.self))")
        }
    }

    @Test func fileWithSyntaxErrorsIsNotFormatted() {
        let source = SourceFile(id: FileID(0), path: "bad.draw", text: "rect fill: #ggg\nrect \"open\n")
        guard case .failed(let diagnostics) = formatSource(source) else {
            Issue.record("a file with errors was formatted"); return
        }
        #expect(diagnostics.map(\.id) == ["lex.malformed-color", "lex.unterminated-string"])
    }

    /// Hostile sizes: deep nesting and a long flat file format without recursion trouble.
    @Test func deepAndLongInputs() {
        let deep = String(repeating: "group { ", count: 200) + "rect" + String(repeating: " }", count: 200) + "\n"
        guard let once = FormatFixtures.formatted(Array(deep.utf8), path: "deep") else { return }
        #expect(FormatFixtures.formatted(once, path: "deep formatted") == once)
        #expect(FormatFixtures.tree(once) == FormatFixtures.tree(Array(deep.utf8)))
        let long = (0..<3000).map { "rect \"n\($0)\", width: \($0)pt // \($0)\n" }.joined()
        guard let formattedLong = FormatFixtures.formatted(Array(long.utf8), path: "long") else { return }
        #expect(formattedLong == Array(long.utf8))
    }
}

@Suite("Formatter corpus")
struct FormatCorpusTests {
    @Test func corpusHasEnoughCases() {
        #expect(corpusFiles(in: "fmt").count >= 40)
    }

    @Test(arguments: corpusFiles(in: "fmt").map(corpusRelativePath))
    func formatsAsRecorded(_ name: String) {
        let path = corpusRoot + "/" + name
        guard let formatted = FormatFixtures.formatted(FormatFixtures.read(path), path: name) else { return }
        let expectedPath = String(path.dropLast(".draw".count)) + ".formatted"
        if let problem = GoldenFiles.check(formatted, against: expectedPath) { Issue.record("\(name): \(problem)") }
        // The recorded form is a fixed point.
        let recorded = FormatFixtures.read(expectedPath)
        if !recorded.isEmpty || formatted.isEmpty {
            let again = FormatFixtures.formatted(recorded, path: name + " recorded") ?? []
            #expect(again == recorded, "\(name): the recorded form is not canonical: \(GoldenFiles.describeDifference(expected: recorded, actual: again))")
        }
    }
}

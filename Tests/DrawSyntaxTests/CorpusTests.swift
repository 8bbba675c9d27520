import DrawDiagnostics
import DrawSyntax
import DrawTestSupport
import Testing

/// The diagnostics corpus (Tests/Corpus): every `ok` file is clean, every `bad` file gives
/// exactly the diagnostics written in its `.expected` file beside it.
@Suite struct CorpusTests {
    @Test(arguments: corpusFiles(in: "ok").map(corpusRelativePath))
    func okFileHasNoDiagnostics(_ path: String) {
        let rendered = renderedDiagnostics(forFileAt: corpusRoot + "/" + path)
        #expect(rendered == "", "\(path) should parse cleanly:\n\(rendered)")
    }

    @Test(arguments: corpusFiles(in: "bad").map(corpusRelativePath))
    func badFileGivesExpectedDiagnostics(_ path: String) {
        let full = corpusRoot + "/" + path
        let rendered = renderedDiagnostics(forFileAt: full)
        #expect(!rendered.isEmpty, "\(path) should report something")
        let expectedPath = String(full.dropLast(".draw".count)) + ".expected"
        if let failure = compareWithExpectedFile(rendered, at: expectedPath) {
            Issue.record(Comment(rawValue: failure))
        }
    }

    @Test func corpusHasEnoughBadCases() {
        // At least 40 cases of the front end (lexer and parser); other stages name their
        // cases with a prefix (sem-, layout-).
        let frontEnd = corpusFiles(in: "bad").filter { path in
            let name = corpusRelativePath(path).dropFirst("bad/".count)
            return !name.hasPrefix("sem-") && !name.hasPrefix("layout-")
        }
        #expect(frontEnd.count >= 40)
        #expect(!corpusFiles(in: "ok").isEmpty)
    }

    /// House style of the front end's messages: lower case, no final period (checked on
    /// every rendered error and note of the lexer and parser cases).
    @Test(arguments: corpusFiles(in: "bad").map(corpusRelativePath).filter { !$0.hasPrefix("bad/sem-") && !$0.hasPrefix("bad/layout-") })
    func messagesFollowTheHouseStyle(_ path: String) {
        let rendered = renderedDiagnostics(forFileAt: corpusRoot + "/" + path)
        for line in rendered.split(separator: "\n") {
            for marker in [": error: ", ": warning: ", ": note: "] {
                guard let range = line.range(of: marker) else { continue }
                let message = line[range.upperBound...]
                #expect(message.first.map { !$0.isUppercase } ?? true, "\(path): '\(message)' starts with a capital")
                #expect(!message.hasSuffix("."), "\(path): '\(message)' ends with a period")
            }
        }
    }
}

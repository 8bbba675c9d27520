import DrawDiagnostics
import DrawSyntax
import DrawTestSupport
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

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

    /// Every bad case has its expected file and every expected file its case; each expected
    /// file pins the id of every diagnostic it lists (`error[parse.expected-value]:`).
    @Test func everyBadCaseHasAnExpectedFileThatPinsItsIDs() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: corpusRoot + "/bad")
        let cases = Set(names.filter { $0.hasSuffix(".draw") }.map { $0.dropLast(".draw".count) })
        let expected = Set(names.filter { $0.hasSuffix(".expected") }.map { $0.dropLast(".expected".count) })
        #expect(cases.subtracting(expected).isEmpty, "cases without .expected: \(cases.subtracting(expected).sorted())")
        #expect(expected.subtracting(cases).isEmpty, ".expected without a case: \(expected.subtracting(cases).sorted())")
        for name in expected {
            let text = String(decoding: FileManager.default.contents(atPath: corpusRoot + "/bad/\(name).expected") ?? Data(), as: UTF8.self)
            for line in text.split(separator: "\n") where line.contains(": error") || line.contains(": warning") {
                #expect(line.contains(": error[") || line.contains(": warning["), "bad/\(name).expected: no id in '\(line)'")
            }
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
            // `error[id]: `, `warning[id]: `, `note: `
            for marker in [": error[", ": warning[", ": note: "] {
                guard let range = line.range(of: marker), let end = line[range.upperBound...].range(of: ": ") else { continue }
                let message = marker == ": note: " ? line[range.upperBound...] : line[end.upperBound...]
                #expect(message.first.map { !$0.isUppercase } ?? true, "\(path): '\(message)' starts with a capital")
                #expect(!message.hasSuffix("."), "\(path): '\(message)' ends with a period")
            }
        }
    }
}

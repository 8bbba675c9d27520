import DrawTestSupport
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Every ```draw example of docs/language.md evaluates without diagnostics, and each is kept
/// in Tests/Corpus/ok/lang-NN.draw so the other stages (layout goldens, CLI) see them too.
@Suite struct LanguageReferenceTests {
    static func examples() -> [String] {
        guard let data = FileManager.default.contents(atPath: packageRoot + "/docs/language.md") else { return [] }
        let text = String(decoding: data, as: UTF8.self)
        var examples: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```draw" { current = []; continue }
            if current != nil, line == "```" { examples.append(current!.joined(separator: "\n") + "\n"); current = nil; continue }
            current?.append(line)
        }
        return examples
    }

    @Test func referenceHasExamples() {
        #expect(Self.examples().count >= 12)
    }

    @Test(arguments: Array(examples().enumerated()))
    func exampleEvaluatesClean(_ numbered: (offset: Int, element: String)) {
        let result = evaluate(numbered.element)
        #expect(result.diagnostics.isEmpty, "example \(numbered.offset + 1): \(result.diagnostics.map { "\($0.id): \($0.message)" })")
        let corpusPath = corpusRoot + "/ok/" + Self.corpusName(numbered.offset)
        let stored = FileManager.default.contents(atPath: corpusPath).map { String(decoding: $0, as: UTF8.self) }
        #expect(stored == numbered.element, "Tests/Corpus/ok/\(Self.corpusName(numbered.offset)) differs from example \(numbered.offset + 1) of docs/language.md")
    }

    static func corpusName(_ index: Int) -> String {
        "lang-" + (index + 1 < 10 ? "0" : "") + String(index + 1) + ".draw"
    }
}

import DrawTestSupport
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Every ```draw example of docs/language.md evaluates without diagnostics, and each is kept
/// in Tests/Corpus/ok/lang-<section>.draw so the other stages (layout goldens, CLI) see them
/// too. Files are named by content, after the heading the example stands under
/// (`## Functions` → `lang-functions.draw`, a second example there `lang-functions-2.draw`),
/// so adding an example does not rename the others.
@Suite struct LanguageReferenceTests {
    struct Example: Sendable, CustomTestStringConvertible {
        /// The corpus file name, `lang-<heading slug>[-n].draw`.
        var name: String
        var source: String
        var testDescription: String { name }
    }

    static func examples() -> [Example] {
        guard let data = FileManager.default.contents(atPath: packageRoot + "/docs/language.md") else { return [] }
        let text = String(decoding: data, as: UTF8.self)
        var examples: [Example] = []
        var current: [Substring]?
        var heading = ""
        var perHeading: [String: Int] = [:]
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.hasPrefix("#") { heading = slug(line.drop { $0 == "#" }) }
            if current == nil, line == "```draw" { current = []; continue }
            if current != nil, line == "```" {
                let count = perHeading[heading, default: 0] + 1
                perHeading[heading] = count
                let name = "lang-" + heading + (count == 1 ? "" : "-\(count)") + ".draw"
                examples.append(Example(name: name, source: current!.joined(separator: "\n") + "\n"))
                current = nil
                continue
            }
            current?.append(line)
        }
        return examples
    }

    /// Lower-case letters and digits, every other run of characters one `-`.
    static func slug(_ text: Substring) -> String {
        var out = ""
        for character in text.lowercased() {
            if character.isASCII, character.isLetter || character.isNumber {
                out.append(character)
            } else if !out.isEmpty, out.last != "-" {
                out.append("-")
            }
        }
        while out.last == "-" { out.removeLast() }
        return out
    }

    @Test func referenceHasExamples() {
        #expect(Self.examples().count >= 12)
    }

    @Test(arguments: examples())
    func exampleEvaluatesClean(_ example: Example) {
        let result = evaluate(example.source)
        #expect(result.diagnostics.isEmpty, "\(example.name): \(result.diagnostics.map { "\($0.id): \($0.message)" })")
        let stored = FileManager.default.contents(atPath: corpusRoot + "/ok/" + example.name).map { String(decoding: $0, as: UTF8.self) }
        #expect(stored == example.source, "Tests/Corpus/ok/\(example.name) differs from its example in docs/language.md")
    }

    /// No stale copies: every lang-*.draw of the corpus is an example of the reference.
    @Test func corpusHoldsNoOtherLanguageExamples() {
        let names = Set(Self.examples().map(\.name))
        let stored = corpusFiles(in: "ok").map { String($0.split(separator: "/").last!) }.filter { $0.hasPrefix("lang-") }
        #expect(Set(stored) == names)
    }
}

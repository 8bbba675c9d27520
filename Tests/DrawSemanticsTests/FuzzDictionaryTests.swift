import DrawTestSupport
import DrawCatalogue
import Testing
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The fuzzer's dictionary (Tests/Fuzz/drawc.dict) keeps up with the language: every node
/// kind, property, function and named colour is one of its entries, so a name added to the
/// language is not left out of the fuzzing.
@Suite struct FuzzDictionaryTests {
    static func entries() -> Set<String> {
        guard let data = FileManager.default.contents(atPath: packageRoot + "/Tests/Fuzz/drawc.dict") else { return [] }
        var entries: Set<String> = []
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") where line.hasPrefix("\"") && line.hasSuffix("\"") {
            entries.insert(String(line.dropFirst().dropLast()).replacingOccurrences(of: "\\\"", with: "\"")
                .replacingOccurrences(of: "\\\\", with: "\\"))
        }
        return entries
    }

    @Test func holdsEveryNameOfTheLanguage() {
        let entries = Self.entries()
        #expect(entries.count > 400)
        // The language's names, from the one catalogue of them (DrawCatalogue).
        var names: [String] = NodeKind.writtenNames
        names += Property.names
        names += FunctionSpec.all.map(\.name)
        names += NamedColor.names
        names += ["let", "def", "fn", "for", "if", "else", "then", "import", "page", "style", "in"]
        let missing = names.filter { !entries.contains($0) }
        #expect(missing.isEmpty, "add to Tests/Fuzz/drawc.dict: \(missing)")
    }
}

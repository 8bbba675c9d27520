import DrawDiagnostics
import DrawTestSupport
import Testing
#if canImport(Foundation)
import Foundation
#endif

/// The typed message ids are the one place ids are written: every stage's `Messages+*.swift`
/// declares its ids as enum cases with a doc comment, no other source file spells an id, and
/// docs/language.md's table of all ids is rendered from those declarations.
@Suite struct DiagnosticCatalogueTests {
    struct Entry: Equatable {
        var id: String
        var doc: String
        var file: String
    }

    /// `/// doc` + `case name = "stage.id"` of every Messages+*.swift under Sources, in id order.
    static func entries() -> [Entry] {
        var entries: [Entry] = []
        for path in sourceFiles() where path.split(separator: "/").last!.hasPrefix("Messages+") {
            let text = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
            var doc: [String] = []
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("/// ") { doc.append(String(trimmed.dropFirst(4))); continue }
                if trimmed.hasPrefix("case "), let open = trimmed.firstIndex(of: "\""), trimmed.hasSuffix("\"") {
                    let id = String(trimmed[trimmed.index(after: open)..<trimmed.index(before: trimmed.endIndex)])
                    // An id is `stage.name` without spaces; other raw values of the messages
                    // files are wording (`ArgumentType.string = "a string"`).
                    if id.contains("."), !id.contains(" ") {
                        entries.append(Entry(id: id, doc: doc.joined(separator: " "), file: path))
                    }
                }
                doc = []
            }
        }
        return entries.sorted { $0.id < $1.id }
    }

    static func sourceFiles() -> [String] {
        let root = packageRoot + "/Sources"
        let all = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        return all.filter { $0.hasSuffix(".swift") }.sorted().map { root + "/" + $0 }
    }

    /// A string literal that looks like a diagnostic id (`"sem.invalid-value"`).
    static let idPattern = try! NSRegularExpression(pattern: "\"((lex|parse|sem|data|layout|ps|png|io)\\.[a-z][a-z0-9-]*(\\.[a-z0-9-]+)*)\"")

    @Test func everyIDIsDeclaredOnceWithADoc() {
        let entries = Self.entries()
        #expect(entries.count >= 140)
        #expect(Set(entries.map(\.id)).count == entries.count, "an id declared twice")
        for entry in entries { #expect(!entry.doc.isEmpty && !entry.doc.contains("TODO"), "\(entry.id) has no doc") }
        // The policies' too-many-errors ids are cases of their stages.
        let ids = Set(entries.map(\.id))
        for policy in [DiagnosticPolicy.syntax, .evaluation, .layout] { #expect(ids.contains(policy.tooManyErrorsID)) }
    }

    /// No source file but the message catalogues (and the policies) writes an id inline.
    @Test func noIDIsWrittenInline() {
        let declared = Set(Self.entries().map(\.id))
        for path in Self.sourceFiles() {
            let name = String(path.split(separator: "/").last!)
            if name.hasPrefix("Messages+") || name == "DiagnosticSink.swift" || path.contains("/DrawCatalogue/") { continue }
            let text = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
            for match in Self.idPattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let id = (text as NSString).substring(with: match.range(at: 1))
                #expect(Bool(false), "\(name) writes the id \"\(id)\" inline\(declared.contains(id) ? "" : " (and it is declared nowhere)")")
            }
        }
    }

    /// docs/language.md lists every id, rendered from the catalogues (DRAWC_UPDATE_GOLDEN=1 rewrites it).
    @Test func docsListEveryID() throws {
        let path = packageRoot + "/docs/language.md"
        let docs = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
        let open = "<!-- diagnostics: ids -->\n", close = "<!-- /diagnostics -->"
        let start = try #require(docs.range(of: open)), end = try #require(docs.range(of: close))
        var table = "| id | stage | when |\n|---|---|---|\n"
        for entry in Self.entries() {
            let stage = entry.file.split(separator: "/").reversed()[1]
            table += "| `\(entry.id)` | \(stage) | \(entry.doc.replacingOccurrences(of: "|", with: "\\|")) |\n"
        }
        let updated = String(docs[..<start.upperBound]) + table + String(docs[end.lowerBound...])
        GoldenFiles.expect(updated, matches: path)
    }
}

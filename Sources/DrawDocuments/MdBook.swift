// `drawc mdbook`: an mdBook preprocessor, by mdBook's protocol (its guide, "For developers:
// Preprocessors"). mdBook runs `drawc mdbook supports RENDERER` and reads the exit status
// (0: supported), then runs `drawc mdbook` with the JSON array `[context, book]` on standard
// input and reads the book back as JSON on standard output. The book's items (`sections` in
// mdBook 0.4, `items` in 0.5) are `{"Chapter": {…, "content", "source_path", "sub_items"}}`,
// `"Separator"` or `{"PartTitle": …}`; each chapter's content goes through
// `MarkdownDrawings` with its file's path (context `root`, `config.book.src`, `source_path`),
// and every other member is written back as it was read, in its order. The JSON is the
// project's one reader and writer (DrawDiagnostics' `JSON`).

import DrawDiagnostics
import DrawKit

package enum MdBookPreprocessor {
    /// The renderers whose output shows inline SVG: mdBook's own HTML renderer, and its
    /// Markdown renderer (which writes the HTML through).
    package static let renderers = ["html", "markdown"]

    package static func supports(_ renderer: String) -> Bool { renderers.contains(renderer) }

    /// What one run made: the book's JSON, or nil when the input is not `[context, book]`.
    package struct Result: Sendable {
        package var book: [UInt8]?
        package var reports: [DiagnosticReport] = []
        package var hasErrors: Bool { book == nil || reports.contains { $0.hasErrors } }
    }

    /// Replaces the draw blocks of every chapter of the `[context, book]` JSON `input`.
    package static func run(_ input: [UInt8], settings: EmbedSettings) -> Result {
        guard let pair = JSON.parse(input), let context = pair[0], let book = pair[1], case .object = book else {
            return Result(book: nil)
        }
        let root = context["root"]?.string ?? "."
        let src = context["config"]?["book"]?["src"]?.string ?? "src"
        let folder = src.hasPrefix("/") ? src : (root.hasSuffix("/") ? root : root + "/") + src
        var reports: [DiagnosticReport] = []
        let replaced = rewrite(book, folder: folder, settings: settings, reports: &reports)
        return Result(book: replaced.bytes, reports: reports)
    }

    /// `value` with the content of every chapter in it processed.
    static func rewrite(_ value: JSON, folder: String, settings: EmbedSettings, reports: inout [DiagnosticReport]) -> JSON {
        switch value {
        case .object(let members):
            return .object(members.map { key, member in
                if key == "Chapter", case .object(var chapter) = member {
                    for (index, (name, field)) in chapter.enumerated() {
                        switch name {
                        case "content":
                            if let text = field.string {
                                let source = member["source_path"]?.string ?? member["path"]?.string ?? "chapter.md"
                                let result = MarkdownDrawings.process(Array(text.utf8), path: folder + "/" + source, settings: settings)
                                reports += result.reports
                                chapter[index].1 = .string(String(decoding: result.text, as: UTF8.self))
                            }
                        case "sub_items":
                            chapter[index].1 = rewrite(field, folder: folder, settings: settings, reports: &reports)
                        default:
                            break
                        }
                    }
                    return (key, .object(chapter))
                }
                return (key, rewrite(member, folder: folder, settings: settings, reports: &reports))
            })
        case .array(let items):
            return .array(items.map { rewrite($0, folder: folder, settings: settings, reports: &reports) })
        case .null, .bool, .number, .string:
            return value
        }
    }
}

// The drawings shown in README.md and docs/*.md: every fenced block marked ```draw, with
// where it is, so tests can check that each one is well formed and in canonical form.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// One ```draw block of the documentation.
package struct DocsExample: Sendable, CustomStringConvertible {
    /// The file, relative to the package root (`docs/language.md`).
    package var file: String
    /// 1-based line of the block's first line of code.
    package var line: Int
    /// The code, each line ending with `\n`.
    package var code: String
    package var description: String { "\(file):\(line)" }
}

/// Every ```draw block of README.md and docs/*.md, in file and line order.
package func docsExamples() -> [DocsExample] {
    let docs = ((try? FileManager.default.contentsOfDirectory(atPath: packageRoot + "/docs")) ?? [])
        .filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
    var examples: [DocsExample] = []
    for file in ["README.md"] + docs {
        guard let data = FileManager.default.contents(atPath: packageRoot + "/" + file) else { continue }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        var index = 0
        while index < lines.count {
            if lines[index].trimmingCharacters(in: .whitespaces) == "```draw" {
                let first = index + 1
                var end = first
                while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" { end += 1 }
                let code = lines[first..<min(end, lines.count)].map { $0 + "\n" }.joined()
                examples.append(DocsExample(file: file, line: first + 1, code: code))
                index = end
            }
            index += 1
        }
    }
    return examples
}

// Issue 34, point 16: docs/language.md's Limits table is the named constants' rendering
// (`LimitsReference`), so it cannot say 512 where the parser stops at 256.

@testable import DrawKit
import DrawTestSupport
import Foundation
import Testing

@Suite struct LimitsReferenceTests {
    static let docsPath = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("docs/language.md").path

    @Test func theDocsTableIsTheConstantsRendering() throws {
        let docs = try String(contentsOfFile: Self.docsPath, encoding: .utf8)
        let updated = try #require(LimitsReference.updated(docs), "docs/language.md has no <!-- limits --> block")
        GoldenFiles.expect(updated, matches: Self.docsPath)
    }

    /// The rows the issue found wrong or missing say what the code does.
    @Test func theTableStatesTheParserAndInputLimits() {
        let table = LimitsReference.table()
        #expect(table.contains("| 256 | `parse.nesting-too-deep` |"))
        #expect(table.contains("| 1,000 | `parse.expression-too-deep` |"))
        #expect(table.contains("rows of one data file | 1,000,000 | `sem.list-limit` |"))
        #expect(table.contains("| 256 MB | refused before reading"))
        #expect(LimitsReference.grouped(1_234_567) == "1,234,567" && LimitsReference.grouped(12) == "12")
    }
}

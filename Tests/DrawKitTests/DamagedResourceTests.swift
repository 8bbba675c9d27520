// Issue 34, points 10 and 11: damaged images and fonts are errors (or warnings) at the
// statement that uses them, naming the file, in every output format alike — not a picture
// or text one format leaves out and another embeds broken.

import DrawKit
import DrawTestSupport
import Foundation
import Testing

@Suite struct DamagedResourceTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Corpus/bad").path

    @Test(arguments: OutputFormat.allCases)
    func aDamagedImageIsAnErrorAtItsStatementInEveryFormat(_ format: OutputFormat) throws {
        // Before: PDF and SVG exit 0 with the image missing or its corrupt bytes embedded;
        // PNG failed with "an image of the drawing cannot be decoded", at no statement.
        let path = Self.corpus + "/layout-image-damaged.draw"
        let source = try String(contentsOfFile: path, encoding: .utf8)
        let result = compile(source: source, path: path, format: format)
        #expect(result.outputs.isEmpty)
        let damaged = result.diagnostics.filter { $0.id == "layout.image-damaged" }
        #expect(damaged.count == 3, "\(result.report.rendered(as: .text))")
        #expect(damaged.map { $0.location?.line } == [3, 4, 5])
        #expect(damaged.map { $0.location?.column } == [7, 7, 7])
        for (diagnostic, file) in zip(damaged, ["layout-image-damaged-short.png", "layout-image-damaged-cut.png", "layout-image-damaged-cut.jpg"]) {
            #expect(diagnostic.severity == .error)
            #expect(diagnostic.message.hasPrefix("image '\(file)' is damaged: "), "\(diagnostic.message)")
        }
    }
}

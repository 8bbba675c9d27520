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

    /// Point 11: a corrupted `loca` (TrueType) and a corrupted charstring (CFF). Before, PDF
    /// and SVG left the text out and exited 0; only PostScript warned, calling the CFF face
    /// "TrueType". Now every format stops with one error per font at the text, naming the
    /// font file and the glyphs.
    @Test(arguments: OutputFormat.allCases)
    func damagedGlyphDataIsAnErrorAtTheTextInEveryFormat(_ format: OutputFormat) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("drawc-glyphs-\(format)-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let loca = try DamagedFonts.flippingLocaEntry(TestFontFiles.bytes("DejaVuSans.ttf"), after: "B")
        let charstring = try DamagedFonts.overwritingCharstring(TestFontFiles.bytes("DrawcTestSans.otf"), of: "W")
        try Data(loca).write(to: folder.appendingPathComponent("broken-loca.ttf"))
        try Data(charstring).write(to: folder.appendingPathComponent("broken-cff.otf"))
        let source = """
            vstack {
              text "A Cab", font: "broken-loca.ttf"
              text "fine", font: "broken-loca.ttf"
              text "Wait", font: "broken-cff.otf"
            }

            """
        let path = folder.appendingPathComponent("glyphs.draw").path
        let result = compile(source: source, path: path, format: format)
        #expect(result.outputs.isEmpty, "the text must not silently vanish")
        let damaged = result.diagnostics.filter { $0.id == "layout.font-glyphs-damaged" }
        #expect(damaged.count == 2, "\(result.report.rendered(as: .text))")
        #expect(damaged.map { $0.location?.line } == [2, 4])
        #expect(damaged.map { $0.location?.column } == [3, 3])
        let messages = damaged.map(\.message)
        // The loca entry after B is the end of B and the start of C: both break; the text
        // uses C only ('c' is another glyph).
        #expect(messages.first?.contains("('broken-loca.ttf') has damaged glyph data: glyph ") == true, "\(messages)")
        #expect(messages.first?.contains(" for U+0043 'C' cannot be drawn (") == true, "\(messages)")
        #expect(messages.first?.contains("'B'") == false, "\(messages)")
        #expect(messages.last?.contains("('broken-cff.otf') has damaged glyph data: glyph ") == true, "\(messages)")
        #expect(messages.last?.contains("for U+0057 'W'") == true, "\(messages)")
        #expect(messages.last?.contains("lacks arguments") == true, "\(messages)")
        #expect(damaged.allSatisfy { $0.severity == .error })
    }
}

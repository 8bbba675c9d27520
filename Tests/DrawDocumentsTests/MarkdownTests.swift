import Foundation
import Testing
@testable import DrawDocuments
import DrawKit
import DrawTestSupport

/// `drawc markdown`'s library half: finding fences, replacing them, ids, options, diagnostics.
@Suite struct MarkdownTests {
    func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    @Test func findsDrawFencesAsCommonMarkDoes() {
        let markdown = """
            # T
            ```draw
            rect
            ```
            ~~~~ draw width=3
            circle
            ~~~
            still inside: the closing fence is shorter
            ~~~~
            ````markdown
            ```draw
            not a drawing: inside another fence
            ```
            ````
                ```draw
                indented four spaces: a code block, not a fence
            ``` draw`x`
            a backtick in the info string: not a fence
            ```draw
            unclosed to the end
            """
        let bytes = Array(markdown.utf8)
        let fences = MarkdownFences.drawBlocks(in: bytes)
        #expect(fences.map(\.line) == [2, 5, 19])
        #expect(text(Array(bytes[fences[0].content])) == "rect\n")
        #expect(text(Array(bytes[fences[1].content])) == "circle\n~~~\nstill inside: the closing fence is shorter\n")
        #expect(text(Array(bytes[fences[1].info])) == " width=3")
        #expect(fences[2].block.upperBound == bytes.count)
    }

    @Test func everythingButTheBlocksIsKeptByteForByte() throws {
        let before = "# Title\r\n\nText with `draw` and ```draw inline.\n\n"
        let after = "\nThe end, no newline"
        let markdown = before + "```draw\nrect \"A\"\n```\n" + after
        let result = MarkdownDrawings.process(Array(markdown.utf8), path: "doc.md", settings: EmbedSettings())
        #expect(!result.hasErrors)
        let output = text(result.text)
        #expect(output.hasPrefix(before + "<div class=\"drawc\">\n<svg "))
        #expect(output.hasSuffix("</svg>\n</div>\n" + after))
        #expect(!output.contains("<?xml"))
        let html = output.dropFirst(before.count).prefix { _ in true }.components(separatedBy: "</div>")[0]
        #expect(!html.contains("\n\n"), "no blank line inside the HTML block: Markdown would end it there")
    }

    /// Two drawings on one page: every id and class name the SVG defines carries the block's
    /// prefix (CompileOptions.svgIDPrefix), so none is defined twice.
    @Test func idsAndClassNamesAreUniquePerBlock() throws {
        let drawing = "rect \"Hi\", size: (60, 30), fill: linear(90deg, #60a5fa, #1d4ed8)\n"
        let markdown = "```draw\n\(drawing)```\n\n```draw\n\(drawing)```\n"
        let result = MarkdownDrawings.process(Array(markdown.utf8), path: "doc.md", settings: EmbedSettings())
        #expect(!result.hasErrors)
        let output = text(result.text)
        let ids = matches(#" id="([^"]+)""#, in: output)
        let classes = matches(#"\n\.([A-Za-z0-9_-]+) \{"#, in: output)
        #expect(ids.count >= 2 && classes.count >= 2, "the drawing defines a gradient and a font class")
        #expect(Set(ids).count == ids.count, "ids defined twice: \(ids)")
        #expect(Set(classes).count == classes.count, "classes defined twice: \(classes)")
        let prefix1 = Drawings.idPrefix(content: Array(drawing.utf8)[...], index: 1)
        let prefix2 = Drawings.idPrefix(content: Array(drawing.utf8)[...], index: 2)
        #expect(prefix1 != prefix2)
        #expect(ids.allSatisfy { $0.hasPrefix(prefix1) || $0.hasPrefix(prefix2) }, "\(ids)")
        #expect(classes.contains { $0.hasPrefix(prefix1) } && classes.contains { $0.hasPrefix(prefix2) })
        #expect(output.contains("url(#\(prefix1)"), "references use the prefixed ids")
    }

    func matches(_ pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        return regex.matches(in: text, range: NSRange(text.startIndex..., in: text)).map {
            String(text[Range($0.range(at: 1), in: text)!])
        }
    }

    @Test func anErrorIsReportedAtItsLineAndColumnInTheMarkdownFile() throws {
        let markdown = "# T\n\nText.\n\n  ```draw\n  rect \"ok\"\n  circle radius: 3\n  ```\n"
        let result = MarkdownDrawings.process(Array(markdown.utf8), path: "guide.md", settings: EmbedSettings())
        #expect(result.hasErrors)
        #expect(result.text == Array(markdown.utf8), "nothing is replaced when a block fails")
        let error = try #require(result.reports.flatMap(\.diagnostics).first { $0.severity == .error })
        #expect(error.location?.path == "guide.md")
        #expect(error.location?.line == 7)
        #expect(error.location?.column == 10)
        #expect(result.reports[0].rendered(as: .text).contains("guide.md:7:10"))
    }

    @Test func fenceOptionsSizeAndNameTheDrawing() throws {
        let markdown = "```draw width=300 alt=\"A wide box\"\nrect size: (100, 50)\n```\n"
        let result = MarkdownDrawings.process(Array(markdown.utf8), path: "doc.md", settings: EmbedSettings())
        #expect(!result.hasErrors)
        let output = text(result.text)
        // The page is 120 × 70 (the content and its margin): 300 wide is 175 high.
        #expect(output.contains("width=\"300\" height=\"175\" viewBox=\"0 0 120 70\""), "\(output.prefix(300))")
        #expect(output.contains("<title>A wide box</title>"))
    }

    @Test func wrongFenceOptionsAreDiagnosedWhereTheyAre() throws {
        let markdown = "Intro\n\n```draw size=300 width=wide format=gif\nrect\n```\n"
        let result = MarkdownDrawings.process(Array(markdown.utf8), path: "doc.md", settings: EmbedSettings())
        #expect(result.hasErrors)
        let diagnostics = result.reports.flatMap(\.diagnostics)
        #expect(diagnostics.map(\.id) == ["markdown.fence-option", "markdown.fence-value", "markdown.fence-value"])
        #expect(diagnostics.map { $0.location?.line } == [3, 3, 3])
        #expect(diagnostics.map { $0.location?.column } == [9, 24, 36])
        let misspelt = MarkdownDrawings.process(Array("```draw witdh=3\nrect\n```\n".utf8), path: "doc.md", settings: EmbedSettings())
        #expect(misspelt.reports.flatMap(\.diagnostics).first?.hints == ["did you mean 'width'?"])
    }

    @Test func imagesAreFilesNamedByTheirHashAndLinked() throws {
        let markdown = "```draw alt=\"A [box]\"\nrect size: (10, 10)\n```\nNext line\n\n```draw width=40 format=png\nrect size: (10, 10)\n```\n"
        let settings = EmbedSettings(imageLinkFolder: "img")
        let result = MarkdownDrawings.process(Array(markdown.utf8), path: "doc.md", settings: settings)
        #expect(!result.hasErrors)
        #expect(result.images.count == 2)
        let svg = try #require(result.images.first { $0.name.hasSuffix(".svg") })
        let png = try #require(result.images.first { $0.name.hasSuffix(".png") })
        #expect(svg.name == Drawings.imageFile(svg.bytes, format: .svg).name)
        #expect(png.bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        #expect(text(result.text) == """
            ![A \\[box\\]](img/\(svg.name))

            Next line

            <img src="img/\(png.name)" alt="" width="40">

            """)
    }

    /// Imports and data files are found from the Markdown file's folder, not the current one.
    @Test func filesAreFoundFromTheMarkdownFilesFolder() throws {
        let folder = try TemporaryFolder(prefix: "markdown")
        try FileManager.default.createDirectory(atPath: folder.file("docs"), withIntermediateDirectories: true)
        try "let accent = #ff0000\n".write(toFile: folder.file("docs/colors.draw"), atomically: true, encoding: .utf8)
        let markdown = "```draw\nimport \"colors.draw\"\nrect size: (10, 10), fill: accent\n```\n"
        let result = MarkdownDrawings.process(Array(markdown.utf8), path: folder.file("docs/guide.md"), settings: EmbedSettings())
        #expect(!result.hasErrors, "\(result.reports.map { $0.rendered(as: .text) })")
        #expect(text(result.text).contains("fill=\"#ff0000\""))
        #expect(result.filesRead.contains { $0.hasSuffix("docs/colors.draw") })
    }
}

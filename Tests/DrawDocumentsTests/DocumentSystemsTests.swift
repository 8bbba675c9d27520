import Foundation
import Testing
@testable import DrawDocuments
import DrawDiagnostics
import DrawKit
import DrawLanguageServer
import DrawTestSupport

/// mdBook's preprocessor protocol and pandoc's JSON filters, through the built `drawc`.
@Suite struct DocumentSystemsTests {
    let drawc = builtExecutable("drawc")

    func run(_ arguments: [String], stdin: [UInt8]? = nil, in folder: String? = nil,
             environment: [String: String]? = nil) throws -> ToolRun {
        let path = try #require(drawc, "drawc is not built (swift build --build-tests)")
        return try ExternalTool.run(path, arguments, stdin: stdin, workingDirectory: folder, environment: environment)
    }

    /// A book as mdBook 0.4 sends it (its guide, "Preprocessors", and `mdbook::book`): the
    /// context (root, config with book.src, renderer, mdbook_version) and the book's sections
    /// — a chapter with a nested chapter, a separator, a part title, a draft chapter.
    func mdBookInput(root: String) -> [UInt8] {
        let chapter1 = "# One\\n\\n```draw\\nimport \\\"parts/colors.draw\\\"\\nrect size: (20, 10), fill: accent\\n```\\n\\nAfter.\\n"
        let chapter2 = "# Nested\\n\\n```draw width=100\\ncircle r: 5\\n```\\n"
        let json = """
            [{"root":"\(root)","config":{"book":{"authors":["A"],"language":"en","multilingual":false,"src":"src","title":"T"},\
            "preprocessor":{"drawc":{"command":"drawc mdbook"}}},"renderer":"html","mdbook_version":"0.4.40"},\
            {"sections":[{"Chapter":{"name":"One","content":"\(chapter1)","number":[1],"sub_items":[\
            {"Chapter":{"name":"Nested","content":"\(chapter2)","number":[1,1],"sub_items":[],"path":"one/nested.md",\
            "source_path":"one/nested.md","parent_names":["One"]}}],"path":"one.md","source_path":"one.md","parent_names":[]}},\
            "Separator",{"PartTitle":"Part two"},\
            {"Chapter":{"name":"Draft","content":"","number":null,"sub_items":[],"path":null,"source_path":null,"parent_names":[]}}],\
            "__non_exhaustive":null}]
            """
        return Array(json.utf8)
    }

    @Test func mdBookSupportsAnswersByExitStatus() throws {
        #expect(try run(["mdbook", "supports", "html"]).status == 0)
        #expect(try run(["mdbook", "supports", "markdown"]).status == 0)
        #expect(try run(["mdbook", "supports", "pdf"]).status == 1)
    }

    @Test func mdBookPreprocessorReplacesTheBlocksOfEveryChapter() throws {
        let folder = try TemporaryFolder(prefix: "mdbook")
        try FileManager.default.createDirectory(atPath: folder.file("src/parts"), withIntermediateDirectories: true)
        try "let accent = #00ff00\n".write(toFile: folder.file("src/parts/colors.draw"), atomically: true, encoding: .utf8)
        let input = mdBookInput(root: folder.path)
        let result = try run(["mdbook"], stdin: input)
        #expect(result.status == 0, "\(result.stderrText)")
        let book = try #require(JSON.parse(result.stdout), "the output is JSON")
        let original = try #require(JSON.parse(input)?[1])
        let sections = try #require(book["sections"]?.array)
        #expect(sections.count == 4)
        #expect(sections[1] == original["sections"]?[1] && sections[2] == original["sections"]?[2] && sections[3] == original["sections"]?[3])
        let one = try #require(sections[0]["Chapter"]?["content"]?.string)
        #expect(one.hasPrefix("# One\n\n<div class=\"drawc\">\n<svg "))
        #expect(one.contains("fill=\"#00ff00\""), "the import is found from the chapter's folder")
        #expect(one.hasSuffix("</div>\n\nAfter.\n"))
        let nested = try #require(sections[0]["Chapter"]?["sub_items"]?[0]?["Chapter"])
        #expect(nested["content"]?.string?.contains("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"100\"") == true)
        // Every member but the contents is as it was read, in its order.
        #expect(sections[0]["Chapter"]?["number"] == original["sections"]?[0]?["Chapter"]?["number"])
        #expect(book["__non_exhaustive"] == .null)
    }

    @Test func mdBookFailsOnADrawingError() throws {
        let folder = try TemporaryFolder(prefix: "mdbook")
        let input = String(decoding: mdBookInput(root: folder.path), as: UTF8.self).replacingOccurrences(of: "circle r: 5", with: "circle q: 5")
        let result = try run(["mdbook"], stdin: Array(input.utf8))
        #expect(result.status == 1)
        #expect(result.stderrText.contains("src/one/nested.md:4:8: error"), "\(result.stderrText)")
        #expect(result.stdout.isEmpty)
    }

    /// The real pandoc runs the filter (`pandoc --filter`): HTML gets inline SVG, LaTeX an
    /// \includegraphics of a PDF file written into DRAWC_IMAGES.
    @Test func pandocRunsTheFilter() throws {
        guard ExternalTool.require("pandoc"), let drawc else { return }
        let folder = try TemporaryFolder(prefix: "pandoc")
        let filter = folder.file("drawc-pandoc-filter")
        try "#!/bin/sh\nexec '\(drawc)' pandoc-filter \"$@\"\n".write(toFile: filter, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: filter)
        let markdown = "# Doc\n\n```{.draw width=120 alt=\"Two boxes\"}\nhstack spacing: 4pt {\n  rect \"A\"\n  rect \"B\"\n}\n```\n\n```python\nprint(1)\n```\n"
        try markdown.write(toFile: folder.file("doc.md"), atomically: true, encoding: .utf8)
        let html = try ExternalTool.run("pandoc", ["--filter", filter, "-t", "html5", "doc.md"], workingDirectory: folder.path)
        #expect(html.status == 0, "\(html.stderrText)")
        #expect(html.stdoutText.contains("<div class=\"drawc\">\n<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"120\""))
        #expect(html.stdoutText.contains("<title>Two boxes</title>"))
        #expect(html.stdoutText.contains("sourceCode python"), "other code blocks stay")
        let latex = try ExternalTool.run("pandoc", ["--filter", filter, "-t", "latex", "doc.md"], workingDirectory: folder.path,
                                         environment: ["DRAWC_IMAGES": "pictures"])
        #expect(latex.status == 0, "\(latex.stderrText)")
        let images = try FileManager.default.contentsOfDirectory(atPath: folder.file("pictures"))
        #expect(images.count == 1 && images[0].hasSuffix(".pdf"))
        #expect(latex.stdoutText.contains("pictures/\(images.first ?? "")"), "\(latex.stdoutText)")
        let pdf = try Data(contentsOf: URL(fileURLWithPath: folder.file("pictures/" + images[0])))
        #expect(pdf.starts(with: Array("%PDF-".utf8)))
        // A drawing with an error fails pandoc's run.
        try markdown.replacingOccurrences(of: "rect \"B\"", with: "rect \"B\", fil: red").write(
            toFile: folder.file("bad.md"), atomically: true, encoding: .utf8)
        let bad = try ExternalTool.run("pandoc", ["--filter", filter, "-t", "html5", "bad.md"], workingDirectory: folder.path)
        #expect(bad.status != 0)
        #expect(bad.stderrText.contains("<draw block 1>:3:"), "\(bad.stderrText)")
    }

    @Test func markdownCommandWritesChecksAndFails() throws {
        let folder = try TemporaryFolder(prefix: "markdown")
        try "Intro\n\n```draw\nrect \"A\"\n```\n".write(toFile: folder.file("good.md"), atomically: true, encoding: .utf8)
        try "Intro\n\n```draw\nrect \"A\", fil: red\n```\n".write(toFile: folder.file("bad.md"), atomically: true, encoding: .utf8)
        let written = try run(["markdown", "good.md", "-o", "out/good.md", "--images", "out/img"], in: folder.path)
        #expect(written.status == 0, "\(written.stderrText)")
        let output = try String(contentsOfFile: folder.file("out/good.md"), encoding: .utf8)
        let image = try #require(try FileManager.default.contentsOfDirectory(atPath: folder.file("out/img")).first)
        #expect(output == "Intro\n\n![](img/\(image))\n", "the link is relative to the output's folder")
        let piped = try run(["markdown", "-"], stdin: Array("```draw\nrect\n```\n".utf8), in: folder.path)
        #expect(piped.status == 0 && piped.stdoutText.hasPrefix("<div class=\"drawc\">"))
        let bad = try run(["markdown", "bad.md", "-o", "bad.out.md"], in: folder.path)
        #expect(bad.status == 1)
        #expect(bad.stderrText.contains("bad.md:4:11: error"), "\(bad.stderrText)")
        #expect(!FileManager.default.fileExists(atPath: folder.file("bad.out.md")))
        let checked = try run(["markdown", "--check", "bad.md"], in: folder.path)
        #expect(checked.status == 1 && checked.stdout.isEmpty && checked.stderrText.contains("bad.md:4:11"))
        #expect(try run(["markdown", "--check", "good.md"], in: folder.path).stdout.isEmpty)
    }
}

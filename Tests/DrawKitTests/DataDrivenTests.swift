// Drawings driven by data files, compiled through DrawKit and read back by independent
// programs: pdftotext finds every row's text on the page it belongs to, qpdf checks the
// structure; the files a drawing reads are listed in `filesRead`.

import DrawKit
import DrawTestSupport
import Foundation
import Testing

@Suite("Data-driven drawings")
struct DataDrivenTests {
    static func csv(rows: Int) -> [UInt8] {
        var text = "name,qty,city\n"
        for i in 0..<rows { text += "Item \(i),\(i * 3),\"City, \(i % 7)\"\n" }
        return Array(text.utf8)
    }

    @Test func everyCSVRowIsDrawnAndPdftotextReadsItBack() throws {
        guard ExternalTool.require(["pdftotext", "qpdf"]) else { return }
        let source = """
        page size: a4
        let rows = csv("rows.csv")
        vstack spacing: 2pt, align: leading {
          for r in rows {
            text "\\(r.name) × \\(r.qty) [\\(r.city)]", fontSize: 6pt
          }
        }
        """
        let result = compile(source: source, path: "/mem/t.draw", format: .pdf,
                             options: CompileOptions(files: ["/mem/rows.csv": Self.csv(rows: 80)]))
        #expect(result.succeeded, "\(result.report.rendered(as: .text))")
        #expect(result.filesRead == ["/mem/rows.csv"])
        let folder = try TemporaryFolder()
        try OutputWriter.write(result, to: folder.file("t.pdf"))
        #expect(try ExternalTool.run("qpdf", ["--check", folder.file("t.pdf")]).status == 0)
        let text = try ExternalTool.run("pdftotext", ["-layout", folder.file("t.pdf"), "-"]).stdoutText
        for i in [0, 1, 41, 79] { #expect(text.contains("Item \(i) × \(i * 3) [City, \(i % 7)]"), "row \(i): \(text.prefix(400))") }
    }

    @Test func pagesFollowAJSONList() throws {
        guard ExternalTool.require(["pdftotext"]) else { return }
        let json = Array(#"{"people": [{"name": "Ada"}, {"name": "Grace"}, {"name": "Katherine"}]}"#.utf8)
        let source = """
        page size: a6
        for p in json("people.json").people {
          page { text "Dear \\(p.name)", fontSize: 18pt }
        }
        """
        let result = compile(source: source, path: "/mem/letters.draw", format: .pdf,
                             options: CompileOptions(files: ["/mem/people.json": json]))
        #expect(result.succeeded, "\(result.report.rendered(as: .text))")
        #expect(result.pageCount == 3)
        let folder = try TemporaryFolder()
        try OutputWriter.write(result, to: folder.file("l.pdf"))
        let pages = try ExternalTool.run("pdftotext", [folder.file("l.pdf"), "-"]).stdoutText.split(separator: "\u{0C}")
        #expect(pages.count >= 3)
        for (index, name) in ["Ada", "Grace", "Katherine"].enumerated() where index < pages.count {
            #expect(pages[index].contains("Dear \(name)"), "page \(index + 1): \(pages[index])")
        }
    }

    @Test func filesReadListsImportsDataAndImagesAlsoWhenMissing() {
        let source = """
        import "lib.draw"
        let rows = csv("data/missing.csv")
        """
        let result = compile(source: source, path: "/mem/main.draw", format: .svg,
                             options: CompileOptions(files: ["/mem/lib.draw": Array("fn twice(x) = 2 * x".utf8)]))
        #expect(!result.succeeded)
        #expect(result.diagnostics.map(\.id) == ["sem.data-not-found"])
        #expect(result.filesRead == ["/mem/lib.draw", "/mem/data/missing.csv"])
    }
}

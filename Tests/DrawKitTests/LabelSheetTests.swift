// Label sheets (`labels row in DATA, template: …`), read back by independent programs:
// pdftotext -bbox finds each label's first line in its die-cut cell, on the right page, for
// the PDF and for the PostScript run through Ghostscript's ps2pdf; qpdf checks the structure.

import DrawKit
import DrawTestSupport
import Foundation
import Testing

@Suite("Label sheets")
struct LabelSheetTests {
    static func addresses(_ rows: Int) -> [UInt8] {
        var text = "name,street,city\n"
        for i in 0..<rows { text += "Person\(i),\(i) Main Street,\"Springfield, IL\"\n" }
        return Array(text.utf8)
    }

    static let source = """
    labels row in csv("addresses.csv"), template: "avery-5160" {
      vstack align: leading, spacing: 1pt, padding: 6pt {
        text row.name, fontSize: 9pt
        text row.street, fontSize: 8pt
        text row.city, fontSize: 8pt
      }
    }
    """

    /// Avery 5160 from its specification (facts.md), in points, independent of the table.
    static func cell(_ index: Int) -> (x: Double, y: Double) {
        let column = index % 3, row = (index % 30) / 3
        return (x: 0.1875 * 72 + Double(column) * 2.75 * 72, y: 0.5 * 72 + Double(row) * 72)
    }

    struct Word { var page: Int; var xMin: Double; var yMin: Double; var text: String }

    /// Words of `pdftotext -bbox` (coordinates in points from the top-left), by page.
    static func words(_ pdf: String) throws -> [Word] {
        let html = try ExternalTool.run("pdftotext", ["-bbox", pdf, "-"]).stdoutText
        var words: [Word] = []
        var page = -1
        for line in html.split(separator: "\n") {
            if line.contains("<page ") { page += 1; continue }
            guard line.contains("<word "), let close = line.firstIndex(of: ">") else { continue }
            func attribute(_ name: String) -> Double {
                guard let range = line.range(of: name + "=\"") else { return .nan }
                let rest = line[range.upperBound...]
                return Double(rest[..<rest.firstIndex(of: "\"")!]) ?? .nan
            }
            let text = line[line.index(after: close)...].replacingOccurrences(of: "</word>", with: "")
            words.append(Word(page: page, xMin: attribute("xMin"), yMin: attribute("yMin"), text: text))
        }
        return words
    }

    func checkPlacement(_ pdf: String) throws {
        let words = try Self.words(pdf)
        #expect(Set(words.map(\.page)) == [0, 1, 2, 3], "95 labels on 30-up sheets fill exactly 4 pages")
        let mm01 = 0.1 * 72 / 25.4
        var firstTop: Double?
        for i in 0..<95 {
            guard let word = words.first(where: { $0.text == "Person\(i)" }) else {
                Issue.record("label \(i) not found"); continue
            }
            let cell = Self.cell(i)
            #expect(word.page == i / 30, "label \(i) on page \(word.page + 1)")
            // The first line starts 6pt (the padding) inside the cell's left edge.
            #expect(abs(word.xMin - (cell.x + 6)) <= mm01, "label \(i): x \(word.xMin), cell \(cell.x)")
            // …and at the same height in every cell, inside it.
            let top = word.yMin - cell.y
            #expect(top > 0 && top < 72, "label \(i): top \(top) outside the cell")
            if let firstTop { #expect(abs(top - firstTop) <= mm01, "label \(i): \(top) vs \(firstTop)") } else { firstTop = top }
        }
    }

    @Test func ninetyFiveAddressesFillFourSheetsInTheirCells() throws {
        guard ExternalTool.require(["pdftotext", "qpdf"]) else { return }
        let result = compile(source: Self.source, path: "/mem/l.draw", format: .pdf,
                             options: CompileOptions(files: ["/mem/addresses.csv": Self.addresses(95)]))
        #expect(result.succeeded, "\(result.report.rendered(as: .text))")
        #expect(result.pageCount == 4)
        let folder = try TemporaryFolder()
        try OutputWriter.write(result, to: folder.file("l.pdf"))
        #expect(try ExternalTool.run("qpdf", ["--check", folder.file("l.pdf")]).status == 0)
        let info = try ExternalTool.run("pdfinfo", ["-f", "1", "-l", "4", folder.file("l.pdf")]).stdoutText
        #expect(info.contains("Pages:           4"))
        #expect(info.contains("612 x 792 pts"), "US letter sheets")
        try checkPlacement(folder.file("l.pdf"))
    }

    @Test func theSameThroughPostScript() throws {
        guard ExternalTool.require(["pdftotext", "ps2pdf"]) else { return }
        let result = compile(source: Self.source, path: "/mem/l.draw", format: .ps,
                             options: CompileOptions(files: ["/mem/addresses.csv": Self.addresses(95)]))
        #expect(result.succeeded, "\(result.report.rendered(as: .text))")
        let folder = try TemporaryFolder()
        try OutputWriter.write(result, to: folder.file("l.ps"))
        let run = try ExternalTool.run("ps2pdf", [folder.file("l.ps"), folder.file("l.pdf")])
        #expect(run.status == 0, "\(run.stderrText)")
        try checkPlacement(folder.file("l.pdf"))
    }

    @Test func startSkipsUsedLabelsAndCopiesNumberThemWithIndex() throws {
        guard ExternalTool.require(["pdftotext"]) else { return }
        let source = """
        labels copies: 5, start: 29, template: "avery-5160", outline: true {
          text "No \\(index)", at: (10pt, 10pt), anchor: topLeft
        }
        """
        let result = compile(source: source, path: "/mem/c.draw", format: .pdf)
        #expect(result.succeeded, "\(result.report.rendered(as: .text))")
        #expect(result.pageCount == 2, "cells 29 and 30 of the first sheet, then 3 on a second")
        let folder = try TemporaryFolder()
        try OutputWriter.write(result, to: folder.file("c.pdf"))
        let words = try Self.words(folder.file("c.pdf"))
        for (n, cellIndex) in [(1, 28), (2, 29), (3, 30), (4, 31), (5, 32)] {
            let number = words.first { $0.text == "\(n)" }
            #expect(number?.page == cellIndex / 30, "No \(n)")
            let no = words.filter { $0.text == "No" && $0.page == cellIndex / 30 }
            let cell = Self.cell(cellIndex)
            #expect(no.contains { abs($0.xMin - (cell.x + 10)) < 0.3 }, "No \(n) at cell \(cellIndex)")
        }
    }

    @Test func calibrationOffsetAndScaleMoveTheWholeSheet() throws {
        guard ExternalTool.require(["pdftotext"]) else { return }
        let source = """
        labels copies: 30, template: "avery-5160", offset: (2mm, -1mm), scale: 99% {
          text "X\\(index)", at: (0, 0), anchor: topLeft
        }
        """
        let result = compile(source: source, path: "/mem/k.draw", format: .pdf)
        #expect(result.succeeded, "\(result.report.rendered(as: .text))")
        let folder = try TemporaryFolder()
        try OutputWriter.write(result, to: folder.file("k.pdf"))
        let words = try Self.words(folder.file("k.pdf"))
        let dx = 2 * 72 / 25.4
        for i in [0, 4, 29] {
            let cell = Self.cell(i)
            let word = words.first { $0.text == "X\(i + 1)" }
            #expect(word.map { abs($0.xMin - (dx + 0.99 * cell.x)) < 0.3 } == true, "X\(i + 1): \(String(describing: word)) vs \(dx + 0.99 * cell.x)")
        }
    }

    @Test func aBodyLargerThanItsCellIsOneWarningAtTheBody() throws {
        guard ExternalTool.require(["pdftotext"]) else { return }
        // 40 labels over two sheets, every one too wide: one warning, at the text, not 40.
        let source = """
        labels copies: 40, template: "avery-5160" {
          text "A name far too long for a label two and five eighths inches wide", fontSize: 12pt, at: (6pt, 6pt), anchor: topLeft
        }
        """
        let result = compile(source: source, path: "/mem/o.draw", format: .pdf)
        let warnings = result.diagnostics.filter { $0.id == "layout.label-larger-than-cell" }
        #expect(warnings.count == 1, "\(result.report.rendered(as: .text))")
        let text = result.report.rendered(as: .text)
        #expect(text.contains("o.draw:2:3: warning"), "at the body's node: \(text)")
        #expect(text.contains("189 × 72pt cell of 'avery-5160'"), "\(text)")
        // The output is still written (a warning), and the text really does overflow: pdftotext
        // finds its last word past the cell's right edge (3⁄16 in + 2⅝ in).
        #expect(result.succeeded)
        let folder = try TemporaryFolder()
        try OutputWriter.write(result, to: folder.file("o.pdf"))
        let words = try Self.words(folder.file("o.pdf"))
        let wide = words.first { $0.text == "wide" && $0.page == 0 }
        #expect(wide.map { $0.xMin > (0.1875 + 2.625) * 72 } == true, "\(String(describing: wide))")
        // The same block that fits gives no warning.
        let fits = compile(source: "labels copies: 40, template: \"avery-5160\" {\n  text \"Short\", at: (6pt, 6pt), anchor: topLeft\n}",
                           path: "/mem/f.draw", format: .pdf)
        #expect(fits.diagnostics.isEmpty, "\(fits.report.rendered(as: .text))")
    }
}

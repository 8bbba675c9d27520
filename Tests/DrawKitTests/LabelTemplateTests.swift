// Every built-in label template against the vendors' published numbers (the table below is
// written from the specifications cited in docs/language.md, not from Labels.swift): each
// template's first and last cell are found where the numbers say by pdftotext -bbox, and
// the sheet adds up to its page.

import DrawKit
import DrawTestSupport
import Foundation
import Testing

@Suite("Label templates")
struct LabelTemplateTests {
    /// A sheet as published: page, label size, grid, margins and pitches, in points.
    struct Published: Sendable, CustomStringConvertible {
        var name: String
        var page: (Double, Double)
        var label: (Double, Double)
        var columns: Int, rows: Int
        var left: Double, top: Double
        var pitch: (Double, Double)
        var description: String { name }
    }

    static func inch(_ name: String, _ w: Double, _ h: Double, _ c: Int, _ r: Int, left: Double, top: Double, px: Double, py: Double) -> Published {
        Published(name: name, page: (612, 792), label: (w * 72, h * 72), columns: c, rows: r, left: left * 72, top: top * 72, pitch: (px * 72, py * 72))
    }
    static func mm(_ name: String, _ w: Double, _ h: Double, _ c: Int, _ r: Int, left: Double, top: Double, px: Double, py: Double) -> Published {
        let k = 72 / 25.4
        return Published(name: name, page: (210 * k, 297 * k), label: (w * k, h * k), columns: c, rows: r, left: left * k, top: top * k, pitch: (px * k, py * k))
    }

    static let sheets: [Published] = [
        inch("avery-5160", 2.625, 1, 3, 10, left: 0.1875, top: 0.5, px: 2.75, py: 1),
        inch("avery-8160", 2.625, 1, 3, 10, left: 0.1875, top: 0.5, px: 2.75, py: 1),
        inch("avery-5161", 4, 1, 2, 10, left: 0.15625, top: 0.5, px: 4.1875, py: 1),
        inch("avery-5163", 4, 2, 2, 5, left: 0.15625, top: 0.5, px: 4.1875, py: 2),
        inch("avery-5164", 4, 3 + 1.0 / 3, 2, 3, left: 0.15625, top: 0.5, px: 4.1875, py: 3 + 1.0 / 3),
        inch("avery-5167", 1.75, 0.5, 4, 20, left: 0.28125, top: 0.5, px: 2.0625, py: 0.5),
        inch("avery-5195", 1.75, 2.0 / 3, 4, 15, left: 0.28125, top: 0.5, px: 2.0625, py: 2.0 / 3),
        inch("avery-22805", 1.5, 1.5, 4, 6, left: 0.78125, top: 0.5, px: 1.8125, py: 1.7),
        mm("avery-l7160", 63.5, 38.1, 3, 7, left: 7.25, top: 15.15, px: 66, py: 38.1),
        mm("avery-l7163", 99.1, 38.1, 2, 7, left: 4.65, top: 15.15, px: 101.6, py: 38.1),
        mm("avery-l7651", 38.1, 21.2, 5, 13, left: 4.75, top: 10.7, px: 40.6, py: 21.2),
        mm("avery-l7173", 99.1, 57, 2, 5, left: 4.65, top: 6, px: 101.6, py: 57),
        mm("a4-3x8", 70, 37, 3, 8, left: 0, top: 0.5, px: 70, py: 37),
        mm("herma-4464", 70, 37, 3, 8, left: 0, top: 0.5, px: 70, py: 37),
        mm("zweckform-3474", 70, 37, 3, 8, left: 0, top: 0.5, px: 70, py: 37),
    ]

    @Test("The published numbers add up to the page", arguments: sheets)
    func publishedSheetsFitTheirPages(_ s: Published) {
        // Symmetric margins: what is left of the page on the right and bottom equals the left
        // and top margin (within 0.3 mm, the precision the vendors publish).
        let right = s.page.0 - s.left - Double(s.columns - 1) * s.pitch.0 - s.label.0
        let bottom = s.page.1 - s.top - Double(s.rows - 1) * s.pitch.1 - s.label.1
        let tolerance = 0.3 * 72 / 25.4
        #expect(abs(right - s.left) <= tolerance, "\(s.name): right margin \(right) vs left \(s.left)")
        #expect(abs(bottom - s.top) <= tolerance, "\(s.name): bottom margin \(bottom) vs top \(s.top)")
        #expect(s.pitch.0 >= s.label.0 && s.pitch.1 >= s.label.1, "\(s.name): labels overlap")
    }

    @Test("Each template puts its cells where the vendor says", arguments: sheets)
    func templateCellsLandWherePublished(_ s: Published) throws {
        guard ExternalTool.require(["pdftotext", "pdfinfo"]) else { return }
        let count = s.columns * s.rows
        // A marker word at the top-left corner of every cell; its text says which cell.
        let source = """
        labels copies: \(count), template: "\(s.name)" {
          text "c\\(index)", at: (0, 0), anchor: topLeft, fontSize: 6pt
        }
        """
        let result = compile(source: source, path: "/mem/t.draw", format: .pdf)
        #expect(result.succeeded, "\(result.report.rendered(as: .text))")
        #expect(result.pageCount == 1, "\(s.name): exactly one sheet of \(count)")
        let folder = try TemporaryFolder()
        try OutputWriter.write(result, to: folder.file("t.pdf"))
        let info = try ExternalTool.run("pdfinfo", [folder.file("t.pdf")]).stdoutText
        let size = info.split(separator: "\n").first { $0.hasPrefix("Page size:") }.map(String.init) ?? ""
        let numbers = size.split(separator: " ").compactMap { Double($0) }
        #expect(numbers.count >= 2 && abs(numbers[0] - s.page.0) < 0.01 && abs(numbers[1] - s.page.1) < 0.01, "\(s.name): \(size)")
        let words = try LabelSheetTests.words(folder.file("t.pdf"))
        for cell in [0, s.columns - 1, count - s.columns, count - 1] {
            let x = s.left + Double(cell % s.columns) * s.pitch.0
            let y = s.top + Double(cell / s.columns) * s.pitch.1
            guard let word = words.first(where: { $0.text == "c\(cell + 1)" }) else { Issue.record("\(s.name): cell \(cell + 1) missing"); continue }
            // pdftotext's xMin is the text origin; its yMin the top of the font's box, within
            // the 6pt line below the cell's top edge.
            #expect(abs(word.xMin - x) <= 0.1 * 72 / 25.4, "\(s.name) cell \(cell + 1): x \(word.xMin) vs \(x)")
            #expect(word.yMin >= y - 0.3 && word.yMin < y + 2, "\(s.name) cell \(cell + 1): y \(word.yMin) vs \(y)")
        }
    }
}

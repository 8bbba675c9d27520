// Print-shop output, read back by independent programs: `bleed:` gives every page a TrimBox
// and a BleedBox (pdfinfo -box, for the PDF and for the PostScript through ps2pdf, which
// honours the /PAGE pdfmark), `marks: crop` draws crop marks (pdftoppm and Ghostscript
// renderings, checked pixel by pixel), and label sheets ask viewers not to scale (qpdf).

import DrawKit
import DrawTestSupport
import Foundation
import Testing

@Suite("Print shop output")
struct PrintShopTests {
    static let mm = 72 / 25.4

    /// A business card (3.5 × 2 in) with 3 mm bleed, crop marks and a dark background.
    static let card = """
    page size: (3.5in, 2in), margin: 0, bleed: 3mm, marks: crop, background: #1f3a68
    rect width: 3.5in + 6mm, height: 20pt, at: (-3mm, -3mm), anchor: topLeft, fill: gold, stroke: none
    text "ACME", at: (20pt, 60pt), anchor: topLeft, fontSize: 30pt, color: white
    """

    struct Boxes { var media, crop, bleed, trim: [Double] }

    /// The page boxes `pdfinfo -box` reports for page 1.
    static func boxes(_ pdf: String) throws -> Boxes {
        let text = try ExternalTool.run("pdfinfo", ["-box", pdf]).stdoutText
        func box(_ name: String) -> [Double] {
            guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }) else { return [] }
            return line.dropFirst(name.count + 1).split(separator: " ").compactMap { Double($0) }
        }
        return Boxes(media: box("MediaBox"), crop: box("CropBox"), bleed: box("BleedBox"), trim: box("TrimBox"))
    }

    static func expectClose(_ a: [Double], _ b: [Double], _ what: String, tolerance: Double = 0.02) {
        #expect(a.count == 4 && b.count == 4 && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }, "\(what): \(a) vs \(b)")
    }

    /// What the card's boxes must be, from the settings alone: trim 252 × 144pt, bleed 3 mm;
    /// crop marks 5 mm long starting 3 mm out (the bleed), so the sheet grows by 8 mm a side.
    static func checkCardBoxes(_ boxes: Boxes) {
        let slug = 8 * mm, bleed = 3 * mm
        expectClose(boxes.media, [0, 0, 252 + 2 * slug, 144 + 2 * slug], "MediaBox")
        expectClose(boxes.trim, [slug, slug, slug + 252, slug + 144], "TrimBox")
        expectClose(boxes.bleed, [slug - bleed, slug - bleed, slug + 252 + bleed, slug + 144 + bleed], "BleedBox")
    }

    @Test func bleedWritesTrimAndBleedBoxesInPDF() throws {
        guard ExternalTool.require(["pdfinfo", "qpdf"]) else { return }
        let result = compile(source: Self.card, path: "/mem/card.draw", format: .pdf)
        #expect(result.succeeded, "\(result.report.rendered(as: .text))")
        let folder = try TemporaryFolder()
        try OutputWriter.write(result, to: folder.file("card.pdf"))
        #expect(try ExternalTool.run("qpdf", ["--check", folder.file("card.pdf")]).status == 0)
        Self.checkCardBoxes(try Self.boxes(folder.file("card.pdf")))
    }

    @Test func bleedReachesThePDFThroughPostScriptPdfmark() throws {
        guard ExternalTool.require(["pdfinfo", "ps2pdf"]) else { return }
        let result = compile(source: Self.card, path: "/mem/card.draw", format: .ps)
        #expect(result.succeeded, "\(result.report.rendered(as: .text))")
        let folder = try TemporaryFolder()
        try OutputWriter.write(result, to: folder.file("card.ps"))
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: folder.file("card.ps"))), as: UTF8.self)
        #expect(text.contains("/PAGE pdfmark"), "the boxes are a /PAGE pdfmark")
        let run = try ExternalTool.run("ps2pdf", [folder.file("card.ps"), folder.file("card.pdf")])
        #expect(run.status == 0, "\(run.stderrText)")
        Self.checkCardBoxes(try Self.boxes(folder.file("card.pdf")))
    }

    @Test func bleedWithoutMarksGrowsTheSheetByTheBleedOnly() throws {
        guard ExternalTool.require(["pdfinfo"]) else { return }
        let source = "page size: a6, bleed: 2mm\nrect width: 20, height: 20"
        let result = compile(source: source, path: "/mem/b.draw", format: .pdf)
        #expect(result.succeeded, "\(result.report.rendered(as: .text))")
        let folder = try TemporaryFolder()
        try OutputWriter.write(result, to: folder.file("b.pdf"))
        let boxes = try Self.boxes(folder.file("b.pdf"))
        let w = 105 * Self.mm, h = 148 * Self.mm, b = 2 * Self.mm
        Self.expectClose(boxes.media, [0, 0, w + 2 * b, h + 2 * b], "MediaBox")
        Self.expectClose(boxes.bleed, [0, 0, w + 2 * b, h + 2 * b], "BleedBox")
        Self.expectClose(boxes.trim, [b, b, b + w, b + h], "TrimBox")
    }

    @Test func pagesWithoutBleedHaveNoPrintBoxes() throws {
        guard ExternalTool.require(["pdfinfo"]) else { return }
        let result = compile(source: "page size: a6\nrect width: 20, height: 20", path: "/mem/p.draw", format: .pdf)
        let folder = try TemporaryFolder()
        try OutputWriter.write(result, to: folder.file("p.pdf"))
        let boxes = try Self.boxes(folder.file("p.pdf"))
        // pdfinfo falls back to the MediaBox for boxes the page does not have.
        #expect(boxes.trim == boxes.media && boxes.bleed == boxes.media)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: folder.file("p.pdf")))
        #expect(!String(decoding: bytes, as: UTF8.self).contains("/TrimBox"))
    }

    /// Renders page 1 at 72 dpi: pdftoppm for a PDF, Ghostscript for PostScript.
    static func render(_ file: String, folder: TemporaryFolder) throws -> Raster {
        let out = folder.file("render.ppm")
        if file.hasSuffix(".pdf") {
            let run = try ExternalTool.run("pdftoppm", ["-r", "72", "-f", "1", "-l", "1", "-singlefile", file, folder.file("render")])
            #expect(run.status == 0, "\(run.stderrText)")
        } else {
            let run = try ExternalTool.run("gs", ["-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=ppmraw", "-r72",
                                                  "-sOutputFile=" + out, file])
            #expect(run.status == 0, "\(run.stderrText)")
        }
        return try #require(Raster.read(Array(try Data(contentsOf: URL(fileURLWithPath: out)))))
    }

    static func luminance(_ r: Raster, _ x: Int, _ y: Int) -> Int {
        guard x >= 0, y >= 0, x < r.width, y < r.height else { return 255 }
        let i = (y * r.width + x) * 3
        return (Int(r.pixels[i]) + Int(r.pixels[i + 1]) + Int(r.pixels[i + 2])) / 3
    }

    /// Crop marks: dark pixels in line with the trim edges in the slug, white beside them and
    /// at the sheet's corners; the background fills the bleed box and stops there.
    static func checkCropMarks(_ r: Raster) {
        let slug = 8 * mm, bleed = 3 * mm
        let trim = (x0: slug, y0: slug, x1: slug + 252, y1: slug + 144)
        func dark(_ x: Double, _ y: Double) -> Bool {
            // A 0.25pt line at 72 dpi is anti-aliased: the darkest pixel of the 3 × 3 around.
            var darkest = 255
            for dx in -1...1 { for dy in -1...1 { darkest = min(darkest, luminance(r, Int(x) + dx, Int(y) + dy)) } }
            return darkest < 200
        }
        func white(_ x: Double, _ y: Double) -> Bool { luminance(r, Int(x), Int(y)) > 245 }
        let middle = slug - bleed - 2.5 * mm  // halfway along a mark (3 mm … 8 mm out)
        for (x, y) in [(trim.x0, trim.y0), (trim.x1, trim.y0), (trim.x0, trim.y1), (trim.x1, trim.y1)] {
            let outX: Double = x == trim.x0 ? -1 : 1, outY: Double = y == trim.y0 ? -1 : 1
            // The horizontal mark in line with the edge, halfway out; the vertical one likewise.
            #expect(dark(x + outX * (slug - middle), y), "horizontal mark at (\(x), \(y))")
            #expect(dark(x, y + outY * (slug - middle)), "vertical mark at (\(x), \(y))")
            // Beside the marks (2 mm off the line, in the slug) the sheet is white.
            #expect(white(x + outX * (slug - middle), y + outY * 2 * mm + outY * 3 * mm), "no ink beside the marks at (\(x), \(y))")
        }
        #expect(white(2, 2) && white(Double(r.width - 3), Double(r.height - 3)), "sheet corners are white")
        // The background (luminance of #1f3a68 ≈ 57) reaches into the bleed and stops at it.
        #expect(luminance(r, Int(trim.x0 - bleed / 2), Int(trim.y1 + bleed / 2)) < 120, "background in the bleed")
        #expect(white(trim.x0 - bleed - 3, (trim.y0 + trim.y1) / 2), "nothing past the bleed box")
    }

    @Test func cropMarksRenderInPDFAndPostScript() throws {
        guard ExternalTool.require(["pdftoppm", "gs"]) else { return }
        let folder = try TemporaryFolder()
        for format in [OutputFormat.pdf, .ps] {
            let result = compile(source: Self.card, path: "/mem/card.draw", format: format)
            #expect(result.succeeded, "\(result.report.rendered(as: .text))")
            let file = folder.file(format == .pdf ? "card.pdf" : "card.ps")
            try OutputWriter.write(result, to: file)
            let raster = try Self.render(file, folder: folder)
            #expect(abs(Double(raster.width) - (252 + 16 * Self.mm)) <= 1, "sheet width \(raster.width)")
            Self.checkCropMarks(raster)
        }
    }

    @Test func labelSheetsAskViewersNotToScale() throws {
        guard ExternalTool.require(["qpdf"]) else { return }
        let folder = try TemporaryFolder()
        func catalog(_ source: String, _ name: String) throws -> String {
            let result = compile(source: source, path: "/mem/\(name).draw", format: .pdf)
            #expect(result.succeeded, "\(result.report.rendered(as: .text))")
            try OutputWriter.write(result, to: folder.file(name + ".pdf"))
            #expect(try ExternalTool.run("qpdf", ["--check", folder.file(name + ".pdf")]).status == 0)
            // The catalog, found through the trailer's /Root, as qpdf shows it.
            let file = folder.file(name + ".pdf")
            let trailer = try ExternalTool.run("qpdf", ["--show-object=trailer", file]).stdoutText
            let root = try #require(trailer.range(of: #"/Root (\d+) 0 R"#, options: .regularExpression).map { trailer[$0] })
            let number = root.split(separator: " ")[1]
            return try ExternalTool.run("qpdf", ["--show-object=\(number)", file]).stdoutText
        }
        let labels = try catalog("labels copies: 3, template: \"avery-5160\" {\n  text \"x\"\n}", "labels")
        #expect(labels.contains("/ViewerPreferences << /PrintScaling /None >>"), "label sheet catalog: \(labels)")
        let plain = try catalog("page size: letter\ntext \"x\"", "plain")
        #expect(plain.contains("/Type /Catalog") && !plain.contains("/PrintScaling"), "an ordinary page keeps the viewer's default: \(plain)")
    }
}

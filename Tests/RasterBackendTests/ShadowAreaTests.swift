// Issue 34, point 12: shadows drawn as images for PDF and PostScript cost their own area,
// not the page's. Before, every group was drawn into two page-sized layers (an 8,000 pt page:
// 1.98 GB for one 100 pt shadow) and a page past RasterLimits.maximumPagePixels at 144 dpi
// (9,000 pt) silently lost its shadows in PDF and PostScript.

import DrawBase
import DrawDiagnostics
import DrawKit
import DrawScene
import DrawTestSupport
import Foundation
@testable import DrawRaster
import Testing

@Suite struct ShadowAreaTests {
    static let bigPage = "page size: (9000pt, 9000pt)\nrect width: 100, height: 100, fill: white, shadow: (4, 4, 8, black)\n"

    func images(_ document: Scene.Document) -> [Scene.ImageResource] { document.images }

    @Test func aShadowOnAHugePageIsDrawnOverItsOwnArea() throws {
        let built = buildDocument(source: Array(Self.bigPage.utf8), path: "big.draw", options: CompileOptions())
        let document = try #require(built.document)
        let (lowered, warnings) = ShadowImages.lower(document)
        #expect(warnings.isEmpty)
        // 100 pt plus offset and blur (3σ = 12 pt each side) at 2 pixels per point.
        let image = try #require(lowered.images.first)
        #expect(image.pixelWidth > 200 && image.pixelWidth < 300, "\(image.pixelWidth)")
        #expect(image.pixelHeight > 200 && image.pixelHeight < 300, "\(image.pixelHeight)")
    }

    /// The PDF holds the shadow as an image of its own size (qpdf reads the dictionary).
    @Test func thePDFOfAHugePageHasTheShadowImage() throws {
        let result = compile(source: Self.bigPage, path: "big.draw", format: .pdf)
        #expect(result.diagnostics.isEmpty, "\(result.report.rendered(as: .text))")
        let pdf = try #require(result.outputs.first?.bytes)
        guard ExternalTool.require("qpdf") else { return }
        let folder = try TemporaryFolder()
        let path = folder.path + "/big.pdf"
        FileManager.default.createFile(atPath: path, contents: Data(pdf))
        let run = try ExternalTool.run("qpdf", ["--qdf", "--object-streams=disable", path, "-"])
        #expect(run.succeeded, "\(run.stderrText)")
        let text = String(decoding: run.stdout, as: UTF8.self)
        #expect(text.contains("/Subtype /Image"), "no shadow image in the PDF")
        let widths = text.split(separator: "\n").compactMap { line -> Int? in
            guard let range = line.range(of: "/Width ") else { return nil }
            return Int(line[range.upperBound...].prefix { $0.isNumber })
        }
        #expect(!widths.isEmpty && widths.allSatisfy { $0 < 300 }, "\(widths)")
    }

    /// A shadow larger than `ShadowImages.maximumPixels` (lowered here to 40,000) is drawn
    /// at a lower resolution, not left out.
    @Test func aHugeShadowIsDrawnAtALowerResolution() throws {
        let built = buildDocument(source: Array(Self.bigPage.utf8), path: "big.draw", options: CompileOptions())
        let (lowered, warnings) = ShadowImages.lower(try #require(built.document), maximumPixels: 40_000)
        #expect(warnings.isEmpty)
        let image = try #require(lowered.images.first)
        #expect(image.pixelWidth * image.pixelHeight <= 45_000, "\(image.pixelWidth) × \(image.pixelHeight)")
        #expect(image.pixelWidth > 150, "\(image.pixelWidth)")
    }

    /// A shadow whose content cannot be drawn is a warning at its node.
    @Test func aShadowThatCannotBeDrawnIsALocatedWarning() throws {
        let source = "rect width: 20, height: 20\ncircle r: 40, shadow: (4, 4, 8, black)\n"
        let bytes = Array(source.utf8)
        let built = buildDocument(source: bytes, path: "edges.draw", options: CompileOptions())
        let (lowered, warnings) = ShadowImages.lower(try #require(built.document), maximumEdges: 10)
        #expect(lowered.images.isEmpty)
        let warning = try #require(warnings.first)
        #expect(warning.id == "png.shadow-not-drawn")
        #expect(warning.message.hasPrefix("this shadow is left out: the page has more than 10 edges"))
        let item = try #require(warning.item)
        let span = try #require(sourceSpan(of: item, source: bytes, path: "edges.draw", options: CompileOptions()))
        #expect(built.sources.files[0].location(of: span.start).line == 2)
    }
}

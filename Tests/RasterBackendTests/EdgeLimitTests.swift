// Issue 34, point 16: the PNG "too many edges" error is reported at the node whose drawing
// passed the limit, not only at the page (before: no location at all).

import DrawDiagnostics
import DrawKit
import DrawScene
@testable import DrawRaster
import RasterBackend
import Testing

@Suite struct EdgeLimitTests {
    @Test func tooManyEdgesIsReportedAtTheNodeThatPassedTheLimit() throws {
        let source = "rect width: 20, height: 20\ngroup {\n  circle r: 40\n  ellipse width: 50, height: 30\n}\n"
        let bytes = Array(source.utf8)
        let built = buildDocument(source: bytes, path: "edges.draw", options: CompileOptions())
        let document = try #require(built.document)
        var options = RasterOptions()
        // The rect's fill and stroke fit; the circle's flattened outline does not.
        options.maximumEdges = 30
        let output = PNGRenderer(options: options).render(document)
        let error = try #require(output.errors.first)
        #expect(error.id == "png.too-many-edges")
        #expect(error.message == "the page has more than 30 edges to draw: lower --dpi or simplify the drawing")
        let item = try #require(error.item)
        #expect(item.page == 0)
        let span = try #require(sourceSpan(of: item, source: bytes, path: "edges.draw", options: CompileOptions()))
        let file = try #require(built.sources.files.first)
        #expect(file.location(of: span.start).line == 3, "\(item)")
        #expect(file.text(of: span).hasPrefix("circle r: 40"))
    }
}

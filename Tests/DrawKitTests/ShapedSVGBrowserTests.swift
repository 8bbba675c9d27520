// Issue 39, point 4: an SVG of shaped text — Arabic joining forms and a lam-alef ligature,
// Devanagari conjuncts and a reph — shown by headless Chromium exactly as drawc draws it.
// drawc writes a TrueType/OpenType face's glyphs as outlines, so a browser neither shapes
// nor reorders them: Chromium's screenshot of the SVG (Tests/Python/svg_screenshot.py,
// through selenium) must match drawc's own PNG of the drawing under the conformance rule
// (at most 0.1% of pixels outside the other's 3 × 3 neighbourhood by more than 48 levels).
// And the invisible text over the outlines keeps the logical text selectable.

import DrawKit
import DrawTestSupport
import Foundation
import Testing

@Suite("Shaped SVG in Chromium", .serialized)
struct ShapedSVGBrowserTests {
    static let source = """
        page size: (360pt, 150pt), margin: 12pt, background: white
        vstack spacing: 10pt, align: trailing {
          text "مكتبة المدينة، الطابق الأول", font: "/usr/share/fonts/truetype/noto/NotoNaskhArabic-Regular.ttf", fontSize: 20pt
          text "अर्जुन की पुस्तक — क्षत्रिय", font: "/usr/share/fonts/truetype/noto/NotoSansDevanagari-Regular.ttf", fontSize: 20pt
          text "Everyone is welcome — أهلا وسهلاً", font: ["/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf", "/usr/share/fonts/truetype/noto/NotoNaskhArabic-Regular.ttf"], fontSize: 14pt
        }

        """

    @Test func chromiumShowsDrawcsGlyphs() throws {
        guard ExternalTool.require(["chromium", "chromedriver"]), ExternalTool.requirePython(modules: ["selenium"]) else { return }
        let folder = Conformance.artifacts("svg-chromium-shaped")
        let path = folder + "/shaped.draw"
        let svg = compile(source: Self.source, path: path, format: .svg)
        try #require(svg.succeeded, "\(svg.report.rendered(as: .text))")
        let png = compile(source: Self.source, path: path, format: .png)
        try #require(png.succeeded, "\(png.report.rendered(as: .text))")
        let svgText = String(decoding: svg.outputs[0].bytes, as: UTF8.self)
        // Outlines, not text a browser would shape: no visible <text> with these fonts.
        #expect(svgText.contains("<use"), "the glyphs are not drawn as outlines")
        #expect(svgText.contains("مكتبة المدينة، الطابق الأول"), "the logical text is not kept for selection")
        Conformance.write(svg.outputs[0].bytes, folder + "/shaped.svg")
        Conformance.write(png.outputs[0].bytes, folder + "/drawc.png")
        let mine = try #require(Raster.read(png.outputs[0].bytes), "drawc's PNG does not decode")
        // 360 × 150 pt at 96 dpi.
        let script = Conformance.root + "/Tests/Python/svg_screenshot.py"
        let run = try ExternalTool.run("python3", [script, String(mine.width), String(mine.height),
                                                   folder + "/shaped.svg", folder + "/chromium.png"], timeout: 300)
        try #require(run.status == 0, "svg_screenshot.py: \(run.stderrText.suffix(2000))")
        let shot = try #require(FileManager.default.contents(atPath: folder + "/chromium.png"), "no screenshot")
        let theirs = try #require(Raster.read([UInt8](shot)), "Chromium's screenshot does not decode")
        #expect(mine.inkCoverage > 0.01, "drawc's PNG is blank")
        #expect(theirs.inkCoverage > 0.01, "Chromium showed nothing")
        let comparison = mine.compare(to: theirs, tolerance: Conformance.tolerance)
        if comparison.differingFraction > Conformance.maximumDifferingFraction {
            Conformance.write(comparison.differenceMap.ppm, folder + "/diff.ppm")
        }
        #expect(comparison.differingFraction <= Conformance.maximumDifferingFraction,
                "Chromium's rendering differs from drawc's PNG in \(comparison.differing) of \(comparison.compared) pixels; see \(folder)")
    }
}

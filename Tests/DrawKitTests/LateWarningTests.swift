// Warnings found only when a backend writes the document carry the source span of their
// cause: layout records where fonts, images, pages and the first transparency came from
// (`Scene.Document.causes`), and the PostScript and PNG backends report at those places.
// Ghostscript checks the PostScript is still drawn.

import DrawKit
import DrawTestSupport
import Foundation
import Testing

@Suite struct LateWarningTests {
    func approximation(_ result: CompileResult) -> DrawDiagnostic? { result.diagnostics.first { $0.id == "ps.approximation" } }

    @Test func opacityIsReportedAtTheNodeThatUsesIt() throws {
        let source = "rect width: 20, height: 20\nrect width: 20, height: 20, opacity: 50%, at: (40, 0)\n"
        let result = compile(source: source, path: "fade.draw", format: .ps)
        let warning = try #require(approximation(result), "\(result.report.rendered(as: .text))")
        #expect(warning.location?.line == 2, "\(result.report.rendered(as: .text))")
        #expect(warning.location?.column == 1)
        #expect(result.report.rendered(as: .text).hasPrefix("fade.draw:2:1: warning: postscript has no transparency"))
        let ps = try #require(result.outputs.first?.bytes)
        guard ExternalTool.require("gs") else { return }
        let run = try ExternalTool.run("gs", ["-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", "-sDEVICE=nullpage", "-"], stdin: ps)
        #expect(run.succeeded, "\(run)")
    }

    @Test func aTranslucentColourIsReportedAtItsNode() throws {
        let source = "rect width: 20, height: 20\n\ntext \"faint\", color: rgba(0, 0, 0, 40%)\n"
        let result = compile(source: source, path: "faint.draw", format: .eps)
        let warning = try #require(approximation(result))
        #expect(warning.location?.line == 3)
    }

    @Test func aTranslucentPageIsReportedAtThePageStatement() throws {
        let source = "rect width: 20, height: 20\npage size: a6, background: rgba(255, 0, 0, 50%)\n"
        let result = compile(source: source, path: "page.draw", format: .ps)
        let warning = try #require(approximation(result))
        #expect(warning.location?.line == 2)
    }

    /// Without the spans the same warning had no place: every late warning now has one.
    @Test func noLateWarningIsWithoutAPlace() {
        let source = "group opacity: 0.5 { circle r: 5 }\ntext \"x\", color: rgba(0, 0, 255, 0.5)\n"
        for format in [OutputFormat.ps, .eps] {
            let result = compile(source: source, path: "all.draw", format: format)
            #expect(!result.diagnostics.isEmpty)
            for diagnostic in result.diagnostics { #expect(diagnostic.location != nil, "\(format): \(diagnostic.message)") }
        }
    }
}

// Coordinates past the drawing's range and pages past PDF's size limit: one located error,
// the same in every format, and no output (issue 13). Before this rule PDF and SVG wrote a
// 0-pt page or a 309-digit MediaBox and PostScript clamped with a warning.

import DrawKit
import DrawTestSupport
import Testing

@Suite("Coordinate range and page size")
struct RangeLimitTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var source: String
        var id: String
        /// The text the error's span covers.
        var spanned: String
        var testDescription: String { id + ": " + spanned }
    }

    static let cases: [Case] = [
        Case(source: "path \"M -1e308 0 L 1e308 0\", stroke: black\n", id: "layout.path-data.bad-number", spanned: "-1e308"),
        Case(source: "rect width: 10, height: 10, scale: 1e308\n", id: "sem.out-of-range", spanned: "1e308"),
        Case(source: "rect width: 10, height: 10, rotate: 1e308\n", id: "sem.out-of-range", spanned: "1e308"),
        Case(source: "rect width: 1e308, height: 10\n", id: "sem.out-of-range", spanned: "1e308"),
        Case(source: "let far = 1e200\ntext \"x\", at: (far, 0)\n", id: "sem.out-of-range", spanned: "(far, 0)"),
        Case(source: "group scale: 1000 {\n  rect width: 100000, height: 10\n}\n", id: "layout.out-of-range",
             spanned: "rect width: 100000, height: 10"),
        Case(source: "path \"M 0 0 l 9e6 0 l 9e6 0\", stroke: black\n", id: "layout.out-of-range",
             spanned: "path \"M 0 0 l 9e6 0 l 9e6 0\", stroke: black"),
        Case(source: "page size: (14401, 100)\nrect width: 10, height: 10\n", id: "sem.page-too-large", spanned: "(14401, 100)"),
        Case(source: "rect width: 20000, height: 10\n", id: "layout.page-too-large", spanned: "rect width: 20000, height: 10"),
    ]

    @Test(arguments: cases, OutputFormat.allCases)
    func oneLocatedErrorInEveryFormat(_ c: Case, format: OutputFormat) throws {
        let result = compile(source: c.source, path: "range.draw", format: format)
        #expect(result.outputs.isEmpty)
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.id) == [c.id] || (errors.first?.id == c.id && errors.allSatisfy { $0.id == c.id }),
                "\(result.report.rendered(as: .text))")
        let location = try #require(errors.first?.location)
        let bytes = Array(c.source.utf8)
        let spanned = String(decoding: bytes[location.byteOffset..<location.byteOffset + location.byteLength], as: UTF8.self)
        #expect(spanned == c.spanned)
        #expect(!result.diagnostics.contains { $0.severity == .warning }, "no backend clamps with a warning")
    }

    /// The largest page PDF allows compiles, and its MediaBox says so.
    @Test func largestPageCompiles() {
        let result = compile(source: "page size: (200in, 14400pt), margin: 0\nrect width: 10, height: 10\n", path: "big.draw", format: .pdf,
                             options: CompileOptions(compressPDF: false))
        #expect(result.succeeded, "\(result.report.rendered(as: .text))")
        let text = String(decoding: result.outputs.first?.bytes ?? [], as: UTF8.self)
        #expect(text.contains("/MediaBox [0 0 14400 14400]"))
    }

    /// Coordinates inside the range stay exact (a node 9,000,000 pt away on a sized page
    /// is only a placement warning).
    @Test func inRangeCoordinatesAreKept() {
        let result = compile(source: "page size: a4\nrect at: (9e6, 0), width: 10, height: 10\n", path: "far.draw", format: .svg)
        #expect(result.succeeded, "\(result.report.rendered(as: .text))")
        #expect(result.diagnostics.map(\.id) == ["layout.outside-page"])
    }
}

/// SVG text is positioned where the metric twin kerns a pair the AFM lacks (issue 13: rsvg
/// kerned "'A" and "-T" in Nimbus Sans, so those glyphs landed off the layout's place).
@Suite("SVG text at the twins' kerning pairs")
struct TwinKerningTests {
    @Test(arguments: ["'A", "-T", "(J"])
    func pairGetsItsOwnPosition(_ pair: String) {
        let result = compile(source: "text \"x\(pair)\", fontSize: 20pt\n", path: "k.draw", format: .svg)
        let svg = String(decoding: result.outputs.first?.bytes ?? [], as: UTF8.self)
        let second = String(pair.last!)
        #expect(svg.contains("<tspan x=") && svg.contains(">\(second)</tspan>"), "\(svg)")
    }

    @Test func plainPairsRideAlong() {
        let result = compile(source: "text \"xxxx\", fontSize: 20pt\n", path: "k.draw", format: .svg)
        let svg = String(decoding: result.outputs.first?.bytes ?? [], as: UTF8.self)
        #expect(svg.contains(">xxxx</text>"), "\(svg)")
    }
}

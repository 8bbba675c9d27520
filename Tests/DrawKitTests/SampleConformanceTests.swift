// The conformance suite: every drawing in samples/ compiled to SVG, PDF and PostScript,
// each rendered by an independent program (rsvg-convert, pdftoppm, Ghostscript) at 96 dpi
// and compared pixel by pixel; the PDF checked by qpdf and its text by pdftotext; and the
// IR, SVG, uncompressed PDF and PS compared with golden files under Tests/Golden/<sample>/.
//
// Missing validators skip their checks on a developer machine and fail the run in CI (env
// CI set). Renderings and difference maps of the last run are kept in
// .build/conformance/<sample>/ for looking at.

import DrawKit
import DrawTestSupport
import Foundation
import Testing

enum Conformance {
    /// Renderings known to differ, by "sample/format/page", with the reason. The comparison
    /// of such a page runs inside `withKnownIssue`: while it differs, the difference is shown
    /// as a known issue; once it no longer differs, the run FAILS ("known issue was not
    /// recorded"), so a fixed difference cannot stay listed. Remove the entry with the fix.
    static let knownDifferences: [String: String] = [
        "typography/svg/1":
            "rsvg-convert shows Symbol and ZapfDingbats text through fontconfig with its own advances and glyph choices (board, 16:30)",
    ]

    static let root = packageRoot()
    static let samplesFolder = root + "/samples"
    static let goldenFolder = root + "/Tests/Golden"
    static let artifactsFolder = root + "/.build/conformance"

    /// The sample names (file names without `.draw`), sorted.
    static let samples: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: samplesFolder)) ?? []
        return names.filter { $0.hasSuffix(".draw") }.map { String($0.dropLast(5)) }.sorted()
    }()

    /// Rendering resolution and the comparison rule of issue 7.
    static let dpi = 96
    static let tolerance = 48
    static let maximumDifferingFraction = 0.001

    static func source(_ name: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: "\(samplesFolder)/\(name).draw") else {
            throw ConformanceError("cannot read samples/\(name).draw")
        }
        return [UInt8](data)
    }

    static func path(_ name: String) -> String { "samples/\(name).draw" }

    /// Returns true when every tool is present (DrawTestSupport's one rule: a missing tool
    /// is a recorded failure in CI and a skip elsewhere).
    static func require(_ tools: [String], sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        ExternalTool.require(tools, sourceLocation: sourceLocation)
    }

    static func artifacts(_ name: String) -> String {
        let folder = "\(artifactsFolder)/\(name)"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Hebrew, Arabic and their presentation forms: the letters poppler reorders.
    static func rightToLeft(_ s: Unicode.Scalar) -> Bool {
        (0x0590...0x08FF).contains(s.value) || (0xFB1D...0xFDFF).contains(s.value) || (0xFE70...0xFEFF).contains(s.value)
    }

    /// What poppler 22.12 does with right-to-left text (issue 39, point 7; tried on the
    /// bilingual poster and the Hebrew envelope, and read in its TextOutputDev):
    /// - `pdftotext -raw` keeps content-stream order. drawc draws every run left to right
    ///   (visual order, as the PDF shows it; mutool's text output, which applies no bidi,
    ///   gives exactly that order back), so a right-to-left line comes back with its *words in
    ///   visual order* and, within each word poppler makes, the letters reversed back to
    ///   logical order. Where poppler splits a word is its own business: a ligature standing
    ///   for two letters is spread over the glyph's width, and it starts a new word there now
    ///   and then (lam-alef in الأول and أهلا came back as three pieces). So for a page with
    ///   right-to-left text the raw check is that every character comes back, no more and no
    ///   fewer, not their order.
    /// - Plain `pdftotext` (physical layout, what copy and search in a poppler viewer read)
    ///   applies its bidi to each line and gives the *logical* text: every right-to-left
    ///   word of the drawing comes back whole, in logical order (`rightToLeftWords`), and a
    ///   right-to-left line without digits as written. (In a line mixing Arabic with digits
    ///   poppler orders the pieces by its own rule — it takes digits as left to right — so
    ///   whole lines are not compared.)
    static func rightToLeftWords(_ text: String) -> [String] {
        text.unicodeScalars.split { s in
            // Letters and marks: poppler sets a comma (U+060C) or a digit apart as a neutral.
            !(rightToLeft(s) && (s.properties.isAlphabetic || s.properties.generalCategory == .nonspacingMark))
        }.map { String(String.UnicodeScalarView($0)) }
    }

    /// `text` without white space and without the embedding controls poppler wraps
    /// right-to-left pieces in (U+202A…U+202E).
    static func letters(_ text: String) -> String {
        // Scalar by scalar: a mark after a space forms one Character with it, which
        // `Character.isWhitespace` would drop whole.
        String(String.UnicodeScalarView(text.unicodeScalars.filter { !(0x202A...0x202E).contains($0.value) && !$0.properties.isWhitespace }))
    }

    static func write(_ bytes: [UInt8], _ path: String) {
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
    }

    /// Renders page images of the files in `folder` named `prefix…` in name order.
    static func readPages(in folder: String, prefix: String) throws -> [Raster] {
        try Renderers.readPages(in: folder, prefix: prefix)
    }
}

struct ConformanceError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

@Suite("Samples")
struct SampleConformanceTests {
    @Test("there are at least twelve samples")
    func gallery() {
        #expect(Conformance.samples.count >= 12, "samples/: \(Conformance.samples)")
    }

    @Test("compiles with no diagnostic at all", arguments: Conformance.samples)
    func compilesCleanly(_ name: String) throws {
        let source = try Conformance.source(name)
        for format in OutputFormat.allCases {
            let result = compile(source: source, path: Conformance.path(name), format: format)
            // PostScript may warn that it approximates (opacity); nothing else may be said.
            let unexpected = result.diagnostics.filter { !($0.id == "ps.approximation" && (format == .ps || format == .eps)) }
            #expect(unexpected.isEmpty, "\(format): \(result.report.rendered(as: .text))")
            #expect(result.succeeded)
        }
    }

    @Test("matches its golden IR, SVG, PDF and PS", arguments: Conformance.samples)
    func golden(_ name: String) throws {
        let source = try Conformance.source(name)
        let folder = "\(Conformance.goldenFolder)/\(name)"
        var files: [(String, [UInt8])] = []

        let ir = dumpIR(source: source, path: Conformance.path(name))
        try #require(!ir.hasErrors, "\(ir.report.rendered(as: .text))")
        files.append(("\(name).ir.txt", Array((ir.text ?? "").utf8)))

        let svg = compile(source: source, path: Conformance.path(name), format: .svg)
        try #require(svg.succeeded, "\(svg.report.rendered(as: .text))")
        for file in svg.outputs { files.append((file.path(forRequestedPath: "\(name).svg"), file.bytes)) }

        // Uncompressed, so a change to a content stream shows in the diff.
        let pdf = compile(source: source, path: Conformance.path(name), format: .pdf, options: CompileOptions(compressPDF: false))
        try #require(pdf.succeeded, "\(pdf.report.rendered(as: .text))")
        files.append(("\(name).pdf", pdf.outputs[0].bytes))

        let ps = compile(source: source, path: Conformance.path(name), format: .ps)
        try #require(ps.succeeded, "\(ps.report.rendered(as: .text))")
        files.append(("\(name).ps", ps.outputs[0].bytes))

        for (file, bytes) in files {
            if let problem = GoldenFiles.check(bytes, against: "\(folder)/\(file)") {
                Issue.record(Comment(rawValue: problem))
            }
        }
    }

}

/// The slow half: every sample rendered by independent programs and checked by validators.
/// A suite of its own so `swift test --skip Conformance` gives a quick run while working;
/// CI (`.ci/run`) always runs it.
@Suite("Renderer conformance")
struct RendererConformanceTests {
    @Test("PDF passes qpdf --check and pdftotext gives back the drawing's text", arguments: Conformance.samples)
    func pdfValidates(_ name: String) throws {
        guard Conformance.require(["qpdf", "pdftotext"]) else { return }
        let source = try Conformance.source(name)
        let built = buildDocument(source: source, path: Conformance.path(name), options: CompileOptions())
        let pdf = compile(source: source, path: Conformance.path(name), format: .pdf)
        try #require(pdf.succeeded, "\(pdf.report.rendered(as: .text))")
        let folder = Conformance.artifacts(name)
        let pdfPath = "\(folder)/\(name).pdf"
        Conformance.write(pdf.outputs[0].bytes, pdfPath)

        let qpdf = try ExternalTool.run("qpdf", ["--check", pdfPath])
        #expect(qpdf.status == 0, "qpdf --check: \(qpdf.stdoutText)\(qpdf.stderrText)")
        #expect(!qpdf.stdoutText.contains("WARNING") && qpdf.stderrText.isEmpty, "qpdf --check: \(qpdf.stdoutText)\(qpdf.stderrText)")

        // Page by page, in content order (-raw), whitespace aside: every glyph back, in order,
        // and nothing else. A page with right-to-left text: every glyph back and nothing else
        // in -raw, and every right-to-left word whole in logical order in the physical
        // layout that copy and search read (`Conformance.rightToLeftWords` says why).
        for (index, texts) in built.pageTexts.enumerated() {
            let page = String(index + 1)
            let run = try ExternalTool.run("pdftotext", ["-raw", "-enc", "UTF-8", "-f", page, "-l", page, pdfPath, "-"])
            #expect(run.status == 0, "pdftotext: \(run.stderrText)")
            let expected = Conformance.letters(texts.joined())
            let actual = Conformance.letters(run.stdoutText)
            let words = texts.flatMap(Conformance.rightToLeftWords)
            guard !words.isEmpty else {
                #expect(actual == expected, "page \(page): pdftotext gave\n\(actual)\nexpected\n\(expected)")
                continue
            }
            #expect(actual.unicodeScalars.map(\.value).sorted() == expected.unicodeScalars.map(\.value).sorted(),
                    "page \(page): pdftotext -raw gave other characters\n\(actual)\nexpected (in any order)\n\(expected)")
            let layout = try ExternalTool.run("pdftotext", ["-enc", "UTF-8", "-f", page, "-l", page, pdfPath, "-"])
            #expect(layout.status == 0, "pdftotext: \(layout.stderrText)")
            let copied = String(String.UnicodeScalarView(layout.stdoutText.unicodeScalars.filter { !(0x202A...0x202E).contains($0.value) }))
            for word in words {
                #expect(copied.contains(word), "page \(page): '\(word)' does not come back whole in logical order from pdftotext:\n\(copied)")
            }
        }
    }

    @Test("SVG, PDF and PostScript render alike", arguments: Conformance.samples)
    func rendersAlike(_ name: String) throws {
        guard Conformance.require(["rsvg-convert", "pdftoppm", "gs"]) else { return }
        let source = try Conformance.source(name)
        let folder = Conformance.artifacts(name)
        for old in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where old.hasPrefix("render-") {
            try? FileManager.default.removeItem(atPath: "\(folder)/\(old)")
        }
        let built = buildDocument(source: source, path: Conformance.path(name), options: CompileOptions())
        try #require(!built.hasErrors)

        // Each format through its independent renderer (DrawTestSupport's `Renderers`, shared
        // with the paint suite): PDF by poppler and PostScript by Ghostscript, both at 4 × 96
        // dpi scaled down to 96 dpi; SVG by rsvg-convert, on white paper, one file per page.
        let pdf = compile(source: source, path: Conformance.path(name), format: .pdf)
        try #require(pdf.succeeded, "\(pdf.report.rendered(as: .text))")
        Conformance.write(pdf.outputs[0].bytes, "\(folder)/\(name).pdf")
        let pdfPages = try Renderers.poppler(pdf: "\(folder)/\(name).pdf", folder: folder, prefix: "render-pdf")

        let ps = compile(source: source, path: Conformance.path(name), format: .ps)
        try #require(ps.succeeded, "\(ps.report.rendered(as: .text))")
        Conformance.write(ps.outputs[0].bytes, "\(folder)/\(name).ps")
        let psPages = try Renderers.ghostscript(ps: "\(folder)/\(name).ps", folder: folder, prefix: "render-ps")

        let svg = compile(source: source, path: Conformance.path(name), format: .svg)
        try #require(svg.succeeded, "\(svg.report.rendered(as: .text))")
        var svgPages: [Raster] = []
        for (index, file) in svg.outputs.enumerated() {
            let svgPath = "\(folder)/\(name)-\(index + 1).svg"
            Conformance.write(file.bytes, svgPath)
            svgPages.append(try Renderers.rsvg(svg: svgPath, output: "\(folder)/render-svg-\(String(format: "%03d", index + 1)).png"))
        }
        try #require(pdfPages.count == built.pageCount, "pdftoppm made \(pdfPages.count) pages, the drawing has \(built.pageCount)")
        #expect(psPages.count == built.pageCount, "Ghostscript made \(psPages.count) pages, the drawing has \(built.pageCount)")
        #expect(svgPages.count == built.pageCount, "rsvg-convert made \(svgPages.count) pages, the drawing has \(built.pageCount)")

        for (index, reference) in pdfPages.enumerated() {
            // Each page must show something: three blank renderings agree too well.
            #expect(reference.inkCoverage > 0.001, "page \(index + 1) of the PDF rendering is blank")
            for (label, pages) in [("svg", svgPages), ("ps", psPages)] where index < pages.count {
                let comparison = pages[index].compare(to: reference, tolerance: Conformance.tolerance)
                #expect(!comparison.sizeMismatch,
                        "page \(index + 1): \(label) rendering is \(pages[index].width)×\(pages[index].height), PDF \(reference.width)×\(reference.height)")
                let percent = (comparison.differingFraction * 10000).rounded() / 100
                func compareWithinAllowance() {
                    guard comparison.differingFraction > Conformance.maximumDifferingFraction else { return }
                    let mapPath = "\(folder)/diff-\(label)-vs-pdf-\(index + 1).ppm"
                    Conformance.write(comparison.differenceMap.ppm, mapPath)
                    Issue.record(Comment(rawValue: "page \(index + 1): \(label) differs from PDF in \(comparison.differing) of \(comparison.compared) pixels (\(percent)%, allowed 0.1%); difference map: \(mapPath)"))
                }
                if let reason = Conformance.knownDifferences["\(name)/\(label)/\(index + 1)"] {
                    // Not intermittent: a known difference that went away fails the run.
                    withKnownIssue(Comment(rawValue: reason)) { compareWithinAllowance() }
                } else {
                    compareWithinAllowance()
                }
            }
        }
    }
}

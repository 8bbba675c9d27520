// Issue 17 end to end: a drawing naming CFF fonts by family ("Noto Sans CJK SC", "… JP",
// "… KR", "Nimbus Sans", "Nimbus Mono PS") compiles to PDF, PostScript and SVG that embed
// them and give their text back: pdffonts (CID Type 0C, emb/sub/uni yes), pdftotext, qpdf;
// Ghostscript renders the PostScript and ps2pdf turns it into searchable text; the SVG has the
// glyphs as cubic outlines plus the invisible selectable text. The conformance suite
// (samples/greetings.draw) compares the three renderings pixel by pixel.

import DrawKit
import DrawTestSupport
import Foundation
import Testing

@Suite
struct CFFFontTests {
    static let source = """
    page size: (320pt, 150pt), margin: 10pt
    vstack spacing: 4pt, align: leading {
      text "简体中文：你好世界", font: "Noto Sans CJK SC", fontSize: 14pt
      text "日本語：こんにちは", font: "Noto Sans CJK JP", fontSize: 14pt
      text "한국어: 안녕하세요", font: "Noto Sans CJK KR", fontSize: 14pt
      text "Nimbus Sans: Hello", font: "Nimbus Sans", fontSize: 12pt
      text "Nimbus Mono PS", font: "Nimbus Mono PS", bold: true, fontSize: 12pt
    }
    """
    static let lines = ["简体中文：你好世界", "日本語：こんにちは", "한국어: 안녕하세요", "Nimbus Sans: Hello", "Nimbus Mono PS"]

    static func requireFonts() throws {
        try #require(FileManager.default.fileExists(atPath: "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"),
                     "fonts-noto-cjk is not installed (.ci/run installs it)")
        try #require(FileManager.default.fileExists(atPath: "/usr/share/fonts/opentype/urw-base35/NimbusSans-Regular.otf"),
                     "fonts-urw-base35 is not installed (.ci/run installs it)")
    }

    static func compiled(_ format: OutputFormat) throws -> [UInt8] {
        let result = compile(source: source, path: "cff.draw", format: format)
        #expect(result.diagnostics.isEmpty, "\(result.report.rendered(as: .text))")
        try #require(result.succeeded)
        return result.outputs[0].bytes
    }

    /// pdffonts lines for the fonts: every one a CID Type 0C subset, embedded, with ToUnicode.
    static func expectCFFFonts(_ listing: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for name in ["NotoSansCJKsc-Regular", "NotoSansCJKjp-Regular", "NotoSansCJKkr-Regular", "NimbusSans-Regular", "NimbusMonoPS-Bold"] {
            let line = listing.split(separator: "\n").first { $0.contains("+\(name) ") }
            #expect(line != nil, "no subset of \(name):\n\(listing)", sourceLocation: sourceLocation)
            guard let line else { continue }
            #expect(line.contains("CID Type 0C"), "\(line)", sourceLocation: sourceLocation)
            #expect(line.contains("yes yes yes"), "emb sub uni: \(line)", sourceLocation: sourceLocation)
        }
    }

    @Test func pdfEmbedsCIDFontType0AndGivesTheTextBack() throws {
        try Self.requireFonts()
        let pdf = try Self.compiled(.pdf)
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.contains("/Subtype /CIDFontType0 "))
        #expect(text.contains("/FontFile3"))
        #expect(text.contains("/Subtype /CIDFontType0C"))
        #expect(!text.contains("/FontFile2"))
        guard ExternalTool.require(["pdffonts", "pdftotext", "qpdf"]) else { return }
        let folder = try TemporaryFolder(prefix: "cff-pdf")
        Conformance.write(pdf, folder.file("cff.pdf"))
        let check = try ExternalTool.run("qpdf", ["--check", folder.file("cff.pdf")])
        #expect(check.status == 0, "\(check.stdoutText)")
        Self.expectCFFFonts(try ExternalTool.run("pdffonts", [folder.file("cff.pdf")]).stdoutText)
        let extracted = try ExternalTool.run("pdftotext", [folder.file("cff.pdf"), "-"]).stdoutText
        for line in Self.lines { #expect(extracted.contains(line), "pdftotext: \(extracted)") }
        // Same input, same bytes.
        #expect(try Self.compiled(.pdf) == pdf)
    }

    @Test func postScriptRendersInGhostscriptAndSurvivesPS2PDF() throws {
        try Self.requireFonts()
        let ps = try Self.compiled(.ps)
        let text = String(decoding: ps, as: UTF8.self)
        #expect(text.contains("%%BeginResource: FontSet NotoSansCJKsc-Regular"))
        #expect(text.contains("/FontSetInit /ProcSet findresource begin"))
        #expect(text.contains(" Binary Bytes\n"))
        #expect(text.contains("/GlyphNames2Unicode"))
        #expect(!text.contains("drawn in Helvetica"))
        guard ExternalTool.require(["gs", "ps2pdf", "pdftotext", "pdffonts"]) else { return }
        let folder = try TemporaryFolder(prefix: "cff-ps")
        Conformance.write(ps, folder.file("cff.ps"))
        let render = try ExternalTool.run("gs", ["-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-dPDFSTOPONERROR", "-sDEVICE=pnggray", "-r72",
                                                 "-sOutputFile=" + folder.file("cff.png"), folder.file("cff.ps")])
        #expect(render.status == 0 && render.stderrText.isEmpty, "\(render.stdoutText) \(render.stderrText)")
        // Ink where the CJK lines are: the glyphs were drawn, not dropped.
        let png = try #require(FileManager.default.contents(atPath: folder.file("cff.png")).flatMap { Raster.read([UInt8]($0)) })
        var dark = 0
        for i in stride(from: 0, to: png.pixels.count, by: 3) where png.pixels[i] < 128 { dark += 1 }
        #expect(dark > 1500, "only \(dark) dark pixels")
        let converted = try ExternalTool.run("ps2pdf", [folder.file("cff.ps"), folder.file("back.pdf")])
        #expect(converted.status == 0, "\(converted.stderrText)")
        Self.expectCFFFonts(try ExternalTool.run("pdffonts", [folder.file("back.pdf")]).stdoutText)
        let extracted = try ExternalTool.run("pdftotext", [folder.file("back.pdf"), "-"]).stdoutText
        for line in Self.lines { #expect(extracted.contains(line), "pdftotext after ps2pdf: \(extracted)") }
    }

    @Test func svgDrawsCubicOutlinesWithSelectableText() throws {
        try Self.requireFonts()
        let svg = String(decoding: try Self.compiled(.svg), as: UTF8.self)
        // Glyph paths with cubic curves, used by <use>, and the text itself for selection.
        #expect(svg.contains("<path id=\"f"))
        #expect(svg.contains(" C"))
        // One invisible <text> per line (glyph by glyph in <tspan>s), holding every character.
        #expect(svg.components(separatedBy: "fill-opacity=\"0\"").count - 1 == Self.lines.count)
        for line in Self.lines {
            for ch in line where ch != " " { #expect(svg.contains(">\(ch)"), "the SVG has the text \(ch)") }
        }
        guard ExternalTool.require(["rsvg-convert"]) else { return }
        let folder = try TemporaryFolder(prefix: "cff-svg")
        Conformance.write(Array(svg.utf8), folder.file("cff.svg"))
        let render = try ExternalTool.run("rsvg-convert", [folder.file("cff.svg"), "-o", folder.file("cff.png")])
        #expect(render.status == 0, "\(render.stderrText)")
    }
}

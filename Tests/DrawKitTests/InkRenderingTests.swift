// Ink looks as the reference draws it: each recorded stroke of Tests/Ink compiled by drawc to
// SVG, PDF and PostScript, and the reference's own outline (PyPI `perfect-freehand`, through
// scripts/ink-reference.py, which also decodes the compact points string on its own) drawn
// the way the reference's renderer draws it — SVG quadratics through the midpoints — and all
// of them rendered by independent programs (rsvg-convert, pdftoppm, Ghostscript) and compared
// pixel by pixel.

import DrawKit
import DrawTestSupport
import Foundation
import Testing

@Suite struct InkRenderingTests {
    static let strokes = ["fast", "slow", "sharp-turns", "single-point", "two-points", "zero-length", "long-10000"]
    static let pageSize = (width: 800, height: 700)

    static func compact(_ name: String) throws -> String {
        let path = packageRoot() + "/Tests/Ink/\(name).points"
        return try String(contentsOfFile: path, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    static func render(svg path: String, to png: String) throws {
        let run = try ExternalTool.run("rsvg-convert", ["--dpi-x", "96", "--dpi-y", "96", "--background-color", "white",
                                                        "--format", "png", "--output", png, path])
        #expect(run.succeeded, "rsvg-convert: \(run.stderrText)")
    }

    /// Ink is written on the 1/100 pt grid wherever the stroke is placed: a stroke's path in
    /// the IR is whole hundredths of a point inside a group scaled by 1/100 from a grid point
    /// (other nodes keep four decimals).
    @Test func inkIsWrittenOnAHundredthOfAPointGrid() throws {
        let points = try Self.compact("slow")
        let source = """
            page size: (800, 700), margin: 0
            group at: (3.14159, 2.71828) {
              stroke points: "\(points)", width: 7, color: black
            }
            circle r: 3.33333, at: (10, 10)

            """
        let result = dumpIR(source: source, path: "ink-grid.draw")
        let text = try #require(result.text, "\(result.diagnostics.map(\.message))")
        let lines = text.split(separator: "\n")
        let fill = try #require(lines.firstIndex { $0.contains("path fill #000000") })
        let group = lines[fill - 1].trimmingCharacters(in: .whitespaces)
        #expect(group.hasPrefix("group transform [0.01 0 0 0.01 "), "\(group)")
        // The transform's last two numbers (the line goes on with the group's ink).
        let matrix = try #require(group.split(separator: "[").dropFirst().first?.split(separator: "]").first)
        let corner = matrix.split(separator: " ").suffix(2).map(String.init)
        #expect(corner.count == 2 && corner.allSatisfy { ($0.split(separator: ".").dropFirst().first?.count ?? 0) <= 2 }, "\(corner)")
        let numbers = lines[fill + 1].split(separator: " ").filter { $0.first?.isNumber == true || $0.first == "-" }
        #expect(numbers.count > 1000)
        let notWhole = numbers.filter { $0.contains(".") || $0.hasPrefix("-") }
        #expect(notWhole.isEmpty, "\(notWhole.prefix(5)) are not whole hundredths ≥ 0")
        #expect(text.contains("3.3333"), "the circle keeps its four decimals")
    }

    @Test(arguments: strokes)
    func drawcInkLooksLikeTheReferenceRenderersInEveryFormat(_ name: String) throws {
        guard ExternalTool.require("rsvg-convert", "pdftoppm", "gs"),
              ExternalTool.requirePython(modules: ["perfect_freehand"]) else { return }
        let points = try Self.compact(name)
        let options = #"{"width": 10, "thinning": 0.6}"#
        let source = """
            page size: (\(Self.pageSize.width), \(Self.pageSize.height)), margin: 0, background: white
            stroke points: "\(points)", width: 10, thinning: 0.6, color: black

            """
        // The reference's drawing of the same stroke.
        let request = "[{\"compact\": \"\(points)\", \"options\": \(options)}]"
        let script = packageRoot() + "/scripts/ink-reference.py"
        let run = try ExternalTool.run("python3", [script, "--svg"], stdin: Array(request.utf8), timeout: 300)
        try #require(run.succeeded, "ink-reference.py: \(run.stderrText)")
        let paths = try JSONSerialization.jsonObject(with: Data(run.stdout)) as? [String]
        let d = try #require(paths?.first)
        let folder = try TemporaryFolder(prefix: "ink-\(name)")
        let referenceSVG = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Self.pageSize.width)pt" height="\(Self.pageSize.height)pt" \
            viewBox="0 0 \(Self.pageSize.width) \(Self.pageSize.height)"><path d="\(d)" fill="black"/></svg>
            """
        FileManager.default.createFile(atPath: folder.file("reference.svg"), contents: Data(referenceSVG.utf8))
        try Self.render(svg: folder.file("reference.svg"), to: folder.file("reference.png"))

        // drawc in all three formats.
        let svg = compile(source: Array(source.utf8), path: "ink-\(name).draw", format: .svg)
        try #require(svg.succeeded, "\(svg.report.rendered(as: .text))")
        FileManager.default.createFile(atPath: folder.file("drawc.svg"), contents: Data(svg.outputs[0].bytes))
        try Self.render(svg: folder.file("drawc.svg"), to: folder.file("svg.png"))
        let pdf = compile(source: Array(source.utf8), path: "ink-\(name).draw", format: .pdf)
        try #require(pdf.succeeded)
        FileManager.default.createFile(atPath: folder.file("drawc.pdf"), contents: Data(pdf.outputs[0].bytes))
        let poppler = try ExternalTool.run("pdftoppm", ["-r", "96", "-png", "-singlefile", folder.file("drawc.pdf"), folder.file("pdf")])
        #expect(poppler.succeeded, "pdftoppm: \(poppler.stderrText)")
        let ps = compile(source: Array(source.utf8), path: "ink-\(name).draw", format: .ps)
        try #require(ps.succeeded)
        FileManager.default.createFile(atPath: folder.file("drawc.ps"), contents: Data(ps.outputs[0].bytes))
        let gs = try ExternalTool.run("gs", ["-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=png16m", "-r96",
                                             "-dTextAlphaBits=4", "-dGraphicsAlphaBits=4",
                                             "-sOutputFile=\(folder.file("ps.png"))", folder.file("drawc.ps")])
        #expect(gs.succeeded, "gs: \(gs.stderrText)")

        func raster(_ file: String) throws -> Raster {
            let data = try #require(FileManager.default.contents(atPath: folder.file(file)), "no \(file)")
            return try #require(Raster.read([UInt8](data)), "\(file) does not decode")
        }
        let reference = try raster("reference.png")
        #expect(reference.inkCoverage > 0.00001, "the reference drew nothing")
        for file in ["svg.png", "pdf.png", "ps.png"] {
            let ours = try raster(file)
            let comparison = ours.compare(to: reference, tolerance: 48)
            #expect(!comparison.sizeMismatch, "\(file): \(ours.width)×\(ours.height) vs \(reference.width)×\(reference.height)")
            #expect(comparison.differing <= max(4, comparison.compared / 2000),
                    "\(name) \(file): \(comparison.differing) of \(comparison.compared) pixels differ from the reference's drawing")
        }
    }
}

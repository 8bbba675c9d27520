// How page content streams are compressed (docs/pdf.md, "Compression of content streams"):
// a stream past one piece is coded by drawc's own encoder with Huffman codes only when its
// first 32 KiB come out no larger that way (ink: computed whole hundredths), else with its
// greedy matcher (shapes, text, modules). Read back by qpdf, which checks the file and
// inflates the page's stream with its own zlib: the same bytes as drawc's uncompressed
// stream; and rendered by poppler, MuPDF and Ghostscript, each with its own inflate: the
// same pixels as the uncompressed file.

import DrawBase
import DrawOutput
import DrawScene
import DrawTestSupport
import Foundation
import Testing
@testable import PDFBackend

@Suite struct ContentCompressionTests {
    /// A page of ink-like paths: cubics through random whole hundredths inside groups scaled
    /// by 1/100, as layout draws a `stroke` (the numbers hardly ever repeat).
    static func inkPage(strokes: Int) -> Scene.Page {
        var state: UInt64 = 0x1234_5678_9ABC_DEF1
        func next(_ bound: UInt64) -> Double {
            state ^= state << 13; state ^= state >> 7; state ^= state << 17
            return Double(state % bound)
        }
        var items: [Scene.Item] = []
        for _ in 0..<strokes {
            var verbs: [Scene.PathVerb] = [.move]
            var points = [Point(next(30_000), next(30_000))]
            for _ in 0..<240 {
                verbs.append(.cubic)
                for _ in 0..<3 { points.append(Point(next(30_000), next(30_000))) }
            }
            verbs.append(.close)
            let path = Scene.Path(verbs: verbs, points: points)
            let transform = Transform(a: 0.01, b: 0, c: 0, d: 0.01, e: next(50_000) / 100, f: next(50_000) / 100)
            items.append(.group(Scene.Group(transform: transform, items: [.path(path, Paint(fill: Fill(color: .black)))])))
        }
        return Scene.Page(size: Size(800, 800), items: items)
    }

    /// A page of rectangles on a grid, each with its own fill: operators and numbers repeat.
    static func shapesPage(count: Int) -> Scene.Page {
        var items: [Scene.Item] = []
        for i in 0..<count {
            var path = Scene.PathBuilder()
            path.addRect(Rect(x: Double(i % 20) * 40, y: Double(i / 20 % 20) * 40, width: 30, height: 20))
            let color = Color(r: UInt8(i % 256), g: UInt8(i / 7 % 256), b: 128)
            items.append(.path(path.finish()!, Paint(fill: Fill(color: color), stroke: Stroke(color: .black, width: 1))))
        }
        return Scene.Page(size: Size(800, 800), items: items)
    }

    /// A page of QR-like symbols: each one path of module rectangles on a grid (`re` runs),
    /// as barcodes draw them.
    static func modulesPage(symbols: Int) -> Scene.Page {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        var items: [Scene.Item] = []
        for s in 0..<symbols {
            var path = Scene.PathBuilder()
            let x0 = Double(s % 10) * 78 + 10, y0 = Double(s / 10 % 10) * 78 + 10
            for row in 0..<57 {
                var column = 0
                while column < 57 {
                    state ^= state << 13; state ^= state >> 7; state ^= state << 17
                    let run = Int(state % 4) + 1
                    if state & 0x100 != 0 {
                        path.addRect(Rect(x: x0 + Double(column) * 1.2, y: y0 + Double(row) * 1.2, width: Double(min(run, 57 - column)) * 1.2, height: 1.2))
                    }
                    column += run
                }
            }
            items.append(.path(path.finish()!, Paint(fill: Fill(color: .black))))
        }
        return Scene.Page(size: Size(800, 800), items: items)
    }

    static func page(_ kind: String) -> Scene.Page {
        switch kind {
        case "ink": inkPage(strokes: 80)
        case "shapes": shapesPage(count: 16000)
        default: modulesPage(symbols: 100)
        }
    }

    /// Compressed and not, the pages look the same to poppler, MuPDF and Ghostscript, each
    /// of which inflates the streams itself.
    @Test(arguments: ["ink", "modules"])
    func compressedPagesRenderAsTheUncompressedOnes(_ kind: String) throws {
        let document = Scene.Document(pages: [Self.page(kind)])
        let directory = temporaryDirectory("render-\(kind)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let packed = directory.appendingPathComponent("packed.pdf"), plain = directory.appendingPathComponent("plain.pdf")
        let bytes = PDFWriter.render(document)
        try Data(bytes).write(to: packed)
        try Data(PDFWriter.render(document, options: PDFOptions(compress: false))).write(to: plain)
        #expect(bytes.count < 600_000 || kind != "modules")
        guard DrawTestSupport.ExternalTool.require(["qpdf", "pdftoppm", "mutool", "gs"]) else { return }
        let check = try DrawTestSupport.ExternalTool.run("qpdf", ["--check", packed.path])
        #expect(check.status == 0 && !check.stdoutText.contains("WARNING"), "qpdf: \(check.stdoutText) \(check.stderrText)")
        func render(_ tool: String, _ file: URL) throws -> Raster? {
            let output = file.deletingPathExtension().path + "-" + tool + ".png"
            let run: ToolRun
            switch tool {
            case "pdftoppm": run = try DrawTestSupport.ExternalTool.run("pdftoppm", ["-r", "30", "-png", "-singlefile", file.path, String(output.dropLast(4))])
            case "mutool": run = try DrawTestSupport.ExternalTool.run("mutool", ["draw", "-q", "-r", "30", "-o", output, file.path])
            default: run = try DrawTestSupport.ExternalTool.run("gs", ["-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=png16m", "-r30", "-sOutputFile=\(output)", file.path])
            }
            #expect(run.status == 0, "\(tool): \(run.stderrText)")
            guard let data = FileManager.default.contents(atPath: output) else { return nil }
            return Raster.read([UInt8](data))
        }
        for tool in ["pdftoppm", "mutool", "gs"] {
            let a = try #require(try render(tool, packed), "\(tool) rendered nothing")
            let b = try #require(try render(tool, plain))
            #expect(a.width == b.width && a.height == b.height && a.pixels == b.pixels, "\(kind): \(tool) draws the compressed page differently")
            // And the page is not blank.
            #expect(a.pixels.contains { $0 < 128 }, "\(kind): \(tool) drew nothing")
        }
    }

    /// The bytes of object 5's stream (the first page's content) as written.
    static func contentStream(_ pdf: [UInt8]) -> [UInt8]? {
        func find(_ pattern: String, from start: Int) -> Int? {
            let p = Array(pattern.utf8)
            guard pdf.count >= p.count else { return nil }
            var i = start
            while i + p.count <= pdf.count {
                if pdf[i] == p[0] && Array(pdf[i..<i + p.count]) == p { return i }
                i += 1
            }
            return nil
        }
        guard let object = find("\n5 0 obj", from: 0), let length = find("/Length ", from: object),
              let start = find(">>\nstream\n", from: object) else { return nil }
        var count = 0, i = length + 8
        while pdf[i] >= 0x30 && pdf[i] <= 0x39 { count = count * 10 + Int(pdf[i] - 0x30); i += 1 }
        let offset = start + 10
        return Array(pdf[offset..<offset + count])
    }

    @Test(arguments: [("ink", Deflate.Strategy.huffman), ("shapes", .greedy), ("modules", .greedy)])
    func bigStreamsAreCodedTheWayTheirStartComesOutSmaller(_ kind: String, _ expected: Deflate.Strategy) throws {
        let page = Self.page(kind)
        let document = Scene.Document(pages: [page])
        let raw = try #require(Self.contentStream(PDFWriter.render(document, options: PDFOptions(compress: false))))
        #expect(raw.count > 2 * Deflate.chunkSize, "\(kind): \(raw.count) bytes is not a stream of several pieces")
        #expect(ContentCompression.strategy(sample: raw.prefix(ContentCompression.sampleSize)) == expected)

        let pdf = PDFWriter.render(document)
        let packed = try #require(Self.contentStream(pdf))
        // The policy: exactly the pieces of the chosen strategy …
        #expect(packed == Deflate.compress(raw, level: 1, strategy: expected), "\(kind)")
        // … which is the smaller of the two for the whole stream too.
        let other: Deflate.Strategy = expected == .huffman ? .greedy : .huffman
        let alternative = Deflate.compress(raw, level: 1, strategy: other)
        #expect(packed.count < alternative.count, "\(kind): \(packed.count) bytes, \(alternative.count) the other way")

        // qpdf: a valid file, and its own inflate gives back the uncompressed stream.
        let directory = temporaryDirectory("compression-\(kind)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("\(kind).pdf")
        try Data(pdf).write(to: file)
        guard DrawTestSupport.ExternalTool.require(["qpdf"]) else { return }
        let check = try DrawTestSupport.ExternalTool.run("qpdf", ["--check", file.path])
        #expect(check.status == 0 && !check.stdoutText.contains("WARNING"), "qpdf: \(check.stdoutText) \(check.stderrText)")
        let decoded = try DrawTestSupport.ExternalTool.run("qpdf", ["--show-object=5", "--filtered-stream-data", file.path])
        #expect(decoded.status == 0)
        #expect(decoded.stdout == raw, "\(kind): qpdf's inflate differs from the uncompressed stream")
    }

    @Test func smallStreamsAreNotSampled() throws {
        // Under one piece: compressed as before, whole at level 6 up to 64 KiB.
        let document = Scene.Document(pages: [Self.inkPage(strokes: 5)])
        let raw = try #require(Self.contentStream(PDFWriter.render(document, options: PDFOptions(compress: false))))
        #expect(raw.count < Deflate.wholeLimit)
        #expect(try #require(Self.contentStream(PDFWriter.render(document))) == Deflate.compress(raw))
    }
}

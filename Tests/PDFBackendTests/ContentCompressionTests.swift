// How page content streams are compressed (docs/pdf.md, "Compression of content streams"):
// a stream past one piece is coded with Huffman codes only when its first 32 KiB come out no
// larger that way (ink: computed whole hundredths), else with level 1's matcher (shapes,
// text, modules). Read back by qpdf, which checks the file and inflates the page's stream
// with its own zlib: the same bytes as drawc's uncompressed stream.

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

    @Test(arguments: [("ink", Deflate.Strategy.huffman), ("shapes", .standard)])
    func bigStreamsAreCodedTheWayTheirStartComesOutSmaller(_ kind: String, _ expected: Deflate.Strategy) throws {
        let page = kind == "ink" ? Self.inkPage(strokes: 80) : Self.shapesPage(count: 16000)
        let document = Scene.Document(pages: [page])
        let raw = try #require(Self.contentStream(PDFWriter.render(document, options: PDFOptions(compress: false))))
        #expect(raw.count > 2 * Deflate.chunkSize, "\(kind): \(raw.count) bytes is not a stream of several pieces")
        #expect(ContentCompression.strategy(sample: raw.prefix(ContentCompression.sampleSize)) == expected)

        let pdf = PDFWriter.render(document)
        let packed = try #require(Self.contentStream(pdf))
        // The policy: exactly the pieces of the chosen strategy at level 1 …
        #expect(packed == Deflate.compress(raw, level: 1, strategy: expected), "\(kind)")
        // … which is the smaller of the two for the whole stream too.
        let other: Deflate.Strategy = expected == .huffman ? .standard : .huffman
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

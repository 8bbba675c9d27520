import DrawBase
import DrawFonts
import DrawImages
import DrawOutput
import DrawScene
import DrawTestSupport
import Foundation
import Testing
@testable import PDFBackend

// MARK: golden files and validators, per sample

@Suite struct SampleTests {
    static let goldenDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// Uncompressed output equals the reviewed golden file; DRAWC_UPDATE_GOLDEN=1 rewrites
    /// the file and fails, so recording never passes silently.
    @Test(arguments: Samples.all)
    func matchesGolden(_ sample: Sample) throws {
        let bytes = PDFWriter.render(sample.document, options: PDFOptions(compress: false))
        GoldenFiles.expect(bytes, matches: Self.goldenDirectory.appendingPathComponent(sample.name + ".pdf").path)
    }

    @Test(arguments: Samples.all)
    func passesQPDFCheck(_ sample: Sample) throws {
        let directory = temporaryDirectory("qpdf-\(sample.name)")
        for compress in [false, true] {
            let url = directory.appendingPathComponent("\(sample.name)-\(compress).pdf")
            try Data(PDFWriter.render(sample.document, options: PDFOptions(compress: compress))).write(to: url)
            guard let result = ExternalTool.run("qpdf", ["--check", url.path]) else { return }
            #expect(result.status == 0, "qpdf --check failed: \(result.stdout) \(result.stderr)")
            #expect(!result.stdout.contains("WARNING") && result.stderr.isEmpty, "qpdf warnings: \(result.stdout) \(result.stderr)")
            #expect(result.stdout.contains("No syntax or stream encoding errors found"))
        }
    }

    @Test(arguments: Samples.all)
    func pdftotextReturnsTheText(_ sample: Sample) throws {
        let url = temporaryDirectory("text-\(sample.name)").appendingPathComponent("out.pdf")
        try Data(PDFWriter.render(sample.document, options: PDFOptions())).write(to: url)
        guard let result = ExternalTool.run("pdftotext", ["-enc", "UTF-8", url.path, "-"]) else { return }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "pdftotext complained: \(result.stderr)")
        let pages = result.stdout.split(separator: "\u{0C}", omittingEmptySubsequences: false)
        guard let expectedPages = sample.text else { return }
        for (index, expected) in expectedPages.enumerated() {
            let page = index < pages.count ? String(pages[index]) : ""
            let lines = page.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            #expect(lines == expected, "page \(index + 1)")
        }
    }

    @Test(arguments: Samples.all)
    func pdffontsListsTheFonts(_ sample: Sample) throws {
        let url = temporaryDirectory("fonts-\(sample.name)").appendingPathComponent("out.pdf")
        try Data(PDFWriter.render(sample.document, options: PDFOptions())).write(to: url)
        guard let result = ExternalTool.run("pdffonts", [url.path]) else { return }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "pdffonts complained: \(result.stderr)")
        // Skip the two header lines; the first column is the name.
        let lines = result.stdout.split(separator: "\n").dropFirst(2)
        #expect(lines.count == sample.fonts.count)
        for (line, expected) in zip(lines, sample.fonts) {
            let columns = line.split(separator: " ")
            let name = String(columns[0])
            if expected.hasPrefix("+") {
                // An embedded subset: ABCDEF+Name, CID TrueType, emb/sub/uni all yes.
                #expect(name.count == 7 + expected.count - 1 && name.hasSuffix(expected), "\(line)")
                #expect(name.prefix(6).allSatisfy { $0.isUppercase && $0.isASCII }, "\(line)")
                #expect(line.contains("CID TrueType") && line.contains("Identity-H"), "\(line)")
                #expect(Array(columns.suffix(5).prefix(3)) == ["yes", "yes", "yes"], "\(line)")
            } else {
                #expect(name == expected)
                #expect(line.contains("Type 1"), "\(line)")
            }
        }
    }

    /// Every page renders without complaint; the PNGs are kept in the temporary directory
    /// for looking at (DRAWC_KEEP_RENDERINGS=DIR copies them there).
    @Test(arguments: Samples.all)
    func pdftoppmRendersEveryPage(_ sample: Sample) throws {
        let directory = temporaryDirectory("render-\(sample.name)")
        let url = directory.appendingPathComponent("out.pdf")
        try Data(PDFWriter.render(sample.document, options: PDFOptions())).write(to: url)
        guard let result = ExternalTool.run("pdftoppm", ["-r", "144", "-png", url.path, directory.appendingPathComponent("page").path])
        else { return }
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty, "pdftoppm complained: \(result.stderr)")
        let pngs = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".png") }.sorted()
        #expect(pngs.count == sample.document.pages.count)
        if let keep = ProcessInfo.processInfo.environment["DRAWC_KEEP_RENDERINGS"] {
            try? FileManager.default.createDirectory(atPath: keep, withIntermediateDirectories: true)
            for png in pngs {
                let target = URL(fileURLWithPath: keep).appendingPathComponent("\(sample.name)-\(png)")
                try? FileManager.default.removeItem(at: target)
                try FileManager.default.copyItem(at: directory.appendingPathComponent(png), to: target)
            }
        }
    }

    /// An independent reader (MuPDF) finds every glyph exactly where the IR put it: the TJ
    /// adjustments and /Widths together reproduce layout's positions, kerning included.
    @Test(arguments: [Samples.text, Samples.trueType])
    func mupdfFindsGlyphsAtTheirPositions(_ sample: Sample) throws {
        let url = temporaryDirectory("stext-\(sample.name)").appendingPathComponent("out.pdf")
        try Data(PDFWriter.render(sample.document, options: PDFOptions())).write(to: url)
        guard let result = ExternalTool.run("mutool", ["draw", "-F", "stext", "-o", "-", url.path]) else { return }
        #expect(result.status == 0)
        var found: [(x: Double, y: Double)] = []
        // First page only.
        let firstPage = result.stdout.components(separatedBy: "</page>")[0]
        for line in firstPage.split(separator: "\n") where line.hasPrefix("<char ") {
            func attribute(_ name: String) -> Double? {
                guard let start = line.range(of: " \(name)=\"") else { return nil }
                let rest = line[start.upperBound...]
                return Double(rest.prefix { $0 != "\"" })
            }
            if let x = attribute("x"), let y = attribute("y") { found.append((x, y)) }
        }
        var expected: [(x: Double, y: Double)] = []
        // Groups in these samples only translate, so a glyph's origin maps through them.
        var stack: [([Scene.Item], Transform)] = [(sample.document.pages[0].items, .identity)]
        while let (items, transform) = stack.popLast() {
            for item in items {
                switch item {
                case .text(let run):
                    for glyph in run.glyphs {
                        let p = transform.apply(Point(run.origin.x + glyph.x, run.origin.y))
                        expected.append((p.x, p.y))
                    }
                case .group(let group): stack.append((group.items, group.transform.then(transform)))
                default: break
                }
            }
        }
        #expect(found.count == expected.count)
        // Compare as sorted sets: MuPDF may group runs on one baseline into one line.
        let order: ((x: Double, y: Double), (x: Double, y: Double)) -> Bool = { $0.y != $1.y ? $0.y < $1.y : $0.x < $1.x }
        for (f, e) in zip(found.sorted(by: order), expected.sorted(by: order)) {
            #expect(abs(f.x - e.x) < 0.001 && abs(f.y - e.y) < 0.001, "glyph at \(f), expected \(e)")
        }
    }

    @Test(arguments: Samples.all)
    func sameInputSameBytes(_ sample: Sample) {
        for compress in [false, true] {
            let options = PDFOptions(compress: compress, sourceDateEpoch: 1_700_000_000)
            #expect(PDFWriter.render(sample.document, options: options) == PDFWriter.render(sample.document, options: options))
        }
    }

    /// Each xref entry points at its `n 0 obj` line (qpdf would repair a wrong one silently
    /// in some modes; this checks the numbers themselves).
    @Test(arguments: Samples.all)
    func crossReferenceOffsetsAreExact(_ sample: Sample) throws {
        let bytes = PDFWriter.render(sample.document, options: PDFOptions(compress: true))
        let text = String(decoding: bytes, as: UTF8.self)
        let tail = String(decoding: bytes.suffix(40), as: UTF8.self)
        let startxref = try #require(tail.split(separator: "\n").dropLast().last.flatMap { Int($0) })
        let xrefText = String(decoding: bytes[startxref...], as: UTF8.self)
        #expect(xrefText.hasPrefix("xref\n0 "))
        let lines = xrefText.split(separator: "\n")
        let count = try #require(Int(lines[1].split(separator: " ")[1]))
        for number in 1..<count {
            let entry = lines[2 + number]
            #expect(entry.count == 19, "entry \(number) is not 20 bytes with its EOL")
            let offset = try #require(Int(entry.prefix(10)))
            let objectHeader = Array("\(number) 0 obj\n".utf8)
            #expect(Array(bytes[offset..<offset + objectHeader.count]) == objectHeader, "object \(number)")
        }
        _ = text
    }
}

// MARK: structure

@Suite struct StructureTests {
    func render(_ document: Scene.Document, compress: Bool = false, epoch: Int? = nil) -> String {
        String(decoding: PDFWriter.render(document, options: PDFOptions(compress: compress, sourceDateEpoch: epoch)), as: UTF8.self)
    }

    @Test func headerHasBinaryCommentLine() {
        let bytes = PDFWriter.render(Samples.empty.document, options: PDFOptions())
        #expect(Array(bytes.prefix(15)) == Array("%PDF-1.7\n%".utf8) + [0xE2, 0xE3, 0xCF, 0xD3, 0x0A])
        #expect(bytes.suffix(6) == Array("%%EOF\n".utf8)[...])
    }

    @Test func infoDictionary() {
        let plain = render(Samples.paths.document)
        #expect(plain.contains("/Producer (drawc) /Title (paths)"))
        #expect(!plain.contains("/CreationDate"))
        let dated = render(Samples.paths.document, epoch: 1_700_000_000)
        #expect(dated.contains("/CreationDate (D:20231114221320Z)"))
        // A non-ASCII title is UTF-16BE with a byte order mark.
        #expect(render(Samples.pages.document).contains("/Title <FEFF0050006100670065007300202014"))
    }

    @Test func identifierIsTheBodyHash() throws {
        let bytes = PDFWriter.render(Samples.text.document, options: PDFOptions(compress: false))
        let text = String(decoding: bytes, as: UTF8.self)
        let (hex, summarized) = try Self.expectedIdentifier(bytes)
        #expect(summarized == 0)
        #expect(text.contains("/ID [<\(hex)> <\(hex)>]"))
        // A different document has a different identifier.
        let other = String(decoding: PDFWriter.render(Samples.paths.document, options: PDFOptions()), as: UTF8.self)
        #expect(!other.contains(hex))
    }

    /// A large content stream is hashed as its length and checksum, compressed or not; a
    /// change inside it still changes the identifier.
    @Test(arguments: [true, false]) func identifierSummarizesLargeStreams(compress: Bool) throws {
        func page(_ shade: Double) -> Scene.Document {
            var builder = Scene.PathBuilder()
            for i in 0..<2000 { builder.addRect(Rect(x: Double(i % 50) * 7.25, y: Double(i / 50) * 9.5, width: 3.125, height: 4.75)) }
            let rects = Scene.Item.path(builder.finish()!, Paint(fill: Fill(color: Color(red: shade, green: 0.2, blue: 0.1))))
            return Scene.Document(pages: [Scene.Page(size: Size(width: 400, height: 400), items: [rects])])
        }
        let bytes = PDFWriter.render(page(0.5), options: PDFOptions(compress: compress))
        let (hex, summarized) = try Self.expectedIdentifier(bytes)
        #expect(summarized == 1)
        #expect(String(decoding: bytes, as: UTF8.self).contains("/ID [<\(hex)> <\(hex)>]"))
        let changed = PDFWriter.render(page(0.25), options: PDFOptions(compress: compress))
        #expect(!String(decoding: changed, as: UTF8.self).contains(hex))
    }

    /// The identifier as docs/pdf.md defines it, computed from the file's bytes: every byte
    /// before `xref`, each stream payload of 4 KiB or more replaced by its length and
    /// Adler-32 (from the zlib trailer when the stream is Flate-coded), hashed with MD5.
    static func expectedIdentifier(_ bytes: [UInt8]) throws -> (hex: String, summarized: Int) {
        func find(_ needle: String, from: Int, to end: Int, last: Bool = false) -> Int? {
            let n = Array(needle.utf8)
            let starts = stride(from: from, through: end - n.count, by: 1)
            let hit = { (i: Int) in bytes[i] == n[0] && Array(bytes[i..<i + n.count]) == n }
            return last ? starts.reversed().first(where: hit) : starts.first(where: hit)
        }
        let bodyLength = try #require(find("xref\n0 ", from: 0, to: bytes.count, last: true))
        var input: [UInt8] = []
        var start = 0, searchFrom = 0, summarized = 0
        // Each stream: a dictionary after `n 0 obj` with `/Length n`, then `>>\nstream\n` and n bytes.
        while let open = find(">>\nstream\n", from: searchFrom, to: bodyLength) {
            let payloadStart = open + ">>\nstream\n".utf8.count
            let object = try #require(find(" 0 obj\n", from: 0, to: open, last: true))
            let dictionary = String(decoding: bytes[object..<open], as: UTF8.self)
            let lengthText = try #require(dictionary.components(separatedBy: "/Length ").last?.prefix { $0.isNumber })
            let length = try #require(Int(lengthText))
            searchFrom = payloadStart + length
            guard length >= 4096 else { continue }
            let payload = bytes[payloadStart..<payloadStart + length]
            let checksum: UInt32 = dictionary.contains("/Filter /FlateDecode")
                ? payload.suffix(4).reduce(0) { $0 << 8 | UInt32($1) }
                : { var a: UInt32 = 1, b: UInt32 = 0; for byte in payload { a = (a + UInt32(byte)) % 65521; b = (b + a) % 65521 }; return b << 16 | a }()
            input += bytes[start..<payloadStart]
            withUnsafeBytes(of: UInt64(length).littleEndian) { input += $0 }
            withUnsafeBytes(of: checksum.bigEndian) { input += $0 }
            start = payloadStart + length
            summarized += 1
        }
        input += bytes[start..<bodyLength]
        return (md5(input).map { String($0, radix: 16, uppercase: true).leftPadded(2) }.joined(), summarized)
    }

    @Test func sharedResourcesAreWrittenOnce() {
        let pdf = render(Samples.pages.document)
        // Helvetica is used on two pages, Courier on two: one font object each.
        #expect(pdf.components(separatedBy: "/BaseFont /Helvetica").count == 2)
        #expect(pdf.components(separatedBy: "/BaseFont /Courier").count == 2)
        let images = render(Samples.images.document)
        // Image 0 is drawn twice: one XObject. Twelve decodable images, five with soft masks,
        // the damaged one left out.
        #expect(images.components(separatedBy: "/Subtype /Image").count - 1 == 12 + 5)
        let transparency = render(Samples.transparency.document)
        // alpha 0.5 (fill), 0.3 (stroke), 0.75/0.5 (fill+stroke), 0.5 both (groups), 0.8 both: shared.
        let states = transparency.components(separatedBy: "/Type /ExtGState").count - 1
        let uses = transparency.components(separatedBy: " gs\n").count - 1
        #expect(states < uses)
    }

    @Test func contentStreamsAreCompressedByDefault() {
        let compressed = render(Samples.text.document, compress: true)
        #expect(compressed.contains("/Filter /FlateDecode"))
        #expect(!compressed.contains(" TJ\n"))
        let plain = render(Samples.text.document)
        #expect(!plain.contains("/FlateDecode"))
        #expect(plain.contains("TJ\n"))
    }

    @Test func groupOpacityUsesATransparencyGroupOnlyWhenChildrenCanOverlap() {
        let pdf = render(Samples.transparency.document)
        // Four groups with several children (one nested in another's form): four forms;
        // the single-child group is folded into its child's alpha.
        #expect(pdf.components(separatedBy: "/Subtype /Form").count - 1 == 4)
        // The form with text names its font itself, and lists it in its resources.
        #expect(pdf.contains("/Group << /Type /Group /S /Transparency >> /Resources << /Font << /F0"))
        #expect(pdf.contains("/Group << /Type /Group /S /Transparency >>"))
        #expect(pdf.contains("/Group << /Type /Group /S /Transparency /CS /DeviceRGB >>"))
    }

    @Test func emptyDocumentHasNoPages() throws {
        let bytes = PDFWriter.render(Scene.Document(), options: PDFOptions())
        let url = temporaryDirectory("empty-doc").appendingPathComponent("out.pdf")
        try Data(bytes).write(to: url)
        #expect(String(decoding: bytes, as: UTF8.self).contains("/Kids [] /Count 0"))
        guard let result = ExternalTool.run("qpdf", ["--check", url.path]) else { return }
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
    }

    /// Deep nesting is walked without recursion (each level: a transform, a clip, and every
    /// tenth level a transparency group).
    @Test func deeplyNestedGroups() throws {
        var item = Scene.Item.path(rectPath(0, 0, 10, 10), Paint(fill: Fill(color: .black)))
        for level in 0..<20_000 {
            item = .group(Scene.Group(transform: .translation(0.001, 0), clip: level % 3 == 0 ? rectPath(-1, -1, 100, 100) : nil,
                                      opacity: level % 10 == 0 ? 0.99 : 1,
                                      items: level % 10 == 0 ? [item, .path(rectPath(5, 5, 10, 10), Paint(fill: Fill(color: .white)))] : [item]))
        }
        var document = Scene.Document(pages: [Scene.Page(size: Size(100, 100), items: [item])])
        let bytes = PDFWriter.render(document, options: PDFOptions(compress: true))
        #expect(bytes.count > 1000)
        // Freed one level at a time: releasing 20,000 nested groups at once recurses once per
        // level in the runtime's destructors and overflows a test thread's stack.
        document = Scene.Document()
        while case .group(let group) = item { item = group.items[0] }
    }

    /// Values layout should never produce still give a valid file: non-finite numbers,
    /// references past the resource lists, glyph codes past 255, degenerate pages.
    @Test func hostileValuesStayValid() throws {
        let nan = Double.nan
        var weird = Scene.PathBuilder()
        weird.move(to: Point(nan, 1)); weird.line(to: Point(.infinity, -.infinity)); weird.close()
        let lineOnly = Scene.Path(verbs: [.line], points: [Point(1, 1)])  // no initial move
        let items: [Scene.Item] = [
            .path(weird.finish()!, Paint(fill: Fill(color: Color(red: nan, green: 2, blue: -1, alpha: 0.5)),
                                         stroke: Stroke(color: .black, width: .infinity, miterLimit: -3, dash: [0, 0]))),
            .path(lineOnly, Paint(fill: Fill(color: .black))),
            .text(Scene.TextRun(font: Scene.FontID(7), size: 10, color: .black, origin: .zero,
                                glyphs: [Scene.PositionedGlyph(glyph: 65, x: 0, scalar: "A")], advance: 1)),
            .text(Scene.TextRun(font: Scene.FontID(0), size: 10, color: .black, origin: Point(nan, 5),
                                glyphs: [Scene.PositionedGlyph(glyph: 900, x: nan, scalar: "A"),
                                         Scene.PositionedGlyph(glyph: 0x28, x: 1e12, scalar: "(")], advance: 1)),
            .text(Scene.TextRun(font: Scene.FontID(0), size: -4, color: .black, origin: .zero,
                                glyphs: [Scene.PositionedGlyph(glyph: 65, x: 0, scalar: "A")], advance: 1)),
            .image(Scene.ImageItem(image: Scene.ImageID(3), rect: Rect(x: 0, y: 0, width: 10, height: 10))),
            .group(Scene.Group(transform: Transform(a: nan, b: 0, c: 0, d: 1, e: 0, f: 0), items: [.path(rectPath(0, 0, 1, 1), Paint(fill: Fill(color: .black)))])),
            .group(Scene.Group(clip: Scene.Path(), items: [.path(rectPath(0, 0, 1, 1), Paint(fill: Fill(color: .black)))])),
            .group(Scene.Group(opacity: nan, items: [.path(rectPath(0, 0, 1, 1), Paint(fill: Fill(color: .black)))])),
            .group(Scene.Group(opacity: 0.5, items: [])),
        ]
        let document = Scene.Document(
            pages: [Scene.Page(size: Size(nan, -5), background: Color(red: 0, green: 0, blue: 0, alpha: nan), items: items),
                    Scene.Page(size: Size(0, 0))],
            fonts: [.standard(.helvetica)], metadata: Scene.Metadata(title: "a (b) \\ c\u{0}"))
        let bytes = PDFWriter.render(document, options: PDFOptions())
        let url = temporaryDirectory("hostile").appendingPathComponent("out.pdf")
        try Data(bytes).write(to: url)
        guard let result = ExternalTool.run("qpdf", ["--check", url.path]) else { return }
        #expect(result.status == 0, "\(result.stdout) \(result.stderr)")
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(!text.contains("nan") && !text.contains("inf"))
    }

    /// Axis-aligned rectangles starting with a horizontal edge become `re` (same points,
    /// same order); anything else stays `m l … h`.
    @Test func rectanglesBecomeRe() {
        var stream = ContentStream()
        stream.appendPath(rectPath(10, 20, 30, 40))
        // Counter-clockwise from the top-right: still a rectangle, negative width.
        stream.appendPath(polyline([(40, 20), (10, 20), (10, 60), (40, 60)], closed: true))
        // Starts with a vertical edge: `re` would change the order, so it stays as lines.
        stream.appendPath(polyline([(10, 20), (10, 60), (40, 60), (40, 20)], closed: true))
        // Not closed: stays as lines.
        stream.appendPath(polyline([(0, 0), (5, 0), (5, 5), (0, 5)]))
        let text = String(decoding: stream.finish(), as: UTF8.self)
        #expect(text == """
            10 20 30 40 re
            40 20 -30 40 re
            10 20 m
            10 60 l
            40 60 l
            40 20 l
            h
            0 0 m
            5 0 l
            5 5 l
            0 5 l

            """)
    }

    /// Whole coordinates below a million (ink, in hundredths) go through the table writer,
    /// the others through `number`, and a path with a number too large for the cursor is
    /// written operator by operator: the same text every way.
    @Test func pathCoordinatesAreWrittenAsNumbersAre() {
        let values: [Double] = [0, -0.0, 7, 999, 1000, 1001, 10_007, 65.5, 123_456, 999_999, 1_000_000, -3, 2.25, 4_503_599.75]
        for large in [false, true] {
            var points = stride(from: 0, to: values.count - 1, by: 1).map { Point(values[$0], values[$0 + 1]) }
            if large { points[4] = Point(1e12, 5) }
            let verbs: [Scene.PathVerb] = [.move] + Array(repeating: .cubic, count: (points.count - 1) / 3) + [.close]
            let used = 1 + 3 * ((points.count - 1) / 3)
            var stream = ContentStream()
            stream.appendPath(Scene.Path(verbs: verbs, points: Array(points.prefix(used))))
            var expected = ""
            for (i, p) in points.prefix(used).enumerated() {
                expected += "\(NumberFormat.string(p.x)) \(NumberFormat.string(p.y)) "
                if i == 0 { expected += "m\n" } else if i % 3 == 0 { expected += "c\n" }
            }
            expected += "h\n"
            #expect(String(decoding: stream.finish(), as: UTF8.self) == expected, "large: \(large)")
        }
    }

    /// A `.rect` (two corners) writes what its four-line form writes: `re` when it is not
    /// empty, else the lines, also through the operator-by-operator writer (a coordinate too
    /// large for the fast path).
    @Test func rectVerbWritesAsItsFourLines() {
        for rects in [[(1.0, 2.0, 3.0, 4.0), (5, 6, 0, 2), (7, 8, 2, 0), (9, 9, -1, -2)], [(1e15, 2, 3, 4), (5, 6, 0, 2)]] {
            var compact = Scene.PathBuilder(), lines = Scene.PathBuilder()
            for (x, y, w, h) in rects {
                compact.rect(from: Point(x, y), to: Point(x + w, y + h))
                lines.addRect(Rect(x: x, y: y, width: w, height: h))
            }
            var a = ContentStream(), b = ContentStream()
            a.appendPath(compact.finish()!)
            b.appendPath(lines.finish()!)
            let text = String(decoding: a.finish(), as: UTF8.self)
            #expect(text == String(decoding: b.finish(), as: UTF8.self))
            #expect(text.contains(" re\n") && text.contains(" m\n") && text.contains("h\n"))
        }
        var stream = ContentStream()
        var b = Scene.PathBuilder()
        b.rect(from: Point(1, 2), to: Point(4, 6)); b.rect(from: Point(5, 6), to: Point(5, 8))
        stream.appendPath(b.finish()!)
        #expect(String(decoding: stream.finish(), as: UTF8.self) == "1 2 3 4 re\n5 6 m\n5 6 l\n5 8 l\n5 8 l\nh\n")
    }

    @Test func balancedSaveRestore() {
        for sample in Samples.all {
            let pdf = render(sample.document)
            let lines = pdf.split(separator: "\n")
            #expect(lines.filter { $0 == "q" }.count == lines.filter { $0 == "Q" }.count, "\(sample.name)")
        }
    }
}

// MARK: pieces

@Suite struct PieceTests {
    @Test(arguments: [
        ("", "d41d8cd98f00b204e9800998ecf8427e"),
        ("abc", "900150983cd24fb0d6963f7d28e17f72"),
        ("The quick brown fox jumps over the lazy dog", "9e107d9d372bb6826bd81d3542a419d6"),
        (String(repeating: "a", count: 1000), "cabe45dcc9ae5b66ba86600cca6b8ba8"),
        ("12345678901234567890123456789012345678901234567890123456789012345678901234567890", "57edf4a22be3c955ac49da2e2107b67a"),
    ])
    func md5Vectors(_ input: String, _ expected: String) {
        let hex = md5(Array(input.utf8)).map { String($0, radix: 16).leftPadded(2) }.joined()
        #expect(hex == expected)
    }

    @Test(arguments: [
        (0, "D:19700101000000Z"), (951_782_400, "D:20000229000000Z"), (1_700_000_000, "D:20231114221320Z"),
        (-1, "D:19691231235959Z"), (4_107_542_399, "D:21000228235959Z"), (253_402_300_799, "D:99991231235959Z"),
        (Int.max, "D:99991231235959Z"), (Int.min, "D:00000101000000Z"),
    ])
    func dates(_ seconds: Int, _ expected: String) {
        #expect(pdfDate(secondsSinceEpoch: seconds) == expected)
    }

    @Test func literalStringEscapes() {
        var out = ByteBuffer()
        out.literalString(Array("a(b)c\\d".utf8) + [0x0A, 0xE9, 0x80, 0x00])
        #expect(String(decoding: out.take(), as: UTF8.self) == "(a\\(b\\)c\\\\d\\012\\351\\200\\000)")
    }

    @Test func namesEscapeDelimiters() {
        var out = ByteBuffer()
        out.name("A B#(x)")
        #expect(String(decoding: out.take(), as: UTF8.self) == "/A#20B#23#28x#29")
    }

    /// TJ numbers put every glyph where the IR says, given the advances in /Widths.
    @Test func showTextReproducesPositions() {
        let widths = StandardFontProgram.program(for: .helvetica).widths
        let run = textRun("AVA Wave", font: Scene.FontID(0), .helvetica, size: 20, at: .zero)
        var out = ByteBuffer()
        let writer = SceneWriter(document: Scene.Document())
        writer.writeShowText(run.glyphs, widths: widths, size: 20, into: &out)
        let text = String(decoding: out.take(), as: UTF8.self)
        #expect(text == "[(A)70(V)80(A )40(W)40(a)20(v)25(e)]")
        // Replay the array as a reader would.
        var pen = 0.0
        var glyphIndex = 0
        var positions: [Double] = []
        var number = ""
        var inString = false
        for ch in text.dropFirst().dropLast() {
            if inString {
                if ch == ")" { inString = false; continue }
                positions.append(pen)
                let code = run.glyphs[glyphIndex].glyph
                pen += Double(widths[Int(code)]) * 20 / 1000
                glyphIndex += 1
            } else if ch == "(" {
                if let n = Double(number) { pen -= n * 20 / 1000 }
                number = ""
                inString = true
            } else {
                number.append(ch)
            }
        }
        for (glyph, position) in zip(run.glyphs, positions) {
            #expect(abs(glyph.x - position) < 1e-6)
        }
        #expect(positions.count == run.glyphs.count)
    }

    @Test func fractionalPositionsDoNotDrift() {
        // 200 glyphs each nudged by 0.0001 pt: rounding must not accumulate.
        let widths = StandardFontProgram.program(for: .courier).widths
        var glyphs: [Scene.PositionedGlyph] = []
        for i in 0..<200 {
            glyphs.append(Scene.PositionedGlyph(glyph: 0x69, x: Double(i) * (Double(widths[0x69]) * 10 / 1000 + 0.0001), scalar: "i"))
        }
        var out = ByteBuffer()
        SceneWriter(document: Scene.Document()).writeShowText(glyphs, widths: widths, size: 10, into: &out)
        let text = String(decoding: out.take(), as: UTF8.self)
        var total = 0.0
        for part in text.split(whereSeparator: { "()[]i".contains($0) }) { total += Double(part) ?? 0 }
        // The sum of adjustments moves the pen back by 199 × 0.0001 pt = 1.99 thousandths at size 10.
        #expect(abs(-total * 10 / 1000 - 199 * 0.0001) < 1e-5)
    }

    /// The samples of a Flate stream with PNG predictors (what a PDF reader does).
    func unpredicted(_ data: [UInt8], width: Int, height: Int, unit: Int) throws -> [UInt8] {
        let filtered = try #require(Deflate.decompress(data))
        let stride = width * unit
        try #require(filtered.count == (stride + 1) * height)
        var out: [UInt8] = []
        var previous = [UInt8](repeating: 0, count: stride)
        for y in 0..<height {
            var row = Array(filtered[(y * (stride + 1) + 1)..<((y + 1) * (stride + 1))])
            let ok = row.withUnsafeMutableBufferPointer { r in
                previous.withUnsafeBufferPointer { PNGFile.unfilter(r, previous: $0, filter: filtered[y * (stride + 1)], unit: unit) }
            }
            try #require(ok)
            out += row
            previous = row
        }
        return out
    }

    @Test func pngDecoding() throws {
        let rgba = try #require(DecodedImage.decodePNG(TestPNG.rgb(alpha: true)))
        #expect(rgba.width == 24 && rgba.height == 16)
        guard case .pngPredicted(colors: 3) = rgba.encoding else { Issue.record("RGB with predictors expected"); return }
        let colors = try unpredicted(rgba.data, width: 24, height: 16, unit: 3)
        let mask = try unpredicted(try #require(rgba.softMask), width: 24, height: 16, unit: 1)
        #expect(colors.count == 24 * 16 * 3)
        #expect(mask[0] == 255 && mask[23] == 0)
        // Top-left pixel: red 0, green 0, blue 160; bottom-right red 255, green 255.
        #expect(Array(colors[0..<3]) == [0, 0, 160])
        #expect(Array(colors[(24 * 16 - 1) * 3..<(24 * 16) * 3]) == [255, 255, 160])
        let sixteen = try #require(DecodedImage.decodePNG(TestPNG.rgb(alpha: true, sixteenBit: true)))
        #expect(sixteen.data == rgba.data && sixteen.softMask == rgba.softMask)
        let interlaced = try #require(DecodedImage.decodePNG(TestPNG.rgb(alpha: true, interlaced: true)))
        #expect(interlaced.data == rgba.data && interlaced.softMask == rgba.softMask)
        let palette = try #require(DecodedImage.decodePNG(TestPNG.palette(transparent: true)))
        let paletteMask = try unpredicted(try #require(palette.softMask), width: palette.width, height: palette.height, unit: 1)
        #expect(paletteMask[0] == 0)
        #expect(DecodedImage.decodePNG([0x89, 0x50]) == nil)
        // A truncated file is refused, not read past its end.
        let truncated = Array(TestPNG.rgb(alpha: true).prefix(60))
        #expect(DecodedImage.decodePNG(truncated) == nil)
    }

    @Test("an RGBA PNG keeps about its own size in the PDF: colour and /SMask both with PNG predictors")
    func rgbaPNGStaysSmall() throws {
        // A 256 × 256 RGBA gradient with a soft edge: PNG's filters make it tiny, raw samples
        // under Flate would not (issue 13: 4 KB of PNG became 72 KB of PDF).
        var rows: [[UInt8]] = []
        for y in 0..<256 {
            var row: [UInt8] = []
            for x in 0..<256 { row += [UInt8(x), UInt8(y), UInt8((x + y) / 2), UInt8(max(0, min(255, 400 - x - y)))] }
            rows.append(row)
        }
        let png = TestPNG.encode(width: 256, height: 256, colorType: 6, depth: 8, rows: rows)
        let image = try #require(DecodedImage.decodePNG(png))
        let mask = try #require(image.softMask)
        let embedded = image.data.count + mask.count
        #expect(embedded < png.count * 3 / 2, "PNG \(png.count) bytes, PDF streams \(embedded) bytes")
        #expect(try unpredicted(mask, width: 256, height: 256, unit: 1)[255 * 256 + 255] == 0)
        let document = Scene.Document(
            pages: [Scene.Page(size: Size(200, 200), items: [.image(Scene.ImageItem(image: Scene.ImageID(0), rect: Rect(x: 0, y: 0, width: 200, height: 200)))])],
            images: [Scene.ImageResource(format: .png, bytes: png, pixelWidth: 256, pixelHeight: 256)])
        let pdf = PDFWriter.render(document)
        #expect(pdf.count < png.count * 3 / 2 + 2000, "PDF \(pdf.count) bytes for a PNG of \(png.count)")
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.components(separatedBy: "/Predictor 15").count == 3, "colour and mask both predicted")
    }

    @Test func jpegHeader() throws {
        let jpeg = try #require(DecodedImage.decodeJPEG(fixture("gradient-rgb.jpg")))
        #expect(jpeg.width == 32 && jpeg.height == 16)
        let gray = try #require(DecodedImage.decodeJPEG(fixture("gradient-gray.jpg")))
        if case .gray = gray.colorSpace {} else { Issue.record("expected grey") }
        #expect(DecodedImage.decodeJPEG([0xFF, 0xD8, 0xFF]) == nil)
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}

/// A transparency group's form sets the graphics state it uses: a dashed 6 pt stroke inside
/// an `opacity` group, after the same stroke outside it, rendered by poppler stays dashed and
/// 6 pt wide (it came out solid and 1 pt wide when the form relied on the state of its `Do`).
@Suite struct TransparencyGroupStateTests {
    @Test func dashedStrokeInAnOpacityGroupKeepsItsDashAndWidth() throws {
        let stroke = Stroke(color: .black, width: 6, dash: [10, 10])
        let line = polyline([(20, 25), (180, 25)])
        let inGroup = polyline([(20, 65), (180, 65)])
        let items: [Scene.Item] = [
            .path(line, Paint(stroke: stroke)),
            .group(Scene.Group(opacity: 0.5, items: [
                .path(inGroup, Paint(stroke: stroke)),
                .path(polyline([(20, 90), (30, 90)]), Paint(stroke: stroke)),
            ])),
        ]
        let document = Scene.Document(pages: [Scene.Page(size: Size(200, 100), background: .white, items: items)])
        let uncompressed = String(decoding: PDFWriter.render(document, options: PDFOptions(compress: false)), as: UTF8.self)
        let forms = uncompressed.components(separatedBy: "/Subtype /Form").dropFirst()
        #expect(forms.count == 1, "one transparency group")
        if let form = forms.first {
            #expect(form.contains("6 w") && form.contains("[10 10] 0 d"), "the form sets its own width and dash: \(form.prefix(400))")
        }

        let directory = temporaryDirectory("group-state")
        let url = directory.appendingPathComponent("group.pdf")
        try Data(PDFWriter.render(document, options: PDFOptions())).write(to: url)
        guard let result = ExternalTool.run("pdftoppm", ["-r", "72", url.path, directory.appendingPathComponent("page").path]) else { return }
        #expect(result.status == 0, "pdftoppm: \(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasPrefix("page") }
        let name = try #require(names.first)
        let data = try #require(FileManager.default.contents(atPath: directory.appendingPathComponent(name).path))
        let page = try #require(Raster.read([UInt8](data)))
        func inked(_ x: Int, _ y: Int) -> Bool { page.pixels[(y * page.width + x) * 3] < 200 }
        for (label, y) in [("outside", 25), ("in the group", 65)] {
            var runs = 0
            for x in 21..<180 where inked(x, y) != inked(x - 1, y) { runs += 1 }
            #expect(runs >= 14, "\(label): the stroke is dashed (\(runs) edges along it)")
            let thickness = (y - 10..<y + 10).filter { inked(25, $0) }.count
            #expect((5...7).contains(thickness), "\(label): the stroke is 6 pt wide, found \(thickness) px")
        }
    }
}

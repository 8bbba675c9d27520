import DrawBase
import DrawFonts
import DrawScene
import Foundation
import DrawOutput
import DrawTestSupport
@testable import PSBackend
import Testing

/// Where golden files and fixtures live, found from this file's path.
enum TestFiles {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static var golden: URL { directory.appendingPathComponent("Golden") }
    static var jpeg: [UInt8]? {
        (try? Data(contentsOf: directory.appendingPathComponent("Fixtures/quadrants.jpg"))).map { [UInt8]($0) }
    }

    /// Compares `bytes` with the golden file `name` (DrawTestSupport's `GoldenFiles`).
    static func assertGolden(_ bytes: [UInt8], _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        GoldenFiles.expect(bytes, matches: golden.appendingPathComponent(name).path, sourceLocation: sourceLocation)
    }
}

/// Runs PostScript through Ghostscript and the PDF tools.
enum Ghostscript {
    /// Interprets `ps` on the null device; returns Ghostscript's complaint, or nil when clean.
    static func errors(_ ps: [UInt8]) throws -> String? {
        let dir = try ExternalTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("in.ps")
        try Data(ps).write(to: file)
        let result = try ExternalTool.run("gs", ["-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=nullpage", file.path])
        let output = result.stdout + result.stderr
        if result.status != 0 || output.contains("Error") || output.contains("error") {
            return "gs exit \(result.status): \(output)"
        }
        return nil
    }

    /// The text of `ps` after `ps2pdf` and `pdftotext`.
    static func extractText(_ ps: [UInt8]) throws -> String {
        let dir = try ExternalTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let input = dir.appendingPathComponent("in.ps"), pdf = dir.appendingPathComponent("out.pdf")
        try Data(ps).write(to: input)
        let converted = try ExternalTool.run("ps2pdf", [input.path, pdf.path])
        #expect(converted.status == 0, "ps2pdf failed: \(converted.stderr)")
        let text = try ExternalTool.run("pdftotext", ["-enc", "UTF-8", pdf.path, "-"])
        return text.stdout
    }

    /// Ghostscript's bounding box of the ink (`-sDEVICE=bbox`), in PostScript points.
    static func inkBox(_ ps: [UInt8]) throws -> (Double, Double, Double, Double)? {
        let dir = try ExternalTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("in.eps")
        try Data(ps).write(to: file)
        let result = try ExternalTool.run("gs", ["-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=bbox", file.path])
        for line in (result.stderr + result.stdout).split(separator: "\n") where line.hasPrefix("%%HiResBoundingBox:") {
            let numbers = line.dropFirst("%%HiResBoundingBox:".count).split(separator: " ").compactMap { Double($0) }
            if numbers.count == 4 { return (numbers[0], numbers[1], numbers[2], numbers[3]) }
        }
        return nil
    }

    /// The first page of `ps` as 8-bit RGB samples at 72 dpi (png16m), rendered directly or
    /// after `ps2pdf`.
    static func rasterize(_ ps: [UInt8], throughPDF: Bool = false) throws -> [UInt8] {
        let dir = try ExternalTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        var input = dir.appendingPathComponent("in.ps")
        try Data(ps).write(to: input)
        if throughPDF {
            let pdf = dir.appendingPathComponent("in.pdf")
            _ = try ExternalTool.run("ps2pdf", [input.path, pdf.path])
            input = pdf
        }
        let png = dir.appendingPathComponent("out.png")
        _ = try ExternalTool.run("gs", ["-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=png16m", "-r72",
                                        "-dFirstPage=1", "-dLastPage=1", "-sOutputFile=\(png.path)", input.path])
        guard let image = PNGDecoder.decode([UInt8](try Data(contentsOf: png))), case .samples(let samples) = image.data else { return [] }
        return samples
    }

    /// Renders `ps` to PNG files (png16m, 96 dpi) in `directory`, for looking at.
    static func renderPNG(_ ps: [UInt8], to directory: URL, name: String) throws {
        let file = directory.appendingPathComponent("\(name).ps")
        try Data(ps).write(to: file)
        _ = try ExternalTool.run("gs", ["-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=png16m", "-r96",
                                        "-dEPSCrop", "-sOutputFile=\(directory.path)/\(name)-%d.png", file.path])
    }
}

/// The hand-built documents with their golden names.
let featureDocuments: [(String, Scene.Document, Bool)] = [
    ("shapes.ps", TestDocuments.shapes, false),
    ("groups.ps", TestDocuments.groups, false),
    ("text.ps", TestDocuments.text, false),
    ("opacity.ps", TestDocuments.opacity, false),
    ("pages.ps", TestDocuments.pages, false),
    ("images.ps", TestDocuments.images(jpeg: TestFiles.jpeg), false),
    ("eps.eps", TestDocuments.eps, true),
    ("text.eps", TestDocuments.text, true),
]

@Suite struct PSBackendTests {
    @Test(arguments: featureDocuments.map(\.0))
    func matchesGolden(_ name: String) throws {
        let (_, document, encapsulated) = featureDocuments.first { $0.0 == name }!
        try TestFiles.assertGolden(PSWriter.render(document, encapsulated: encapsulated), name)
    }

    @Test(arguments: featureDocuments.map(\.0))
    func ghostscriptAcceptsOutput(_ name: String) throws {
        guard ExternalTool.require("gs") else { return }
        let (_, document, encapsulated) = featureDocuments.first { $0.0 == name }!
        let bytes = PSWriter.render(document, encapsulated: encapsulated)
        if let problem = try Ghostscript.errors(bytes) {
            Issue.record("\(name): \(problem)")
        }
        // Optional: DRAWC_PS_RENDER=/some/dir renders every feature document to PNG.
        if let dir = ProcessInfo.processInfo.environment["DRAWC_PS_RENDER"] {
            try Ghostscript.renderPNG(bytes, to: URL(fileURLWithPath: dir), name: name.replacingOccurrences(of: ".", with: "-"))
        }
    }

    @Test func documentStructureFollowsDSC() throws {
        let text = String(decoding: PSWriter.render(TestDocuments.pages, encapsulated: false), as: UTF8.self)
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "%!PS-Adobe-3.0")
        let order = ["%%Creator: drawc", "%%Title: (Two pages)", "%%BoundingBox: 0 0 200 250",
                     "%%HiResBoundingBox: 0 0 200 250", "%%LanguageLevel: 3", "%%Pages: 2",
                     "%%DocumentNeededResources: font Helvetica", "%%EndComments", "%%BeginProlog", "%%EndProlog",
                     "%%BeginSetup", "%%IncludeResource: font Helvetica", "%%EndSetup",
                     "%%Page: 1 1", "%%BeginPageSetup", "<< /PageSize [200 100] >> setpagedevice", "%%EndPageSetup",
                     "showpage", "%%PageTrailer",
                     "%%Page: 2 2", "%%BeginPageSetup", "<< /PageSize [150 250] >> setpagedevice", "%%EndPageSetup",
                     "showpage", "%%PageTrailer", "%%Trailer", "%%EOF"]
        var position = 0
        for expected in order {
            guard let found = lines[position...].firstIndex(of: expected) else {
                Issue.record("missing or out of order: \(expected)")
                return
            }
            position = found + 1
        }
        #expect(lines.last == "%%EOF")
        // DSC: lines of at most 255 characters; the file is 7-bit clean.
        #expect(lines.allSatisfy { $0.utf8.count <= 255 })
        #expect(text.utf8.allSatisfy { $0 < 0x80 })
    }

    @Test func encapsulatedHasNoPageDeviceAndOnePage() throws {
        let text = String(decoding: PSWriter.render(TestDocuments.pages, encapsulated: true), as: UTF8.self)
        #expect(text.hasPrefix("%!PS-Adobe-3.0 EPSF-3.0\n"))
        #expect(!text.contains("setpagedevice"))
        #expect(text.contains("%%Pages: 1\n"))
        #expect(!text.contains("%%Page: 2"))
        // The one page of the EPS: its ink is the red square and the text at x 70…
        #expect(text.contains("%%BoundingBox: 10 "))
    }

    @Test func gsaveAndGrestoreBalance() {
        for (name, document, encapsulated) in featureDocuments {
            let text = String(decoding: PSWriter.render(document, encapsulated: encapsulated), as: UTF8.self)
            let lines = text.split(separator: "\n")
            let saves = lines.filter { $0 == "q" }.count, restores = lines.filter { $0 == "Q" }.count
            #expect(saves == restores, "\(name): \(saves) q, \(restores) Q")
        }
    }

    @Test func stringsAreEscaped() {
        let run = Scene.TextRun(
            font: Scene.FontID(0), size: 10, color: .black, origin: Point(0, 10),
            glyphs: [0x28, 0x29, 0x5C, 0x0A, 0x0D, 0x25, 0xE9, 0x80, 0x00].enumerated().map {
                Scene.PositionedGlyph(glyph: UInt16($0.element), x: Double($0.offset) * 6, scalar: "x")
            },
            advance: 54)
        let document = Scene.Document(
            pages: [Scene.Page(size: Size(100, 20), items: [.text(run)])], fonts: [.standard(.courier)],
            metadata: Scene.Metadata(title: "a)\n%%EOF\\"))
        let text = String(decoding: PSWriter.render(document, encapsulated: false), as: UTF8.self)
        #expect(text.contains("(\\(\\)\\\\\\012\\015%\\351\\200\\000) "))
        #expect(text.contains("%%Title: (a\\)\\012%%EOF\\\\)\n"))
        #expect(!text.contains("\n%%EOF\\"))
    }

    @Test func widthsPlaceGlyphsAtIRPositions() {
        let document = TestDocuments.text
        let text = String(decoding: PSWriter.render(document, encapsulated: false), as: UTF8.self)
        // "Kerned AVATAR Wo" at 18 pt with kerning moved into the positions: the width
        // array holds the distance between successive positions.
        guard case .text(let run) = document.pages[0].items[1] else { Issue.record("no run"); return }
        let widths = zip(run.glyphs, run.glyphs.dropFirst()).map { $1.x - $0.x } + [run.advance - run.glyphs.last!.x]
        let formatted = widths.map { NumberFormatForTests.string($0) }.joined(separator: " ")
        #expect(text.contains("[" + formatted + " ]"))
    }

    @Test func textSurvivesPs2pdfAndPdftotext() throws {
        guard ExternalTool.require("ps2pdf", "pdftotext") else { return }
        let extracted = try Ghostscript.extractText(PSWriter.render(TestDocuments.text, encapsulated: false))
        for expected in ["fjord gaff", "Café über € — “quoted” (a) \\ b", "Times ‘single’ – dash… ©®™", "Bold Zoë", "Kerned AVATAR Wo", "αβγ ∀", "✈✂"] {
            #expect(extracted.contains(expected), "missing \(expected) in:\n\(extracted)")
        }
    }

    @Test func opacityIsWarnedAndGuarded() {
        let warnings = PSWriter.warnings(for: TestDocuments.opacity)
        #expect(warnings == [PSWarnings.opacity])
        #expect(PSWriter.warnings(for: TestDocuments.shapes).isEmpty)
        let text = String(decoding: PSWriter.render(TestDocuments.opacity, encapsulated: false), as: UTF8.self)
        #expect(text.contains("0.5 fa"))
        #expect(text.contains("0.4 sa"))
        // Without opacity, no alpha operators in the body.
        let opaque = String(decoding: PSWriter.render(TestDocuments.shapes, encapsulated: false), as: UTF8.self)
        #expect(!opaque.contains(" fa\n") && !opaque.contains(" sa\n"))
    }

    /// With -dALLOWPSTRANSPARENCY Ghostscript shows alpha and true group opacity; without
    /// it the same file draws opaque and still runs cleanly.
    @Test(arguments: [true, false])
    func opacityRendersInGhostscript(_ allowTransparency: Bool) throws {
        guard ExternalTool.require("gs") else { return }
        let dir = try ExternalTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("in.ps"), png = dir.appendingPathComponent("out.png")
        try Data(PSWriter.render(TestDocuments.opacity, encapsulated: false)).write(to: file)
        let result = try ExternalTool.run("gs", ["-q", "-dSAFER", "-dBATCH", "-dNOPAUSE", "-sDEVICE=png16m", "-r72"]
            + (allowTransparency ? ["-dALLOWPSTRANSPARENCY"] : []) + ["-sOutputFile=\(png.path)", file.path])
        #expect(result.status == 0 && !result.stderr.contains("Error"), "\(result.stderr)")
        let image = try #require(PNGDecoder.decode([UInt8](Data(contentsOf: png))))
        guard case .samples(let samples) = image.data, image.components == 3 else { Issue.record("not RGB"); return }
        func pixel(_ x: Int, _ y: Int) -> (Int, Int, Int) {
            let o = (y * image.width + x) * 3
            return (Int(samples[o]), Int(samples[o + 1]), Int(samples[o + 2]))
        }
        func near(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Bool {
            abs(a.0 - b.0) <= 3 && abs(a.1 - b.1) <= 3 && abs(a.2 - b.2) <= 3
        }
        let overlap = pixel(110, 80), groupSingle = pixel(40, 130), groupDouble = pixel(75, 150)
        if allowTransparency {
            #expect(near(overlap, (128, 0, 128)), "50% blue over red: \(overlap)")
            // One group at 50%: its two overlapping squares are one even grey.
            #expect(near(groupSingle, (128, 128, 128)), "\(groupSingle)")
            #expect(near(groupDouble, (128, 128, 128)), "\(groupDouble)")
        } else {
            #expect(near(overlap, (0, 0, 255)), "\(overlap)")
            #expect(near(groupDouble, (0, 0, 0)), "\(groupDouble)")
        }
    }

    @Test(arguments: ["eps.eps", "text.eps"])
    func epsBoundingBoxHugsTheInk(_ name: String) throws {
        guard ExternalTool.require("gs") else { return }
        let (_, document, _) = featureDocuments.first { $0.0 == name }!
        let bytes = PSWriter.render(document, encapsulated: true)
        let text = String(decoding: bytes, as: UTF8.self)
        guard let line = text.split(separator: "\n").first(where: { $0.hasPrefix("%%HiResBoundingBox:") }) else {
            Issue.record("no HiResBoundingBox"); return
        }
        let ours = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        guard ours.count == 4, let ink = try Ghostscript.inkBox(bytes) else { Issue.record("no box"); return }
        // Contains the ink (Ghostscript's box is on its device pixel grid: allow 0.5 pt)…
        #expect(ours[0] <= ink.0 + 0.5 && ours[1] <= ink.1 + 0.5 && ours[2] >= ink.2 - 0.5 && ours[3] >= ink.3 - 0.5,
                "\(name): ours \(ours) does not contain ink \(ink)")
        // …and hugs it: glyph boxes come from the AFM and glyf, so text is tight too.
        let slack = 1.0
        #expect(ink.0 - ours[0] <= slack && ink.1 - ours[1] <= slack && ours[2] - ink.2 <= slack && ours[3] - ink.3 <= slack,
                "\(name): ours \(ours) is loose around ink \(ink)")
    }

    @Test func emptyDocumentsAreValid() throws {
        let empty = Scene.Document()
        let ps = PSWriter.render(empty, encapsulated: false)
        let eps = PSWriter.render(empty, encapsulated: true)
        #expect(String(decoding: eps, as: UTF8.self).contains("%%BoundingBox: 0 0 0 0\n"))
        guard ExternalTool.require("gs") else { return }
        #expect(try Ghostscript.errors(ps) == nil)
        #expect(try Ghostscript.errors(eps) == nil)
    }
}

/// The shared formatter as the backend uses it.
import DrawOutput
import DrawTestSupport
enum NumberFormatForTests {
    static func string(_ v: Double) -> String { NumberFormat.string(v) }
}

/// Documents no layout would make, built to break the writer: it must neither crash nor
/// write PostScript that fails.
@Suite struct HostileInputTests {
    static var hostile: Scene.Document {
        let nan = Double.nan, inf = Double.infinity
        var broken = Scene.Path(verbs: [.line, .cubic, .close, .line, .cubic], points: [
            Point(10, 10), Point(20, 20), Point(30, 5), Point(40, 40), Point(nan, 3), Point(1e300, -1e300),
        ])
        broken.verbs.append(.move)  // no point left for it
        let items: [Scene.Item] = [
            .path(broken, Paint(fill: Fill(color: Color(red: nan, green: 2, blue: -1)),
                                stroke: Stroke(color: .black, width: 1e300, miterLimit: -3, dash: [nan, 1], dashOffset: inf))),
            .path(Scene.Path(), Paint(fill: Fill(color: .black))),
            .path(TestDocuments.rect(0, 0, 10, 10), Paint(stroke: Stroke(color: .black, width: 2, dash: [0, 0]))),
            .text(Scene.TextRun(font: Scene.FontID(7), size: 12, color: .black, origin: Point(5, 5),
                                glyphs: [Scene.PositionedGlyph(glyph: 65, x: 0, scalar: "A")], advance: 5)),
            .text(Scene.TextRun(font: Scene.FontID(0), size: nan, color: .black, origin: Point(5, 5),
                                glyphs: [Scene.PositionedGlyph(glyph: 65, x: 0, scalar: "A")], advance: 5)),
            .text(Scene.TextRun(font: Scene.FontID(0), size: 1e300, color: .black, origin: Point(inf, nan),
                                glyphs: [Scene.PositionedGlyph(glyph: 0x1234, x: nan, scalar: "A"),
                                         Scene.PositionedGlyph(glyph: 0x25, x: 1e300, scalar: "%")], advance: -inf)),
            .image(Scene.ImageItem(image: Scene.ImageID(5), rect: Rect(x: 0, y: 0, width: 10, height: 10))),
            .image(Scene.ImageItem(image: Scene.ImageID(0), rect: Rect(x: 0, y: 0, width: nan, height: 10))),
            .image(Scene.ImageItem(image: Scene.ImageID(0), rect: Rect(x: 20, y: 20, width: 10, height: 10))),
            .group(Scene.Group(transform: Transform(a: 0, b: 0, c: 0, d: 0, e: 1, f: 1), items: [
                .path(TestDocuments.rect(0, 0, 10, 10), Paint(fill: Fill(color: .black))),
            ])),
            .group(Scene.Group(transform: Transform(a: 1e-7, b: 0, c: 0, d: 1e-7, e: 1, f: 1), clip: Scene.Path(), opacity: nan, items: [
                .path(TestDocuments.rect(0, 0, 10, 10), Paint(fill: Fill(color: .black))),
            ])),
            .group(Scene.Group(opacity: 0.5, items: [])),
            .group(Scene.Group(opacity: 0.5, items: [.path(Scene.Path(), Paint(fill: Fill(color: .black)))])),
        ]
        return Scene.Document(
            pages: [Scene.Page(size: Size(nan, -5), items: items), Scene.Page(size: Size(0, 1e12), background: Color(red: 1, green: 1, blue: 1, alpha: 0.5))],
            fonts: [.standard(.helvetica)],
            images: [Scene.ImageResource(format: .png, bytes: [0x89, 0x50, 0x4E, 0x47, 1, 2, 3], pixelWidth: 5, pixelHeight: 5)],
            metadata: Scene.Metadata(title: String(repeating: "(%%EOF)\n\\", count: 100)))
    }

    @Test(arguments: [false, true])
    func hostileDocumentRendersCleanly(_ encapsulated: Bool) throws {
        let bytes = PSWriter.render(Self.hostile, encapsulated: encapsulated)
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.utf8.allSatisfy { $0 < 0x80 })
        #expect(text.split(separator: "\n").allSatisfy { $0.utf8.count <= 255 })
        #expect(!text.contains("nan") && !text.contains("inf"))
        let warnings = PSWriter.warnings(for: Self.hostile)
        #expect(warnings.contains(PSWarnings.pageSize) && warnings.contains(PSWarnings.imageUnreadable))
        guard ExternalTool.require("gs") else { return }
        if let problem = try Ghostscript.errors(bytes) { Issue.record("\(problem)") }
    }

    @Test func randomImagesNeverCrashTheDecoder() {
        var rgb: [UInt8] = []
        for i in 0..<(12 * 12 * 3) { rgb.append(UInt8(truncatingIfNeeded: i * 7)) }
        let good = PNGWriter.encode(width: 12, height: 12, colorType: 2, depth: 8, samples: rgb)
        #expect(PNGDecoder.decode(good) != nil)
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<2000 {
            var bytes = good
            for _ in 0..<Int.random(in: 1...6, using: &generator) {
                bytes[Int.random(in: 8..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &generator)))
            _ = PNGDecoder.decode(bytes)
            _ = JPEGInfo.read(bytes)
        }
    }

    @Test func pngDecoderHandlesEveryKind() throws {
        // 1-, 2- and 4-bit gray, 16-bit RGB, 8-bit RGBA, with every filter type.
        for depth: UInt8 in [1, 2, 4] {
            let width = 13, height = 7
            let stride = (width * Int(depth) + 7) / 8
            var samples: [UInt8] = []
            for y in 0..<height { for x in 0..<stride { samples.append(UInt8(truncatingIfNeeded: x * 37 + y * 11)) } }
            let decoded = try #require(PNGDecoder.decode(PNGWriter.encode(width: width, height: height, colorType: 0, depth: depth, samples: samples)))
            guard case .samples(let gray) = decoded.data else { Issue.record("no samples"); return }
            #expect(decoded.components == 1 && gray.count == width * height)
            // Pixel (x, y) from the packed row, scaled to 8 bits.
            let maxValue = (1 << Int(depth)) - 1
            for y in 0..<height {
                for x in 0..<width {
                    let bit = x * Int(depth)
                    let raw = Int(samples[y * stride + bit / 8] >> UInt8(8 - Int(depth) - bit % 8)) & maxValue
                    #expect(Int(gray[y * width + x]) == raw * 255 / maxValue)
                }
            }
        }
        var rgb16: [UInt8] = []
        for i in 0..<(5 * 4) { rgb16 += [UInt8(i * 10), 0xAB, UInt8(255 - i), 0x01, 7, 0xFF] }
        let decoded16 = try #require(PNGDecoder.decode(PNGWriter.encode(width: 5, height: 4, colorType: 2, depth: 16, samples: rgb16)))
        guard case .samples(let out16) = decoded16.data else { Issue.record("no samples"); return }
        #expect(Array(out16.prefix(6)) == [0, 255, 7, 10, 254, 7])
        var rgba: [UInt8] = []
        for i in 0..<9 { rgba += [200, 100, 0, UInt8(i * 31)] }
        let decodedRGBA = try #require(PNGDecoder.decode(PNGWriter.encode(width: 3, height: 3, colorType: 6, depth: 8, samples: rgba)))
        guard case .samples(let straight) = decodedRGBA.data else { Issue.record("no samples"); return }
        #expect(decodedRGBA.alpha == (0..<9).map { UInt8($0 * 31) })
        #expect(decodedRGBA.hasPartialAlpha)
        #expect(straight == Array([[UInt8]](repeating: [200, 100, 0], count: 9).joined()))
    }

    @Test func ascii85RoundTrips() {
        for length in [0, 1, 2, 3, 4, 5, 8, 9, 100, 1001] {
            var data: [UInt8] = []
            for i in 0..<length { data.append(i % 7 == 0 ? 0 : UInt8(truncatingIfNeeded: i * 131)) }
            data += [0, 0, 0, 0]
            var out = ByteBuffer()
            ASCII85.encode(data, into: &out)
            let encoded = out.take()
            #expect(encoded.suffix(2) == [0x7E, 0x3E])
            #expect(Self.decodeASCII85(Array(encoded.dropLast(2))) == data)
            // No line begins with '%', none is long.
            let lines = encoded.split(separator: 0x0A)
            #expect(lines.allSatisfy { $0.first != 0x25 && $0.count <= 76 })
        }
    }

    static func decodeASCII85(_ text: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        var group: [UInt32] = []
        for c in text where c > 0x20 {
            if c == 0x7A && group.isEmpty { out += [0, 0, 0, 0]; continue }
            group.append(UInt32(c - 0x21))
            if group.count == 5 {
                let v = group.reduce(UInt32(0)) { $0 &* 85 &+ $1 }
                out += [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
                group = []
            }
        }
        if !group.isEmpty {
            let n = group.count
            while group.count < 5 { group.append(84) }
            let v = group.reduce(UInt32(0)) { $0 &* 85 &+ $1 }
            out += Array([UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)].prefix(n - 1))
        }
        return out
    }
}

extension PSBackendTests {
    /// PNG transparency: the masked pixels let the page show through, directly and after
    /// ps2pdf.
    @Test(arguments: [false, true])
    func transparentPNGPixelsShowWhatIsBehind(_ throughPDF: Bool) throws {
        guard ExternalTool.require("gs", "ps2pdf") else { return }
        let document = TestDocuments.images(jpeg: nil)
        let samples = try Ghostscript.rasterize(PSWriter.render(document, encapsulated: false), throughPDF: throughPDF)
        let width = 280
        func pixel(_ x: Int, _ y: Int) -> [Int] {
            let o = (y * width + x) * 3
            return o + 2 < samples.count ? [Int(samples[o]), Int(samples[o + 1]), Int(samples[o + 2])] : []
        }
        func near(_ a: [Int], _ b: [Int]) -> Bool { a.count == 3 && zip(a, b).allSatisfy { abs($0 - $1) <= 4 } }
        #expect(near(pixel(120, 14), [255, 0, 0]), "opaque palette pixel: \(pixel(120, 14))")
        #expect(near(pixel(136, 14), [0x99, 0xCC, 0xFF]), "transparent palette pixel: \(pixel(136, 14))")
    }
}

extension PSBackendTests {
    /// Our WinAnsi vector, not ISOLatin1Encoding: they differ on ASCII and in 0x80…0x9F.
    @Test func prologEncodingIsWinAnsi() throws {
        let text = String(decoding: PSWriter.render(TestDocuments.text, encapsulated: false), as: UTF8.self)
        let start = try #require(text.range(of: "/DrawcWinAnsiEncoding ["))
        let end = try #require(text.range(of: "] def", range: start.upperBound..<text.endIndex))
        let names = text[start.upperBound..<end.lowerBound].split(whereSeparator: { $0 == " " || $0 == "\n" }).map { String($0.dropFirst()) }
        #expect(names.count == 256)
        let expected: [Int: String] = [
            0x27: "quotesingle", 0x2D: "hyphen", 0x60: "grave", 0x80: "Euro", 0x93: "quotedblleft",
            0x94: "quotedblright", 0x96: "endash", 0x97: "emdash", 0xE9: "eacute", 0xFC: "udieresis", 0x41: "A",
        ]
        for (code, name) in expected { #expect(names[code] == name, "code \(code)") }
        // Every standard Latin font used is re-encoded with it.
        #expect(text.contains("/Helvetica-WinAnsi /Helvetica wa\n"))
        #expect(text.contains("/Times-Roman-WinAnsi /Times-Roman wa\n"))
        #expect(!text.contains("ISOLatin1Encoding"))
    }
}

extension HostileInputTests {
    @Test(arguments: [(1, 1), (3, 2), (8, 8), (13, 11)])
    func interlacedPNGDecodesLikeTheStraightOne(_ size: (Int, Int)) throws {
        let (width, height) = size
        var rgb: [UInt8] = []
        for i in 0..<(width * height) { rgb += [UInt8(i % 256), UInt8((i * 7) % 256), UInt8((i * 13) % 256)] }
        let decoded = try #require(PNGDecoder.decode(PNGWriter.encodeInterlaced(width: width, height: height, rgb: rgb)))
        guard case .samples(let samples) = decoded.data else { Issue.record("no samples"); return }
        #expect(samples == rgb)
    }
}

extension PSBackendTests {
    /// JPEGs through DCTDecode: RGB, gray and Adobe CMYK (stored inverted).
    @Test(arguments: [false, true])
    func jpegKindsRenderTheirColours(_ throughPDF: Bool) throws {
        guard ExternalTool.require("gs", "ps2pdf") else { return }
        func fixture(_ name: String) throws -> [UInt8] {
            [UInt8](try Data(contentsOf: TestFiles.directory.appendingPathComponent("Fixtures/\(name)")))
        }
        let images = [("quadrants.jpg", 32), ("gray.jpg", 16), ("cmyk.jpg", 32)].map { name, size in
            Scene.ImageResource(format: .jpeg, bytes: (try? fixture(name)) ?? [], pixelWidth: size, pixelHeight: size)
        }
        let items: [Scene.Item] = (0..<3).map {
            .image(Scene.ImageItem(image: Scene.ImageID($0), rect: Rect(x: Double($0) * 40, y: 0, width: 32, height: 32)))
        }
        let document = Scene.Document(pages: [Scene.Page(size: Size(120, 40), items: items)], images: images)
        #expect(PSWriter.warnings(for: document).isEmpty)
        let samples = try Ghostscript.rasterize(PSWriter.render(document, encapsulated: false), throughPDF: throughPDF)
        func pixel(_ x: Int, _ y: Int) -> [Int] {
            let o = (y * 120 + x) * 3
            return o + 2 < samples.count ? [Int(samples[o]), Int(samples[o + 1]), Int(samples[o + 2])] : []
        }
        func near(_ a: [Int], _ b: [Int]) -> Bool { a.count == 3 && zip(a, b).allSatisfy { abs($0 - $1) <= 40 } }
        #expect(near(pixel(8, 24), [255, 0, 0]), "RGB bottom-left: \(pixel(8, 24))")
        #expect(near(pixel(8, 8), [0, 153, 0]), "RGB top-left: \(pixel(8, 8))")
        #expect(near(pixel(24, 8), [0, 0, 255]), "RGB top-right: \(pixel(24, 8))")
        let gray = pixel(56, 16)
        #expect(gray.count == 3 && gray[0] == gray[1] && gray[1] == gray[2] && gray[0] > 60 && gray[0] < 170, "gray: \(gray)")
        #expect(near(pixel(88, 24), [255, 0, 0]), "CMYK bottom-left: \(pixel(88, 24))")
        // Blue went to CMYK through Ghostscript's colour management: blue-ish, not exact.
        let blue = pixel(104, 8)
        #expect(blue.count == 3 && blue[2] > blue[0] + 60 && blue[2] > blue[1] + 60, "CMYK top-right: \(blue)")
    }
}

import DrawBase
import DrawFonts
import DrawOutput
import DrawScene
import Foundation
@testable import PSBackend
import Testing

/// Builds small synthetic TrueType programs: the tables the splitter and the Type 42 header
/// read (head, maxp, loca, glyf) plus filler tables of chosen sizes.
enum SyntheticFont {
    static func make(glyphSizes: [Int], longLoca: Bool = true, extraTables: [(String, Int)] = []) -> [UInt8] {
        func be16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func be32(_ v: Int) -> [UInt8] { be16(v >> 16) + be16(v & 0xFFFF) }
        var head = [UInt8](repeating: 0, count: 54)
        head[0...3] = [0, 1, 0, 0]
        head[18...19] = ArraySlice(be16(2048))
        head[36...43] = ArraySlice(be16(0xFF00) + be16(0xFE00) + be16(2000) + be16(1900))
        head[50...51] = ArraySlice(be16(longLoca ? 1 : 0))
        let maxp: [UInt8] = [0, 0, 0x50, 0] + be16(glyphSizes.count)
        var glyf: [UInt8] = []
        var loca: [UInt8] = []
        for (i, size) in glyphSizes.enumerated() {
            loca += longLoca ? be32(glyf.count) : be16(glyf.count / 2)
            glyf += (0..<size).map { UInt8(truncatingIfNeeded: $0 &+ i) }
        }
        loca += longLoca ? be32(glyf.count) : be16(glyf.count / 2)
        var tables: [(String, [UInt8])] = [("glyf", glyf), ("head", head), ("loca", loca), ("maxp", maxp)]
        for (tag, size) in extraTables { tables.append((tag, [UInt8](repeating: 7, count: size))) }
        tables.sort { $0.0 < $1.0 }
        var out: [UInt8] = be32(0x0001_0000) + be16(tables.count) + be16(0) + be16(0) + be16(0)
        var offset = 12 + 16 * tables.count
        var body: [UInt8] = []
        for (tag, data) in tables {
            out += Array(tag.utf8) + be32(0) + be32(offset) + be32(data.count)
            body += data
            while body.count % 4 != 0 { body.append(0) }
            offset = 12 + 16 * tables.count + body.count
        }
        return out + body
    }
}

@Suite struct Type42Tests {
    /// The Type 42 rules, checked on every split.
    func checkSplit(_ bytes: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws -> [Range<Int>] {
        let program = try #require(TrueTypeProgram(bytes), sourceLocation: sourceLocation)
        let (ranges, forced) = SfntsSplitter.split(program)
        #expect(forced == 0, "forced splits", sourceLocation: sourceLocation)
        #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == bytes.count, sourceLocation: sourceLocation)
        let boundaries = Set(program.tables.map(\.offset)).union(program.glyphStarts)
        for (i, range) in ranges.enumerated() {
            // Strings of at most 65,535 bytes counting the pad byte…
            #expect(range.count + 1 <= 65535, "string \(i) too long: \(range.count + 1)", sourceLocation: sourceLocation)
            // …holding an even number of font bytes (so odd with the pad)…
            #expect(range.count % 2 == 0 || range.upperBound == bytes.count, "string \(i) odd: \(range)", sourceLocation: sourceLocation)
            // …contiguous, and starting at a table or glyph boundary.
            if i > 0 { #expect(ranges[i - 1].upperBound == range.lowerBound, sourceLocation: sourceLocation) }
            #expect(range.lowerBound == 0 || boundaries.contains(range.lowerBound),
                    "string \(i) starts at \(range.lowerBound), not a boundary", sourceLocation: sourceLocation)
        }
        return ranges
    }

    @Test func smallFontIsOneString() throws {
        let bytes = SyntheticFont.make(glyphSizes: [0, 40, 36, 12])
        let ranges = try checkSplit(bytes)
        #expect(ranges.count == 1)
    }

    @Test func largeGlyfSplitsAtGlyphBoundaries() throws {
        // 300 glyphs of 1,000 bytes: a 300 KB glyf table must be cut between glyphs.
        let bytes = SyntheticFont.make(glyphSizes: Array(repeating: 1000, count: 300), extraTables: [("cmap", 900), ("hmtx", 1200)])
        let ranges = try checkSplit(bytes)
        #expect(ranges.count >= 5)
        let program = try #require(TrueTypeProgram(bytes))
        let glyf = try #require(program.tables.first { $0.tag == "glyf" })
        let inside = ranges.dropFirst().filter { $0.lowerBound > glyf.offset && $0.lowerBound < glyf.offset + glyf.length }
        #expect(!inside.isEmpty)
        #expect(inside.allSatisfy { program.glyphStarts.contains($0.lowerBound) })
    }

    @Test func oddGlyphBoundariesAreSkipped() throws {
        // Glyphs of odd length (long loca allows it): a split must still be at an even
        // distance, so it skips the odd boundaries.
        let bytes = SyntheticFont.make(glyphSizes: Array(repeating: 1001, count: 150))
        _ = try checkSplit(bytes)
    }

    @Test func bigTablesEachStartAString() throws {
        let bytes = SyntheticFont.make(glyphSizes: [10, 20], extraTables: [("cmap", 40000), ("hmtx", 40000), ("name", 30000)])
        let ranges = try checkSplit(bytes)
        #expect(ranges.count >= 3)
    }

    @Test func aGlyphOverTheLimitIsAForcedSplit() throws {
        let bytes = SyntheticFont.make(glyphSizes: [10, 70000, 10])
        let program = try #require(TrueTypeProgram(bytes))
        let (ranges, forced) = SfntsSplitter.split(program)
        #expect(forced >= 1)
        #expect(ranges.allSatisfy { $0.count <= 65534 })
        #expect(ranges.first?.lowerBound == 0 && ranges.last?.upperBound == bytes.count)
    }

    @Test func damagedProgramsAreRefused() {
        let good = SyntheticFont.make(glyphSizes: [10, 20, 30])
        #expect(TrueTypeProgram(good) != nil)
        #expect(TrueTypeProgram([]) == nil)
        #expect(TrueTypeProgram(Array(good.prefix(40))) == nil)
        var badOffset = good
        badOffset[12 + 8] = 0x7F  // first table's offset far past the end
        #expect(TrueTypeProgram(badOffset) == nil)
        // Random truncations and byte flips never crash.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<500 {
            var bytes = good
            for _ in 0..<4 { bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator) }
            bytes = Array(bytes.prefix(Int.random(in: 0...bytes.count, using: &generator)))
            if let program = TrueTypeProgram(bytes) { _ = SfntsSplitter.split(program) }
        }
    }

    @Test func namesAreSanitized() {
        #expect(PSType42.sanitizedName("DejaVuSans-Bold") == "DejaVuSans-Bold")
        #expect(PSType42.sanitizedName("a b/(c)%\n") == "abc")
        #expect(PSType42.sanitizedName("/ ()") == "TrueTypeFont")
    }
}

/// Glyph ids from a TrueType `cmap` (format 4 only: enough for the BMP test strings).
enum CmapForTests {
    static func glyphs(_ font: [UInt8], _ text: String) -> [UInt16]? {
        func u16(_ o: Int) -> Int { Int(font[o]) << 8 | Int(font[o + 1]) }
        func u32(_ o: Int) -> Int { u16(o) << 16 | u16(o + 2) }
        let count = u16(4)
        guard let record = (0..<count).map({ 12 + 16 * $0 }).first(where: { String(decoding: font[$0..<$0 + 4], as: UTF8.self) == "cmap" }) else { return nil }
        let cmap = u32(record + 8)
        var sub: Int?
        for i in 0..<u16(cmap + 2) {
            let e = cmap + 4 + 8 * i
            if u16(e) == 3 && u16(e + 2) == 1 { sub = cmap + u32(e + 4) }
        }
        guard let s = sub, u16(s) == 4 else { return nil }
        let segments = u16(s + 6) / 2
        let ends = s + 14, starts = ends + 2 * segments + 2, deltas = starts + 2 * segments, ranges = deltas + 2 * segments
        return text.unicodeScalars.map { scalar in
            let c = Int(scalar.value)
            for i in 0..<segments where c <= u16(ends + 2 * i) {
                guard c >= u16(starts + 2 * i) else { return 0 }
                let rangeOffset = u16(ranges + 2 * i)
                if rangeOffset == 0 { return UInt16((c + u16(deltas + 2 * i)) & 0xFFFF) }
                let g = u16(ranges + 2 * i + rangeOffset + 2 * (c - u16(starts + 2 * i)))
                return g == 0 ? 0 : UInt16((g + u16(deltas + 2 * i)) & 0xFFFF)
            }
            return 0
        }
    }
}

extension Type42Tests {
    /// The whole DejaVu Sans file (~750 KB: its glyf table needs many strings).
    static var systemTrueType: [UInt8]? {
        FileManager.default.contents(atPath: TestFonts.directory.appendingPathComponent("DejaVuSans.ttf").path).map { [UInt8]($0) }
    }

    @Test func realFontSplitsCleanlyAndShowsText() throws {
        let font = try #require(Self.systemTrueType)
        let ranges = try checkSplit(font)
        #expect(ranges.count > 5)  // DejaVu Sans is ~750 KB
        guard ExternalTool.require("gs", "ps2pdf", "pdftotext") else { return }
        let program = try #require(TrueTypeProgram(font))
        let text = "Привет, Ωμέγα! Ÿ"
        let glyphs = try #require(CmapForTests.glyphs(font, text))
        #expect(!glyphs.contains(0))
        var out = ByteBuffer()
        out.append("%!PS-Adobe-3.0\n")
        out.append(PSType42.identityCMapFallback)
        // CID i+1 shows the i-th glyph of the text.
        PSType42.write(program, cidFontName: "DejaVuSans", fontName: "DejaVuSans-Identity-H",
                       cidToGlyph: [0] + glyphs,
                       unicode: text.unicodeScalars.enumerated().map { (UInt16($0.offset + 1), $0.element) }, into: &out)
        out.append("/DejaVuSans-Identity-H 24 selectfont 40 700 moveto <")
        for i in glyphs.indices { out.append(String(format: "%04X", i + 1)) }
        out.append("> show showpage\n")
        let ps = out.take()
        if let problem = try Ghostscript.errors(ps) { Issue.record("\(problem)") }
        let extracted = try Ghostscript.extractText(ps)
        #expect(extracted.contains(text), "got: \(extracted)")
        if let dir = ProcessInfo.processInfo.environment["DRAWC_PS_RENDER"] {
            try Ghostscript.renderPNG(ps, to: URL(fileURLWithPath: dir), name: "type42")
        }
    }
}

/// The test fonts committed under Tests/Fonts (issue 8).
enum TestFonts {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fonts")
    static func load(_ name: String) throws -> TrueTypeFontRef {
        try TrueTypeFontRef.load(path: directory.appendingPathComponent(name).path)
    }

    /// A run placed as layout places it: advances and kerning from the face.
    static func run(_ text: String, face: TrueTypeFontRef, font: Int, size: Double, at origin: Point) throws -> Scene.TextRun {
        var glyphs: [Scene.PositionedGlyph] = []
        var x = 0.0
        var previous: UInt16?
        let scale = size / Double(face.unitsPerEm)
        for scalar in text.unicodeScalars {
            let glyph = try #require(face.glyph(for: scalar), "\(face.postScriptName) lacks U+\(String(scalar.value, radix: 16))")
            if let previous { x += Double(face.kerning(previous, glyph)) * scale }
            glyphs.append(Scene.PositionedGlyph(glyph: glyph, x: x, scalar: scalar))
            x += Double(face.advance(glyph: glyph)) * scale
            previous = glyph
        }
        return Scene.TextRun(font: Scene.FontID(font), size: size, color: .black, origin: origin, glyphs: glyphs, advance: x)
    }

    static var document: Scene.Document {
        get throws {
            let dejaVu = try load("DejaVuSans.ttf"), wqy = try load("wqy-microhei.ttc")
            return Scene.Document(
                pages: [Scene.Page(size: Size(320, 150), items: [
                    .text(TestDocuments.run("Latin", font: 0, standard: .helvetica, size: 14, at: Point(20, 30))),
                    .text(try run("Русский текст", face: dejaVu, font: 1, size: 16, at: Point(20, 60))),
                    .text(try run("Ελληνικά AVA", face: dejaVu, font: 1, size: 16, at: Point(20, 90))),
                    .text(try run("中文字体 日本語のひらがな", face: wqy, font: 2, size: 16, at: Point(20, 125))),
                ])],
                fonts: [.standard(.helvetica), .trueType(dejaVu), .trueType(wqy)],
                metadata: Scene.Metadata(title: "TrueType"))
        }
    }
}

extension Type42Tests {
    @Test func trueTypeDocumentEmbedsSubsetsAsType42() throws {
        let document = try TestFonts.document
        let output = PSWriter.renderWithWarnings(document, encapsulated: false)
        #expect(output.warnings.isEmpty)
        let ps = output.bytes
        let text = String(decoding: ps, as: UTF8.self)
        #expect(text.contains("%%DocumentSuppliedResources: procset drawc-prolog 1.0 0\n%%+ CIDFont DejaVuSans\n%%+ CIDFont WenQuanYiMicroHei\n"))
        #expect(text.contains("/F1 /DejaVuSans-Identity-H def\n"))
        #expect(text.utf8.allSatisfy { $0 < 0x80 })
        #expect(ps.count < 200_000, "subsets, not whole fonts: \(ps.count) bytes")
        try TestFiles.assertGolden(ps, "truetype.ps")
        // The subsets split cleanly by the Type 42 rules.
        let dejaVu = try TestFonts.load("DejaVuSans.ttf")
        let subset = try dejaVu.subset(glyphs: Array(Set(try TestFonts.run("Русский текст", face: dejaVu, font: 1, size: 1, at: .zero).glyphs.map(\.glyph))))
        let ranges = try checkSplit(subset.bytes)
        #expect(ranges.allSatisfy { subset.boundaries.contains($0.lowerBound) })
        guard ExternalTool.require("gs", "ps2pdf", "pdftotext") else { return }
        if let problem = try Ghostscript.errors(ps) { Issue.record("\(problem)") }
        let extracted = try Ghostscript.extractText(ps)
        for line in ["Latin", "Русский текст", "Ελληνικά AVA", "中文字体 日本語のひらがな"] {
            #expect(extracted.contains(line), "missing \(line) in: \(extracted)")
        }
        // Ghostscript's renderer and its pdfwrite take different routes from CID to glyph;
        // both must draw the same glyphs.
        let direct = try Ghostscript.rasterize(ps)
        let viaPDF = try Ghostscript.rasterize(ps, throughPDF: true)
        #expect(direct.count == viaPDF.count && direct.count > 0)
        let differing = zip(direct, viaPDF).filter { abs(Int($0) - Int($1)) > 96 }.count
        #expect(differing < direct.count / 200, "\(differing) of \(direct.count) samples differ")
        if let dir = ProcessInfo.processInfo.environment["DRAWC_PS_RENDER"] {
            try Ghostscript.renderPNG(ps, to: URL(fileURLWithPath: dir), name: "truetype")
        }
    }

    @Test func trueTypeEPSBoxHugsTheText() throws {
        let bytes = PSWriter.render(try TestFonts.document, encapsulated: true)
        guard ExternalTool.require("gs") else { return }
        if let problem = try Ghostscript.errors(bytes) { Issue.record("\(problem)") }
        let text = String(decoding: bytes, as: UTF8.self)
        let line = try #require(text.split(separator: "\n").first { $0.hasPrefix("%%HiResBoundingBox:") })
        let ours = line.split(separator: " ").dropFirst().compactMap { Double($0) }
        let ink = try #require(try Ghostscript.inkBox(bytes))
        #expect(ours.count == 4 && ours[0] <= ink.0 + 0.5 && ours[1] <= ink.1 + 0.5 && ours[2] >= ink.2 - 0.5 && ours[3] >= ink.3 - 0.5,
                "ours \(ours) does not contain ink \(ink)")
        // Each glyph's own box (glyf for TrueType, the AFM for Helvetica): the box hugs the ink.
        #expect(ink.0 - ours[0] <= 0.5 && ink.1 - ours[1] <= 0.5 && ours[2] - ink.2 <= 0.5 && ours[3] - ink.3 <= 0.5,
                "ours \(ours) is loose around ink \(ink)")
    }
}

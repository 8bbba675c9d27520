import DrawTestSupport
import Foundation
import Testing
@testable import DrawFonts

/// OpenType faces with PostScript (CFF) outlines: the URW base-35 `.otf` files (name-keyed,
/// `fonts-urw-base35`) and the Noto Sans CJK collections (CID-keyed, `fonts-noto-cjk`), both
/// installed by `.ci/run`; outlines and charstring widths are compared with fontTools.
@Suite struct CFFTests {
    static let urw = "/usr/share/fonts/opentype/urw-base35"
    static let notoSans = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
    static let library = FontLibrary(searchDirectories: ["/usr/share/fonts"])

    static func requireSystemFonts() throws {
        try #require(FileManager.default.fileExists(atPath: urw + "/NimbusSans-Regular.otf"),
                     "fonts-urw-base35 is not installed (.ci/run installs it)")
        try #require(FileManager.default.fileExists(atPath: notoSans), "fonts-noto-cjk is not installed (.ci/run installs it)")
    }

    @Test func urwFamiliesByName() throws {
        try Self.requireSystemFonts()
        for (family, file) in [("Nimbus Sans", "NimbusSans-Regular"), ("Nimbus Roman", "NimbusRoman-Regular"),
                               ("Nimbus Mono PS", "NimbusMonoPS-Regular")] {
            let face = try Self.library.trueType(family: family, bold: false, italic: false)
            #expect(face.path == Self.urw + "/\(file).otf")
            #expect(face.outlineFormat == .cff)
            #expect(face.cff?.isCIDKeyed == false)
            let a = try #require(face.glyph(for: "a"))
            #expect(face.outline(glyph: a).elements.contains { if case .cubic = $0 { true } else { false } })
            // Metric twins of the standard 14 (AFM widths in 1/1000 em).
            #expect(face.unitsPerEm == 1000)
        }
        let helveticaA = Standard14Font.helvetica.metrics.advance(code: 0x61)
        let nimbus = try Self.library.trueType(family: "Nimbus Sans", bold: false, italic: false)
        #expect(Double(nimbus.advance(glyph: nimbus.glyph(for: "a")!)) == Double(helveticaA))
        let boldItalic = try Self.library.trueType(family: "Nimbus Roman", bold: true, italic: true)
        #expect(boldItalic.path == Self.urw + "/NimbusRoman-BoldItalic.otf")
        #expect(boldItalic.isBold && boldItalic.isItalic)
        let mono = try Self.library.trueType(family: "Nimbus Mono PS", bold: true, italic: false)
        #expect(mono.isFixedPitch)
        #expect(mono.capHeight > 500 && mono.capHeight < 700)
    }

    @Test func notoCJKCollectionFaces() throws {
        try Self.requireSystemFonts()
        for (family, text, index) in [("Noto Sans CJK SC", "简体中文", 2), ("Noto Sans CJK JP", "日本語のテキスト", 0),
                                      ("Noto Sans CJK KR", "한국어 텍스트", 1)] {
            let face = try Self.library.trueType(family: family, bold: false, italic: false)
            #expect(face.path == Self.notoSans)
            #expect(face.faceIndex == index)
            let cff = try #require(face.cff)
            #expect(cff.isCIDKeyed)
            #expect(cff.privates.count > 1)
            for scalar in text.unicodeScalars where scalar != " " {
                let g = try #require(face.glyph(for: scalar), "\(family) lacks \(scalar)")
                #expect(!face.outline(glyph: g).isEmpty, "\(family): no outline for \(scalar)")
                // Ideographs and kana are 1 em wide, Hangul 0.92 em in Noto; the charstring's
                // width agrees with hmtx.
                #expect(face.advance(glyph: g) == (family.hasSuffix("KR") ? 920 : 1000))
                #expect(try cff.run(glyph: Int(g)).width == Double(face.advance(glyph: g)))
            }
        }
    }

    /// Outlines (every point) and charstring widths agree with fontTools' T2 interpreter, for
    /// a name-keyed font with local subroutines and a CID-keyed one with FDSelect.
    @Test(arguments: [
        (urw + "/NimbusSans-Regular.otf", 0, "AgéЖ&@%fiß€"),
        (urw + "/NimbusRoman-Italic.otf", 0, "Qwg§¶"),
        (notoSans, 2, "简体中文字形龍鬱Ag"),
        (notoSans, 1, "한국어텍스트"),
    ])
    func outlinesMatchFontTools(path: String, index: Int, text: String) throws {
        try Self.requireSystemFonts()
        let face = try TrueTypeFontRef.load(path: path, face: .index(index))
        let cff = try #require(face.cff)
        var ours: [String] = []
        for s in text.unicodeScalars {
            let g = try #require(face.glyph(for: s))
            let width = try cff.run(glyph: Int(g)).width
            ours += ["G \(Int(g)) \(width == width.rounded() ? "\(Int(width))" : "\(width)")"] + OutlineTests.canonical(face.outline(glyph: g))
        }
        #expect(ours.count > 10 * text.unicodeScalars.count)
        let script = """
        import sys
        from fontTools.ttLib import TTFont
        from fontTools.pens.recordingPen import RecordingPen
        font = TTFont(sys.argv[1], fontNumber=int(sys.argv[2]))
        cff = font['CFF '].cff
        top = cff.topDictIndex[0]
        order = font.getGlyphOrder()
        cmap = font.getBestCmap()
        def n(v):
            r = round(v * 100) / 100
            return "0.0" if r == 0 else repr(float(r))
        for ch in sys.argv[3]:
            name = cmap[ord(ch)]
            cs = top.CharStrings[name]
            pen = RecordingPen()
            cs.draw(pen)
            w = cs.width
            print("G %d %s" % (order.index(name), int(w) if w == int(w) else repr(float(w))))
            start = None
            out = []
            for op, args in pen.value:
                if op == "moveTo":
                    start = "%s %s" % (n(args[0][0]), n(args[0][1])); out.append("M " + start)
                elif op == "lineTo":
                    out.append("L %s %s" % (n(args[0][0]), n(args[0][1])))
                elif op == "curveTo":
                    (a, b, c) = args
                    out.append("C %s %s %s %s %s %s" % (n(a[0]), n(a[1]), n(b[0]), n(b[1]), n(c[0]), n(c[1])))
                elif op in ("closePath", "endPath"):
                    if out and out[-1] == "L " + start: out.pop()
                    out.append("Z")
            print("\\n".join(out))
        """
        guard ExternalTool.requirePython(modules: ["fontTools"]),
              let python = ExternalValidators.which("python3") else { return }
        let result = ExternalValidators.run(python, ["-c", script, path, "\(index)", text])
        #expect(result.status == 0, "\(result.output)")
        let theirs = result.output.split(separator: "\n").map(String.init)
        #expect(ours.count == theirs.count)
        for (i, (a, b)) in zip(ours, theirs).enumerated() where a != b {
            Issue.record("element \(i): ours \(a), fontTools \(b)")
            break
        }
    }

    /// Glyph boxes of CFF faces come from the outline (CFF stores none per glyph).
    @Test func glyphBoxesAndMetrics() throws {
        try Self.requireSystemFonts()
        let face = try Self.library.trueType(family: "Nimbus Sans", bold: false, italic: false)
        let box = try #require(face.glyphBox(face.glyph(for: "H")!))
        #expect(box.yMin == 0)
        #expect(abs(box.yMax - face.capHeight) <= 15)
        #expect(face.glyphBox(face.glyph(for: " ")!) == nil)
        #expect(face.outline(glyph: UInt16(face.glyphCount)).isEmpty)
    }

    /// fontTools loads a subset (checksums verified, every table decompiled) and draws every
    /// glyph; prints "glyphs N cid True".
    static func fontToolsDrawsEvery(_ bytes: [UInt8]) -> (status: Int32, output: String)? {
        guard ExternalTool.requirePython(modules: ["fontTools"]),
              let python = ExternalValidators.which("python3") else { return nil }
        let path = ExternalValidators.temporaryFile(bytes, suffix: ".otf")
        defer { try? FileManager.default.removeItem(atPath: path) }
        let script = """
        import sys
        from fontTools.ttLib import TTFont
        from fontTools.pens.recordingPen import RecordingPen
        font = TTFont(sys.argv[1], checkChecksums=2)
        for tag in font.keys():
            font[tag]
        gs = font.getGlyphSet()
        drawn = 0
        for name in font.getGlyphOrder():
            pen = RecordingPen()
            gs[name].draw(pen)
            drawn += 1
        cff = font['CFF '].cff
        top = cff.topDictIndex[0]
        print("glyphs", drawn, "cid", hasattr(top, "ROS"), "subrs", len(cff.GlobalSubrs))
        """
        return ExternalValidators.run(python, ["-c", script, path])
    }

    @Test(arguments: [("Noto Sans CJK SC", "简体中文字形龍鬱Ag"), ("Nimbus Sans", "Hello, World! ÅßЖ"),
                      ("Nimbus Mono PS", "fi{}")])
    func subsetsAreSmallValidAndDrawTheSame(family: String, text: String) throws {
        try Self.requireSystemFonts()
        let face = try Self.library.trueType(family: family, bold: false, italic: false)
        let glyphs = text.unicodeScalars.compactMap { face.glyph(for: $0) }
        let subset = try face.subset(glyphs: glyphs)
        #expect(subset.glyphs.first == 0)
        #expect(subset.glyphs.count == Set(glyphs + [0]).count)
        let table = try #require(subset.cffTable)
        #expect(Array(subset.bytes.prefix(4)) == Array("OTTO".utf8))
        // Far smaller than the font: 12 CJK glyphs of a 16 MB collection.
        #expect(subset.bytes.count < 8_000 * glyphs.count)
        // Reloaded, every glyph draws exactly as in the original, and the widths agree.
        let reloaded = try TrueTypeFontRef.load(bytes: subset.bytes)
        let cff = try #require(reloaded.cff)
        #expect(cff.isCIDKeyed)
        #expect(cff.globalSubrs.count == 0)
        #expect(cff.privates.allSatisfy { $0.subrs.count == 0 })
        for (new, old) in subset.glyphs.enumerated() {
            #expect(reloaded.outline(glyph: UInt16(new)) == face.outline(glyph: old), "glyph \(old)")
            #expect(try cff.run(glyph: new).width == face.cff!.run(glyph: Int(old)).width)
            #expect(reloaded.advance(glyph: UInt16(new)) == face.advance(glyph: old))
        }
        #expect(reloaded.glyph(for: text.unicodeScalars.first!) == subset.newGlyph(glyphs[0]))
        _ = table
        if let result = Self.fontToolsDrawsEvery(subset.bytes) {
            #expect(result.status == 0, "\(result.output)")
            #expect(result.output.contains("glyphs \(subset.glyphs.count) cid True subrs 0"), "\(result.output)")
        }
        ExternalValidators.expectOTSAccepts(subset.bytes)
    }
}

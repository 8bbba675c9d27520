import Testing
@testable import DrawFonts

@Suite struct OutlineTests {
    /// Canonical text of an outline: "M x y", "L x y", "Q cx cy x y", "C …", "Z", 2 decimals; a line
    /// back to the contour's start just before Z is dropped (Z implies it).
    static func canonical(_ outline: GlyphOutline) -> [String] {
        func n(_ v: Double) -> String {
            let r = (v * 100).rounded() / 100
            return r == 0 ? "0.0" : "\(r)"
        }
        var out: [String] = []
        var start = ""
        for e in outline.elements {
            switch e {
            case .move(let x, let y): start = "\(n(x)) \(n(y))"; out.append("M " + start)
            case .line(let x, let y): out.append("L \(n(x)) \(n(y))")
            case .quad(let cx, let cy, let x, let y): out.append("Q \(n(cx)) \(n(cy)) \(n(x)) \(n(y))")
            case .cubic(let ax, let ay, let bx, let by, let x, let y):
                out.append("C \(n(ax)) \(n(ay)) \(n(bx)) \(n(by)) \(n(x)) \(n(y))")
            case .close:
                if out.last == "L " + start { out.removeLast() }
                out.append("Z")
            }
        }
        return out
    }

    @Test func outlinesMatchFontTools() throws {
        let face = TestFonts.dejaVuSans
        let text = "AgéЖ&@%"
        var ours: [String] = []
        for s in text.unicodeScalars { ours += ["G"] + Self.canonical(face.outline(glyph: face.glyph(for: s)!)) }
        #expect(ours.count > 100)
        #expect(face.outline(glyph: face.glyph(for: " ")!).isEmpty)
        #expect(face.outline(glyph: 60000).isEmpty)

        let script = """
        from fontTools.pens.recordingPen import DecomposingRecordingPen
        from fontTools.pens.basePen import decomposeQuadraticSegment
        gs = font.getGlyphSet()
        cmap = font.getBestCmap()
        def n(v):
            r = round(v * 100) / 100
            return "0.0" if r == 0 else repr(float(r))
        for ch in \(String(reflecting: text)):
            pen = DecomposingRecordingPen(gs)
            gs[cmap[ord(ch)]].draw(pen)
            print("G")
            start = None
            out = []
            for op, args in pen.value:
                if op == "moveTo":
                    start = "%s %s" % (n(args[0][0]), n(args[0][1])); out.append("M " + start)
                elif op == "lineTo":
                    out.append("L %s %s" % (n(args[0][0]), n(args[0][1])))
                elif op == "qCurveTo":
                    for c, p in decomposeQuadraticSegment(args):
                        out.append("Q %s %s %s %s" % (n(c[0]), n(c[1]), n(p[0]), n(p[1])))
                elif op == "closePath":
                    if out and out[-1] == "L " + start: out.pop()
                    out.append("Z")
            print("\\n".join(out))
        """
        guard let result = ExternalValidators.fontTools(TestFonts.dejaVuSansBytes, script) else { return }
        #expect(result.status == 0, "\(result.output)")
        let theirs = result.output.split(separator: "\n").map(String.init)
        #expect(ours.count == theirs.count)
        for (i, (a, b)) in zip(ours, theirs).enumerated() where a != b {
            Issue.record("element \(i): ours \(a), fontTools \(b)")
            break
        }
    }

    @Test func damagedGlyphIsBlank() throws {
        var bytes = TestFonts.dejaVuSansBytes
        let face = TestFonts.dejaVuSans
        let g = face.glyph(for: "A")!
        let range = face.glyphRange(Int(g))!
        bytes[range.lowerBound + 1] = 0x7F  // 127 contours: endPts read past the glyph
        let f = try TrueTypeFontRef.load(bytes: bytes)
        _ = f.outline(glyph: g)  // no crash; blank or partial garbage is acceptable
        let eacute = face.glyph(for: "é")!
        var loop = TestFonts.dejaVuSansBytes
        let er = face.glyphRange(Int(eacute))!
        HostileFontTests.set16(&loop, er.lowerBound + 12, Int(eacute))  // composite includes itself
        let h = try TrueTypeFontRef.load(bytes: loop)
        #expect(h.outline(glyph: eacute).isEmpty)
    }

    @Test func complexScripts() {
        #expect(complexScriptName(for: "A") == nil)
        #expect(complexScriptName(for: "Ж") == nil)
        #expect(complexScriptName(for: "中") == nil)
        #expect(complexScriptName(for: "한") == nil)
        // Shaped (Shaping.swift): no longer refused.
        #expect(complexScriptName(for: "\u{05D0}") == nil)
        #expect(complexScriptName(for: "\u{0627}") == nil)
        #expect(complexScriptName(for: "\u{0E01}") == nil)
        #expect(complexScriptName(for: "\u{05B8}") == nil)  // a Hebrew point: positioned by GPOS mark
        #expect(complexScriptName(for: "\u{0915}") == nil)  // Devanagari: the Indic shaper
        #expect(complexScriptName(for: "\u{0A15}") == "Gurmukhi")
        #expect(complexScriptName(for: "\u{0710}") == "Syriac")
        #expect(complexScriptName(for: "\u{FEFF}") == nil)
    }
}

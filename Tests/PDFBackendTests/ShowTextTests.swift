// The `TJ` operand of standard-font text, written through a cursor (SceneWriter's
// `writeShowText(_:widths:size:into:)`), against the general writer it stands in for: the
// same bytes for escapes, octal codes, kerning adjustments, positions the writer cannot
// reach by kerning alone, and adjustments too large for the fast number path.

import DrawBase
import DrawFonts
import DrawOutput
import DrawScene
@testable import PDFBackend
import Testing

@Suite struct ShowTextTests {
    static func both(_ glyphs: [Scene.PositionedGlyph], size: Double) -> (fast: [UInt8], general: [UInt8]) {
        let writer = SceneWriter(document: Scene.Document())
        let widths = StandardFontProgram.program(for: .helvetica).widths
        var fast = ByteBuffer(), general = ByteBuffer()
        writer.writeShowText(glyphs, widths: widths, size: size, into: &fast)
        writer.writeShowText(glyphs, size: size, twoByte: false, into: &general,
                             code: { min($0, 255) }, width: { Double(widths[Int($0)]) })
        return (fast.bytes, general.bytes)
    }

    /// Glyphs at Helvetica's advances (scaled to `size`), with `kern` added after each.
    static func run(_ codes: [UInt16], size: Double, kern: (Int) -> Double = { _ in 0 }) -> [Scene.PositionedGlyph] {
        let widths = StandardFontProgram.program(for: .helvetica).widths
        var x = 0.0
        var glyphs: [Scene.PositionedGlyph] = []
        for (index, code) in codes.enumerated() {
            glyphs.append(Scene.PositionedGlyph(glyph: code, x: x, scalar: Unicode.Scalar(UInt8(min(code, 255)))))
            x += Double(widths[Int(min(code, 255))]) * size / 1000 + kern(index)
        }
        return glyphs
    }

    @Test func sameBytesAsTheGeneralWriter() {
        let cases: [([UInt16], Double, (Int) -> Double)] = [
            (Array("Item 42: 317 at 12.5 (Paris, FR)".utf8).map(UInt16.init), 8, { _ in 0 }),
            (Array("AVATAR To Wa".utf8).map(UInt16.init), 12, { $0 % 2 == 0 ? -0.84 : 0 }),
            (Array("(a)\\b)(".utf8).map(UInt16.init), 10, { _ in 0.0001 }),
            ([0, 1, 9, 10, 13, 31, 127, 128, 160, 200, 255, 256, 300, 65535], 9.5, { Double($0) * 0.37 }),
            ([], 12, { _ in 0 }),
        ]
        for (codes, size, kern) in cases {
            let (fast, general) = Self.both(Self.run(codes, size: size, kern: kern), size: size)
            #expect(fast == general, "\(String(decoding: general, as: UTF8.self))")
        }
    }

    @Test func positionsOutOfReachFallBackToTheGeneralWriter() {
        var glyphs = Self.run(Array("far".utf8).map(UInt16.init), size: 12)
        glyphs[1].x = 1e14
        glyphs[2].x = .nan
        let (fast, general) = Self.both(glyphs, size: 12)
        #expect(fast == general)
        #expect(String(decoding: fast, as: UTF8.self).hasPrefix("[(f)-"))
    }

    @Test func randomRuns() {
        var state: UInt64 = 2026
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        for _ in 0..<300 {
            let codes = (0..<Int(next() % 30)).map { _ in UInt16(next() % 300) }
            let size = Double(1 + next() % 400) / 8
            let (fast, general) = Self.both(Self.run(codes, size: size, kern: { _ in Double(Int(next() % 9) - 4) * 0.013 }), size: size)
            #expect(fast == general)
        }
    }
}

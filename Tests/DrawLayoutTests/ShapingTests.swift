// Shaping's byte-by-byte path for printable ASCII (TextLayout.swift, `shapeASCII`) against
// the scalar-by-scalar path it stands in for: the same lines, runs, glyphs, positions and
// diagnostics for every text, face and spacing.

import DrawDiagnostics
import DrawFonts
import DrawResources
import DrawScene
import DrawSemantics
@testable import DrawLayout
import Testing
#if canImport(Foundation)
import Foundation
#endif

@Suite struct ASCIIShapingTests {
    static let fontsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fonts").path

    /// The block and diagnostics of `text` in `style`, shaped with the ASCII path on or off.
    static func layOut(_ text: String, _ style: ResolvedStyle, wrapWidth: Double? = nil, asciiBytes: Bool) -> (String, [String]) {
        let library = FontLibrary(searchDirectories: [fontsDirectory])
        var engine = LayoutEngine(fonts: FontResolver(library: library), resources: Resources())
        engine.shapesASCIIBytes = asciiBytes
        let block = engine.layoutText(text, style: style, wrapWidth: wrapWidth, align: .left, span: span(0, 1),
                                      literal: span(0, text.utf8.count + 2))
        return (String(describing: block), engine.sink.diagnostics.map { "\($0.id) \($0.span) \($0.message)" })
    }

    static func styles() -> [ResolvedStyle] {
        var result: [ResolvedStyle] = []
        let dejaVu = fontsDirectory + "/DejaVuSans.ttf"
        for fonts in [[], ["Times"], ["Courier"], ["Symbol"], [dejaVu], ["Symbol", "Helvetica"]] {
            for (bold, italic) in [(false, false), (true, false), (false, true)] {
                for (letter, word) in [(0.0, 0.0), (0.75, 2.5)] {
                    var style = ResolvedStyle.initial
                    style.fonts = fonts
                    style.bold = bold
                    style.italic = italic
                    style.fontSize = bold ? 8 : 11.5
                    style.typography.letterSpacing = letter
                    style.typography.wordSpacing = word
                    result.append(style)
                }
            }
        }
        return result
    }

    static let texts = [
        "", " ", "AV", "Item 42: 317 at 12.5 (Paris, FR)", "To Wa, yo. LT AY  ", "  leading and trailing  ",
        "(parens) \\back\\ ~tilde~ {braces} [brackets] |bar| `tick` 'q' \"qq\"",
        "every printable: !#$%&*+-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ^_abcdefghijklmnopqrstuvwxyz",
        // Not for the byte path (it must hand these on unchanged): a tab, a newline, a
        // form feed (a mandatory break), DEL, accents, a combining mark, a ligature.
        "tab\there", "two\nlines", "page\u{0C}break", "del\u{7F}", "café naïve", "e\u{301}", "ﬁne", "Ωμ",
    ]

    @Test func byteShapingGivesWhatScalarShapingGives() {
        var compared = 0
        for style in Self.styles() {
            for text in Self.texts {
                let fast = Self.layOut(text, style, asciiBytes: true)
                let general = Self.layOut(text, style, asciiBytes: false)
                #expect(fast.0 == general.0, "\(text) in \(style.fonts) bold \(style.bold) italic \(style.italic)")
                #expect(fast.1 == general.1, "\(text) in \(style.fonts)")
                compared += 1
            }
        }
        #expect(compared == 36 * Self.texts.count)
    }

    @Test func byteShapingGivesWhatScalarShapingGivesWhenWrapping() {
        var style = ResolvedStyle.initial
        style.typography.wordSpacing = 1
        for width in [0.0, 20, 55.5, 400] {
            for text in Self.texts {
                #expect(Self.layOut(text, style, wrapWidth: width, asciiBytes: true) == Self.layOut(text, style, wrapWidth: width, asciiBytes: false),
                        "\(text) at \(width)")
            }
        }
    }

    @Test func printableASCIIHasNoMandatoryBreakClass() {
        // breakParagraph skips these scalars when it looks for mandatory breaks.
        for v in UInt8(0x20)..<0x7F {
            let c = LineBreakClass.resolved(Unicode.Scalar(v))
            #expect(c != .BK && c != .CR && c != .LF && c != .NL, "U+\(String(v, radix: 16))")
        }
    }

    @Test func randomPrintableASCII() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        let styles = Self.styles()
        for round in 0..<200 {
            let length = Int(next() % 40)
            let text = String(decoding: (0..<length).map { _ in UInt8(0x20 + next() % 95) }, as: UTF8.self)
            let style = styles[round % styles.count]
            #expect(Self.layOut(text, style, asciiBytes: true) == Self.layOut(text, style, asciiBytes: false), "\(text)")
        }
    }
}

import DrawDiagnostics
import DrawScene
import DrawSemantics
@testable import DrawLayout
import Testing

@Suite struct TextTests {
    @Test func kerningIsAppliedIntoGlyphPositions() {
        let (page, _, _) = layoutPage([node(.text, "AV")])
        let run = texts(page.items)[0]
        // Helvetica: A 667, V 667, KPX A V −70 → V at (667 − 70)/1000 · 12.
        #expect(run.glyphs.map(\.glyph) == [65, 86])
        #expect(close(run.glyphs[1].x, 7.164))
        #expect(close(run.advance, (667 - 70 + 667) * 0.012))
    }

    @Test func linesSplitAtNewlineAndAlign() {
        let t = node(.text, "Wide line\nab") { $0.style.textAlign = .right }
        let (page, _, _) = layoutPage([t])
        let runs = texts(page.items)
        #expect(runs.count == 2)
        #expect(close(runs[1].origin.y - runs[0].origin.y, 14.4))
        #expect(close(runs[1].origin.x + runs[1].advance, runs[0].origin.x + runs[0].advance))
    }

    @Test func wrapsAtWidth() {
        let t = node(.text, "one two three four") { $0.geometry.width = 50 }
        let (page, _, _) = layoutPage([t])
        let runs = texts(page.items)
        #expect(runs.map(\.text) == ["one two", "three", "four"])
        for run in runs { #expect(run.advance <= 50) }
    }

    @Test func lineHeightAbsoluteAndMultiple() {
        let t = node(.text, "a\nb") { $0.style.lineHeight = .absolute(20) }
        let (page, _, _) = layoutPage([t])
        let runs = texts(page.items)
        #expect(close(runs[1].origin.y - runs[0].origin.y, 20))
        // Baseline in the first line box: (20 − 11.1)/2 + 8.616.
        #expect(close(runs[0].origin.y, 4.45 + 8.616))
    }

    @Test func unknownFontIsAnError() {
        let t = node(.text, "x") { $0.style.fonts = ["Nonexistent Sans"] }
        let (_, diagnostics, _) = layoutPage([t])
        #expect(diagnostics.map(\.id) == ["layout.unknown-font"])
    }

    @Test func fallbackListPicksPerCharacter() {
        // Symbol has α; Helvetica has not.
        let t = node(.text, "aα") { $0.style.fonts = ["Helvetica", "Symbol"] }
        let (page, diagnostics, document) = layoutPage([t])
        #expect(diagnostics.isEmpty)
        #expect(texts(page.items).count == 2)
        #expect(document.fonts == [.standard(.helvetica), .standard(.symbol)])
    }
}

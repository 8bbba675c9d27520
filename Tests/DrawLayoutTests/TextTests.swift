import DrawBase
import DrawDiagnostics
import DrawFonts
#if canImport(Foundation)
import Foundation
#endif
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

@Suite struct ScriptTests {
    @Test func decomposedTextIsComposed() {
        let (page, diagnostics, _) = layoutPage([node(.text, "Cafe\u{301} n\u{303}")])
        #expect(diagnostics.isEmpty)
        #expect(texts(page.items)[0].glyphs.map(\.glyph) == [67, 97, 102, 0xE9, 32, 0xF1])
    }

    @Test func complexScriptsAreRejected() {
        let (_, diagnostics, _) = layoutPage([node(.text, "ខ្មែរ") { $0.style.fonts = ["Helvetica"] }])
        #expect(diagnostics.map(\.id).contains("layout.complex-script"))
        #expect(diagnostics.first { $0.id == "layout.complex-script" }?.message == "text in Khmer needs complex shaping, which drawc does not do yet")
        // Arabic and Devanagari are shaped now: a font without them reports the missing letters instead.
        for word in ["مرحبا", "नमस्ते"] {
            let (_, shaped, _) = layoutPage([node(.text, word) { $0.style.fonts = ["Helvetica"] }])
            #expect(shaped.map(\.id).contains("layout.missing-glyph"))
            #expect(!shaped.map(\.id).contains("layout.complex-script"))
        }
    }

    @Test func trueTypeFaceMeasuresCyrillic() throws {
        let fonts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Fonts")
        let path = fonts.appendingPathComponent("DejaVuSans.ttf").path
        let t = node(.text, "Привет AV") { $0.style.fonts = [path] }
        let library = FontLibrary(searchDirectories: [fonts.path])
        let (document, diagnostics) = layout(drawing([t], size: Size(200, 100)), fonts: FontResolver(library: library))
        #expect(diagnostics.isEmpty)
        guard case .trueType(let face)? = document.fonts.first else { Issue.record("no TrueType font"); return }
        let run = texts(document.pages[0].items)[0]
        #expect(run.text == "Привет AV")
        // Advances in font units scaled by size / unitsPerEm, with the face's kerning.
        let g = run.glyphs
        let scale = 12.0 / Double(face.unitsPerEm)
        #expect(close(g[1].x - g[0].x, Double(face.advance(glyph: g[0].glyph) + face.kerning(g[0].glyph, g[1].glyph)) * scale))
        #expect(g.allSatisfy { $0.glyph != 0 })
    }
}

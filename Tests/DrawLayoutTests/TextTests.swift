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

    /// Composition decides canonical equivalence on decompositions (DrawFonts' tables): it
    /// picks the scalar that comparing the cluster as a `String` with each candidate in turn
    /// picked (what it did before: millions of instructions a cluster), for clusters that
    /// compose, compose only after their marks are put in canonical order, have two
    /// equivalent candidates (U+03AC and U+1F71, U+0390 and U+1FD3), or compose to nothing.
    @Test func compositionPicksTheScalarStringEqualityPicks() {
        let candidates: [ClosedRange<UInt32>] = [0x00C0...0x024F, 0x0370...0x04FF, 0x1E00...0x1FFF, 0x3040...0x30FF]
        func byStringEquality(_ cluster: String) -> [Unicode.Scalar] {
            for range in candidates {
                for v in range { if let s = Unicode.Scalar(v), String(s) == cluster { return [s] } }
            }
            return Array(cluster.unicodeScalars)
        }
        let clusters = [
            "e\u{301}", "a\u{308}", "A\u{30A}", "Z\u{30C}", "o\u{302}\u{323}", "o\u{323}\u{302}", "\u{3B1}\u{301}",
            "\u{3B9}\u{308}\u{301}", "\u{3B5}\u{313}\u{301}", "\u{3C9}\u{342}\u{345}", "\u{3C9}\u{345}\u{342}",
            "\u{438}\u{306}", "\u{304B}\u{3099}", "\u{1EB9}\u{301}", "\u{254}\u{301}", "O\u{338}", "o\u{358}",
            "\u{142}\u{323}", "e\u{301}\u{301}", "q\u{301}", "\u{E0}\u{30D}", "\u{1ECD}\u{301}",
        ]
        var composer = Composer()
        for cluster in clusters {
            let composed = composer.compose(cluster)
            #expect(Array(composed.unicodeScalars) == byStringEquality(cluster), "\(cluster.unicodeScalars.map { String($0.value, radix: 16) })")
            // A second look-up (from the cache) gives the same.
            #expect(Array(composer.compose(cluster).unicodeScalars) == Array(composed.unicodeScalars))
        }
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

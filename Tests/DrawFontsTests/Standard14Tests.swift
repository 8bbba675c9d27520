import Testing
@testable import DrawFonts

/// Values below were read from the Adobe AFM files (matplotlib's mpl-data/fonts/pdfcorefonts).
@Suite struct Standard14Tests {
    @Test func knownWidths() {
        #expect(Standard14Font.helvetica.metrics.advance(code: 0x41) == 667)
        #expect(Standard14Font.timesRoman.metrics.advance(code: 0x41) == 722)
        #expect(Standard14Font.helvetica.metrics.advance(code: 0x20) == 278)
        #expect(Standard14Font.helvetica.metrics.advance(code: 0x80) == 556)  // Euro
        #expect(Standard14Font.helvetica.metrics.advance(code: 0xA0) == 278)  // nbsp = space
        #expect(Standard14Font.helvetica.metrics.advance(code: 0x81) == 0)    // unassigned
        for face in [Standard14Font.courier, .courierBold, .courierOblique, .courierBoldOblique] {
            for code in 0x20...0xFF where WinAnsi.unicode(code: UInt8(code)) != nil {
                #expect(face.metrics.advance(code: UInt8(code)) == 600)
            }
        }
        #expect(Standard14Font.symbol.metrics.advance(code: 0x61) == 631)     // alpha
        #expect(Standard14Font.zapfDingbats.metrics.advance(code: 0x28) == 791) // a118
    }

    @Test func kerningPairs() {
        let helvetica = Standard14Font.helvetica.metrics
        #expect(helvetica.kerning(0x41, 0x56) == -70)   // A V
        #expect(helvetica.kerning(0x56, 0x41) == -80)   // V A
        #expect(helvetica.kerning(0x54, 0x6F) == -120)  // T o
        #expect(helvetica.kerning(0x41, 0x41) == 0)
        #expect(helvetica.kernKeys.count == 2705)
        #expect(Standard14Font.helveticaOblique.metrics.kerning(0x41, 0x56) == -70)
        #expect(Standard14Font.helveticaBold.metrics.kernKeys.count == 2481)
        #expect(Standard14Font.timesRoman.metrics.kerning(0x41, 0x56) == -135)
        #expect(Standard14Font.timesRoman.metrics.kerning(0x54, 0x6F) == -80)
        #expect(Standard14Font.courier.metrics.kerning(0x41, 0x56) == 0)
        #expect(Standard14Font.symbol.metrics.kerning(0x41, 0x56) == 0)
        // Keys are sorted, so binary search finds every pair.
        for face in Standard14Font.allCases {
            let keys = face.metrics.kernKeys
            #expect(zip(keys, keys.dropFirst()).allSatisfy { $0 < $1 })
        }
    }

    /// `kernsPair`'s table (the SVG writer's question per pair of glyphs) answers as the two
    /// searches it replaces, for every pair of codes of every face.
    @Test func kernsPairAgreesWithTheKerningTables() {
        for face in Standard14Font.allCases {
            let metrics = face.metrics
            var mismatches = 0, kerned = 0
            for left in 0...255 {
                for right in 0...255 {
                    let l = UInt8(left), r = UInt8(right)
                    let expected = metrics.kerning(l, r) != 0 || face.twinOnlyKerning(l, r)
                    if face.kernsPair(l, r) != expected { mismatches += 1 }
                    if expected { kerned += 1 }
                }
            }
            #expect(mismatches == 0, "\(face)")
            // The Latin faces but Courier kern: the test compares tables that have pairs.
            if face.postScriptName.hasPrefix("Helvetica") || face.postScriptName.hasPrefix("Times") { #expect(kerned > 1000, "\(face)") }
        }
        #expect(Standard14Font.helvetica.kernsPair(0x41, 0x56))   // A V
    }

    @Test func winAnsiMapping() {
        #expect(WinAnsi.code(for: "€") == 0x80)
        #expect(WinAnsi.code(for: "é") == 0xE9)
        #expect(WinAnsi.code(for: "A") == 0x41)
        #expect(WinAnsi.code(for: "\u{4E2D}") == nil)
        #expect(WinAnsi.code(for: "\u{7F}") == nil)
        #expect(WinAnsi.code(for: "\n") == nil)
        #expect(WinAnsi.code(for: "\u{201C}") == 0x93)
        #expect(WinAnsi.code(for: "\u{0152}") == 0x8C)  // Œ, the smallest scalar in 0x80…0x9F
        #expect(WinAnsi.code(for: "\u{0141}") == nil)   // Ł: not WinAnsi
        #expect(WinAnsi.unicode(code: 0x80) == "€")
        #expect(WinAnsi.unicode(code: 0x81) == nil)
        #expect(WinAnsi.glyphNames.count == 256)
        #expect(WinAnsi.glyphName(code: 0x80) == "Euro")
        #expect(WinAnsi.glyphName(code: 0x2D) == "hyphen")
        #expect(WinAnsi.glyphName(code: 0x27) == "quotesingle")
        #expect(WinAnsi.glyphName(code: 0x60) == "grave")
        #expect(WinAnsi.glyphName(code: 0xA0) == "space")
        #expect(WinAnsi.glyphName(code: 0x00) == ".notdef")
        // Every code round-trips, and every assigned code has a glyph in every Latin face.
        for code in 0...255 {
            guard let u = WinAnsi.unicode(code: UInt8(code)) else { continue }
            #expect(WinAnsi.code(for: u) == UInt8(code))
            for face in Standard14Font.allCases where !face.isSymbolic {
                #expect(face.code(for: u) == UInt8(code))
            }
        }
    }

    @Test func symbolicEncodings() {
        #expect(Standard14Font.symbol.code(for: "a") == 0x61)          // traditional byte rule
        #expect(Standard14Font.symbol.code(for: "α") == 0x61)          // by glyph name
        #expect(Standard14Font.symbol.code(for: "\u{2200}") == 0x22)   // ∀ universal
        #expect(Standard14Font.symbol.code(for: "\u{4E2D}") == nil)
        #expect(Standard14Font.symbol.code(for: "\u{03BC}") == 0x6D)   // μ (AGL 1.2 double mappings)
        #expect(Standard14Font.symbol.code(for: "\u{0394}") == 0x44)   // Δ
        #expect(Standard14Font.symbol.code(for: "\u{2206}") == 0x44)   // ∆ increment
        #expect(Standard14Font.symbol.code(for: "\u{03A9}") == 0x57)   // Ω
        #expect(Standard14Font.symbol.code(for: "\u{03C0}") == 0x70)   // π
        #expect(Standard14Font.symbol.unicode(code: 0x61) == "α")
        #expect(Standard14Font.zapfDingbats.code(for: "\u{2708}") == 0x28)
        #expect(Standard14Font.zapfDingbats.unicode(code: 0x28) == "\u{2708}")
        #expect(Standard14Font.helvetica.code(for: "α") == nil)
    }

    @Test func fontWideMetrics() {
        let h = Standard14Font.helvetica.metrics
        #expect(h.ascender == 718 && h.descender == -207 && h.capHeight == 718 && h.xHeight == 523)
        #expect(h.fontBBox == FontBox(xMin: -166, yMin: -225, xMax: 1000, yMax: 931))
        #expect(h.stemV == 88 && h.flags == 32 && h.italicAngle == 0)
        #expect(Standard14Font.helveticaOblique.metrics.italicAngle == -12)
        #expect(Standard14Font.helveticaOblique.metrics.flags == 96)
        #expect(Standard14Font.courier.metrics.flags == 35)
        #expect(Standard14Font.timesRoman.metrics.flags == 34)
        let s = Standard14Font.symbol.metrics
        #expect(s.ascender == 1010 && s.descender == -293 && s.flags == 4)
        let z = Standard14Font.zapfDingbats.metrics
        #expect(z.ascender == 820 && z.descender == -143)
        for face in Standard14Font.allCases {
            #expect(face.metrics.postScriptName == face.postScriptName)
        }
    }

    @Test func familyResolution() {
        #expect(Standard14Font(family: "Helvetica", bold: false, italic: false) == .helvetica)
        #expect(Standard14Font(family: "helvetica", bold: true, italic: true) == .helveticaBoldOblique)
        #expect(Standard14Font(family: "Times", bold: false, italic: true) == .timesItalic)
        #expect(Standard14Font(family: "Times-Roman", bold: true, italic: false) == .timesBold)
        #expect(Standard14Font(family: "Times New Roman", bold: false, italic: false) == .timesRoman)
        #expect(Standard14Font(family: "COURIER", bold: true, italic: false) == .courierBold)
        #expect(Standard14Font(family: "Helvetica-Bold", bold: false, italic: true) == .helveticaBoldOblique)
        #expect(Standard14Font(family: "Symbol", bold: true, italic: false) == .symbol)
        #expect(Standard14Font(family: "ZapfDingbats", bold: false, italic: false) == .zapfDingbats)
        #expect(Standard14Font(family: "Zapf Dingbats", bold: false, italic: false) == .zapfDingbats)
        #expect(Standard14Font(family: "DejaVu Sans", bold: false, italic: false) == nil)
        for face in Standard14Font.allCases {
            #expect(Standard14Font(family: face.postScriptName, bold: false, italic: false) == face)
            #expect(Standard14Font(family: face.postScriptName.lowercased(), bold: false, italic: false) == face)
        }
    }

    @Test func glyphBoxes() {
        // AFM: Helvetica "C 65 ; WX 667 ; N A ; B 14 0 654 718 ;", space "B 0 0 0 0".
        #expect(Standard14Font.helvetica.metrics.glyphBox(code: 0x41) == FontBox(xMin: 14, yMin: 0, xMax: 654, yMax: 718))
        #expect(Standard14Font.helvetica.metrics.glyphBox(code: 0x20) == nil)
        #expect(Standard14Font.helvetica.metrics.glyphBox(code: 0x81) == nil)
        #expect(Standard14Font.timesRoman.metrics.glyphBox(code: 0x41) == FontBox(xMin: 15, yMin: 0, xMax: 706, yMax: 674))
        #expect(Standard14Font.symbol.metrics.glyphBox(code: 0x61) == FontBox(xMin: 41, yMin: -18, xMax: 622, yMax: 500))
    }

    @Test func glyphsBeyondWinAnsi() {
        let h = Standard14Font.helvetica.metrics
        let lslash = h.glyphIndex(unicode: "\u{0142}")  // ł, for PDF /Differences
        #expect(lslash != nil && h.glyphNames[lslash!] == "lslash")
        #expect(h.glyphIndex(named: "lslash") == lslash)
        #expect(h.advance(glyph: lslash!) == 222)
        #expect(h.glyphCount == 315)
    }
}

// Text runs as `<text>` with one `<tspan x=…>` per positioned glyph, and fonts as CSS
// classes (`.f1`, `.f2` … = document font 1, 2 …) so the long family lists are written once.

import DrawFonts
import DrawOutput
import DrawScene

enum SVGFonts {
    /// CSS `font-family` lists that render the standard 14 fonts alike everywhere: the Adobe
    /// name (macOS, and fontconfig aliases), the Windows metric-compatible face, the URW
    /// base-35 clone (Linux; same advance widths as the Adobe AFMs), then a generic family.
    static func family(of font: Standard14Font) -> String {
        switch font {
        case .helvetica, .helveticaBold, .helveticaOblique, .helveticaBoldOblique:
            "Helvetica, Arial, 'Nimbus Sans', sans-serif"
        case .timesRoman, .timesBold, .timesItalic, .timesBoldItalic:
            "'Times New Roman', Times, 'Nimbus Roman', serif"
        case .courier, .courierBold, .courierOblique, .courierBoldOblique:
            "'Courier New', Courier, 'Nimbus Mono PS', monospace"
        case .symbol:
            "Symbol, 'Standard Symbols PS', serif"
        case .zapfDingbats:
            "'Zapf Dingbats', ZapfDingbats, D050000L, serif"
        }
    }

    /// The declarations of one CSS rule (without braces) selecting `font`.
    static func writeStyle(of font: Scene.FontResource, into out: inout ByteBuffer) {
        switch font {
        case .standard(let standard):
            out.append(static: "font-family: ")
            out.append(family(of: standard))
            if standard.isBold { out.append(static: "; font-weight: bold") }
            if standard.isItalic {
                // Times has true italics; Helvetica and Courier are slanted romans. Renderers
                // fall back to the italic face when no oblique one exists (CSS Fonts 3 §3.3).
                switch standard {
                case .timesItalic, .timesBoldItalic: out.append(static: "; font-style: italic")
                default: out.append(static: "; font-style: oblique")
                }
            }
        case .trueType(let face):
            // The face's own family first (it renders the same glyphs where installed), then
            // the generic family it belongs to.
            out.append(static: "font-family: ")
            let name = cssSafeName(face.familyName)
            if !name.isEmpty { out.append(static: "'"); out.append(name); out.append(static: "', ") }
            out.append(face.isFixedPitch ? "monospace" : face.isSerif ? "serif" : "sans-serif")
            if face.isBold { out.append(static: "; font-weight: bold") }
            if face.isItalic { out.append(static: "; font-style: italic") }
        }
    }

    /// `name` reduced to characters that can stand inside a quoted CSS string within XML
    /// without any escaping (font names come from font files: untrusted).
    static func cssSafeName(_ name: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in name.unicodeScalars.prefix(127) {
            switch scalar {
            case "A"..."Z", "a"..."z", "0"..."9", " ", "-", "_", ".", "+": result.append(scalar)
            default: break
            }
        }
        return String(result)
    }
}

extension ByteBuffer {
    /// `</tspan>` when `closingPrevious`, then `<tspan x="…">`, in one piece through a cursor.
    mutating func appendTspanStart(x: Double, closingPrevious: Bool, numbers: NumberCache?) {
        guard ByteCursor.fits(x) else {
            if closingPrevious { append(static: "</tspan>") }
            append(static: "<tspan x=\""); append(number: x); append(static: "\">")
            return
        }
        withCursor(maximumLength: 24 + NumberFormat.maximumFastLength, numbers: numbers) { out in
            if closingPrevious { out.text("</tspan>") }
            out.text("<tspan x=\""); out.number(x); out.byte(0x22); out.byte(0x3E)
        }
    }
}

enum SVGText {
    /// The glyphs of `run` as the content of its `<text>` element, whose `x` is the first
    /// glyph's position: each later glyph opens a `<tspan>` at its own position, except
    /// spaces and non-spacing marks, whose placement a renderer cannot get visibly wrong and
    /// which therefore ride along with the glyph before them. Tab, line feed and carriage
    /// return count as spaces; other control characters are dropped (they have no glyph, and
    /// most may not appear in XML at all) and the next glyph is placed explicitly.
    ///
    /// SVG text keeps the characters of the source. Only where the source wrote a Latin-1
    /// character (U+0000…U+00FF) that a Symbol or ZapfDingbats code stands in for ("a" set
    /// in Symbol shows α) is the glyph's own character written instead: that is what PDF and
    /// PostScript show, and the URW clones map only their codes (U+0020…U+00FF), so a
    /// renderer that finds no Unicode Greek there falls back to a font that has it rather
    /// than showing a Latin "a". The glyph's character is never written for a source
    /// character beyond Latin-1: Symbol's `mu` glyph is U+00B5 (micro sign) in the AFM, and
    /// Standard Symbols PS draws U+00B5 as ∝, so a source μ (U+03BC) must stay U+03BC.
    static func writeGlyphs(of run: Scene.TextRun, font: Scene.FontResource, into out: inout ByteBuffer,
                            numbers: NumberCache? = nil) {
        var symbolic: Standard14Font?
        if case .standard(let standard) = font, standard.isSymbolic { symbolic = standard }
        var inTspan = false
        // Whether the glyph written next sits where the renderer's pen already is, i.e.
        // whether anything has been written at all.
        var started = false
        for glyph in run.glyphs {
            var scalar = glyph.scalar
            if let symbolic, scalar.value <= 0xFF, glyph.glyph <= 0xFF, let shown = symbolic.unicode(code: UInt8(glyph.glyph)) {
                scalar = shown
            }
            if scalar == "\t" || scalar == "\n" || scalar == "\r" { scalar = " " }
            guard !ByteBuffer.isControlCharacter(scalar), ByteBuffer.isXMLCharacter(scalar) else { continue }
            // No nonspacing mark lies below U+0300: skip the property lookup for those.
            let ridesAlong = scalar == " " || scalar == "\u{A0}"
                || (scalar.value >= 0x300 && scalar.properties.generalCategory == .nonspacingMark)
            if started && !ridesAlong {
                out.appendTspanStart(x: run.origin.x + glyph.x, closingPrevious: inTspan, numbers: numbers)
                inTspan = true
            } else if !started && glyph.x != run.glyphs[0].x {
                // The first glyphs were dropped: this one still goes where layout put it.
                out.append(static: "<tspan x=\""); out.append(number: run.origin.x + glyph.x); out.append(static: "\">")
                inTspan = true
            }
            started = true
            switch scalar.value {
            // Printable ASCII other than & < > " ' is written as it is (the common case).
            case 0x20...0x7E where scalar != "&" && scalar != "<" && scalar != ">" && scalar != "\"" && scalar != "'":
                out.append(UInt8(truncatingIfNeeded: scalar.value))
            default:
                out.appendXMLEscaped(scalar)
            }
        }
        if inTspan { out.append(static: "</tspan>") }
    }
}

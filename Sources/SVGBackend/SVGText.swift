// Text runs as `<text>` with one `<tspan x=…>` per positioned glyph, and fonts as CSS
// classes (`.f1`, `.f2` … = document font 1, 2 …) so the long family lists are written once.

import DrawBase
import DrawFonts
import DrawOutput
import DrawScene

enum SVGFonts {
    /// CSS `font-family` lists that render the standard 14 fonts alike everywhere: the Adobe
    /// name first (macOS has the faces; fontconfig gives the URW twin that PDF and PostScript
    /// viewers on Linux use for the same text), the Windows metric-compatible face, the URW
    /// base-35 clone (same advance widths as the Adobe AFMs), then a generic family. Why the
    /// Adobe name goes before 'Courier New' and 'Times New Roman': docs/svg.md.
    static func family(of font: Standard14Font) -> String {
        switch font {
        case .helvetica, .helveticaBold, .helveticaOblique, .helveticaBoldOblique:
            "Helvetica, Arial, 'Nimbus Sans', sans-serif"
        case .timesRoman, .timesBold, .timesItalic, .timesBoldItalic:
            "Times, 'Times New Roman', 'Nimbus Roman', serif"
        case .courier, .courierBold, .courierOblique, .courierBoldOblique:
            "Courier, 'Courier New', 'Nimbus Mono PS', monospace"
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
    /// A glyph is placed explicitly at least once in this many glyphs of a run, even where
    /// the font's advances already put it in place: renderers add up advances in their own
    /// precision (and may round them to pixels), and this bounds the drift. It also bounds
    /// the SVG's size per glyph: at most 1 + 25/16 bytes for a run of plain ASCII between
    /// kerning pairs (about 4 bytes a glyph for running Latin text).
    static let maximumGlyphsBetweenPositions = 16

    /// The glyphs of `run` as the content of its `<text>` element, whose `x` is the first
    /// glyph's position. A later glyph opens a `<tspan x=…>` only where the layout departs
    /// from the font's own advances (a kerning pair, letter or word spacing, a dropped
    /// glyph), where the font has a kerning pair a renderer might apply by itself (rsvg
    /// kerns text it is left to place; for the standard 14 also the pairs only their URW
    /// metric twins kern, `Standard14Font.twinOnlyKerning`), after an `f` (which rsvg would join into a
    /// ligature), and every `maximumGlyphsBetweenPositions` glyphs.
    /// Everywhere else the renderer's pen, moved by the same advances (the metric twins of
    /// the standard 14 have the AFM's widths), lands where layout put the glyph. (Before,
    /// every glyph had its tspan: a 100,000-character text was 3 MB of SVG.) Spaces and
    /// non-spacing marks, whose placement a renderer cannot get visibly wrong, ride along
    /// with the glyph before them. Tab, line feed and carriage return count as spaces; other
    /// control characters are dropped (they have no glyph, and most may not appear in XML
    /// at all) and the next glyph is placed explicitly.
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
        // The font's own advance of a glyph in points, and whether it kerns a pair; nil for
        // a font whose metrics are not known here (then every glyph is placed).
        let scale: Double
        var advance: ((UInt16) -> Int)?
        var kerns: ((UInt16, UInt16) -> Bool)?
        if case .standard(let standard) = font, !standard.isSymbolic {
            // (Symbol and ZapfDingbats text is shown through whatever font has the Unicode
            // characters, with other advances: each of their glyphs is placed.)
            let metrics = standard.metrics
            scale = run.size / 1000
            advance = { metrics.advance(code: UInt8(truncatingIfNeeded: $0)) }
            // The AFM's pairs, and the pairs only the metric twin kerns (rsvg would kern those).
            kerns = { standard.kernsPair(UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $1)) }
        } else if case .trueType(let face) = font {
            scale = run.size / Double(max(1, face.unitsPerEm))
            advance = { face.advance(glyph: $0) }
            kerns = { face.kerning($0, $1) != 0 }
        } else {
            scale = 0
        }
        var inTspan = false
        // Whether the glyph written next sits where the renderer's pen already is, i.e.
        // whether anything has been written at all.
        var started = false
        // Where the renderer's pen is after the glyphs written (nil: not known), the glyph
        // before, and how many glyphs were written since the last explicit position.
        var pen: Double?
        var previous: UInt16?
        var previousScalar: Unicode.Scalar = " "
        var sincePosition = 0
        for glyph in run.glyphs {
            var scalar = glyph.scalar
            if let symbolic, scalar.value <= 0xFF, glyph.glyph <= 0xFF, let shown = symbolic.unicode(code: UInt8(glyph.glyph)) {
                scalar = shown
            }
            if scalar == "\t" || scalar == "\n" || scalar == "\r" { scalar = " " }
            guard !ByteBuffer.isControlCharacter(scalar), ByteBuffer.isXMLCharacter(scalar) else {
                pen = nil
                continue
            }
            // No nonspacing mark lies below U+0300: skip the property lookup for those.
            let ridesAlong = scalar == " " || scalar == "\u{A0}"
                || (scalar.value >= 0x300 && scalar.properties.generalCategory == .nonspacingMark)
            // The first glyph written is placed by the text's own x (or its tspan).
            let inPlace = !started || (pen.map { abs($0 - glyph.x) <= 1e-6 * max(1, abs(glyph.x)) } ?? false)
            if started && !ridesAlong {
                let kerned = previous.map { kerns?($0, glyph.glyph) ?? true } ?? true
                // rsvg (pango) forms the f-ligatures (fi, fl, ff, ffi) of text it shapes
                // itself, which neither PDF nor PostScript show: a tspan between breaks them.
                let ligature = previousScalar == "f"
                if !inPlace || kerned || ligature || sincePosition >= maximumGlyphsBetweenPositions {
                    out.appendTspanStart(x: run.origin.x + glyph.x, closingPrevious: inTspan, numbers: numbers)
                    inTspan = true
                    sincePosition = 0
                }
            } else if !started && glyph.x != run.glyphs[0].x {
                // The first glyphs were dropped: this one still goes where layout put it.
                out.append(static: "<tspan x=\""); out.append(number: run.origin.x + glyph.x); out.append(static: "\">")
                inTspan = true
                sincePosition = 0
            }
            started = true
            sincePosition += 1
            // A space or mark rides along where it is; if layout moved it (word spacing),
            // the pen after it is not known and the next glyph is placed.
            if ridesAlong && !inPlace {
                pen = nil
            } else if let advance {
                pen = glyph.x + Double(advance(glyph.glyph)) * scale
            } else {
                pen = nil
            }
            previous = glyph.glyph
            previousScalar = scalar
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

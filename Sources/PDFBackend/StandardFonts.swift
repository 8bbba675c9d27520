// The standard 14 fonts as PDF Type 1 font dictionaries. We write /FirstChar, /LastChar,
// /Widths and a /FontDescriptor from the AFM metrics even though PDF 1.7 lets readers
// supply them: PDF 2.0 requires them, and with our widths in the file every reader
// advances glyphs exactly as our layout did.

import DrawFonts
import DrawOutput

/// What the PDF writer needs of a standard font, by code (the byte in the content stream).
struct StandardFontProgram {
    var postScriptName: String
    /// Advance width per code 0…255, in 1/1000 em (0 where the encoding has no glyph).
    var widths: [UInt16]
    /// Latin fonts are written with /WinAnsiEncoding; Symbol and ZapfDingbats keep their
    /// built-in encodings (WinAnsi would map their codes to glyphs they don't have).
    var usesWinAnsi: Bool
    var flags: Int
    var boundingBox: (Int, Int, Int, Int)
    var italicAngle: Double
    var ascent: Int
    var descent: Int
    var capHeight: Int
    var xHeight: Int
    var stemV: Int

    /// The program of each of the 14 fonts, built once from `Standard14Font.metrics`.
    static let all: [StandardFontProgram] = Standard14Font.allCases.map { font in
        let m = font.metrics
        return StandardFontProgram(
            postScriptName: m.postScriptName,
            widths: (0...255).map { UInt16(clamping: m.advance(code: UInt8($0))) },
            usesWinAnsi: !font.isSymbolic, flags: m.flags,
            boundingBox: (m.fontBBox.xMin, m.fontBBox.yMin, m.fontBBox.xMax, m.fontBBox.yMax),
            italicAngle: m.italicAngle, ascent: m.ascender, descent: m.descender,
            capHeight: m.capHeight, xHeight: m.xHeight, stemV: m.stemV)
    }

    static func program(for font: Standard14Font) -> StandardFontProgram {
        all[Int(font.rawValue)]
    }
}

extension PDFFile {
    /// Writes the font dictionary `fontObject` and its descriptor `descriptorObject` for
    /// `font`, with widths for the codes `firstCode…lastCode`.
    mutating func writeStandardFont(_ font: Standard14Font, codes: Set<UInt16>, text: [UInt8: Unicode.Scalar]?,
                                    fontObject: Int, descriptorObject: Int) {
        let toUnicode = text.map { _ in allocate() }
        let program = StandardFontProgram.program(for: font)
        let first = Int(codes.min() ?? 32)
        let last = max(first, Int(codes.max() ?? 32))
        dictionary(fontObject) { out in
            out.append(static: " /Type /Font /Subtype /Type1 /BaseFont ")
            out.name(program.postScriptName)
            if program.usesWinAnsi { out.append(static: " /Encoding /WinAnsiEncoding") }
            out.append(static: " /FirstChar ")
            out.append(integer: first)
            out.append(static: " /LastChar ")
            out.append(integer: last)
            out.append(static: " /Widths [")
            for code in first...last {
                if code > first { out.append(0x20) }
                out.append(integer: Int(program.widths[code]))
            }
            out.append(static: "] /FontDescriptor ")
            out.reference(descriptorObject)
            if let toUnicode {
                out.append(static: " /ToUnicode ")
                out.reference(toUnicode)
            }
        }
        if let toUnicode, let text {
            stream(toUnicode, data: toUnicodeCMap(text.map { (UInt16($0.key), [$0.value]) }, codeBytes: 1))
        }
        dictionary(descriptorObject) { out in
            out.append(static: " /Type /FontDescriptor /FontName ")
            out.name(program.postScriptName)
            out.append(static: " /Flags ")
            out.append(integer: program.flags)
            out.append(static: " /FontBBox [")
            let box = program.boundingBox
            for (i, value) in [box.0, box.1, box.2, box.3].enumerated() {
                if i > 0 { out.append(0x20) }
                out.append(integer: value)
            }
            out.append(static: "] /ItalicAngle ")
            out.append(number: program.italicAngle)
            out.append(static: " /Ascent ")
            out.append(integer: program.ascent)
            out.append(static: " /Descent ")
            out.append(integer: program.descent)
            out.append(static: " /CapHeight ")
            out.append(integer: program.capHeight)
            if program.xHeight > 0 {
                out.append(static: " /XHeight ")
                out.append(integer: program.xHeight)
            }
            out.append(static: " /StemV ")
            out.append(integer: program.stemV)
        }
    }
}

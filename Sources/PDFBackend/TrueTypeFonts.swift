// TrueType faces as PDF composite fonts (ISO 32000-1 §9.7): a Type0 font with the
// Identity-H encoding over a CIDFontType2 whose program is a subset of the face (only the
// glyphs the document shows), embedded as /FontFile2 and named `ABCDEF+PostScriptName`
// with the subsetter's deterministic tag. CIDs are the subset's glyph ids
// (/CIDToGIDMap /Identity), two bytes each in the content stream. /W gives the advances,
// and /ToUnicode maps every CID to the text the IR says the glyph stands for, so copying
// and searching return the drawing's text.
//
// Faces with PostScript (CFF) outlines take the same path with a CIDFontType0 instead: the
// subset's CID-keyed CFF program (CID = subset glyph id, by its charset) is embedded as
// /FontFile3 /Subtype /CIDFontType0C (ISO 32000-1 §9.9, Table 126), without /CIDToGIDMap.

import DrawBase
import DrawFonts
import DrawOutput
import DrawScene

/// One TrueType face as the document uses it: the subset and, by subset glyph id, the
/// advance (1/1000 em, as written in /W) and the text each glyph stands for.
struct TrueTypeFontPlan {
    var face: TrueTypeFontRef
    var subset: FontSubset
    /// Advance by subset glyph id in 1/1000 em, rounded to integers as written in /W; TJ
    /// positions use these very numbers, so a reader places glyphs exactly where layout did.
    /// Integers, because some readers (MuPDF) truncate fractional /W entries: the fraction
    /// then travels in the TJ numbers, which every reader takes as they are.
    var widths: [Double]
    /// The Unicode scalars each subset glyph stands for (first use wins): its scalar, or
    /// the text shaping gave it (a ligature's letters: `Scene.TextRun.glyphText`).
    var text: [UInt16: [Unicode.Scalar]]

    /// Subsets each TrueType face once, for the glyphs the document shows (`usage`: what
    /// its pages and patterns use, `Scene.DocumentUsage`). A face whose glyph data is damaged
    /// gets no plan: its text is not drawn.
    static func plans(for document: Scene.Document, usage: Scene.DocumentUsage) -> [Int: TrueTypeFontPlan] {
        var used: [Int: (glyphs: Set<UInt16>, order: [(UInt16, [Unicode.Scalar])])] = [:]
        for part in usage.pages + usage.patterns {
            for (index, uses) in part.glyphs {
                var entry = used[index] ?? ([], [])
                // A glyph's first use says what it stands for: its scalar, or the text shaping
                // gave it (a ligature's letters).
                for use in uses where entry.glyphs.insert(use.glyph).inserted { entry.order.append((use.glyph, use.text ?? [use.scalar])) }
                used[index] = entry
            }
        }
        var plans: [Int: TrueTypeFontPlan] = [:]
        for (index, entry) in used {
            guard case .trueType(let face) = document.fonts[index],
                  let subset = try? face.subset(glyphs: entry.glyphs.sorted())
            else { continue }
            let scale = 1000 / Double(max(1, face.unitsPerEm))
            let widths = subset.glyphs.map { original in
                (Double(face.advance(glyph: original)) * scale).rounded()
            }
            var text: [UInt16: [Unicode.Scalar]] = [:]
            // In glyph-id order (each glyph is in `order` once, with its first use's text).
            for (glyph, scalars) in entry.order.sorted(by: {
                $0.0 != $1.0 ? $0.0 < $1.0 : $0.1.map(\.value).lexicographicallyPrecedes($1.1.map(\.value))
            }) {
                // .notdef stands for no character (layout reports missing ones), nor does a
                // glyph shaping gave no text of its own.
                guard glyph != 0, !scalars.isEmpty, let new = subset.newGlyph(glyph), text[new] == nil else { continue }
                text[new] = scalars
            }
            plans[index] = TrueTypeFontPlan(face: face, subset: subset, widths: widths, text: text)
        }
        return plans
    }

    var baseFontName: String { subset.tag + "+" + face.postScriptName }
}

extension PDFFile {
    /// Writes the Type0 font `fontObject` and the objects under it, each reserved here.
    mutating func writeTrueTypeFont(_ plan: TrueTypeFontPlan, fontObject: Int) {
        let cidFont = allocate(), descriptor = allocate(), program = allocate(), toUnicode = allocate()
        let face = plan.face
        let scale = 1000 / Double(max(1, face.unitsPerEm))
        func scaled(_ value: Int) -> Int { Int((Double(value) * scale).rounded()) }

        dictionary(fontObject) { out in
            out.append(static: " /Type /Font /Subtype /Type0 /BaseFont ")
            out.name(plan.baseFontName)
            out.append(static: " /Encoding /Identity-H /DescendantFonts [")
            out.reference(cidFont)
            out.append(static: "] /ToUnicode ")
            out.reference(toUnicode)
        }
        let cff = plan.subset.cffTable
        dictionary(cidFont) { out in
            out.append(static: cff == nil ? " /Type /Font /Subtype /CIDFontType2 /BaseFont " : " /Type /Font /Subtype /CIDFontType0 /BaseFont ")
            out.name(plan.baseFontName)
            out.append(static: " /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >> /FontDescriptor ")
            out.reference(descriptor)
            // /W: one run of consecutive CIDs (all of them: subset ids are compact), integers.
            out.append(static: " /W [0 [")
            for (i, width) in plan.widths.enumerated() {
                if i > 0 { out.append(0x20) }
                out.append(integer: Int(width))
            }
            out.append(static: "]]")
            if cff == nil { out.append(static: " /CIDToGIDMap /Identity") }
        }
        dictionary(descriptor) { out in
            out.append(static: " /Type /FontDescriptor /FontName ")
            out.name(plan.baseFontName)
            out.append(static: " /Flags ")
            out.append(integer: face.pdfFlags)
            out.append(static: " /FontBBox [")
            let box = face.fontBBox
            for (i, value) in [box.xMin, box.yMin, box.xMax, box.yMax].enumerated() {
                if i > 0 { out.append(0x20) }
                out.append(integer: scaled(value))
            }
            out.append(static: "] /ItalicAngle ")
            out.append(number: face.italicAngle)
            out.append(static: " /Ascent ")
            out.append(integer: scaled(face.ascender))
            out.append(static: " /Descent ")
            out.append(integer: scaled(face.descender))
            out.append(static: " /CapHeight ")
            out.append(integer: scaled(face.capHeight))
            if face.xHeight > 0 {
                out.append(static: " /XHeight ")
                out.append(integer: scaled(face.xHeight))
            }
            out.append(static: " /StemV ")
            out.append(integer: face.stemV)
            out.append(static: cff == nil ? " /FontFile2 " : " /FontFile3 ")
            out.reference(program)
        }
        // The font program is binary: compressed whatever the option says.
        let saved = compress
        compress = true
        if let cff {
            stream(program, data: Array(cff)) { out in
                out.append(static: " /Subtype /CIDFontType0C")
            }
        } else {
            stream(program, data: plan.subset.bytes) { out in
                out.append(static: " /Length1 ")
                out.append(integer: plan.subset.bytes.count)
            }
        }
        compress = saved
        stream(toUnicode, data: toUnicodeCMap(plan.text.map { ($0.key, $0.value) }, codeBytes: 2))
    }

    /// A /ToUnicode CMap (Adobe technical note 5411) mapping one- or two-byte codes to
    /// UTF-16BE, in code order.
    func toUnicodeCMap(_ mappings: [(UInt16, [Unicode.Scalar])], codeBytes: Int) -> [UInt8] {
        let mappings = mappings.sorted { $0.0 < $1.0 }
        var out = ByteBuffer()
        out.append(static: """
            /CIDInit /ProcSet findresource begin
            12 dict begin
            begincmap
            /CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def
            /CMapName /Adobe-Identity-UCS def
            /CMapType 2 def
            1 begincodespacerange

            """)
        out.append(static: codeBytes == 1 ? "<00> <FF>\n" : "<0000> <FFFF>\n")
        out.append(static: "endcodespacerange\n")
        let entries = mappings
        // At most 100 mappings per bfchar block.
        var start = 0
        while start < entries.count {
            let block = entries[start..<min(start + 100, entries.count)]
            out.append(integer: block.count)
            out.append(static: " beginbfchar\n")
            for (code, scalars) in block {
                out.append(0x3C)
                if codeBytes == 2 { out.hexByte(UInt8(code >> 8)) }
                out.hexByte(UInt8(code & 0xFF))
                out.append(static: "> <")
                for scalar in scalars {
                    for unit in String(Character(scalar)).utf16 {
                        out.hexByte(UInt8(unit >> 8)); out.hexByte(UInt8(unit & 0xFF))
                    }
                }
                out.append(static: ">\n")
            }
            out.append(static: "endbfchar\n")
            start += 100
        }
        out.append(static: """
            endcmap
            CMapName currentdict /CMap defineresource pop
            end
            end

            """)
        return out.take()
    }
}

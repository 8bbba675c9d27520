import DrawOutput

/// Writes a CID-keyed CFF program (a DrawFonts subset: CID = the subset's glyph id) as a
/// LanguageLevel 3 FontSet resource (Adobe Technical Note #5176, "CFF in PostScript"): the
/// `FontSetInit` ProcSet's `StartData` reads the program, binary, and defines the CIDFont
/// resource named by the program's Name INDEX; a composite font over it with `Identity-H`
/// then shows 2-byte CIDs. The binary data lies inside a DSC `%%BeginData: … Binary Bytes`
/// section: it is the only part of drawc's PostScript that is not 7-bit text.
///
/// Searchable text after `ps2pdf`: Ghostscript reads `/GlyphNames2Unicode` in a CIDFont's
/// `/FontInfo` (CID → Unicode) when the font is defined, so the CIDFont the FontSet made is
/// copied, with that entry, into a CIDFont of the document's own name, which the composite
/// font uses. (The copy also keeps two faces with one PostScript name apart.)
enum PSCFF {
    static func write(_ cff: [UInt8], cffName: String, cidFontName: String, fontName: String,
                      unicode: [(UInt16, Unicode.Scalar)], into out: inout ByteBuffer) {
        var line = ByteBuffer()
        line.append("/\(cffName) ")
        line.append(integer: cff.count)
        line.append(" StartData ")
        let head = line.take()
        out.append("%%BeginResource: FontSet \(cffName)\n")
        out.append("/FontSetInit /ProcSet findresource begin\n")
        out.append("%%BeginData: ")
        out.append(integer: head.count + cff.count)
        out.append(" Binary Bytes\n")
        out.append(head)
        out.append(cff)
        // StartData ends the FontSetInit dictionary itself (as Adobe's ProcSet and
        // Ghostscript's do): no `end` here.
        out.append("\n%%EndData\n%%EndResource\n")
        // A copy of the CIDFont under the document's own name, with the text its CIDs stand
        // for: Ghostscript reads /GlyphNames2Unicode when a font is defined, and the FontSet's
        // CIDFont is read-only.
        out.append("/\(cffName) /CIDFont findresource dup length 2 add dict copy\n")
        out.append("dup /FID undef dup /OrigFont undef dup /CIDFontName /\(cidFontName) put\n")
        out.append("dup /FontInfo 2 copy known {2 copy get dup length 1 add dict copy} {1 dict} ifelse\n")
        out.append("dup /GlyphNames2Unicode ")
        out.append(integer: unicode.count)
        out.append(" dict dup begin")
        for (i, (cid, scalar)) in unicode.enumerated() {
            out.append(i % 8 == 0 ? "\n" : " ")
            out.append(integer: Int(cid)); out.append(" ")
            out.append(integer: Int(scalar.value)); out.append(" def")
        }
        out.append("\nend put put\n/\(cidFontName) exch /CIDFont defineresource pop\n")
        out.append("/\(fontName) /Identity-H [/\(cidFontName) /CIDFont findresource] composefont pop\n")
    }
}

import DrawFonts
import DrawOutput

/// The procedures every drawc PostScript file defines once, in `%%BeginProlog`, inside its
/// own dictionary `DrawcDict` (so nothing leaks into `userdict` of a document that embeds an
/// EPS). Short names keep the body compact; most are the PDF operator of the same job.
enum PSProlog {
    static let version = "1.0 0"

    /// Name of the re-encoding vector written into the prolog.
    static let encodingName = "DrawcWinAnsiEncoding"

    static let procedures = """
    /bd {bind def} bind def
    /m /moveto load def
    /l /lineto load def
    /c /curveto load def
    /h /closepath load def
    /f /fill load def
    /ef /eofill load def
    /s /stroke load def
    /fs {gsave fill grestore} bd
    /efs {gsave eofill grestore} bd
    /n /newpath load def
    /W {clip newpath} bd
    /q /gsave load def
    /Q /grestore load def
    /cm {6 array astore concat} bd
    /rg /setrgbcolor load def
    /w /setlinewidth load def
    /J /setlinecap load def
    /j /setlinejoin load def
    /M /setmiterlimit load def
    /d /setdash load def
    /sf /selectfont load def
    % string widths x y t: show a run at its baseline origin with its glyphs upright (the
    % page is flipped to y down) and each glyph advanced by its width from the array.
    /t {gsave translate 1 -1 scale 0 0 moveto xshow grestore} bd
    % tp: true where Ghostscript's transparency extensions are on (gs 9.53 or later run with
    % -dALLOWPSTRANSPARENCY); everywhere else the operators below do nothing, so opacity is
    % drawn opaque. alpha fa / alpha sa: constant fill / stroke alpha.
    /tp /.setfillconstantalpha where {pop /.pushpdf14devicefilter where {pop true} {false} ifelse}
    {false} ifelse def
    /fa {tp {.setfillconstantalpha} {pop} ifelse} bd
    /sa {tp {.setstrokeconstantalpha} {pop} ifelse} bd
    % tb / te: begin / end a page with transparency (Ghostscript's pdf14 compositor).
    /tb {tp {0 .pushpdf14devicefilter} if} bd
    /te {tp {.poppdf14devicefilter} if} bd
    % x0 y0 x1 y1 gb ... ge: a transparency group, composited with the current fill alpha.
    /gb {tp {<< >> 5 1 roll .begintransparencygroup} {pop pop pop pop} ifelse} bd
    /ge {tp {.endtransparencygroup} if} bd
    % /Name bm: the blend mode of what is painted next (Ghostscript's PDF blend modes).
    /bm {tp {.setblendmode} {pop} ifelse} bd
    % newname basename wa: define newname as basename re-encoded with our WinAnsi vector.
    /wa {findfont dup length dict begin {1 index /FID ne {def} {pop pop} ifelse} forall
    /Encoding \(encodingName) def currentdict end definefont pop} bd
    """

    /// Writes the whole prolog section.
    static func write(into out: inout ByteBuffer) {
        out.append("%%BeginProlog\n%%BeginResource: procset drawc-prolog \(version)\n")
        out.append("/DrawcDict 64 dict def\nDrawcDict begin\n")
        out.append(procedures)
        out.append("\n/\(encodingName) [")
        var column = 80
        for name in WinAnsi.glyphNames {
            if column + name.utf8.count + 2 > 100 { out.append("\n"); column = 0 }
            out.append("/"); out.append(name); out.append(" ")
            column += name.utf8.count + 2
        }
        out.append("] def\nend\n%%EndResource\n%%EndProlog\n")
    }
}

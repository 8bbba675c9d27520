// PSBackend — the scene IR as PostScript Language Level 3 or Encapsulated PostScript.
//
// Takes: a `Scene.Document` (pages of items in points, top-left origin, y down). Hands on:
// the bytes of one DSC-conforming PostScript file (`%!PS-Adobe-3.0`, one `%%Page` per page,
// each page sizing itself with `setpagedevice`) or of one EPS (`%!PS-Adobe-3.0 EPSF-3.0`,
// the first page only, `%%BoundingBox` hugging the ink, no `setpagedevice`).
// Invariants of the output: 7-bit clean; lines short; every string literal escaped; the
// prolog defines all procedures in `DrawcDict`; each page's body is wrapped in
// `save`/`restore` and its `gsave`/`grestore` balance (checked when the page ends); the page
// is flipped to y down once, and text is flipped back so glyphs stay upright.
// Standard fonts are re-encoded with our WinAnsi vector; TrueType faces are embedded as
// Type 42 CIDFonts under Identity-H. Opacity uses Ghostscript's transparency extensions
// where they are on and is opaque elsewhere (PostScript has no transparency).
// Deliberately not done: measuring text (the IR has every glyph placed already; only the
// EPS bounding box reads font metrics), and sharing the data of an image drawn twice.

import DrawBase
import DrawDiagnostics
import DrawFonts
import DrawOutput
import DrawScene

/// Renders scene documents as PostScript. See docs/postscript.md.
package enum PSWriter {
    /// The rendered bytes together with the warnings about what PostScript cannot show
    /// exactly (the same strings `warnings(for:)` returns).
    package struct Output: Sendable {
        package var bytes: [UInt8]
        package var warnings: [String]
        /// The source span of each warning's cause, parallel to `warnings`.
        package var causes: [Span]
    }

    /// PostScript of the whole document (`encapsulated == false`), or EPS of its first
    /// page (`encapsulated == true`; the CLI writes one EPS per page by passing documents
    /// of one page each).
    package static func render(_ document: Scene.Document, encapsulated: Bool) -> [UInt8] {
        renderWithWarnings(document, encapsulated: encapsulated).bytes
    }

    /// What the PostScript output of `document` cannot show as the other formats do, one
    /// message per kind of problem, in a fixed order (lower case, no final period).
    package static func warnings(for document: Scene.Document) -> [String] {
        let writer = PSDocumentWriter(document: document, encapsulated: false)
        return PSWarnings.collect(document, usage: writer.usage, embeddedFonts: Set(writer.embedded.keys), images: writer.images)
            .map(\.message)
    }

    package static func renderWithWarnings(_ document: Scene.Document, encapsulated: Bool) -> Output {
        var writer = PSDocumentWriter(document: document, encapsulated: encapsulated)
        let bytes = writer.write()
        let warnings = PSWarnings.collect(document, usage: writer.usage, embeddedFonts: Set(writer.embedded.keys), images: writer.images)
        return Output(bytes: bytes, warnings: warnings.map(\.message), causes: warnings.map(\.span))
    }
}

/// The font program embedded for a TrueType face: a valid sfnt holding (at least) the
/// glyphs used, and where each used glyph id of the face went in it.
struct PSTrueTypeSubset {
    var program: [UInt8]
    /// Glyph id in the face → glyph id in `program` (absent: unchanged).
    var glyphMap: [UInt16: UInt16] = [:]
    /// For a face with PostScript outlines: the subset's CID-keyed CFF program (CID = glyph
    /// id in `program`), embedded as a FontSet resource instead of Type 42 (see PSCFF).
    var cff: [UInt8]? = nil
}

/// Where TrueType programs come from: DrawFonts' subsetter (issue 8). Tests inject their own.
typealias PSTrueTypeSource = @Sendable (TrueTypeFontRef, [UInt16]) -> PSTrueTypeSubset?

enum PSTrueTypeFonts {
    /// The subset of `font` for `glyphs` (sorted, unique), or nil when DrawFonts cannot
    /// provide one (then the text falls back to Helvetica, with a warning).
    static let defaultSource: PSTrueTypeSource = { face, glyphs in
        guard let subset = try? face.subset(glyphs: glyphs) else { return nil }
        var map: [UInt16: UInt16] = [:]
        // A glyph the subset did not keep (an id out of range) shows .notdef.
        for glyph in glyphs { map[glyph] = subset.newGlyph(glyph) ?? 0 }
        return PSTrueTypeSubset(program: subset.bytes, glyphMap: map, cff: subset.cffTable.map(Array.init))
    }
}

/// Writes one document; lives for one `render` call.
struct PSDocumentWriter {
    let document: Scene.Document
    let encapsulated: Bool
    /// The pages written: all of them, or the first for EPS.
    let pages: [Scene.Page]
    /// Font keys (`F0`, `F1`, …) by font index, for the fonts the written pages use.
    var fontKeys: [Int: String] = [:]
    /// Used fonts in first-use order.
    var usedFonts: [Int] = []
    let usesOpacity: Bool
    /// Glyph ids and the text they stand for, per TrueType font index.
    var trueTypeGlyphs: [Int: [UInt16: Unicode.Scalar]] = [:]
    /// The document's images, decoded when first needed.
    let images: PSImages.Cache
    /// What each page and pattern uses (`Scene.DocumentUsage`), found once: fonts, glyphs,
    /// patterns, and the transparency and images that decide `usesOpacity` and the warnings.
    let usage: Scene.DocumentUsage
    /// TrueType faces embedded as Type 42, by font index.
    var embedded: [Int: EmbeddedFont] = [:]

    struct EmbeddedFont {
        /// The Type 42 program (TrueType faces).
        var program: TrueTypeProgram?
        /// The CFF program (faces with PostScript outlines), its CIDs the subset's glyph ids.
        var cff: [UInt8]? = nil
        /// The CIDFont name in `cff`'s Name INDEX.
        var cffName = ""
        var glyphMap: [UInt16: UInt16]
        var cidFontName: String
        var fontName: String
        /// Glyph id of the face → CID shown.
        var cids: [UInt16: UInt16]
        /// CID → glyph id in `program`.
        var cidToGlyph: [UInt16]
        /// CID → the text it stands for.
        var unicode: [(UInt16, Unicode.Scalar)]
    }

    init(document: Scene.Document, encapsulated: Bool, trueTypeSource: PSTrueTypeSource = PSTrueTypeFonts.defaultSource) {
        self.document = document
        self.encapsulated = encapsulated
        images = PSImages.Cache(document.images)
        pages = encapsulated ? Array(document.pages.prefix(1)) : document.pages
        // What the written pages and the patterns use: fonts in first-use order, pages first,
        // and each TrueType glyph with the scalar of its first use.
        usage = Scene.DocumentUsage(document)
        usesOpacity = PSWarnings.usesOpacity(pages: pages, usage: Array(usage.pages.prefix(pages.count)), patterns: usage.patterns,
                                             images: images)
        for part in usage.pages.prefix(pages.count) + usage.patterns {
            for index in part.fonts where fontKeys[index] == nil {
                fontKeys[index] = "F\(usedFonts.count)"
                usedFonts.append(index)
            }
            for (index, uses) in part.glyphs {
                for use in uses where trueTypeGlyphs[index, default: [:]][use.glyph] == nil {
                    trueTypeGlyphs[index, default: [:]][use.glyph] = use.scalar
                }
            }
        }
        var names: Set<String> = []
        for index in usedFonts {
            guard case .trueType(let face) = document.fonts[index], let used = trueTypeGlyphs[index] else { continue }
            let glyphs = used.keys.sorted()
            guard let subset = trueTypeSource(face, glyphs) else { continue }
            let program = TrueTypeProgram(subset.program)
            guard program != nil || subset.cff != nil else { continue }
            var name = PSType42.sanitizedName(face.postScriptName)
            if names.contains(name) {
                var n = 2
                while names.contains("\(name)-\(n)") { n += 1 }
                name = "\(name)-\(n)"
            }
            names.insert(name)
            // CID 0 is .notdef; the used glyphs follow in glyph id order (at most 65,535).
            var cids: [UInt16: UInt16] = [:]
            var cidToGlyph: [UInt16] = [0]
            var unicode: [(UInt16, Unicode.Scalar)] = []
            if let cff = subset.cff {
                // CIDs are the subset's glyph ids (its charset is the identity).
                for glyph in glyphs {
                    let cid = subset.glyphMap[glyph] ?? 0
                    cids[glyph] = cid
                    if glyph != 0 { unicode.append((cid, used[glyph]!)) }
                }
                // The FontSet's CIDFont is named by the program (the face's PostScript name);
                // PSCFF copies it under the document's unique name.
                embedded[index] = EmbeddedFont(
                    program: nil, cff: cff, cffName: face.postScriptName, glyphMap: subset.glyphMap, cidFontName: name,
                    fontName: name + "-Identity-H", cids: cids, cidToGlyph: [], unicode: unicode.sorted { $0.0 < $1.0 })
                continue
            }
            guard let program else { continue }
            for glyph in glyphs.prefix(65535) {
                let cid = UInt16(cidToGlyph.count)
                cids[glyph] = cid
                let target = subset.glyphMap[glyph] ?? glyph
                cidToGlyph.append(Int(target) < program.glyphCount ? target : 0)
                unicode.append((cid, used[glyph]!))
            }
            embedded[index] = EmbeddedFont(
                program: program, glyphMap: subset.glyphMap, cidFontName: name,
                fontName: name + "-Identity-H", cids: cids, cidToGlyph: cidToGlyph, unicode: unicode)
        }
    }

    /// Numbers formatted before in this document's pages (see `NumberCache`).
    let numbers = NumberCache()

    mutating func write() -> [UInt8] {
        var out = ByteBuffer(capacity: 16 * 1024)
        writeHeader(into: &out)
        PSProlog.write(into: &out)
        writeSetup(into: &out)
        for (index, page) in pages.enumerated() {
            writePage(page, number: index + 1, into: &out)
        }
        out.append("%%Trailer\n%%EOF\n")
        return out.take()
    }

    // MARK: Header comments

    private func writeHeader(into out: inout ByteBuffer) {
        out.append(encapsulated ? "%!PS-Adobe-3.0 EPSF-3.0\n" : "%!PS-Adobe-3.0\n")
        out.append("%%Creator: drawc\n")
        if let title = document.metadata.title {
            out.append("%%Title: ")
            out.append(PSDocumentWriter.dscText(title))
            out.append("\n")
        }
        let box: (Double, Double, Double, Double)
        if encapsulated {
            if let page = pages.first, let ink = Scene.InkBounds.page(page, fonts: document.fonts) {
                // Page space is y down; PostScript's default space is y up from the bottom.
                // Inside the page (the EPS clips to it), then y up from the bottom.
                let (width, height) = PSDocumentWriter.pageSize(page)
                let x0 = max(0, ink.minX), x1 = min(width, ink.maxX)
                let y0 = max(0, ink.minY), y1 = min(height, ink.maxY)
                box = x0 < x1 && y0 < y1 ? (x0, height - y1, x1, height - y0) : (0, 0, 0, 0)
            } else {
                box = (0, 0, 0, 0)
            }
        } else {
            let width = pages.map { PSDocumentWriter.pageSize($0).width }.max() ?? 0
            let height = pages.map { PSDocumentWriter.pageSize($0).height }.max() ?? 0
            box = (0, 0, width, height)
        }
        out.append("%%BoundingBox: ")
        func integer(_ v: Double, _ rule: FloatingPointRoundingRule) -> Int {
            v.isFinite ? Int(min(1e9, max(-1e9, v)).rounded(rule)) : 0
        }
        out.append(integer: integer(box.0, .down)); out.append(" ")
        out.append(integer: integer(box.1, .down)); out.append(" ")
        out.append(integer: integer(box.2, .up)); out.append(" ")
        out.append(integer: integer(box.3, .up)); out.append("\n")
        out.append("%%HiResBoundingBox: ")
        out.append(number: box.0); out.append(" ")
        out.append(number: box.1); out.append(" ")
        out.append(number: box.2); out.append(" ")
        out.append(number: box.3); out.append("\n")
        out.append("%%LanguageLevel: 3\n%%DocumentData: Clean7Bit\n")
        out.append("%%Pages: "); out.append(integer: pages.count); out.append("\n")
        if !encapsulated { out.append("%%PageOrder: Ascend\n") }
        let needed = neededFontNames
        if !needed.isEmpty {
            out.append("%%DocumentNeededResources:")
            for (i, name) in needed.enumerated() {
                out.append(i == 0 ? " font " : "%%+ font ")
                out.append(name); out.append("\n")
            }
        }
        // Everything in a %%BeginResource section is listed as supplied.
        let supplied = ["procset drawc-prolog \(PSProlog.version)"] + usedFonts.flatMap { index -> [String] in
            guard let font = embedded[index] else { return [] }
            // A CFF face comes as a FontSet (defining the program's CIDFont) and our copy of it.
            return (font.cff == nil ? [] : ["fontset " + font.cffName]) + ["CIDFont " + font.cidFontName]
        }
        for (i, resource) in supplied.enumerated() {
            out.append(i == 0 ? "%%DocumentSuppliedResources: " : "%%+ ")
            out.append(resource); out.append("\n")
        }
        out.append("%%EndComments\n")
    }

    /// The standard fonts the interpreter must have, in first-use order, once each.
    private var neededFontNames: [String] {
        var names: [String] = []
        for index in usedFonts {
            let name: String
            switch document.fonts[index] {
            case .standard(let font): name = font.postScriptName
            case .trueType: if embedded[index] != nil { continue } else { name = "Helvetica" }
            }
            if !names.contains(name) { names.append(name) }
        }
        return names
    }

    /// Text for a DSC comment: a PostScript string (escaped like any other), cut so that
    /// the comment line stays under the DSC's 255 characters.
    static func dscText(_ text: String) -> String {
        var bytes: [UInt8] = [0x28]
        for b in text.utf8 {
            if bytes.count > 230 { break }
            switch b {
            case 0x28, 0x29, 0x5C: bytes.append(0x5C); bytes.append(b)
            case 0x20...0x7E: bytes.append(b)
            default:
                bytes.append(0x5C)
                bytes.append(0x30 + (b >> 6)); bytes.append(0x30 + ((b >> 3) & 7)); bytes.append(0x30 + (b & 7))
            }
        }
        bytes.append(0x29)
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: Document setup

    private func writeSetup(into out: inout ByteBuffer) {
        out.append("%%BeginSetup\n")
        if !usedFonts.isEmpty {
            out.append("DrawcDict begin\n")
            var defined: Set<String> = []
            for index in usedFonts {
                let key = fontKeys[index]!
                switch document.fonts[index] {
                case .standard(let font):
                    let base = font.postScriptName
                    if font == .symbol || font == .zapfDingbats {
                        // Symbolic fonts keep their built-in encoding; codes are theirs.
                        out.append("%%IncludeResource: font \(base)\n/\(key) /\(base) def\n")
                    } else {
                        let name = base + "-WinAnsi"
                        if defined.insert(name).inserted {
                            out.append("%%IncludeResource: font \(base)\n/\(name) /\(base) wa\n")
                        }
                        out.append("/\(key) /\(name) def\n")
                    }
                case .trueType:
                    if let font = embedded[index] {
                        if defined.insert("Identity-H").inserted { out.append(PSType42.identityCMapFallback) }
                        if let program = font.program {
                            PSType42.write(program, cidFontName: font.cidFontName, fontName: font.fontName,
                                           cidToGlyph: font.cidToGlyph, unicode: font.unicode, into: &out)
                        } else if let cff = font.cff {
                            PSCFF.write(cff, cffName: font.cffName, cidFontName: font.cidFontName, fontName: font.fontName,
                                        unicode: font.unicode, into: &out)
                        }
                        out.append("/\(key) /\(font.fontName) def\n")
                        continue
                    }
                    // No program for the face: Helvetica draws the characters WinAnsi has
                    // (see warnings).
                    if defined.insert("Helvetica-WinAnsi").inserted {
                        out.append("%%IncludeResource: font Helvetica\n/Helvetica-WinAnsi /Helvetica wa\n")
                    }
                    out.append("/\(key) /Helvetica-WinAnsi def\n")
                }
            }
            out.append("end\n")
        }
        out.append("%%EndSetup\n")
    }

    // MARK: Pages

    /// The largest page `setpagedevice` is asked for (layout reports a larger one).
    static let maximumPageSide = Scene.maximumPageSide

    /// The page size written: at least 1 pt and at most `maximumPageSide` each way
    /// (Ghostscript rejects a zero, negative or absurd `/PageSize` with configurationerror).
    static func pageSize(_ page: Scene.Page) -> (width: Double, height: Double) {
        func clamp(_ v: Double) -> Double { v.isFinite ? min(maximumPageSide, max(1, v)) : 1 }
        return (clamp(page.size.width), clamp(page.size.height))
    }

    /// The trim and bleed boxes of a print-shop page, as Adobe's `/PAGE pdfmark` (pdfmark
    /// Reference, "Page boxes"): Distiller and Ghostscript's ps2pdf copy them into the PDF
    /// page; a printer without `pdfmark` ignores them (defined away as `cleartomark`).
    private func writePrintBoxes(_ page: Scene.Page, height: Double, into out: inout ByteBuffer) {
        guard page.trimBox != nil || page.bleedBox != nil else { return }
        out.append("/pdfmark where { pop } { userdict /pdfmark /cleartomark load put } ifelse\n[")
        let boxes: [(String, Rect?)] = [(" /BleedBox [", page.bleedBox), (" /TrimBox [", page.trimBox)]
        for (name, box) in boxes {
            guard let box else { continue }
            out.append(name)
            out.append(number: box.minX); out.append(" ")
            out.append(number: height - box.maxY); out.append(" ")
            out.append(number: box.maxX); out.append(" ")
            out.append(number: height - box.minY); out.append("]")
        }
        out.append(" /PAGE pdfmark\n")
    }

    private func writePage(_ page: Scene.Page, number: Int, into out: inout ByteBuffer) {
        let (width, height) = PSDocumentWriter.pageSize(page)
        out.append("%%Page: "); out.append(integer: number); out.append(" ")
        out.append(integer: number); out.append("\n")
        if !encapsulated {
            out.append("%%PageBoundingBox: 0 0 ")
            out.append(integer: Int(width.rounded(.up))); out.append(" ")
            out.append(integer: Int(height.rounded(.up))); out.append("\n")
        }
        out.append("%%BeginPageSetup\n")
        if !encapsulated {
            out.append("<< /PageSize [")
            out.append(number: width); out.append(" ")
            out.append(number: height); out.append("] >> setpagedevice\n")
            writePrintBoxes(page, height: height, into: &out)
        }
        out.append("DrawcDict begin\n/drawcpage save def\n%%EndPageSetup\n")

        let pageUsesOpacity = PSWarnings.usesOpacity(pages: [page], usage: [usage.pages[number - 1]], patterns: usage.patterns,
                                                     images: images)
        if pageUsesOpacity {
            // Ghostscript composites transparency on its pdf14 device (see the prolog).
            out.append("tb\n")
        }
        // The body writes into the same buffer: move it in and out (no copy of the file).
        var content = PSContent(out: ByteBuffer(capacity: 0), numbers: numbers)
        swap(&content.out, &out)
        // Flip once: page space has its origin top-left and y pointing down.
        content.concat(Transform(a: 1, b: 0, c: 0, d: -1, e: 0, f: height))
        if encapsulated {
            // An EPS has no page to clip what overflows it: clip here, as PDF and SVG do.
            content.number(0); content.number(0); content.number(width); content.number(height)
            content.op("rectclip")
        }
        if let background = page.background, background.alpha > 0 {
            if pageUsesOpacity { content.setFillAlpha(background.alpha) }
            content.setColor(background)
            content.number(0); content.number(0); content.number(width); content.number(height)
            content.op("rectfill")
        }
        let body = PSBody(
            document: document, fontKeys: fontKeys, embedded: embedded, images: images, usesOpacity: pageUsesOpacity)
        let patterns = usage.patterns(ofPage: number - 1)
        if !patterns.isEmpty { body.definePatterns(patterns, into: &content) }
        body.items(page.items, into: &content)
        precondition(content.depth == 0, "unbalanced gsave/grestore on page \(number)")
        swap(&content.out, &out)
        if pageUsesOpacity { out.append("te\n") }
        out.append("drawcpage restore end\nshowpage\n%%PageTrailer\n")
    }
}

/// The walk over a page's items.
struct PSBody {
    /// Runs larger than this (about 35 m) are not drawn: Ghostscript stops with a limitcheck
    /// on absurd sizes, and layout never makes them.
    static let maximumFontSize = 100_000.0

    let document: Scene.Document
    let fontKeys: [Int: String]
    let embedded: [Int: PSDocumentWriter.EmbeddedFont]
    let images: PSImages.Cache
    let usesOpacity: Bool

    func items(_ items: [Scene.Item], into content: inout PSContent) {
        for item in items {
            switch item {
            case .path(let path, let paint):
                self.path(path, paint, into: &content)
            case .text(let run):
                text(run, into: &content)
            case .image(let image):
                PSImages.write(image, images: images, usesOpacity: usesOpacity, into: &content)
            case .group(let group):
                self.group(group, into: &content)
            }
        }
    }

    private func group(_ group: Scene.Group, into content: inout PSContent) {
        let opacity = group.opacity.isFinite ? min(1, max(0, group.opacity)) : 1
        if opacity <= 0 || group.items.isEmpty { return }
        // A transform that collapses the plane (or isn't finite) shows nothing, and would
        // make the interpreter fail where it inverts the matrix.
        let t = group.transform
        let determinant = t.a * t.d - t.b * t.c
        guard [t.a, t.b, t.c, t.d, t.e, t.f].allSatisfy(\.isFinite), abs(determinant) > 1e-12 else { return }
        content.gsave()
        if !group.transform.isIdentity { content.concat(group.transform) }
        if let clip = group.clip {
            content.path(clip)
            // An empty clip path shows nothing: give `clip` a path without area.
            if clip.isEmpty { content.op("0 0 m") }
            content.op("W")
        }
        if opacity < 1 || group.blend != .normal {
            // A real transparency group where Ghostscript offers one: it is composited with
            // the fill alpha and the blend mode current when it begins, and its items start
            // opaque and normal inside.
            guard let box = group.inkBounds else { content.grestore(); return }
            content.setFillAlpha(opacity)
            if group.blend != .normal { content.opText("/" + group.blend.pdfName + " bm") }
            for v in [box.minX - 1, box.minY - 1, box.maxX + 1, box.maxY + 1] { content.number(v) }
            content.op("gb")
            content.resetAlpha()
            if group.blend != .normal { content.op("/Normal bm") }
            items(group.items, into: &content)
            content.op("ge")
            // Ghostscript keeps the blend mode outside gsave/grestore.
            if group.blend != .normal { content.op("/Normal bm") }
        } else {
            items(group.items, into: &content)
        }
        content.grestore()
    }

    private func path(_ path: Scene.Path, _ paint: Paint, into content: inout PSContent) {
        let fill = paint.fill.flatMap { $0.color.alpha > 0 ? $0 : nil }
        let stroke = paint.stroke.flatMap { $0.color.alpha > 0 && $0.width > 0 && $0.width.isFinite ? $0 : nil }
        guard !path.isEmpty, fill != nil || stroke != nil else { return }
        if let fill, fill.pattern != nil {
            tiledPath(path, fill: fill, into: &content)
            if let stroke { self.path(path, Paint(stroke: stroke), into: &content) }
            return
        }
        if fill?.gradient != nil || stroke?.gradient != nil {
            // Gradient parts through shading patterns, colour parts as usual; fill first.
            if let fill {
                if let gradient = fill.gradient { gradientPath(path, gradient: gradient, fill: fill, stroke: nil, into: &content) }
                else { self.path(path, Paint(fill: fill), into: &content) }
            }
            if let stroke {
                if let gradient = stroke.gradient { gradientPath(path, gradient: gradient, fill: nil, stroke: stroke, into: &content) }
                else { self.path(path, Paint(stroke: stroke), into: &content) }
            }
            return
        }
        content.path(path)
        if let fill {
            if usesOpacity { content.setFillAlpha(fill.color.alpha) }
            content.setColor(fill.color)
            let evenOdd = fill.rule == .evenOdd
            let paint: StaticString = stroke == nil ? (evenOdd ? "ef" : "f") : (evenOdd ? "efs" : "fs")
            content.op(paint)
        }
        if let stroke {
            if usesOpacity { content.setStrokeAlpha(stroke.color.alpha) }
            content.setColor(stroke.color)
            content.setStrokeStyle(stroke)
            content.op("s")
        }
    }

    private func text(_ run: Scene.TextRun, into content: inout PSContent) {
        guard !run.glyphs.isEmpty, run.size.isFinite, run.size > 0, run.size <= PSBody.maximumFontSize, run.color.alpha > 0,
              let key = fontKeys[run.font.index]
        else { return }
        if usesOpacity { content.setFillAlpha(run.color.alpha) }
        content.setColor(run.color)
        content.selectFont(key, size: run.size)
        let glyphs = run.glyphs
        // Shaped text with glyphs off the baseline (marks): each stretch of one offset is
        // shown where it starts.
        if run.glyphY != nil {
            var start = 0
            while start < glyphs.count {
                var end = start + 1
                while end < glyphs.count, run.y(end) == run.y(start) { end += 1 }
                do {
                    switch document.fonts[run.font.index] {
                    case .standard:
                        content.string(glyphs[start..<end].map { $0.glyph <= 0xFF ? UInt8($0.glyph) : 0x3F })
                    case .trueType:
                        if let font = embedded[run.font.index] {
                            content.hexString(glyphs[start..<end].map { font.cids[$0.glyph] ?? 0 })
                        } else {
                            content.string(glyphs[start..<end].map { WinAnsi.code(for: $0.scalar) ?? 0x3F })
                        }
                    }
                }
                let piece = glyphs[start..<end]
                let pieceEnd = end < glyphs.count ? glyphs[end].x : run.advance
                content.withCursor(maximumLength: (piece.count + 2) * PSCursor.numberLength + 8) { out in
                    out.raw("[")
                    for i in piece.indices { out.number((i + 1 < end ? glyphs[i + 1].x : pieceEnd) - glyphs[i].x) }
                    out.raw("] ")
                    out.number(run.origin.x + glyphs[start].x)
                    out.number(run.origin.y + run.y(start))
                    out.op("t")
                }
                start = end
            }
            return
        }
        switch document.fonts[run.font.index] {
        case .standard:
            // Glyph ids of standard fonts are single-byte codes; anything else is a bug
            // upstream, drawn as a visible '?' rather than wrapped around.
            content.withCursor(maximumLength: PSCursor.stringLength(glyphs.count)) { out in
                out.stringStart()
                for glyph in glyphs { out.stringByte(glyph.glyph <= 0xFF ? UInt8(glyph.glyph) : 0x3F) }
                out.stringEnd()
            }
        case .trueType:
            if let font = embedded[run.font.index] {
                // Identity-H: two bytes per glyph, its CID.
                content.hexString(glyphs.map { font.cids[$0.glyph] ?? 0 })
            } else {
                content.string(glyphs.map { WinAnsi.code(for: $0.scalar) ?? 0x3F })
            }
        }
        // The advance of each glyph (to the next one, the last to the run's end), then where
        // the first one starts.
        content.withCursor(maximumLength: (glyphs.count + 2) * PSCursor.numberLength + 8) { out in
            out.raw("[")
            for i in glyphs.indices {
                let next = i + 1 < glyphs.count ? glyphs[i + 1].x : run.advance
                out.number(next - glyphs[i].x)
            }
            out.raw("] ")
            out.number(run.origin.x + glyphs[0].x)
            out.number(run.origin.y)
            out.op("t")
        }
    }
}

/// PostScript as a `Backend`: the whole document in one file, or EPS, which is one page by
/// definition, one file per page. What PostScript cannot show as the other formats do
/// (group opacity outside Ghostscript) becomes a warning.
package struct PSRenderer: Backend {
    package var encapsulated: Bool
    package init(encapsulated: Bool) { self.encapsulated = encapsulated }
    package var traits: BackendTraits { encapsulated ? Self.epsTraits : Self.psTraits }
    static let psTraits = BackendTraits(
        name: "PostScript 3", shortName: "PostScript", mediaType: "application/postscript", fileExtension: "ps", onePerPage: false, shadowsAsImages: true,
        cannotShow: ["opacity, blend modes, transparent gradient stops and soft shadows without Ghostscript's transparency (warned)"])
    static let epsTraits = BackendTraits(
        name: "EPS", shortName: "EPS", mediaType: "application/postscript", fileExtension: "eps", onePerPage: true, shadowsAsImages: true, cannotShow: psTraits.cannotShow)
    package func render(_ document: Scene.Document) -> BackendOutput {
        var warnings: [BackendMessage] = []
        func note(_ output: PSWriter.Output) {
            for (w, span) in zip(output.warnings, output.causes) {
                let message = BackendMessage(id: PSID.approximation.rawValue, message: w, span: span)
                if !warnings.contains(message) { warnings.append(message) }
            }
        }
        guard encapsulated else {
            let output = PSWriter.renderWithWarnings(document, encapsulated: false)
            note(output)
            return BackendOutput(files: [output.bytes], onePerPage: traits.onePerPage, warnings: warnings)
        }
        var files: [[UInt8]] = []
        for page in document.pages {
            var single = document
            single.pages = [page]
            single.causes.pages = [document.causes.page(files.count)]
            let output = PSWriter.renderWithWarnings(single, encapsulated: true)
            note(output)
            files.append(output.bytes)
        }
        return BackendOutput(files: files, onePerPage: traits.onePerPage, warnings: warnings)
    }
}

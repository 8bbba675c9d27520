import DrawBase
import DrawDiagnostics
import DrawScene

/// What a document uses that PostScript cannot show as PDF and SVG do. Each kind of
/// problem is reported once per document, in a fixed order.
enum PSWarnings {
    static let opacity =
        "postscript has no transparency: opacity shows only in Ghostscript run with -dALLOWPSTRANSPARENCY (e.g. ps2pdf -dALLOWPSTRANSPARENCY); other interpreters draw it opaque"
    /// The font is named with its kind of outlines (an OpenType face with CFF outlines was
    /// called "TrueType" before, issue 34).
    static func trueType(_ font: Scene.FontResource?) -> String {
        var what = "a font"
        if case .trueType(let face)? = font {
            what = "the \(face.cff == nil ? "TrueType" : "OpenType (CFF)") font '\(face.postScriptName)'"
        }
        return "\(what) could not be embedded in postscript: its text is drawn in Helvetica where Windows-1252 has the characters, and as '?' elsewhere"
    }
    static let imageAlpha =
        "postscript has no partial image transparency: Ghostscript run with -dALLOWPSTRANSPARENCY shows it (a soft mask); other interpreters draw pixels of a PNG image opaque where their alpha is at least 50 % and leave out the others (shadows lose their blur there)"
    static let gradientAlpha =
        "postscript shadings have no transparency: Ghostscript run with -dALLOWPSTRANSPARENCY shows transparent gradient stops (a soft mask); other interpreters draw their colours only"
    static let blend =
        "postscript has no blend modes: Ghostscript run with -dALLOWPSTRANSPARENCY shows them; other interpreters draw groups with 'blend' as 'normal'"
    static let shadow =
        "postscript has no blur: shadows are drawn as a stack of spread copies of the shape (see docs/postscript.md)"
    static let imageUnreadable =
        "an image could not be decoded for postscript and is drawn as a grey box"

    /// `embeddedFonts`: indices of the TrueType fonts that are embedded (the others fall
    /// back to Helvetica).
    static let pageSize =
        "a page size was out of range for postscript (1 pt to 200 in each way) and was clamped"

    /// One warning and the source of its first cause (`Document.causes`).
    struct Warning {
        var message: String
        var span: Span
    }

    /// The warnings for `document`, from what its pages and patterns use (`usage`, found once
    /// by the writer: `Scene.DocumentUsage`) in drawing order: the first font, image of each
    /// kind of problem is the first met drawing the pages in order, then the patterns.
    static func collect(_ document: Scene.Document, usage: Scene.DocumentUsage, embeddedFonts: Set<Int>,
                        images: PSImages.Cache) -> [Warning] {
        let translucentPage = document.pages.firstIndex { ($0.background?.alpha ?? 1) < 1 }
        let parts = usage.pages + usage.patterns
        let trueTypeFont = parts.lazy.flatMap(\.fonts).first { font in
            guard case .trueType = document.fonts[font] else { return false }
            return !embeddedFonts.contains(font)
        }
        var firstPartialAlpha: Int?, firstUnreadable: Int?
        var seenImages: Set<Int> = []
        for image in parts.lazy.flatMap(\.images) where seenImages.insert(image).inserted {
            switch images.image(image) {
            case .none: if firstUnreadable == nil { firstUnreadable = image }
            case .some(let decoded): if decoded.hasPartialAlpha, firstPartialAlpha == nil { firstPartialAlpha = image }
            }
        }
        let causes = document.causes
        var warnings: [Warning] = []
        if parts.contains(where: \.effects.translucent) || translucentPage != nil {
            warnings.append(Warning(message: opacity, span: causes.translucent ?? translucentPage.map(causes.page) ?? .unknown))
        }
        if let font = trueTypeFont { warnings.append(Warning(message: trueType(document.fonts.indices.contains(font) ? document.fonts[font] : nil), span: causes.font(font))) }
        if let image = firstPartialAlpha { warnings.append(Warning(message: imageAlpha, span: causes.image(image))) }
        if let image = firstUnreadable { warnings.append(Warning(message: imageUnreadable, span: causes.image(image))) }
        if parts.contains(where: \.effects.transparentGradient) { warnings.append(Warning(message: gradientAlpha, span: causes.translucent ?? .unknown)) }
        if parts.contains(where: \.effects.blends) { warnings.append(Warning(message: blend, span: causes.translucent ?? .unknown)) }
        if let page = document.pages.firstIndex(where: { page in
            let size = PSDocumentWriter.pageSize(page)
            return size.width != page.size.width || size.height != page.size.height
        }) {
            warnings.append(Warning(message: pageSize, span: causes.page(page)))
        }
        return warnings
    }

    /// True when anything on `pages` (whose usage is `usage`, in the same order) or on the
    /// `patterns` is less than opaque (so the body writes alpha), an image with partial alpha
    /// included (Ghostscript's soft masks need its transparency compositor, as opacity does).
    static func usesOpacity(pages: [Scene.Page], usage: [Scene.Usage], patterns: [Scene.Usage], images: PSImages.Cache) -> Bool {
        if pages.contains(where: { ($0.background?.alpha ?? 1) < 1 }) { return true }
        let parts = usage + patterns
        if parts.contains(where: \.effects.any) { return true }
        return parts.contains { part in
            part.images.contains { image in
                if case .some(let decoded) = images.image(image) { decoded.hasPartialAlpha } else { false }
            }
        }
    }
}

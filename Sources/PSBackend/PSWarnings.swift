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

    static func collect(_ document: Scene.Document, embeddedFonts: Set<Int>, images: PSImages.Cache? = nil) -> [Warning] {
        var scan = Scan(document: document, images: images ?? PSImages.Cache(document.images))
        scan.embeddedFonts = embeddedFonts
        var translucentPage: Int?
        for (index, page) in document.pages.enumerated() {
            if let background = page.background, background.alpha < 1, translucentPage == nil { translucentPage = index }
            scan.items(page.items)
        }
        for pattern in document.patterns { scan.items(pattern.items) }
        let causes = document.causes
        var warnings: [Warning] = []
        if scan.opacity || translucentPage != nil {
            warnings.append(Warning(message: opacity, span: causes.translucent ?? translucentPage.map(causes.page) ?? .unknown))
        }
        if let font = scan.trueTypeFont { warnings.append(Warning(message: trueType(document.fonts.indices.contains(font) ? document.fonts[font] : nil), span: causes.font(font))) }
        if let image = scan.imageAlpha { warnings.append(Warning(message: imageAlpha, span: causes.image(image))) }
        if let image = scan.imageUnreadable { warnings.append(Warning(message: imageUnreadable, span: causes.image(image))) }
        if scan.gradientAlpha { warnings.append(Warning(message: gradientAlpha, span: causes.translucent ?? .unknown)) }
        if scan.blend { warnings.append(Warning(message: blend, span: causes.translucent ?? .unknown)) }
        if let page = document.pages.firstIndex(where: { page in
            let size = PSDocumentWriter.pageSize(page)
            return size.width != page.size.width || size.height != page.size.height
        }) {
            warnings.append(Warning(message: pageSize, span: causes.page(page)))
        }
        return warnings
    }

    /// True when anything on `pages` is less than opaque (so the body writes alpha), an
    /// image with partial alpha included when `images` are given (Ghostscript's soft masks
    /// need its transparency compositor, as opacity does).
    static func usesOpacity(_ pages: [Scene.Page], images: PSImages.Cache? = nil) -> Bool {
        var scan = Scan(document: Scene.Document(), images: images ?? PSImages.Cache([]))
        scan.checkImages = images != nil
        for page in pages {
            if let background = page.background, background.alpha < 1 { return true }
            scan.items(page.items)
            if scan.opacity || scan.blend || scan.gradientAlpha || scan.imageAlpha != nil { return true }
        }
        return false
    }

    private struct Scan {
        let document: Scene.Document
        var checkImages = true
        var opacity = false
        /// The first font, image found with each problem (index in the document's lists).
        var trueTypeFont: Int?
        var imageAlpha: Int?
        var imageUnreadable: Int?
        var gradientAlpha = false
        var blend = false
        var seenImages: Set<Int> = []
        var embeddedFonts: Set<Int> = []

        let images: PSImages.Cache
        init(document: Scene.Document, images: PSImages.Cache) { self.document = document; self.images = images }

        mutating func items(_ items: [Scene.Item]) {
            for item in items {
                switch item {
                case .path(_, let paint):
                    if let fill = paint.fill, fill.color.alpha < 1 { opacity = true }
                    if let stroke = paint.stroke, stroke.color.alpha < 1 { opacity = true }
                    if paint.fill?.gradient?.hasTransparency == true || paint.stroke?.gradient?.hasTransparency == true {
                        gradientAlpha = true
                    }
                case .text(let run):
                    if run.color.alpha < 1 { opacity = true }
                    if document.fonts.indices.contains(run.font.index),
                       case .trueType = document.fonts[run.font.index], !embeddedFonts.contains(run.font.index) {
                        if trueTypeFont == nil { trueTypeFont = run.font.index }
                    }
                case .image(let image):
                    guard checkImages, seenImages.insert(image.image.index).inserted else { break }
                    switch images.image(image.image.index) {
                    case .none: if imageUnreadable == nil { imageUnreadable = image.image.index }
                    case .some(let decoded): if decoded.hasPartialAlpha, imageAlpha == nil { imageAlpha = image.image.index }
                    }
                case .group(let group):
                    if group.opacity < 1 { opacity = true }
                    if group.blend != .normal { blend = true }
                    self.items(group.items)
                }
            }
        }
    }
}

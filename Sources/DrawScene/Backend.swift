import DrawBase
import DrawDiagnostics

/// What every output format offers: the scene IR in, files out, and what DrawKit, the
/// command line, the preview and the docs need to know of the format (`traits`). DrawKit
/// makes the backend of a format in one exhaustive `switch` beside the cases of its
/// `OutputFormat` and calls through this protocol only, so a new format is one conformance
/// and its case of `OutputFormat` with the line that makes it (docs/architecture.md,
/// "Formats: one conformance each").
package protocol Backend: Sendable {
    /// What the format is and what it cannot show.
    var traits: BackendTraits { get }
    /// Renders the whole document.
    func render(_ document: Scene.Document) -> BackendOutput
}

/// What a format is, as DrawKit (file names, shadows), `drawc help`, usage errors, the man
/// page, the preview's export and the generated format table of docs/cli.md read it.
package struct BackendTraits: Sendable, Equatable {
    /// The format as people name it ("PDF 1.7").
    package var name: String
    /// The format's name in a list of formats, without a version ("PDF", "PostScript").
    package var shortName: String
    /// The media type of a file of the format ("application/pdf"), for HTTP replies.
    package var mediaType: String
    /// The file extension written, without the dot.
    package var fileExtension: String
    /// True when a document becomes one file per page (`out-1.svg`, `out-2.svg`, …).
    package var onePerPage: Bool
    /// True when the format has no blur: drop shadows reach it as images rasterised by
    /// drawc (`ShadowImages.lower`, before `render`).
    package var shadowsAsImages: Bool
    /// What the format shows differently from the others, in words (empty: nothing).
    package var cannotShow: [String]

    package init(name: String, shortName: String, mediaType: String, fileExtension: String, onePerPage: Bool, shadowsAsImages: Bool,
                 cannotShow: [String] = []) {
        self.name = name; self.shortName = shortName; self.mediaType = mediaType
        self.fileExtension = fileExtension; self.onePerPage = onePerPage
        self.shadowsAsImages = shadowsAsImages; self.cannotShow = cannotShow
    }
}

/// A message from a backend: a stable id and the text shown to people.
package struct BackendMessage: Hashable, Sendable {
    package var id: String
    package var message: String
    /// The source of the cause, from `Document.causes` (`.unknown` only for hand-built documents).
    package var span: Span
    /// The item that caused it, when the backend knows (a PNG page's edges run out while
    /// drawing it): the compiler finds its statement (`Scene.Document.sourceSpan(of:)`).
    package var item: Scene.ItemLocation?
    package init(id: String, message: String, span: Span = .unknown, item: Scene.ItemLocation? = nil) {
        self.id = id; self.message = message; self.span = span; self.item = item
    }
}

extension Scene {
    /// Where an item is: its page, and its index in the page's items, then in each nested
    /// group's items down to it.
    package struct ItemLocation: Hashable, Sendable {
        package var page: Int
        package var path: [Int]
        package init(page: Int, path: [Int]) { self.page = page; self.path = path }
    }
}

extension Scene.Document {
    /// The statement that made the item at `location` (its innermost recorded one), nil
    /// when sources were not recorded (`recordSources`) or the location is not in the document.
    package func sourceSpan(of location: Scene.ItemLocation) -> Span? {
        guard pages.indices.contains(location.page) else { return nil }
        var items = pages[location.page].items
        var itemSources = pages[location.page].itemSources
        var found: Span?
        for index in location.path {
            guard items.indices.contains(index) else { break }
            if itemSources.indices.contains(index) {
                let id = itemSources[index]
                if id.index >= 0, Int(id.index) < sources.count { found = sources[Int(id.index)].span }
            }
            guard case .group(let group) = items[index] else { break }
            items = group.items
            itemSources = group.itemSources
        }
        return found
    }
}

/// What a backend produced.
package struct BackendOutput: Sendable {
    /// The files: one for a format that holds the whole document, else one per page.
    package var files: [[UInt8]]
    /// True when `files` holds one file per page.
    package var onePerPage: Bool
    /// What the format shows differently from the others (the output is still written).
    package var warnings: [BackendMessage]
    /// What stopped the backend; `files` is then empty.
    package var errors: [BackendMessage]

    package init(files: [[UInt8]], onePerPage: Bool, warnings: [BackendMessage] = [], errors: [BackendMessage] = []) {
        self.files = files; self.onePerPage = onePerPage; self.warnings = warnings; self.errors = errors
    }
}

// DrawScene — the scene IR: what every backend draws, and nothing it has to work out.
//
// Takes: positioned content from DrawLayout. Hands on: `Scene.Document`, pages of items
// in page points (1/72 in) with the origin at the top-left corner and y pointing down.
// Invariants: every path is made of move/line/cubic/close only (arcs, quadratics,
// ellipses and rounded corners were converted once, in layout); every text run is already
// positioned glyph by glyph (backends never measure text); fonts and images are resources
// referenced by index, each listed once per document, in first-use order. Backends are
// straight walks over this tree.

import DrawBase
import DrawDiagnostics
import DrawFonts

extension Scene {
    /// Index of a font in `Document.fonts`.
    package struct FontID: Hashable, Sendable {
        package var index: Int
        package init(_ index: Int) { self.index = index }
    }

    /// Index of an image in `Document.images`.
    package struct ImageID: Hashable, Sendable {
        package var index: Int
        package init(_ index: Int) { self.index = index }
    }

    /// A font used by the document.
    package enum FontResource: Hashable, Sendable {
        /// One of the 14 standard fonts; glyph ids in runs are WinAnsi codes (0…255).
        case standard(Standard14Font)
        /// A TrueType face loaded from a file; glyph ids in runs are the font's glyph ids.
        /// (The payload type lands with TrueType support, issue 8.)
        case trueType(TrueTypeFontRef)
    }

    /// An image used by the document: the encoded file bytes and their pixel size.
    package struct ImageResource: Hashable, Sendable {
        package enum Format: UInt8, Hashable, Sendable { case png, jpeg }
        package var format: Format
        package var bytes: [UInt8]
        package var pixelWidth: Int
        package var pixelHeight: Int
        package init(format: Format, bytes: [UInt8], pixelWidth: Int, pixelHeight: Int) {
            self.format = format; self.bytes = bytes; self.pixelWidth = pixelWidth; self.pixelHeight = pixelHeight
        }
    }

    /// One glyph of a text run, positioned along the baseline.
    ///
    /// The fields are declared widest first, so that the glyph packs into 16 bytes (in the
    /// order glyph, x, scalar the padding made it 24: a 100,000-text page held a third of
    /// its glyph memory in padding).
    package struct PositionedGlyph: Hashable, Sendable {
        /// Pen position of the glyph's origin, in points from the run's origin, along the
        /// baseline. Kerning is already in here; backends must place each glyph at `x`.
        package var x: Double
        /// The Unicode scalar the glyph stands for: the first of its cluster when shaping
        /// made one glyph of several (a ligature) or several of one (the run's `actualText`
        /// then has the text).
        package var scalar: Unicode.Scalar
        /// WinAnsi code for a standard font, glyph id for a TrueType font.
        package var glyph: UInt16
        // Inlinable: layout makes one per glyph, and a call across modules cost more than the store.
        @inlinable package init(glyph: UInt16, x: Double, scalar: Unicode.Scalar) {
            self.glyph = glyph; self.x = x; self.scalar = scalar
        }
    }

    /// One line of text in one font, size and colour.
    package struct TextRun: Hashable, Sendable {
        package var font: FontID
        /// Font size in points (the em size).
        package var size: Double
        package var color: Color
        /// Left end of the baseline, in page points (y down).
        package var origin: Point
        package var glyphs: [PositionedGlyph]
        /// Total advance of the run in points (where the pen ends after the last glyph).
        package var advance: Double
        /// The text in logical order when the glyphs' scalars do not give it back (shaping
        /// made ligatures, split or reordered characters, or the run is right to left); PDF
        /// writes it as /ActualText, SVG as the selectable text.
        package var actualText: String?
        /// Each glyph's offset from the baseline in points, y down, when shaping moved some
        /// glyph off it (marks); nil for almost every run. Backends place glyph i at
        /// (`glyphs[i].x`, `y(i)`). (Kept beside the glyphs, not in them, to keep glyphs small.)
        package var glyphY: [Double]?
        /// The text each glyph stands for when shaping made it differ from the glyph's
        /// `scalar`: a ligature's letters, a contextual form's letter, "" for a glyph that
        /// stands for nothing of its own (a further glyph of a cluster). PDF's ToUnicode maps
        /// glyphs to it. nil for almost every run.
        package var glyphText: [String]?
        package init(font: FontID, size: Double, color: Color, origin: Point, glyphs: [PositionedGlyph], advance: Double,
                     actualText: String? = nil, glyphY: [Double]? = nil, glyphText: [String]? = nil) {
            self.font = font; self.size = size; self.color = color; self.origin = origin
            self.glyphs = glyphs; self.advance = advance; self.actualText = actualText; self.glyphY = glyphY
            self.glyphText = glyphText
        }
        /// The offset of glyph `i` from the baseline (y down).
        @inlinable package func y(_ i: Int) -> Double { glyphY.map { i < $0.count ? $0[i] : 0 } ?? 0 }
        /// The text the run stands for.
        package var text: String {
            if let actualText { return actualText }
            var s = String.UnicodeScalarView()
            s.append(contentsOf: glyphs.map(\.scalar))
            return String(s)
        }
        /// The glyphs' scalars in drawing order (left to right), whatever the logical text.
        package var visualText: String {
            var s = String.UnicodeScalarView()
            s.append(contentsOf: glyphs.map(\.scalar))
            return String(s)
        }
        /// Whether the run's glyphs are of a right-to-left script (Hebrew, Arabic…): drawn in
        /// visual order, their logical text reads the other way.
        package var isRightToLeft: Bool {
            glyphs.contains { (0x0590...0x08FF).contains($0.scalar.value) || (0xFB1D...0xFDFF).contains($0.scalar.value)
                || (0xFE70...0xFEFE).contains($0.scalar.value) }
        }
    }

    /// A group of items drawn with a transform, an optional clip and a group opacity.
    package struct Group: Hashable, Sendable {
        /// Applied to the items (and to the clip path), page coordinates outside.
        package var transform: Transform
        /// In the group's own coordinates (before `transform`); nonzero rule.
        package private(set) var clip: Path?
        /// 0…1, applied to the group as a whole.
        package var opacity: Double
        package private(set) var items: [Item]
        /// How the group, composited on its own first, meets what is below it.
        package var blend: BlendMode = .normal
        /// Drop shadows painted under the group, in order (in the group's outer coordinates).
        package var shadows: [Shadow] = []
        /// Where each of `items` came from (see `Page.itemSources`); empty unless recorded.
        package var itemSources: [SourceID] = []
        /// Where the items put ink, in the group's own coordinates (inside `transform`), the
        /// clip applied; nil when they paint nothing (docs/ir.md, *Ink bounds*). Measured by the
        /// initializer with `InkBounds.content`, and again by `changeItems` — `items` and
        /// `clip` cannot be set otherwise, so the box cannot go stale. Shadows are not in it
        /// (they are painted in the outer coordinates: whoever contains the group adds them).
        package private(set) var inkBounds: Rect?
        /// `fonts`: the document's fonts, for each glyph's box; without them (a group built
        /// by hand) text gets a generous box from its size and advance.
        package init(transform: Transform = .identity, clip: Path? = nil, opacity: Double = 1, items: [Item],
                     fonts: [FontResource]? = nil) {
            self.transform = transform; self.clip = clip; self.opacity = opacity; self.items = items
            inkBounds = InkBounds.content(items, clip: clip, fonts: fonts)
        }
        /// Changes the items and measures `inkBounds` again (`fonts` as for the initializer).
        package mutating func changeItems(fonts: [FontResource]?, _ change: (inout [Item]) throws -> Void) rethrows {
            try change(&items)
            inkBounds = InkBounds.content(items, clip: clip, fonts: fonts)
        }
        /// Lets `record` set the `itemSources` of nested groups, which say where items came
        /// from and do not change what they paint, so the ink is not measured again. `record`
        /// must leave every item's drawing as it is.
        package mutating func recordSources(_ record: (inout [Item]) -> [SourceID]) {
            itemSources = record(&items)
        }
    }

    /// A tiling pattern (`pattern NAME, size: … { … }`): `items` drawn in the tile's box
    /// (0, 0, size), clipped to it, repeated every `step` across the plane of pattern space,
    /// which `transform` maps onto the coordinates of the path the pattern fills. The same as
    /// a PDF tiling pattern of paint type 1 (ISO 32000-1 §8.7.3.1: `/BBox`, `/XStep`,
    /// `/YStep`, `/Matrix`), an SVG `<pattern>` in `userSpaceOnUse` and a PostScript
    /// `makepattern` dictionary. Items may fill with other patterns (nesting is bounded by
    /// the evaluator, `PaintLimits.maxPatternDepth`).
    package struct PatternResource: Hashable, Sendable {
        /// The tile's box in pattern space is (0, 0, size.width, size.height).
        package var size: Size
        /// Distance between the origins of neighbouring tiles, at least `size` each way.
        package var step: Size
        /// From pattern space to the coordinates of the filled path (y down, as the page).
        package var transform: Transform
        package var items: [Item]
        package init(size: Size, step: Size, transform: Transform, items: [Item]) {
            self.size = size; self.step = step; self.transform = transform; self.items = items
        }
    }

    /// An image drawn into `rect` (scaled to fill it exactly).
    package struct ImageItem: Hashable, Sendable {
        package var image: ImageID
        package var rect: Rect
        package init(image: ImageID, rect: Rect) { self.image = image; self.rect = rect }
    }

    /// Something drawn on a page. Paint order is array order.
    package enum Item: Hashable, Sendable {
        case path(Path, Paint)
        case text(TextRun)
        case image(ImageItem)
        case group(Group)
    }

    package struct Page: Hashable, Sendable {
        /// Page size in points.
        package var size: Size
        package var background: Color?
        package var items: [Item]
        /// Parallel to `items` when sources were recorded (`LayoutOptions.recordSources`),
        /// else empty: the index in `Document.sources` of the statement that made each item
        /// (`SourceID.none` for items no statement made). Groups hold their own.
        package var itemSources: [SourceID] = []
        /// The finished (trimmed) page inside the sheet, in page points from the top-left
        /// corner; nil: the whole page (PDF /TrimBox, PostScript /TrimBox pdfmark).
        package var trimBox: Rect?
        /// How far printed content may extend past the trim for the print shop's cut; nil:
        /// the whole page (PDF /BleedBox, PostScript /BleedBox pdfmark).
        package var bleedBox: Rect?
        /// Where the drawing's (0, 0) — the `at:` of top-level nodes — lands on the page, in
        /// page points (the margin, less the content's corner on a page sized to it): the
        /// preview turns a click into the `at:` of a new statement with it.
        package var origin: Point = .zero
        package init(size: Size, background: Color? = nil, items: [Item] = [], trimBox: Rect? = nil, bleedBox: Rect? = nil) {
            self.size = size; self.background = background; self.items = items
            self.trimBox = trimBox; self.bleedBox = bleedBox
        }
    }

    package struct Metadata: Hashable, Sendable {
        /// Shown as the document title (PDF /Title, SVG <title>, PS %%Title).
        package var title: String?
        /// Ask viewers to print at 100 % (PDF `/ViewerPreferences << /PrintScaling /None >>`):
        /// set for label sheets, whose cells must land on the die-cut labels.
        package var noPrintScaling: Bool
        package init(title: String? = nil, noPrintScaling: Bool = false) { self.title = title; self.noPrintScaling = noPrintScaling }
    }

    package struct Document: Hashable, Sendable {
        package var pages: [Page]
        package var fonts: [FontResource]
        package var images: [ImageResource]
        /// Tiling patterns, referenced by `Fill.pattern`, in first-use order.
        package var patterns: [PatternResource] = []
        package var metadata: Metadata
        /// Where in the source what the document uses came from, so a backend's late warning
        /// (a PostScript approximation, a font it cannot embed) points at its cause.
        package var causes: Causes
        /// The statements items came from, referenced by `SourceID` from pages and groups;
        /// empty unless sources were recorded.
        package var sources: [ItemSource] = []
        package init(pages: [Page] = [], fonts: [FontResource] = [], images: [ImageResource] = [], metadata: Metadata = Metadata()) {
            self.pages = pages; self.fonts = fonts; self.images = images; self.metadata = metadata
            causes = Causes()
        }
    }

    /// Source spans of a document's resources and effects, filled in by layout (`.unknown`
    /// where a document is built by hand). Items keep no spans: these are what backends warn about.
    package struct Causes: Hashable, Sendable {
        /// Per entry of `Document.fonts`: the `font:` value (or the node) that first used it.
        package var fonts: [Span] = []
        /// Per entry of `Document.images`: the `image` node's file path.
        package var images: [Span] = []
        /// Per page: its `page` statement.
        package var pages: [Span] = []
        /// The first node drawn with transparency (`opacity`, a translucent colour).
        package var translucent: Span?
        package init() {}

        package func font(_ index: Int) -> Span { fonts.indices.contains(index) ? fonts[index] : .unknown }
        package func image(_ index: Int) -> Span { images.indices.contains(index) ? images[index] : .unknown }
        package func page(_ index: Int) -> Span { pages.indices.contains(index) ? pages[index] : .unknown }
    }

    /// Index of an `ItemSource` in `Document.sources`.
    package struct SourceID: Hashable, Sendable {
        package var index: Int32
        package init(_ index: Int32) { self.index = index }
        /// No statement: the item was made by the page itself.
        package static let none = SourceID(-1)
    }

    /// The statement that made an item, in the user's file (docs/ir.md, "Source spans"):
    /// for a node made by a component, `span` is the call site in the drawing's own file and
    /// `definitions` the statements inside the component bodies that made it, outermost
    /// first (they may lie in imported files).
    package struct ItemSource: Hashable, Sendable {
        package var span: Span
        package var definitions: [Span]
        /// The kind of the node that made the item (`rect`, `line`, …), for tools.
        package var kind: String
        /// Why the node cannot be moved by rewriting numbers of its own statement (it sits
        /// in a stack or grid, which places it); nil when nothing in layout prevents it.
        package var placedByParent: String?
        package init(span: Span, definitions: [Span] = [], kind: String, placedByParent: String? = nil) {
            self.span = span; self.definitions = definitions; self.kind = kind; self.placedByParent = placedByParent
        }
    }
}

// The layout engine: three linear passes per page over the node tree.
//
// 1. measure (bottom-up): every node's bounds in its own coordinates — (0, 0, w, h) for
//    sized things, the bounding box of the coordinates for lines and paths, the union of
//    the children for groups. Text is shaped and path data parsed here, once.
// 2. place (top-down, in source order): every node's translation into page content
//    coordinates (the top-left corner of the margin box is 0, 0) and, under `rotate`/`scale`,
//    the accumulated transform. `at:` anchors of earlier nodes are resolved here, so they
//    must be placed already; connectors are queued and computed when the page is placed
//    (they may name later nodes).
// 3. emit (in source order): scene items, shifted by the page origin.
//
// Nodes are numbered in pre-order; per-node results live in one flat array of `Box`es
// (no per-node dictionaries or child arrays), so a million shapes cost linear time.

import DrawCatalogue
import DrawDiagnostics
import DrawResources
import DrawFonts
import DrawOutput
import DrawScene
import DrawSemantics

/// Lays out a drawing: measures bottom-up, places top-down, and emits one scene page per
/// page of the drawing. Diagnostics are returned in the order found; the document is
/// complete (if possibly wrong) even when there are errors.
/// Images are read through `resources`, the boundary the evaluator read imports and data through.
/// With `recordSources`, every item gets the statement that made it (docs/ir.md).
package func layout(_ drawing: Drawing, fonts: FontResolver = FontResolver(),
                    resources: Resources = Resources(), recordSources: Bool = false) -> (Scene.Document, [Diagnostic]) {
    var engine = LayoutEngine(fonts: fonts, resources: resources)
    engine.sourcePaths = drawing.sourcePaths
    var document = Scene.Document()
    engine.recordSources = recordSources
    engine.recorder.links = recordSources ? drawing.definitionLinks : []
    for page in drawing.pages {
        document.pages.append(engine.layoutPage(page))
        engine.causes.pages.append(page.settings.span)
    }
    if recordSources { document.sources = engine.recorder.sources }
    document.fonts = engine.documentFonts
    document.images = engine.images
    document.patterns = engine.patterns
    document.metadata.noPrintScaling = drawing.noPrintScaling
    document.causes = engine.causes
    return (document, engine.sink.diagnostics)
}

/// The most errors layout reports for one document (the layout policy's cap).
var maximumDiagnostics: Int { DiagnosticPolicy.layout.maximumErrors }

/// Layout defaults (documented in docs/ir.md and docs/language.md).
enum LayoutDefaults {
    /// Spacing between children of stacks and grids when `spacing:` is not given.
    static let spacing = 8.0
    /// Padding of a shape that sizes itself to its label or children.
    static let shapePadding = 8.0
    /// Size of a `rect`/`ellipse` without size, label or children (Pikchr's 0.75in × 0.5in).
    static let shapeSize = Size(54, 36)
    /// Radius of a `circle` without `r:`, label or children (Pikchr's 0.25in).
    static let circleRadius = 18.0
    /// Gap between a connector and its label.
    static let labelGap = 3.0
    /// Connector labels without their own `fontSize:` are this much smaller than body text.
    static let connectorLabelScale = 10.0 / 12.0
    /// Padding of a connector label's background, horizontal and vertical.
    static let labelBackgroundPadding = Size(2, 1)
    /// Distance between parallel connectors joining the same two nodes.
    static let parallelSpacing = 10.0
    /// How far a self-loop reaches out of its node, at least.
    static let selfLoopReach = 24.0
    /// A label or a node sticking out of its space by less than this is not reported.
    static let overflowTolerance = 0.5
}

/// A node of the drawing being laid out, read in place. The drawing outlives layout and is
/// never changed by it; reading fields through the pointer copies only the field read,
/// where passing a `Node` copied the whole node (five reference counts each way) at every
/// visit — measure, place and emit visited each node four times.
typealias NodeRef = UnsafePointer<Node>

extension UnsafePointer where Pointee == Node {
    var kind: NodeKind { pointee.kind }
    var span: Span { pointee.span }
    var id: String? { pointee.id }
    var content: String? { pointee.content }
    var contentSpan: Span? { pointee.contentSpan }
    var contentIsVerbatim: Bool { pointee.contentIsVerbatim }
    var explicitStyle: InheritedSet { pointee.explicitStyle }
    var geometry: NodeGeometry { pointee.geometry }
    /// A one-byte load (reading `geometry.…` copies the geometry for the getter call).
    var hasRareGeometry: Bool { pointee.geometry.hasRareProperties }
    var style: ResolvedStyle { pointee.style }
    var children: [Node] { pointee.children }
}

/// Per-node results, indexed by pre-order position on the page.
struct Box {
    /// Bounds in the node's own coordinates (from measuring).
    var bounds = Rect.zero
    /// Translation from the node's own coordinates to page content coordinates (placing).
    var offset = Point.zero
    /// Index in `LayoutEngine.transforms` of the rotation/scale applied around this node
    /// (its own and its ancestors'), in content coordinates; -1 when none.
    var transform: Int32 = -1
    /// Index just past this node's subtree, so children can be walked without arrays.
    var next: Int32 = 0
    /// Index of a side record: text block (text, shape label), path (path, line kinds),
    /// connector geometry; -1 when none.
    var side: Int32 = -1
    var kind: NodeKind = .group
    var state: State = .unplaced

    enum State: UInt8 {
        case unplaced, placed
        /// A connector (or line between nodes): never flows, computed after placing.
        case connector
        /// Ignored content (children of kinds that take none).
        case ignored
    }
}

/// The computed geometry of a connector, in content coordinates.
struct ConnectorGeometry {
    var line: Scene.Path?
    var heads: Scene.Path?
    /// Marks drawn with the line's stroke (open heads, bars, crow's feet).
    var strokedHeads: Scene.Path?
    /// Marks stroked over a fill of the page background (hollow diamonds and circles).
    var hollowHeads: Scene.Path?
    var label: TextBlock?
    var labelOrigin = Point.zero
    /// The label's background (nil: none).
    var labelBackground: Color?
    var bounds: Rect?
}

/// The engine is a struct of flat arrays. Its helpers that read the arrays are `mutating`
/// even when they only read: calling a non-mutating method from a mutating one copies the
/// whole struct (measured: ~1,200 instructions per node), a mutating call passes it in place.
struct LayoutEngine {
    let fonts: FontResolver
    var sink = DiagnosticSink(policy: .layout)
    /// Sources of items (Sources.swift), only when asked.
    var recordSources = false
    var recorder = SourceRecorder()
    var emitParentKind: NodeKind?

    // Fonts, shared by all pages.
    var faces: [LayoutFace] = []
    var faceCache: [FaceKey: [Int]] = [:]
    var lastFaceKey: FaceKey?
    var lastFaces: [Int] = []
    /// The faces of `lastFaces`, looked up once.
    var lastFaceObjects: [LayoutFace] = []
    /// Reused by every text (taken and given back), so shaping allocates nothing per text.
    var shapedScratch: [ShapedGlyph] = []
    /// Reused the same way: a text's run settings, paragraph ends and line ranges.
    var runSettingsScratch: [RunSettings] = []
    var paragraphEndsScratch: [Int] = []
    var lineRangesScratch: [LineRange] = []
    /// Printable ASCII in one face is shaped byte by byte (`layoutText`'s `shapeASCII`); off
    /// only in tests, which check that it gives what the scalar-by-scalar path gives.
    var shapesASCIIBytes = true
    var composer = Composer()
    /// Face index → index in `documentFonts`, -1 until first drawn.
    var fontIDs: [Int] = []
    var documentFonts: [Scene.FontResource] = []
    var images: [Scene.ImageResource] = []
    /// The source spans of fonts, images, pages and the first transparency, for backends' warnings.
    var causes = Scene.Causes()
    /// Where the text being emitted takes its font from: the `font:` value, else the node.
    var fontCause = Span.unknown
    var imageIndex: [String: Int] = [:]
    /// Tiling patterns of the document (Paint.swift), each tile once per transform.
    var patterns: [Scene.PatternResource] = []
    var tileIndex: [TileKey: Scene.PatternID] = [:]
    /// The tiles of `tileIndex` (kept alive so their identities stay unique).
    var tileOwners: [PatternTile] = []
    /// True while a pattern's tile is laid out as a page of its own: no page-edge warnings.
    var layingOutTile = false

    // Per page.
    var boxes: [Box] = []
    var transforms: [Transform] = []
    var texts: [TextBlock] = []
    var paths: [Scene.Path] = []
    var imageItems: [Scene.ImageItem] = []
    var connectors: [ConnectorGeometry] = []
    var barcodes: [BarcodeGeometry] = []
    /// The page's barcodes encoded ahead of measuring (`encodeBarcodes`).
    var encodedBarcodes: [BarcodeKey: EncodedBarcode] = [:]
    /// The outlines of `stroke` nodes (indexed by their box's `side`), drawn when emitted.
    var inkOutlines: [[Point]] = []
    var ids: [String: Int] = [:]
    var pendingConnectors: [(Int, Node)] = []
    /// Corner radii of named rects, for clipping connectors.
    var cornerRadii: [Int: Double] = [:]
    /// Options of named diagram shapes, for clipping connectors and their anchors.
    var shapeOptions: [Int: ShapeOptions] = [:]
    /// Half the stroke width of named nodes that draw an outlined shape, for clipping.
    var strokeHalfWidths: [Int: Double] = [:]
    /// The page being laid out: its background and fixed size (nil: sized to the content).
    var pageBackground: Color?
    var pageSize: Size?
    /// Labels of this page's connectors placed so far, and the frames of its nodes (made
    /// on first use), so labels keep clear of both and routes of the nodes.
    var placedLabels = RectIndex()
    var nodeFrames: [(index: Int, frame: Rect)]?
    var nodeFrameIndex: RectIndex?
    /// Outlines of connector targets, flattened once per page.
    var outlineCache: [Int: [[Point]]] = [:]
    /// Orthogonal routes searched on this page so far (bounded by `maximumRoutedConnectors`).
    var routedConnectors = 0
    /// Connectors between the same two nodes: how many, and how many are placed so far.
    var parallelCounts: [PairKey: Int] = [:]
    var parallelSeen: [PairKey: Int] = [:]
    /// Shift from content coordinates to page coordinates (the margin, and for pages sized
    /// to their content, minus the content's top-left corner).
    var origin = Point.zero
    /// Tools (the language server) ask for every node's laid-out frame: see Frames.swift.
    var recordsFrames = false
    /// False for tools that want diagnostics and frames only (the language server): the
    /// scene items are not made. Emitting reports nothing — every diagnostic of layout
    /// comes from measuring, placing, connectors and the checks of the page — so the
    /// diagnostics are the same either way (tested over the samples and the corpus).
    var emitsItems = true
    var recordedFrames: [LaidOutFrame] = []
    var recordedPages = 0
    /// Where the trimmed page starts on the sheet (the bleed, and room for crop marks).
    var trimOrigin = Point.zero
    /// Whether the page's placement is checked (texts against their parent's box): not
    /// after errors, when nodes may sit where a fallback put them.
    var checksPlacement = false
    /// The drawing's source files by `FileID` (for font paths in markup, relative to them).
    var sourcePaths: [String] = []
    /// Measured texts kept across layouts (tools only; TextCache.swift).
    var textCache: TextMeasureCache?
    /// Diagnostics reported so far, counted before the sink de-duplicates or caps them.
    var reportCount = 0

    let resources: Resources

    init(fonts: FontResolver, resources: Resources) { self.fonts = fonts; self.resources = resources }

    /// Records a diagnostic under the layout policy (DrawDiagnostics' DiagnosticSink): text
    /// and paths inside a component or a loop come from one literal, and their mistakes are
    /// reported once per place, not once per use.
    mutating func report(_ diagnostic: Diagnostic) { reportCount += 1; sink.report(diagnostic) }

    // MARK: Pages

    mutating func layoutPage(_ page: PageNode) -> Scene.Page {
        boxes.removeAll(keepingCapacity: true); transforms.removeAll(); texts.removeAll()
        paths.removeAll(); connectors.removeAll(); ids.removeAll(); pendingConnectors.removeAll()
        cornerRadii.removeAll()
        shapeOptions.removeAll(); strokeHalfWidths.removeAll(); placedLabels = RectIndex(); nodeFrames = nil
        nodeFrameIndex = nil; outlineCache.removeAll(); routedConnectors = 0
        inkOutlines.removeAll()
        parallelCounts.removeAll(); parallelSeen.removeAll()
        pageBackground = page.settings.background; pageSize = page.settings.size
        imageItems.removeAll()
        barcodes.removeAll()
        boxes.reserveCapacity(Self.countNodes(page.nodes))
        encodeBarcodes(page.nodes)

        // Nodes are read through a buffer pointer: subscripting the array would copy each
        // node (a dozen reference counts) at every visit.
        page.nodes.withUnsafeBufferPointer { nodes in
            for i in nodes.indices { measure(nodes.baseAddress! + i) }
        }

        // The page acts as a group: top-level nodes stay at their own coordinates.
        var index = 0
        page.nodes.withUnsafeBufferPointer { nodes in
            for i in nodes.indices {
                let offset = outOfFlowOffset(nodes.baseAddress! + i, index: index, parentOffset: .zero, parentTransform: -1) ?? .zero
                place(nodes.baseAddress! + i, index: index, offset: offset, transform: -1)
                index = Int(boxes[index].next)
            }
        }
        computePendingConnectors()

        let margin = page.settings.margin
        let size: Size
        if let fixed = page.settings.size {
            size = fixed
            origin = Point(margin.left, margin.top)
        } else {
            let content = contentBounds() ?? .zero
            origin = Point(margin.left - content.minX, margin.top - content.minY)
            size = Size(content.width + margin.left + margin.right, content.height + margin.top + margin.bottom)
        }

        // A print-shop page (bleed, crop marks) sits inside a larger sheet.
        let slug = PrintMarks.slug(page.settings)
        trimOrigin = Point(slug, slug)
        origin = origin + trimOrigin
        // One rule for every format: geometry beyond the coordinate range, or a page larger
        // than PDF allows, is an error here, and the backends get an empty page.
        var outOfRange = false
        index = 0
        page.nodes.withUnsafeBufferPointer { nodes in
            for i in nodes.indices {
                if checkCoordinateRange(nodes.baseAddress! + i, index: index) { outOfRange = true }
                index = Int(boxes[index].next)
            }
        }
        if !outOfRange, !(size.width <= Scene.maximumPageSide && size.height <= Scene.maximumPageSide) {
            reportPageTooLarge(page, size: size)
            outOfRange = true
        }
        if outOfRange { return Scene.Page(size: Size(1, 1), background: nil, items: []) }

        // About one item per node (shapes with labels make two): reserving avoids copying
        // the growing array of every item of the page at each doubling.
        var items: [Scene.Item] = []
        items.reserveCapacity(boxes.count)
        // After errors nodes may sit where a fallback put them: no placement warnings then.
        let hasErrors = sink.hasErrors
        checksPlacement = !hasErrors
        index = 0
        if recordSources { recorder.resetPage() }
        emitParentKind = nil
        page.nodes.withUnsafeBufferPointer { nodes in
            for i in nodes.indices {
                if page.settings.size != nil && !hasErrors && !layingOutTile { checkInsidePage(nodes.baseAddress! + i, index: index, size: size) }
                if !hasErrors && (nodes.baseAddress! + i).hasRareGeometry { checkLabelCell(nodes.baseAddress! + i, index: index) }
                if emitsItems {
                    emit(nodes.baseAddress! + i, index: index, into: &items)
                } else if !hasErrors {
                    checkTextsInsideParents(nodes.baseAddress! + i, index: index)
                }
                index = Int(boxes[index].next)
            }
        }
        if recordsFrames { recordFrames(page.nodes) }
        let sources = recordSources ? recorder.attach(to: &items) : []
        // Print marks are items too: a layout for tools (no items) leaves them out.
        if emitsItems && (page.settings.bleed > 0 || page.settings.cropMarks) {
            return PrintMarks.page(trimSize: size, background: page.settings.background, items: items, sources: sources,
                                   settings: page.settings, fonts: documentFonts)
        }
        var made = Scene.Page(size: size, background: page.settings.background, items: items)
        made.itemSources = sources
        return made
    }

    private static func countNodes(_ nodes: [Node]) -> Int {
        var count = nodes.count
        for i in nodes.indices where !nodes[i].children.isEmpty { count += Self.countNodes(nodes[i].children) }
        return count
    }

    /// The union of everything placed, in content coordinates.
    private mutating func contentBounds() -> Rect? {
        var result: Rect?
        func add(_ r: Rect) { result = result.map { $0.union(r) } ?? r }
        for i in boxes.indices {
            let box = boxes[i]
            switch box.state {
            case .placed:
                // Empty containers and spacers have no extent of their own.
                if box.kind == .spacer { continue }
                if box.bounds.width == 0 && box.bounds.height == 0 && box.kind == .group { continue }
                let frame = Rect(origin: box.bounds.origin + box.offset, size: box.bounds.size)
                add(box.transform >= 0 ? transformedBounds(frame, transforms[Int(box.transform)]) : frame)
            case .connector:
                if box.side >= 0, let b = connectors[Int(box.side)].bounds {
                    add(box.transform >= 0 ? transformedBounds(b, transforms[Int(box.transform)]) : b)
                }
            case .unplaced, .ignored:
                continue
            }
        }
        return result
    }

    // MARK: Classification

    /// Lines between nodes, anchored lines and `a -> b` connectors: computed in page
    /// coordinates after placing, never part of the flow nor of their parent's size.
    static func isConnector(_ node: NodeRef) -> Bool {
        switch node.kind.layoutClass {
        case .connector:
            return true
        case .line:
            let g = node.geometry
            if isAttached(g.from) || isAttached(g.to) { return true }
            if let points = g.points, points.contains(where: { $0.anchor != nil }) { return true }
            return g.via.contains { $0.anchor != nil }
        case .box, .shape, .path, .stroke, .text, .image, .barcode, .spacer, .container:
            return false
        }
    }

    private static func isAttached(_ end: Endpoint?) -> Bool {
        switch end {
        case .node?: true
        case .point(let p)?: p.anchor != nil
        case nil: false
        }
    }

    static func isConnector(_ node: Node) -> Bool { withUnsafePointer(to: node) { isConnector($0) } }
    static func isFlow(_ node: Node) -> Bool { withUnsafePointer(to: node) { isFlow($0) } }

    static func isFlow(_ node: NodeRef) -> Bool {
        node.geometry.at == nil && !isConnector(node)
    }

    /// Cells a grid with `fill: true` stretches to their slot: shapes and stacks (whose own
    /// size is their frame), not text, images or lines.
    static func stretches(_ kind: NodeKind) -> Bool {
        switch kind.layoutClass {
        case .box(let form): form != .circle
        case .shape: true
        case .container(let arrangement): arrangement.stretchesInGrid
        case .line, .path, .stroke, .text, .image, .barcode, .spacer, .connector: false
        }
    }

    // MARK: Measure

    /// Measures `node` and its subtree; returns its bounds in its own coordinates.
    @discardableResult
    mutating func measure(_ node: NodeRef) -> Rect {
        let index = boxes.count
        boxes.append(Box())
        boxes[index].kind = node.kind
        let g = node.geometry
        if let id = node.id {
            // One hash for the common case (ids are unique: evaluation rejects duplicates);
            // a repeated id keeps its first node.
            if let first = ids.updateValue(index, forKey: id) {
                ids[id] = first
            } else {
                // What clipping connectors to this node needs besides its frame.
                if node.kind == .rect, let corner = g.corner, corner > 0 { cornerRadii[index] = corner }
                if node.kind.isDiagramShape, node.hasRareGeometry { shapeOptions[index] = g.shape }
                if Self.drawsOutline(node.kind), node.style.stroke != nil, node.style.lineWidth > 0 {
                    strokeHalfWidths[index] = node.style.lineWidth / 2
                }
            }
        }
        var bounds = Rect.zero

        switch node.kind.layoutClass {
        case .connector:
            boxes[index].state = .connector
        case .line:
            if Self.isConnector(node) {
                boxes[index].state = .connector
            } else {
                let points = Self.plainPoints(node)
                var sink = PathSink()
                sink.verbs.reserveCapacity(points.count + 1)
                sink.points.reserveCapacity(points.count)
                if let first = points.first {
                    sink.move(to: first)
                    for p in points.dropFirst() { sink.line(to: p) }
                    if node.kind == .polygon { sink.close() }
                }
                boxes[index].side = Int32(paths.count)
                paths.append(sink.path)
                bounds = (g.smooth ? smoothBounds(points, closed: node.kind == .polygon, tension: g.tension ?? 0) : pointBounds(points)) ?? .zero
            }
        case .stroke:
            // The outline is computed once, here; emitting only moves it into place.
            var outline: [Point] = []
            if let points = g.inkPoints {
                if let made = inkOutline(of: points, width: g.width, options: g.ink) {
                    outline = made
                } else {
                    report(.error(.inkLimit, at: points.span == .unknown ? node.span : points.span,
                                  "this stroke's outline would have more than \(maxInkOutlinePoints) points (too many sharp turns); it is not drawn"))
                }
            }
            bounds = pointBounds(outline) ?? .zero
            boxes[index].side = Int32(inkOutlines.count)
            inkOutlines.append(outline)
        case .path:
            let path = parsePath(node)
            boxes[index].side = Int32(paths.count)
            paths.append(path ?? Scene.Path())
            bounds = path.flatMap(tightBounds) ?? .zero
        case .text:
            let fit = node.hasRareGeometry ? g.textFit : TextFit()
            let box: Size? = g.width != nil || g.height != nil ? Size(g.width ?? .infinity, g.height ?? .infinity) : nil
            let block = layoutText(node.content ?? "", style: node.style, wrapWidth: g.width,
                                   align: node.style.textAlign, span: node.span, literal: Self.literalSpan(node),
                                   fit: fit, box: box, contentFile: node.contentSpan?.file)
            boxes[index].side = Int32(texts.count)
            texts.append(block)
            bounds = Rect(x: 0, y: 0, width: g.width ?? block.size.width, height: g.height ?? block.size.height)
            if let box { checkTextFits(node, block: block, box: box) }
        case .image:
            bounds = measureImage(node, index: index)
        case .spacer:
            bounds = .zero
        case .box(let form):
            bounds = measureShape(node, index: index, form: .box(form))
        case .shape(let shape):
            bounds = measureShape(node, index: index, form: .shape(shape))
        case .barcode:
            bounds = measureBarcode(node, index: index)
        case .container(let arrangement):
            bounds = arrangement.measure(&self, node, index: index)
        }
        if !node.kind.takesChildren && !node.children.isEmpty {
            // Children of kinds that take none (semantics warns): measured so that every
            // node has a box, but never placed nor drawn.
            node.children.withUnsafeBufferPointer { children in
                for i in children.indices { measure(children.baseAddress! + i) }
            }
            for i in (index + 1)..<boxes.count { boxes[i].state = .ignored }
        }
        boxes[index].bounds = bounds
        boxes[index].next = Int32(boxes.count)
        return bounds
    }

    /// Calls `body` for each child with its box index; when `measuring`, measures it first.
    mutating func forEachChild(_ node: NodeRef, index: Int, measuring: Bool, _ body: (inout LayoutEngine, NodeRef, Int) -> Void) {
        var childIndex = index + 1
        node.children.withUnsafeBufferPointer { children in
            for i in children.indices {
                if measuring { measure(children.baseAddress! + i) }
                body(&self, children.baseAddress! + i, childIndex)
                childIndex = Int(boxes[childIndex].next)
            }
        }
    }

    /// A box or a diagram shape, for `measureShape`.
    enum ShapeForm {
        case box(BoxForm)
        case shape(any DiagramShape.Type)
    }

    /// Rect, ellipse, circle and the diagram shapes: their label and children as a zstack,
    /// plus padding, unless sized.
    private mutating func measureShape(_ node: NodeRef, index: Int, form: ShapeForm) -> Rect {
        let g = node.geometry
        var contentWidth = 0.0, contentHeight = 0.0
        var hasContent = false
        let explicitPadding = g.padding
        if let label = node.content {
            // A label wraps inside a shape of fixed width.
            var wrap: Double?
            if let width = g.width {
                let pad = explicitPadding ?? EdgeInsets(all: LayoutDefaults.shapePadding)
                switch form {
                case .shape(let shape):
                    let area = shape.labelArea(g.shape, in: Rect(x: 0, y: 0, width: width, height: g.height ?? width))
                    wrap = max(0, area.width - pad.left - pad.right)
                case .box(.rect), .box(.ellipse):
                    wrap = max(0, width - pad.left - pad.right)
                case .box(.circle):
                    wrap = nil
                }
            }
            // Labels are centred unless the shape itself says `align:` (bit 14 of the mask).
            let align: TextAlign = node.explicitStyle.contains(.align) ? node.style.textAlign : .center
            // The room for the label when the shape's size is fixed (for `overflow: shrink`).
            var box: Size?
            let fit = node.hasRareGeometry ? g.textFit : TextFit()
            if fit.overflow == .shrink, let width = g.width, let height = g.height ?? (node.kind == .circle ? width : nil) {
                let pad = explicitPadding ?? EdgeInsets(all: LayoutDefaults.shapePadding)
                let frame = Rect(x: 0, y: 0, width: width, height: height)
                let area: Rect
                switch form {
                case .shape(let shape):
                    area = shape.labelArea(g.shape, in: frame)
                case .box(.rect):
                    area = frame
                case .box(.ellipse), .box(.circle):
                    area = Rect(x: 0, y: 0, width: width / 2.0.squareRoot(), height: height / 2.0.squareRoot())
                }
                box = Size(max(0, area.width - pad.left - pad.right), max(0, area.height - pad.top - pad.bottom))
            }
            let block = layoutText(label, style: node.style, wrapWidth: wrap, align: align, span: node.span, literal: Self.literalSpan(node),
                                   fit: fit, box: box, contentFile: node.contentSpan?.file)
            boxes[index].side = Int32(texts.count)
            texts.append(block)
            contentWidth = block.size.width; contentHeight = block.size.height
            hasContent = true
        }
        forEachChild(node, index: index, measuring: true) { engine, child, childIndex in
            guard Self.isFlow(child) else { return }
            let b = engine.boxes[childIndex].bounds
            contentWidth = max(contentWidth, b.width); contentHeight = max(contentHeight, b.height)
            hasContent = true
        }
        let pad = explicitPadding ?? (hasContent ? EdgeInsets(all: LayoutDefaults.shapePadding) : .zero)
        let paddedWidth = contentWidth + pad.left + pad.right
        let paddedHeight = contentHeight + pad.top + pad.bottom
        let boxForm: BoxForm
        switch form {
        case .shape(let shape):
            var w = g.width, h = g.height
            if w == nil || h == nil {
                let natural = hasContent ? Shapes.frameSize(shape, g.shape, content: Size(paddedWidth, paddedHeight))
                                         : shape.defaultSize
                w = w ?? natural.width; h = h ?? natural.height
            }
            let frame = Rect(x: 0, y: 0, width: w!, height: h!)
            if boxes[index].side >= 0 {
                checkLabelFits(node, block: texts[Int(boxes[index].side)], area: shape.labelArea(g.shape, in: frame))
            }
            return frame
        case .box(let form):
            boxForm = form
        }
        let frame: Rect
        switch boxForm {
        case .circle:
            let radius: Double
            if let r = g.radius { radius = r }
            else if let w = g.width ?? g.height { radius = w / 2 }
            else if hasContent { radius = (paddedWidth * paddedWidth + paddedHeight * paddedHeight).squareRoot() / 2 }
            else { radius = LayoutDefaults.circleRadius }
            frame = Rect(x: 0, y: 0, width: 2 * radius, height: 2 * radius)
        case .ellipse:
            // The ellipse through the corners of the padded content, same aspect ratio: √2 × box.
            let w = g.width ?? (hasContent ? paddedWidth * 2.0.squareRoot() : LayoutDefaults.shapeSize.width)
            let h = g.height ?? (hasContent ? paddedHeight * 2.0.squareRoot() : LayoutDefaults.shapeSize.height)
            frame = Rect(x: 0, y: 0, width: w, height: h)
        case .rect:
            let w = g.width ?? (hasContent ? paddedWidth : LayoutDefaults.shapeSize.width)
            let h = g.height ?? (hasContent ? paddedHeight : LayoutDefaults.shapeSize.height)
            frame = Rect(x: 0, y: 0, width: w, height: h)
        }
        if boxes[index].side >= 0 && (g.width != nil || g.height != nil || (node.kind == .circle && g.radius != nil)) {
            // Ellipses and circles: the rectangle inscribed in them.
            let round = node.kind != .rect
            let k = round ? 1 / 2.0.squareRoot() : 1
            let area = Rect(x: frame.midX - frame.width * k / 2, y: frame.midY - frame.height * k / 2,
                            width: frame.width * k, height: frame.height * k)
            checkLabelFits(node, block: texts[Int(boxes[index].side)], area: area)
        }
        return frame
    }

    /// Warns when a shape's label is larger than the area inside its outline.
    mutating func checkLabelFits(_ node: NodeRef, block: TextBlock, area: Rect) {
        let tolerance = LayoutDefaults.overflowTolerance
        guard block.size.width > area.width + tolerance || block.size.height > area.height + tolerance else { return }
        report(.warning(.labelOverflow, at: node.span,
            "the label does not fit inside this '\(node.kind.name)': it needs \(formatPoints(block.size.width)) × \(formatPoints(block.size.height))pt, the shape has room for \(formatPoints(max(0, area.width))) × \(formatPoints(max(0, area.height)))pt"))
    }

    /// Warns when a text of fixed width or height needs more room than its box.
    mutating func checkTextFits(_ node: NodeRef, block: TextBlock, box: Size) {
        let tolerance = LayoutDefaults.overflowTolerance
        let over = max(block.size.width - box.width, block.size.height - box.height)
        guard over > tolerance else { return }
        let side = block.size.height - box.height >= block.size.width - box.width ? "at the bottom" : "at the right"
        let boxText = "\(box.width.isFinite ? formatPoints(box.width) : "any") × \(box.height.isFinite ? formatPoints(box.height) : "any")pt"
        report(.warning(.textOverflow, at: node.span,
            "this text overflows its box by \(formatPoints(over))pt \(side)",
            notes: [Diagnostic.Note("it needs \(formatPoints(block.size.width)) × \(formatPoints(block.size.height))pt, the box is \(boxText); 'overflow: shrink' reduces the size to fit, 'maxLines:' cuts it short")]))
    }

    /// The room a node gives its children, in its own coordinates: a shape's label area
    /// inside its padding, a stack's or grid's frame inside its padding, as they are placed.
    /// Nil for groups, which grow to hold their children wherever they are.
    func contentArea(_ node: NodeRef, index: Int) -> Rect? {
        let box = boxes[index]
        guard box.state == .placed else { return nil }
        switch node.kind.layoutClass {
        case .box, .shape:
            return inset(Self.labelArea(node, bounds: box.bounds), Self.shapePadding(node, index: index))
        case .container(let arrangement):
            return arrangement.contentArea(node, bounds: box.bounds)
        case .line, .path, .stroke, .text, .image, .barcode, .spacer, .connector:
            return nil
        }
    }

    /// A placed box's frame in content coordinates; a box turned by a transform of its own
    /// (not its container's) by its turned bounds, in the container's frame.
    func turnedFrame(_ box: Box, in container: Box) -> Rect {
        var frame = Rect(origin: box.bounds.origin + box.offset, size: box.bounds.size)
        if box.transform >= 0, box.transform != container.transform {
            frame = transformedBounds(frame, transforms[Int(box.transform)])
            if container.transform >= 0, let inverse = transforms[Int(container.transform)].inverted {
                frame = transformedBounds(frame, inverse)
            }
        }
        return frame
    }

    /// How far `frame` reaches past `area`, side by side (top, right, bottom, left), where it
    /// is more than the overflow tolerance: "3pt at the top"; empty when it fits.
    func overflowSides(_ frame: Rect, beyond area: Rect) -> [String] {
        let tolerance = LayoutDefaults.overflowTolerance
        let amounts = [(area.minY - frame.minY, "top"), (frame.maxX - area.maxX, "right"),
                       (frame.maxY - area.maxY, "bottom"), (area.minX - frame.minX, "left")]
        return amounts.compactMap { amount, side in amount > tolerance ? "\(formatPoints(amount))pt at the \(side)" : nil }
    }

    /// Warns when a text placed in a shape, stack or grid reaches past the room its parent
    /// has (`contentArea`), with the amount on each side. The text's own box (`width:`,
    /// `height:`) is its frame here; a text that overflows that is `checkTextFits`' warning.
    mutating func checkTextInside(_ text: NodeRef, index: Int, parent: NodeRef, parentIndex: Int, area local: Rect) {
        let box = boxes[index], parentBox = boxes[parentIndex]
        guard box.state == .placed else { return }
        let area = Rect(origin: local.origin + parentBox.offset, size: local.size)
        // A text turned by its own `rotate:` is compared by its turned bounds, in the parent's frame.
        let frame = turnedFrame(box, in: parentBox)
        let sides = overflowSides(frame, beyond: area)
        guard !sides.isEmpty else { return }
        let name = parent.kind.name
        report(.warning(.textOutsideParent, at: text.span,
            "this text overflows the '\(name)' it is in by \(sides.joined(separator: ", "))",
            notes: [Diagnostic.Note("the '\(name)' has room for \(formatPoints(max(0, area.width))) × \(formatPoints(max(0, area.height)))pt inside its padding, the text is \(formatPoints(frame.width)) × \(formatPoints(frame.height))pt; give the text a 'width:' to wrap it, 'overflow: shrink' with a box to shrink it, or make the '\(name)' larger", at: parent.span)]))
    }

    /// The frame of a placed node (or connector) in content coordinates, its rotation and
    /// scale applied; nil for what has no extent (spacers, empty groups, unplaced nodes).
    func contentFrame(index: Int) -> Rect? {
        let box = boxes[index]
        switch box.state {
        case .placed:
            if box.kind == .spacer || (box.kind == .group && box.bounds.width == 0 && box.bounds.height == 0) { return nil }
            let r = Rect(origin: box.bounds.origin + box.offset, size: box.bounds.size)
            return box.transform >= 0 ? transformedBounds(r, transforms[Int(box.transform)]) : r
        case .connector:
            guard box.side >= 0, let b = connectors[Int(box.side)].bounds else { return nil }
            return box.transform >= 0 ? transformedBounds(b, transforms[Int(box.transform)]) : b
        case .unplaced, .ignored:
            return nil
        }
    }

    /// Reports the innermost node whose frame reaches beyond
    /// `Scene.maximumCoordinate` (or is not finite), so the error points at what made it:
    /// `scale: 1e6` on a group of wide shapes, a path whose relative moves run away.
    /// Returns whether anything in this subtree was reported.
    mutating func checkCoordinateRange(_ node: NodeRef, index: Int) -> Bool {
        guard let frame = contentFrame(index: index) else { return false }
        let limit = Scene.maximumCoordinate
        func inRange(_ v: Double) -> Bool { abs(v) <= limit }
        // In the drawing's own coordinates (a page sized to its content shifts them; the page
        // size is checked on its own).
        let f = frame
        guard !(inRange(f.minX) && inRange(f.minY) && inRange(f.maxX) && inRange(f.maxY)) else { return false }
        var childIndex = index + 1
        var reportedChild = false
        node.children.withUnsafeBufferPointer { children in
            for i in children.indices {
                if checkCoordinateRange(children.baseAddress! + i, index: childIndex) { reportedChild = true }
                childIndex = Int(boxes[childIndex].next)
            }
        }
        if reportedChild { return true }
        func text(_ v: Double) -> String {
            if inRange(v) { return formatPoints(v) }
            if !v.isFinite { return v.isNaN ? "undefined" : v > 0 ? "infinity" : "-infinity" }
            return abs(v) < 1e15 ? String(Int64(v.rounded())) : "\(v)"
        }
        report(.error(.outOfRange, at: node.span,
            "this '\(node.kind.name)' reaches beyond the coordinate range of ±\(formatPoints(limit))pt: it spans x \(text(f.minX))…\(text(f.maxX)), y \(text(f.minY))…\(text(f.maxY))"))
        return true
    }

    /// Reports a page larger than `Scene.maximumPageSide`: at its `page size:` when it has one,
    /// else at the first top-level node that reaches past the limit (a page sized to its
    /// content), else at the page.
    mutating func reportPageTooLarge(_ page: PageNode, size: Size) {
        let limit = Scene.maximumPageSide
        var span = page.settings.span
        if page.settings.size == nil {
            var index = 0
            page.nodes.withUnsafeBufferPointer { nodes in
                for i in nodes.indices {
                    if let f = contentFrame(index: index), f.maxX + origin.x > limit || f.maxY + origin.y > limit {
                        span = nodes[i].span
                        break
                    }
                    index = Int(boxes[index].next)
                }
            }
        }
        report(.error(.pageTooLarge, at: span,
            "the page would be \(formatPoints(size.width)) × \(formatPoints(size.height))pt, larger than PDF allows: at most \(formatPoints(limit))pt (200in) each way",
            notes: page.settings.size == nil ? [Diagnostic.Note("a page without 'size:' is as large as its content and margin; give it a size, or move or scale the content")] : []))
    }

    /// Warns when a top-level node (or connector) reaches outside a page of fixed size.
    mutating func checkInsidePage(_ node: NodeRef, index: Int, size: Size) {
        let box = boxes[index]
        guard let f = contentFrame(index: index) else { return }
        let page = Rect(x: 0, y: 0, width: size.width, height: size.height)
        let onPage = Rect(origin: f.origin + origin - trimOrigin, size: f.size)
        // Bleeding past an edge is often meant; a node mostly (or wholly) off the page is not.
        let inside = Rect(x: max(page.minX, onPage.minX), y: max(page.minY, onPage.minY), width: 0, height: 0)
        let insideWidth = max(0, min(page.maxX, onPage.maxX) - inside.minX)
        let insideHeight = max(0, min(page.maxY, onPage.maxY) - inside.minY)
        let fully = onPage.maxX < page.minX || onPage.maxY < page.minY || onPage.minX > page.maxX || onPage.minY > page.maxY
        if !fully {
            // The share of the frame on the page; a side thinner than a point counts whole.
            let shareX = onPage.width < 1 ? 1 : insideWidth / onPage.width
            let shareY = onPage.height < 1 ? 1 : insideHeight / onPage.height
            guard shareX * shareY < 0.5 else {
                // Text cut by the page edge is never meant: say by how much.
                let over = max(page.minX - onPage.minX, onPage.maxX - page.maxX, page.minY - onPage.minY, onPage.maxY - page.maxY)
                if box.kind == .text, over > LayoutDefaults.overflowTolerance {
                    report(.warning(.textOffPage, at: node.span,
                        "this text overlaps the page edge by \(formatPoints(over))pt (the page is \(formatPoints(size.width)) × \(formatPoints(size.height))pt)"))
                }
                return
            }
        }
        report(.warning(.outsidePage, at: node.span,
            "this '\(node.kind.name)' lies \(fully ? "entirely" : "mostly") outside the page (\(formatPoints(size.width)) × \(formatPoints(size.height))pt); it spans x \(formatPoints(onPage.minX))…\(formatPoints(onPage.maxX)), y \(formatPoints(onPage.minY))…\(formatPoints(onPage.maxY))"))
    }

    /// A label of a `labels` sheet whose body reaches past its die-cut cell would print onto
    /// the neighbouring label: a warning at the body's node, once per place in the source
    /// (every label comes from the same block; the sink keeps one per id and place). Frames are compared in content coordinates,
    /// before the sheet's `scale:` (which maps cell and body alike).
    mutating func checkLabelCell(_ node: NodeRef, index: Int) {
        guard let cell = node.geometry.labelCell, node.kind == .group else { return }
        let end = Int(boxes[index].next)
        let die = index + 1
        guard die < end else { return }
        let dieBox = boxes[die]
        let cellFrame = Rect(origin: dieBox.bounds.origin + dieBox.offset, size: dieBox.bounds.size)
        let children = node.children
        var child = Int(dieBox.next)
        var position = 1
        while child < end, position < children.count {
            defer { child = Int(boxes[child].next); position += 1 }
            let box = boxes[child]
            guard box.state == .placed, box.kind != .spacer else { continue }
            // A body turned by its own `rotate:` is compared by its turned bounds.
            let frame = turnedFrame(box, in: boxes[index])
            let sides = overflowSides(frame, beyond: cellFrame)
            guard !sides.isEmpty else { continue }
            let name = children[position].kind.name
            report(.warning(.labelLargerThanCell, at: children[position].span,
                            "this '\(name)' is larger than its label: \(formatPoints(frame.width)) × \(formatPoints(frame.height))pt in a \(formatPoints(cellFrame.width)) × \(formatPoints(cellFrame.height))pt cell of '\(cell.template)' (label \(cell.index) overflows by \(sides.joined(separator: ", ")))"))
        }
    }

    /// The distance from the top of a child's frame to its first (or last) text baseline;
    /// the frame's height for children without text.
    mutating func baseline(of child: NodeRef, index: Int, last: Bool) -> Double {
        let box = boxes[index]
        func offset(_ block: TextBlock) -> Double {
            last ? block.lastBaselineOffset : block.baselineOffset
        }
        switch child.kind.layoutClass {
        case .text:
            guard box.side >= 0 else { return box.bounds.height }
            return offset(texts[Int(box.side)])
        case .box, .shape:
            guard box.side >= 0 else { return box.bounds.height }
            let block = texts[Int(box.side)]
            let area = inset(Self.labelArea(child, bounds: box.bounds), Self.shapePadding(child, index: index))
            let top = aligned(block.size, in: area, .center).y - box.bounds.minY
            return top + offset(block)
        case .line, .path, .stroke, .image, .barcode, .spacer, .connector, .container:
            return box.bounds.height
        }
    }

    /// The area a shape's label and children go in (before padding).
    static func labelArea(_ node: NodeRef, bounds: Rect) -> Rect {
        node.kind.shapeGeometry?.labelArea(node.geometry.shape, in: bounds) ?? bounds
    }

    /// The padding a shape uses to place its content.
    private static func shapePadding(_ node: NodeRef, index: Int) -> EdgeInsets {
        if let p = node.geometry.padding { return p }
        let hasContent = node.content != nil || node.children.contains(where: Self.isFlow)
        return hasContent ? EdgeInsets(all: LayoutDefaults.shapePadding) : .zero
    }

    struct GridMetrics {
        var columns: [Double]
        var rows: [Double]
        var columnSpacing: Double
        var rowSpacing: Double
        var width: Double {
            columns.reduce(0, +) + columnSpacing * Double(max(0, columns.count - 1))
        }
        var height: Double {
            rows.reduce(0, +) + rowSpacing * Double(max(0, rows.count - 1))
        }
    }

    /// Column widths and row heights of a grid: children fill rows left to right.
    mutating func gridMetrics(_ node: NodeRef, index: Int) -> GridMetrics {
        let g = node.geometry
        var flowCount = 0
        let children = node.children
        for i in children.indices where Self.isFlow(children[i]) { flowCount += 1 }
        let columnCount = max(1, g.columns ?? max(1, flowCount))
        let rowCount = (flowCount + columnCount - 1) / columnCount
        var metrics = GridMetrics(
            columns: Array(repeating: 0, count: min(columnCount, max(flowCount, 1))),
            rows: Array(repeating: 0, count: rowCount),
            columnSpacing: g.columnSpacing ?? g.spacing ?? LayoutDefaults.spacing,
            rowSpacing: g.rowSpacing ?? g.spacing ?? LayoutDefaults.spacing)
        var cell = 0
        var childIndex = index + 1
        for i in children.indices {
            let child = children[i]
            if Self.isFlow(child) {
                let b = boxes[childIndex].bounds
                let (row, column) = (cell / columnCount, cell % columnCount)
                if child.kind != .spacer || child.geometry.minLength != nil {
                    let w = child.kind == .spacer ? child.geometry.minLength! : b.width
                    let h = child.kind == .spacer ? child.geometry.minLength! : b.height
                    metrics.columns[column] = max(metrics.columns[column], w)
                    metrics.rows[row] = max(metrics.rows[row], h)
                }
                cell += 1
            }
            childIndex = Int(boxes[childIndex].next)
        }
        return metrics
    }

    /// Points of a line, arrow, polyline or polygon whose points are all plain.
    private static func plainPoints(_ node: NodeRef) -> [Point] {
        let g = node.geometry
        if let points = g.points, g.from == nil && g.to == nil {
            return points.map(\.offset)
        }
        var result: [Point] = []
        if case .point(let p)? = g.from { result.append(p.offset) } else { result.append(.zero) }
        for v in g.via { result.append(v.offset) }
        if case .point(let p)? = g.to { result.append(p.offset) }
        else if let points = g.points { result.append(contentsOf: points.map(\.offset)) }
        return result
    }

    /// The span of the string literal whose bytes are exactly the node's content, if any.
    private static func literalSpan(_ node: NodeRef) -> Span? {
        node.contentIsVerbatim ? node.contentSpan : nil
    }

    /// Parses a `path` node's data, reporting the first error inside the string.
    private mutating func parsePath(_ node: NodeRef) -> Scene.Path? {
        guard let data = node.content else { return nil }
        let (path, error) = parsePathData(data)
        if let error {
            var span = node.contentSpan ?? node.span
            var message = error.message
            if node.contentIsVerbatim, let literal = node.contentSpan {
                // Inside the literal: skip the opening quote.
                let start = literal.start + 1 + UInt32(error.offset)
                span = Span(file: literal.file, start: start, end: start + UInt32(max(1, error.length)))
            } else {
                message += " (at byte \(error.offset + 1) of the path data)"
            }
            report(.error(error.id, at: span, message))
        }
        return path
    }

    // MARK: Place

    /// Where an out-of-flow node goes: `at:` places its anchor at that point of the parent.
    /// Returns the offset for `at:` nodes and connectors (which stay in the parent's
    /// coordinates), nil for nodes in the flow.
    private mutating func outOfFlowOffset(_ node: NodeRef, index: Int, parentOffset: Point, parentTransform: Int32) -> Point? {
        if boxes[index].state == .connector { return parentOffset }
        guard let at = node.geometry.at else { return nil }
        let target = resolve(at, parentOffset: parentOffset, parentTransform: parentTransform)
        let anchor = node.kind.shapeGeometry.map { Self.shapeAnchor($0, node.geometry.shape, bounds: boxes[index].bounds, node.geometry.anchor ?? .center) }
            ?? anchorPoint(boxes[index].bounds, node.geometry.anchor ?? .center, kind: node.kind)
        return parentOffset + target - anchor
    }

    /// A point written in a parent whose own coordinates map to content coordinates by
    /// `parentOffset` then `parentTransform`; returns it in the parent's coordinates.
    mutating func resolve(_ value: PointValue, parentOffset: Point, parentTransform: Int32) -> Point {
        guard let ref = value.anchor else { return value.offset }
        guard let page = anchorOnPage(ref) else { return value.offset }
        var p = page + value.offset
        if parentTransform >= 0, let inverse = transforms[Int(parentTransform)].inverted { p = inverse.apply(p) }
        return p - parentOffset
    }

    /// The content-coordinate position of a named node's anchor, with a diagnostic when the
    /// node is unknown or not placed yet.
    mutating func anchorOnPage(_ ref: PointValue.AnchorRef) -> Point? {
        guard let target = ids[ref.nodeID] else {
            report(.error(.unknownNode, at: ref.span, "no node with id '\(ref.nodeID)' on this page"))
            return nil
        }
        switch boxes[target].state {
        case .placed:
            return pagePoint(of: target, localAnchor(target, ref.anchor))
        case .unplaced:
            report(.error(.anchorNotPlaced, at: ref.span,
                "'\(ref.nodeID)' is not placed yet here: 'at:' may refer only to nodes that come earlier in the source"))
        case .connector:
            report(.error(.anchorOnConnector, at: ref.span,
                "'\(ref.nodeID)' is a connector; its anchors cannot be used in 'at:'"))
        case .ignored:
            report(.error(.anchorNotPlaced, at: ref.span, "'\(ref.nodeID)' is never placed: its parent takes no children"))
        }
        return nil
    }

    /// A point in a node's own coordinates, in content coordinates.
    mutating func pagePoint(of index: Int, _ p: Point) -> Point {
        let box = boxes[index]
        let q = p + box.offset
        return box.transform >= 0 ? transforms[Int(box.transform)].apply(q) : q
    }

    /// The rotation/scale of a node about its center, in content coordinates, or nil.
    private static func ownTransform(_ node: NodeRef, bounds: Rect, offset: Point) -> Transform? {
        // rotate and scale live in the geometry's side box: most nodes have none.
        guard node.hasRareGeometry else { return nil }
        let g = node.geometry
        let rotation = g.rotate ?? 0
        let scale = g.scale ?? Point(1, 1)
        if rotation == 0 && scale == Point(1, 1) { return nil }
        let c = Point(bounds.midX, bounds.midY) + offset
        var t = Transform.translation(-c.x, -c.y)
        if scale != Point(1, 1) { t = t.then(.scale(scale.x, scale.y)) }
        if rotation != 0 { t = t.then(exactRotation(degrees: rotation)) }
        return t.then(.translation(c.x, c.y))
    }

    /// Places `node` (already measured at `index`) with its own coordinates shifted by `offset`.
    mutating func place(_ node: NodeRef, index: Int, offset: Point, transform parentTransform: Int32) {
        boxes[index].offset = offset
        var transform = parentTransform
        if boxes[index].state != .connector, let own = Self.ownTransform(node, bounds: boxes[index].bounds, offset: offset) {
            transforms.append(parentTransform >= 0 ? own.then(transforms[Int(parentTransform)]) : own)
            transform = Int32(transforms.count - 1)
        }
        boxes[index].transform = transform
        switch boxes[index].state {
        case .connector:
            pendingConnectors.append((index, node.pointee))
            return
        case .ignored:
            return
        case .unplaced, .placed:
            boxes[index].state = .placed
        }
        guard node.kind.takesChildren, !node.children.isEmpty else { return }

        let bounds = boxes[index].bounds
        switch node.kind.layoutClass {
        case .container(let arrangement):
            arrangement.place(&self, node, index: index, bounds: bounds, offset: offset, transform: transform)
        case .box, .shape:
            let content = inset(Self.labelArea(node, bounds: bounds), Self.shapePadding(node, index: index))
            placeAligned(node, index: index, in: content, offset: offset, transform: transform)
        case .line, .path, .stroke, .text, .image, .barcode, .spacer, .connector:
            break
        }
    }

    /// Places the flow children aligned by `align:` (default centre) in `content`, the
    /// container's own coordinates: shapes' labels areas and zstacks.
    mutating func placeAligned(_ node: NodeRef, index: Int, in content: Rect, offset: Point, transform: Int32) {
        let align = node.geometry.align ?? .center
        placeChildren(node, index: index, offset: offset, transform: transform) { engine, _, childIndex in
            let b = engine.boxes[childIndex].bounds
            return aligned(b.size, in: content, align) - b.origin
        }
    }

    /// Places each child: out-of-flow children by `at:` (or as connectors), flow children at
    /// `parentOffset + flowOffset(child)` — the closure runs for flow children only, in order.
    mutating func placeChildren(_ node: NodeRef, index: Int, offset: Point, transform: Int32,
                                        flowOffset: (inout LayoutEngine, NodeRef, Int) -> Point) {
        var childIndex = index + 1
        node.children.withUnsafeBufferPointer { children in
            for i in children.indices {
                let childOffset: Point
                if let fixed = outOfFlowOffset(children.baseAddress! + i, index: childIndex, parentOffset: offset, parentTransform: transform) {
                    childOffset = fixed
                } else {
                    childOffset = offset + flowOffset(&self, children.baseAddress! + i, childIndex)
                }
                place(children.baseAddress! + i, index: childIndex, offset: childOffset, transform: transform)
                childIndex = Int(boxes[childIndex].next)
            }
        }
    }

    // MARK: Emit

    mutating func emit(_ node: NodeRef, index: Int, into items: inout [Scene.Item]) {
        let box = boxes[index]
        switch box.state {
        case .ignored, .unplaced: return
        case .connector, .placed: break
        }
        let own = box.state == .placed ? Self.ownTransform(node, bounds: box.bounds, offset: box.offset) : nil
        let opacity = node.hasRareGeometry ? node.geometry.opacity ?? 1 : 1
        let shadows = node.hasRareGeometry ? node.geometry.shadows : []
        let blend = node.hasRareGeometry ? node.geometry.blend : .normal
        if causes.translucent == nil, opacity < 1 || blend != .normal || Self.hasTranslucentPaint(node.style) { causes.translucent = node.span }
        let outerFontCause = fontCause
        let fontsSpan = node.style.fontsSpan
        fontCause = fontsSpan.isUnknown ? node.span : fontsSpan
        defer { fontCause = outerFontCause }
        var source = Scene.SourceID.none
        let start = items.count
        if recordSources { source = recorder.enter(node, parentKind: emitParentKind) }
        if own != nil || opacity != 1 || !shadows.isEmpty || blend != .normal {
            var inner: [Scene.Item] = []
            let parentList = recordSources ? recorder.beginGroup() : 0
            emitContent(node, index: index, box: box, into: &inner)
            if recordSources { recorder.endGroup(parent: parentList, index: items.count) }
            // The transform was built in content coordinates; conjugate by the page origin.
            let transform = own.map { Transform.translation(-origin.x, -origin.y).then($0).then(.translation(origin.x, origin.y)) } ?? .identity
            var group = Scene.Group(transform: transform, opacity: max(0, min(1, opacity)), items: inner, fonts: documentFonts)
            group.shadows = shadows
            group.blend = blend
            items.append(.group(group))
        } else {
            emitContent(node, index: index, box: box, into: &items)
        }
        if recordSources { recorder.leave(source, start: start, end: items.count) }
    }

    /// Containers recurse through here (emit → emitContent → emitChildren → emit), so this
    /// frame stays small: the leaves, with their many locals, are drawn in a function of their
    /// own (`emitLeaf`). With them inline, a frame took about 30 KB in a debug build and 255
    /// nested groups (within the parser's nesting limit) overflowed the main thread's stack.
    private mutating func emitContent(_ node: NodeRef, index: Int, box: Box, into items: inout [Scene.Item]) {
        switch node.kind.layoutClass {
        case .container:
            var clip: Scene.Path?
            if node.geometry.clip {
                let o = box.offset + origin
                var sink = PathSink()
                sink.addRoundedRect(Rect(origin: box.bounds.origin + o, size: box.bounds.size), radius: 0)
                clip = sink.path
            }
            emitChildren(node, index: index, clip: clip, into: &items)
        case .box, .shape, .line, .path, .stroke, .text, .image, .barcode, .spacer, .connector:
            emitLeaf(node, index: index, box: box, into: &items)
        }
    }

    @inline(never)
    private mutating func emitLeaf(_ node: NodeRef, index: Int, box: Box, into items: inout [Scene.Item]) {
        let o = box.offset + origin
        let style = node.style
        switch node.kind.layoutClass {
        case .box(let form):
            let frame = Rect(origin: box.bounds.origin + o, size: box.bounds.size)
            let outline = PathSink.shapeOutline(ellipse: form != .rect, in: frame,
                                                radius: form == .rect ? node.geometry.corner ?? 0 : 0)
            appendPainted(outline, style, frame: frame, into: &items)
            if box.side >= 0 {
                let block = texts[Int(box.side)]
                let content = inset(box.bounds, Self.shapePadding(node, index: index))
                let side: Alignment = block.align == .left ? .leading : block.align == .right ? .trailing : .center
                let at = aligned(block.size, in: content, side) + o
                appendText(block, at: at, width: block.size.width, into: &items)
            }
            emitChildren(node, index: index, clip: node.geometry.clip ? outline : nil, into: &items)
        case .shape(let shape):
            let frame = Rect(origin: box.bounds.origin + o, size: box.bounds.size)
            let g = node.geometry
            let outline = Shapes.outline(shape, g.shape, in: frame)
            appendPainted(outline, style, frame: frame, into: &items)
            if box.side >= 0 {
                let block = texts[Int(box.side)]
                let content = inset(shape.labelArea(g.shape, in: box.bounds), Self.shapePadding(node, index: index))
                let side: Alignment = block.align == .left ? .leading : block.align == .right ? .trailing : .center
                let at = aligned(block.size, in: content, side) + o
                appendText(block, at: at, width: block.size.width, into: &items)
            }
            emitChildren(node, index: index, clip: g.clip ? Shapes.boundary(shape, g.shape, in: frame) : nil, into: &items)
        case .text:
            let block = texts[Int(box.side)]
            appendText(block, at: o, width: box.bounds.width, into: &items)
        case .line:
            if box.state == .connector {
                emitConnector(node, box: box, into: &items)
            } else {
                let path = paths[Int(box.side)]
                let points = path.points.map { $0 + o }
                let closed = node.kind == .polygon
                let ends = node.geometry.arrow ?? (node.kind == .arrow ? .end : .none)
                let stroke = Self.strokePaint(style)
                var line: Scene.Path?, heads: Scene.Path?, strokedMarks: Scene.Path?, hollowMarks: Scene.Path?
                if node.hasRareGeometry && node.geometry.smooth {
                    (line, heads) = strokedSmoothLine(points, closed: closed, ends: stroke == nil ? .none : ends, lineWidth: style.lineWidth,
                                                      tension: node.geometry.tension ?? 0)
                } else if closed || points.count < 2 {
                    (line, heads) = strokedPolyline(points, closed: closed, ends: .none, lineWidth: style.lineWidth)
                } else {
                    let link = node.hasRareGeometry ? node.geometry.link : LinkOptions()
                    let (head, tail) = Self.marks(ends, link)
                    let (path, marks) = drawLink(LinkPath(polyline: points), head: stroke == nil ? .none : head, tail: stroke == nil ? .none : tail,
                                                 size: link.arrowSize, lineWidth: style.lineWidth, cap: style.lineCap)
                    line = path
                    if !marks.filled.verbs.isEmpty { heads = marks.filled.path }
                    if !marks.stroked.verbs.isEmpty { strokedMarks = marks.stroked.path }
                    if !marks.hollow.verbs.isEmpty { hollowMarks = marks.hollow.path }
                }
                let fill = node.kind == .polyline || node.kind == .polygon ? style.fill.map { Fill(color: $0, rule: style.fillRule) } : nil
                let frame = Rect(origin: box.bounds.origin + o, size: box.bounds.size)
                if let line, fill != nil || stroke != nil {
                    // A filled polyline closes implicitly (as in SVG); the outline follows the
                    // shortened line only when heads were drawn.
                    appendPainted(line, style, fill: fill, stroke: stroke, frame: frame, into: &items)
                }
                if let heads, let stroke {
                    var headFill = Fill(color: stroke.color)
                    if let spec = style.strokePaint { headFill.gradient = gradient(spec, frame: frame) }
                    items.append(.path(heads, Paint(fill: headFill)))
                }
                if let stroke {
                    var solid = stroke
                    solid.dash = []; solid.dashOffset = 0; solid.join = .miter; solid.miterLimit = max(solid.miterLimit, 10)
                    if let strokedMarks { items.append(.path(strokedMarks, Paint(stroke: solid))) }
                    if let hollowMarks { items.append(.path(hollowMarks, Paint(fill: Fill(color: pageBackground ?? .white), stroke: solid))) }
                }
            }
        case .connector:
            emitConnector(node, box: box, into: &items)
        case .stroke:
            // Drawn on the ink grid, in whole hundredths of a point (docs/language.md,
            // "Ink precision"): an outline's computed coordinates need no more digits.
            if let item = inkItem(inkOutlines[Int(box.side)], at: o, paint: Paint(fill: Fill(color: style.color, rule: .nonZero))) {
                items.append(item)
            }
        case .path:
            let path = paths[Int(box.side)]
            if !path.isEmpty {
                let frame = Rect(origin: box.bounds.origin + o, size: box.bounds.size)
                appendPainted(Scene.Path(verbs: path.verbs, points: path.points.map { $0 + o }), style, frame: frame, into: &items)
            }
        case .image:
            if box.side >= 0 {
                var item = imageItems[Int(box.side)]
                item.rect.origin = item.rect.origin + o
                if node.geometry.fit == .cover {
                    var clip = PathSink()
                    clip.addRoundedRect(Rect(origin: box.bounds.origin + o, size: box.bounds.size), radius: 0)
                    items.append(.group(Scene.Group(clip: clip.path, items: [.image(item)], fonts: documentFonts)))
                } else {
                    items.append(.image(item))
                }
            }
        case .container:
            break  // emitContent
        case .spacer:
            break
        case .barcode:
            emitBarcode(node, box: box, origin: o, into: &items)
        }
    }

    private mutating func emitChildren(_ node: NodeRef, index: Int, clip: Scene.Path?, into items: inout [Scene.Item]) {
        guard !node.children.isEmpty else { return }
        if let clip {
            var inner: [Scene.Item] = []
            let parentList = recordSources ? recorder.beginGroup() : 0
            emitChildren(node, index: index, clip: nil, into: &inner)
            if recordSources { recorder.endGroup(parent: parentList, index: items.count) }
            items.append(.group(Scene.Group(clip: clip, items: inner, fonts: documentFonts)))
            return
        }
        var childIndex = index + 1
        let savedParentKind = emitParentKind
        emitParentKind = node.kind
        let area = checksPlacement ? contentArea(node, index: index) : nil
        node.children.withUnsafeBufferPointer { children in
            for i in children.indices {
                if let area, children[i].kind == .text {
                    checkTextInside(children.baseAddress! + i, index: childIndex, parent: node, parentIndex: index, area: area)
                }
                emit(children.baseAddress! + i, index: childIndex, into: &items)
                childIndex = Int(boxes[childIndex].next)
            }
        }
        emitParentKind = savedParentKind
    }

    /// The parent-room check of `emitChildren` for a layout that emits no items (the language
    /// server's): the same walk over the children, so both report the same warnings.
    private mutating func checkTextsInsideParents(_ node: NodeRef, index: Int) {
        guard !node.children.isEmpty else { return }
        var childIndex = index + 1
        let area = contentArea(node, index: index)
        node.children.withUnsafeBufferPointer { children in
            for i in children.indices {
                if let area, children[i].kind == .text {
                    checkTextInside(children.baseAddress! + i, index: childIndex, parent: node, parentIndex: index, area: area)
                }
                checkTextsInsideParents(children.baseAddress! + i, index: childIndex)
                childIndex = Int(boxes[childIndex].next)
            }
        }
    }

    private mutating func emitConnector(_ node: NodeRef, box: Box, into items: inout [Scene.Item]) {
        guard box.side >= 0 else { return }
        let geometry = connectors[Int(box.side)]
        // Connector geometry is in content coordinates; inside rotated ancestors, undo their
        // transform so that the enclosing groups put it back where it belongs.
        let inverse = box.transform >= 0 ? transforms[Int(box.transform)].inverted : nil
        let origin = self.origin
        func map(_ path: Scene.Path) -> Scene.Path {
            Scene.Path(verbs: path.verbs, points: path.points.map { (inverse?.apply($0) ?? $0) + origin })
        }
        let stroke = Self.strokePaint(node.style)
        if let line = geometry.line, let stroke {
            let fill = node.kind == .polygon || node.kind == .polyline ? node.style.fill.map { Fill(color: $0, rule: node.style.fillRule) } : nil
            items.append(.path(map(line), Paint(fill: fill, stroke: stroke)))
        }
        if let heads = geometry.heads, let stroke {
            items.append(.path(map(heads), Paint(fill: Fill(color: stroke.color))))
        }
        if let stroke {
            var solid = stroke
            solid.dash = []; solid.dashOffset = 0; solid.join = .miter; solid.miterLimit = max(solid.miterLimit, 10)
            if let marks = geometry.strokedHeads { items.append(.path(map(marks), Paint(stroke: solid))) }
            if let marks = geometry.hollowHeads {
                items.append(.path(map(marks), Paint(fill: Fill(color: pageBackground ?? .white), stroke: solid)))
            }
        }
        if let label = geometry.label {
            var at = geometry.labelOrigin
            if let background = geometry.labelBackground, background.alpha > 0 {
                let pad = LayoutDefaults.labelBackgroundPadding
                var sink = PathSink()
                sink.addRoundedRect(Rect(x: at.x - pad.width, y: at.y - pad.height,
                                         width: label.size.width + 2 * pad.width, height: label.size.height + 2 * pad.height), radius: 0)
                items.append(.path(map(sink.path), Paint(fill: Fill(color: background))))
            }
            if let inverse { at = inverse.apply(at) }
            appendText(label, at: at + origin, width: label.size.width, into: &items)
        }
    }

    mutating func appendText(_ block: TextBlock, at origin: Point, width: Double, into items: inout [Scene.Item]) {
        var decorations: [Scene.Item] = []
        block.forEachRun(at: origin, width: width, faces: faces, { face, run in
            var run = run
            run.font = fontID(face)
            items.append(.text(run))
        }, decoration: { rect, color in
            var sink = PathSink()
            sink.addRoundedRect(rect, radius: 0)
            decorations.append(.path(sink.path, Paint(fill: Fill(color: color))))
        })
        items.append(contentsOf: decorations)
    }

    /// The document font for a face, registered on first use.
    private mutating func fontID(_ face: Int) -> Scene.FontID {
        while fontIDs.count <= face { fontIDs.append(-1) }
        if fontIDs[face] < 0 {
            fontIDs[face] = documentFonts.count
            documentFonts.append(faces[face].resource)
            causes.fonts.append(fontCause)
        }
        return Scene.FontID(fontIDs[face])
    }

    /// A fill, stroke or text colour less than opaque (PostScript cannot show it).
    static func hasTranslucentPaint(_ style: ResolvedStyle) -> Bool {
        (style.fill.map { $0.alpha < 1 } ?? false) || (style.stroke.map { $0.alpha < 1 } ?? false) || style.color.alpha < 1
    }

    private static func strokePaint(_ style: ResolvedStyle) -> Stroke? {
        style.pathStroke
    }
}

// MARK: Geometry helpers

/// A length in points for messages: at most one fraction digit.
func formatPoints(_ x: Double) -> String { NumberFormat.string(x, precision: 1) }

/// A named point of a frame. On ellipses and circles the diagonal anchors lie on the
/// outline (as in Pikchr), not at the frame's corners.
func anchorPoint(_ r: Rect, _ anchor: Anchor, kind: NodeKind = .rect) -> Point {
    let round = kind == .ellipse || kind == .circle
    let k = round ? 0.5 - 0.5 / 2.0.squareRoot() : 0  // 45° on the ellipse, as a fraction of the size
    switch anchor {
    case .center: return Point(r.midX, r.midY)
    case .top: return Point(r.midX, r.minY)
    case .bottom: return Point(r.midX, r.maxY)
    case .left: return Point(r.minX, r.midY)
    case .right: return Point(r.maxX, r.midY)
    case .topLeft: return Point(r.minX + k * r.width, r.minY + k * r.height)
    case .topRight: return Point(r.maxX - k * r.width, r.minY + k * r.height)
    case .bottomLeft: return Point(r.minX + k * r.width, r.maxY - k * r.height)
    case .bottomRight: return Point(r.maxX - k * r.width, r.maxY - k * r.height)
    }
}

func inset(_ r: Rect, _ e: EdgeInsets) -> Rect {
    Rect(x: r.minX + e.left, y: r.minY + e.top, width: r.width - e.left - e.right, height: r.height - e.top - e.bottom)
}

/// Horizontal part of an alignment: -1 leading, 0 center, 1 trailing.
func horizontalSide(_ a: Alignment) -> Int {
    switch a {
    case .leading, .topLeading, .bottomLeading: -1
    case .trailing, .topTrailing, .bottomTrailing: 1
    default: 0
    }
}

/// Vertical part of an alignment: -1 top, 0 center, 1 bottom.
func verticalSide(_ a: Alignment) -> Int {
    switch a {
    case .top, .topLeading, .topTrailing: -1
    case .bottom, .bottomLeading, .bottomTrailing: 1
    default: 0
    }
}

func crossPosition(_ length: Double, _ start: Double, _ available: Double, _ side: Int) -> Double {
    switch side {
    case -1: start
    case 1: start + available - length
    default: start + (available - length) / 2
    }
}

/// The top-left corner of a box of `size` aligned inside `area`.
func aligned(_ size: Size, in area: Rect, _ align: Alignment) -> Point {
    Point(crossPosition(size.width, area.minX, area.width, horizontalSide(align)),
          crossPosition(size.height, area.minY, area.height, verticalSide(align)))
}

func pointBounds(_ points: [Point]) -> Rect? {
    guard let first = points.first else { return nil }
    var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
    for p in points {
        minX = min(minX, p.x); maxX = max(maxX, p.x); minY = min(minY, p.y); maxY = max(maxY, p.y)
    }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
}

func transformedBounds(_ r: Rect, _ t: Transform) -> Rect {
    pointBounds([t.apply(r.origin), t.apply(Point(r.maxX, r.minY)), t.apply(Point(r.maxX, r.maxY)), t.apply(Point(r.minX, r.maxY))])!
}

/// A rotation, clockwise on the page; quarter turns are exact (no 6e-17 residues from
/// `cos(π/2)`), so rotated rectangles stay axis-aligned to the last bit.
func exactRotation(degrees: Double) -> Transform {
    let turns = degrees / 90
    if turns == turns.rounded(), abs(turns) < 1e15 {
        let quarter = ((Int(turns) % 4) + 4) % 4
        let (c, s): (Double, Double) = [(1, 0), (0, 1), (-1, 0), (0, -1)][quarter]
        return Transform(a: c, b: s, c: -s, d: c, e: 0, f: 0)
    }
    return .rotation(degrees: degrees)
}

extension Transform {
    /// The inverse transform, or nil when singular (a zero scale).
    var inverted: Transform? {
        let det = a * d - b * c
        guard det != 0, det.isFinite else { return nil }
        let ia = d / det, ib = -b / det, ic = -c / det, id = a / det
        return Transform(a: ia, b: ib, c: ic, d: id, e: -(ia * e + ic * f), f: -(ib * e + id * f))
    }
}
